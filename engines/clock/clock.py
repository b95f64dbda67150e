"""The match clock: two sides ("a" plays first in every phase group, "b" second; spec 8.5), one running.

Every change first settles the clock at `now` (what has happened by then), then acts, and returns the new
clock with the events it added (they are also appended to `log`). Time a side is charged for is always
`now - running_since` of its own run; a pause, the bot's downtime and an organizer's adjustment move
`running_since` or `remaining_ms` so that no one is charged for them (C 15.3.3; LESSONS, 'Time').
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from engines.core.codec import clone
from engines.core.errors import RuleError

MINUTE = 60_000
WARNINGS = (10 * MINUTE, 5 * MINUTE, 1 * MINUTE)  # announcements at 10, 5 and 1 minutes left (issue 5)
SIDES = ("a", "b")
ORGANIZER = "organizer"

# Event kinds, in the clock's own words.
STARTED, HIT, PAUSED, RESUMED, ADJUSTED, DOWNTIME, WARNING, FLAG, FINISHED = (
    "started",
    "hit",
    "paused",
    "resumed",
    "adjusted",
    "downtime",
    "warning",
    "flag",
    "finished",
)


class SideRefusal(RuleError):
    """A refusal that names a side of the match (or the organizer): the clock knows sides "a" and "b", not teams,
    so it words them "team A" and "team B"; a tournament, which knows the teams, words the same refusal with
    their numbers and names (`named`). `words` holds a `{placeholder}` for each side in `sides`."""

    def __init__(self, words: str, **sides: str) -> None:
        self.words, self.sides = words, sides
        super().__init__(self.named({}))

    def named(self, names: Mapping[str, str]) -> str:
        """The refusal with each side called as `names` calls it ("team 2 (Wardens)"), else "team B"."""
        return self.words.format(**{key: names.get(side) or _who(side) for key, side in self.sides.items()})


@dataclass(kw_only=True)
class Pause:
    since: int
    by: str  # a side, or the organizer
    reason: str = ""


@dataclass(kw_only=True)
class ClockEvent:
    at: int
    kind: str
    side: str = ""  # the side whose time it concerns
    by: str = ""  # who did it: a side, the organizer, or "" for the clock itself
    ms: int = 0  # a warning's threshold, an adjustment, a pause's or a downtime's length, time charged
    note: str = ""


@dataclass(kw_only=True)
class MatchClock:
    allowance_ms: int
    remaining_ms: dict[str, int]
    active: str = "a"  # whose phase group it is, running or not
    running_since: int | None = None  # None: stopped (not started, paused, or over)
    started: bool = False
    finished: bool = False
    flagged: str = ""  # the side whose time ran out (C 15.3.4: that team is eliminated)
    paused: Pause | None = None
    warned: dict[str, list[int]] = field(default_factory=dict)  # thresholds already announced, per side
    log: list[ClockEvent] = field(default_factory=list)

    @property
    def running(self) -> bool:
        return self.running_since is not None


def other(side: str) -> str:
    return "b" if side == "a" else "a"


def new_clock(allowance_ms: int, first: str = "a") -> MatchClock:
    """Both sides get the same allowance; `first` is the team that begins (chosen at random, C 15.3.3)."""
    if allowance_ms <= 0:
        raise RuleError("A clock needs some time on it.")
    _check_side(first)
    return MatchClock(
        allowance_ms=allowance_ms,
        remaining_ms={s: allowance_ms for s in SIDES},
        active=first,
        warned={s: [] for s in SIDES},
    )


def remaining(clock: MatchClock, side: str, now: int) -> int:
    """The side's time left at `now`, never below zero."""
    left = clock.remaining_ms[side]
    if side == clock.active and clock.running_since is not None:
        left -= max(0, now - clock.running_since)
    return max(0, left)


def settle(clock: MatchClock, now: int) -> tuple[MatchClock, list[ClockEvent]]:
    """What has happened by `now`: warnings crossed and the flag fall, each at the moment it happened.
    Settling again at the same or an earlier time adds nothing."""
    if clock.running_since is None or clock.finished:
        return clock, []
    side, since = clock.active, clock.running_since
    left = clock.remaining_ms[side]
    flag_at = since + max(0, left)
    events: list[ClockEvent] = []
    out = clone(clock)
    for threshold in WARNINGS:
        if threshold in out.warned.setdefault(side, []):
            continue
        at = since + max(0, left - threshold)
        if at <= now and at < flag_at:
            out.warned[side].append(threshold)
            events.append(ClockEvent(at=at, kind=WARNING, side=side, ms=threshold))
    if flag_at <= now:
        out.remaining_ms[side] = 0
        out.running_since = None
        out.finished = True
        out.flagged = side
        events.append(ClockEvent(at=flag_at, kind=FLAG, side=side, ms=max(0, left)))
    events.sort(key=lambda e: e.at)
    out.log.extend(events)
    return out, events


def next_alarm(clock: MatchClock) -> int | None:
    """When `settle` will next have something to say (a warning or the flag fall); None while stopped."""
    if clock.running_since is None or clock.finished:
        return None
    side, since, left = clock.active, clock.running_since, clock.remaining_ms[clock.active]
    times = [since + max(0, left - t) for t in WARNINGS if t not in clock.warned.get(side, []) and t < left]
    times.append(since + max(0, left))
    return min(times)


def start(clock: MatchClock, now: int) -> tuple[MatchClock, list[ClockEvent]]:
    """The first team's clock begins to run."""
    if clock.started:
        raise RuleError("The clock is already started.")
    out = clone(clock)
    out.started = True
    out.running_since = now
    event = ClockEvent(at=now, kind=STARTED, side=out.active)
    out.log.append(event)
    return out, [event]


