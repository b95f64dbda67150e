"""Command latency through the whole service path (`Service.act`: lock, load, apply, journal, commit, the
notice and its delivery to an in-memory messenger; rendering is the messenger's, in the background, and
excluded), for the games people play (the LCG with 4 players, WotR Trilogy) and for Tally (a test game whose
apply costs almost nothing, so its rows show the service's own cost).

Every row stands beside its floor, measured in the same run on the same database: the engine's own `apply` of
the very same commands (replayed from the journal afterwards) plus one bare INSERT + COMMIT of a journal-sized
row through the bare driver (aiosqlite, or asyncpg for PostgreSQL), with no ORM and no pool in between.

With many games the `apply` is replayed in the order the run committed, every game's state kept between its
commands as the service keeps them: a command then copies a state the processor's caches let go since its
game's last command, which is the engine's own cost at that load.

Where commands arrive at random, the bare writes arrive the same way (random gaps at the same rate, not timed):
between two writes the database's process and the driver's thread fall idle, and waking them is part of what a
write costs at that load (on this machine a bare PostgreSQL INSERT takes about 0.25 ms back to back and about
0.5 ms after such gaps). Those rows also give the ratio against the floor without the run's load: `apply` game
by game and the writes back to back."""

from __future__ import annotations

import asyncio
import gc
import os
import random
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import Insert, event, select
from sqlalchemy.engine import Dialect, make_url
from sqlmodel import col

from bot import heap
from bot.service import Notice, Service, User, history
from bot.store import migrate, one_statement, writes
from bot.store.database import Database
from bot.store.models import JournalKind, JournalRow
from engines import registry
from tests.bench.common import RATE, Row, pct
from tests.engines.randomplay import random_answer
from tests.games.tally import GAME as TALLY

JOURNAL_INSERT = (
    "INSERT INTO journal (game_id, seq, kind, seat, user_id, text, decision_id, ref_seq, barrier, events_json, "
    "engine_version, data_version, rng, created_at) VALUES ({})"
)
JOURNAL_VALUES = (1, 0, "command", "p1", 1, "answer 12 c3", 12, None, False,
                  '[{"text": "p1 plays a card.", "audience": null}]', "1", "", "pcg64", "2026-01-01 00:00:00")


async def pause(gaps: random.Random | None, rate: float | None) -> None:
    """With `rate`, wait a random gap as commands arriving at `rate` per second leave between them."""
    if gaps is not None and rate:
        await asyncio.sleep(gaps.expovariate(rate))


async def bare_sqlite(path: str, n: int, rate: float | None = None) -> list[float]:
    """The floor under a command's write: one journal row INSERT and its COMMIT through a bare aiosqlite
    connection (the same WAL and synchronous settings as the bot's), in its own transaction; with `rate`, each
    after a random gap (`pause`)."""
    import aiosqlite

    gaps = random.Random(2)
    times = []
    async with aiosqlite.connect(path, isolation_level=None) as conn:
        await conn.execute("PRAGMA journal_mode=WAL")
        await conn.execute("PRAGMA synchronous=NORMAL")
        await conn.execute("PRAGMA foreign_keys=OFF")  # the floor row names no real game
        sql = JOURNAL_INSERT.format(", ".join("?" * len(JOURNAL_VALUES)))
        for i in range(n):
            values = (1_000_000 + i, 1_000_000 + i, *JOURNAL_VALUES[2:])
            await pause(gaps, rate)
            start = time.perf_counter()
            await conn.execute("BEGIN")
            await conn.execute(sql, values)
            await conn.commit()
            times.append(time.perf_counter() - start)
        await conn.execute("DELETE FROM journal WHERE game_id >= 1000000")
    return times


async def bare_postgres(url: str, n: int, rate: float | None = None) -> list[float]:
    """The same through a bare asyncpg connection: the INSERT is its own transaction (one round trip)."""
    import asyncpg  # type: ignore[import-untyped]

    parsed = make_url(url).set(drivername="postgresql")
    conn = await asyncpg.connect(parsed.render_as_string(hide_password=False))
    try:
        await conn.execute("ALTER TABLE journal DISABLE TRIGGER ALL")  # the floor row names no real game
        sql = JOURNAL_INSERT.format(", ".join(f"${i + 1}" for i in range(len(JOURNAL_VALUES))))
        from datetime import UTC, datetime

        at = datetime(2026, 1, 1, tzinfo=UTC)
        gaps = random.Random(2)
        times = []
        for i in range(n):
            values = (1_000_000 + i, 1_000_000 + i, *JOURNAL_VALUES[2:-1], at)
            await pause(gaps, rate)
            start = time.perf_counter()
            await conn.execute(sql, *values)
            times.append(time.perf_counter() - start)
        await conn.execute("DELETE FROM journal WHERE game_id >= 1000000")
        await conn.execute("ALTER TABLE journal ENABLE TRIGGER ALL")
    finally:
        await conn.close()
    return times


