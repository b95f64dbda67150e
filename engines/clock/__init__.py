"""A two-sided match clock for Race Against the Shadow (C 15.3.3; spec 8.4, 8.5), as pure arithmetic.

Nothing ticks (DESIGN.md, 'Time'): the clock is each side's `remaining_ms`, the side whose turn it is, and
`running_since`, the moment that side's time began to run. Every function takes `now` (milliseconds) and
returns a new clock; the argument is never changed. `settle` says what has happened by `now` (warnings,
a flag fall), so a late or duplicate scheduler run finds nothing new to say.
"""

from engines.clock.clock import (
    MINUTE,
    WARNINGS,
    ClockEvent,
    MatchClock,
    Pause,
    adjust,
    credit_downtime,
    finish,
    hit,
    new_clock,
    next_alarm,
    pause,
    remaining,
    resume,
    settle,
    start,
)

__all__ = [
    "MINUTE",
    "WARNINGS",
    "ClockEvent",
    "MatchClock",
    "Pause",
    "adjust",
    "credit_downtime",
    "finish",
    "hit",
    "new_clock",
    "next_alarm",
    "pause",
    "remaining",
    "resume",
    "settle",
    "start",
]
