"""The bot as its parts see it: the cogs, the buttons, the messenger and every game's commands depend on this
module, never on the client (bot/chat/client.py), which builds the bot and plugs the games in by name
(bot/plugins.py). So the import graph runs one way: client -> parts -> host.

`Host` holds what every part needs: the service, the database, who is acting and from where, and the per-user
rate limit."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

import discord
from discord.ext import commands

from bot import safe_text
from bot.chat import io
from bot.chat.painter import Painter
from bot.scheduler import Scheduler
from bot.service import Service, User
from bot.service.alarms import Downtime
from bot.service.limits import LimitReached, Limits, RateLimiter
from bot.store.database import Database

log = logging.getLogger(__name__)


class Mail(Protocol):
    """What the parts ask of the messenger beyond delivering notices (bot/chat/messenger.py)."""

    async def channel(self, channel_id: int | None, *, strict: bool = False) -> discord.abc.Messageable | None: ...

    async def dm_user(self, user_id: int, content: str, **kwargs: Any) -> bool: ...

    async def drain(self) -> None: ...


class Host(commands.Bot):
    """Made by the client; the fields are set there before any part runs."""

    service: Service
    database: Database
    messenger: Mail
    painter: Painter  # draws the boards (bot/chat/painter.py)
    scheduler: Scheduler | None
    limits: Limits
    rate: RateLimiter
    # What a game's commands want done once the timers are rebuilt (a tournament's clocks), given the downtime.
    after_start: list[Callable[[Downtime | None], Awaitable[None]]]

    async def admit(self, interaction: discord.Interaction) -> bool:
        """Every command and button counts toward the user's commands per minute; over it, they are told
        (privately) when to try again and nothing runs. Autocomplete is typing, not a command."""
        if interaction.type is discord.InteractionType.autocomplete:
            return True
        try:
            self.rate.admit(interaction.user.id)
        except LimitReached as exc:
            await io.reply(interaction, exc.message, ephemeral=True)
            return False
        return True

    def user_of(self, interaction: discord.Interaction) -> User:
        """Who acts, and where: admin rights are read in the server the command came from and count only for
        that server's games; a DM carries none (bot/service/boundary.py)."""
        guild_id = interaction.guild_id
        perms = interaction.permissions
        return User(
            id=interaction.user.id,
            name=safe_text.name(interaction.user.display_name),
            is_admin=guild_id is not None and bool(perms.manage_guild or perms.administrator),
            guild_id=guild_id,
            in_dm=guild_id is None,
        )


def host_of(interaction: discord.Interaction) -> Host:
    """The bot an interaction reached (discord.py types it as a bare Client)."""
    client = interaction.client
    assert isinstance(client, Host)
    return client