async def apply_times(db: Database, game: Any, ids: list[int], interleaved: bool = False,
                      rate: float | None = None) -> list[float]:
    """The engine's own `apply` of every command the run journaled, timed one by one (each after a young
    collection, so no pause of the collector is counted), replayed game by game; or, `interleaved`, in the
    order the run committed them across its games, every game's state kept between its commands as the service
    keeps them. With many games that is the engine's cost at the run's load: each command copies a state the
    processor's caches have mostly let go since its game's last command (LCG, 100 games: about 1.3x game by game).
    With `rate`, each after a random gap (`pause`), as the run's commands arrived: a processor idle between
    commands runs the next one slower (LCG, 100 games at 100/s: about 1.4x back to back), as the bare writes
    arriving at random show for the database."""
    gaps = random.Random(3) if rate else None
    async with db.session() as s:
        found = list((await s.execute(
            select(JournalRow).where(col(JournalRow.game_id).in_(ids)).order_by(col(JournalRow.id))
        )).scalars())
    by_game: dict[int, list[JournalRow]] = {}
    for row in found:
        by_game.setdefault(row.game_id, []).append(row)
    effective = {game_id: {e.seq for e in history.effective(rows)} for game_id, rows in by_game.items()}
    order = [r for game_id in ids for r in by_game[game_id]] if not interleaved else found
    states: dict[int, Any] = {}
    times: list[float] = []
    for row in order:
        if row.kind != JournalKind.COMMAND or row.seq not in effective[row.game_id]:
            continue
        if row.game_id not in states:
            if not interleaved:
                states.clear()  # game by game: one game in memory at a time
            states[row.game_id] = game.setup(*history.start_config(by_game[row.game_id]))
        command = game.parse(row.text)
        await pause(gaps, rate)
        gc.collect(0)
        start = time.perf_counter()
        states[row.game_id] = game.apply(states[row.game_id], row.seat, command).state
        times.append(time.perf_counter() - start)
    return times


@dataclass
class Run:
    latencies: list[float]
    floor_write: list[float]  # bare writes arriving as the commands did (back to back when saturated)
    apply: list[float]
    elapsed: float
    games: list[int] = field(default_factory=list)
    written: list[int] = field(default_factory=list)  # bytes each command sent to the database to write
    journal: list[int] = field(default_factory=list)  # of which its journal row
    told: list[float] = field(default_factory=list)  # until its notice was handed over and read as a messenger does
    back_to_back: list[float] = field(default_factory=list)  # with `rate`: the bare writes without gaps too
    apply_alone: list[float] = field(default_factory=list)  # with many games: `apply` replayed game by game too


def value_bytes(value: Any) -> int:
    """What one bound value weighs on its way to the database: text and blobs by their length, the rest 8."""
    if isinstance(value, str):
        return len(value.encode())
    if isinstance(value, bytes | bytearray | memoryview):
        return len(value)
    return 0 if value is None else 8


