"""Start-up to ready with 10,000 open games: downtime credited, every wait loaded, its jobs armed."""

from __future__ import annotations

import asyncio
import tempfile
import time
from datetime import UTC, datetime, timedelta

from bot.scheduler import Scheduler
from bot.service import Service, SilentMessenger
from bot.store import migrate
from bot.store.database import Database
from bot.store.models import GameRow, GameStatus, HeartbeatRow, SeatRow, WaitRow
from engines import registry
from tests.bench.common import Row
from tests.games.tally import GAME as TALLY


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


def rows(games: int = 10_000) -> list[Row]:
    registry.register(TALLY)
    out = []
    for downtime, label in ((timedelta(seconds=30), "a restart"), (timedelta(hours=6), "6 h of downtime")):
        with tempfile.TemporaryDirectory() as tmp:
            url = f"sqlite+aiosqlite:///{tmp}/bench.db"
            migrate.upgrade(url)
            ready, floor, waits, jobs = asyncio.run(startup(url, games, downtime))
        told = f"; {waits:,} deadlines moved, {games:,} tables told" if downtime > timedelta(minutes=2) else ""
        out.append(Row(f"start-up to ready after {label}, SQLite, {games:,} open games with deadlines",
                        f"{ready * 1000:,.0f} ms", f"bare SELECT of the {waits:,} waits {floor * 1000:,.0f} ms",
                        f"{jobs:,} jobs armed{told}"))
    return out
