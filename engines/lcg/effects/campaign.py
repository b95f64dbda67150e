"""The Core Set campaign's own cards (the Revised Core Set's campaign pack; C 12.5): Mendor and the three
campaign cards, which lose the game for the players if he leaves play; the boons Mendor's Support, Valor and
Appointed by Fate; the burdens Ungoliant's Swarm, Lingering Venom and Scarred; Journey's Valor and Scarred
handed out around its Hill Troll; Escape's prisoner named by the log, and Mendor captured with him.

What a campaign card's Resolution adds to the pool is staged by the players ('campaign earn', 'campaign note'),
as every campaign's is. Turning the prisoner's attachments face down stays by hand (see `taken_prisoner`)."""

from __future__ import annotations

from engines.core import Card, Decision, DecisionKind, Option
from engines.lcg import hooks
from engines.lcg.effects.events import check
from engines.lcg.effects.primitives import chooses, defending, draw, engaged_player, find
from engines.lcg.effects.responses import response
from engines.lcg.scripts import T, ask, core, effect, follow, fx_args, modify, scripted, use, used
from engines.lcg.state import DAMAGE, EXHAUSTED, PRISONER, LcgState, Player
from engines.lcg.table import (
    add_tokens,
    characters,
    check_destroyed,
    deal_damage,
    exhaust,
    heroes,
    label,
    lose,
    raise_threat,
    tokens,
)

MENDOR = "Mendor"
PTM_CARD, JOURNEY_CARD, ESCAPE_CARD = "Passage Through Mirkwood", "Journey Along the Anduin", "Escape from Dol Goldur"
CAMPAIGN_CARDS = (PTM_CARD, JOURNEY_CARD, ESCAPE_CARD)
SCARRED_ONCE = "campaign:scarred"  # Journey's Scarred is handed out once per game (no "round:" prefix: it stays)
MENDOR_FLIPPED = "campaign:mendor-freed"


def campaign_card(state: LcgState) -> Card | None:
    """The scripted Core campaign card beside the quest deck (the campaign setup sets it aside), if any."""
    return next((c for c in state.set_aside.cards if state.card_def(c).type == "campaign"
                 and any(core(state, c, t) for t in CAMPAIGN_CARDS)), None)


def _playing(state: LcgState, title: str) -> bool:
    card = campaign_card(state)
    return card is not None and card.name == title


def mendors(state: LcgState) -> list[Card]:
    """Mendor in play, wherever he is (the first player controls him, a prisoner or not)."""
    return [c for p in state.players for c in p.play.cards if core(state, c, MENDOR)]


# --- Mendor, and the campaign cards' loss ---------------------------------------------------------------------
@hooks.eliminated_card_left.register
def left_play(turn: T, card: Card) -> None:
    """A card left play (destroyed, discarded, returned, its player eliminated). Mendor's own text removes him
    from the game instead of a discard pile; every Core campaign card then loses the game for the players."""
    state = turn.state
    if not core(state, card, MENDOR):
        return
    for zone in state.zones():
        if card in zone.cards and zone is not state.removed:
            zone.cards.remove(card)
            state.removed.cards.append(card)
            turn.say(f"{card.name} is removed from the game.")
            break
    holder = campaign_card(state)
    if holder is not None:
        lose(turn, f"Mendor left play ({holder.name})")


def _mendor_may_answer(state: LcgState, _player: Player, card: Card, _subject: Card) -> bool:
    return PRISONER not in card.flags  # a captured Mendor lies face down: no text


@response(MENDOR, "quest-defeated", "play", _mendor_may_answer, "Mendor readies and every player draws a card")
def _mendor(turn: T, _player: Player, card: Card, _stage: Card) -> None:
    """After a quest stage is defeated: Mendor readies, then every player draws a card."""
    if EXHAUSTED in card.flags:
        card.flags.remove(EXHAUSTED)
    turn.say(f"{card.name} readies.")
    for player in turn.state.active_players():
        draw(turn, player, 1)


