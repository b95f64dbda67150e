"""Who may act for a seat, and pausing a game.

A seat is played by the user seated at it, or by a delegate that user named (`/game delegate`), until they
revoke it. The host, or a server admin (Manage Server), may always pause, resume or abandon a game. A paused
game refuses every move, its reminders and deadlines stop, and on resume they move back by the time it was
paused: nobody is charged for it. The Discord adapter also pauses a game by itself when it can no longer post
in the game's thread (deleted, or the bot lost its permissions there), and tells the host.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from sqlalchemy.ext.asyncio import AsyncSession

from bot import safe_text
from bot.pace import duration_text
from bot.service import boundary, waits
from bot.service.types import GameRef, NotAllowed, Notice, NotSeated, User
from bot.store.models import OPEN_STATUSES, GameRow, GameStatus, JournalKind, JournalRow, SeatRow
from engines.core import RuleError, StaleDecision
from engines.core.contract import Game

if TYPE_CHECKING:
    from bot.service.core import Core

RESUME_HINT = "The host or a server admin can resume it with `/game resume`."


def not_playing(row: GameRow) -> RuleError:
    """The refusal for a move in a game that is not being played, saying why and what to do."""
    if row.status == GameStatus.PAUSED:
        return RuleError(f"Game {row.id} is paused, so it takes no moves for now. {RESUME_HINT}")
    if row.status == GameStatus.LOBBY:
        return RuleError(f"Game {row.id} has not started yet.")
    return RuleError(f"Game {row.id} is not being played (it is {row.status}).")


def check_playing(row: GameRow) -> None:
    """Refuse a move, a pressed button or a form in a game that takes no moves now: over (the choice is no longer
    open), or not being played (`not_playing`)."""
    if row.status == GameStatus.FINISHED:
        raise StaleDecision(f"That choice is no longer open: game {row.id} is over.")
    if row.status != GameStatus.ACTIVE:
        raise not_playing(row)


def may_run(row: GameRow, user: User) -> bool:
    """The host and server admins run the table: pause, resume, abandon."""
    return user.id == row.host_user_id or boundary.admin_of(user, row.guild_id)


def seats_of(seats: Sequence[SeatRow], user: User) -> list[str]:
    """The seats `user` may act for: their own, then those whose players named them delegate."""
    own: list[str] = []
    named: list[str] = []
    for r in seats:  # one pass, each attribute read once: this runs on every command
        seat = r.seat
        if seat:
            if r.user_id == user.id:
                own.append(seat)
            elif r.delegate_user_id == user.id:
                named.append(seat)
    return own + named


def acting_seat(
    game: Game[Any], state: Any, seats: Sequence[SeatRow], user: User, command: Any | None, game_id: int
) -> str:
    """The seat a command is for. Only the seated user or their delegate acts for a seat; one who may act
    for several (seated, and a delegate for someone else) acts for the seat whose decision the command
    answers, else for the only one of them the game waits on."""
    mine = seats_of(seats, user)
    if not mine:
        raise NotSeated(f"You are not seated in game {game_id}. No player named you to act for them.")
    if len(mine) == 1:
        return mine[0]
    decision_id = getattr(command, "decision", None)
    pending = game.pending(state)
    if isinstance(decision_id, int):
        owner = next((d.seat for d in pending if d.id == decision_id), None)
        if owner in mine:
            return str(owner)
        if owner is not None:
            raise NotAllowed(f"Decision {decision_id} is {owner}'s, and you do not act for {owner}.")
    waited = [seat for seat in mine if any(d.seat == seat for d in pending)]
    if len(waited) == 1:
        return waited[0]
    return mine[0]


class Guard:
    def __init__(self, service: Core) -> None:
        self.service = service

    # --- pausing -------------------------------------------------------------------------------
    async def pause(self, game_id: int, user: User | None, reason: str = "") -> GameRef | None:
        """Pause a game being played. `user` None: the bot pauses it itself (it lost the game's thread);
        then a game already paused is left as it is and None is returned, so the host is told once."""
        svc = self.service

        async def attempt() -> tuple[GameRef, Notice] | None:
            async with svc.db.session() as s:
                row = await svc.load_row(s, game_id, user)
                if user is not None and not may_run(row, user):
                    raise NotAllowed("Only the host or a server admin can pause the game.")
                if row.status != GameStatus.ACTIVE:
                    if user is None:
                        return None
                    if row.status == GameStatus.PAUSED:
                        raise RuleError(f"Game {game_id} is already paused. {RESUME_HINT}")
                    raise RuleError(f"Game {game_id} is not being played, so there is nothing to pause.")
                now = svc.clock()
                who = user.name if user is not None else "The bot"
                why = f": {safe_text.ended(reason)}" if reason else "."  # "...: is it engaged?", not "?."
                line = f"{who} paused the game{why} {RESUME_HINT}"
                await self._system(s, row, user, "pause", line, status=GameStatus.PAUSED, paused_at=now)
                seats = await svc.load_seats(s, game_id)
                wait_rows = await waits.rows_of(s, game_id)
                # The table cannot be reached when the bot pauses: then only the timers hear of it (a silent
                # notice), and the adapter tells the host.
                said = [line] if user is not None else []
                notice = Notice(ref=svc.ref_of(row), seats=svc.seat_infos(seats), public_lines=said)
                notice.waits_gone = [w.seat for w in wait_rows]  # the timers stop; the rows keep the facts
                return notice.ref, notice

        done = await svc.retrying(game_id, attempt)
        if done is None:
            return None
        ref, notice = done
        await svc.notify(notice)
        return ref

    async def resume(self, game_id: int, user: User) -> str:
        """Resume a paused game: every running reminder and deadline moves back by the paused time."""
        svc = self.service

        async def attempt() -> tuple[str, Notice]:
            async with svc.db.session() as s:
                row = await svc.load_row(s, game_id, user)
                if not may_run(row, user):
                    raise NotAllowed("Only the host or a server admin can resume the game.")
                if row.status != GameStatus.PAUSED:
                    raise RuleError(f"Game {game_id} is not paused.")
                now = svc.clock()
                gap = max(timedelta(0), now - (row.paused_at or now))
                wait_rows = await waits.rows_of(s, game_id)
                for w in wait_rows:
                    w.next_reminder_at = _later(w.next_reminder_at, gap)
                    if w.deadline_told_at is None:
                        w.deadline_at = _later(w.deadline_at, gap)
                    w.paused_ms += int(gap.total_seconds() * 1000)
                line = (
                    f"{user.name} resumed the game after {duration_text(gap)}. That time is charged to nobody: "
                    "reminders and deadlines move back by as much."
                )
                await self._system(s, row, user, "resume", line, status=GameStatus.ACTIVE, paused_at=None)
                seats = await svc.load_seats(s, game_id)
                await s.flush()
                notice = Notice(
                    ref=svc.ref_of(row),
                    seats=svc.seat_infos(seats),
                    public_lines=[line],
                    waits=waits.infos(wait_rows, seats),
                )
                return f"Game {game_id} is running again.", notice

        message, notice = await svc.retrying(game_id, attempt)
        await svc.notify(notice)
        from bot.service import absent

        await absent.play_auto_seats(svc, game_id, notice)
        return message

    async def _system(
        self, s: AsyncSession, row: GameRow, user: User | None, text: str, line: str, **values: Any
    ) -> None:
        """A table event that is not a move: journaled (so the history shows it) and versioned."""
        seq = row.journal_seq + 1
        await self.service.commit_version(s, row, journal_seq=seq, **values)
        s.add(
            JournalRow(
                game_id=row.id or 0,
                seq=seq,
                kind=JournalKind.SYSTEM,
                user_id=user.id if user is not None else None,
                text=text,
                events_json=json.dumps([{"text": line}]),
                created_at=self.service.clock(),
            )
        )
        row.journal_seq = seq
        for name, value in values.items():
            setattr(row, name, value)

    async def host_of(self, game_id: int) -> int:
        async with self.service.db.session() as s:
            return (await self.service.load_row(s, game_id)).host_user_id

    # --- delegates -----------------------------------------------------------------------------
    async def delegate(self, game_id: int, user: User, to: User | None) -> str:
        """Name `to` to act for the user's seat (None: revoke). The table is told either way."""
        svc = self.service

        async def attempt() -> tuple[str, Notice]:
            async with svc.db.session() as s:
                row = await svc.load_row(s, game_id, user)
                if row.status not in OPEN_STATUSES:
                    raise RuleError(f"Game {game_id} is over.")
                seats = await svc.load_seats(s, game_id)
                me = next((r for r in seats if r.user_id == user.id), None)
                if me is None:
                    raise NotSeated(f"You are not seated in game {game_id}; only a seated player names a delegate.")
                where = f" ({me.seat})" if me.seat else ""
                if to is None:
                    if me.delegate_user_id is None:
                        raise RuleError("You have not named anyone to act for you.")
                    me.delegate_user_id = None
                    line = f"{user.name}{where} plays their own seat again: the delegate may no longer act for it."
                    message = "Revoked: only you act for your seat now."
                else:
                    if to.id == user.id:
                        raise RuleError("You already act for your own seat.")
                    me.delegate_user_id = to.id
                    line = f"{user.name}{where} named {to.name} to act for their seat, until they revoke it."
                    message = f"{to.name} may now act for your seat (revoke with `/game delegate` and no user)."
                await svc.commit_version(s, row)
                notice = Notice(ref=svc.ref_of(row), seats=svc.seat_infos(seats), public_lines=[line])
                return message, notice

        message, notice = await svc.retrying(game_id, attempt)
        await svc.notify(notice)
        return message


def _later(moment: datetime | None, gap: timedelta) -> datetime | None:
    return None if moment is None else moment + gap
