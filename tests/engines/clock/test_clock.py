"""The match clock, case by case (C 15.3.3, 15.3.4; spec 8.4, 8.5; DESIGN.md 'Time')."""

from __future__ import annotations

import pytest

from engines.clock import (
    MINUTE,
    SideRefusal,
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
from engines.clock.clock import MatchClock
from engines.core import RuleError, dumps, loads

T0 = 1_000_000


def running(minutes: int = 45, first: str = "a") -> MatchClock:
    clock, _ = start(new_clock(minutes * MINUTE, first), T0)
    return clock


def test_a_new_clock_gives_both_sides_the_allowance_and_runs_nobody() -> None:
    # C 15.3.3: 45 minutes each by default
    clock = new_clock(45 * MINUTE, "b")
    assert clock.remaining_ms == {"a": 45 * MINUTE, "b": 45 * MINUTE}
    assert clock.active == "b" and not clock.running
    assert remaining(clock, "b", T0 + 10 * MINUTE) == 45 * MINUTE
    assert next_alarm(clock) is None


def test_only_the_active_side_is_charged() -> None:
    # spec 8.5.4: only the active team's clock runs
    clock = running()
    assert remaining(clock, "a", T0 + 2 * MINUTE) == 43 * MINUTE
    assert remaining(clock, "b", T0 + 2 * MINUTE) == 45 * MINUTE


def test_hitting_the_clock_stops_my_time_at_that_moment_and_starts_theirs() -> None:
    # C 15.3.3: a team finishes its phase group and starts the other team's clock
    clock, events = hit(running(), "a", T0 + 3 * MINUTE)
    assert clock.active == "b" and clock.running_since == T0 + 3 * MINUTE
    assert clock.remaining_ms["a"] == 42 * MINUTE
    assert [e.kind for e in events] == ["hit"] and events[0].ms == 3 * MINUTE
    assert remaining(clock, "a", T0 + 60 * MINUTE) == 42 * MINUTE
    assert remaining(clock, "b", T0 + 4 * MINUTE) == 44 * MINUTE


def test_the_other_side_cannot_hit_the_clock() -> None:
    clock = running()
    with pytest.raises(RuleError, match="team A's phase group"):
        hit(clock, "b", T0 + MINUTE)
    assert clock.active == "a"  # the argument is never changed


def test_a_clock_not_started_cannot_be_hit() -> None:
    with pytest.raises(RuleError, match="not started"):
        hit(new_clock(45 * MINUTE), "a", T0)


def test_either_team_pauses_and_the_pause_is_charged_to_no_one() -> None:
    # C 15.3.3 / spec 10.6 #97: the non-active team raises a dispute; the active team resumes
    clock, events = pause(running(), "b", T0 + 5 * MINUTE, "is that enemy engaged?")
    assert clock.paused is not None and clock.paused.by == "b" and not clock.running
    assert events[-1].kind == "paused" and events[-1].note == "is that enemy engaged?"
    assert remaining(clock, "a", T0 + 30 * MINUTE) == 40 * MINUTE
    clock, events = resume(clock, "a", T0 + 12 * MINUTE)
    assert events[-1].kind == "resumed" and events[-1].ms == 7 * MINUTE
    assert remaining(clock, "a", T0 + 13 * MINUTE) == 39 * MINUTE
    assert remaining(clock, "b", T0 + 13 * MINUTE) == 45 * MINUTE


def test_only_the_active_team_resumes() -> None:
    clock, _ = pause(running(), "b", T0 + MINUTE)
    with pytest.raises(RuleError, match=r"Only team A, the active team, restarts the clock\."):
        resume(clock, "b", T0 + 2 * MINUTE)
    clock, _ = resume(clock, "organizer", T0 + 2 * MINUTE)  # the TO may always restart it
    assert clock.running


def test_a_paused_clock_cannot_be_hit_or_paused_again() -> None:
    clock, _ = pause(running(), "a", T0 + MINUTE)
    with pytest.raises(RuleError, match="paused"):
        hit(clock, "a", T0 + 2 * MINUTE)
    with pytest.raises(RuleError, match="already paused"):
        pause(clock, "b", T0 + 2 * MINUTE)
    with pytest.raises(RuleError, match="not paused"):
        resume(running(), "a", T0)


def test_a_refusal_naming_a_side_is_worded_with_the_names_a_tournament_gives() -> None:
    """The clock knows sides, not teams: its refusal keeps which side it names, so a tournament can say it with
    the team's number and name; the organizer stays the organizer."""
    clock, _ = pause(running(), "organizer", T0 + MINUTE)
    with pytest.raises(SideRefusal) as refused:
        resume(clock, "b", T0 + 2 * MINUTE)
    assert refused.value.named({"a": "team 2 (Wardens)", "b": "team 1 (Rangers)"}) == (
        "Only team 2 (Wardens), the active team, restarts the clock.")
    with pytest.raises(SideRefusal) as refused:
        pause(clock, "b", T0 + 2 * MINUTE)
    assert str(refused.value) == "The clock is already paused by the organizer; team A, the active team, resumes it."
    assert refused.value.named({"a": "team 2 (Wardens)"}) == (
        "The clock is already paused by the organizer; team 2 (Wardens), the active team, resumes it.")


def test_a_stranger_cannot_work_the_clock() -> None:
    with pytest.raises(RuleError, match="Only a team"):
        pause(running(), "c", T0)


def test_warnings_at_ten_five_and_one_minute_each_once() -> None:
    clock = running(30)
    assert next_alarm(clock) == T0 + 20 * MINUTE
    clock, events = settle(clock, T0 + 20 * MINUTE)
    assert [(e.kind, e.ms, e.at) for e in events] == [("warning", 10 * MINUTE, T0 + 20 * MINUTE)]
    again, events = settle(clock, T0 + 21 * MINUTE)  # a duplicate run: nothing new
    assert events == [] and again.log == clock.log
    assert next_alarm(clock) == T0 + 25 * MINUTE
    clock, events = settle(clock, T0 + 29 * MINUTE + 1)
    assert [e.ms for e in events] == [5 * MINUTE, 1 * MINUTE]  # a late run reports both, each at its time
    assert [e.at for e in events] == [T0 + 25 * MINUTE, T0 + 29 * MINUTE]
    assert next_alarm(clock) == T0 + 30 * MINUTE


def test_the_flag_falls_when_the_time_is_gone() -> None:
    # C 15.3.4: a team that exhausts its time is eliminated
    clock, _ = hit(running(30), "a", T0 + 29 * MINUTE)  # A keeps one minute
    clock, _ = hit(clock, "b", T0 + 30 * MINUTE)
    clock, events = settle(clock, T0 + 40 * MINUTE)
    flag = events[-1]
    assert (flag.kind, flag.side, flag.at) == ("flag", "a", T0 + 31 * MINUTE)
    assert clock.finished and clock.flagged == "a" and clock.remaining_ms["a"] == 0
    assert next_alarm(clock) is None
    assert settle(clock, T0 + 50 * MINUTE)[1] == []  # said once


def test_a_hit_after_the_flag_fell_is_too_late() -> None:
    clock, events = hit(running(30), "a", T0 + 31 * MINUTE)
    assert clock.flagged == "a" and clock.active == "a"
    assert [e.kind for e in events][-1] == "flag"


def test_a_hit_at_the_last_millisecond_is_in_time() -> None:
    clock, events = hit(running(30), "a", T0 + 30 * MINUTE - 1)
    assert not clock.finished and clock.remaining_ms["a"] == 1


def test_the_organizer_adjusts_a_clock_and_warnings_may_ring_again() -> None:
    clock, _ = settle(running(30), T0 + 21 * MINUTE)  # 10-minute warning given
    clock, events = adjust(clock, "a", 5 * MINUTE, T0 + 21 * MINUTE, "slow bot response")
    assert events[-1].kind == "adjusted" and events[-1].by == "organizer"
    assert remaining(clock, "a", T0 + 21 * MINUTE) == 14 * MINUTE
    assert clock.warned["a"] == []
    assert next_alarm(clock) == T0 + 25 * MINUTE
    clock, _ = adjust(clock, "b", -10 * MINUTE, T0 + 22 * MINUTE)
    assert remaining(clock, "b", T0 + 22 * MINUTE) == 20 * MINUTE
    with pytest.raises(RuleError, match="no time"):
        adjust(clock, "b", -20 * MINUTE, T0 + 22 * MINUTE)


def test_an_adjustment_below_a_threshold_announces_it_when_that_side_runs() -> None:
    clock, _ = adjust(running(30), "b", -25 * MINUTE, T0)  # B has 5 minutes, not running
    clock, _ = hit(clock, "a", T0 + MINUTE)
    clock, events = settle(clock, T0 + MINUTE)
    assert [(e.side, e.ms) for e in events] == [("b", 10 * MINUTE), ("b", 5 * MINUTE)]


def test_downtime_is_charged_to_no_one() -> None:
    # DESIGN 'Time': the bot was down from +5 to +25 minutes while A's clock ran
    clock, events = credit_downtime(running(30), T0 + 5 * MINUTE, T0 + 25 * MINUTE)
    assert events[-1].kind == "downtime" and events[-1].ms == 20 * MINUTE
    assert remaining(clock, "a", T0 + 25 * MINUTE) == 25 * MINUTE
    assert remaining(clock, "b", T0 + 25 * MINUTE) == 30 * MINUTE


def test_downtime_after_a_hit_inside_it_credits_only_the_rest() -> None:
    clock, _ = hit(running(30), "a", T0 + 10 * MINUTE)  # B runs from +10
    clock, events = credit_downtime(clock, T0 + 5 * MINUTE, T0 + 20 * MINUTE)
    assert events[-1].ms == 10 * MINUTE
    assert remaining(clock, "b", T0 + 20 * MINUTE) == 30 * MINUTE


def test_a_flag_that_fell_before_the_downtime_still_falls() -> None:
    clock, events = credit_downtime(running(30), T0 + 40 * MINUTE, T0 + 60 * MINUTE)
    assert clock.flagged == "a" and events[-1].kind == "flag"


def test_downtime_while_paused_or_stopped_changes_nothing() -> None:
    clock, _ = pause(running(30), "a", T0 + MINUTE)
    after, events = credit_downtime(clock, T0 + 2 * MINUTE, T0 + 9 * MINUTE)
    assert events == [] and after.remaining_ms == clock.remaining_ms


def test_finishing_stops_the_clock_for_good() -> None:
    clock, events = finish(running(30), T0 + 3 * MINUTE, "team A completed the scenario")
    assert clock.finished and not clock.running and clock.remaining_ms["a"] == 27 * MINUTE
    with pytest.raises(RuleError, match="over"):
        resume(clock, "a", T0 + 4 * MINUTE)
    with pytest.raises(RuleError, match="correct its result"):
        adjust(clock, "a", MINUTE, T0 + 4 * MINUTE)


def test_a_clock_round_trips_through_json() -> None:
    clock, _ = pause(running(30), "b", T0 + MINUTE, "dispute")
    assert loads(MatchClock, dumps(clock)) == clock