scripted(MENDOR, "the first player controls him; ready and draw after a stage; removed if he leaves play")
scripted(PTM_CARD, "the players lose if Mendor leaves play (Mendor is put into play at setup)")


SUPPORT_PLAYED = "round:mendors-support"  # a round mark (cleared when the round ends): the table's one copy this round


# --- Mendor's Support, Appointed by Fate, Valor (boons) ----------------------------------------------------------
@effect("Mendor's Support", "event")
def _support(turn: T, card: Card, _other: Card | None) -> None:
    """Mendor is stronger by 2 in willpower, attack and defense until the round ends."""
    state = turn.state
    targets = [m for m in mendors(state) if PRISONER not in m.flags]
    if not targets:
        turn.say(f"{card.name}: Mendor is not in play; nothing happens.")
        return
    use(state, SUPPORT_PLAYED)
    for mendor in targets:
        for name in ("willpower", "attack", "defense"):
            modify(state, mendor, name, 2, "round")
    turn.say(f"{card.name}: Mendor gets +2 willpower, attack and defense until the end of the round.")


@check("Mendor's Support")
def _support_refusal(state: LcgState, _player: Player) -> str:
    """Why Mendor's Support cannot be played now ("" if it can): one copy a round, among all the players (its
    own text sets the limit), and only while Mendor is in play and free."""
    if used(state, SUPPORT_PLAYED):
        return "Only one copy of Mendor's Support may be played each round, and one has been this round."
    if any(PRISONER not in m.flags for m in mendors(state)):
        return ""
    return "Mendor is not in play (or is a prisoner)."


@hooks.extra_resources.register
def extra_resources(state: LcgState, hero: Card) -> int:
    """Appointed by Fate: its hero collects one more resource in each resource phase."""
    return sum(1 for a in hero.attached if core(state, a, "Appointed by Fate"))


scripted("Appointed by Fate", "an extra resource for its hero each resource phase")


def _valor_ready(state: LcgState, _player: Player, card: Card, enemy: Card) -> bool:
    """Valor is ready and its hero is one of the declared attackers of `enemy`'s pending attack."""
    if EXHAUSTED in card.flags:
        return False
    host = next((c for p in state.players for c in p.play.cards if card in c.attached), None)
    pending = next((t for t in state.tasks if t.kind == "attack-resolve" and t.ref == enemy.uid), None)
    return host is not None and pending is not None and host.uid in pending.note.split(",")


@response("Valor", "attacker", "play", _valor_ready, "exhaust it: heal 1 from its hero, 1 damage to the enemy")
def _valor(turn: T, _player: Player, card: Card, enemy: Card) -> None:
    """After its hero is declared as an attacker: Valor exhausts, its hero heals 1 and the defending enemy
    takes 1 damage."""
    state = turn.state
    exhaust(card)
    host = next((c for p in state.players for c in p.play.cards if card in c.attached), None)
    if host is not None and tokens(host, DAMAGE):
        add_tokens(host, DAMAGE, -1)
        turn.say(f"Valor: {host.name} heals 1 damage.")
    deal_damage(turn, enemy, 1, "Valor")


scripted("Valor", "a response after its hero attacks: heal the hero 1, 1 damage to the enemy")


# --- Ungoliant's Swarm, Lingering Venom, Scarred (burdens) -------------------------------------------------------
@effect("Ungoliant's Swarm", "engaged")
def _swarm(turn: T, card: Card, _other: Card | None) -> None:
    """The player it engages exhausts two of their characters, of their choice."""
    player = engaged_player(turn.state, card)
    if player is not None:
        chooses(turn, player, "exhaust", card.name, 2)


@effect("Ungoliant's Swarm", "shadow")
def _swarm_shadow(turn: T, card: Card, enemy: Card | None) -> None:
    """As a shadow card it comes into play itself, engaged with the defending player. Our reading: that is an
    engagement, so its own engagement effect follows (FAQ 1.49 treats every way of engaging as one event)."""
    from engines.lcg.effects import fire

    assert enemy is not None
    player, _defender = defending(turn.state, enemy)
    if player is None or card not in enemy.attached:
        return
    enemy.attached.remove(card)
    card.flags, card.back, card.face_up = [], "", True
    player.engaged.cards.append(card)
    turn.say(f"{card.name} comes into play engaged with {player.seat}.")
    fire(turn, "engaged", card)


