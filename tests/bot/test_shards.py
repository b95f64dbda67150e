"""Sharding across processes (issue 7, Scale): each process runs only its shards' servers' games' timers.
Two services on one database stand for two processes, each with its own scheduler; on SQLite and, when a
server is configured, on PostgreSQL."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.pace import Pace
from bot.scheduler import Scheduler
from bot.service import Place, Service
from bot.shards import ShardError, Shards
from bot.store.database import Database
from bot.store.models import GameRow
from tests.bot.tables import move
from tests.conftest import ALICE, BOB, FakeClock, RecordingMessenger


def guild_on(shard: int, count: int, n: int = 0) -> int:
    """A server id Discord routes to `shard` of `count` (a snowflake's time part picks the shard)."""
    return ((shard + count * (1000 + n)) << 22) | 12345


def test_shard_settings_are_read_and_checked():
    assert Shards.parse(None, "") is None
    assert Shards.parse(4, "") == Shards(count=4, ids=(0, 1, 2, 3))
    assert Shards.parse(4, "1,3") == Shards(count=4, ids=(1, 3))
    assert Shards.parse(8, "4-7") == Shards(count=8, ids=(4, 5, 6, 7))
    for count, ids, why in [(None, "0", "needs SHARD_COUNT"), (2, "2", "from 0 to 1"), (2, "a", "not a shard"),
                            (0, "", "at least 1")]:
        with pytest.raises(ShardError, match=why):
            Shards.parse(count, ids)


def test_a_server_belongs_to_the_shard_discord_routes_it_to():
    two = Shards.parse(2, "1")
    assert two is not None
    assert two.owns(guild_on(1, 2)) and not two.owns(guild_on(0, 2))
    assert Shards.of(guild_on(3, 4, 7), 4) == 3
    assert not two.owns(None)  # console games belong to the process running shard 0
    assert Shards(count=2, ids=(0,)).owns(None)


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest) -> str:
    return str(request.getfixturevalue("sqlite_url" if request.param == "sqlite" else "pg_url"))


async def a_game(service: Service, guild_id: int | None) -> int:
    """A started two-player Tally game with a 2-day deadline, waiting on p2 (and p1 until it bids)."""
    place = Place(guild_id=guild_id, channel_id=guild_id)
    ref = await service.create("tally", ALICE, place, pace=Pace(deadline=timedelta(days=2)))
    await service.join(ref.id, BOB)
    await service.start(ref.id, ALICE)
    await move(service, ref.id, "p1")
    return ref.id


async def test_each_process_arms_and_rings_only_its_own_servers_timers(url: str):
    clock = FakeClock()
    db_a, db_b = Database(url), Database(url)
    told_a, told_b = RecordingMessenger(), RecordingMessenger()
    a = Service(db_a, told_a, seed_source=lambda: 7, clock=clock)
    b = Service(db_b, told_b, seed_source=lambda: 7, clock=clock)
    a.shards, b.shards = Shards(count=2, ids=(0,)), Shards(count=2, ids=(1,))
    try:
        zero = [await a_game(a, guild_on(0, 2, n)) for n in range(2)]
        one = [await a_game(a, guild_on(1, 2, n)) for n in range(3)]  # made through A: a command goes anywhere
        console = await a_game(b, None)
        timers_a, timers_b = Scheduler(a, fire=False), Scheduler(b, fire=False)
        await timers_a.start()
        await timers_b.start()

        def games(s: Scheduler) -> set[int]:
            return {int(j.split(":")[1]) for j in s.armed()}

        assert games(timers_a) == {*zero, console}
        assert games(timers_b) == set(one)
        await move(b, zero[0], "p2")  # B plays in A's server's game: A's timers are none of B's business
        assert games(timers_b) == set(one)

        def late(told: RecordingMessenger) -> set[int]:
            return {n.ref.id for n in told.notices if n.deadline_ask is not None}

        clock.advance(days=3)  # every deadline has passed: each process tells only its own tables
        await timers_b.sweep(clock.now)
        await timers_a.sweep(clock.now)
        assert late(told_b) == set(one)
        assert late(told_a) == {*zero, console}
        await timers_a.stop()
        await timers_b.stop()

        clock.advance(hours=5)  # both processes were down for 5 hours; only B comes back now
        restarted = Service(db_b, RecordingMessenger(), clock=clock)
        restarted.shards = Shards(count=2, ids=(1,))
        again = Scheduler(restarted, fire=False)
        down = await again.start()
        assert down is not None and down.games == len(one)  # A's games wait for A to credit its own downtime
        assert games(again) == set(one)  # its own games' reminders, and nothing of A's
        await again.stop()
        async with db_b.session() as s:
            assert (await s.get(GameRow, zero[1])) is not None
    finally:
        await db_a.close()
        await db_b.close()
