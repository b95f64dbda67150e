"""The plumbing every tournament verb shares: the announcer, loading and saving a tournament under its lock
with a version check, a match's clock row, and the posts that follow a result."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Protocol, TypeVar, cast

from sqlalchemy import CursorResult, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from bot.service import Service, User, boundary
from bot.service.types import NoSuchGame, NotAllowed, ServiceError, VersionConflict
from bot.store.models import ClockRow, MatchRow, TournamentRow
from bot.tournament import text
from engines import clock as clk
from engines.clock import MatchClock
from engines.core import RuleError, codec
from engines.lcg.state import LcgState
from engines.tournament import Result, Tournament
from engines.tournament.race import SETUP, Side, finish_of, phase_group
from engines.tournament.scoring import Finish

log = logging.getLogger(__name__)
T = TypeVar("T")
PLAYING, DECIDED = "playing", "decided"


class Announcer(Protocol):
    """Where the tournament speaks: its channel, and each team's game thread (or channel)."""

    async def announce(self, channel_id: int | None, text: str, image: bytes | None = None) -> None: ...

    async def match_thread(self, channel_id: int | None, game_id: int, title: str) -> int | None: ...


class Transcript:
    """An announcer that keeps what it was told, in order: the console prints it, tests read it."""

    def __init__(self) -> None:
        self.lines: list[tuple[int | None, str]] = []
        self.images: list[bytes] = []

    async def announce(self, channel_id: int | None, text: str, image: bytes | None = None) -> None:
        self.lines.append((channel_id, text))
        if image is not None:
            self.images.append(image)

    async def match_thread(self, channel_id: int | None, game_id: int, title: str) -> int | None:
        return None


def ms(at: datetime) -> int:
    return int(at.timestamp() * 1000)


def moment(at_ms: int) -> datetime:
    return datetime.fromtimestamp(at_ms / 1000, UTC)


def _slot(text_: str) -> tuple[int, int] | None:
    if not text_:
        return None
    r, g = text_.split(",")
    return int(r), int(g)


@dataclass
class Table:
    """One match as loaded: its row, its clock, both games' states (None before they exist)."""

    row: MatchRow
    clock: ClockRow | None
    states: dict[str, LcgState | None]

    def side(self, name: str, flag: Finish | None = None) -> Side:
        state = self.states[name]
        slot = phase_group(state) if state is not None else SETUP
        finish = finish_of(state, slot) if state is not None else None
        done = _slot(self.row.done_a if name == "a" else self.row.done_b)
        return Side(slot=slot, done=done, finish=finish or flag)


class ClockAlarms(Protocol):
    def arm(self, match_id: int, when: datetime | None) -> None: ...

