"""Influence as card effects place and take it (spec 5.4, 5.1): on locations (within the caps, unless the card
names the location), into and out of the Shadow Pool, and the Story Track markers a card moves. The caps and
the clean-up of the Sauron turn are engines.meq.rules'; these are what a card does, told to the table."""

from __future__ import annotations

from engines.core import Turn
from engines.meq import rules
from engines.meq.effects import FX
from engines.meq.state import MeqState


def to_pool(turn: Turn[MeqState], n: int) -> None:
    """Influence into the Shadow Pool, never above 4 x stage (spec 5.4)."""
    state = turn.state
    room = max(0, rules.pool_cap(state) - state.pool)
    got = min(n, room)
    state.pool += got
    turn.say(f"{got} influence goes to the Shadow Pool (now {state.pool}/{rules.pool_cap(state)}).")


def from_pool(turn: Turn[MeqState], n: int) -> None:
    state = turn.state
    gone = min(n, state.pool)
    state.pool -= gone
    turn.say(f"{gone} influence leaves the Shadow Pool (now {state.pool}/{rules.pool_cap(state)}).")


def influence_room(state: MeqState, loc: str) -> int:
    """How many more tokens a card may put on `loc`: none on a Haven, a Stronghold up to its maximum, elsewhere
    up to the extension cap or, out of extension, one (what the clean-up of spec 5.4 would keep)."""
    where = state.map.location(loc)
    if where.haven:
        return 0
    cap = rules.cap_of(state, loc) or 1
    return max(0, cap - state.influence.get(loc, 0))


def add_influence(turn: Turn[MeqState], loc: str, n: int, *, named: bool = False) -> int:
    """`named`: the card names the location, so only a Haven refuses it (the card overrides the caps)."""
    state = turn.state
    room = (0 if state.map.location(loc).haven else n) if named else influence_room(state, loc)
    got = min(n, room)
    if got:
        state.influence[loc] = state.influence.get(loc, 0) + got
        turn.say(f"{got} influence is placed on {state.map.name(loc)} (now {state.influence[loc]}).")
    return got


def advance(turn: Turn[MeqState], marker: str, n: int, why: str) -> None:
    rules.move_marker(turn, marker, n, why)


def _fx_pool(turn: Turn[MeqState], args: list[str]) -> None:
    n = int(args[0])
    if n < 0:
        from_pool(turn, -n)
    else:
        to_pool(turn, n)


FX["pool"] = _fx_pool
