"""`make bench`: measure, print a table, and rewrite BENCHMARKS.md.

Each figure stands beside its floor, measured in the same run on the same machine: command latency beside a
bare journal INSERT + COMMIT, a board render beside Pillow's bare PNG encode of an image of the same size.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import os
import platform
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path
from typing import Any

from PIL import Image

from bot.scheduler import Scheduler
from bot.service import Notice, Service, SilentMessenger, User
from bot.store import migrate
from bot.store.database import Database
from bot.store.models import GameRow, GameStatus, HeartbeatRow, JournalRow, SeatRow, WaitRow
from engines import registry
from engines.core import Config
from render.registry import render
from tests.engines.randomplay import random_answer
from tests.games.tally import GAME as TALLY

ROOT = Path(__file__).resolve().parents[2]
RATE = 100.0  # commands per second across all games: a very busy server


@dataclass
class Row:
    name: str
    value: str
    floor: str = ""
    note: str = ""


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


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


async def fill_open_games(db: Database, games: int, now: datetime) -> int:
    """`games` games in play, two seats each, both waited on with a reminder and a deadline: rows inserted in
    bulk, as a long-running server would have them. Returns the number of waits."""
    from sqlalchemy import insert

    day = timedelta(days=1)
    async with db.session() as s:
        await s.execute(insert(GameRow), [
            {"id": g, "game": "tally", "status": GameStatus.ACTIVE, "guild_id": 1, "channel_id": 2, "thread_id": 3 + g,
             "host_user_id": 10, "options_json": "{}", "seed": g, "version": 1, "journal_seq": 1,
             "engine_version": "1", "deadline_days": 3, "created_at": now, "updated_at": now}
            for g in range(1, games + 1)])
        await s.execute(insert(SeatRow), [
            {"game_id": g, "user_id": 10 + p, "display_name": f"u{p}", "position": p, "seat": f"p{p + 1}",
             "joined_at": now}
            for g in range(1, games + 1) for p in range(2)])
        ago = [(g % 24) * timedelta(hours=1) for g in range(games + 1)]  # waits begun over the last day
        await s.execute(insert(WaitRow), [
            {"game_id": g, "seat": f"p{p + 1}", "since": now - ago[g], "decision_ids_json": "[1]",
             "next_reminder_at": now + day - ago[g], "deadline_at": now + 3 * day - ago[g]}
            for g in range(1, games + 1) for p in range(2)])
    return games * 2


async def startup(url: str, games: int, downtime: timedelta) -> tuple[float, float, int, int]:
    """Time from a cold process to ready: the downtime credited (and told), every open wait loaded and its
    jobs armed in APScheduler. The floor is the bare SELECT of the same wait rows."""
    from sqlalchemy import select

    now = datetime.now(UTC)
    db = Database(url)
    waits = await fill_open_games(db, games, now)
    async with db.session() as s:
        s.add(HeartbeatRow(name="bot", seen_at=now - downtime, started_at=now - downtime - timedelta(days=1)))
    await db.close()
    db = Database(url)  # a new process: nothing cached, no connection warm
    start = time.perf_counter()
    scheduler = Scheduler(Service(db, SilentMessenger()))
    await scheduler.start()
    ready = time.perf_counter() - start
    jobs = len(scheduler.armed())
    await scheduler.stop()
    start = time.perf_counter()
    async with db.session() as s:
        rows = (await s.execute(select(WaitRow))).scalars().all()
    floor = time.perf_counter() - start
    assert len(rows) == waits
    await db.close()
    return ready, floor, waits, jobs


def startup_rows(games: int = 10_000) -> list[Row]:
    registry.register(TALLY)
    rows = []
    for downtime, label in ((timedelta(seconds=30), "a restart"), (timedelta(hours=6), "6 h of downtime")):
        with tempfile.TemporaryDirectory() as tmp:
            url = f"sqlite+aiosqlite:///{tmp}/bench.db"
            migrate.upgrade(url)
            ready, floor, waits, jobs = asyncio.run(startup(url, games, downtime))
        told = f"; {waits:,} deadlines moved, {games:,} tables told" if downtime > timedelta(minutes=2) else ""
        rows.append(Row(f"start-up to ready after {label}, SQLite, {games:,} open games with deadlines",
                        f"{ready * 1000:,.0f} ms", f"bare SELECT of the {waits:,} waits {floor * 1000:,.0f} ms",
                        f"{jobs:,} jobs armed{told}"))
    return rows


def midgame_view(seats: int, seat: str | None, steps: int = 8) -> Any:
    state = TALLY.setup(Config(seats=TALLY.seat_names(seats)), 3)
    rnd = random.Random(3)
    for _ in range(steps):
        if state.outcome:
            break
        d = rnd.choice(state.decisions)
        state = TALLY.apply(state, d.seat, random_answer(d, rnd)).state
    return TALLY.view(state, seat)


def timed(fn: Callable[[], Any], n: int) -> tuple[float, Any]:
    times, result = [], None
    for _ in range(n):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def random_play_rate(game: Any, seats: int, seconds: float = 3.0) -> tuple[float, float]:
    """Random legal commands per second through `apply` (with its copy), and replay speed."""
    rnd = random.Random(5)
    applied, journal = 0, []
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds:
        seed += 1
        config = Config(seats=game.seat_names(seats))
        state = game.setup(config, seed)
        moves = []
        while game.outcome(state) is None:
            d = rnd.choice(game.pending(state))
            command = random_answer(d, rnd)
            state = game.apply(state, d.seat, command).state
            moves.append((d.seat, game.format(command)))
            applied += 1
        journal.append((config, seed, moves))
    rate = applied / (time.perf_counter() - start)
    start, replayed = time.perf_counter(), 0
    for config, seed, moves in journal:
        state = game.setup(config, seed)
        for seat, text in moves:
            state = game.apply(state, seat, game.parse(text)).state
            replayed += 1
    return rate, replayed / (time.perf_counter() - start)


def lcg_midgame_view(seat: str | None) -> Any:
    """A 4-player Passage Through Mirkwood table in round 3 or later, played at random from seed 11."""
    from engines.lcg import GAME as LCG

    rnd = random.Random(11)
    for seed in range(11, 60):
        state = LCG.setup(Config(seats=LCG.seat_names(4)), seed)
        while LCG.outcome(state) is None and not (state.round >= 3 and state.phase == "combat"):
            d = rnd.choice(LCG.pending(state))
            state = LCG.apply(state, d.seat, random_answer(d, rnd)).state
        if LCG.outcome(state) is None:
            return LCG.view(state, seat)
    raise RuntimeError("no mid-game table found")


def measure(games: int, commands: int) -> list[Row]:
    registry.register(TALLY)
    rows: list[Row] = []
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
            rows.append(Row(f"command latency p50 / p99, {backend}, {games} active games, {load}",
                            f"{pct(ms, 50):.2f} / {pct(ms, 99):.2f} ms",
                            f"bare INSERT+COMMIT {pct(floor_ms, 50):.2f} / {pct(floor_ms, 99):.2f} ms",
                            f"p99 = {pct(ms, 99) / pct(floor_ms, 99):.1f}x floor" +
                            ("" if rate else f"; throughput {len(ms) / elapsed:,.0f} commands/s")))
    for audience in (None, "p1"):
        view = midgame_view(4, audience)
        median, png = timed(partial(render, view), 21)
        size = Image.open(io.BytesIO(png)).size
        flat = Image.new("RGB", size, (30, 32, 40))
        noisy = Image.open(io.BytesIO(png)).convert("RGB")
        floor_t, _ = timed(partial(_encode, noisy), 21)
        rows.append(Row(f"board render, generic, Tally 4 seats, {'table' if audience is None else 'seat'} view",
                        f"{median * 1000:.1f} ms, {len(png) / 1024:.1f} KiB ({size[0]}x{size[1]})",
                        f"bare PNG encode {floor_t * 1000:.1f} ms",
                        f"{median / floor_t:.1f}x the floor; flat {size[0]}x{size[1]} encodes in "
                        f"{timed(partial(_encode, flat), 5)[0] * 1000:.1f} ms"))
    from engines.lcg import GAME as LCG

    view = lcg_midgame_view(None)
    median, png = timed(partial(render, view), 21)
    size = Image.open(io.BytesIO(png)).size
    noisy = Image.open(io.BytesIO(png)).convert("RGB")
    floor_t, _ = timed(partial(_encode, noisy), 21)
    rows.append(Row("board render, LCG table, 4 players mid-game",
                    f"{median * 1000:.1f} ms, {len(png) / 1024:.1f} KiB ({size[0]}x{size[1]})",
                    f"bare PNG encode {floor_t * 1000:.1f} ms", f"{median / floor_t:.1f}x the floor"))
    for game, seats in ((TALLY, 4), (LCG, 2)):
        rate, replay = random_play_rate(game, seats)
        rows.append(Row(f"random play through apply ({game.name}, {seats} seats)", f"{rate:,.0f} commands/s"))
        rows.append(Row(f"replay from the seed ({game.name})", f"{replay:,.0f} commands/s"))
    rows += startup_rows()
    return rows


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


def _encode(img: Image.Image) -> bytes:
    buffer = io.BytesIO()
    img.save(buffer, format="PNG")
    return buffer.getvalue()


def write(rows: list[Row]) -> str:
    width = max(len(r.name) for r in rows)
    table = "\n".join(f"{r.name:<{width}}  {r.value:<32} {r.floor:<36} {r.note}" for r in rows)
    md = [
        "# Benchmarks",
        "",
        f"Written by `make bench` on {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {platform.machine()}, "
        f"{os.cpu_count()} CPUs, Python {platform.python_version()}. Each figure stands beside its floor, "
        "measured in the same run.",
        "",
        "| what | measured | floor | note |",
        "|---|---|---|---|",
        *(f"| {r.name} | {r.value} | {r.floor} | {r.note} |" for r in rows),
        "",
    ]
    (ROOT / "BENCHMARKS.md").write_text("\n".join(md), encoding="utf-8")
    return table


def main() -> None:
    parser = argparse.ArgumentParser(prog="make bench")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--commands", type=int, default=2000)
    args = parser.parse_args()
    print(write(measure(args.games, args.commands)))


if __name__ == "__main__":
    main()
