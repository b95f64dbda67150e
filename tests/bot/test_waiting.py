"""Whom the game waits on, and how they hear of it (issue 4): one notification per change of the waited-on
seats, reminders at the right times and never in quiet hours, the nudge limit, vacations. The service runs on
a real SQLite file with the test's clock; the scheduler's jobs are inspected and its handlers run with the
test's `now`, so nothing sleeps."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.pace import Pace
from bot.scheduler import Scheduler
from bot.service import NotSeated, Service
from engines.core import RuleError
from tests.bot.tables import move, waiting, waits_of
from tests.conftest import ALICE, BOB, CARA, FakeClock, RecordingMessenger, started_game


async def test_the_waited_on_seats_are_told_once_per_change(timed: Service, messenger: RecordingMessenger):
    """Given a Tally game, each commit tells exactly the seats that joined the waited-on set, and nobody else."""
    game_id = await started_game(timed, players=2)
    start = messenger.notices[-1]
    assert start.turn_notify == ["p1", "p2"]  # both must bid
    await move(timed, game_id, "p1")
    assert messenger.notices[-1].turn_notify == []  # p2 was already told
    moves = 0
    while before := await waiting(timed, game_id):  # to the end of the game
        moves += 1
        await move(timed, game_id, before[0])
        notice = messenger.notices[-1]
        after = await waiting(timed, game_id)
        assert notice.turn_notify == [s for s in after if s not in before]
        assert len(notice.turn_notify) <= 1
    assert moves >= 3
    assert all(n.waiting_changed for n in messenger.notices if n.turn_notify)  # never without a change


async def test_no_notification_while_the_same_seat_keeps_acting(timed: Service, messenger: RecordingMessenger,
                                                                clock: FakeClock):
    """A one-player game waits on p1 after every move: p1 hears of it once, at the start; each move of
    theirs starts their wait again (reminders count inactivity, not the game's age)."""
    game_id = await started_game(timed, players=1)
    for _ in range(4):
        clock.advance(hours=1)
        await move(timed, game_id, "p1", draw=True)
        assert messenger.notices[-1].turn_notify == []
        if await waiting(timed, game_id):
            assert (await waits_of(timed, game_id))["p1"].since == clock.now
    assert [n.turn_notify for n in messenger.notices if n.turn_notify] == [["p1"]]


async def test_reminders_come_at_the_right_times_and_never_in_quiet_hours(
    timed: Service, messenger: RecordingMessenger, clock: FakeClock
):
    """Given reminders after 12 hours then every 12, and Bob in New York with quiet hours 22-8: the first
    reminder, due at 22:00 his time, waits until 08:00; the next comes 12 hours later, at 20:00."""
    t0 = clock.now  # 2 March 2026, 15:00 UTC = 10:00 in New York
    await timed.tempo.settings(BOB, "America/New_York", "22-8")
    ref = await timed.create("tally", ALICE, pace=Pace(remind_after=timedelta(hours=12),
                                                       remind_every=timedelta(hours=12)))
    await timed.join(ref.id, BOB)
    await timed.start(ref.id, ALICE)
    await move(timed, ref.id, "p1")  # Alice bids; the game waits on Bob alone
    scheduler = Scheduler(timed, fire=False)
    await scheduler.start()
    first = t0 + timedelta(hours=22)  # 13:00 UTC on 3 March = 08:00 in New York
    assert scheduler.armed()[f"remind:{ref.id}:p2"] == first

    for hour in (12, 16, 21):  # nominally due at +12 h (22:00 his time); night until +22 h
        assert await scheduler.sweep(t0 + timedelta(hours=hour)) == 0
    clock.now = first
    assert await scheduler.sweep() == 1
    [reminder] = messenger.reminders()
    assert (reminder.seat, reminder.since, reminder.nudged_by) == ("p2", t0, None)
    assert reminder.asked and reminder.asked[0].endswith("Bid a card face down")
    assert await scheduler.sweep() == 0  # a duplicate run sends nothing
    second = first + timedelta(hours=12)  # 01:00 UTC = 20:00 in New York: not quiet
    assert scheduler.armed()[f"remind:{ref.id}:p2"] == second
    assert await scheduler.sweep(second - timedelta(minutes=1)) == 0
    clock.now = second
    assert await scheduler.sweep() == 1 and len(messenger.reminders()) == 2
    third = second + timedelta(hours=12)  # 13:00 UTC = 08:00: the first awake minute
    assert scheduler.armed()[f"remind:{ref.id}:p2"] == third
    await scheduler.stop()


async def test_nobody_is_reminded_for_a_game_that_moved_on(timed: Service, messenger: RecordingMessenger,
                                                            clock: FakeClock):
    """A reminder's timer that rings after the player moved finds no wait and does nothing."""
    game_id = await started_game(timed, players=2)
    scheduler = Scheduler(timed, fire=False)
    await scheduler.start()
    job = scheduler.job("remind", game_id, "p1")
    await move(timed, game_id, "p1")
    assert f"remind:{game_id}:p1" not in scheduler.armed()  # removed with the wait
    clock.advance(days=2)
    await job.func(*job.args)  # a stale timer rings anyway: it re-reads the facts and finds no wait
    assert messenger.reminders() == []
    await scheduler.stop()


async def test_a_player_is_nudged_at_most_once_a_day_across_all_games(
    timed: Service, messenger: RecordingMessenger, clock: FakeClock
):
    one = await started_game(timed, players=2)  # Alice and Bob
    two = await timed.create("tally", CARA)
    await timed.join(two.id, BOB)
    await timed.start(two.id, CARA)
    await move(timed, one, "p1")  # game one waits on Bob
    await move(timed, two.id, "p1", user=CARA)  # game two waits on Bob too

    assert await timed.tempo.nudge(one, ALICE) == "Nudged Bob."
    [nudge] = messenger.reminders()
    assert (nudge.user_id, nudge.nudged_by) == (BOB.id, "Alice")
    with pytest.raises(RuleError, match="Bob was nudged"):
        await timed.tempo.nudge(one, ALICE)
    clock.advance(hours=23)
    with pytest.raises(RuleError, match="Bob was nudged"):
        await timed.tempo.nudge(two.id, CARA)  # another game, another player: still the same day for Bob
    clock.advance(hours=1)
    assert await timed.tempo.nudge(two.id, CARA) == "Nudged Bob."
    assert len(messenger.reminders()) == 2


async def test_who_may_nudge_whom(timed: Service, clock: FakeClock):
    game_id = await started_game(timed, players=2)
    await move(timed, game_id, "p1")
    with pytest.raises(RuleError, match="waiting on you"):
        await timed.tempo.nudge(game_id, BOB)
    with pytest.raises(NotSeated):
        await timed.tempo.nudge(game_id, CARA)


async def test_a_nudge_in_the_targets_quiet_hours_is_refused_and_not_spent(
    timed: Service, messenger: RecordingMessenger, clock: FakeClock
):
    game_id = await started_game(timed, players=2)
    await move(timed, game_id, "p1")
    await timed.tempo.settings(BOB, "Asia/Tokyo", "22-8")  # 15:00 UTC is midnight in Tokyo
    with pytest.raises(RuleError, match="It is night for Bob"):
        await timed.tempo.nudge(game_id, ALICE)
    clock.advance(hours=8)  # 08:00 in Tokyo
    assert await timed.tempo.nudge(game_id, ALICE) == "Nudged Bob."
    assert len(messenger.reminders()) == 1


async def test_a_vacation_pauses_deadlines_silences_reminders_and_tells_the_table(
    timed: Service, messenger: RecordingMessenger, clock: FakeClock
):
    t0 = clock.now
    ref = await timed.create("tally", ALICE, pace=Pace(deadline=timedelta(days=3)))
    await timed.join(ref.id, BOB)
    await timed.start(ref.id, ALICE)
    await move(timed, ref.id, "p1")
    assert (await waits_of(timed, ref.id))["p2"].deadline_at == t0 + timedelta(days=3)

    clock.advance(hours=2)
    said = await timed.tempo.vacation(BOB, "2026-03-07")  # back on 7 March (UTC): 4 days and 7 hours away
    assert "paused until" in said
    away = timedelta(days=4, hours=7)
    wait = (await waits_of(timed, ref.id))["p2"]
    assert wait.deadline_at == t0 + timedelta(days=3) + away
    assert wait.next_reminder_at is not None and wait.next_reminder_at >= clock.now + away
    assert any("Bob is on vacation until" in line for line in messenger.notices[-1].public_lines)

    clock.advance(days=1)
    await timed.tempo.vacation(BOB, "off")  # back early: the unused pause is taken back
    wait = (await waits_of(timed, ref.id))["p2"]
    assert wait.deadline_at == t0 + timedelta(days=3) + timedelta(days=1)  # charged for nothing while away
    assert "back from vacation" in messenger.notices[-1].public_lines[0]
    with pytest.raises(RuleError, match="not on vacation"):
        await timed.tempo.vacation(BOB, "off")


async def test_a_wait_that_begins_during_a_vacation_starts_counting_on_return(
    timed: Service, clock: FakeClock
):
    await timed.tempo.vacation(BOB, "2026-03-04")  # away until 4 March, 00:00 UTC: 33 hours
    ref = await timed.create("tally", ALICE, pace=Pace(deadline=timedelta(days=2)))
    await timed.join(ref.id, BOB)
    await timed.start(ref.id, ALICE)
    wait = (await waits_of(timed, ref.id))["p2"]
    back = clock.now + timedelta(hours=33)
    assert wait.deadline_at == back + timedelta(days=2)
    assert wait.next_reminder_at is not None and wait.next_reminder_at >= back