class WriteMeter:
    """Counts the bytes of every INSERT, UPDATE and DELETE the service sends while `on`, and separately those
    of journal INSERTs (the floor: the one row a command must write), from SQLAlchemy's cursor events and the
    command path's own (bot/store/writes.py, bot/store/one_statement.py)."""

    def __init__(self, db: Database) -> None:
        self.on, self.written, self.journal = False, 0, 0
        event.listen(db.engine.sync_engine, "before_cursor_execute", self._count)
        # The command path's writes reach SQLite in one trip, past SQLAlchemy's cursors: count them as the
        # database receives them, compiled (bot/store/writes.py).
        compile_raw = writes.raw

        def counted(batch: Sequence[writes.Write], dialect: Dialect) -> list[writes.Raw]:
            out = compile_raw(batch, dialect)
            for sql, rows, _many, _guard in out:
                self._count(None, None, sql, rows, None, True)
            return out

        self._restore = compile_raw
        writes.raw = counted
        # On PostgreSQL they are one statement (bot/store/one_statement.py): count each write's rows.
        commit_one = one_statement.commit

        async def counted_one(held: one_statement.Held, batch: Sequence[writes.Write]) -> None:
            for w in batch:
                table = getattr(w.statement, "table", None)
                journal = isinstance(w.statement, Insert) and table is not None and table.name == "journal"
                self._count(None, None, "INSERT INTO JOURNAL" if journal else "INSERT", w.rows, None, True)
            await commit_one(held, batch)

        self._restore_one = commit_one
        one_statement.commit = counted_one

    def close(self) -> None:
        writes.raw = self._restore
        one_statement.commit = self._restore_one

    def _count(self, conn: Any, cursor: Any, statement: str, parameters: Any, context: Any, many: bool) -> None:
        verb = statement.lstrip()[:6].upper()
        if not self.on or verb not in ("INSERT", "UPDATE", "DELETE"):
            return
        sets = parameters if many else [parameters]
        size = sum(value_bytes(v) for p in sets for v in (p.values() if isinstance(p, dict) else p or ()))
        self.written += size
        if statement.lstrip().upper().startswith("INSERT INTO JOURNAL"):
            self.journal += size

    def take(self) -> tuple[int, int]:
        out = (self.written, self.journal)
        self.written = self.journal = 0
        return out


