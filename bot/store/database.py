"""The async database handle: SQLite through aiosqlite by default, PostgreSQL through asyncpg at scale."""

from __future__ import annotations

import asyncio
import functools
import logging
import sqlite3
import time
from collections import deque
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine

from bot.store import one_statement, one_trip, writes

log = logging.getLogger(__name__)


def prepare_sqlite_path(url: str) -> None:
    """Create the folder of a SQLite file, so a fresh checkout needs no set-up."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite" and parsed.database not in (None, "", ":memory:"):
        Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)


# Every SQLite connection's settings (make_engine says why).
PRAGMAS = ("journal_mode=WAL", "synchronous=NORMAL", "busy_timeout=10000", "foreign_keys=ON")


def make_engine(url: str, **kwargs: Any) -> AsyncEngine:
    prepare_sqlite_path(url)
    is_sqlite = make_url(url).get_backend_name() == "sqlite"
    if not is_sqlite:
        kwargs.setdefault("pool_size", 10)
        kwargs.setdefault("max_overflow", 20)
        # The connection used last is handed out first: a few warm connections serve most commands, each
        # with its statements prepared and their generic plans chosen (a statement's first five runs on a
        # connection are planned one by one), where a queue would cycle through every connection it opened.
        kwargs.setdefault("pool_use_lifo", True)
    else:
        # A returned connection is rolled back only when it still holds a transaction (the listener below):
        # the pool's unconditional ROLLBACK is one more trip to the database thread after every COMMIT.
        kwargs.setdefault("pool_reset_on_return", None)
        kwargs.setdefault("connect_args", {}).setdefault("async_creator_fn", one_trip.connect)
    engine = create_async_engine(url, **kwargs)
    if is_sqlite:

        @event.listens_for(engine.sync_engine.pool, "reset")
        def _reset(dbapi_connection: Any, _record: Any, _state: Any) -> None:
            sqlite = dbapi_connection.driver_connection._connection  # None once aiosqlite has closed it
            if sqlite is not None and sqlite.in_transaction:
                dbapi_connection.rollback()

        @event.listens_for(engine.sync_engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            # WAL lets readers work while one writer commits; NORMAL sync in WAL still survives a process
            # crash (only an OS crash can lose the last commits); the busy timeout lets two processes
            # sharing the file wait for each other instead of failing.
            cursor = dbapi_connection.cursor()
            for pragma in PRAGMAS:
                cursor.execute(f"PRAGMA {pragma}")
            cursor.close()
            # Let us say when transactions begin (the driver's implicit BEGIN is deferred, and a deferred
            # reader that later writes can fail to upgrade its lock while another process writes).
            dbapi_connection.isolation_level = None

        @event.listens_for(engine.sync_engine, "begin")
        def _begin_immediate(connection: Any) -> None:
            connection.exec_driver_sql("BEGIN IMMEDIATE")

    return engine


def _writer_connection(url: str) -> sqlite3.Connection:
    """The connection `Database._commit_here` writes through: every connection's settings, but it leaves the
    checkpoints to `Database.checkpoint` and never waits for another process's lock (the later busy_timeout)."""
    conn = sqlite3.connect(str(make_url(url).database), isolation_level=None, timeout=0)
    for pragma in (*PRAGMAS, "wal_autocheckpoint=0", "busy_timeout=0"):
        conn.execute(f"PRAGMA {pragma}")
    return conn


def _locked(e: sqlite3.OperationalError) -> bool:
    return "locked" in str(e) or "busy" in str(e)


