"""Escape from Dol Guldur, Nightmare: the scripted cards of its encounter set (Crazed Captive, Spider of Dol
Guldur, Sentinel of Shadow, Dark Interrogation, and the resource tokens that Catacomb Inspection, Torture
Chamber and Dungeon Labyrinth pile on Dol Guldur locations) and its rules card's prisoners."""

from __future__ import annotations

from engines.core import Card, Decision, DecisionKind, Option
from engines.lcg import hooks
from engines.lcg.effects.primitives import defending, discard_from_play, reveal_another
from engines.lcg.scenarios import EFDG
from engines.lcg.scripts import NIGHTMARE, NIGHTMARE_SCRIPTED, T, ask, effect, follow, modify, nightmare, nightmare_mode
from engines.lcg.state import RESOURCE, LcgState, Modifier
from engines.lcg.table import add_tokens, heroes, lose, passive, raise_threat, resources

NM = NIGHTMARE
NIGHTMARE_SCRIPTED.add("Escape from Dol Guldur")  # its rules card, below


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


def spider_surges(state: LcgState, card: Card) -> bool:
    """Spider of Dol Guldur surges while an unclaimed objective is in play."""
    return nightmare(state, card, "Spider of Dol Guldur") and _unclaimed_objectives(state) > 0


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


@effect("Dark Interrogation", "when_revealed", NM)
def _interrogation(turn: T, card: Card, _o: Card | None) -> None:
    """Each player keeps only 2 cards in hand (discarding the rest, their choice); a player holding 2 or
    fewer reveals an encounter card instead."""
    state = turn.state
    for p in state.active_players():
        extra = len(p.hand.cards) - 2
        if extra <= 0:
            reveal_another(state)
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


# --- resource tokens on Dol Guldur locations ----------------------------------------------------------------------
def _dol_guldur_locations(state: LcgState, staged_only: bool = False) -> list[Card]:
    zones = [state.staging] if staged_only else [state.staging, state.active]
    return [c for z in zones for c in z.cards
            if state.card_def(c).type == "location" and "Dol Guldur" in state.card_def(c).traits]


def _feed(turn: T, source: str) -> None:
    for c in _dol_guldur_locations(turn.state):
        add_tokens(c, RESOURCE, 1)
    turn.say(f"{source}: each Dol Guldur location in play gains a resource token.")
    _chambers(turn)


def _chambers(turn: T) -> None:
    """Torture Chamber: 4 resource tokens on it, and the prisoners are dead: the players lose."""
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
    count = len(turn.state.active_players())
    add_tokens(card, RESOURCE, count)
    turn.say(f"Dungeon Labyrinth gains {count} resource token{'s' if count > 1 else ''}.")


@passive("threat", "quest_points")
def _labyrinth_grows(state: LcgState, card: Card, _name: str) -> int:
    if nightmare(state, card, "Dungeon Labyrinth"):
        return card.tokens.get(RESOURCE, 0)
    return 0


# --- the rules card (beside the quest deck in Nightmare mode) ---------------------------------------------------
@hooks.prisoners.register
def prisoners(state: LcgState) -> int:
    """How many heroes are taken prisoner (by the number of players)."""
    if not nightmare_mode(state, EFDG):
        return 1
    return {1: 1, 2: 1, 3: 2}.get(len(state.active_players()), 3)