async def command_latency(url: str, name: str, options: str, games: int, commands: int, rate: float | None,
                          floor: Any) -> Run:
    """`games` games of `name` in play at once, 4 seats. With `rate`, commands arrive at random (Poisson) at
    `rate` per second across all games, as players do; without it every game fires its next command the
    moment the last one returns (saturation)."""
    db = Database(url)
    # Bytes are counted for one game alone (many games interleave their writes); elsewhere the meter would only
    # add its own cost to the path it measures.
    meter = WriteMeter(db) if games == 1 else None
    written: list[int] = []
    journaled: list[int] = []
    # Like a real adapter, the players learn the open decisions from the notices, not by reading the DB.
    open_decisions: dict[int, list[Any]] = {}
    hands: list[int] = []
    user_of: dict[int, dict[str, User]] = {}
    users = [User(id=i, name=f"u{i}") for i in range(1, 5)]

    class Tracker:
        """What the Discord messenger does with a notice (bot/chat/messenger.py `deliver`): it takes it and returns,
        and reads it in a task of its own, chained behind the game's earlier ones (there, the posts and DMs)."""

        def __init__(self) -> None:
            self.tails: dict[int, asyncio.Task[None]] = {}

        async def deliver(self, notice: Notice) -> None:
            self.tails[notice.ref.id] = asyncio.create_task(self.read(self.tails.get(notice.ref.id), notice))

        async def read(self, previous: asyncio.Task[None] | None, notice: Notice) -> None:
            if previous is not None and not previous.done():
                await previous
            open_decisions[notice.ref.id] = notice.decisions
            # What the Discord messenger reads of every notice: whose hand changed, and that hand for the DM. The
            # table's view it reads for a board it draws, one per burst of a busy game: tests/bench/busy.py
            # measures those, through the real messenger.
            for p in notice.private:
                if p.hand_changed:
                    hands.append(len(p.hand))
            if notice.ref.id not in user_of:
                user_of[notice.ref.id] = {s.seat: users[s.user_id - 1] for s in notice.seats if s.seat}

        async def settle(self, game_id: int) -> None:
            """Until the game's notices so far have been read (as a player learns the decisions from the posts)."""
            await service.core.settle(game_id)
            tail = self.tails.get(game_id)
            if tail is not None and not tail.done():
                await tail

    tracker = Tracker()
    service = Service(db, tracker)
    heap.settle()  # as the bot does once started (bot/chat/client.py): the gc set for a long-lived process
    service.core.notices_after = True  # as the Discord client runs it: a command returns once committed
    game = registry.get(name)
    all_ids: list[int] = []

    async def new_game() -> int:
        ref = await service.create(name, users[0], options=options)
        for u in users[1:]:
            await service.join(ref.id, u)
        await service.start(ref.id, users[0])
        await tracker.settle(ref.id)
        all_ids.append(ref.id)
        return ref.id

    ids = [await new_game() for _ in range(games)]
    # Making 100 games leaves the collector about a million young objects (their states, views and rows) to walk
    # once, 50-130 ms that a run of 2,000 commands charged to its first seconds; in the steady state that the run
    # stands for, commands allocate as many objects as they free (1-3 left per command), so no young collection
    # falls in a run. The floor's `apply_times` collects before each apply for the same reason.
    gc.collect()
    rnd = random.Random(1)
    latencies: list[float] = []
    told: list[float] = []  # until the command's notice was built and handed to the messenger

    async def play(game_id: int, budget: int) -> None:
        for _ in range(budget):
            if rate is not None:
                await asyncio.sleep(rnd.expovariate(rate / games))
            if not open_decisions[game_id]:  # that game is over: start another
                game_id = await new_game()
            d = rnd.choice(open_decisions[game_id])
            text = game.format(random_answer(d, rnd))
            if meter is not None:
                meter.take()
                meter.on = True
            start = time.perf_counter()
            await service.act(game_id, user_of[game_id][d.seat], text)
            latencies.append(time.perf_counter() - start)
            # Like a player, the next command waits for the new decisions to arrive (the notice).
            await tracker.settle(game_id)
            told.append(time.perf_counter() - start)
            if meter is not None:
                meter.on = False
                size, journal = meter.take()
                written.append(size)
                journaled.append(journal)

    start = time.perf_counter()
    await asyncio.gather(*(play(g, commands // games) for g in ids))
    elapsed = time.perf_counter() - start
    applied = await apply_times(db, game, all_ids, interleaved=games > 1, rate=rate)
    alone = await apply_times(db, game, all_ids) if games > 1 else []
    if meter is not None:
        meter.close()
    await db.close()
    write = await floor(300, rate)
    back = await floor(300, None) if rate else []
    return Run(latencies, write, applied, elapsed, all_ids, written, journaled, told, back, alone)


async def _on_postgres(admin_url: str, run: Any) -> Run:
    """`run(url)` on a fresh database made for it, dropped afterwards."""
    from sqlalchemy import text
    from sqlalchemy.ext.asyncio import create_async_engine

    name = f"wm_bench_{int(time.time() * 1000)}"
    admin = create_async_engine(admin_url, isolation_level="AUTOCOMMIT")
    async with admin.connect() as conn:
        await conn.execute(text(f'CREATE DATABASE "{name}"'))
    url = make_url(admin_url).set(database=name).render_as_string(hide_password=False)
    try:
        await asyncio.to_thread(migrate.upgrade, url)
        result: Run = await run(url)
        return result
    finally:
        async with admin.connect() as conn:
            await conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        await admin.dispose()


def measure(backend: str, pg: str | None, name: str, options: str, games: int, commands: int,
            rate: float | None) -> Run:
    if backend == "SQLite":
        with tempfile.TemporaryDirectory() as tmp:
            path = str(Path(tmp) / "bench.db")
            url = f"sqlite+aiosqlite:///{path}"
            migrate.upgrade(url)
            return asyncio.run(command_latency(url, name, options, games, commands, rate,
                                               lambda n, r: bare_sqlite(path, n, r)))
    assert pg is not None

    async def run(url: str) -> Run:
        return await command_latency(url, name, options, games, commands, rate, lambda n, r: bare_postgres(url, n, r))

    return asyncio.run(_on_postgres(pg, run))


SATURATED_RUNS = 5  # runs minutes apart read 55-65% (WotR) and 66-82% (LCG) of their apply rate, nothing else running
GAMES = (("Tally", "tally", ""), ("LCG, 4 players", "lcg", ""), ("WotR Trilogy, 4 players", "wotr", "scenario=trilogy"))


def share(run: Run) -> float:
    """A saturated run's rate as a share of its own apply rate (interleaved)."""
    return (len(run.latencies) / run.elapsed) / (len(run.apply) / sum(run.apply))


def row(label: str, run: Run, saturated: bool, others: Sequence[Run] = ()) -> Row:
    """The floor is the same work done bare under the run's load: with many games, `apply` replayed in the
    order the run committed (interleaved), and with a rate `apply` and the bare writes arriving at it. Beside it,
    the ratios against the floor measured without that load (`apply` game by game, writes back to back)."""
    ms = [x * 1000 for x in run.latencies]
    apply_ms = [x * 1000 for x in run.apply]
    write_ms = [x * 1000 for x in run.floor_write]
    floor50 = pct(apply_ms, 50) + pct(write_ms, 50)
    floor99 = pct(apply_ms, 99) + pct(write_ms, 99)
    note = f"p50 = {pct(ms, 50) / floor50:.1f}x, p99 = {pct(ms, 99) / floor99:.1f}x the floor"
    alone_ms = [x * 1000 for x in run.apply_alone] or apply_ms
    back_ms = [x * 1000 for x in run.back_to_back] or write_ms
    if run.apply_alone or run.back_to_back:
        bare50, bare99 = pct(alone_ms, 50) + pct(back_ms, 50), pct(alone_ms, 99) + pct(back_ms, 99)
        note += (f" (without the run's load, apply game by game {pct(alone_ms, 50):.2f} / {pct(alone_ms, 99):.2f} "
                 f"and writes back to back {pct(back_ms, 50):.2f} / {pct(back_ms, 99):.2f} ms: "
                 f"{pct(ms, 50) / bare50:.1f}x / {pct(ms, 99) / bare99:.1f}x)")
    told = [x * 1000 for x in run.told]
    note += f"; its notice handed over and read after {pct(told, 50):.2f} / {pct(told, 99):.2f} ms"
    if saturated:
        own, alone = len(run.apply) / sum(run.apply), len(alone_ms) / (sum(alone_ms) / 1000)
        rate = len(ms) / run.elapsed
        note += (f"; {rate:,.0f} commands/s = {rate / own:.0%} of its own apply rate ({own:,.0f}/s; game by game "
                 f"{alone:,.0f}/s: {rate / alone:.0%})")
        if others:
            runs = sorted([run, *others], key=share)
            note += f"; the median of {len(runs)} runs (each: {', '.join(f'{share(r):.0%}' for r in runs)})"
    applied = "apply interleaved" if run.apply_alone else "apply"
    applied += " arriving at random" if run.back_to_back else ""
    written = "bare INSERT+COMMIT arriving at random" if run.back_to_back else "bare INSERT+COMMIT"
    return Row(label, f"{pct(ms, 50):.2f} / {pct(ms, 99):.2f} ms",
               f"{applied} {pct(apply_ms, 50):.2f} / {pct(apply_ms, 99):.2f} + {written} "
               f"{pct(write_ms, 50):.2f} / {pct(write_ms, 99):.2f} ms", note)


def bytes_row(label: str, run: Run) -> Row:
    """What a command writes against the one row it must write: its journal row."""
    mean, floor = sum(run.written) / len(run.written), sum(run.journal) / len(run.journal)
    median = pct([float(x) for x in run.written], 50)
    return Row(label, f"{mean:,.0f} B (mean of {len(run.written)} commands; median {median:,.0f})",
               f"its journal row {floor:,.0f} B", f"{mean / floor:.1f}x the journal row")


def rows(games: int, commands: int) -> list[Row]:
    registry.load()
    registry.register(TALLY)
    out: list[Row] = []
    pg = os.environ.get("WESTMARCH_TEST_PG_URL")
    for backend in ("SQLite", "PostgreSQL") if pg else ("SQLite",):
        # The headline: one game at a time, each command after the last returns (what one table feels).
        for label, name, options in GAMES[1:]:
            run = measure(backend, pg, name, options, 1, 300, None)
            out.append(row(f"command latency p50 / p99, {label}, one game, {backend}", run, False))
            out.append(bytes_row(f"bytes written per command, {label}, {backend}", run))
        for label, name, options in GAMES:
            for rate in (RATE, None):
                n = commands if rate is None else commands // 2
                # Saturated, a run takes two or three seconds and its share of the apply rate moves many points from
                # run to run on a shared machine: the row is the median of SATURATED_RUNS, each beside it.
                found = [measure(backend, pg, name, options, games, n, rate)
                         for _ in range(SATURATED_RUNS if rate is None else 1)]
                found.sort(key=share if rate is None else lambda r: 0.0)
                run = found[len(found) // 2]
                load = f"{rate:.0f} commands/s arriving at random" if rate else "saturated (all games at once)"
                out.append(row(f"command latency p50 / p99, {label}, {backend}, {games} games, {load}", run,
                               rate is None, [r for r in found if r is not run]))
    return out


if __name__ == "__main__":
    import sys

    only = sys.argv[1:]
    for r in rows(100, 2000):
        if not only or any(o in r.name for o in only):
            print(f"| {r.name} | {r.value} | {r.floor} | {r.note} |")
