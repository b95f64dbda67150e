"""The service: one entry point per verb, each a single transaction under the game's lock.

    lock the game -> load -> engine.apply -> journal -> version-checked commit -> notify

Notification happens only after the commit and its failure is logged, never rolled back. The version
check on the game row is what keeps two processes from both applying a command to one game.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime
from typing import Any, Protocol, TypeVar, cast

from sqlalchemy import CursorResult, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm.attributes import set_committed_value
from sqlmodel import col

from bot.pace import Pace
from bot.service import absent, boundary, history, limits, undo, waits
from bot.service.cache import StateCache
from bot.service.guard import acting_seat, not_playing, seats_of
from bot.service.limits import Limits
from bot.service.types import (
    ActResult,
    GameRef,
    NoSuchGame,
    NotAllowed,
    Notice,
    NotSeated,
    Place,
    PrivateNotice,
    SeatInfo,
    User,
    VersionConflict,
    WaitInfo,
)
from bot.shards import Shards
from bot.store.database import Database
from bot.store.models import (
    OPEN_STATUSES,
    GameRow,
    GameStatus,
    JournalKind,
    JournalRow,
    SeatRow,
    SnapshotRow,
    utcnow,
)
from engines import registry
from engines.core import CommandError, Config, Event, RuleError, StaleDecision, View, codec
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


def _lines(events: list[Event], seat: str | None) -> list[str]:
    return [e.text for e in events if e.visible_to(seat)]


def _written(row: GameRow, **values: Any) -> None:
    """Show on the loaded row what `_commit_version` already wrote, without marking it dirty: a dirty row
    would be flushed as a second UPDATE (three more round trips to the database thread on every command)."""
    for name, value in values.items():
        set_committed_value(row, name, value)


def _tell(notice: Notice, change: waits.Change) -> Notice:
    """Put what a commit did to the waits into its notice: for the timers, and whom to tell."""
    notice.waits = change.waits if change.waits or change.gone else None
    notice.waits_gone, notice.turn_notify = change.gone, change.newly
    return notice


class Service:
    def __init__(
        self,
        db: Database,
        messenger: Messenger | None = None,
        *,
        snapshot_every: int = 50,
        state_cache: int = 1000,
        clock: Callable[[], datetime] = utcnow,
        seed_source: Callable[[], int] = lambda: secrets.randbits(62),
        limits: Limits | None = None,
    ) -> None:
        self.db = db
        self.limits = limits or Limits()
        self.messenger: Messenger = messenger or SilentMessenger()
        self.snapshot_every = snapshot_every
        self.clock = clock
        self.seed_source = seed_source
        self._locks: dict[int, asyncio.Lock] = {}
        self._cache = StateCache(state_cache)  # game id -> (version, decoded state), the busiest games
        self.timers: Timers = NoTimers()
        self.shards: Shards | None = None  # sharded: this process runs only these shards' games' timers
        self.gates: list[Gate] = []
        self.abandon_gates: list[AbandonGate] = []
        self.observers: list[Observer] = []
        # Called with a game's id once a command has ended it, after its notice (campaigns update their log).
        self.on_game_over: list[Callable[[int], Awaitable[None]]] = []
        self.habits = waits.HabitsCache()
        from bot.service.alarms import Alarms  # the verbs of pace and time; they use this service's plumbing
        from bot.service.guard import Guard
        from bot.service.tempo import Tempo

        self.tempo = Tempo(self)
        self.alarms = Alarms(self)
        self.guard = Guard(self)  # pause and resume, delegates

    # --- plumbing ----------------------------------------------------------------------------
    def _lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    async def _row(self, s: AsyncSession, game_id: int, user: User | None = None) -> GameRow:
        """The game row; with `user`, only if they may reach it from where they typed (bot/service/boundary.py)."""
        row = await s.get(GameRow, game_id)
        if row is None or (user is not None and not await boundary.reaches_game(s, game_id, row.guild_id, user)):
            raise NoSuchGame(boundary.not_here("game", game_id, user))
        return row

    async def _seats(self, s: AsyncSession, game_id: int) -> list[SeatRow]:
        result = await s.execute(select(SeatRow).where(col(SeatRow.game_id) == game_id).order_by(col(SeatRow.position)))
        return list(result.scalars())

    def _state(self, row: GameRow, game: Game[Any]) -> Any:
        cached = self._cache.get(row.id or 0)
        if cached and cached[0] == row.version:
            return cached[1]
        if row.state_json is None:
            raise RuleError(f"Game {row.id} has not started yet.")
        state = game.loads(row.state_json)
        self._cache[row.id or 0] = (row.version, state)
        return state

    def _ref(self, row: GameRow) -> GameRef:
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
    def _seat_infos(seats: list[SeatRow]) -> list[SeatInfo]:
        return [SeatInfo(seat=r.seat, user_id=r.user_id, name=r.display_name, dm_ok=r.dm_ok) for r in seats]

    async def _commit_version(self, s: AsyncSession, row: GameRow, **values: Any) -> None:
        """Move the game row from the version we read to the next, or fail if someone else did.

        `row.version` stays the version read (no session synchronisation): the callers key the state cache
        by `row.version + 1`, and a synchronised row would key it one ahead, where another process's next
        commit would find this process's older state."""
        result = await s.execute(
            update(GameRow)
            .where(col(GameRow.id) == row.id, col(GameRow.version) == row.version)
            .values(version=row.version + 1, updated_at=self.clock(), **values)
            .execution_options(synchronize_session=False)
        )
        if cast(CursorResult[Any], result).rowcount != 1:
            raise VersionConflict

    async def _retrying(self, game_id: int, attempt: Callable[[], Awaitable[T]]) -> T:
        """Run one transaction under the game's lock, again if another process won the race."""
        async with self._lock(game_id):
            for _ in range(MAX_RETRIES):
                try:
                    return await attempt()
                except (VersionConflict, IntegrityError):
                    self._cache.pop(game_id, None)
                    await asyncio.sleep(0)
                except BaseException:
                    # The attempt may have cached a state it never committed (a failed COMMIT, a lost
                    # connection, a cancelled task): another process may commit that version differently.
                    self._cache.pop(game_id, None)
                    raise
            raise RuleError("The game is very busy right now; please try again.")

    async def _notify(self, notice: Notice | None) -> None:
        if notice is None:
            return
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

    async def _observe(self, game_id: int, at: datetime) -> None:
        for observer in self.observers:
            try:
                await observer(game_id, at)
            except Exception:  # like a notification: it never undoes the committed move
                log.exception("an observer of game %s failed", game_id)

    def _notice(
        self,
        row: GameRow,
        seats: list[SeatRow],
        game: Game[Any],
        before: Any | None,
        after: Any,
        events: list[Event],
    ) -> Notice:
        ref = self._ref(row)
        private = []
        for seat_row in seats:
            if seat_row.seat is None:
                continue
            new_view = game.view(after, seat_row.seat)
            # Views are dataclasses: equality is structural, and several times cheaper than comparing their
            # canonical JSON (this runs for every seat on every command).
            changed = before is None or game.view(before, seat_row.seat).private != new_view.private
            own = [e.text for e in events if e.audience is not None and seat_row.seat in e.audience]
            private.append(
                PrivateNotice(
                    seat=seat_row.seat,
                    user_id=seat_row.user_id,
                    name=seat_row.display_name,
                    lines=own,
                    view=new_view,
                    hand_changed=changed and bool(new_view.private),
                )
            )
        waiting_before = list(dict.fromkeys(d.seat for d in game.pending(before))) if before is not None else []
        public_after = game.view(after, None)
        return Notice(
            ref=ref,
            seats=self._seat_infos(seats),
            public_lines=_lines(events, None),
            public_view=public_after,
            table_changed=before is None or game.view(before, None) != public_after,
            private=private,
            decisions=list(game.pending(after)),
            new_decisions=[d.id for d in game.pending(after) if before is None or d not in game.pending(before)],
            waiting_before=waiting_before,
            waiting_after=list(dict.fromkeys(d.seat for d in game.pending(after))),
            outcome=game.outcome(after),
        )

    async def _sync_waits(
        self, s: AsyncSession, row: GameRow, seats: list[SeatRow], notice: Notice, actor: str | None
    ) -> None:
        """Bring the wait facts in step with the decisions, in the command's own transaction."""
        change = await waits.sync(
            s, row, seats, notice.decisions, actor, self.clock(), notice.waiting_before, self.habits
        )
        _tell(notice, change)

    # --- the lobby ---------------------------------------------------------------------------
    async def create(
        self,
        game_name: str,
        host: User,
        place: Place | None = None,
        options: str = "",
        pace: Pace | None = None,
        preset: dict[str, Any] | None = None,
    ) -> GameRef:
        """`preset`: option values set by another part of the bot rather than typed (a campaign's setup)."""
        place = place or Place()
        try:
            game = registry.get(game_name)
        except KeyError as exc:
            raise CommandError(str(exc.args[0])) from None
        chosen = parse_options(game.options, options)
        for key, value in (preset or {}).items():
            if key not in game.options:
                raise CommandError(f"{game.title} has no option '{key}'.")
            chosen[key] = value
        check = getattr(game, "check_options", None)
        if check is not None:  # a game may refuse values (an unknown scenario) now rather than at the start
            check(chosen)
        async with self.db.session() as s:
            await limits.check_open_games(s, place.guild_id, self.limits)
            row = GameRow(
                game=game.name,
                guild_id=place.guild_id,
                channel_id=place.channel_id,
                thread_id=place.thread_id,
                host_user_id=host.id,
                options_json=json.dumps(chosen, sort_keys=True),
                seed=self.seed_source(),
                engine_version=game.version,
                created_at=self.clock(),
                updated_at=self.clock(),
            )
            if pace is not None:
                from bot.service.tempo import pace_columns

                for name, value in pace_columns(pace).items():
                    setattr(row, name, value)
            s.add(row)
            await s.flush()
            s.add(SeatRow(game_id=row.id or 0, user_id=host.id, display_name=host.name, joined_at=self.clock()))
        return self._ref(row)

    async def set_thread(self, game_id: int, thread_id: int) -> None:
        async with self.db.session() as s:
            await s.execute(update(GameRow).where(col(GameRow.id) == game_id).values(thread_id=thread_id))

    async def set_board_message(self, game_id: int, message_id: int | None) -> None:
        async with self.db.session() as s:
            await s.execute(update(GameRow).where(col(GameRow.id) == game_id).values(board_message_id=message_id))

    async def join(self, game_id: int, user: User) -> GameRef:
        async def attempt() -> GameRef:
            async with self.db.session() as s:
                row = await self._row(s, game_id, user)
                if row.status != GameStatus.LOBBY:
                    raise RuleError(f"Game {game_id} has already started; you can no longer join it.")
                seats = await self._seats(s, game_id)
                if any(r.user_id == user.id for r in seats):
                    raise RuleError(f"You have already joined game {game_id}.")
                game = registry.get(row.game)
                if len(seats) >= game.max_seats:
                    raise RuleError(f"Game {game_id} is full ({game.max_seats} players).")
                await self._commit_version(s, row)
                position = max((r.position for r in seats), default=-1) + 1
                s.add(
                    SeatRow(
                        game_id=game_id,
                        user_id=user.id,
                        display_name=user.name,
                        position=position,
                        joined_at=self.clock(),
                    )
                )
                return self._ref(row)

        result: GameRef = await self._retrying(game_id, attempt)
        return result

    async def leave(self, game_id: int, user: User) -> GameRef:
        async def attempt() -> GameRef:
            async with self.db.session() as s:
                row = await self._row(s, game_id, user)
                if row.status != GameStatus.LOBBY:
                    raise RuleError("The game has started; ask the host to abandon it instead.")
                if row.host_user_id == user.id:
                    raise RuleError("The host cannot leave; abandon the game instead.")
                seats = await self._seats(s, game_id)
                mine = next((r for r in seats if r.user_id == user.id), None)
                if mine is None:
                    raise NotSeated(f"You are not in game {game_id}.")
                await self._commit_version(s, row)
                await s.delete(mine)
                return self._ref(row)

        result: GameRef = await self._retrying(game_id, attempt)
        return result

    async def start(self, game_id: int, user: User) -> Notice:
        async def attempt() -> Notice:
            async with self.db.session() as s:
                row = await self._row(s, game_id, user)
                if row.status != GameStatus.LOBBY:
                    raise RuleError(f"Game {game_id} has already started.")
                if user.id != row.host_user_id:
                    raise NotAllowed("Only the host can start the game.")
                seats = await self._seats(s, game_id)
                game = registry.get(row.game)
                if not game.min_seats <= len(seats) <= game.max_seats:
                    raise RuleError(
                        f"{game.title} needs {game.min_seats} to {game.max_seats} players; {len(seats)} joined."
                    )
                names = game.seat_names(len(seats))
                for seat_row, name in zip(seats, names, strict=True):
                    seat_row.seat = name
                config = Config(seats=names, options=json.loads(row.options_json))
                state = game.setup(config, row.seed)
                state_json = codec.dumps(state)
                await self._commit_version(s, row, status=GameStatus.ACTIVE, state_json=state_json, journal_seq=1)
                s.add(
                    JournalRow(
                        game_id=game_id,
                        seq=1,
                        kind=JournalKind.START,
                        user_id=user.id,
                        text=history.start_text(config, row.seed),
                        engine_version=game.version,
                        rng=state.rng.algorithm,
                        created_at=self.clock(),
                    )
                )
                s.add(SnapshotRow(game_id=game_id, seq=1, state_json=state_json, created_at=self.clock()))
                _written(row, status=GameStatus.ACTIVE)
                self._cache[game_id] = (row.version + 1, state)
                seat_list = ", ".join(f"{r.display_name} as {r.seat}" for r in seats)
                events = [Event(text=f"{game.title} begins. Seats: {seat_list}.")]
                notice = self._notice(row, seats, game, None, state, events)
                await self._sync_waits(s, row, seats, notice, None)
                return notice

        notice: Notice = await self._retrying(game_id, attempt)
        await self._notify(notice)
        await absent.play_auto_seats(self, game_id, notice)
        return notice

    async def abandon(self, game_id: int, user: User) -> GameRef:
        async def attempt() -> tuple[GameRef, list[str]]:
            async with self.db.session() as s:
                row = await self._row(s, game_id, user)
                if row.status not in OPEN_STATUSES:
                    raise RuleError(f"Game {game_id} is already over.")
                if user.id != row.host_user_id and not boundary.admin_of(user, row.guild_id):
                    raise NotAllowed("Only the host or a server admin can abandon the game.")
                for gate in self.abandon_gates:
                    await gate(s, row)
                await self._commit_version(s, row, status=GameStatus.ABANDONED, journal_seq=row.journal_seq + 1)
                s.add(
                    JournalRow(
                        game_id=game_id,
                        seq=row.journal_seq + 1,
                        kind=JournalKind.SYSTEM,
                        user_id=user.id,
                        text="abandon",
                        events_json=json.dumps([{"text": f"{user.name} abandoned the game."}]),
                        created_at=self.clock(),
                    )
                )
                _written(row, status=GameStatus.ABANDONED)
                change = await waits.sync(s, row, [], [], None, self.clock())
                return self._ref(row), change.gone

        result, gone = await self._retrying(game_id, attempt)
        self.timers.update(game_id, [], gone)
        return result

    # --- play --------------------------------------------------------------------------------
    async def act(self, game_id: int, user: User, text: str, at: datetime | None = None) -> ActResult:
        """Apply one command for the user's seat. `at` is when the user acted (the interaction's own
        timestamp), recorded in the journal so clocks charge the moment of the click, not of the commit."""
        text = text.strip()
        limits.check_length(text, self.limits)

        async def attempt() -> tuple[ActResult, Callable[[], Notice]]:
            async with self.db.session() as s:
                row = await self._row(s, game_id, user)
                if row.status == GameStatus.FINISHED:
                    raise StaleDecision(f"That choice is no longer open: game {game_id} is over.")
                if row.status != GameStatus.ACTIVE:
                    raise not_playing(row)
                limits.check_journal(row, self.limits)
                seats = await self._seats(s, game_id)
                game = registry.get(row.game)
                before = self._state(row, game)
                try:  # the seated user, or a delegate they named (bot/service/guard.py)
                    typed = game.parse(text)
                except CommandError:
                    typed = None
                seat = acting_seat(game, before, seats, user, typed, game_id)
                for gate in self.gates:  # e.g. a tournament match: only the team whose phase group it is
                    await gate(s, row, seat, at or self.clock())
                command = typed if typed is not None else parse_for_seat(game, before, seat, text)
                return await self._commit_command(s, row, seats, game, before, seat, command, user.id, at)

        result, tell = await self._retrying(game_id, attempt)
        notice = tell()
        await self._notify(notice)
        await self._observe(game_id, at or self.clock())
        await absent.play_auto_seats(self, game_id, notice)
        return result

    async def _commit_command(
        self,
        s: AsyncSession,
        row: GameRow,
        seats: list[SeatRow],
        game: Game[Any],
        before: Any,
        seat: str,
        command: Any,
        user_id: int | None,
        at: datetime | None = None,
        said: list[Event] | None = None,
    ) -> tuple[ActResult, Callable[[], Notice]]:
        """Apply `command` as `seat`, journal it and write the next version and the waits. `user_id` None
        means the bot played it for the seat (a skipped deadline, the automatic seat); `said` is told to the
        table first. The notice (every seat's view) is built by the returned function after the commit, so the
        database is not held while it is made."""
        game_id = row.id or 0
        step = game.apply(before, seat, command)
        events = [*(said or []), *step.events]
        canonical = game.format(command)
        seq = row.journal_seq + 1
        state_json = codec.dumps(step.state)
        outcome = game.outcome(step.state)
        status = GameStatus.FINISHED if outcome is not None else GameStatus.ACTIVE
        await self._commit_version(s, row, state_json=state_json, journal_seq=seq, status=status)
        decision_id = getattr(command, "decision", None)
        s.add(
            JournalRow(
                game_id=game_id,
                seq=seq,
                kind=JournalKind.COMMAND,
                seat=seat,
                user_id=user_id,
                text=canonical,
                decision_id=decision_id if isinstance(decision_id, int) else None,
                barrier=step.barrier,
                events_json=json.dumps(codec.to_data(events)),
                engine_version=game.version,
                rng=step.state.rng.algorithm,
                created_at=at or self.clock(),
            )
        )
        if step.checkpoint or seq % self.snapshot_every == 0 or outcome is not None:
            s.add(SnapshotRow(game_id=game_id, seq=seq, state_json=state_json, created_at=self.clock()))
        _written(row, status=status)
        self._cache[game_id] = (row.version + 1, step.state)
        result = ActResult(ref=self._ref(row), seat=seat, command=canonical, seq=seq, lines=_lines(events, seat))
        was = list(dict.fromkeys(d.seat for d in game.pending(before)))
        change = await waits.sync(s, row, seats, game.pending(step.state), seat, self.clock(), was, self.habits)
        return result, lambda: _tell(self._notice(row, seats, game, before, step.state, events), change)

    async def answer(
        self, game_id: int, user: User, decision_id: int, option: str, at: datetime | None = None
    ) -> ActResult:
        """A button press: the same path as typing `answer <decision> <option>`."""
        return await self.act(game_id, user, f"answer {decision_id} {option}", at=at)

    # --- undo (bot/service/undo.py) ----------------------------------------------------------
    async def undo(self, game_id: int, user: User, at: datetime | None = None) -> str:
        """Take back the last step, or ask the other seats to agree (bot/service/undo.py)."""
        return await undo.ask(self, game_id, user, at)

    async def consent_undo(self, game_id: int, user: User, request_id: int, agree: bool) -> str:
        return await undo.consent(self, game_id, user, request_id, agree)

    async def _journal(self, s: AsyncSession, game_id: int) -> list[JournalRow]:
        result = await s.execute(
            select(JournalRow).where(col(JournalRow.game_id) == game_id).order_by(col(JournalRow.seq))
        )
        return list(result.scalars())

    # --- reading -----------------------------------------------------------------------------
    async def game_for_place(self, channel_id: int) -> int | None:
        """The open game whose thread (or channel) this is."""
        async with self.db.session() as s:
            result = await s.execute(
                select(col(GameRow.id))
                .where((col(GameRow.thread_id) == channel_id) | (col(GameRow.channel_id) == channel_id))
                .where(col(GameRow.status).in_(OPEN_STATUSES))
                # The game whose own thread this is; else the newest game started from this channel.
                .order_by((col(GameRow.thread_id) == channel_id).desc(), col(GameRow.id).desc())
            )
            ids = list(result.scalars())
        return ids[0] if ids else None

    async def open_games(self, guild_id: int | None = None) -> list[GameRef]:
        async with self.db.session() as s:
            query = select(GameRow).where(col(GameRow.status).in_(OPEN_STATUSES))
            if guild_id is not None:
                query = query.where(col(GameRow.guild_id) == guild_id)
            rows = list((await s.execute(query.order_by(col(GameRow.id)))).scalars())
        return [self._ref(r) for r in rows]

    async def seats(self, game_id: int, user: User | None = None) -> list[SeatInfo]:
        async with self.db.session() as s:
            await self._row(s, game_id, user)
            return self._seat_infos(await self._seats(s, game_id))

    async def ref(self, game_id: int, user: User | None = None) -> GameRef:
        async with self.db.session() as s:
            return self._ref(await self._row(s, game_id, user))

    async def view(self, game_id: int, user: User | None, *, public: bool = False) -> tuple[GameRef, View]:
        """The table as `user` may see it: their seat's view if seated (and not `public`), the public view
        otherwise. `user` None: the bot itself (no server boundary)."""
        async with self.db.session() as s:
            row = await self._row(s, game_id, user)
            seats = await self._seats(s, game_id)
        game = registry.get(row.game)
        # A delegate sees the seat they act for.
        seat = next(iter(seats_of(seats, user)), None) if user is not None and not public else None
        if row.state_json is None:
            names = ", ".join(r.display_name for r in seats)
            return self._ref(row), View(
                game=row.game,
                seat=seat,
                title=f"{game.title}: game {row.id}",
                status=f"Waiting to start. Joined: {names}.",
            )
        return self._ref(row), game.view(self._state(row, game), seat)

    async def hand(self, game_id: int, user: User) -> tuple[GameRef, View]:
        ref, view = await self.view(game_id, user)
        if view.seat is None:
            raise NotSeated(f"You are not seated in game {game_id}.")
        return ref, view

    async def log(self, game_id: int, user: User | None, limit: int = 20) -> list[str]:
        """The newest `limit` log lines `user` may read (the public log if they are not seated)."""
        async with self.db.session() as s:
            await self._row(s, game_id, user)
            seats = await self._seats(s, game_id)
            rows = await self._journal(s, game_id)
        seat = next(iter(seats_of(seats, user)), None) if user is not None else None
        lines: list[str] = []
        for r in rows:
            for e in json.loads(r.events_json):
                event = codec.from_data(Event, e)
                if event.visible_to(seat):
                    lines.append(event.text)
        return lines[-limit:]

    async def record_dm(self, user_id: int, ok: bool) -> None:
        """Remember whether this user accepts DMs from the bot (in every game they sit in)."""
        async with self.db.session() as s:
            await s.execute(update(SeatRow).where(col(SeatRow.user_id) == user_id).values(dm_ok=ok))

    async def replay(self, game_id: int) -> Any:
        """The state rebuilt from the seed and the journal alone, ignoring snapshots: an audit."""
        async with self.db.session() as s:
            row = await self._row(s, game_id)
            rows = await self._journal(s, game_id)
        return history.rebuild(registry.get(row.game), rows, None, {})

    async def stored_state(self, game_id: int) -> Any:
        async with self.db.session() as s:
            row = await self._row(s, game_id)
        return None if row.state_json is None else self._state(row, registry.get(row.game))

    async def count_open(self, guild_id: int) -> int:
        async with self.db.session() as s:
            result = await s.execute(
                select(func.count())
                .select_from(GameRow)
                .where(col(GameRow.guild_id) == guild_id, col(GameRow.status).in_(OPEN_STATUSES))
            )
            return int(result.scalar_one())


