"""Limits that keep one player, one server or one game from taking the bot over, each refused with a message
that says what the limit is and when it lifts. The numbers come from settings (bot/settings.py)."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from bot.service.types import ServiceError
from bot.settings import Settings
from bot.store.models import OPEN_STATUSES, GameRow, GuildSettings

WINDOW = 60.0  # seconds: the rate limit counts commands per minute


class LimitReached(ServiceError):
    """A limit refused the request; nothing was changed."""


@dataclass(frozen=True)
class Limits:
    command_length: int = 500  # characters of one typed game command
    commands_per_minute: int = 30  # per user, in this process (0: no limit)
    open_games_per_server: int = 50  # lobby, active and paused games of one server (a server may set its own)
    journal_entries: int = 20_000  # journal rows of one game: a game this long is surely runaway

    @classmethod
    def of(cls, config: Settings) -> Limits:
        """The limits a deployment configured (settings depend on nothing of the service's)."""
        return cls(
            command_length=config.max_command_length,
            commands_per_minute=config.commands_per_minute,
            open_games_per_server=config.max_open_games,
            journal_entries=config.max_journal_entries,
        )


class RateLimiter:
    """A sliding window of the last minute's commands per user. In memory and per process: with sharding,
    a user's commands all arrive at the process owning the server they type in."""

    def __init__(self, per_minute: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_minute = per_minute
        self.clock = clock
        self._seen: dict[int, deque[float]] = {}

    def admit(self, user_id: int) -> None:
        """Count one command for `user_id`, or refuse it (uncounted) if they already sent their minute's."""
        if self.per_minute <= 0:
            return
        now = self.clock()
        seen = self._seen.setdefault(user_id, deque())
        while seen and now - seen[0] >= WINDOW:
            seen.popleft()
        if len(seen) >= self.per_minute:
            wait = max(1, int(WINDOW - (now - seen[0]) + 0.999))
            raise LimitReached(
                f"Slow down: at most {self.per_minute} commands a minute. Try again in {wait} seconds."
            )
        seen.append(now)
        if len(self._seen) > 10_000:  # forget the quiet ones now and then
            self._seen = {u: q for u, q in self._seen.items() if q and now - q[-1] < WINDOW}


def check_length(text: str, limits: Limits) -> None:
    if len(text) > limits.command_length:
        raise LimitReached(
            f"That command is too long ({len(text)} characters; the limit is {limits.command_length})."
        )


def check_journal(row: GameRow, limits: Limits) -> None:
    if row.journal_seq >= limits.journal_entries:
        raise LimitReached(
            f"Game {row.id} has reached the limit of {limits.journal_entries} journal entries and takes no more "
            "moves. The host can abandon it and start a new one."
        )


async def check_open_games(s: AsyncSession, guild_id: int | None, limits: Limits) -> None:
    """A server has at most its own `max_open_games` (guild settings), or the bot's default, open games."""
    if guild_id is None:
        return
    own = await s.get(GuildSettings, guild_id)
    limit = own.max_open_games if own is not None else limits.open_games_per_server
    count = (
        await s.execute(
            select(func.count())
            .select_from(GameRow)
            .where(col(GameRow.guild_id) == guild_id, col(GameRow.status).in_(OPEN_STATUSES))
        )
    ).scalar_one()
    if int(count) >= limit:
        raise LimitReached(
            f"This server already has {count} open games, its limit. Finish or abandon one (`/game list`) first."
        )
