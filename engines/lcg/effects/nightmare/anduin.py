"""Journey Along the Anduin, Nightmare: the scripted cards of its encounter set (Pursuit on the Shore, A Flooded
Ford, Anduin Troll Spawn, Brown Water Rats, Gladden Marshlands) and its rules card (the encounter deck refills
at any time; Trolls take no attachments)."""

from __future__ import annotations

from engines.core import Card, Decision, Option
from engines.lcg import hooks
from engines.lcg.effects.primitives import defending, find, reveal_another
from engines.lcg.scenarios import JDTA_ALIASES
from engines.lcg.scripts import (
    ENCOUNTER_ACTIONS,
    NIGHTMARE,
    NIGHTMARE_SCRIPTED,
    Action,
    T,
    ask,
    effect,
    follow,
    fx_args,
    modify,
    nightmare,
    nightmare_mode,
)
from engines.lcg.state import PROGRESS, LcgState, Player
from engines.lcg.table import (
    DAMAGE_GUARDS,
    FROM_DISCARD,
    OUT_OF_PLAY,
    current_stage,
    deal_damage,
    enter_staging,
    heroes,
    label,
    leave_play,
)

NM = NIGHTMARE
NIGHTMARE_SCRIPTED.add("Journey Along the Anduin")  # its rules card, below


@effect("Pursuit on the Shore", "when_revealed", NM)
def _pursuit(turn: T, card: Card, _o: Card | None) -> None:
    """The toughest enemy (most hit points) in the victory display or the encounter discard pile comes back
    to the staging area; with none, the card surges. It cannot be cancelled."""
    state = turn.state
    pool = [c for z in (state.victory, state.encounter_discard) for c in z.cards
            if state.card_def(c).type == "enemy"]
    if not pool:
        turn.say(f"{card.name} gains surge: another card is revealed.")
        reveal_another(state)
        return
    top = max(pool, key=lambda c: state.card_def(c).hit_points)
    source = FROM_DISCARD if top in state.encounter_discard.cards else OUT_OF_PLAY  # the display is out of play
    for zone in (state.victory, state.encounter_discard):
        if top in zone.cards:
            zone.cards.remove(top)
    enter_staging(turn, top, source)
    turn.say(f"Pursuit on the Shore: {top.name} comes back to the staging area.")


@hooks.extra_doomed.register
def extra_doomed(state: LcgState) -> int:
    """A Flooded Ford: each card revealed gains Doomed X, X its progress tokens (every Ford in play)."""
    from engines.lcg.playing import in_play

    return sum(c.tokens.get(PROGRESS, 0) for c in in_play(state) if nightmare(state, c, "A Flooded Ford"))


@effect("A Flooded Ford", "shadow", NM)
def _ford_shadow(turn: T, card: Card, enemy: Card | None) -> None:
    """Undefended, the Ford itself goes to the staging area with a progress token on it."""
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


# --- Brown Water Rats and Gladden Marshlands ----------------------------------------------------------------------
def _undamageable(state: LcgState, card: Card) -> str:
    if nightmare(state, card, "Brown Water Rats"):
        return "Brown Water Rats cannot be damaged"
    if f"round:undamageable:{card.uid}" in state.marks:
        return "a Brown Water Rats shadow protects it this round"
    return ""


DAMAGE_GUARDS.append(_undamageable)


@effect("Brown Water Rats", "shadow", NM)
def _rats_shadow(turn: T, card: Card, enemy: Card | None) -> None:
    """The attacking enemy cannot be damaged for the rest of the round."""
    assert enemy is not None
    turn.state.marks.append(f"round:undamageable:{enemy.uid}")
    turn.say(f"{enemy.name} cannot be damaged for the rest of the round.")


@hooks.before_victory_check.register
def rats_leave(turn: T) -> None:
    """Brown Water Rats leave play on stage 3 once every enemy left is a printed Rat."""
    state = turn.state
    stage = current_stage(state)
    if stage is None or state.card_def(stage).stage != 3 or state.scenario not in JDTA_ALIASES:
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


def _marshlands_usable(state: LcgState, player: Player, card: Card) -> bool:
    return bool(heroes(player, state))


def _marshlands(turn: T, player: Player, card: Card) -> None:
    """Any player may wound a hero of theirs to lower the Marshlands' threat by 1 for the phase."""
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


ENCOUNTER_ACTIONS["Gladden Marshlands"] = Action("Gladden Marshlands", _marshlands_usable, _marshlands,
                                                 "wound a hero of yours: -1 threat this phase")


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


# --- the rules card (beside the quest deck in Nightmare mode) ---------------------------------------------------
@hooks.refill_encounter_deck.register
def refill(turn: T) -> bool:
    """An empty encounter deck is refilled from its discard pile at any time, not only in the quest phase.
    True if it was."""
    state = turn.state
    if state.encounter_deck.cards or not state.encounter_discard.cards or not nightmare_mode(state, *JDTA_ALIASES):
        return False
    state.encounter_deck.cards, state.encounter_discard.cards = state.encounter_discard.cards, []
    state.rng.shuffle(state.encounter_deck.cards)
    turn.say("The encounter deck is empty: its discard pile is shuffled into a new one (Nightmare).")
    return True


@hooks.no_attachments.register
def no_attachments(state: LcgState, card: Card) -> bool:
    """Troll enemies cannot have attachments."""
    return nightmare_mode(state, *JDTA_ALIASES) and \
        "Troll" in state.card_def(card).traits and state.card_def(card).type == "enemy"