def _no_autocheckpoint(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA wal_autocheckpoint=0")  # `Database.checkpoint` does it, off the writer's path
    cursor.close()


class Database:
    """One engine and its session factory. `session()` is one transaction: commit on success."""

    def __init__(self, url: str, **engine_kwargs: Any) -> None:
        self.url = url
        self.engine = make_engine(url, **engine_kwargs)
        self.sql_dialect = self.engine.dialect  # read on every command: AsyncEngine's property is not free
        self.dialect = self.sql_dialect.name
        self._sessions = async_sessionmaker(self.engine, class_=AsyncSession, expire_on_commit=False)
        # SQLite has one writer at a time. Queueing our own transactions here, in order, is much faster
        # than letting connections collide inside SQLite, whose busy handler sleeps up to 100 ms a try.
        self._sqlite_turn: asyncio.Lock | None = asyncio.Lock() if self.is_sqlite else None
        # Commands waiting for the SQLite writer, committed together by `_writer` (bot/store/writes.py).
        self._waiting: deque[tuple[list[writes.Raw], asyncio.Future[None]]] = deque()
        self._writer: asyncio.Task[None] | None = None
        self.group_limit = 64  # commands in one transaction at most: a long group delays its first command
        self.idle_after = 0.002  # seconds without a commit after which a write is committed where it arrives
        self._written_at = 0.0
        # SQLite copies the write-ahead log into the database file (a checkpoint, with its fsync) inside the
        # COMMIT that finds the log past 1,000 pages: a few ms that every command waiting for the one writer
        # waits too. This process's connections never do that; a connection of its own does, in its own
        # thread, at most once a `checkpoint_every` seconds after a write (PASSIVE: the writer goes on).
        self.checkpoint_every = 1.0
        self._checkpointer: asyncio.Task[None] | None = None
        self._here: sqlite3.Connection | None = None  # the writer's connection, on the event loop's thread
        self._checkpointed_at = 0.0
        if self.is_sqlite:
            event.listen(self.engine.sync_engine, "connect", _no_autocheckpoint)
        self._held = one_statement.Held(self.engine)  # PostgreSQL: connections `commit_writes` keeps between commands

    @property
    def is_sqlite(self) -> bool:
        return self.dialect == "sqlite"

    @asynccontextmanager
    async def session(self) -> AsyncIterator[AsyncSession]:
        if self._sqlite_turn is None:
            async with self._sessions() as session, session.begin():
                yield session
            return
        async with self._sqlite_turn, self._sessions() as session, session.begin():
            yield session

    @asynccontextmanager
    async def connection(self) -> AsyncIterator[AsyncConnection]:
        """One transaction on a bare Core connection (no ORM session, no identity map): the command path,
        whose few statements are Core statements. Commit on success, like `session()`."""
        if self._sqlite_turn is None:
            async with self.engine.begin() as conn:
                yield conn
            return
        async with self._sqlite_turn, self.engine.begin() as conn:
            yield conn

    async def commit_writes(self, batch: Sequence[writes.Write]) -> None:
        """Commit one command's writes in a transaction of their own; raise `writes.Conflict` (and write
        nothing) if a guard finds the game moved on. On SQLite they are committed where they arrive when the writer
        has been idle `idle_after` seconds, else they wait for the one writer, which commits every command waiting
        by then in one transaction (`_commit_here`). On PostgreSQL a command's
        writes are one statement, its own transaction, in one round trip (bot/store/one_statement.py)."""
        if self._sqlite_turn is None:
            if one_statement.fits(batch):
                await one_statement.commit(self._held, batch)
                return
            async with self.engine.begin() as conn:
                await writes.run_in(conn, batch)
            return
        raw = writes.raw(batch, self.sql_dialect)
        turn = self._sqlite_turn
        idle = time.monotonic() - self._written_at >= self.idle_after
        if idle and not self._waiting and (self._writer is None or self._writer.done()) and not turn.locked():
            # The writer has been idle a while: this write is alone, so it is committed here and now, without
            # the task hand-over that lets a group form (the lock is free: taking it does not yield). Writes
            # arriving back to back go to the writer, which commits those waiting by then in one transaction:
            # fewer pages written per command, what keeps many busy games' commands flowing.
            async with turn:
                outcomes = self._commit_here([raw])
            if outcomes is not None:
                self._written_at = time.monotonic()
                self._checkpoint_soon()
                if outcomes[0] is not None:
                    raise outcomes[0]
                return
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append((raw, done))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_waiting())
        await done

    async def _write_waiting(self) -> None:
        turn = self._sqlite_turn
        assert turn is not None  # the writer runs for SQLite only (`commit_writes`)
        while self._waiting:
            group = [self._waiting.popleft() for _ in range(min(self.group_limit, len(self._waiting)))]
            try:
                async with turn:
                    raws = [w for w, _ in group]
                    outcomes = self._commit_here(raws)
                    if outcomes is None:  # another process holds the file's write lock: wait for it in a thread
                        async with self.engine.connect() as conn:
                            raw = await conn.get_raw_connection()
                            trip: one_trip.OneTripConnection = raw.driver_connection  # type: ignore[assignment]
                            outcomes = await trip.trip(functools.partial(writes.commit_group, trip._conn, raws))
            except BaseException as e:  # nothing of the group was committed
                for _, done in group:
                    if not done.done():
                        done.set_exception(e)
                if isinstance(e, asyncio.CancelledError):
                    raise
                continue
            self._written_at = time.monotonic()
            for (_, done), outcome in zip(group, outcomes, strict=True):
                if done.done():  # its caller was cancelled while it waited: what was written stands
                    continue
                if outcome is None:
                    done.set_result(None)
                else:
                    done.set_exception(outcome)
            self._checkpoint_soon()

    def _commit_here(self, group: list[list[writes.Raw]]) -> list[BaseException | None] | None:
        """Commit a group on the event loop's own thread, or None if another process holds the write lock.

        A WAL commit with synchronous=NORMAL appends to the log and syncs nothing (the background checkpoint
        does): a tenth of a millisecond, less than the two thread hops and the GIL hand-overs of a trip to
        aiosqlite's thread. This connection never waits for a lock (busy_timeout=0): BEGIN IMMEDIATE fails at
        once, before anything is written, and the group is committed in a thread, waiting as long as it must."""
        if self._here is None:
            self._here = _writer_connection(self.url)
        try:
            return writes.commit_group(self._here, group)
        except sqlite3.OperationalError as e:
            if self._here.in_transaction or not _locked(e):
                raise
            return None

    def _checkpoint_soon(self) -> None:
        due = time.monotonic() - self._checkpointed_at >= self.checkpoint_every
        if due and (self._checkpointer is None or self._checkpointer.done()):
            self._checkpointed_at = time.monotonic()
            self._checkpointer = asyncio.create_task(self._checkpoint_quietly())

    async def _checkpoint_quietly(self) -> None:
        try:
            await self.checkpoint()
        except Exception:  # the log is copied by the next one (or by SQLite when the last connection closes)
            log.exception("a background checkpoint of the SQLite log failed")

    async def checkpoint(self) -> tuple[int, int, int]:
        """Copy what the write-ahead log holds into the database file, without waiting for readers or the
        writer (a PASSIVE checkpoint, outside any transaction, in a pooled connection's own thread). Returns
        SQLite's answer: (1 if it could not run, the log's frames, the frames copied)."""
        async with self.engine.connect() as conn:
            raw = await conn.get_raw_connection()
            trip: one_trip.OneTripConnection = raw.driver_connection  # type: ignore[assignment]

            def run() -> tuple[int, int, int]:
                busy, frames, copied = trip._conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
                return int(busy), int(frames), int(copied)

            return await trip.trip(run)

    async def close(self) -> None:
        if self._writer is not None and not self._writer.done():
            await asyncio.wait([self._writer])
        if self._checkpointer is not None and not self._checkpointer.done():
            await asyncio.wait([self._checkpointer])
        if self._here is not None:
            self._here.close()
            self._here = None
        await self._held.close()
        await self.engine.dispose()
