"""The Core Set Nightmare pack's encounter cards that are scripted so far (each one whole: all its text and
its shadow effect; the others are still resolved by hand and listed so by the coverage report). Their titles
repeat Core Set titles with other words, so they register under the Nightmare pack (scripts.NIGHTMARE)."""

from __future__ import annotations

from engines.core import Card, Decision, Option
from engines.lcg import hooks
from engines.lcg.effects.primitives import defending, engaged_player, find
from engines.lcg.scripts import (
    NIGHTMARE,
    NIGHTMARE_SCRIPTED,
    T,
    ask,
    effect,
    follow,
    fx_args,
    modify,
    nightmare,
)
from engines.lcg.state import COMMITTED, EXHAUSTED, LcgState, Modifier, Player
from engines.lcg.table import (
    FROM_DISCARD,
    FROM_PLAY,
    OUT_OF_PLAY,
    STAGING_ARRIVALS,
    characters,
    deal_damage,
    enter_staging,
    exhaust,
    label,
    passive,
    raise_threat,
    stat,
)

NM = NIGHTMARE
UNCANCELLABLE = ("Sentinel of Shadow", "Pursuit on the Shore")  # its own words forbid cancelling it


# --- Passage Through Mirkwood, Nightmare --------------------------------------------------------------------------
@effect("Ungoliant's Spawn", "when_revealed", NM)
def _spawn(turn: T, card: Card, _o: Card | None) -> None:
    """Committed characters get -2 willpower for the phase; any left with no willpower is discarded (checked
    when it is revealed)."""
    from engines.lcg.effects.primitives import discard_from_play

    state = turn.state
    committed = [c for p in state.active_players() for c in characters(p, state) if COMMITTED in c.flags]
    for c in committed:
        modify(state, c, "willpower", -2, "phase")
    for c in committed:
        if stat(state, c, "willpower") == 0:
            discard_from_play(turn, c)
            turn.say(f"{c.name} has no willpower left and is discarded.")


@effect("Ungoliant's Spawn", "shadow", NM)
def _spawn_shadow(turn: T, card: Card, enemy: Card | None) -> None:
    """The defending player's threat rises by 5, by 10 if undefended."""
    assert enemy is not None
    player, defender = defending(turn.state, enemy)
    if player is not None:
        raise_threat(turn, player, 5 if defender else 10)
        turn.say(f"{player.seat} raises their threat by {5 if defender else 10}.")


@effect("Ungoliant's Brood", "engaged", NM)
def _brood(turn: T, card: Card, _o: Card | None) -> None:
    """Once it engages a player, none of that player's cards ready again this round."""
    player = engaged_player(turn.state, card)
    if player is not None:
        turn.state.marks.append(f"round:no-ready:{player.seat}")
        turn.say(f"{player.seat}'s cards cannot ready for the rest of the round.")


@effect("Ungoliant's Brood", "shadow", NM)
def _brood_shadow(turn: T, card: Card, enemy: Card | None) -> None:
    """Undefended, every character of the defending player exhausts."""
    assert enemy is not None
    player, defender = defending(turn.state, enemy)
    if player is not None and defender is None:
        for c in characters(player, turn.state):
            exhaust(c)
        turn.say(f"Every character of {player.seat} exhausts.")


@hooks.cannot_ready.register
def cannot_ready(state: LcgState, player: Player) -> bool:
    return f"round:no-ready:{player.seat}" in state.marks


@effect("Forest Flies", "engaged", NM)
def _flies(turn: T, card: Card, _o: Card | None) -> None:
    """Once they engage a player, each exhausted character of that player takes 1 damage."""
    player = engaged_player(turn.state, card)
    if player is not None:
        for c in [c for c in characters(player, turn.state) if EXHAUSTED in c.flags]:
            deal_damage(turn, c, 1, card.name)


