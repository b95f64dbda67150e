"""Passage Through Mirkwood, Nightmare: the scripted cards of its encounter set (Ungoliant's Spawn and Brood,
Forest Flies, Spiders of Mirkwood, Backtrack!, Glade of the Spawn) and its rules card's setup."""

from __future__ import annotations

from engines.core import Card, Decision, Option
from engines.lcg import hooks
from engines.lcg.effects.primitives import (
    defending,
    discard_from_play,
    each_chooses,
    engaged_player,
    find,
)
from engines.lcg.flow import push
from engines.lcg.scenarios import PTM
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
    nightmare_mode,
)
from engines.lcg.state import COMMITTED, EXHAUSTED, LcgState, Player, Task
from engines.lcg.table import (
    FROM_DISCARD,
    FROM_PLAY,
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
NIGHTMARE_SCRIPTED.add("Passage Through Mirkwood")  # its rules card, below


@effect("Ungoliant's Spawn", "when_revealed", NM)
def _spawn(turn: T, card: Card, _o: Card | None) -> None:
    """Committed characters get -2 willpower for the phase; any left with no willpower is discarded (checked
    when it is revealed)."""
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


def spider_entered(turn: T, enemy: Card, source: str) -> None:
    """Glade of the Spawn, while active: a Spider enemy entering play makes each player exhaust a character.
    Any arrival in the staging area from out of play is entering play (revealed, searched for, or returned
    from the discard pile by Backtrack!: FAQ 1.35); an engaged Spider sent back there was in play already."""
    state = turn.state
    if source != FROM_PLAY and "Spider" in state.card_def(enemy).traits and state.card_def(enemy).type == "enemy" \
            and any(nightmare(state, c, "Glade of the Spawn") for c in state.active.cards):
        each_chooses(turn, state.active_players(), "exhaust", "Glade of the Spawn")


STAGING_ARRIVALS.append(spider_entered)


@effect("Glade of the Spawn", "travelled", NM)
def _glade(turn: T, card: Card, _o: Card | None) -> None:
    """(Its rule applies while it is the active location: see spider_entered.)"""


# --- the rules card (beside the quest deck in Nightmare mode) ---------------------------------------------------
@hooks.nightmare_setup.register
def setup(turn: T) -> None:
    """During setup each player reveals an encounter card into the staging area."""
    if nightmare_mode(turn.state, PTM):
        push(turn.state, *[Task(kind="reveal", note="setup") for _ in turn.state.active_players()])
