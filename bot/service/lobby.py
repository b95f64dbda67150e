"""The lobby: a game created with its options, joined and left while it gathers players, started (seats dealt,
the opening written as the journal's first row), and abandoned. `Service` (bot/service/service.py) hands these
verbs here; like tempo, alarms and the guard, this works on the service's core (bot/service/core.py)."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from typing import Any

from sqlalchemy import update
from sqlmodel import col

from bot.pace import Pace
from bot.service import absent, boundary, history, limits, waits
from bot.service.core import (
    JOURNAL_INSERT,
    SEAT_INSERT,
    SEAT_NAMED,
    SNAPSHOT_INSERT,
    Core,
    events_json,
    journal_values,
    tell,
    written,
)
from bot.service.limits import Limits
from bot.service.live import Live
from bot.service.types import GameRef, NotAllowed, Notice, NotSeated, Place, User
from bot.store import snapshots, writes
from bot.store.models import OPEN_STATUSES, GameRow, GameStatus, JournalKind, JournalRow, SeatRow
from engines import registry
from engines.core import CommandError, Config, Event, RuleError, WestmarchError, codec
from engines.core.contract import Game


class Lobby:
    """The verbs before and around play. `limits` and `seed_source` are read when used: the service's may be set
    after it is made (a test, a bench, a server's own limits)."""

    def __init__(self, core: Core, limits: Callable[[], Limits], seed_source: Callable[[], int]) -> None:
        self.core = core
        self.limits = limits
        self.seed_source = seed_source

    async def _gathering(self, game_id: int, user: User) -> tuple[GameRow, list[SeatRow], Game[Any]]:
        """A game's row, seats and rules, from memory or one short read (`Core.in_play`), as a join or the start
        finds them."""
        live = await self.core.in_play(game_id, user)
        row, seats = live.row, live.seats
        assert row is not None and seats is not None
        return row, seats, registry.get(row.game)

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
        async with self.core.db.session() as s:
            await limits.check_open_games(s, place.guild_id, self.limits())
            row = GameRow(
                game=game.name,
                guild_id=place.guild_id,
                channel_id=place.channel_id,
                thread_id=place.thread_id,
                host_user_id=host.id,
                options_json=json.dumps(chosen, sort_keys=True),
                seed=self.seed_source(),
                engine_version=game.version,
                created_at=self.core.clock(),
                updated_at=self.core.clock(),
            )
            if pace is not None:
                from bot.service.tempo import pace_columns

                for name, value in pace_columns(pace).items():
                    setattr(row, name, value)
            s.add(row)
            await s.flush()
            seat = SeatRow(game_id=row.id or 0, user_id=host.id, display_name=host.name, joined_at=self.core.clock())
            s.add(seat)
        # The lobby is kept in memory like a game in play: the joins and the start read nothing.
        self.core.cache[row.id or 0] = Live(row.version, None, row, [seat])
        return self.core.ref_of(row)

    async def set_thread(self, game_id: int, thread_id: int) -> None:
        async with self.core.db.session() as s:
            await s.execute(update(GameRow).where(col(GameRow.id) == game_id).values(thread_id=thread_id))
        self.core.keep_row(game_id, thread_id=thread_id)

    async def set_board_message(self, game_id: int, message_id: int | None) -> None:
        async with self.core.db.session() as s:
            await s.execute(update(GameRow).where(col(GameRow.id) == game_id).values(board_message_id=message_id))
        self.core.keep_row(game_id, board_message_id=message_id)

    async def join(self, game_id: int, user: User) -> GameRef:
        async def attempt() -> GameRef:
            # The lobby from memory or one short read; the new seat and the version bump in one guarded write
            # (another join or a start that won the race moves the version: this one is tried again).
            row, seats, game = await self._gathering(game_id, user)
            try:
                if row.status not in OPEN_STATUSES:
                    raise RuleError(f"Game {game_id} is over.")
                if row.status != GameStatus.LOBBY:
                    raise RuleError(f"Game {game_id} has already started; you can no longer join it.")
                if any(r.user_id == user.id for r in seats):
                    raise RuleError(f"You have already joined game {game_id}.")
                if len(seats) >= game.max_seats:
                    raise RuleError(f"Game {game_id} is full ({game.max_seats} players).")
            except WestmarchError:
                await self.core.confirm(game_id, row.version)  # not refused from a stale memory
                raise
            position = max((r.position for r in seats), default=-1) + 1
            seat: dict[str, Any] = {
                "game_id": game_id, "user_id": user.id, "display_name": user.name, "position": position, "seat": None,
                "dm_ok": None, "auto_play": False, "delegate_user_id": None, "joined_at": self.core.clock(),
            }
            await self.core.db.commit_writes([self.core.bump(row), writes.Write(SEAT_INSERT, seat)])
            # Kept as written (a kept seat is never written back by its id: it has none here).
            row.version += 1
            self.core.cache[game_id] = Live(row.version, None, row, [*seats, SeatRow(**seat)])
            return self.core.ref_of(row)

        result: GameRef = await self.core.retrying(game_id, attempt, keeps_live=True)
        return result

    async def leave(self, game_id: int, user: User) -> GameRef:
        async def attempt() -> GameRef:
            async with self.core.db.session() as s:
                row = await self.core.load_row(s, game_id, user)
                if row.status not in OPEN_STATUSES:
                    raise RuleError(f"Game {game_id} is over.")
                seats = await self.core.load_seats(s, game_id)
                mine = next((r for r in seats if r.user_id == user.id), None)
                if mine is None:
                    raise NotSeated(f"You are not in game {game_id}.")
                if row.status != GameStatus.LOBBY:
                    raise RuleError(started_leave(game_id))
                if row.host_user_id == user.id:
                    raise RuleError("The host cannot leave; abandon the game instead.")
                await self.core.commit_version(s, row)
                await s.delete(mine)
                return self.core.ref_of(row)

        result: GameRef = await self.core.retrying(game_id, attempt)
        return result

    async def start(self, game_id: int, user: User) -> Notice:
        async def attempt() -> Notice:
            # Like a command: the lobby from memory or one short read, every write in one guarded trip, and the
            # game kept in memory as started, so its first command reads nothing.
            row, seats, game = await self._gathering(game_id, user)
            try:
                if row.status not in OPEN_STATUSES:
                    raise RuleError(f"Game {game_id} is over.")
                if row.status != GameStatus.LOBBY:
                    raise RuleError(f"Game {game_id} has already started.")
                if user.id != row.host_user_id:
                    raise NotAllowed("Only the host can start the game.")
                if not game.min_seats <= len(seats) <= game.max_seats:
                    raise RuleError(
                        f"{game.title} needs {game.min_seats} to {game.max_seats} players; {len(seats)} joined."
                    )
            except WestmarchError:
                await self.core.confirm(game_id, row.version)  # not refused from a stale memory
                raise
            names = game.seat_names(len(seats))
            config = Config(seats=names, options=json.loads(row.options_json))
            opening = game.start(config, row.seed)
            state = opening.state
            now = self.core.clock()
            # The row keeps the setup (and says the game has started); the snapshot at seq 1 starts the history
            # the state is loaded from (bot/store/snapshots.py). The kept row and seats change only here, where
            # a failed write forgets them (`Core.retrying`).
            state_json = snapshots.pack(codec.dumps(state))
            for seat_row, name in zip(seats, names, strict=True):
                seat_row.seat = name
            bump = self.core.bump(row, status=GameStatus.ACTIVE, state_json=state_json, journal_seq=1)
            row.status = GameStatus.ACTIVE
            change, for_waits = await waits.plan(row, seats, game.pending(state), None, now, [],
                                                 self.core.db.dialect,
                                                 functools.partial(self.core.habits_of, None))
            seat_list = ", ".join(f"{r.display_name} as {r.seat}" for r in seats)
            # What setting up said (the opening draws, round 1's first steps) goes in the log after who sits where.
            events = [Event(text=f"{game.title} begins. Seats: {seat_list}."), *opening.events]
            start_row = journal_values(game_id, 1, JournalKind.START, history.start_text(config, row.seed), now,
                                       user_id=user.id, engine_version=game.version, rng=state.rng.algorithm,
                                       events_json=events_json(events))
            await self.core.db.commit_writes([
                bump,
                writes.Write(SEAT_NAMED, [{"w_game": game_id, "w_user": r.user_id, "w_seat": r.seat} for r in seats]),
                writes.Write(JOURNAL_INSERT, start_row),
                writes.Write(SNAPSHOT_INSERT, {"game_id": game_id, "seq": 1, "state_json": state_json,
                                               "created_at": now}),
                *for_waits,
            ])
            row.version, row.journal_seq, row.state_json = row.version + 1, 1, state_json
            self.core.cache[game_id] = Live(row.version, state, row, seats)
            keep = self.core.keeper(game_id, row.version)
            return tell(self.core.notice(row, seats, game, None, state, events, keep=keep), change)

        notice: Notice = await self.core.retrying(game_id, attempt, keeps_live=True)
        await self.core.notify(notice)
        await absent.play_auto_seats(self.core, game_id, notice)
        return notice

    async def abandon(self, game_id: int, user: User) -> GameRef:
        async def attempt() -> tuple[GameRef, list[str]]:
            async with self.core.db.session() as s:
                row = await self.core.load_row(s, game_id, user)
                if row.status not in OPEN_STATUSES:
                    raise RuleError(f"Game {game_id} is already over.")
                if user.id != row.host_user_id and not boundary.admin_of(user, row.guild_id):
                    raise NotAllowed("Only the host or a server admin can abandon the game.")
                for gate in self.core.abandon_gates:
                    await gate(s, row)
                await self.core.commit_version(s, row, status=GameStatus.ABANDONED, journal_seq=row.journal_seq + 1)
                s.add(
                    JournalRow(
                        game_id=game_id,
                        seq=row.journal_seq + 1,
                        kind=JournalKind.SYSTEM,
                        user_id=user.id,
                        text="abandon",
                        events_json=json.dumps([{"text": f"{user.name} abandoned the game."}]),
                        created_at=self.core.clock(),
                    )
                )
                written(row, status=GameStatus.ABANDONED)
                change = await waits.sync(s, row, [], [], None, self.core.clock())
                return self.core.ref_of(row), change.gone

        result, gone = await self.core.retrying(game_id, attempt)
        self.core.timers.update(game_id, [], gone)
        return result


def started_leave(game_id: int) -> str:
    """Why a started game cannot be left, and what a player who must go can do instead: its seats are dealt and
    the rules count on each, so a seat is handed on (a delegate acts for it) or rests (a vacation), never emptied."""
    return (f"Game {game_id} has started, so its seats are fixed and nobody can leave it. To have someone else play "
            "your seat, name them with `/game delegate user:@them` (they act for you until you run `/game delegate` "
            "with no user). Away for a while: `/game vacation until:YYYY-MM-DD` pauses your deadlines. To end the game "
            "for everyone, the host or a server admin uses `/game abandon`.")


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