@effect("Forest Flies", "shadow", NM)
def _flies_shadow(turn: T, card: Card, enemy: Card | None) -> None:
    """An Insect attacker is dealt 2 more shadow cards (turned and resolved in turn)."""
    from engines.lcg.combat import deal_shadow

    assert enemy is not None
    if "Insect" in turn.state.card_def(enemy).traits:
        for _ in range(2):
            deal_shadow(turn, enemy)
        turn.say(f"{enemy.name} is dealt 2 more shadow cards.")


@passive("attack")
def _spiders_attack(state: LcgState, card: Card, _name: str) -> int:
    """Spiders of Mirkwood: +1 attack per exhausted character of the player it is engaged with."""
    if not nightmare(state, card, "Spiders of Mirkwood"):
        return 0
    player = next((p for p in state.players if card in p.engaged.cards), None)
    return sum(1 for c in characters(player, state) if EXHAUSTED in c.flags) if player is not None else 0


@effect("Spiders of Mirkwood", "shadow", NM)
def _spiders_shadow(turn: T, card: Card, enemy: Card | None) -> None:
    """The defending player exhausts a character of their choice; undefended, it also takes 2 damage."""
    assert enemy is not None
    state = turn.state
    player, defender = defending(state, enemy)
    if player is None:
        return
    ready = [c for c in characters(player, state) if EXHAUSTED not in c.flags]
    if ready:
        ask(turn, player.seat, f"{card.name}: exhaust which of your characters?",
            [Option(id=c.uid, label=label(state, c)) for c in ready], "nm-spiders", "1" if defender is None else "0")