class Desk:
    """State and plumbing shared by the tournament's verbs (bot/tournament/service.py, match.py)."""

    def __init__(self, service: Service, announcer: Announcer | None = None) -> None:
        self.service = service
        self.db = service.db
        self.announcer: Announcer = announcer or Transcript()
        self.alarms: ClockAlarms | None = None
        self._locks: dict[int, asyncio.Lock] = {}
        # Games seen by the gate to belong to no match. A match's games are bound to it before anyone can act
        # in them, so a game once seen outside every match stays outside: its moves need no second look.
        self._plain: set[int] = set()
        # Matches whose automatic seats are being played, and the games to play next (match.py `_drive`).
        self._driving: dict[int, list[int]] = {}

    def _lock(self, tid: int) -> asyncio.Lock:
        return self._locks.setdefault(tid, asyncio.Lock())

    async def _load(self, s: AsyncSession, tid: int) -> tuple[TournamentRow, Tournament]:
        row = await s.get(TournamentRow, tid)
        if row is None:
            raise ServiceError(f"There is no tournament {tid}.")
        return row, codec.loads(Tournament, row.state_json)

    async def _save(self, s: AsyncSession, row: TournamentRow, t: Tournament, **values: Any) -> None:
        status = "finished" if t.over else ("running" if t.rounds else "registering")
        result = await s.execute(
            update(TournamentRow)
            .where(col(TournamentRow.id) == row.id, col(TournamentRow.version) == row.version)
            .values(state_json=codec.dumps(t), version=row.version + 1, status=status, updated_at=self.service.clock(),
                    **values)
        )
        if cast(CursorResult[Any], result).rowcount != 1:
            raise VersionConflict
        row.version += 1

    async def _locked(self, tid: int, work: Callable[[AsyncSession], Awaitable[T]]) -> T:
        async with self._lock(tid):
            for _ in range(8):
                try:
                    async with self.db.session() as s:
                        return await work(s)
                except VersionConflict:
                    await asyncio.sleep(0)
            raise RuleError("The tournament is very busy right now; please try again.")

    async def within_reach(self, tid: int, user: User) -> int:
        """`tid`, if `user` may name it from where they typed: a tournament belongs to its server
        (bot/service/boundary.py); the refusal reads the same whether it exists elsewhere or not at all."""
        async with self.db.session() as s:
            row = await s.get(TournamentRow, tid)
        if row is None or not boundary.same_server(row.guild_id, user):
            raise NoSuchGame(boundary.not_here("tournament", tid, user))
        return tid

    @staticmethod
    def _organizer(row: TournamentRow, user: User) -> None:
        if user.id != row.organizer_id and not boundary.admin_of(user, row.guild_id):
            raise NotAllowed("Only the tournament's organizer (or someone with Manage Server) can do that.")

    async def tournament(self, tid: int) -> Tournament:
        async with self.db.session() as s:
            return (await self._load(s, tid))[1]

    async def current(self, guild_id: int | None) -> int:
        """The newest running tournament of this server, else its newest finished one."""
        async with self.db.session() as s:
            query = select(col(TournamentRow.id))
            if guild_id is not None:
                query = query.where(col(TournamentRow.guild_id) == guild_id)
            running = (col(TournamentRow.status) != "finished").desc()  # a running one first, else the newest
            ids = list((await s.execute(query.order_by(running, col(TournamentRow.id).desc()))).scalars())
        if not ids:
            raise ServiceError("There is no tournament running here; an organizer creates one with /rats create.")
        return int(ids[0] or 0)

    async def _match(self, s: AsyncSession, tid: int, round_no: int, table: int) -> MatchRow:
        found = (await s.execute(select(MatchRow).where(col(MatchRow.tournament_id) == tid,
                                                        col(MatchRow.round) == round_no,
                                                        col(MatchRow.table_no) == table))).scalars().first()
        if found is None:
            raise RuleError(f"Round {round_no} has no table {table}.")
        return found

    async def _channel(self, tid: int) -> int | None:
        async with self.db.session() as s:
            row = await s.get(TournamentRow, tid)
        return row.channel_id if row is not None else None

    async def _save_clock(self, s: AsyncSession, row: ClockRow, clock: MatchClock) -> None:
        alarm = clk.next_alarm(clock)
        result = await s.execute(
            update(ClockRow)
            .where(col(ClockRow.match_id) == row.match_id, col(ClockRow.version) == row.version)
            .values(state_json=codec.dumps(clock), version=row.version + 1, updated_at=self.service.clock(),
                    alarm_at=moment(alarm) if alarm is not None else None)
        )
        if cast(CursorResult[Any], result).rowcount != 1:
            raise VersionConflict
        if self.alarms is not None:
            self.alarms.arm(row.match_id, moment(alarm) if alarm is not None else None)

    async def _game_place(self, game_id: int | None) -> int | None:
        if game_id is None:
            return None
        ref = await self.service.ref(game_id)
        return ref.thread_id or ref.channel_id

    async def _after_result(self, tid: int) -> None:
        """When the last match of a round is decided: post the standings (and the champion at the end)."""
        async with self.db.session() as s:
            row, t = await self._load(s, tid)
            told = any(line == f"standings:{len(t.rounds)}" for line in t.log)
            if not t.rounds or not t.rounds[-1].complete or told:
                return
            t.log.append(f"standings:{len(t.rounds)}")
            await self._save(s, row, t)
        await self.announcer.announce(row.channel_id, text.standings_text(t))

    async def _decide(self, s: AsyncSession, tid: int, round_no: int, table: int, result: Result,
                      now: datetime) -> None:
        match = await self._match(s, tid, round_no, table)
        match.status, match.result_json = DECIDED, codec.dumps(result)
        clock_row = await s.get(ClockRow, match.id)
        if clock_row is not None:
            clock = codec.loads(MatchClock, clock_row.state_json)
            if not clock.finished:
                clock, _ = clk.finish(clock, ms(now), "result recorded by the organizer")
                await self._save_clock(s, clock_row, clock)

