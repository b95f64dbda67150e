"""The Core Set's heroes: passive abilities (in `stat`), Actions (offered in action windows and planning
turns) and Responses. A Response with no cost whose effect only helps its controller (Glóin's resources,
Legolas' progress) is taken for the player rather than asked: nobody would decline it, and by post every
question costs a round trip."""

from __future__ import annotations

from engines.core import Card, Decision, DecisionKind, Option
from engines.lcg import hooks
from engines.lcg.effects.primitives import draw, find, peeked
from engines.lcg.effects.responses import cancel, response
from engines.lcg.scripts import (
    T,
    action,
    ask,
    core,
    follow,
    fx_args,
    modify,
    scripted,
    use,
    used,
)
from engines.lcg.state import COMMITTED, DAMAGE, EXHAUSTED, RESOURCE, LcgState, Player
from engines.lcg.table import (
    add_tokens,
    characters,
    current_stage,
    deal_damage,
    exhaust,
    immune_to_players,
    label,
    passive,
    resources,
    tokens,
)


# --- passives -------------------------------------------------------------------------------------------------
@passive("attack")
def _gimli(state: LcgState, card: Card, _stat: str) -> int:
    """Gimli: +1 attack per damage token he carries."""
    return tokens(card, DAMAGE) if core(state, card, "Gimli") else 0
scripted("Gimli", "attack bonus per damage")


@hooks.enemy_revealed.register
def enemy_revealed(turn: T, card: Card) -> None:
    """Thalin: while he is committed to the quest, every enemy the encounter deck reveals takes 1 damage."""
    state = turn.state
    if state.card_def(card).type != "enemy" or card not in state.staging.cards or immune_to_players(state, card):
        return
    for p in state.active_players():
        for thalin in [c for c in p.play.cards if core(state, c, "Thalin") and COMMITTED in c.flags]:
            deal_damage(turn, card, 1, thalin.name)


scripted("Thalin", "damage to each revealed enemy while committed")


# --- Responses ------------------------------------------------------------------------------------------------
def committed(turn: T, player: Player, chosen: list[Card]) -> None:
    """Responses after characters commit to the quest (spec 4.3 step 1: after each player's commit). Théodred
    resolves first, so a resource he gives Aragorn can pay Aragorn's response to the same commit: both respond
    to one moment, whose window stays open until neither is used."""
    state = turn.state
    aragorns = [c.uid for c in chosen if core(state, c, "Aragorn")]
    if any(core(state, c, "Théodred") for c in chosen):
        # "a hero committed to that quest": any player's, those committed before this player's batch too (found
        # playing: only this batch's were offered, and Théodred alone gave the resource to himself unasked)
        heroes = [c for p in state.active_players() for c in p.play.cards
                  if state.card_def(c).type == "hero" and COMMITTED in c.flags]
        if len(heroes) != 1:
            ask(turn, player.seat, "Théodred: choose a committed hero to gain a resource",
                [Option(id=h.uid, label=label(state, h)) for h in heroes], "theodred", *aragorns)
            return
        # settled alone (engines/core/turn.py `answered_alone`), as the other one-answer shortcuts
        turn.answered_alone(player.seat, DecisionKind.CHOOSE_ONE, [Option(id=heroes[0].uid, label=heroes[0].name)],
                            (heroes[0].uid,))
        _resource(turn, heroes[0], "Théodred")
    _offer_aragorn(turn, player.seat, aragorns)


def _offer_aragorn(turn: T, seat: str, uids: list[str]) -> None:
    for uid in uids:
        card = find(turn.state, uid)
        if card is not None and resources(card) >= 1:
            ask(turn, seat, "Aragorn: spend 1 of his resources to ready him?",
                [Option(id="ready", label="Spend 1 and ready"), Option(id="no", label="No")], "aragorn", card.uid)


def _resource(turn: T, hero: Card, source: str) -> None:
    add_tokens(hero, RESOURCE, 1)
    turn.say(f"{source}: {hero.name} gains a resource.")