def parse_options(defaults: dict[str, Any], text: str) -> dict[str, Any]:
    """`key=value key=value` against a game's declared options, typed like their defaults."""
    chosen = dict(defaults)
    for part in text.split():
        key, sep, value = part.partition("=")
        if not sep or key not in defaults:
            known = ", ".join(f"{k}={v}" for k, v in defaults.items()) or "none"
            raise CommandError(f"Unknown option '{part}'. Options: {known}.")
        kind = type(defaults[key])
        if kind is bool:
            if value.lower() not in ("true", "false", "yes", "no", "on", "off"):
                raise CommandError(f"Option {key} takes yes or no, not '{value}'.")
            chosen[key] = value.lower() in ("true", "yes", "on")
        elif kind is int:
            if not value.lstrip("-").isdigit():
                raise CommandError(f"Option {key} takes a whole number, not '{value}'.")
            chosen[key] = int(value)
        else:
            chosen[key] = value
    return chosen


def parse_for_seat(game: Game[Any], state: Any, seat: str, text: str) -> Any:
    """Parse a command; a bare option ("draw", "o3 o5", "pass") answers the seat's only open decision."""
    try:
        return game.parse(text)
    except CommandError:
        mine = [d for d in game.pending(state) if d.seat == seat]
        if len(mine) != 1:
            raise
        return game.parse(f"answer {mine[0].id} {text}")
