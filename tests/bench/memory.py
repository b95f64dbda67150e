"""Memory with 1,000 active games: the resident size of a fresh process that has loaded every game's state
into the service (as it does once each game has been played or looked at) and armed every game's timers.

Run in its own process (`python -m tests.bench.memory`), so nothing measured before it is counted.

And the board painter's process (bot/chat/painter.py, the bot's own `Painter`): its resident size once started
(every renderer imported), then once it has drawn boards of all four games, each game's table after every one of a
few dozen random moves from a seeded set-up and each seat's own board at the end (what it keeps between boards:
laid-out blocks, drawn tiles, text masks, every game's at once, as in a bot running them all)."""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import random
import subprocess
import sys
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from tests.bench.common import Row


def rss_mb(pid: int | str = "self") -> float:
    """The resident set size of process `pid` (this one by default), from /proc (Linux), in MiB."""
    status = Path(f"/proc/{pid}/status")
    for line in status.read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS in {status}")


async def _measure(url: str, games: int, distinct: int) -> dict[str, float]:
    from sqlalchemy import insert

    from bot.scheduler import Scheduler
    from bot.service import Service, SilentMessenger
    from bot.store.database import Database
    from bot.store.models import GameRow, GameStatus, SeatRow, WaitRow
    from engines import registry
    from engines.lcg import GAME as LCG
    from tests.bench.boards import midgame

    registry.load()
    baseline = rss_mb()
    # Mid-game 4-player LCG tables reached by random legal play; each of the `games` rows gets its own copy of
    # one of them as JSON, so every loaded state is a separate object graph of a real size.
    states = [LCG.dumps(midgame(LCG, 4, 100 + 7 * i, lambda s, _: s.round >= 3 and s.phase == "combat"))
              for i in range(distinct)]
    now = datetime.now(UTC)
    db = Database(url)
    async with db.session() as s:
        await s.execute(insert(GameRow), [
            {"id": g, "game": "lcg", "status": GameStatus.ACTIVE, "guild_id": 1, "channel_id": 2, "thread_id": 3 + g,
             "host_user_id": 10, "options_json": "{}", "seed": g, "state_json": states[g % distinct], "version": 1,
             "journal_seq": 1, "engine_version": LCG.version, "deadline_days": 3, "created_at": now,
             "updated_at": now}
            for g in range(1, games + 1)])
        await s.execute(insert(SeatRow), [
            {"game_id": g, "user_id": 10 + p, "display_name": f"u{p}", "position": p, "seat": f"p{p + 1}",
             "joined_at": now}
            for g in range(1, games + 1) for p in range(4)])
        await s.execute(insert(WaitRow), [
            {"game_id": g, "seat": "p1", "since": now, "decision_ids_json": "[1]",
             "next_reminder_at": now + timedelta(days=1), "deadline_at": now + timedelta(days=3)}
            for g in range(1, games + 1)])
    del states
    gc.collect()
    before = rss_mb()
    service = Service(db, SilentMessenger())
    scheduler = Scheduler(service)
    await scheduler.start()
    state_bytes = 0
    for g in range(1, games + 1):
        _, view = await service.view(g, None)  # loads and keeps the decoded state, as play does
        state_bytes += len(LCG.dumps(service.core.cache[g][1]))
    gc.collect()
    after = rss_mb()
    jobs = len(scheduler.armed())
    await scheduler.stop()
    await db.close()
    return {"baseline": baseline, "before": before, "after": after, "jobs": jobs,
            "json_kib": state_bytes / games / 1024}


def measure(games: int, distinct: int) -> dict[str, float]:
    from bot.store import migrate

    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite+aiosqlite:///{tmp}/bench.db"
        migrate.upgrade(url)
        return asyncio.run(_measure(url, games, distinct))


def rows(games: int = 1000) -> list[Row]:
    return [*games_rows(games), *painter_rows()]


def games_rows(games: int = 1000) -> list[Row]:
    out = subprocess.run([sys.executable, "-m", "tests.bench.memory", "--games", str(games)],
                         check=True, capture_output=True, text=True)
    m = json.loads(out.stdout.strip().splitlines()[-1])
    per_game = (m["after"] - m["before"]) / games * 1024
    return [Row(f"memory with {games:,} active games (LCG, 4 players, mid-game, loaded, timers armed)",
                f"{m['after']:.0f} MiB resident",
                f"the process before loading them {m['before']:.0f} MiB",
                f"{per_game:.0f} KiB per game in memory ({m['json_kib']:.0f} KiB as JSON); "
                f"{m['jobs']:,.0f} jobs armed")]


# The four games' boards the painter draws: label, game, players, options (WotR as busy.py plays it).
PAINTED: tuple[tuple[str, str, int, dict[str, str]], ...] = (
    ("LCG", "lcg", 4, {}), ("WotR", "wotr", 4, {"scenario": "trilogy"}), ("the TCG", "tcg", 4, {}),
    ("MEQ", "meq", 4, {}))


def painted_views(moves: int = 40, seed: int = 11) -> list[tuple[str, list[Any]]]:
    """Each game of PAINTED set up from `seed` and played `moves` random legal moves (fewer if it ends): its table's
    view after each move, then each seat's own view of where it stopped (MEQ DMs each seat its own board)."""
    from engines import registry
    from engines.core import Config
    from tests.bench.common import played_views

    registry.load()
    out = []
    for label, name, players, options in PAINTED:
        game = registry.get(name)
        state = game.setup(Config(seats=game.seat_names(players), options=dict(options)), seed)
        state, views = played_views(game, state, None, moves, random.Random(seed))
        views += [game.view(state, seat) for seat in game.seat_names(players)]
        out.append((label, views))
    return out


async def _painter(games: list[tuple[str, list[Any]]]) -> tuple[float, float, int]:
    """The bot's painter started (its child ready), its resident size; every view of `games` drawn in it, in
    turn, its resident size again; and how many times its child was started (1 unless one died)."""
    from bot.chat.painter import Painter

    painter = Painter()
    try:
        await painter.start()
        assert painter.pid is not None
        start = rss_mb(painter.pid)
        for _, views in games:
            for view in views:
                await painter.draw(view)
        assert painter.pid is not None
        return start, rss_mb(painter.pid), painter.started
    finally:
        await painter.close()


def painter_rows(moves: int = 40, seed: int = 11) -> list[Row]:
    games = painted_views(moves, seed)
    start, drawn, started = asyncio.run(_painter(games))
    count = sum(len(views) for _, views in games)
    each = ", ".join(f"{label} {len(views)}" for label, views in games)
    note = (f"{count} boards drawn: each game, 4 players, seed {seed}, its table after each of up to {moves} random "
            f"moves, then each seat's own board ({each})")
    if started > 1:
        note += f"; the drawing process was started {started} times"
    return [Row("memory of the board painter's process (bot/chat/painter.py), boards of all four games drawn",
                f"{drawn:.0f} MiB resident", f"the process started, every renderer imported {start:.0f} MiB", note)]


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.memory")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--distinct", type=int, default=12)
    args = parser.parse_args()
    print(json.dumps(measure(args.games, args.distinct)))


if __name__ == "__main__":
    main()