@follow("nm-spiders")
def _spiders_chosen(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    target = find(turn.state, choice[0])
    if target is not None:
        exhaust(target)
        if fx_args(decision)[0] == "1":
            deal_damage(turn, target, 2, "Spiders of Mirkwood")


@effect("Backtrack!", "when_revealed", NM)
def _backtrack(turn: T, card: Card, _o: Card | None) -> None:
    """The enemy or location nearest the top of the encounter discard pile comes back to the staging area."""
    state = turn.state
    back = next((c for c in reversed(state.encounter_discard.cards)
                 if state.card_def(c).type in ("enemy", "location")), None)
    if back is not None:
        state.encounter_discard.cards.remove(back)
        enter_staging(turn, back, FROM_DISCARD)
        turn.say(f"{back.name} comes back to the staging area from the encounter discard pile.")


@effect("Backtrack!", "shadow", NM)
def _backtrack_shadow(turn: T, card: Card, enemy: Card | None) -> None:
    """The shadow effect nearest the top of the encounter discard pile resolves again for this attack."""
    from engines.lcg import effects

    assert enemy is not None
    state = turn.state
    again = next((c for c in reversed(state.encounter_discard.cards)
                  if state.card_def(c).has_shadow and c is not card), None)
    if again is not None:
        turn.say(f"Backtrack!: {again.name}'s shadow effect resolves for this attack.")
        effects.shadow(turn, enemy, again)


# --- Escape from Dol Guldur, Nightmare ---------------------------------------------------------------------------
@effect("Crazed Captive", "defeated", NM)
def _captive(turn: T, card: Card, _o: Card | None) -> None:
    """Defeating it costs every player 7 threat."""
    for p in turn.state.active_players():
        raise_threat(turn, p, 7)
    turn.say("Crazed Captive is defeated: each player raises their threat by 7.")


@effect("Crazed Captive", "shadow", NM)
def _captive_shadow(turn: T, card: Card, enemy: Card | None) -> None:
    """If the attacker still lives when this phase ends, the defending player's threat then rises by 7."""
    assert enemy is not None
    player, _d = defending(turn.state, enemy)
    if player is not None:
        turn.state.marks.append(f"captive:{enemy.uid}:{player.seat}:{turn.state.phase}")


def phase_ends(turn: T, phase: str) -> None:
    state = turn.state
    for mark in [m for m in state.marks if m.startswith("captive:") and m.endswith(f":{phase}")]:
        state.marks.remove(mark)
        _kind, enemy_uid, seat, _phase = mark.split(":")
        alive = any(c.uid == enemy_uid for p in state.players for c in p.engaged.cards) or \
            any(c.uid == enemy_uid for c in state.staging.cards)
        if alive:
            raise_threat(turn, state.player(seat), 7)
            turn.say(f"Crazed Captive's shadow: the attacker lives, so {seat} raises their threat by 7.")


def _unclaimed_objectives(state: LcgState) -> int:
    return sum(1 for c in state.staging.cards if state.card_def(c).type == "objective")


@hooks.gains_surge.register
def gains_surge(state: LcgState, card: Card) -> bool:
    """Spider of Dol Guldur surges while an unclaimed objective is in play; Anduin Troll Spawn without a Hill
    Troll in play."""
    return (nightmare(state, card, "Spider of Dol Guldur") and _unclaimed_objectives(state) > 0) or \
        troll_spawn_surges(state, card)


@effect("Spider of Dol Guldur", "shadow", NM)
def _spider_dg_shadow(turn: T, card: Card, enemy: Card | None) -> None:
    """The attacker gets +3 attack per unclaimed objective on the table."""
    assert enemy is not None
    bonus = 3 * _unclaimed_objectives(turn.state)
    if bonus:
        modify(turn.state, enemy, "attack", bonus, "attack")
        turn.say(f"{enemy.name} gets +{bonus} attack for this attack.")


@effect("Sentinel of Shadow", "when_revealed", NM)
def _sentinel(turn: T, card: Card, _o: Card | None) -> None:
    """The staging area's threat rises by twice the number of players this phase; a failed quest this phase
    makes the Nazgûl of Dol Guldur come and engage the first player."""
    state = turn.state
    amount = 2 * len(state.active_players())
    state.modifiers.append(Modifier(uid="staging", stat="threat", amount=amount, until="phase"))
    state.marks.append("phase:sentinel-of-shadow")
    turn.say(f"Sentinel of Shadow: the staging area has +{amount} threat this phase.")


@hooks.quest_failed.register
def quest_failed(turn: T) -> None:
    state = turn.state
    if "phase:sentinel-of-shadow" not in state.marks:
        return
    state.marks.remove("phase:sentinel-of-shadow")
    nazgul = next((c for c in [*state.set_aside.cards, *state.encounter_deck.cards, *state.encounter_discard.cards,
                               *state.victory.cards] if c.name == "Nazgûl of Dol Guldur"), None)
    if nazgul is None:
        return
    for zone in (state.set_aside, state.encounter_deck, state.encounter_discard, state.victory):
        if nazgul in zone.cards:
            zone.cards.remove(nazgul)
    nazgul.face_up = True
    first = state.player(state.first_seat)
    first.engaged.cards.append(nazgul)
    turn.say(f"The quest failed under the Sentinel of Shadow: the Nazgûl of Dol Guldur engages {first.seat}.")


# --- more of Passage Through Mirkwood and Journey Along the Anduin, Nightmare ------------------------------------
def _surge(turn: T, card: Card) -> None:
    from engines.lcg.flow import push
    from engines.lcg.state import Task

    turn.say(f"{card.name} gains surge: another card is revealed.")
    push(turn.state, Task(kind="reveal", note="staging" if turn.state.phase == "quest" else "setup"))


@effect("Pursuit on the Shore", "when_revealed", NM)
def _pursuit(turn: T, card: Card, _o: Card | None) -> None:
    """The toughest enemy (most hit points) in the victory display or the encounter discard pile comes back
    to the staging area; with none, the card surges. It cannot be cancelled."""
    state = turn.state
    pool = [c for z in (state.victory, state.encounter_discard) for c in z.cards
            if state.card_def(c).type == "enemy"]
    if not pool:
        _surge(turn, card)
        return
    top = max(pool, key=lambda c: state.card_def(c).hit_points)
    source = FROM_DISCARD if top in state.encounter_discard.cards else OUT_OF_PLAY  # the display is out of play
    for zone in (state.victory, state.encounter_discard):
        if top in zone.cards:
            zone.cards.remove(top)
    enter_staging(turn, top, source)
    turn.say(f"Pursuit on the Shore: {top.name} comes back to the staging area.")


@effect("Dark Interrogation", "when_revealed", NM)
def _interrogation(turn: T, card: Card, _o: Card | None) -> None:
    """Each player keeps only 2 cards in hand (discarding the rest, their choice); a player holding 2 or
    fewer reveals an encounter card instead."""
    from engines.core import DecisionKind
    from engines.lcg.flow import push
    from engines.lcg.state import Task

    state = turn.state
    for p in state.active_players():
        extra = len(p.hand.cards) - 2
        if extra <= 0:
            push(state, Task(kind="reveal", note="staging" if state.phase == "quest" else "setup"))
            turn.say(f"{p.seat} holds 2 cards or fewer: an encounter card is revealed instead.")
            continue
        ask(turn, p.seat, f"Dark Interrogation: discard {extra} card{'s' if extra > 1 else ''}, keeping 2",
            [Option(id=c.uid, label=c.name) for c in p.hand.cards], "nm-interrogation",
            kind=DecisionKind.CHOOSE_MANY, low=extra, high=extra, private=True)


@follow("nm-interrogation")
def _interrogation_chosen(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    player = turn.state.player(decision.seat)
    for uid in choice:
        c = player.hand.find(uid)
        if c is not None:
            player.hand.cards.remove(c)
            player.discard.cards.append(c)
    turn.say(f"{player.seat} discards {len(choice)} card{'s' if len(choice) != 1 else ''} from hand.")


@effect("Dark Interrogation", "shadow", NM)
def _interrogation_shadow(turn: T, card: Card, enemy: Card | None) -> None:
    """Every card the defending player controls with a copy of itself in their discard pile is discarded
    (undefended: every player's)."""
    from engines.lcg.effects.primitives import discard_from_play

    assert enemy is not None
    state = turn.state
    player, defender = defending(state, enemy)
    if player is None:
        return
    for p in state.active_players() if defender is None else [player]:
        gone = {c.name for c in p.discard.cards}
        doomed = [a for h in p.play.cards for a in [h, *h.attached]
                  if a.name in gone and state.card_def(a).is_player_card]
        for c in doomed:
            discard_from_play(turn, c)
            turn.say(f"Dark Interrogation: {c.name} is discarded.")


def spider_entered(turn: T, enemy: Card, source: str) -> None:
    """Glade of the Spawn, while active: a Spider enemy entering play makes each player exhaust a character.
    Any arrival in the staging area from out of play is entering play (revealed, searched for, or returned
    from the discard pile by Backtrack!: FAQ 1.35); an engaged Spider sent back there was in play already."""
    from engines.lcg.effects.primitives import each_chooses

    state = turn.state
    if source != FROM_PLAY and "Spider" in state.card_def(enemy).traits and state.card_def(enemy).type == "enemy" \
            and any(nightmare(state, c, "Glade of the Spawn") for c in state.active.cards):
        each_chooses(turn, state.active_players(), "exhaust", "Glade of the Spawn")


STAGING_ARRIVALS.append(spider_entered)


@effect("Glade of the Spawn", "travelled", NM)
def _glade(turn: T, card: Card, _o: Card | None) -> None:
    """(Its rule applies while it is the active location: see spider_entered.)"""


@hooks.extra_doomed.register
def extra_doomed(state: LcgState) -> int:
    """A Flooded Ford: each card revealed gains Doomed X, X its progress tokens (every Ford in play)."""
    from engines.lcg.playing import in_play
    from engines.lcg.state import PROGRESS

    return sum(c.tokens.get(PROGRESS, 0) for c in in_play(state) if nightmare(state, c, "A Flooded Ford"))


@effect("A Flooded Ford", "shadow", NM)
def _ford_shadow(turn: T, card: Card, enemy: Card | None) -> None:
    """Undefended, the Ford itself goes to the staging area with a progress token on it."""
    from engines.lcg.state import PROGRESS

    assert enemy is not None
    _p, defender = defending(turn.state, enemy)
    if defender is None and card in enemy.attached:
        enemy.attached.remove(card)
        card.flags, card.back, card.face_up = [], "", True
        card.tokens[PROGRESS] = 1
        enter_staging(turn, card, OUT_OF_PLAY)  # a shadow card is out of play
        turn.say("A Flooded Ford goes to the staging area with 1 progress on it.")


def troll_spawn_surges(state: LcgState, card: Card) -> bool:
    """Anduin Troll Spawn surges when no Hill Troll is in play."""
    from engines.lcg.playing import in_play

    return nightmare(state, card, "Anduin Troll Spawn") and not any(c.name == "Hill Troll" for c in in_play(state))


@hooks.combat_begins.register
def combat_begins(turn: T) -> None:
    """Anduin Troll Spawn: as combat begins, it moves to the first player (in turn order) who has a Hill Troll
    engaged with them."""
    state = turn.state
    trolled = [p for p in state.active_players() if any(e.name == "Hill Troll" for e in p.engaged.cards)]
    if not trolled:
        return
    for spawn in [c for z in (state.staging, *(p.engaged for p in state.players)) for c in z.cards
                  if nightmare(state, c, "Anduin Troll Spawn")]:
        for zone in (state.staging, *(p.engaged for p in state.players)):
            if spawn in zone.cards:
                zone.cards.remove(spawn)
        trolled[0].engaged.cards.append(spawn)
        turn.say(f"Anduin Troll Spawn engages {trolled[0].seat}.")


@effect("Anduin Troll Spawn", "combat_end", NM)
def _troll_spawn(turn: T, card: Card, _o: Card | None) -> None:
    """(Its rules apply when it is revealed and as combat begins: see troll_spawn_surges, combat_begins.)"""


# --- the Nightmare rules cards (beside the quest deck in Nightmare mode) ----------------------------------------
def mode(state: LcgState, scenario: str) -> bool:
    return state.difficulty == "nightmare" and state.scenario in scenario.split("|")


@hooks.nightmare_setup.register
def setup(turn: T) -> None:
    """Passage Through Mirkwood, Nightmare: during setup each player reveals an encounter card into the
    staging area."""
    from engines.lcg.flow import push
    from engines.lcg.state import Task

    if mode(turn.state, "passage-through-mirkwood"):
        push(turn.state, *[Task(kind="reveal", note="setup") for _ in turn.state.active_players()])


@hooks.prisoners.register
def prisoners(state: LcgState) -> int:
    """Escape from Dol Guldur, Nightmare: how many heroes are taken prisoner (by the number of players)."""
    if not mode(state, "escape-from-dol-guldur"):
        return 1
    return {1: 1, 2: 1, 3: 2}.get(len(state.active_players()), 3)


@hooks.refill_encounter_deck.register
def refill(turn: T) -> bool:
    """Journey Along the Anduin, Nightmare: an empty encounter deck is refilled from its discard pile at any
    time, not only in the quest phase. True if it was."""
    state = turn.state
    if state.encounter_deck.cards or not state.encounter_discard.cards or \
            not mode(state, "journey-down-the-anduin|journey-along-the-anduin"):
        return False
    state.encounter_deck.cards, state.encounter_discard.cards = state.encounter_discard.cards, []
    state.rng.shuffle(state.encounter_deck.cards)
    turn.say("The encounter deck is empty: its discard pile is shuffled into a new one (Nightmare).")
    return True


@hooks.no_attachments.register
def no_attachments(state: LcgState, card: Card) -> bool:
    """Journey Along the Anduin, Nightmare: Troll enemies cannot have attachments."""
    return mode(state, "journey-down-the-anduin|journey-along-the-anduin") and \
        "Troll" in state.card_def(card).traits and state.card_def(card).type == "enemy"


NIGHTMARE_SCRIPTED.update({"Passage Through Mirkwood", "Journey Along the Anduin", "Escape from Dol Guldur"})


# --- Escape from Dol Guldur, Nightmare: resource tokens on Dol Guldur locations ---------------------------------
def _dol_guldur_locations(state: LcgState, staged_only: bool = False) -> list[Card]:
    zones = [state.staging] if staged_only else [state.staging, state.active]
    return [c for z in zones for c in z.cards
            if state.card_def(c).type == "location" and "Dol Guldur" in state.card_def(c).traits]


def _feed(turn: T, source: str) -> None:
    from engines.lcg.state import RESOURCE
    from engines.lcg.table import add_tokens

    for c in _dol_guldur_locations(turn.state):
        add_tokens(c, RESOURCE, 1)
    turn.say(f"{source}: each Dol Guldur location in play gains a resource token.")
    _chambers(turn)


def _chambers(turn: T) -> None:
    """Torture Chamber: 4 resource tokens on it, and the prisoners are dead: the players lose."""
    from engines.lcg.state import RESOURCE
    from engines.lcg.table import lose

    state = turn.state
    if any(nightmare(state, c, "Torture Chamber") and c.tokens.get(RESOURCE, 0) >= 4
           for c in _dol_guldur_locations(state)):
        lose(turn, "the prisoners died in the Torture Chamber")


@effect("Catacomb Inspection", "when_revealed", NM)
def _catacomb(turn: T, card: Card, _o: Card | None) -> None:
    """Each Dol Guldur location in play gains a resource token (the card surges, by its keyword)."""
    _feed(turn, card.name)


@effect("Catacomb Inspection", "shadow", NM)
def _catacomb_shadow(turn: T, card: Card, enemy: Card | None) -> None:
    """For each staged Dol Guldur location, each of the defending player's heroes moves a
    resource token from its pool onto it (Torture Chamber's count is then checked)."""
    from engines.lcg.state import RESOURCE
    from engines.lcg.table import add_tokens, heroes, resources

    assert enemy is not None
    state = turn.state
    player, _d = defending(state, enemy)
    if player is None:
        return
    for location in _dol_guldur_locations(state, staged_only=True):
        for hero in heroes(player, state):
            if resources(hero):
                add_tokens(hero, RESOURCE, -1)
                add_tokens(location, RESOURCE, 1)
                turn.say(f"A resource moves from {hero.name} to {location.name}.")
    _chambers(turn)


@effect("Torture Chamber", "round_end", NM)
def _chamber(turn: T, card: Card, _o: Card | None) -> None:
    """As each round ends, every Dol Guldur location in play gains a resource token; with 4 or more on the
    Chamber the prisoners are dead and the players lose."""
    _feed(turn, card.name)


@effect("Dungeon Labyrinth", "round_end", NM)
def _labyrinth(turn: T, card: Card, _o: Card | None) -> None:
    """As each round ends it gains a resource token per player; each one is +1 threat and +1 quest point."""
    from engines.lcg.state import RESOURCE
    from engines.lcg.table import add_tokens

    count = len(turn.state.active_players())
    add_tokens(card, RESOURCE, count)
    turn.say(f"Dungeon Labyrinth gains {count} resource token{'s' if count > 1 else ''}.")


@passive("threat", "quest_points")
def _labyrinth_grows(state: LcgState, card: Card, _name: str) -> int:
    from engines.lcg.state import RESOURCE

    if nightmare(state, card, "Dungeon Labyrinth"):
        return card.tokens.get(RESOURCE, 0)
    return 0


# --- Journey Along the Anduin, Nightmare: Brown Water Rats and Gladden Marshlands ---------------------------------
def _undamageable(state: LcgState, card: Card) -> str:
    if nightmare(state, card, "Brown Water Rats"):
        return "Brown Water Rats cannot be damaged"
    if f"round:undamageable:{card.uid}" in state.marks:
        return "a Brown Water Rats shadow protects it this round"
    return ""


def _register_guard() -> None:
    from engines.lcg.table import DAMAGE_GUARDS

    DAMAGE_GUARDS.append(_undamageable)


_register_guard()


@effect("Brown Water Rats", "shadow", NM)
def _rats_shadow(turn: T, card: Card, enemy: Card | None) -> None:
    """The attacking enemy cannot be damaged for the rest of the round."""
    assert enemy is not None
    turn.state.marks.append(f"round:undamageable:{enemy.uid}")
    turn.say(f"{enemy.name} cannot be damaged for the rest of the round.")


@hooks.before_victory_check.register
def rats_leave(turn: T) -> None:
    """Brown Water Rats leave play on stage 3 once every enemy left is a printed Rat."""
    from engines.lcg.table import current_stage, leave_play

    state = turn.state
    stage = current_stage(state)
    if stage is None or state.card_def(stage).stage != 3 or not mode_any(state):
        return
    zones = [state.staging, *(p.engaged for p in state.players)]
    enemies = [(z, c) for z in zones for c in z.cards if state.card_def(c).type == "enemy"]
    if enemies and all("Rat" in state.card_def(c).traits for _z, c in enemies):
        for zone, rat in enemies:
            if nightmare(state, rat, "Brown Water Rats"):
                zone.cards.remove(rat)
                leave_play(state, rat)
                state.encounter_discard.cards.append(rat)
                turn.say("Only Rats are left: Brown Water Rats are discarded.")


def mode_any(state: LcgState) -> bool:
    return state.scenario in ("journey-down-the-anduin", "journey-along-the-anduin")


def _marshlands_usable(state: LcgState, player: Player, card: Card) -> bool:
    from engines.lcg.table import heroes

    return bool(heroes(player, state))


def _marshlands(turn: T, player: Player, card: Card) -> None:
    """Any player may wound a hero of theirs to lower the Marshlands' threat by 1 for the phase."""
    from engines.lcg.table import heroes

    own = heroes(player, turn.state)
    ask(turn, player.seat, "Gladden Marshlands: which of your heroes takes 1 damage?",
        [Option(id=h.uid, label=label(turn.state, h)) for h in own], "nm-marsh", card.uid)


@follow("nm-marsh")
def _marsh_chosen(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    hero = find(turn.state, choice[0])
    marsh = find(turn.state, fx_args(decision)[0])
    if hero is None or marsh is None:
        return
    deal_damage(turn, hero, 1, "Gladden Marshlands")
    modify(turn.state, marsh, "threat", -1, "phase")
    turn.say("Gladden Marshlands has 1 less threat for the rest of the phase.")


def _register_marshlands() -> None:
    from engines.lcg.scripts import ENCOUNTER_ACTIONS, Action

    ENCOUNTER_ACTIONS["Gladden Marshlands"] = Action("Gladden Marshlands", _marshlands_usable, _marshlands,
                                                     "wound a hero of yours: -1 threat this phase")


_register_marshlands()


@effect("Gladden Marshlands", "shadow", NM)
def _marsh_shadow(turn: T, card: Card, enemy: Card | None) -> None:
    """For the rest of the phase, the defending player's enemies get +1 attack (+2 if undefended)."""
    assert enemy is not None
    player, defender = defending(turn.state, enemy)
    if player is None:
        return
    amount = 1 if defender else 2
    for e in player.engaged.cards:
        modify(turn.state, e, "attack", amount, "phase")
    turn.say(f"Each enemy engaged with {player.seat} gets +{amount} attack for the rest of the phase.")
