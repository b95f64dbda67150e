"""The scheduler (DESIGN.md, 'Time'): facts in the database, in-memory jobs rebuilt at start-up, handlers that
re-check, downtime charged to nobody. Each restart here is a new Database, Service and Scheduler on the same
SQLite file, as a new process would be."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from sqlalchemy import delete, update

from bot.pace import Pace
from bot.scheduler import Scheduler
from bot.service import Notice, Service
from bot.store.database import Database
from bot.store.models import WaitRow, utcnow
from tests.bot.tables import move, waits_of
from tests.conftest import ALICE, BOB, FakeClock, RecordingMessenger, started_game

DAY = timedelta(days=1)


async def a_process(url: str, clock: FakeClock, messenger: RecordingMessenger) -> tuple[Database, Service, Scheduler]:
    db = Database(url)
    service = Service(db, messenger, seed_source=lambda: 4242, clock=clock)
    scheduler = Scheduler(service, fire=False)
    await scheduler.start()
    return db, service, scheduler


async def test_a_restart_between_scheduling_and_the_reminder_still_sends_it_exactly_once(sqlite_url: str):
    clock, messenger = FakeClock(), RecordingMessenger()
    t0 = clock.now
    db, service, scheduler = await a_process(sqlite_url, clock, messenger)
    game_id = await started_game(service, players=2)
    await move(service, game_id, "p1")  # the game waits on Bob; his reminder is due in 24 hours
    assert scheduler.armed()[f"remind:{game_id}:p2"] == t0 + DAY
    clock.advance(hours=1)
    await scheduler.stop()  # a deploy: the process ends...
    await db.close()

    clock.advance(seconds=30)  # ...and the next one starts at once: no downtime to credit
    db, service, scheduler = await a_process(sqlite_url, clock, messenger)
    assert scheduler.downtime is None
    job = scheduler.job("remind", game_id, "p2")  # rebuilt from the wait row
    assert job is not None and job.id == f"remind:{game_id}:p2"
    assert scheduler.armed()[job.id] == t0 + DAY

    clock.now = t0 + DAY
    await job.func(*job.args)
    await job.func(*job.args)  # the same timer twice
    assert await scheduler.sweep() == 0  # and the safety sweep
    assert [(r.seat, r.nudged_by) for r in messenger.reminders()] == [("p2", None)]
    await scheduler.stop()
    await db.close()

    clock.advance(minutes=1)  # one more restart after it was sent: not sent again
    db, service, scheduler = await a_process(sqlite_url, clock, messenger)
    assert scheduler.armed()[f"remind:{game_id}:p2"] == t0 + 2 * DAY
    assert await scheduler.sweep() == 0
    assert len(messenger.reminders()) == 1
    await scheduler.stop()
    await db.close()


async def test_six_hours_of_downtime_are_charged_to_nobody_and_the_table_is_told(sqlite_url: str):
    clock, messenger = FakeClock(), RecordingMessenger()
    t0 = clock.now
    db, service, scheduler = await a_process(sqlite_url, clock, messenger)
    ref = await service.create("tally", ALICE, pace=Pace(deadline=timedelta(days=3)))
    await service.join(ref.id, BOB)
    await service.start(ref.id, ALICE)
    await move(service, ref.id, "p1")  # Bob: reminder at t0 + 1 day, deadline at t0 + 3 days
    clock.advance(hours=2)
    await scheduler.beat()  # the last sign of life...
    await db.close()  # ...then the process dies: no clean stop

    clock.advance(hours=6)
    db, service, scheduler = await a_process(sqlite_url, clock, messenger)
    assert scheduler.downtime is not None and scheduler.downtime.length == timedelta(hours=6)
    wait = (await waits_of(service, ref.id))["p2"]
    assert wait.deadline_at == t0 + timedelta(days=3, hours=6)
    assert wait.next_reminder_at == t0 + timedelta(days=1, hours=6)
    assert scheduler.armed()[f"deadline:{ref.id}:p2"] == t0 + timedelta(days=3, hours=6)
    told = [line for line in messenger.lines() if "The bot was away for 6 hours" in line]
    assert len(told) == 1 and "charged to nobody" in told[0]

    clock.advance(minutes=1)
    await scheduler.stop()
    await db.close()
    db, service, scheduler = await a_process(sqlite_url, clock, messenger)  # restarting again credits nothing
    assert scheduler.downtime is None
    assert (await waits_of(service, ref.id))["p2"].deadline_at == t0 + timedelta(days=3, hours=6)
    assert len([line for line in messenger.lines() if "The bot was away" in line]) == 1

    clock.now = t0 + timedelta(days=3)  # the old deadline: Bob still has six hours
    await scheduler.sweep()
    assert not any(n.deadline_ask for n in messenger.notices)
    clock.now = t0 + timedelta(days=3, hours=6)
    await scheduler.sweep()
    assert [n.deadline_ask.seat for n in messenger.notices if n.deadline_ask] == ["p2"]
    await scheduler.stop()
    await db.close()


async def test_a_short_restart_is_not_downtime(sqlite_url: str):
    clock, messenger = FakeClock(), RecordingMessenger()
    db, service, scheduler = await a_process(sqlite_url, clock, messenger)
    game_id = await started_game(service, players=2)
    before = await waits_of(service, game_id)
    await db.close()  # a crash right after the last heartbeat
    clock.advance(seconds=90)
    db, service, scheduler = await a_process(sqlite_url, clock, messenger)
    assert scheduler.downtime is None and await waits_of(service, game_id) == before
    await scheduler.stop()
    await db.close()


async def test_jobs_follow_the_waits_and_go_when_the_game_ends(timed: Service, clock: FakeClock):
    scheduler = Scheduler(timed, fire=False)
    await scheduler.start()
    game_id = await started_game(timed, players=2)
    assert set(scheduler.armed()) == {f"remind:{game_id}:p1", f"remind:{game_id}:p2"}
    await timed.abandon(game_id, ALICE)
    assert scheduler.armed() == {}
    assert [j.id for j in scheduler.aps.get_jobs()] == ["heartbeat", "sweep"]
    await scheduler.stop()


class Awaited(RecordingMessenger):
    """Lets a test await the first reminder instead of sleeping for it."""

    def __init__(self) -> None:
        super().__init__()
        self.reminded = asyncio.Event()

    async def deliver(self, notice: Notice) -> None:
        await super().deliver(notice)
        if notice.reminders:
            self.reminded.set()


async def test_apscheduler_runs_a_job_whose_time_passed_while_the_bot_was_down(sqlite_url: str):
    """With the wall clock and jobs that ring by themselves: a reminder due before the start-up is sent at
    start-up (misfire_grace_time=None), once."""
    messenger = Awaited()
    db = Database(sqlite_url)
    service = Service(db, messenger, seed_source=lambda: 4242)
    game_id = await started_game(service, players=2)
    await move(service, game_id, "p1")
    async with db.session() as s:  # Bob's reminder came due a minute ago
        await s.execute(update(WaitRow).values(next_reminder_at=utcnow() - timedelta(minutes=1)))
    scheduler = Scheduler(service)  # fire=True: APScheduler rings the jobs itself
    await scheduler.start()
    await asyncio.wait_for(messenger.reminded.wait(), timeout=10)
    await scheduler.sweep()
    assert [r.seat for r in messenger.reminders()] == ["p2"]
    assert scheduler.armed()[f"remind:{game_id}:p2"] > utcnow()
    await scheduler.stop()
    await db.close()


async def test_games_begun_before_the_wait_table_get_their_waits_at_start_up(timed: Service, clock: FakeClock,
                                                                            db: Database):
    game_id = await started_game(timed, players=2)
    async with db.session() as s:  # as if the game had begun before this version of the bot
        await s.execute(delete(WaitRow))
    clock.advance(hours=1)
    scheduler = Scheduler(timed, fire=False)
    await scheduler.start()
    waits = await waits_of(timed, game_id)
    assert set(waits) == {"p1", "p2"} and waits["p1"].since == clock.now
    assert scheduler.armed()[f"remind:{game_id}:p2"] == clock.now + DAY
    await scheduler.stop()
