"""What every verb of the service shares, named: the unit of work around a game row (its lock, loading it
within the caller's reach, the version-checked commit, retries when another process won), the state cache,
the notice built after a commit and its delivery, and applying one command as a seat.

The verbs (service.py) and their parts (tempo, alarms, guard, absent, undo) all depend on this module and on
nothing of each other's internals, so the dependency runs one way: parts -> core, service -> parts -> core.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime
from typing import Any, Protocol, TypeVar, cast

from sqlalchemy import CursorResult, bindparam, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm.attributes import set_committed_value
from sqlmodel import col

from bot.service import boundary, waits
from bot.service.cache import StateCache
from bot.service.keeping import Keeper
from bot.service.live import Live
from bot.service.types import (
    ActResult,
    GameRef,
    NoSuchGame,
    Notice,
    PrivateNotice,
    SeatInfo,
    User,
    VersionConflict,
    WaitInfo,
)
from bot.service.views import Commit, Views
from bot.shards import Shards
from bot.store import snapshots, writes
from bot.store.database import Database
from bot.store.models import GameRow, GameStatus, JournalKind, JournalRow, SeatRow, SnapshotRow, utcnow
from engines import registry
from engines.core import Event, RuleError, Step, codec
from engines.core.contract import Game

log = logging.getLogger(__name__)
T = TypeVar("T")

MAX_RETRIES = 8


class Messenger(Protocol):
    async def deliver(self, notice: Notice) -> None: ...


class SilentMessenger:
    """Delivers nothing: for tools and tests that read the database directly."""

    async def deliver(self, notice: Notice) -> None:
        return None


class Timers(Protocol):
    """Whoever keeps the in-memory timers (bot/scheduler.py), told after each commit which waits it wrote
    (their seats' timers are set again from them) and which seats it stopped waiting on."""

    def update(self, game_id: int, waits: list[WaitInfo], gone: Sequence[str] = ()) -> None: ...


class NoTimers:
    def update(self, game_id: int, waits: list[WaitInfo], gone: Sequence[str] = ()) -> None:
        return None


# Hooks for rules that span games (a tournament match joins two games under one clock). A gate runs inside
# a command's transaction, before the engine, and refuses by raising a WestmarchError; an observer runs
# after the commit and its notice, with the moment the player acted, and its failure is only logged.
Gate = Callable[[AsyncSession, GameRow, str, datetime], Awaitable[None]]
Observer = Callable[[int, datetime], Awaitable[None]]
# Runs inside `abandon`'s transaction and refuses by raising (a tournament match still being raced).
AbandonGate = Callable[[AsyncSession, GameRow], Awaitable[None]]


def lines_for(events: list[Event], seat: str | None) -> list[str]:
    return [e.text for e in events if e.visible_to(seat)]


async def finished(task: asyncio.Task[None]) -> None:
    """Wait for `task` to end, without taking it over (a waiter cancelled leaves it running): `asyncio.wait` of
    one task, without the sets and the timeout it builds every time (a player's command waits for its notice)."""
    if task.done():
        return
    waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def wake(_: object) -> None:
        if not waiter.done():
            waiter.set_result(None)

    task.add_done_callback(wake)
    try:
        await waiter
    finally:
        task.remove_done_callback(wake)


def events_json(events: list[Event]) -> str:
    """A command's events as its journal row keeps them: what `codec.to_data` makes of them, built straight from
    an Event's two fields, since this runs on every command (tests/bot/test_notice_views.py checks the two agree)."""
    return json.dumps([{"text": e.text, "audience": e.audience} for e in events])


def written(row: GameRow, **values: Any) -> None:
    """Show on the loaded row what `commit_version` already wrote, without marking it dirty: a dirty row
    would be flushed as a second UPDATE (three more round trips to the database thread on every command)."""
    for name, value in values.items():
        set_committed_value(row, name, value)


def tell(notice: Notice, change: waits.Change) -> Notice:
    """Put what a commit did to the waits into its notice: for the timers, and whom to tell."""
    notice.waits = change.waits if change.waits or change.gone else None
    notice.waits_gone, notice.turn_notify = change.gone, change.newly
    return notice


JOURNAL = JournalRow.metadata.tables[JournalRow.__tablename__]
SNAPSHOT = SnapshotRow.metadata.tables[SnapshotRow.__tablename__]
GAMES = GameRow.metadata.tables[GameRow.__tablename__]
SEATS = SeatRow.metadata.tables[SeatRow.__tablename__]
# The command path's statements, built once: bot/store/writes.py compiles each once per shape.
JOURNAL_INSERT = insert(JOURNAL)
SNAPSHOT_INSERT = insert(SNAPSHOT)
GAME_BUMP = update(GAMES).where(GAMES.c.id == bindparam("w_id"), GAMES.c.version == bindparam("w_version"))
SEAT_INSERT = insert(SEATS)
SEAT_NAMED = (update(SEATS).where(SEATS.c.game_id == bindparam("w_game"), SEATS.c.user_id == bindparam("w_user"))
              .values(seat=bindparam("w_seat")))  # by (game, user), unique: a seat kept in memory has no id


def journal_values(game_id: int, seq: int, kind: str, text: str, at: datetime, **values: Any) -> dict[str, Any]:
    """A journal row as `JOURNAL_INSERT` writes it: every column given (a batched write fills in no defaults)."""
    return {"game_id": game_id, "seq": seq, "kind": kind, "seat": None, "user_id": None, "text": text,
            "decision_id": None, "ref_seq": None, "barrier": False, "events_json": "[]", "engine_version": "",
            "data_version": "", "rng": "", "created_at": at, **values}


class Core:
    """The shared plumbing of one service: see the module's docstring."""

    def __init__(
        self,
        db: Database,
        messenger: Messenger,
        *,
        snapshot_every: int = 200,
        state_cache: int = 1000,
        clock: Callable[[], datetime] = utcnow,
    ) -> None:
        self.db = db
        self.messenger = messenger
        self.snapshot_every = snapshot_every
        self.clock = clock
        self.locks: dict[int, asyncio.Lock] = {}
        # Snapshots besides the command path's: at shutdown, and of each game as it leaves the cache.
        self.keeping = Keeper(db, clock)
        self.cache = StateCache(state_cache, self.keeping.evicted)  # game id -> Live, the busiest games
        self.timers: Timers = NoTimers()
        self.shards: Shards | None = None  # sharded: this process runs only these shards' games' timers
        self.gates: list[Gate] = []
        self.abandon_gates: list[AbandonGate] = []
        self.observers: list[Observer] = []
        # Called with a game's id once a command has ended it, after its notice (campaigns update their log).
        self.on_game_over: list[Callable[[int], Awaitable[None]]] = []
        self.habits = waits.HabitsCache()
        # Off: a command returns after its notice is built and handed to the messenger (tests, the console).
        # On (the Discord client): it returns once committed, and each game's notices are built and handed over
        # in order by a task of their own (`after_commit`), off the command's latency.
        self.notices_after = False
        self._heralds: dict[int, asyncio.Task[None]] = {}

    def lock(self, game_id: int) -> asyncio.Lock:
        return self.locks.setdefault(game_id, asyncio.Lock())

    def under_way(self, game_id: int) -> bool:
        """A command of the game is being applied and committed (it holds the game's lock): a notice may follow."""
        return self.lock(game_id).locked()

    async def quiet(self, game_id: int) -> None:
        """Wait until no command of the game is under way and every notice of its commits has been handed over."""
        async with self.lock(game_id):
            pass
        await self.settle(game_id)

    async def load_row(self, s: AsyncSession, game_id: int, user: User | None = None) -> GameRow:
        """The game row; with `user`, only if they may reach it from where they typed (bot/service/boundary.py)."""
        row = await s.get(GameRow, game_id)
        if row is None or (user is not None and not await boundary.reaches_game(s, game_id, row.guild_id, user)):
            raise NoSuchGame(boundary.not_here("game", game_id, user))
        return row

    async def load_seats(self, s: AsyncSession, game_id: int) -> list[SeatRow]:
        result = await s.execute(select(SeatRow).where(col(SeatRow.game_id) == game_id).order_by(col(SeatRow.position)))
        return list(result.scalars())

    async def state_of(self, s: Any, row: GameRow, game: Game[Any]) -> Any:
        """The state at the row's version: the cached one, else its newest snapshot and the journal after it,
        read in the caller's transaction `s` (bot/store/snapshots.py)."""
        cached = self.cache.get(row.id or 0)
        if cached and cached[0] == row.version:
            return cached[1]
        if row.state_json is None:
            raise RuleError(f"Game {row.id} has not started yet.")
        game_id = row.id or 0
        found = await snapshots.newest(s, game_id, row.journal_seq)
        if found is None:  # a row written before snapshots held the state: its own copy is current
            state = game.loads(snapshots.unpack(row.state_json))
        else:
            seq, text = found
            state = game.loads(text)
            if seq < row.journal_seq:
                tail = await snapshots.tail(s, game_id, seq, row.journal_seq)
                state = snapshots.replay(game, state, tail)
                older = snapshots.other_rules(game, tail)
                if older:  # the bot stopped without its shutdown snapshot (`Keeper`), then was updated
                    log.warning("game %s: its last %d journal rows, played under version %s of the %s rules, were "
                                "replayed under version %s; its state is written as a snapshot at seq %s",
                                game_id, len(tail), ", ".join(older), row.game, game.version, row.journal_seq)
                    self.keeping.soon(game_id, row.journal_seq, state)
        self.cache[game_id] = Live(row.version, state)
        return state

    def ref_of(self, row: GameRow) -> GameRef:
        return GameRef(
            id=row.id or 0,
            game=row.game,
            title=registry.get(row.game).title,
            status=row.status,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            thread_id=row.thread_id,
            board_message_id=row.board_message_id,
        )

    @staticmethod
    def seat_infos(seats: list[SeatRow]) -> list[SeatInfo]:
        return [SeatInfo(seat=r.seat, user_id=r.user_id, name=r.display_name, dm_ok=r.dm_ok) for r in seats]

    async def in_play(self, game_id: int, user: User | None) -> Live:
        """The game as the command path needs it (row, seats, state), from memory when this process wrote it
        last, else read in one short transaction; only within the user's reach (bot/service/boundary.py)."""
        live = self.cache.get(game_id)
        kept = isinstance(live, Live) and live.row is not None and live.seats is not None
        if not kept:
            async with self.db.session() as s:
                row = await s.get(GameRow, game_id)
                if row is None:  # in the caller's words: the same refusal as a game out of reach
                    raise NoSuchGame(boundary.not_here("game", game_id, user))
                seats = await self.load_seats(s, game_id)
                game = registry.get(row.game)
                state = await self.state_of(s, row, game) if row.state_json is not None else None
            live = Live(row.version, state, row, seats)
            self.cache[game_id] = live
        assert isinstance(live, Live) and live.row is not None and live.seats is not None
        if user is not None and not boundary.reaches_seated(live.row.guild_id, live.seats, user):
            if kept:
                await self.confirm(game_id, live.version)
            raise NoSuchGame(boundary.not_here("game", game_id, user))
        return live

    async def confirm(self, game_id: int, version: int) -> None:
        """Before a refusal worked out from memory is said: raise VersionConflict (the caller reads the game
        again and retries) if another process has moved the game on since. A move is never applied from a
        stale memory (the version guard refuses it); this keeps a refusal from being one."""
        async with self.db.connection() as conn:
            stored = (await conn.execute(select(col(GameRow.version)).where(col(GameRow.id) == game_id))).scalar()
        if stored != version:
            raise VersionConflict

    def keep_seats(self, user_id: int, **values: Any) -> None:
        """Show on every kept seat of a user a write that does not move the version (whether their DMs are
        open), as it wrote it to every seat of theirs."""
        for live in self.cache.values():
            if isinstance(live, Live) and live.seats is not None:
                for seat in live.seats:
                    if seat.user_id == user_id:
                        for name, value in values.items():
                            setattr(seat, name, value)

    def keep_row(self, game_id: int, **values: Any) -> None:
        """Show on the kept row a write that does not move the version (its thread, its board message)."""
        live = self.cache.get(game_id)
        if isinstance(live, Live) and live.row is not None:
            for name, value in values.items():
                setattr(live.row, name, value)

    def bump(self, row: GameRow, now: datetime | None = None, **values: Any) -> writes.Write:
        """The guarded write of `commit_version` as data: the game row from the version read to the next, or a
        conflict if another writer moved it first."""
        guard = {"w_id": row.id, "w_version": row.version}
        updated = now or self.clock()
        return writes.Write(GAME_BUMP, {"version": row.version + 1, "updated_at": updated, **values, **guard},
                            guard=True)

    async def habits_of(self, s: waits.Tx | None, users: list[int]) -> dict[int, Any]:
        """Players' habits for their new waits: from memory, else read in the caller's transaction `s`, or in
        a short one of their own (never a second one: on SQLite it would wait for the caller's)."""
        if s is not None:
            return await waits.habits_for(s, users, self.habits)
        known = {u: h for u in users if (h := self.habits.get(u)) is not None}
        if len(known) == len(users):
            return known
        async with self.db.connection() as conn:
            return await waits.habits_for(conn, users, self.habits)

    async def commit_version(self, s: waits.Tx, row: GameRow, keeps_state: bool = True, **values: Any) -> None:
        """Move the game row from the version we read to the next, or fail if someone else did.

        `row.version` stays the version read (no session synchronisation): the callers key the state cache
        by `row.version + 1`, and a synchronised row would key it one ahead, where another process's next
        commit would find this process's older state. A write that `keeps_state` keeps the cached state at
        the new version but forgets the kept row and seats (the caller may be changing them); one that moves
        the state caches the new one itself."""
        game_id = row.id or 0
        kept = self.cache.get(game_id)
        if kept is not None and kept[0] == row.version and keeps_state and "state_json" not in values:
            self.cache[game_id] = Live(row.version + 1, kept[1])  # a failed commit empties it (`retrying`)
        result = await s.execute(
            update(GameRow)
            .where(col(GameRow.id) == row.id, col(GameRow.version) == row.version)
            .values(version=row.version + 1, updated_at=self.clock(), **values)
            .execution_options(synchronize_session=False)
        )
        if cast(CursorResult[Any], result).rowcount != 1:
            raise VersionConflict

    async def retrying(self, game_id: int, attempt: Callable[[], Awaitable[T]], *, keeps_live: bool = False) -> T:
        """Run one transaction under the game's lock, again if another process won the race. Unless the
        attempt `keeps_live` (it keeps the cached row and seats true itself: the command path), the row and
        seats kept in memory are forgotten after it, whatever it wrote."""
        async with self.lock(game_id):
            for _ in range(MAX_RETRIES):
                try:
                    done = await attempt()
                    if not keeps_live:
                        kept = self.cache.get(game_id)
                        if isinstance(kept, Live) and kept.row is not None:
                            self.cache[game_id] = Live(kept.version, kept.state)
                    return done
                except (VersionConflict, IntegrityError, writes.Conflict):
                    self.cache.pop(game_id, None)
                    await asyncio.sleep(0)
                except BaseException:
                    # The attempt may have cached a state it never committed (a failed COMMIT, a lost
                    # connection, a cancelled task): another process may commit that version differently.
                    self.cache.pop(game_id, None)
                    raise
            raise RuleError("The game is very busy right now; please try again.")

    async def after_commit(self, game_id: int, work: Callable[[], Awaitable[None]]) -> None:
        """Run `work` (build a game's notice and hand it over) now, or with `notices_after` in a task queued
        behind that game's earlier ones, so a table never hears of two commits out of order."""
        if not self.notices_after:
            await work()
            return
        previous = self._heralds.get(game_id)
        task = asyncio.create_task(self._in_turn(previous, work, game_id))
        self._heralds[game_id] = task

        def forget(done: asyncio.Task[None]) -> None:
            if self._heralds.get(game_id) is done:
                del self._heralds[game_id]

        task.add_done_callback(forget)

    @staticmethod
    async def _in_turn(previous: asyncio.Task[None] | None, work: Callable[[], Awaitable[None]], game_id: int) -> None:
        if previous is not None:
            await asyncio.wait([previous])
        try:
            await work()
        except Exception:  # like a failed delivery: the commit stands, the next notice still goes
            log.exception("the notice of a commit to game %s failed", game_id)

    async def checkpoint(self) -> int:
        """Snapshot the games kept in memory whose newest snapshot is older (bot/service/keeping.py): at shutdown."""
        return await self.keeping.checkpoint(self.cache)

    async def settle(self, game_id: int | None = None) -> None:
        """Wait until every queued notice (of one game, or of all) has been handed to the messenger."""
        while game_id is None and self._heralds:
            await asyncio.wait(list(self._heralds.values()))
        while game_id is not None and (task := self._heralds.get(game_id)) is not None:
            if task.done():
                # Finished, but not yet forgotten: its done callback (`after_commit`'s `forget`) runs on a later
                # turn of the loop. Yield to it; looping here without yielding froze the bot.
                await asyncio.sleep(0)
            else:
                await finished(task)

    async def notify(self, notice: Notice | None) -> None:
        """Hand a notice to the messenger, in turn with the game's other notices (`after_commit`)."""
        if notice is None:
            return
        await self.after_commit(notice.ref.id, lambda: self.deliver(notice))

    async def deliver(self, notice: Notice) -> None:
        owned = self.shards is None or self.shards.owns(notice.ref.guild_id)
        if owned and (notice.waits is not None or notice.waits_gone):  # in memory and quick; before delivery
            try:
                self.timers.update(notice.ref.id, notice.waits or [], notice.waits_gone)
            except Exception:
                log.exception("re-arming the timers of game %s failed", notice.ref.id)
        if not notice.silent:
            try:
                await self.messenger.deliver(notice)
            except Exception:  # a failed notification never undoes a committed move
                log.exception("delivering a notice for game %s failed", notice.ref.id)
        if notice.outcome is not None:
            for hook in self.on_game_over:
                try:
                    await hook(notice.ref.id)
                except Exception:  # the game's result is committed; whoever listens catches up later
                    log.exception("a game-over listener failed for game %s", notice.ref.id)

    async def observe(self, game_id: int, at: datetime) -> None:
        for observer in self.observers:
            try:
                await observer(game_id, at)
            except Exception:  # like a notification: it never undoes the committed move
                log.exception("an observer of game %s failed", game_id)

    def notice(
        self,
        row: GameRow,
        seats: list[SeatRow],
        game: Game[Any],
        before: Any | None,
        after: Any,
        events: list[Event],
        was: Views | None = None,
        keep: Callable[[Views], None] | None = None,
        seen: Commit | None = None,
    ) -> Notice:
        """What a commit tells: every seat's view of `after` against `before`'s (`was`: the views of `before`
        kept from the command before), each worked out when a messenger first reads it (bot/service/views.py),
        or as far as the command path worked them out already (`seen`); `keep` is handed the views of `after`
        for the next one."""
        ref = self.ref_of(row)
        if seen is None:
            if before is not None and was is None:
                was = self.views_of(game, before, seats)
            seen = Commit(was, self.views_of(game, after, seats))
        now = seen.now
        secret = [(e.text, e.audience) for e in events if e.audience is not None]
        private = []
        for seat_row in seats:
            seat = seat_row.seat  # read once: a kept row's attributes go through the ORM's descriptors
            if seat is not None:
                lines = [text for text, audience in secret if seat in audience]
                private.append(PrivateNotice(seat=seat, user_id=seat_row.user_id, name=seat_row.display_name,
                                             lines=lines, seen=seen))
        if keep is not None:
            keep(now)
        return Notice(
            ref=ref,
            seats=self.seat_infos(seats),
            public_lines=lines_for(events, None),
            seen=seen,
            private=private,
            decisions=list(now.pending),
            new_decisions=seen.new_decisions,
            waiting_before=seen.waiting_before,
            waiting_after=seen.waiting_after,
            outcome=seen.outcome,
        )

    @staticmethod
    def views_of(game: Game[Any], state: Any, seats: list[SeatRow]) -> Views:
        return Views(game, state, [r.seat for r in seats if r.seat is not None])

    def keeper(self, game_id: int, version: int) -> Callable[[Views], None]:
        """Keeps the views of the state at `version` with it, if that state is still the one kept."""

        def keep(views: Views) -> None:
            live = self.cache.get(game_id)
            if isinstance(live, Live) and live.version == version:
                self.cache[game_id] = live._replace(views=views)

        return keep

    async def sync_waits(
        self, s: waits.Tx, row: GameRow, seats: list[SeatRow], notice: Notice, actor: str | None
    ) -> None:
        """Bring the wait facts in step with the decisions, in the command's own transaction."""
        change = await waits.sync(
            s, row, seats, notice.decisions, actor, self.clock(), notice.waiting_before, self.habits
        )
        tell(notice, change)

    async def commit_command(
        self,
        s: waits.Tx | None,
        row: GameRow,
        seats: list[SeatRow],
        game: Game[Any],
        before: Any,
        seat: str,
        command: Any,
        user_id: int | None,
        at: datetime | None = None,
        said: list[Event] | None = None,
        step: Step[Any] | None = None,
    ) -> tuple[ActResult, Callable[[], Notice]]:
        """Apply `command` as `seat`, journal it and write the next version and the waits. `user_id` None
        means the bot played it for the seat (a skipped deadline, the automatic seat); `said` is told to the
        table first. The writes go in the caller's transaction `s`, or with `s` None in one of their own, committed
        before this returns (and raising `writes.Conflict` if the game moved on). The notice (every seat's view)
        is built by the returned function after the commit, so the database is not held while it is made."""
        game_id = row.id or 0
        step = step or game.apply(before, seat, command)  # `step`: applied already, outside the transaction
        now = self.clock()  # one reading for every time this command writes
        at = at or now
        events = [*(said or []), *step.events]
        canonical = game.format(command if step.command is None else step.command)
        seq = row.journal_seq + 1
        outcome = game.outcome(step.state)
        status = GameStatus.FINISHED if outcome is not None else GameStatus.ACTIVE
        # The journal row is the write; the state is written as a snapshot now and then (bot/store/snapshots.py).
        decision_id = getattr(command, "decision", None)
        batch = [
            self.bump(row, now, journal_seq=seq, status=status),
            writes.Write(JOURNAL_INSERT, journal_values(
                game_id, seq, JournalKind.COMMAND, canonical, at, seat=seat, user_id=user_id,
                decision_id=decision_id if isinstance(decision_id, int) else None, barrier=step.barrier,
                events_json=events_json(events), engine_version=game.version,
                rng=step.state.rng.algorithm,
            )),
        ]
        if snapshots.due(seq, self.snapshot_every, outcome is not None):
            packed = snapshots.pack(codec.dumps(step.state))
            snapshot = {"game_id": game_id, "seq": seq, "state_json": packed, "created_at": now}
            batch.append(writes.Write(SNAPSHOT_INSERT, snapshot))
        if row.status != status:
            written(row, status=status)
        kept = self.cache.get(game_id)
        views = kept.views if isinstance(kept, Live) and kept.version == row.version else None
        self.cache[game_id] = Live(row.version + 1, step.state)
        result = ActResult(ref=self.ref_of(row), seat=seat, command=canonical, seq=seq, lines=lines_for(events, seat),
                           seats=self.seat_infos(seats))
        pending = game.pending(step.state)
        if views is None:
            views = self.views_of(game, before, seats)
        seen = Commit(views, Views(game, step.state, views.seat_names, pending))
        seen.work_out()  # while both states are in the processor's caches (`Commit.work_out`)
        was = list(dict.fromkeys(d.seat for d in views.pending))
        dialect = self.db.dialect
        change, for_waits = await waits.plan(
            row, seats, pending, seat, now, was, dialect, functools.partial(self.habits_of, s)
        )
        batch += for_waits
        if s is None:  # a transaction of its own, committed with other games' (bot/store/writes.py)
            await self.db.commit_writes(batch)
        else:
            await writes.run_in(s, batch)
        keep = self.keeper(game_id, row.version + 1)
        return result, lambda: tell(self.notice(row, seats, game, before, step.state, events, keep=keep, seen=seen),
                                    change)

    async def journal(self, s: AsyncSession, game_id: int) -> list[JournalRow]:
        result = await s.execute(
            select(JournalRow).where(col(JournalRow.game_id) == game_id).order_by(col(JournalRow.seq))
        )
        return list(result.scalars())

