"""Fights and minions as card effects start or harm them (spec 4, 5.7): a combat a card starts (saying whether
failing ends the turn and what follows a win), damage to a minion outside combat, and the minions in play. The
combat itself is engines.meq.combat's, which imports the card scripts: a card starts one through the `FIGHTS`
hook of engines.meq.flow, so this module stays below both."""

from __future__ import annotations

from engines.core import Turn
from engines.meq.cards import index
from engines.meq.flow import FIGHTS
from engines.meq.state import Hero, MeqState


def fight(turn: Turn[MeqState], hero: Hero, foe: str, *, ends_turn: bool, on_win: tuple[str, ...] = (),
          on_end: tuple[str, ...] = (), agility_zero: bool = False) -> None:
    """A combat a card starts (no token leaves the board). `on_win` and `on_end` are queue entries run after
    it; a card says whether failing to defeat the foe ends the hero's turn."""
    FIGHTS[0](turn, hero, foe, "card", agility_zero=agility_zero)
    c = turn.state.combat
    assert c is not None
    c.on_win, c.on_end, c.keep_turn = list(on_win), list(on_end), not ends_turn


def wound_minion(turn: Turn[MeqState], key: str, n: int) -> None:
    """Damage dealt to a minion outside combat; at its health it is defeated as in combat (spec 4.2, 5.7)."""
    state = turn.state
    m = state.minion(key)
    foe = index().foes[key]
    m.damage += n
    turn.say(f"{foe.name} takes {n} damage (now {m.damage} of {foe.health}).")
    if m.damage >= foe.health:
        m.damage, m.at = 0, ""
        m.status = "out" if key == "minion-ringwraiths" else "gone"
        turn.say(f"{foe.name} is defeated.")


def minions_in_play(state: MeqState) -> list[str]:
    return [m.key for m in state.minions if m.status == "in"]
