"""The wait facts, kept in step with the engine's pending decisions inside each command's own transaction.

A seat is waited on while it has an open decision. Its wait begins when it joins the set of waited-on seats
and starts again when that seat itself acts and is still waited on (it is clearly there), so reminders and
deadlines count inactivity; another seat's move does not touch it. Only the times live here; what to say
and when to act is the scheduler's and the messenger's.
"""

from __future__ import annotations

import json
import time
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import cache, lru_cache
from typing import Any

from sqlalchemy import bindparam, delete, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession
from sqlmodel import col

from bot.pace import AtDeadline, Habits, Pace, first_deadline, next_reminder
from bot.service.types import WaitInfo
from bot.store import writes
from bot.store.models import GameRow, GameStatus, PlayerRow, SeatRow, WaitRow
from engines.core import Decision
from engines.core.zones import Seat


def pace_of(row: GameRow) -> Pace:
    return _pace(row.remind_after_hours, row.remind_every_hours, row.deadline_days, row.allow_auto, row.at_deadline)


@lru_cache(maxsize=256)
def _pace(remind_after_hours: int, remind_every_hours: int, deadline_days: int, allow_auto: bool,
          at_deadline: str) -> Pace:
    # Read at every change of turn, and few games differ: a Pace is frozen, so games alike share one.
    return Pace(
        remind_after=timedelta(hours=remind_after_hours),
        remind_every=timedelta(hours=remind_every_hours),
        deadline=timedelta(days=deadline_days) if deadline_days > 0 else None,
        allow_auto=allow_auto,
        at_deadline=AtDeadline(at_deadline),
    )


# A transaction: the ORM session of most verbs, or the bare Core connection of the command path.
Tx = AsyncSession | AsyncConnection


def dialect_of(s: Tx) -> str:
    return s.dialect.name if isinstance(s, AsyncConnection) else s.get_bind().dialect.name


def habits_of(player: PlayerRow | Any | None) -> Habits:
    if player is None:
        return Habits()
    quiet = None
    if player.quiet_start is not None and player.quiet_end is not None:
        quiet = (player.quiet_start, player.quiet_end)
    return Habits(timezone=player.timezone, quiet=quiet, vacation_until=player.vacation_until)


class HabitsCache:
    """Players' habits change rarely but are read at every change of turn, so they are kept a few minutes.
    A change made through this process is seen at once (`forget`); one made through another process within
    `ttl`. That is safe: the timers re-check quiet hours and vacations when they ring."""

    def __init__(self, ttl: float = 300.0) -> None:
        self.ttl = ttl
        self._kept: dict[int, tuple[float, Habits]] = {}

    def get(self, user_id: int) -> Habits | None:
        kept = self._kept.get(user_id)
        return kept[1] if kept and time.monotonic() - kept[0] < self.ttl else None

    def put(self, user_id: int, habits: Habits) -> None:
        self._kept[user_id] = (time.monotonic(), habits)

    def forget(self, user_id: int) -> None:
        self._kept.pop(user_id, None)


async def habits_for(s: Tx, user_ids: Iterable[int], cache: HabitsCache | None = None) -> dict[int, Habits]:
    wanted = set(user_ids)
    known = {u: h for u in wanted if cache and (h := cache.get(u)) is not None}
    missing = wanted - set(known)
    if missing:
        table = PlayerRow.metadata.tables[PlayerRow.__tablename__]  # Core rows: read the same through either
        rows = (await s.execute(select(table).where(table.c.user_id.in_(missing)))).all()
        found = {p.user_id: habits_of(p) for p in rows}
        for u in missing:
            known[u] = found.get(u, Habits())
            if cache is not None:
                cache.put(u, known[u])
    return known


async def rows_of(s: AsyncSession, game_id: int) -> list[WaitRow]:
    result = await s.execute(select(WaitRow).where(col(WaitRow.game_id) == game_id).order_by(col(WaitRow.id)))
    return list(result.scalars())


@dataclass
class Change:
    """What a commit did to the waits: the waits written (new, or begun again), the seats no longer waited
    on, and the seats newly waited on (the ones to tell)."""

    waits: list[WaitInfo] = field(default_factory=list)
    gone: list[Seat] = field(default_factory=list)
    newly: list[Seat] = field(default_factory=list)


def info(wait: WaitRow, seat: SeatRow | None) -> WaitInfo:
    return _info(wait.game_id, wait.seat, wait.since, wait.next_reminder_at, wait.deadline_at,
                 wait.deadline_told_at is not None, seat)


def _info(game_id: int, waited: Seat, since: datetime, next_reminder_at: datetime | None,
          deadline_at: datetime | None, deadline_passed: bool, seat: SeatRow | None) -> WaitInfo:
    return WaitInfo(
        game_id=game_id,
        seat=waited,
        user_id=seat.user_id if seat else 0,
        name=seat.display_name if seat else waited,
        since=since,
        next_reminder_at=next_reminder_at,
        deadline_at=deadline_at,
        deadline_passed=deadline_passed,
        auto=bool(seat and seat.auto_play),
    )