@follow("theodred")
def _theodred(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    hero = find(turn.state, choice[0])
    if hero is not None:
        _resource(turn, hero, "Théodred")
    _offer_aragorn(turn, decision.seat, fx_args(decision))


@follow("aragorn")
def _aragorn(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    aragorn = find(turn.state, fx_args(decision)[0])
    if aragorn is not None and choice[0] == "ready" and resources(aragorn) >= 1:
        add_tokens(aragorn, RESOURCE, -1)
        if EXHAUSTED in aragorn.flags:
            aragorn.flags.remove(EXHAUSTED)
        turn.say("Aragorn spends a resource and readies (he stays committed).")


scripted("Théodred", "a resource for a committed hero after he commits")
scripted("Aragorn", "spend a resource to ready after he commits (the card's response)")


@hooks.damaged.register
def damaged(turn: T, card: Card, amount: int) -> None:
    """Glóin: one resource per damage point he has just taken (if he survived it)."""
    if core(turn.state, card, "Glóin") and amount > 0:
        add_tokens(card, RESOURCE, amount)
        turn.say(f"Glóin gains {amount} resource{'s' if amount > 1 else ''} from the damage.")


scripted("Glóin", "resources for damage taken")


@hooks.destroyed_by_attack.register
def enemy_destroyed(turn: T, attackers: list[Card]) -> None:
    """Legolas (2 progress) and Blade of Gondolin (1 progress) after an attack they took part in destroys
    the enemy."""
    state = turn.state
    amount = 0
    sources: list[str] = []
    for c in attackers:
        if core(state, c, "Legolas"):
            amount += 2
            sources.append(c.name)
        blades = [a.name for a in c.attached if core(state, a, "Blade of Gondolin")]
        amount += len(blades)
        sources += [f"{name} on {c.name}" for name in blades]
    if amount and current_stage(state) is not None:
        from engines.lcg.quest import place_progress

        # Progress "on the quest" meets the active location first (RR p.15; FAQ 1.00 names Legolas as the
        # example: the framework rule redirects it, no Golden Rule case). Its sources named (found playing).
        turn.say(f"{'; '.join(sources)}: {amount} progress for destroying the enemy.")
        place_progress(turn, amount)


scripted("Legolas", "2 progress on the quest after an attack he joins destroys an enemy")


def _eleanor_eligible(state: LcgState, player: Player, card: Card, revealed: Card) -> bool:
    return EXHAUSTED not in card.flags and state.card_def(revealed).type == "treachery"


@response("Eleanor", "cancel-reveal", "play", _eleanor_eligible, "exhaust her to cancel it and reveal another")
def _eleanor(turn: T, player: Player, card: Card, revealed: Card) -> None:
    """Eleanor exhausts to cancel a revealed treachery's When Revealed effect; it is discarded and the next
    encounter card is revealed in its place."""
    exhaust(card)
    cancel(turn.state, revealed, "replace")
    turn.say(f"{player.seat} exhausts Eleanor to cancel {revealed.name}; it is replaced by the next card.")


scripted("Eleanor", "response: cancel a treachery and replace it")


# --- Actions --------------------------------------------------------------------------------------------------
def _ready(card: Card) -> bool:
    return EXHAUSTED not in card.flags


@action("Éowyn", "discard a card for +1 willpower this phase",
        lambda s, p, c: bool(p.hand.cards) and not used(s, f"round:eowyn:{p.seat}"))
def _eowyn(turn: T, player: Player, card: Card) -> None:
    """Each player once per round: discard a card from hand, and Éowyn gets +1 willpower for the phase."""
    state = turn.state
    use(state, f"round:eowyn:{player.seat}")
    if len(player.hand.cards) == 1:
        _eowyn_discard(turn, player, card, player.hand.cards[0].uid)
        return
    ask(turn, player.seat, "Éowyn: choose a card to discard", [Option(id=c.uid, label=c.name)
                                                               for c in player.hand.cards],
        "eowyn", card.uid, private=True)


@follow("eowyn")
def _eowyn_chosen(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    card = find(turn.state, fx_args(decision)[0])
    if card is not None:
        _eowyn_discard(turn, turn.state.player(decision.seat), card, choice[0])


def _eowyn_discard(turn: T, player: Player, eowyn: Card, uid: str) -> None:
    discarded = player.hand.find(uid)
    if discarded is not None:
        player.hand.cards.remove(discarded)
        player.discard.cards.append(discarded)
        turn.say(f"{player.seat} discards {discarded.name}.")
    modify(turn.state, eowyn, "willpower", 1, "phase")
    turn.say("Éowyn gets +1 willpower for the rest of the phase.")


@action("Denethor", "exhaust him to look at the encounter deck's top card",
        lambda s, p, c: _ready(c) and bool(s.encounter_deck.cards))
def _denethor(turn: T, player: Player, card: Card) -> None:
    """Exhausting, Denethor looks at the encounter deck's top card and may put it on the bottom."""
    state = turn.state
    exhaust(card)
    top = state.encounter_deck.cards[-1]
    top.known_to = [player.seat]
    peeked(turn, player.seat, f"The top encounter card is {top.name}.")
    ask(turn, player.seat, f"Denethor: {top.name} is on top of the encounter deck; move it to the bottom?",
        [Option(id="bottom", label="Move it to the bottom"), Option(id="keep", label="Leave it on top")],
        "denethor", private=True)


@follow("denethor")
def _denethor_chosen(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    deck = turn.state.encounter_deck.cards
    if not deck:
        return
    if choice[0] == "bottom":
        top = deck.pop()
        top.known_to = []
        deck.insert(0, top)
        turn.say(f"{decision.seat} moves the encounter deck's top card to the bottom.")
    else:
        turn.say(f"{decision.seat} leaves the encounter deck's top card where it is.")


def _damaged(state: LcgState) -> list[Card]:
    return [c for p in state.active_players() for c in characters(p, state) if tokens(c, DAMAGE)]


@action("Glorfindel", "pay 1 of his resources to heal 1 damage",
        lambda s, p, c: resources(c) >= 1 and not used(s, f"round:{c.uid}") and bool(_damaged(s)))
def _glorfindel(turn: T, player: Player, card: Card) -> None:
    """Once per round, one of Glorfindel's resources heals a point of damage on any character."""
    state = turn.state
    use(state, f"round:{card.uid}")
    add_tokens(card, RESOURCE, -1)
    targets = _damaged(state)
    ask(turn, player.seat, "Glorfindel: heal 1 damage on which character?",
        [Option(id=c.uid, label=label(state, c)) for c in targets], "heal", "1")


@follow("heal")
def _heal(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    amount = fx_args(decision)[0]
    for uid in choice:
        target = find(turn.state, uid)
        if target is not None:
            healed = min(tokens(target, DAMAGE), 99 if amount == "all" else int(amount))
            add_tokens(target, DAMAGE, -healed)
            turn.say(f"{healed} damage is healed on {target.name}.")


@action("Beravor", "exhaust her: a player draws 2",
        lambda s, p, c: _ready(c) and not used(s, f"round:{c.uid}"))
def _beravor(turn: T, player: Player, card: Card) -> None:
    """Once per round, Beravor exhausts and a player of her controller's choice draws 2 cards."""
    state = turn.state
    use(state, f"round:{card.uid}")
    exhaust(card)
    choose_player(turn, player, "Beravor: which player draws 2 cards?", "draw", "2")


def choose_player(turn: T, player: Player, prompt: str, then: str, *args: str) -> None:
    """A player chooses a player (themself, when alone at the table)."""
    state = turn.state
    active = state.active_players()
    if len(active) == 1:
        FOLLOW_NOW[then](turn, active[0].seat, args)
        return
    ask(turn, player.seat, prompt, [Option(id=p.seat, label=p.seat) for p in active], "player-" + then, *args)


def _draw_for(turn: T, seat: str, args: tuple[str, ...] | list[str]) -> None:
    draw(turn, turn.state.player(seat), int(args[0]))


FOLLOW_NOW = {"draw": _draw_for}


@follow("player-draw")
def _player_draw(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    _draw_for(turn, choice[0], fx_args(decision))


# Dunhere's attack on the staging area is in combat (player attacks); his +1 attack is given there.
scripted("Dunhere", "may attack an enemy in the staging area alone, with +1 attack")
