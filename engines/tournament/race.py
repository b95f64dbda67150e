"""The race between two LCG games (C 15.3.3; spec 8.5): phase groups and whose turn it is.

Each team plays its own game; the engine knows the phase, so the phase group a team is in is a pure
function of its `LcgState`. The teams take the groups in turn, A before B in each group, so the active team
is the one whose (round, group, side) comes first. A team that hit the clock by hand counts as past the
group it declared done; a team whose game has ended is never active again.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.lcg.state import LcgState
from engines.lcg.table import group_score
from engines.tournament.scoring import COMPLETED, ELIMINATED, GROUP_NAMES, Finish, Progress

GROUP_OF_PHASE = {  # C 15.3.3
    "resource": 1,
    "planning": 1,
    "quest": 2,
    "travel": 2,
    "encounter": 3,
    "combat": 3,
    "refresh": 3,
}
SETUP = (0, 0)  # both teams set up at once, before any clock runs

Slot = tuple[int, int]  # (game round, phase group)


def phase_group(state: LcgState) -> Slot:
    """The (round, phase group) a team's game is in; (0, 0) during setup."""
    if state.phase == "setup" or state.round == 0:
        return SETUP
    return state.round, GROUP_OF_PHASE[state.phase]


def after(slot: Slot) -> Slot:
    """The phase group that follows `slot` (the Refresh group hands over to the next round's Resource)."""
    r, g = slot
    if slot == SETUP:
        return 1, 1
    return (r + 1, 1) if g == 3 else (r, g + 1)


def finish_of(state: LcgState, at: Slot) -> Finish | None:
    """How a team's game ended, if it has: completed with its score (lower is better), or lost."""
    if state.outcome is None:
        return None
    r, g = at if at != SETUP else (1, 1)
    if state.outcome.winners:
        return Finish(how=COMPLETED, round=r, group=g, score=group_score(state))
    return Finish(how=ELIMINATED, round=r, group=g)


@dataclass(frozen=True)
class Side:
    """What the race needs to know of one team: its game's phase group, the last group it declared done
    by hitting the clock by hand, and how its game ended."""

    slot: Slot
    done: Slot | None = None
    finish: Finish | None = None

    @property
    def at(self) -> Slot:
        """Where the team stands in the race: its game's group, or past the group it declared done."""
        if self.done is not None and after(self.done) > self.slot:
            return after(self.done)
        return self.slot


def active_side(a: Side, b: Side) -> str | None:
    """Whose phase group it is: A before B in the same group (C 15.3.3). None while a team is still in
    setup (nobody's clock runs yet) or when both games are over."""
    if (a.finish is None and a.at == SETUP) or (b.finish is None and b.at == SETUP):
        return None
    live = [(side.at, i, name) for i, (name, side) in enumerate((("a", a), ("b", b))) if side.finish is None]
    return min(live)[2] if live else None


def progress(side: Side) -> Progress:
    r, g = side.at if side.at != SETUP else (1, 1)
    return Progress(round=r, group=g, finish=side.finish)


def group_name(slot: Slot) -> str:
    if slot == SETUP:
        return "setup"
    return f"{GROUP_NAMES[slot[1]]} of round {slot[0]}"
