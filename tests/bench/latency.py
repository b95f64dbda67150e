"""Command latency under load: 100 active games on SQLite and PostgreSQL, beside the floor, a bare journal
INSERT + COMMIT on the same database in the same run."""

from __future__ import annotations

import asyncio
import os
import random
import tempfile
import time
from typing import Any

from bot.service import Notice, Service, User
from bot.store import migrate
from bot.store.database import Database
from bot.store.models import JournalRow
from engines import registry
from tests.bench.common import RATE, Row, pct
from tests.engines.randomplay import random_answer
from tests.games.tally import GAME as TALLY


async def bare_insert(db: Database, n: int) -> list[float]:
    """The floor under every command: one journal-sized INSERT and its COMMIT."""
    times = []
    for i in range(n):
        start = time.perf_counter()
        async with db.session() as s:
            s.add(JournalRow(game_id=1, seq=10_000 + i, kind="command", text="answer 1 c1", events_json="[]"))
        times.append(time.perf_counter() - start)
    return times


async def command_latency(url: str, games: int, commands: int, rate: float | None) -> tuple[list[float], list[float]]:
    """`games` games in play at once (Tally, 4 seats). With `rate`, commands arrive at random (Poisson) at
    `rate` per second across all games, as players do; without it every game fires its next command the
    moment the last one returns (saturation). Each latency is the command's whole path: lock, load, apply,
    journal, commit, views (rendering is the messenger's, in the background, and excluded)."""
    db = Database(url)
    # Like a real adapter, the players learn the open decisions from the notices, not by reading the DB.
    open_decisions: dict[int, list[Any]] = {}

    class Tracker:
        async def deliver(self, notice: Notice) -> None:
            open_decisions[notice.ref.id] = notice.decisions

    service = Service(db, Tracker())
    users = [User(id=i, name=f"u{i}") for i in range(1, 5)]
    ids = []
    for _ in range(games):
        ref = await service.create("tally", users[0])
        for u in users[1:]:
            await service.join(ref.id, u)
        await service.start(ref.id, users[0])
        ids.append(ref.id)
    rnd = random.Random(1)
    latencies: list[float] = []

    async def play(game_id: int, budget: int) -> None:
        for _ in range(budget):
            if rate is not None:
                await asyncio.sleep(rnd.expovariate(rate / games))
            if not open_decisions[game_id]:  # that game is over: start another
                ref = await service.create("tally", users[0])
                for u in users[1:]:
                    await service.join(ref.id, u)
                await service.start(ref.id, users[0])
                game_id = ref.id
            d = rnd.choice(open_decisions[game_id])
            text = TALLY.format(random_answer(d, rnd))
            start = time.perf_counter()
            await service.act(game_id, users[int(d.seat[1:]) - 1], text)
            latencies.append(time.perf_counter() - start)

    await asyncio.gather(*(play(g, commands // games) for g in ids))
    floor = await bare_insert(db, 300)
    await db.close()
    return latencies, floor



async def _pg_latency(admin_url: str, games: int, commands: int, rate: float | None) -> tuple[list[float], list[float]]:
    from sqlalchemy import text
    from sqlalchemy.engine import make_url
    from sqlalchemy.ext.asyncio import create_async_engine

    name = f"wm_bench_{int(time.time())}"
    admin = create_async_engine(admin_url, isolation_level="AUTOCOMMIT")
    async with admin.connect() as conn:
        await conn.execute(text(f'CREATE DATABASE "{name}"'))
    url = make_url(admin_url).set(database=name).render_as_string(hide_password=False)
    try:
        await asyncio.to_thread(migrate.upgrade, url)
        return await command_latency(url, games, commands, rate)
    finally:
        async with admin.connect() as conn:
            await conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        await admin.dispose()



def rows(games: int, commands: int) -> list[Row]:
    registry.register(TALLY)
    out: list[Row] = []
    pg = os.environ.get("WESTMARCH_TEST_PG_URL")
    for backend in ("SQLite", "PostgreSQL") if pg else ("SQLite",):
        for rate in (RATE, None):
            if backend == "SQLite":
                with tempfile.TemporaryDirectory() as tmp:
                    url = f"sqlite+aiosqlite:///{tmp}/bench.db"
                    migrate.upgrade(url)
                    start = time.perf_counter()
                    lat, floor = asyncio.run(command_latency(url, games, commands, rate))
            else:
                assert pg is not None
                start = time.perf_counter()
                lat, floor = asyncio.run(_pg_latency(pg, games, commands, rate))
            elapsed = time.perf_counter() - start
            ms, floor_ms = [x * 1000 for x in lat], [x * 1000 for x in floor]
            load = f"{rate:.0f} commands/s arriving at random" if rate else "saturated (all games at once)"
            out.append(Row(f"command latency p50 / p99, {backend}, {games} active games, {load}",
                           f"{pct(ms, 50):.2f} / {pct(ms, 99):.2f} ms",
                           f"bare INSERT+COMMIT {pct(floor_ms, 50):.2f} / {pct(floor_ms, 99):.2f} ms",
                           f"p99 = {pct(ms, 99) / pct(floor_ms, 99):.1f}x floor" +
                           ("" if rate else f"; throughput {len(ms) / elapsed:,.0f} commands/s")))
    return out
