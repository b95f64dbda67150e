"""The same service on PostgreSQL, and two service instances (two processes' worth) sharing one database."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from bot.pace import Pace
from bot.scheduler import Scheduler
from bot.service import Service
from bot.store.database import Database
from engines.core import codec
from tests.bot.storm import race_undos, storm_game, storm_games, take_turns
from tests.bot.tables import move, waits_of
from tests.conftest import ALICE, BOB, FakeClock, RecordingMessenger, started_game

pytestmark = pytest.mark.postgres


async def test_a_game_plays_and_replays_on_postgresql(pg_url: str):
    db = Database(pg_url)
    service = Service(db, seed_source=lambda: 99)
    try:
        game_id = await started_game(service, players=2)
        for _ in range(8):
            state = await service.stored_state(game_id)
            if state.outcome:
                break
            d = state.decisions[0]
            await service.answer(game_id, ALICE if d.seat == "p1" else BOB, d.id, d.options[0].id)
        assert codec.dumps(await service.replay(game_id)) == codec.dumps(await service.stored_state(game_id))
    finally:
        await db.close()


async def test_two_service_instances_never_both_apply(pg_url: str):
    """Given two processes sharing PostgreSQL, when 64 commands from seated players and onlookers hit one
    game's open decisions at once through both, then each decision takes exactly one answer, the others are
    told "no longer open" or "not seated", nothing deadlocks, the journal has no gap, and both processes
    see the state the journal replays to."""
    db_a, db_b = Database(pg_url), Database(pg_url)
    a, b = Service(db_a, seed_source=lambda: 11), Service(db_b)
    try:
        game_id = await started_game(a, players=4)
        await storm_game([a, b], game_id, rounds=6)
    finally:
        await db_a.close()
        await db_b.close()


async def test_storms_on_games_sharing_their_players_never_deadlock(pg_url: str):
    """Given three games seating the same four people, when storms hit all of them at once through two
    processes, then every game takes one answer per decision and nothing deadlocks (the games' commands
    touch rows they share: the players' own rows and their seats)."""
    db_a, db_b = Database(pg_url), Database(pg_url)
    a, b = Service(db_a), Service(db_b)
    try:
        games = [await started_game(a, players=4) for _ in range(3)]
        await storm_games([a, b], games, rounds=3)
    finally:
        await db_a.close()
        await db_b.close()


async def test_undo_requests_consents_and_answers_racing_across_two_instances_never_deadlock(pg_url: str):
    """Given two processes, when answers, undo requests and consents hit one game at once, then each either
    applies or is refused with words: no deadlock (an undo request used to lock the open request before the
    game row, a consent the other way round), and the journal stays whole."""
    db_a, db_b = Database(pg_url), Database(pg_url)
    a, b = Service(db_a), Service(db_b)
    try:
        for seed in range(3):
            game_id = await started_game(a, players=2)
            await race_undos([a, b], game_id, rounds=20, seed=seed)
    finally:
        await db_a.close()
        await db_b.close()


async def test_two_service_instances_taking_turns_see_each_others_moves(pg_url: str):
    await take_turns(pg_url)


async def test_reminders_nudges_deadlines_and_downtime_on_postgresql(pg_url: str):
    """The pace's compare-and-set claims on PostgreSQL, with two processes racing for the same reminder and the
    same nudge: each is sent once."""
    clock, messenger = FakeClock(), RecordingMessenger()
    t0 = clock.now
    db_a, db_b = Database(pg_url), Database(pg_url)
    a = Service(db_a, messenger, seed_source=lambda: 7, clock=clock)
    b = Service(db_b, messenger, clock=clock)
    try:
        scheduler = Scheduler(a, fire=False)
        await scheduler.start()
        ref = await a.create("tally", ALICE, pace=Pace(deadline=timedelta(days=2)))
        await a.join(ref.id, BOB)
        await a.start(ref.id, ALICE)
        await move(a, ref.id, "p1")
        clock.now = t0 + timedelta(days=1)
        sent = await asyncio.gather(a.alarms.remind_due(ref.id, "p2"), b.alarms.remind_due(ref.id, "p2"))
        assert sorted(sent) == [False, True] and len(messenger.reminders()) == 1
        nudged = await asyncio.gather(a.tempo.nudge(ref.id, ALICE), b.tempo.nudge(ref.id, ALICE),
                                      return_exceptions=True)
        assert len([n for n in nudged if n == "Nudged Bob."]) == 1 and len(messenger.reminders()) == 2
        await scheduler.beat()
        await scheduler.stop()
        clock.advance(hours=6)
        restarted = Scheduler(b, fire=False)
        assert (await restarted.start()) is not None  # six hours away: credited
        assert (await waits_of(b, ref.id))["p2"].deadline_at == t0 + timedelta(days=2, hours=6)
        clock.now = t0 + timedelta(days=2, hours=6)
        await restarted.sweep()
        assert [n.deadline_ask.seat for n in messenger.notices if n.deadline_ask] == ["p2"]
        await restarted.stop()
    finally:
        await db_a.close()
        await db_b.close()
