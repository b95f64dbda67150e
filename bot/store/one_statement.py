"""A command's writes as one PostgreSQL statement: one round trip, a transaction of its own (issue 17).

Through SQLAlchemy a command's writes on PostgreSQL were BEGIN, one round trip per statement and COMMIT: four
to six trips, most of a command's time. Here they are one data-modifying statement, run outside any
transaction block, where PostgreSQL makes a single statement a transaction of its own:

    WITH g0 AS (UPDATE game SET version=$1, ... WHERE game.id = $5 AND game.version = $6 RETURNING 1),
         ok AS (SELECT 1 AS one WHERE (SELECT count(*) FROM g0) = 1),
         w1 AS (INSERT INTO journal (game_id, ...) SELECT $7 AS game_id, ... WHERE EXISTS (SELECT ok.one FROM ok)),
         w2 AS (DELETE FROM wait USING (VALUES ($21, $22), ($23, $24)) AS w2v (w_game, w_seat)
                WHERE wait.game_id = w2v.w_game AND wait.seat = w2v.w_seat AND EXISTS (SELECT ok.one FROM ok))
    SELECT CASE WHEN (SELECT count(*) FROM g0) = 1 THEN 1 WHEN ... = 0 THEN 0 ELSE CAST(... AS INTEGER) END

Each write is its own Core statement with its parameters renamed for it; one of several rows (an
executemany) takes them from a VALUES list, which it selects from (an INSERT) or joins (an UPDATE, a
DELETE). Every write but the guards runs only if each guard touched exactly one row (`ok`). A guard that touched none
leaves nothing written and the statement answers 0: `writes.Conflict`. Guards that touched rows, but not one
each, make the final SELECT fail on purpose (it casts a message to an integer), so PostgreSQL undoes the
statement; a unique violation undoes it too. Both raise `writes.Conflict`.

The limit: the sub-statements of one statement all see the database as it was before it, so the writes of
one batch must not touch the same row twice (an UPDATE or DELETE of several rows joins its VALUES list:
each row must name other rows), nor read what another of them writes. A command's writes never do: the
game row, its new journal and snapshot rows, the waits of distinct seats (bot/service/waits.py `plan` ends
and begins the waits of different seats). A batch with two UPDATEs or DELETEs of one table is committed in
a transaction instead (`fits`).

The statement is built and compiled once per shape (which statements, their parameter names, how many rows)
and PostgreSQL prepares it once per connection (asyncpg's statement cache): after that a command is one
Bind/Execute/Sync exchange, one round trip."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import asyncpg  # type: ignore[import-untyped]
from sqlalchemy import Executable, Integer, and_, case, cast, column, exists, func, literal_column, select, values
from sqlalchemy.dialects import postgresql
from sqlalchemy.engine import Dialect
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.sql import visitors
from sqlalchemy.sql.dml import Delete, Insert, Update
from sqlalchemy.sql.elements import BindParameter, ColumnElement
from sqlalchemy.util import greenlet_spawn

from bot.store.in_turn import InTurn
from bot.store.writes import Conflict, Write

# What the final SELECT casts to an integer when guards touched rows but not one each: PostgreSQL's error
# names it ("invalid input syntax for type integer: ...").
MISMATCH = "westmarch: guards touched"

Shape = tuple[tuple[int, tuple[str, ...], int, bool], ...]  # per write: statement id, names, rows, guard


@dataclass(frozen=True)
class Compiled:
    """One shape's statement, as asyncpg runs it: its SQL and where each positional parameter comes from,
    (write, row, name) with the type's bind processor, or, for a value the statement holds itself (a literal
    in its WHERE), (-1, its place in `fixed`, "", None)."""

    sql: str
    sources: tuple[tuple[int, int, str, Callable[[Any], Any] | None], ...]
    fixed: tuple[Any, ...]
    statements: tuple[Executable, ...]  # held so their ids (the cache key) stay theirs while cached

    def args(self, batch: Sequence[Write]) -> list[Any]:
        rows = [w.rows for w in batch]
        return [self.fixed[j] if i < 0 else p(rows[i][j][k]) if p is not None else rows[i][j][k]
                for i, j, k, p in self.sources]


_compiled: OrderedDict[Shape, Compiled] = OrderedDict()
LIMIT = 256  # shapes kept: a command has a few dozen (snapshot or not, waits gone and begun)
MAX_PARAMS = 32767  # PostgreSQL's wire protocol counts a statement's parameters in 16 bits


def fits(batch: Sequence[Write]) -> bool:
    """Whether the batch is committed as one statement. It needs a guard (a command's writes: a batch without
    one, like a checkpoint's thousand snapshots, is written in a transaction, where its sizes do not each make
    a statement of their own); Core INSERTs, UPDATEs and DELETEs only; parameters that fit in one statement;
    and no two UPDATEs or DELETEs of one table (they could meet on a row, which one statement cannot change
    twice: see above)."""
    live = [w for w in batch if w.rows]
    changed = [w.statement.table for w in live if isinstance(w.statement, Update | Delete)]
    return (any(w.guard for w in live)
            and all(isinstance(w.statement, Insert | Update | Delete) for w in live)  # not text() and the like
            and len(changed) == len(set(changed))
            and sum(len(w.rows) * len(w.rows[0]) for w in live) <= MAX_PARAMS)


def compiled(batch: Sequence[Write], dialect: Dialect) -> Compiled:
    live = [w for w in batch if w.rows]
    shape: Shape = tuple((id(w.statement), tuple(w.rows[0]), len(w.rows), w.guard) for w in live)
    found = _compiled.get(shape)
    if found is None:
        found = _compile(live, dialect)
        _compiled[shape] = found
        if len(_compiled) > LIMIT:
            _compiled.popitem(last=False)
    else:
        _compiled.move_to_end(shape)
    return found


def _compile(batch: Sequence[Write], dialect: Dialect) -> Compiled:
    guards = []
    for i, w in enumerate(batch):
        if w.guard:
            if len(w.rows) != 1:
                raise ValueError(f"a guard has one row of parameters, not {len(w.rows)}: {w.statement}")
            guards.append(_driven(w, i, None).returning(literal_column("1")).cte(f"g{i}"))
    counts = [select(func.count()).select_from(g).scalar_subquery() for g in guards]
    # In the SQL, not parameters: the same every time.
    one: ColumnElement[Any] = literal_column("1")
    none: ColumnElement[Any] = literal_column("0")
    ok = select(one.label("one")).where(and_(*(c == one for c in counts))).cte("ok")
    gate = exists(ok.select())
    writes = [_driven(w, i, gate).cte(f"w{i}") for i, w in enumerate(batch) if not w.guard]
    mismatch: ColumnElement[Any] = literal_column(f"'{MISMATCH} '")
    for c in counts:
        mismatch = mismatch.op("||")(c)  # the counts make it no constant: it is cast only when reached
    answer = case(
        (and_(*(c == one for c in counts)), one),
        (and_(*(c == none for c in counts)), none),
        else_=cast(mismatch, Integer),
    )
    statement = select(answer)
    if writes:
        statement = statement.add_cte(*writes)
    done = statement.compile(dialect=dialect)
    origins = {_name(i, j, k): (i, j, k) for i, w in enumerate(batch) for j in range(len(w.rows)) for k in w.rows[0]}
    sources: list[tuple[int, int, str, Callable[[Any], Any] | None]] = []
    fixed: list[Any] = []
    for name in done.positiontup or ():
        bind = done.binds[name]
        process = bind.type._cached_bind_processor(dialect)
        if name in origins:
            sources.append((*origins[name], process))
        elif bind.required:
            raise ValueError(f"no row of the writes gives {name}: {statement}")
        else:  # the statement's own value (`_driven` renames only the parameters the rows give)
            value = bind.effective_value
            sources.append((-1, len(fixed), "", None))
            fixed.append(process(value) if process is not None else value)
    return Compiled(str(done), tuple(sources), tuple(fixed), tuple(w.statement for w in batch))


def _name(i: int, j: int, key: str) -> str:
    return f"w{i}r{j}_{key}"


def _driven(w: Write, i: int, gate: ColumnElement[bool] | None) -> Any:
    """The write's statement with its parameters named for it (`_rows`), run only if `gate` holds."""
    statement: Any = w.statement
    keys = list(w.rows[0])
    # The parameters each row gives (a literal in the statement is a parameter with its value: it stays).
    named = {b.key: b.type for b in visitors.iterate(statement) if isinstance(b, BindParameter) and b.required}
    if isinstance(statement, Insert):
        return _insert(statement, w, i, keys, gate)
    if not isinstance(statement, Update | Delete):
        raise ValueError(f"not an INSERT, UPDATE or DELETE: {statement}")
    if statement._returning:
        raise ValueError(f"a write returns nothing: {statement}")
    table = statement.table
    sets = [k for k in keys if k not in named] if isinstance(statement, Update) else []
    unknown = [k for k in sets if k not in table.c]
    if unknown:
        raise ValueError(f"write of {statement} names no column or parameter {unknown}")
    missing = [k for k in named if k not in keys]
    if isinstance(statement, Update):  # a Python-side `onupdate` SQLAlchemy would fill in: the caller gives it
        missing += [c.key for c in table.c if c.onupdate is not None and c.key not in sets]
    if missing:
        raise ValueError(f"write of {statement} lacks {missing}")
    if len(w.rows) > 1 and not named:  # its rows could not each name the rows they change
        raise ValueError(f"a write of several rows names them by parameters: {statement}")
    types = {**{k: table.c[k].type for k in sets}, **named}
    rows = _rows(i, [k for k in keys if k in types], types, len(w.rows))

    def from_rows(element: Any, **_: Any) -> Any:
        return rows[element.key] if isinstance(element, BindParameter) and element.required else None

    driven: Any = visitors.replacement_traverse(statement, {}, from_rows)  # a copy: the statement stays
    if sets:
        driven = driven.values({table.c[k]: rows[k] for k in sets})
    return driven if gate is None else driven.where(gate)