def _damaged(state: LcgState, player: Player) -> list[Card]:
    return [c for c in characters(player, state) if tokens(c, DAMAGE)]


def _exhaust_damaged(turn: T, player: Player, source: str) -> None:
    tired = [c for c in _damaged(turn.state, player) if EXHAUSTED not in c.flags]
    for c in tired:
        exhaust(c)
    turn.say(f"{source}: {player.seat} exhausts each damaged character"
             + (f" ({', '.join(c.name for c in tired)})." if tired else " (none is ready)."))


@effect("Lingering Venom", "when_revealed")
def _venom(turn: T, card: Card, _other: Card | None) -> None:
    """Each player picks one: exhaust all their damaged characters, or 2 damage to their most damaged hero."""
    for player in turn.state.active_players():
        ask(turn, player.seat, f"{card.name}: exhaust all your damaged characters, or put 2 damage on your "
            "most damaged hero?",
            [Option(id="exhaust", label="Exhaust each damaged character"),
             Option(id="damage", label="2 damage to your most damaged hero")], "venom", card.name)


@follow("venom")
def _venom_chosen(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    state = turn.state
    source = fx_args(decision)[0]
    player = state.player(decision.seat)
    if choice[0] == "exhaust":
        _exhaust_damaged(turn, player, source)
        return
    own = [h for h in heroes(player, state) if PRISONER not in h.flags]
    if not own:
        return
    most = max(tokens(h, DAMAGE) for h in own)
    top = [h for h in own if tokens(h, DAMAGE) == most]
    if len(top) == 1:
        deal_damage(turn, top[0], 2, source)
        return
    ask(turn, player.seat, f"{source}: which of your most damaged heroes takes 2 damage?",
        [Option(id=h.uid, label=label(state, h)) for h in top], "damage", "2", source)


@effect("Lingering Venom", "shadow")
def _venom_shadow(turn: T, card: Card, enemy: Card | None) -> None:
    """The defending player exhausts each damaged character they control."""
    assert enemy is not None
    player, _defender = defending(turn.state, enemy)
    if player is not None:
        _exhaust_damaged(turn, player, card.name)


def destroyed(turn: T, card: Card, controller: Player) -> None:
    """A character was destroyed: each Scarred on a hero of its controller raises that player's threat by 1."""
    state = turn.state
    scars = [a for h in heroes(controller, state) for a in h.attached if core(state, a, "Scarred")]
    for _scar in scars:
        raise_threat(turn, controller, 1)
        turn.say(f"Scarred: {card.name} was destroyed, so {controller.seat} raises their threat by 1.")


scripted("Scarred", "its player's threat rises by 1 when a character they control is destroyed")


# --- Journey Along the Anduin: Valor and Scarred around the Hill Troll --------------------------------------------
def _set_aside(state: LcgState, title: str) -> list[Card]:
    return [c for c in state.set_aside.cards if core(state, c, title)]


@hooks.enemy_defeated.register
def hill_troll_defeated(turn: T, enemy: Card) -> None:
    """Once the Troll falls, every player may put a set-aside Valor on one of their heroes (a hero without
    one: limit 1 per hero)."""
    state = turn.state
    if not _playing(state, JOURNEY_CARD) or not core(state, enemy, "Hill Troll"):
        return
    for player in state.active_players():
        _offer(turn, player, "Valor", optional=True)


@hooks.enemy_hit.register
def hill_troll_damage(turn: T, enemy: Card, hit: Card) -> None:
    """After a Hill Troll's attack destroys a character: each player attaches a set-aside Scarred to a hero of
    theirs, once per game."""
    state = turn.state
    if not _playing(state, JOURNEY_CARD) or not core(state, enemy, "Hill Troll") or used(state, SCARRED_ONCE):
        return
    if any(hit in p.play.cards for p in state.players):
        return  # it survived
    use(state, SCARRED_ONCE)
    turn.say(f"The Hill Troll killed {hit.name}: every player must put a Scarred on one of their heroes "
             f"({JOURNEY_CARD}).")
    for player in state.active_players():
        _offer(turn, player, "Scarred", optional=False)


def _offer(turn: T, player: Player, title: str, optional: bool) -> None:
    state = turn.state
    if not _set_aside(state, title):
        turn.say(f"No {title} is left set aside for {player.seat}.")
        return
    hosts = [h for h in heroes(player, state) if not any(core(state, a, title) for a in h.attached)]
    if not hosts:
        return
    if len(hosts) == 1 and not optional:
        _attach(turn, player, title, hosts[0])
        return
    options = [Option(id=h.uid, label=label(state, h)) for h in hosts]
    if optional:
        options.append(Option(id="pass", label=f"No {title}"))
    ask(turn, player.seat, f"{JOURNEY_CARD}: attach a set-aside {title} to which of your heroes?", options,
        "camp-attach", title, kind=DecisionKind.CHOOSE_ONE)


@follow("camp-attach")
def _attach_chosen(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    title = fx_args(decision)[0]
    hero = find(turn.state, choice[0]) if choice[0] != "pass" else None
    if hero is not None:
        _attach(turn, turn.state.player(decision.seat), title, hero)


def _attach(turn: T, player: Player, title: str, hero: Card) -> None:
    state = turn.state
    cards = _set_aside(state, title)
    if not cards:
        return
    card = cards[0]
    state.set_aside.cards.remove(card)
    if state.card_def(card).is_player_card:
        state.owners[card.uid] = player.seat
    hero.attached.append(card)
    turn.say(f"{player.seat} attaches {title} to {hero.name}.")


scripted(JOURNEY_CARD, "Valor once the Hill Troll falls, Scarred once after it kills a character; "
                       "the players lose if Mendor leaves play")


# --- Escape from Dol Goldur: the log's prisoner, and Mendor captured with him ---------------------------------------
@hooks.prisoner_choice.register
def prisoner_choice(state: LcgState, candidates: list[Card]) -> Card | None:
    """The hero the campaign log names as the prisoner, when it is among the candidates."""
    from engines.lcg.campaign.catalogue import fold

    plan = state.campaign
    if plan is None or not plan.prisoner or not _playing(state, ESCAPE_CARD):
        return None
    return next((h for h in candidates if fold(h.name) == fold(plan.prisoner)), None)


@hooks.taken_prisoner.register
def taken_prisoner(turn: T) -> None:
    """Mendor is captured with the prisoner: he stays in play, unusable (the prisoner's flag), until the first
    objective is claimed. The prisoner's attachments are meant to lie face down until the rescue; the engine has
    no face-down attachment in play, so that part is resolved by hand."""
    state = turn.state
    if not _playing(state, ESCAPE_CARD):
        return
    for mendor in mendors(state):
        if PRISONER not in mendor.flags:
            mendor.flags.append(PRISONER)
            turn.say(f"{mendor.name} is captured with the prisoner ({ESCAPE_CARD}); the prisoner's attachments "
                     "are turned face down by hand until the rescue.")


@hooks.objective_claimed.register
def objective_claimed(turn: T) -> None:
    """After the first objective is claimed, Mendor is free again, with 1 damage."""
    state = turn.state
    if not _playing(state, ESCAPE_CARD) or used(state, MENDOR_FLIPPED):
        return
    use(state, MENDOR_FLIPPED)
    for mendor in mendors(state):
        if PRISONER in mendor.flags:
            mendor.flags.remove(PRISONER)
            add_tokens(mendor, DAMAGE, 1)  # a token placed, not damage dealt: nothing answers it
            turn.say(f"{mendor.name} is freed ({ESCAPE_CARD}) with 1 damage on him.")
            check_destroyed(turn, mendor)


scripted(ESCAPE_CARD, "the log's prisoner; Mendor captured with him and freed after the first objective; "
                      "the players lose if Mendor leaves play")
