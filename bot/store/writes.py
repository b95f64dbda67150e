"""A command's writes as data, committed together with other games' in one SQLite transaction.

A command writes a handful of rows (the game's version bump, its journal row, now and then a snapshot, the
waits when they change). Through SQLAlchemy each statement was a trip to aiosqlite's thread and back, plus
BEGIN and COMMIT: most of a command's time went on trips, not on SQLite. Here the writes are collected first
(`Write`: a Core statement and its rows) and the database commits them at once (bot/store/database.py): the
statements are compiled once per shape, and `commit_group` runs BEGIN IMMEDIATE, every statement and COMMIT,
on the event loop's own thread (or, while another process holds the write lock, in a thread that waits).

SQLite has one writer at a time, so the commands of many games that wait for it are committed together, each
in a SAVEPOINT of one transaction (group commit): one game's conflict rolls back its own writes only, and
every command is acknowledged after the COMMIT that holds it. On PostgreSQL, whose pool already lets games
commit side by side, a command's writes are one data-modifying statement, a transaction of its own, in one
round trip (bot/store/one_statement.py); `run_in` runs them in the caller's transaction otherwise.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Executable
from sqlalchemy.engine import Dialect
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

Params = dict[str, Any]


class Conflict(Exception):
    """A guarded write touched no row, or a row it inserts exists: another writer moved the game first."""


@dataclass(frozen=True)
class Write:
    """One statement and its parameters: one dict, or several for an executemany. A `guard` must touch
    exactly one row (the game row's version check), or the command's writes are all undone."""

    statement: Executable
    params: Params | Sequence[Params]
    guard: bool = False

    @property
    def rows(self) -> list[Params]:
        return [self.params] if isinstance(self.params, dict) else list(self.params)


async def run_in(s: AsyncSession | AsyncConnection, writes: Sequence[Write]) -> None:
    """The writes in the caller's own transaction (a path that reads and writes together, or PostgreSQL's
    writes that are not one statement: bot/store/one_statement.py `fits`)."""
    for w in writes:
        if not w.rows:
            continue
        params: Any = w.params if isinstance(w.params, dict) else list(w.params)
        try:
            result = await s.execute(w.statement, params)
        except IntegrityError as e:
            raise Conflict from e
        if w.guard and getattr(result, "rowcount", 1) != 1:
            raise Conflict


# --- SQLite: compiled once per shape, run in the connection's thread ------------------------------------------

Compiled = tuple[str, tuple[str, ...], tuple[Any, ...]]  # SQL, parameter names in order, their converters
_compiled: dict[tuple[int, tuple[str, ...]], Compiled] = {}
# (SQL, parameter rows, whether it is an executemany, whether it is a guard)
Raw = tuple[str, list[tuple[Any, ...]], bool, bool]


def _compile(statement: Executable, keys: tuple[str, ...], dialect: Dialect) -> Compiled:
    """The statement as SQLite runs it, for the given parameter names. Kept per statement object and names:
    the hot statements are module constants, so this runs a few times per process."""
    key = (id(statement), keys)
    found = _compiled.get(key)
    if found is None:
        compiled = statement.compile(dialect=dialect, column_keys=list(keys))  # type: ignore[attr-defined]
        order = tuple(compiled.positiontup or ())
        missing = [name for name in order if name not in keys]
        if missing:  # a column default SQLAlchemy would have filled in: the caller must give every value
            raise ValueError(f"write of {statement} lacks {missing}")
        converters = tuple(compiled.binds[name].type.bind_processor(dialect) for name in order)
        found = _compiled[key] = (str(compiled), order, converters)
        _keep.append(statement)  # the id stays this statement's while the cache holds it
    return found


_keep: list[Executable] = []


def raw(batch: Sequence[Write], dialect: Dialect) -> list[Raw]:
    out: list[Raw] = []
    for w in batch:
        rows = w.rows
        if not rows:
            continue
        sql, order, converters = _compile(w.statement, tuple(sorted(rows[0])), dialect)
        values = [
            tuple(c(row[name]) if c is not None else row[name] for name, c in zip(order, converters, strict=True))
            for row in rows
        ]
        out.append((sql, values, len(values) > 1 or not isinstance(w.params, dict), w.guard))
    return out


def commit_group(conn: sqlite3.Connection, group: list[list[Raw]]) -> list[BaseException | None]:
    """In the connection's thread: one transaction holding every command of `group`, each in a savepoint.
    Returns, per command, None (committed) or why it was undone (a Conflict). An error outside one command's
    writes (the COMMIT itself, a full disk) is raised for all of them."""
    outcomes: list[BaseException | None] = []
    conn.execute("BEGIN IMMEDIATE")
    try:
        for i, writes in enumerate(group):
            conn.execute(f"SAVEPOINT w{i}")
            try:
                for sql, values, many, guard in writes:
                    cursor = conn.executemany(sql, values) if many else conn.execute(sql, values[0])
                    if guard and cursor.rowcount != 1:
                        raise Conflict
                outcomes.append(None)
            except (Conflict, sqlite3.IntegrityError) as e:
                conn.execute(f"ROLLBACK TO w{i}")
                outcomes.append(e if isinstance(e, Conflict) else Conflict(str(e)))
            conn.execute(f"RELEASE w{i}")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return outcomes
