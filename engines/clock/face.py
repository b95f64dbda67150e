"""What a clock shows at a moment: both times, which runs, whose phase group it is. The picture's input."""

from __future__ import annotations

from dataclasses import dataclass

from engines.clock.clock import MatchClock, remaining


@dataclass(frozen=True)
class ClockFace:
    names: tuple[str, str]  # team A's and team B's names
    remaining_ms: tuple[int, int]
    active: str  # "a" or "b"
    running: bool
    paused: bool
    flagged: str  # "", "a" or "b"
    finished: bool
    group: str  # the active team's phase group, in words
    allowance_ms: int


def face(clock: MatchClock, now: int, names: tuple[str, str], group: str) -> ClockFace:
    return ClockFace(
        names=names,
        remaining_ms=(remaining(clock, "a", now), remaining(clock, "b", now)),
        active=clock.active,
        running=clock.running,
        paused=clock.paused is not None,
        flagged=clock.flagged,
        finished=clock.finished,
        group=group,
        allowance_ms=clock.allowance_ms,
    )


def clock_text(ms: int) -> str:
    """45:00, or 1:05:30 past an hour; seconds rounded down (the time left is never overstated)."""
    seconds = max(0, ms) // 1000
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
