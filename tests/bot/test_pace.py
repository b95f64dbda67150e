"""The pace arithmetic (bot/pace.py), case by case: reminders, quiet hours in the player's own time zone
(daylight saving included), vacations and downtime. Pure: every `now` is given."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.pace import (
    HOUR,
    Habits,
    Pace,
    PaceError,
    after_quiet,
    credit_downtime,
    duration_text,
    first_deadline,
    is_quiet,
    next_reminder,
    parse_quiet,
    parse_vacation,
    stamp,
    vacation_shift,
    zone,
)

T0 = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)  # a Monday, noon UTC
PACE = Pace()  # reminders after 24 h, then every 24 h, no deadline
PARIS_NIGHTS = Habits(timezone="Europe/Paris", quiet=(22, 8))


def at(day: int, hour: int, minute: int = 0, month: int = 3) -> datetime:
    return datetime(2026, month, day, hour, minute, tzinfo=UTC)


# --- reading what players type ------------------------------------------------------------------


def test_quiet_hours_are_read_as_start_and_end_hours():
    assert parse_quiet("22-8") == (22, 8)
    assert parse_quiet(" 1-7 ") == (1, 7)
    assert parse_quiet("off") is None


@pytest.mark.parametrize("text", ["22", "22-22", "25-8", "night", "22-8am"])
def test_bad_quiet_hours_are_refused_with_words(text: str):
    with pytest.raises(PaceError, match="hour"):
        parse_quiet(text)


def test_a_time_zone_is_an_iana_name():
    assert zone("Europe/Paris").key == "Europe/Paris"
    with pytest.raises(PaceError, match="not a time zone I know"):
        zone("Middle/Earth")


def test_a_vacation_ends_when_the_given_day_begins_where_the_player_lives():
    """Back on 10 March in Paris (UTC+1 in winter) is 9 March 23:00 UTC."""
    until = parse_vacation("2026-03-10", Habits(timezone="Europe/Paris"), T0)
    assert until == at(9, 23)
    assert parse_vacation("off", Habits(), T0) is None
    with pytest.raises(PaceError, match="already begun"):
        parse_vacation("2026-03-02", Habits(), T0)
    with pytest.raises(PaceError, match="at most 90 days"):
        parse_vacation("2026-12-25", Habits(), T0)
    with pytest.raises(PaceError, match="YYYY-MM-DD"):
        parse_vacation("next week", Habits(), T0)


# --- quiet hours ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("moment", "quiet"),
    [
        (at(2, 20, 59), False),  # 21:59 in Paris
        (at(2, 21), True),  # 22:00 in Paris
        (at(3, 3), True),  # 04:00, past midnight
        (at(3, 6, 59), True),  # 07:59
        (at(3, 7), False),  # 08:00: the quiet hours are over
    ],
)
def test_quiet_hours_wrap_past_midnight_in_the_players_own_time(moment: datetime, quiet: bool):
    assert is_quiet(moment, PARIS_NIGHTS) is quiet


def test_quiet_hours_that_do_not_wrap():
    early = Habits(timezone="UTC", quiet=(1, 7))
    assert not is_quiet(at(2, 0, 59), early)
    assert is_quiet(at(2, 1), early) and is_quiet(at(2, 6, 59), early)
    assert not is_quiet(at(2, 7), early)


def test_without_quiet_hours_it_is_never_quiet():
    assert not is_quiet(at(2, 3), Habits(timezone="Europe/Paris"))


def test_after_quiet_is_the_end_of_the_players_night():
    assert after_quiet(at(2, 23), PARIS_NIGHTS) == at(3, 7)  # 00:00 Paris -> 08:00 Paris
    assert after_quiet(at(2, 21, 30), PARIS_NIGHTS) == at(3, 7)  # 22:30 Paris, before midnight
    assert after_quiet(at(2, 15), PARIS_NIGHTS) == at(2, 15)  # not quiet: unchanged


def test_after_quiet_follows_daylight_saving_time():
    """New York springs forward on 8 March 2026: quiet hours ending at 08:00 local end at 12:00 UTC that
    morning, not 13:00 as the day before."""
    ny = Habits(timezone="America/New_York", quiet=(22, 8))
    assert after_quiet(at(7, 9), ny) == at(7, 13)  # 04:00 EST -> 08:00 EST
    assert after_quiet(at(8, 9), ny) == at(8, 12)  # 05:00 EDT -> 08:00 EDT


def test_quiet_hours_ending_in_the_hour_daylight_saving_skips():
    """2:00 does not exist in New York on 8 March 2026; the night ends at 3:00 EDT, the next real hour."""
    ny = Habits(timezone="America/New_York", quiet=(0, 2))
    end = after_quiet(at(8, 6, 30), ny)  # 01:30 EST
    assert end == at(8, 7) and not is_quiet(end, ny)


# --- reminders -----------------------------------------------------------------------------------


def test_the_first_reminder_comes_after_remind_after_and_the_next_every_remind_every():
    pace = Pace(remind_after=12 * HOUR, remind_every=6 * HOUR)
    assert next_reminder(T0, 0, None, pace, Habits()) == T0 + 12 * HOUR
    assert next_reminder(T0, 1, T0 + 12 * HOUR, pace, Habits()) == T0 + 18 * HOUR


def test_a_reminder_due_at_night_waits_for_the_morning():
    """Due at 23:30 Paris time: sent at 08:00 Paris time instead."""
    since = at(1, 22, 30)
    assert next_reminder(since, 0, None, PACE, PARIS_NIGHTS) == at(3, 7)


def test_a_reminder_waits_for_the_end_of_a_vacation_and_then_for_the_morning():
    until = at(5, 2)  # 03:00 Paris: still night when they come back
    habits = Habits(timezone="Europe/Paris", quiet=(22, 8), vacation_until=until)
    assert next_reminder(T0, 0, None, PACE, habits) == at(5, 7)


# --- deadlines -----------------------------------------------------------------------------------


def test_a_deadline_counts_from_when_the_wait_begins():
    pace = Pace(deadline=timedelta(days=3))
    assert first_deadline(T0, pace, Habits()) == (T0 + timedelta(days=3), timedelta(0))
    assert first_deadline(T0, Pace(), Habits()) == (None, timedelta(0))


def test_a_deadline_that_begins_during_a_vacation_starts_counting_on_return():
    pace = Pace(deadline=timedelta(days=3))
    habits = Habits(vacation_until=T0 + timedelta(days=2))
    assert first_deadline(T0, pace, habits) == (T0 + timedelta(days=5), timedelta(days=2))


def test_a_vacation_moves_a_running_deadline_by_its_length_and_cutting_it_short_moves_it_back():
    assert vacation_shift(T0, None, T0 + timedelta(days=4)) == timedelta(days=4)
    assert vacation_shift(T0, T0 + timedelta(days=4), T0 + timedelta(days=1)) == -timedelta(days=3)
    assert vacation_shift(T0, T0 + timedelta(days=4), None) == -timedelta(days=4)
    assert vacation_shift(T0, T0 - timedelta(days=1), None) == timedelta(0)  # long over: nothing to undo


def test_downtime_moves_what_was_still_ahead_and_leaves_what_was_already_past():
    down_from, down_to = T0, T0 + 6 * HOUR
    assert credit_downtime(T0 + HOUR, down_from, down_to) == T0 + 7 * HOUR
    assert credit_downtime(T0 + 30 * HOUR, down_from, down_to) == T0 + 36 * HOUR
    assert credit_downtime(T0 - HOUR, down_from, down_to) == T0 - HOUR
    assert credit_downtime(None, down_from, down_to) is None


def test_words_and_timestamps():
    assert duration_text(6 * HOUR) == "6 hours"
    assert duration_text(timedelta(days=1, minutes=5)) == "1 day 5 minutes"
    assert duration_text(timedelta(seconds=20)) == "0 minutes"
    assert stamp(T0) == f"<t:{int(T0.timestamp())}:R>"