def _insert(statement: Any, w: Write, i: int, keys: list[str], gate: ColumnElement[bool] | None) -> Any:
    if statement._values or statement._multi_values or statement.select is not None or statement._returning:
        raise ValueError(f"an INSERT written as data has its rows as parameters only: {statement}")
    table = statement.table
    unknown = [k for k in keys if k not in table.c]
    if unknown:
        raise ValueError(f"write of {statement} names no column {unknown}")
    missing = [c.key for c in table.c if c.default is not None and c.key not in keys]
    if missing:  # a column default SQLAlchemy would have filled in: the caller must give every value
        raise ValueError(f"write of {statement} lacks {missing}")
    rows = _rows(i, keys, {k: table.c[k].type for k in keys}, len(w.rows))
    source = select(*(rows[k].label(k) for k in keys))
    if gate is not None:
        source = source.where(gate)
    driven = postgresql.insert(table).from_select(keys, source, include_defaults=False)
    driven._post_values_clause = statement._post_values_clause  # ON CONFLICT ..., if the statement has one
    return driven


def _rows(i: int, keys: list[str], types: dict[str, Any], n: int) -> dict[str, ColumnElement[Any]]:
    """Write `i`'s values by name: its parameters, for one row; for several, the columns of a VALUES list of
    them (`w{i}v`), which the statement joins."""
    if n == 1:
        return {k: BindParameter(_name(i, 0, k), type_=types[k]) for k in keys}
    rows = [tuple(BindParameter(_name(i, j, k), type_=types[k]) for k in keys) for j in range(n)]
    listed = values(*(column(k, types[k]) for k in keys), name=f"w{i}v").data(rows)
    return {k: listed.c[k] for k in keys}