def hit(clock: MatchClock, side: str, now: int, note: str = "") -> tuple[MatchClock, list[ClockEvent]]:
    """`side` finishes its phase group: its time stops at `now` and the other side's starts (C 15.3.3).
    If its time ran out before `now`, the flag fall is returned instead and the hit does nothing."""
    _check_side(side)
    out, events = settle(clock, now)
    if out.finished:
        return out, events
    _check_running(out)
    if side != out.active:
        raise SideRefusal("It is {active}'s phase group; only that team hits the clock.", active=out.active)
    assert out.running_since is not None
    used = max(0, now - out.running_since)
    out.remaining_ms[side] -= used
    out.active = other(side)
    out.running_since = now
    event = ClockEvent(at=now, kind=HIT, side=side, by=side, ms=used, note=note)
    out.log.append(event)
    return out, [*events, event]


def pause(clock: MatchClock, by: str, now: int, reason: str = "") -> tuple[MatchClock, list[ClockEvent]]:
    """Either team (or the organizer) stops the clock for a question or a dispute (C 15.3.3). The time
    until it is resumed is charged to no one."""
    _check_actor(by)
    out, events = settle(clock, now)
    if out.finished:
        return out, events
    if out.paused is not None:
        raise SideRefusal("The clock is already paused by {by}; {active}, the active team, resumes it.",
                          by=out.paused.by, active=out.active)
    _check_running(out)
    assert out.running_since is not None
    out.remaining_ms[out.active] -= max(0, now - out.running_since)
    out.running_since = None
    out.paused = Pause(since=now, by=by, reason=reason)
    event = ClockEvent(at=now, kind=PAUSED, side=out.active, by=by, note=reason)
    out.log.append(event)
    return out, [*events, event]


def resume(clock: MatchClock, by: str, now: int) -> tuple[MatchClock, list[ClockEvent]]:
    """The active team restarts the clock once the question is settled (C 15.3.3); the organizer may too."""
    _check_actor(by)
    if clock.finished:
        raise RuleError("The match is over; its clock is stopped for good.")
    if clock.paused is None:
        raise RuleError("The clock is not paused.")
    if by not in (clock.active, ORGANIZER):
        raise SideRefusal("Only {active}, the active team, restarts the clock.", active=clock.active)
    out = clone(clock)
    length = max(0, now - clock.paused.since)
    out.paused = None
    out.running_since = now
    event = ClockEvent(at=now, kind=RESUMED, side=out.active, by=by, ms=length)
    out.log.append(event)
    return out, [event]


Step = tuple[MatchClock, list[ClockEvent]]


def adjust(clock: MatchClock, side: str, delta_ms: int, now: int, note: str = "") -> Step:
    """The organizer adds (or takes) time to a side. Announcements below the new time may ring again."""
    _check_side(side)
    out, events = settle(clock, now)
    if out.finished:
        raise RuleError("The match is over; correct its result instead of its clock.")
    if out.running_since is not None:  # charge the active side up to now, so the new figure is exact
        out.remaining_ms[out.active] -= max(0, now - out.running_since)
        out.running_since = now
    new = out.remaining_ms[side] + delta_ms
    if new <= 0:
        raise RuleError("That would leave no time at all; record the result instead.")
    out.remaining_ms[side] = new
    out.warned[side] = [t for t in out.warned.get(side, []) if t >= new]
    event = ClockEvent(at=now, kind=ADJUSTED, side=side, by=ORGANIZER, ms=delta_ms, note=note)
    out.log.append(event)
    return out, [*events, event]


def credit_downtime(clock: MatchClock, down_from: int, down_to: int) -> tuple[MatchClock, list[ClockEvent]]:
    """The bot was away from `down_from` to `down_to`: nobody could act, so none of it is charged. A flag
    that fell before the bot went away still falls."""
    out, events = settle(clock, down_from)
    if out.running_since is None or out.running_since >= down_to or down_to <= down_from:
        return out, events
    credit = down_to - max(down_from, out.running_since)
    out.running_since += credit
    event = ClockEvent(at=down_to, kind=DOWNTIME, side=out.active, ms=credit)
    out.log.append(event)
    return out, [*events, event]


def finish(clock: MatchClock, now: int, note: str = "") -> tuple[MatchClock, list[ClockEvent]]:
    """The match ended on the table (a completion, an elimination): stop for good, charging up to `now`."""
    out, events = settle(clock, now)
    if out.finished:
        return out, events
    if out.running_since is not None:
        out.remaining_ms[out.active] -= max(0, now - out.running_since)
        out.running_since = None
    out.paused = None
    out.finished = True
    event = ClockEvent(at=now, kind=FINISHED, side=out.active, note=note)
    out.log.append(event)
    return out, [*events, event]


def _check_side(side: str) -> None:
    if side not in SIDES:
        raise RuleError(f"A clock has sides a and b, not '{side}'.")


def _check_actor(by: str) -> None:
    if by not in (*SIDES, ORGANIZER):
        raise RuleError(f"Only a team of the match or the organizer works the clock, not '{by}'.")


def _check_running(clock: MatchClock) -> None:
    if not clock.started:
        raise RuleError("The clock has not started yet.")
    if clock.paused is not None:
        raise SideRefusal("The clock is paused by {by}; {active}, the active team, resumes it first.",
                          by=clock.paused.by, active=clock.active)


def _who(by: str) -> str:
    return "the organizer" if by == ORGANIZER else f"team {by.upper()}"