def infos(waits: Sequence[WaitRow], seats: Sequence[SeatRow]) -> list[WaitInfo]:
    by_seat = {r.seat: r for r in seats if r.seat}
    order = {r.seat: r.position for r in seats if r.seat}
    return [info(w, by_seat.get(w.seat)) for w in sorted(waits, key=lambda w: order.get(w.seat, 99))]


def new_wait(game_id: int, seat: Seat, ids: list[int], now: datetime, pace: Pace, habits: Habits) -> WaitRow:
    return WaitRow(**wait_values(game_id, seat, ids, now, pace, habits))


def wait_values(game_id: int, seat: Seat, ids: list[int], now: datetime, pace: Pace, habits: Habits) -> dict[str, Any]:
    """A fresh wait's columns (all but its id), as plain values: the command path writes them without making
    an ORM object (its instrumented constructor cost more than the rest of the command's writes)."""
    deadline, paused = first_deadline(now, pace, habits)
    return {
        "game_id": game_id,
        "seat": seat,
        "since": now,
        "decision_ids_json": json.dumps(ids),
        "reminders_sent": 0,
        "last_reminded_at": None,
        "next_reminder_at": next_reminder(now, 0, None, pace, habits),
        "deadline_at": deadline,
        "deadline_told_at": None,
        "paused_ms": int(paused.total_seconds() * 1000),
        "votes_json": "{}",
    }


async def sync(
    s: Tx,
    row: GameRow,
    seats: Sequence[SeatRow],
    decisions: Sequence[Decision],
    actor: Seat | None,
    now: datetime,
    before: Sequence[Seat] | None = None,
    cache: HabitsCache | None = None,
) -> Change:
    """Make the game's wait rows match its open decisions, in the caller's transaction (see `plan`).

    `before` is whom the game waited on before this commit, which is what the rows say: with it, the rows are
    written without being read (this runs on every command); without it, they are read first."""
    if before is None:
        table = WaitRow.metadata.tables[WaitRow.__tablename__]
        found = await s.execute(select(table.c.seat).where(table.c.game_id == row.id).order_by(table.c.id))
        before = list(found.scalars())
    change, batch = await plan(
        row, seats, decisions, actor, now, before, dialect_of(s), lambda users: habits_for(s, users, cache)
    )
    await writes.run_in(s, batch)
    return change


async def plan(
    row: GameRow,
    seats: Sequence[SeatRow],
    decisions: Sequence[Decision],
    actor: Seat | None,
    now: datetime,
    before: Sequence[Seat],
    dialect: str,
    habits: Callable[[list[int]], Awaitable[dict[int, Habits]]],
) -> tuple[Change, list[writes.Write]]:
    """The writes that make the wait rows match the open decisions, given whom the rows wait on (`before`).
    A seat newly waited on gets a fresh wait; so does a seat that acted and is still waited on (in the same
    row); a seat no longer waited on loses its row; the others are left alone. A finished or abandoned game
    waits on nobody."""
    wanted: dict[Seat, list[int]] = {}
    if row.status == GameStatus.ACTIVE:
        for d in decisions:
            wanted.setdefault(d.seat, []).append(d.id)
    newly = [seat for seat in wanted if seat not in before]
    fresh = [seat for seat in wanted if seat in newly or seat == actor]
    gone = [seat for seat in dict.fromkeys(before) if seat not in wanted]
    if not (fresh or gone):
        return Change(), []
    batch: list[writes.Write] = []
    if gone:
        batch.append(writes.Write(GONE, [{"w_game": row.id, "w_seat": seat} for seat in gone]))
    if not fresh:
        return Change(gone=gone), batch
    # The seats waited on afresh, in seating order, each with its row: read once (a kept row's attributes go
    # through the ORM's descriptors, and this runs on nearly every command).
    by_seat = {seat: r for r in seats if (seat := r.seat)}
    placed = sorted(fresh, key=lambda seat: by_seat[seat].position if seat in by_seat else 99)
    users = {seat: by_seat[seat].user_id for seat in placed if seat in by_seat}
    known = await habits(list(users.values()))
    pace = pace_of(row)
    game_id = row.id or 0
    values = [wait_values(game_id, seat, wanted[seat], now, pace, known.get(users.get(seat, -1), Habits()))
              for seat in placed]
    batch.append(writes.Write(_upsert(dialect), values))
    told = [_info(v["game_id"], v["seat"], v["since"], v["next_reminder_at"], v["deadline_at"], False,
                  by_seat.get(v["seat"])) for v in values]
    return Change(waits=told, gone=gone, newly=newly), batch


_WAITS = WaitRow.metadata.tables[WaitRow.__tablename__]
# Core statements, not the ORM's: these run on every change of turn.
GONE = delete(_WAITS).where(_WAITS.c.game_id == bindparam("w_game"), _WAITS.c.seat == bindparam("w_seat"))


@cache
def _upsert(dialect: str) -> Any:
    """INSERT, or start the seat's existing wait again in its own row (ON CONFLICT on game and seat). Built
    once per dialect and run with a list of rows, so its compiled form is reused on every command."""
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    table = WaitRow.metadata.tables[WaitRow.__tablename__]
    stmt = insert(table)
    again = {c.name: stmt.excluded[c.name] for c in table.columns if c.name not in ("id", "game_id", "seat")}
    return stmt.on_conflict_do_update(index_elements=["game_id", "seat"], set_=again)