class Held:
    """A few of the pool's connections kept checked out between commands, for `commit` alone.

    Checking a connection out of SQLAlchemy's pool and back in needs a greenlet each way (about 0.05 ms each,
    a tenth of a command's round trip); a connection kept here is taken and given back with a list's pop and
    append. At most `keep` are kept, and at most that many statements run at once (`turns`), so after the
    first commands every statement runs on a kept connection. One that failed in a way that may leave it
    unusable goes back to the pool (or is invalidated if it is closed), as before; `close` gives back every
    one kept, before the engine is disposed."""

    def __init__(self, engine: AsyncEngine, keep: int = 8) -> None:
        self.engine = engine
        self.keep = keep
        self.idle: list[Any] = []  # pooled connections (SQLAlchemy's PoolProxiedConnection), newest last
        # As many statements at once as connections kept, the rest in the order they came (bot/store/in_turn.py).
        self.turns = InTurn(keep)

    async def take(self) -> Any:
        while self.idle:
            pooled = self.idle.pop()
            if not pooled.driver_connection.is_closed():
                return pooled
            await greenlet_spawn(pooled.invalidate)  # the server closed it while it waited here
        return await greenlet_spawn(self.engine.sync_engine.pool.connect)

    async def give_back(self, pooled: Any) -> None:
        if len(self.idle) < self.keep and not pooled.driver_connection.is_closed():
            self.idle.append(pooled)
        else:
            await greenlet_spawn(pooled.close)

    async def close(self) -> None:
        idle, self.idle = self.idle, []
        for pooled in idle:
            await greenlet_spawn(pooled.close)


async def commit(held: Held, batch: Sequence[Write]) -> None:
    """Commit `batch` (see `fits`) as one statement: on a connection holding no transaction, it is one."""
    done = compiled(batch, held.engine.dialect)
    args = done.args([w for w in batch if w.rows])
    # Through asyncpg's own connection, kept checked out (`Held`): no BEGIN, no COMMIT, no cursor, and no
    # SQLAlchemy Connection, whose making and closing cost more than the rest of this function. Outside a
    # transaction a failed statement leaves nothing open, so the connection is kept after a conflict too.
    async with held.turns:
        pooled = await held.take()
        driver: Any = pooled.driver_connection
        try:
            answer = await driver.fetchval(done.sql, *args)
        except asyncpg.IntegrityConstraintViolationError as e:
            await held.give_back(pooled)
            raise Conflict(str(e)) from e
        except asyncpg.InvalidTextRepresentationError as e:
            await held.give_back(pooled)
            if MISMATCH in str(e):
                raise Conflict(str(e)) from e
            raise
        except BaseException as e:  # cancelled mid-statement, or the connection failed: not kept
            if driver.is_closed():  # the connection is gone: the pool must not hand it out again
                await greenlet_spawn(pooled.invalidate, e)
            else:
                await greenlet_spawn(pooled.close)  # the pool's reset deals with whatever it was left in
            raise
        await held.give_back(pooled)
    if answer != 1:
        raise Conflict
