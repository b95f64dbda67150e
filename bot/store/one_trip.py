"""aiosqlite with one trip to the connection's thread per statement.

aiosqlite runs SQLite in a thread of its own and every call is a trip there and back through a queue and the
event loop. Through SQLAlchemy each statement made four: open a cursor, execute, fetch, close. A command is
about seven statements, so most of its time went on trips, not on SQLite. Here a cursor is opened, executed and
fully fetched in one trip, and closing it is free: the rows are already in hand and SQLite's statement has run
to its end, so dropping the cursor holds no lock.

The connection is aiosqlite's own (same thread, same queue, same close); only its cursors differ. SQLAlchemy
takes it through the aiosqlite dialect's `async_creator_fn` connect argument (bot/store/database.py).
"""

from __future__ import annotations

import sqlite3
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

Row = Any
T = TypeVar("T")


class OneTripCursor:
    """The part of aiosqlite's Cursor that SQLAlchemy's adapter uses, with execute and fetch in one trip."""

    arraysize = 1

    def __init__(self, connection: OneTripConnection) -> None:
        self._connection = connection
        self._cursor: sqlite3.Cursor | None = None
        self._rows: deque[Row] = deque()
        self.description: Any = None

    async def __aenter__(self) -> OneTripCursor:
        return self

    async def __aexit__(self, *_exc: object) -> None:
        await self.close()

    async def execute(self, sql: str, parameters: Sequence[Any] | dict[str, Any] = ()) -> OneTripCursor:
        def run() -> tuple[sqlite3.Cursor, Any, deque[Row]]:
            cursor = self._connection._conn.cursor()
            cursor.execute(sql, parameters)
            description = cursor.description
            return cursor, description, deque(cursor.fetchall() if description else ())

        self._cursor, self.description, self._rows = await self._connection.trip(run)
        return self

    async def executemany(self, sql: str, parameters: Iterable[Sequence[Any] | dict[str, Any]]) -> OneTripCursor:
        def run() -> sqlite3.Cursor:
            cursor = self._connection._conn.cursor()
            cursor.executemany(sql, parameters)
            return cursor

        self._cursor, self.description, self._rows = await self._connection.trip(run), None, deque()
        return self

    async def fetchall(self) -> list[Row]:
        rows = list(self._rows)
        self._rows.clear()
        return rows

    async def fetchone(self) -> Row | None:
        return self._rows.popleft() if self._rows else None

    async def fetchmany(self, size: int | None = None) -> list[Row]:
        n = min(size or self.arraysize, len(self._rows))  # a deque: a long stream is read in linear time
        return [self._rows.popleft() for _ in range(n)]

    async def close(self) -> None:
        self._rows.clear()

    @property
    def rowcount(self) -> int:
        return self._cursor.rowcount if self._cursor is not None else -1

    @property
    def lastrowid(self) -> int | None:
        return self._cursor.lastrowid if self._cursor is not None else None


class OneTripConnection(aiosqlite.Connection):
    def cursor(self) -> OneTripCursor:  # type: ignore[override]
        return OneTripCursor(self)

    async def trip(self, fn: Callable[[], T]) -> T:
        """Run `fn` in the connection's thread (aiosqlite's own queue)."""
        result: T = await self._execute(fn)  # type: ignore[no-untyped-call]
        return result


def connect(database: str | Path, *, iter_chunk_size: int = 64, **kwargs: Any) -> OneTripConnection:
    """Like `aiosqlite.connect`, with the one-trip cursors."""

    def connector() -> sqlite3.Connection:
        connection: sqlite3.Connection = sqlite3.connect(str(database), **kwargs)
        return connection

    connection = OneTripConnection(connector, iter_chunk_size)
    connection._thread.daemon = True  # as SQLAlchemy does for aiosqlite: an unclosed pool never hangs exit
    return connection
