"""What the timers do when they ring, and what the bot does when it wakes up.

Every handler re-reads its wait row and re-checks before acting, and claims its action by compare-and-set on
the row (`reminders_sent`, `deadline_told_at`), so an early, late or duplicate run (two timers, a restart,
the safety sweep) does nothing twice (DESIGN.md, 'Time'). `now` is an argument: tests pass their own.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from sqlalchemy import ColumnElement, CursorResult, and_, or_, select, true, update
from sqlmodel import col

from bot.pace import AtDeadline, after_quiet, away, credit_downtime, duration_text, is_quiet, next_reminder, stamp
from bot.service import absent, waits
from bot.service.tempo import asked
from bot.service.types import DeadlineAsk, Notice, Reminder, WaitInfo
from bot.store.models import GameRow, GameStatus, HeartbeatRow, SeatRow, WaitRow
from engines import registry

if TYPE_CHECKING:
    from bot.service.core import Core

log = logging.getLogger(__name__)

REMIND = "remind"
DEADLINE = "deadline"


@dataclass(frozen=True)
class Downtime:
    down_from: datetime
    down_to: datetime
    games: int  # tables told

    @property
    def length(self) -> timedelta:
        return self.down_to - self.down_from


class Alarms:
    def __init__(self, service: Core) -> None:
        self.service = service

    def _owned(self) -> ColumnElement[bool]:
        """The games whose timers this process runs: all of them, or its shards' servers' (bot/shards.py)."""
        shards = self.service.shards
        return true() if shards is None else shards.where(col(GameRow.guild_id))

    @property
    def heartbeat(self) -> str:
        """Each process keeps its own heartbeat, so each measures (and credits) its own downtime."""
        shards = self.service.shards
        return "bot" if shards is None else shards.name

    # --- a reminder comes due ----------------------------------------------------------------
    async def remind_due(self, game_id: int, seat: str, now: datetime | None = None) -> bool:
        """Remind the player if their reminder is due now; True if this call sent it."""
        svc = self.service
        at = now or svc.clock()

        async def attempt() -> tuple[bool, Notice | None]:
            async with svc.db.session() as s:
                row, seat_row, wait = await self._wait(s, game_id, seat)
                if row is None or seat_row is None or wait is None or seat_row.auto_play:
                    return False, None
                if wait.next_reminder_at is None or wait.next_reminder_at > at:
                    return False, await self._rearm(s, row)  # early: the timer is set again for the right time
                habits = (await waits.habits_for(s, [seat_row.user_id]))[seat_row.user_id]
                if is_quiet(at, habits) or away(at, habits):  # the habits changed since the time was set
                    wait.next_reminder_at = after_quiet(max(at, habits.vacation_until or at), habits)
                    return False, await self._rearm(s, row)
                pace = waits.pace_of(row)
                sent = wait.reminders_sent
                following = next_reminder(wait.since, sent + 1, at, pace, habits)
                claimed = await s.execute(
                    update(WaitRow)
                    .where(col(WaitRow.id) == wait.id, col(WaitRow.reminders_sent) == sent)
                    .values(reminders_sent=sent + 1, last_reminded_at=at, next_reminder_at=following)
                    .execution_options(synchronize_session="fetch")
                )
                if _count(claimed) != 1:
                    return False, None  # another run sent it
                state = await svc.state_of(s, row, registry.get(row.game))
                reminder = Reminder(
                    seat=seat,
                    user_id=seat_row.user_id,
                    name=seat_row.display_name,
                    since=wait.since,
                    deadline_at=wait.deadline_at,
                    asked=asked(row.game, state, seat),
                )
                notice = await self._rearm(s, row)
                notice.reminders = [reminder]
                return True, notice

        sent, notice = await svc.retrying(game_id, attempt)
        await svc.notify(notice)
        return sent

    # --- a deadline passes -------------------------------------------------------------------
    async def deadline_due(self, game_id: int, seat: str, now: datetime | None = None) -> bool:
        """Tell the table the deadline passed (once), and do what the host chose to happen by itself."""
        svc = self.service
        at = now or svc.clock()

        async def attempt() -> tuple[bool, Notice | None, AtDeadline]:
            async with svc.db.session() as s:
                row, seat_row, wait = await self._wait(s, game_id, seat)
                if row is None or seat_row is None or wait is None or wait.deadline_at is None:
                    return False, None, AtDeadline.ASK
                if wait.deadline_told_at is not None:
                    return False, None, AtDeadline.ASK
                if wait.deadline_at > at:
                    return False, await self._rearm(s, row), AtDeadline.ASK
                habits = (await waits.habits_for(s, [seat_row.user_id]))[seat_row.user_id]
                if away(at, habits) and habits.vacation_until:  # the vacation began after the time was set
                    wait.deadline_at = max(wait.deadline_at, habits.vacation_until)
                    return False, await self._rearm(s, row), AtDeadline.ASK
                claimed = await s.execute(
                    update(WaitRow)
                    .where(col(WaitRow.id) == wait.id, col(WaitRow.deadline_told_at).is_(None))
                    .values(deadline_told_at=at)
                    .execution_options(synchronize_session="fetch")
                )
                if _count(claimed) != 1:
                    return False, None, AtDeadline.ASK
                then = AtDeadline(row.at_deadline)
                name = seat_row.display_name
                line = f"{name} ({seat}) missed the deadline ({stamp(wait.deadline_at)})."
                if then is AtDeadline.AUTO:
                    await svc.commit_version(s, row)  # the seats changed: a process keeping them reads again
                    seat_row.auto_play = True
                    line += " As the host chose, the automatic seat plays for them until they are back (`/game back`)."
                elif then is AtDeadline.SKIP:
                    line += " As the host chose, their open decisions are skipped."
                else:
                    line += " The host, or a majority of the other players, may extend it or skip their decisions"
                    line += ", or hand the seat to the automatic seat." if row.allow_auto else "."
                notice = await self._rearm(s, row)
                notice.public_lines = [line]
                if then is AtDeadline.ASK:
                    notice.deadline_ask = DeadlineAsk(
                        wait_id=wait.id or 0,
                        seat=seat,
                        user_id=seat_row.user_id,
                        name=name,
                        deadline_at=wait.deadline_at,
                        extend_days=row.deadline_days or 1,
                        allow_auto=row.allow_auto,
                    )
                return True, notice, then

        told, notice, then = await svc.retrying(game_id, attempt)
        await svc.notify(notice)
        if told and then is AtDeadline.SKIP:
            await absent.play_for(svc, game_id, seat, "Deadline passed")
        elif told and then is AtDeadline.AUTO:
            await absent.play_auto_seats(svc, game_id)
        return told

    async def _wait(
        self, s: Any, game_id: int, seat: str
    ) -> tuple[GameRow | None, SeatRow | None, WaitRow | None]:
        row = await s.get(GameRow, game_id)
        if row is None or row.status != GameStatus.ACTIVE:
            return None, None, None
        wait = (
            await s.execute(select(WaitRow).where(col(WaitRow.game_id) == game_id, col(WaitRow.seat) == seat))
        ).scalar_one_or_none()
        seat_row = (
            await s.execute(select(SeatRow).where(col(SeatRow.game_id) == game_id, col(SeatRow.seat) == seat))
        ).scalar_one_or_none()
        return row, seat_row, wait

    async def _rearm(self, s: Any, row: GameRow) -> Notice:
        """A notice that says nothing but carries the game's waits, so the timers are set from them."""
        seats = await self.service.load_seats(s, row.id or 0)
        await s.flush()
        wait_rows = await waits.rows_of(s, row.id or 0)
        svc = self.service
        return Notice(ref=svc.ref_of(row), seats=svc.seat_infos(seats), waits=waits.infos(wait_rows, seats))

    # --- start-up: the facts the timers are rebuilt from, and the downtime -------------------
    async def open_waits(self) -> list[WaitInfo]:
        """Every open wait of every game in play, in one query: what the scheduler arms at start-up."""
        query = (
            select(
                *(
                    col(c)
                    for c in (WaitRow.game_id, WaitRow.seat, WaitRow.since, WaitRow.next_reminder_at)
                ),
                *(col(c) for c in (WaitRow.deadline_at, WaitRow.deadline_told_at, SeatRow.user_id)),
                col(SeatRow.display_name),
                col(SeatRow.auto_play),
            )
            .join(GameRow, col(GameRow.id) == col(WaitRow.game_id))
            .join(SeatRow, and_(col(SeatRow.game_id) == col(WaitRow.game_id), col(SeatRow.seat) == col(WaitRow.seat)))
            .where(col(GameRow.status) == GameStatus.ACTIVE, self._owned())
        )
        async with self.service.db.session() as s:
            rows: list[Any] = list((await s.execute(query)).all())
        return [
            WaitInfo(
                game_id=r[0], seat=r[1], since=r[2], next_reminder_at=r[3], deadline_at=r[4],
                deadline_passed=r[5] is not None, user_id=r[6], name=r[7], auto=r[8],
            )
            for r in rows
        ]

    async def backfill(self, now: datetime) -> int:
        """Games in play with no wait rows (begun before the rows existed, or out of step): their waits are
        written from their open decisions, beginning now. Returns how many games were filled in."""
        svc = self.service
        query = (
            select(col(GameRow.id))
            .outerjoin(WaitRow, col(WaitRow.game_id) == col(GameRow.id))
            .where(col(GameRow.status) == GameStatus.ACTIVE, col(WaitRow.id).is_(None), self._owned())
        )
        async with svc.db.session() as s:
            game_ids = [i for i in (await s.execute(query)).scalars() if i is not None]
        filled = 0
        for game_id in game_ids:

            async def attempt(game_id: int = game_id) -> bool:
                async with svc.db.session() as s:
                    row = await svc.load_row(s, game_id)
                    game = registry.get(row.game)
                    decisions = game.pending(await svc.state_of(s, row, game))
                    change = await waits.sync(s, row, await svc.load_seats(s, game_id), decisions, None, now)
                    return bool(change.waits)

            filled += await svc.retrying(game_id, attempt)
        return filled

    async def due(self, now: datetime) -> list[tuple[str, int, str]]:
        """(what, game, seat) for everything due by `now`: the safety sweep's list."""
        query = (
            select(col(WaitRow.game_id), col(WaitRow.seat), col(WaitRow.next_reminder_at), col(WaitRow.deadline_at))
            .join(GameRow, col(GameRow.id) == col(WaitRow.game_id))
            .where(col(GameRow.status) == GameStatus.ACTIVE, self._owned())
            .where(
                or_(
                    col(WaitRow.next_reminder_at) <= now,
                    and_(col(WaitRow.deadline_at) <= now, col(WaitRow.deadline_told_at).is_(None)),
                )
            )
        )
        async with self.service.db.session() as s:
            rows = (await s.execute(query)).all()
        out: list[tuple[str, int, str]] = []
        for game_id, seat, remind_at, deadline_at in rows:
            if deadline_at is not None and deadline_at <= now:
                out.append((DEADLINE, game_id, seat))
            if remind_at is not None and remind_at <= now:
                out.append((REMIND, game_id, seat))
        return out

    async def beat(self, now: datetime, name: str | None = None) -> None:
        """Proof of life, every minute: the start-up after a crash measures the downtime from the last one."""
        name = name or self.heartbeat
        async with self.service.db.session() as s:
            beat = await s.get(HeartbeatRow, name)
            if beat is None:
                s.add(HeartbeatRow(name=name, seen_at=now, started_at=now))
            elif now > beat.seen_at:
                beat.seen_at = now

    async def wake(self, now: datetime, grace: timedelta, name: str | None = None) -> Downtime | None:
        """At start-up: if the bot was gone longer than `grace`, move every running reminder and deadline
        back by the whole downtime (nobody could act, so it is charged to nobody) and tell each table once.
        The heartbeat moves to `now` in the same transaction, so a second start cannot credit it again."""
        svc = self.service
        name = name or self.heartbeat
        async with svc.db.session() as s:
            beat = await s.get(HeartbeatRow, name)
            if beat is None:
                s.add(HeartbeatRow(name=name, seen_at=now, started_at=now))
                return None
            down_from = beat.seen_at
            beat.seen_at, beat.started_at = max(now, beat.seen_at), now
            if now - down_from <= grace:
                return None
            gap_ms = int((now - down_from).total_seconds() * 1000)
            wait_rows = list(
                (
                    await s.execute(
                        select(WaitRow)
                        .join(GameRow, col(GameRow.id) == col(WaitRow.game_id))
                        .where(col(GameRow.status) == GameStatus.ACTIVE, self._owned())
                    )
                ).scalars()
            )
            for w in wait_rows:
                w.next_reminder_at = credit_downtime(w.next_reminder_at, down_from, now)
                if w.deadline_told_at is None:
                    w.deadline_at = credit_downtime(w.deadline_at, down_from, now)
                w.paused_ms += gap_ms
            game_ids = sorted({w.game_id for w in wait_rows})
            rows = list((await s.execute(select(GameRow).where(col(GameRow.id).in_(game_ids)))).scalars())
            seat_rows = list((await s.execute(select(SeatRow).where(col(SeatRow.game_id).in_(game_ids)))).scalars())
        down = Downtime(down_from=down_from, down_to=now, games=len(rows))
        line = (
            f"The bot was away for {duration_text(down.length)} (from {stamp(down_from, 'f')} to "
            f"{stamp(now, 't')}). That time is charged to nobody: reminders and deadlines move back by as much."
        )
        seats_of: dict[int, list[SeatRow]] = {}
        for r in seat_rows:
            seats_of.setdefault(r.game_id, []).append(r)
        waits_of: dict[int, list[WaitRow]] = {}
        for w in wait_rows:
            waits_of.setdefault(w.game_id, []).append(w)
        for row in rows:
            seats = sorted(seats_of.get(row.id or 0, []), key=lambda r: r.position)
            await svc.notify(
                Notice(
                    ref=svc.ref_of(row),
                    seats=svc.seat_infos(seats),
                    public_lines=[line],
                    waits=waits.infos(waits_of.get(row.id or 0, []), seats),
                )
            )
        return down


def _count(result: Any) -> int:
    return int(result.rowcount) if isinstance(result, CursorResult) else 0


__all__ = ["DEADLINE", "REMIND", "Alarms", "Downtime"]
