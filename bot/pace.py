"""The pace of a game by post, as pure time arithmetic: when to remind a player, when their decision is due,
whether it is night where they live. No I/O and no wall clock: `now` is always an argument (DESIGN.md, 'Time').

It lives in `bot/` rather than `engines/` because it is table etiquette, the same for every game, not any
game's rules. Every time here is an aware UTC datetime; a player's time zone matters only for quiet hours
and for reading the date they give for a vacation.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from enum import StrEnum
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from engines.core.errors import CommandError

HOUR = timedelta(hours=1)
DAY = timedelta(days=1)
MAX_VACATION = timedelta(days=90)
NUDGE_EVERY = timedelta(hours=24)  # LESSONS, Discord 7: at most one nudge per player per day


class PaceError(CommandError):
    """A setting the player typed that cannot be used; the message is for them."""


class AtDeadline(StrEnum):
    """What happens by itself when a deadline passes. Only `ask` unless the host chose otherwise."""

    ASK = "ask"  # tell the table; the host or a majority of the others decides
    SKIP = "skip"  # answer the open decisions with the game's default (pass, or the minimal choice)
    AUTO = "auto"  # an automatic seat plays for the absent player until they return


@dataclass(frozen=True)
class Pace:
    """A game's pace, set by the host."""

    remind_after: timedelta = 24 * HOUR  # the first reminder, counted from when the wait began
    remind_every: timedelta = 24 * HOUR  # the following ones, counted from the previous one
    deadline: timedelta | None = None  # per decision (correspondence style); None: no deadline
    allow_auto: bool = False  # the table may hand an absent player's seat to the automatic seat
    at_deadline: AtDeadline = AtDeadline.ASK


@dataclass(frozen=True)
class Habits:
    """A player's own time: where they live, when not to ping them, when they are away."""

    timezone: str = "UTC"
    quiet: tuple[int, int] | None = None  # local hours [start, end), e.g. (22, 8) wraps past midnight
    vacation_until: datetime | None = None


# --- reading what players type ---------------------------------------------------------------------


def zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name.strip())
    except (ZoneInfoNotFoundError, ValueError):
        raise PaceError(f"'{name}' is not a time zone I know. Use an IANA name such as Europe/Paris.") from None


def parse_quiet(text: str) -> tuple[int, int] | None:
    """`22-8` (from 22:00 to 08:00 local time), or `off`."""
    text = text.strip().lower()
    if text in ("", "off", "none", "no"):
        return None
    start, sep, end = text.partition("-")
    if not sep or not (start.strip().isdigit() and end.strip().isdigit()):
        raise PaceError(f"Write quiet hours as start-end in whole hours, like 22-8, or 'off'; not '{text}'.")
    hours = int(start), int(end)
    if not all(0 <= h <= 23 for h in hours) or hours[0] == hours[1]:
        raise PaceError("Quiet hours go from one hour (0 to 23) to a different one, like 22-8.")
    return hours


def quiet_text(quiet: tuple[int, int] | None) -> str:
    return "none" if quiet is None else f"{quiet[0]:02d}:00 to {quiet[1]:02d}:00"


def parse_vacation(text: str, habits: Habits, now: datetime) -> datetime | None:
    """`YYYY-MM-DD`: away until that day begins in the player's time zone (they are back on that date);
    `off` ends a vacation. None means no vacation."""
    text = text.strip().lower()
    if text in ("off", "none", "back", "no"):
        return None
    try:
        day = date.fromisoformat(text)
    except ValueError:
        raise PaceError(f"Write the day you are back as YYYY-MM-DD (like 2026-12-01), or 'off'; not '{text}'.") from (
            None
        )
    until = datetime.combine(day, time(0), tzinfo=zone(habits.timezone)).astimezone(UTC)
    if until <= now:
        raise PaceError("That day has already begun where you live; give a later one, or 'off'.")
    if until - now > MAX_VACATION:
        raise PaceError(f"A vacation lasts at most {MAX_VACATION.days} days.")
    return until


# --- the arithmetic ----------------------------------------------------------------------------------


def is_quiet(at: datetime, habits: Habits) -> bool:
    if habits.quiet is None:
        return False
    start, end = habits.quiet
    hour = at.astimezone(zone(habits.timezone)).hour
    return start <= hour < end if start < end else (hour >= start or hour < end)


def after_quiet(at: datetime, habits: Habits) -> datetime:
    """`at` itself when it is not quiet there, else the moment the player's quiet hours end."""
    if not is_quiet(at, habits):
        return at
    assert habits.quiet is not None
    tz = zone(habits.timezone)
    local = at.astimezone(tz)
    end_day = local.date() if local.hour < habits.quiet[1] else local.date() + DAY
    # A wall-clock hour that a DST change skips resolves to the hour after it, which is what a person means.
    moment = datetime.combine(end_day, time(habits.quiet[1]), tzinfo=tz).astimezone(UTC)
    for _ in range(3):  # a repeated hour on a DST change can land us an hour early, still quiet
        if not is_quiet(moment, habits) and moment >= at:
            return moment
        moment += HOUR
    return moment


def away(at: datetime, habits: Habits) -> bool:
    return habits.vacation_until is not None and at < habits.vacation_until


def next_reminder(
    since: datetime, sent: int, last: datetime | None, pace: Pace, habits: Habits
) -> datetime:
    """When to remind a player the game has waited on since `since`, having reminded them `sent` times (the
    last at `last`): after `remind_after`, then every `remind_every`; never while away, never at night."""
    nominal = since + pace.remind_after if sent == 0 or last is None else last + pace.remind_every
    if away(nominal, habits):
        assert habits.vacation_until is not None
        nominal = habits.vacation_until
    return after_quiet(nominal, habits)


def first_deadline(now: datetime, pace: Pace, habits: Habits) -> tuple[datetime | None, timedelta]:
    """The deadline of a wait that begins `now`, and how much of it is not charged because the player is
    away: the clock starts when they are back."""
    paused = habits.vacation_until - now if away(now, habits) and habits.vacation_until else timedelta(0)
    if pace.deadline is None:
        return None, paused
    return now + paused + pace.deadline, paused


def vacation_shift(now: datetime, old_until: datetime | None, new_until: datetime | None) -> timedelta:
    """How far a running deadline moves when a player's vacation changes from `old_until` to `new_until`:
    the pause already granted for the future is replaced by the new one (negative when cut short)."""
    old_end = old_until if old_until is not None and old_until > now else now
    new_end = new_until if new_until is not None and new_until > now else now
    return new_end - old_end


def credit_downtime(moment: datetime | None, down_from: datetime, down_to: datetime) -> datetime | None:
    """A reminder or deadline still ahead when the bot went down moves back by the whole downtime: nobody
    could act while the bot was away, so none of it is charged. One already past when it went down stays."""
    if moment is None or moment < down_from:
        return moment
    return moment + (down_to - down_from)


def duration_text(span: timedelta) -> str:
    minutes = round(span.total_seconds() / 60)
    days, rest = divmod(minutes, 24 * 60)
    hours, minutes = divmod(rest, 60)
    parts = [f"{days} day{'s' if days != 1 else ''}"] if days else []
    if hours:
        parts.append(f"{hours} hour{'s' if hours != 1 else ''}")
    if minutes or not parts:
        parts.append(f"{minutes} minute{'s' if minutes != 1 else ''}")
    return " ".join(parts)


def stamp(at: datetime, style: str = "R") -> str:
    """A Discord timestamp: every reader sees it in their own time zone (`R`: "in 3 hours")."""
    return f"<t:{int(at.timestamp())}:{style}>"
