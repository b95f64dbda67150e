"""A command's writes as data, committed together with other games' in one SQLite transaction.

A command writes a handful of rows (the game's version bump, its journal row, now and then a snapshot, the
waits when they change). Through SQLAlchemy each statement was a trip to aiosqlite's thread and back, plus
BEGIN and COMMIT: most of a command's time went on trips, not on SQLite. Here the writes are collected first
(`Write`: a Core statement and its rows) and the database commits them at once (bot/store/database.py): the
statements are compiled once per shape, and `commit_group` runs BEGIN IMMEDIATE, every statement and COMMIT,
on the event loop's own thread (or, while another process holds the write lock, in a thread that waits).

SQLite has one writer at a time, so the commands of many games that wait for it are committed together in one
transaction (group commit): one game's conflict undoes its own writes only (`commit_group`), and every command
is acknowledged after the COMMIT that holds it. On PostgreSQL, whose pool already lets games
commit side by side, a command's writes are one data-modifying statement, a transaction of its own, in one
round trip (bot/store/one_statement.py); `run_in` runs them in the caller's transaction otherwise.
"""

from __future__ import annotations

import operator
import sqlite3
from collections.abc import Callable, Sequence
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

@dataclass(frozen=True)
class Compiled:
    """A statement as SQLite runs it for one set of parameter names: its SQL, and how a row of parameters becomes
    the positional values it binds (`values`)."""

    sql: str
    fetch: Callable[[Params], tuple[Any, ...]]  # the values in the statement's order, as given
    converters: tuple[tuple[int, Callable[[Any], Any]], ...]  # (position, converter) for the few that have one

    def values(self, row: Params) -> tuple[Any, ...]:
        # Run for every row of every command: the values are fetched in one C call, and only the columns with a
        # bind converter (dates) go through Python.
        found = self.fetch(row)
        if not self.converters:
            return found
        out = list(found)
        for i, convert in self.converters:
            out[i] = convert(out[i])
        return tuple(out)


_compiled: dict[tuple[int, tuple[str, ...]], Compiled] = {}
# (SQL, parameter rows, whether it is an executemany, whether it is a guard)
Raw = tuple[str, list[tuple[Any, ...]], bool, bool]


def _compile(statement: Executable, keys: tuple[str, ...], dialect: Dialect) -> Compiled:
    """The statement as SQLite runs it, for the given parameter names (in the order the caller's rows hold them).
    Kept per statement object and names: the hot statements are module constants, so this runs a few times per
    process."""
    key = (id(statement), keys)
    found = _compiled.get(key)
    if found is None:
        compiled = statement.compile(dialect=dialect, column_keys=list(keys))  # type: ignore[attr-defined]
        order = tuple(compiled.positiontup or ())
        missing = [name for name in order if name not in keys]
        if missing:  # a column default SQLAlchemy would have filled in: the caller must give every value
            raise ValueError(f"write of {statement} lacks {missing}")
        converters = tuple((i, c) for i, name in enumerate(order)
                           if (c := compiled.binds[name].type.bind_processor(dialect)) is not None)
        fetch: Callable[[Params], tuple[Any, ...]]
        if len(order) == 1:
            one = order[0]
            fetch = lambda row: (row[one],)  # noqa: E731 (itemgetter of one name returns the value bare)
        else:
            fetch = operator.itemgetter(*order)
        found = _compiled[key] = Compiled(str(compiled), fetch, converters)
        _keep.append(statement)  # the id stays this statement's while the cache holds it
    return found


_keep: list[Executable] = []


def raw(batch: Sequence[Write], dialect: Dialect) -> list[Raw]:
    out: list[Raw] = []
    for w in batch:
        rows = w.rows
        if not rows:
            continue
        compiled = _compile(w.statement, tuple(rows[0]), dialect)
        values = [compiled.values(row) for row in rows]
        out.append((compiled.sql, values, len(values) > 1 or not isinstance(w.params, dict), w.guard))
    return out


def commit_group(conn: sqlite3.Connection, group: list[list[Raw]]) -> list[BaseException | None]:
    """In the connection's thread: one transaction holding every command of `group`. Returns, per command, None
    (committed) or why it was undone (a Conflict). An error outside one command's writes (the COMMIT itself, a
    full disk) is raised for all of them.

    A command that fails at its first statement (a guard that finds its game moved on: the usual conflict) has
    written nothing, since SQLite undoes a failed statement itself. Only one that fails after writing part of
    itself needs its own writes undone: then the transaction is begun again with each command in a savepoint.
    Savepoints for every command were two more statements each, for a case that comes up across processes only."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        outcomes = _run(conn, group, savepoints=False)
        if outcomes is None:
            conn.execute("ROLLBACK")
            conn.execute("BEGIN IMMEDIATE")
            outcomes = _run(conn, group, savepoints=True)
            assert outcomes is not None
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return outcomes


def _run(conn: sqlite3.Connection, group: list[list[Raw]], savepoints: bool) -> list[BaseException | None] | None:
    """Every command's writes; without `savepoints`, None as soon as one fails after it has written something."""
    outcomes: list[BaseException | None] = []
    for i, writes in enumerate(group):
        if savepoints:
            conn.execute(f"SAVEPOINT w{i}")
        wrote = False  # whether this command has written anything yet
        try:
            for sql, values, many, guard in writes:
                wrote = wrote or many  # an executemany that fails part way has written the rows before it
                cursor = conn.executemany(sql, values) if many else conn.execute(sql, values[0])
                if guard and cursor.rowcount != 1:
                    wrote = wrote or cursor.rowcount > 1  # a guard that touched two rows wrote them
                    raise Conflict
                wrote = True
            outcomes.append(None)
        except (Conflict, sqlite3.IntegrityError) as e:
            if savepoints:
                conn.execute(f"ROLLBACK TO w{i}")
            elif wrote:
                return None
            outcomes.append(e if isinstance(e, Conflict) else Conflict(str(e)))
        if savepoints:
            conn.execute(f"RELEASE w{i}")
    return outcomes
