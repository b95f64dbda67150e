"""The Discord client: cogs, persistent components, one error handler, and the sync command."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime

import discord
from discord import app_commands
from discord.ext import commands

from bot.chat import io
from bot.chat.components import DeadlineButton, DecisionButton, DecisionSelect, UndoButton
from bot.chat.game_cog import GameCog
from bot.chat.lcg_cog import LcgCog
from bot.chat.messenger import DiscordMessenger
from bot.chat.wotr_cog import WotrCog
from bot.content.decks import load_stored_decks
from bot.content.lcg.ringsdb import CardRecords, Fetch, urllib_fetch
from bot.scheduler import Scheduler
from bot.service import Service, User
from bot.settings import Settings
from bot.store.database import Database
from bot.store.models import utcnow
from engines.core import WestmarchError

log = logging.getLogger(__name__)


class WestmarchBot(commands.Bot):
    def __init__(
        self,
        database: Database,
        *,
        snapshot_every: int = 50,
        clock: Callable[[], datetime] = utcnow,
        timers: bool = True,
        fire: bool = True,
    ) -> None:
        """`timers`: run the scheduler (not for `sync`); `fire`: let its jobs ring by themselves (tests that
        drive time themselves turn it off and call the handlers with their own `now`)."""
        # Slash commands and components need no privileged intents (LESSONS: Discord 8).
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default(), help_command=None)
        self.database = database
        self.messenger = DiscordMessenger(self)
        self.service = Service(database, self.messenger, snapshot_every=snapshot_every, clock=clock)
        self.scheduler = Scheduler(self.service, fire=fire) if timers else None
        self.ringsdb_fetch: Fetch = urllib_fetch  # tests replace it with recorded answers
        self.ringsdb_records = CardRecords()  # RingsDB card lookups, remembered for this process

    async def setup_hook(self) -> None:
        # Registered once, here: buttons posted before a restart keep working after it.
        self.add_dynamic_items(DecisionButton, DecisionSelect, UndoButton, DeadlineButton)
        await load_stored_decks(self.database)  # before any game is loaded: journals name imported decks
        await self.add_cog(GameCog(self))
        await self.add_cog(LcgCog(self))
        await self.add_cog(WotrCog(self))
        self.tree.error(self.on_app_command_error)
        # Commands are synced by `python -m bot sync`, never here: setup runs on every start and
        # Discord allows 200 command creations a day.
        if self.scheduler is not None:  # timers rebuilt from the database; the downtime is credited and told
            await self.scheduler.start()

    async def close(self) -> None:
        if self.scheduler is not None:
            await self.scheduler.stop()
        await super().close()

    def user_of(self, interaction: discord.Interaction) -> User:
        perms = interaction.permissions
        return User(
            id=interaction.user.id,
            name=interaction.user.display_name,
            is_admin=bool(perms.manage_guild or perms.administrator),
        )

    async def answer_from_component(self, interaction: discord.Interaction, game_id: int, command: str) -> None:
        """A button or menu was used: the same path as typing the command."""
        await io.defer(interaction, ephemeral=True)
        try:
            result = await self.service.act(game_id, self.user_of(interaction), command, at=interaction.created_at)
            await io.reply(interaction, "\n".join([f"Done: `{result.command}`", *result.lines]), ephemeral=True)
        except WestmarchError as exc:
            await io.reply(interaction, exc.message, ephemeral=True)

    async def on_app_command_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        """The one error handler: a player's mistake is explained to them alone; a bug is logged."""
        original = getattr(error, "original", error)
        if isinstance(original, WestmarchError):
            await io.reply(interaction, original.message, ephemeral=True)
            return
        if isinstance(error, app_commands.CheckFailure):
            await io.reply(interaction, "You can't use that command here.", ephemeral=True)
            return
        log.error("command failed", exc_info=original)
        await io.reply(interaction, "Something went wrong on our side; nothing was changed.", ephemeral=True)


async def run_bot(config: Settings) -> int:
    assert config.discord_token is not None
    database = Database(config.database_url)
    bot = WestmarchBot(database, snapshot_every=config.snapshot_every)
    try:
        async with bot:
            await bot.start(config.discord_token.get_secret_value())
    finally:
        await database.close()
    return 0


async def sync_commands(config: Settings) -> int:
    """Register the slash commands with Discord: to DEV_GUILD_ID at once, or globally."""
    if config.discord_token is None:
        print("Set DISCORD_TOKEN to sync commands.")
        return 1
    database = Database(config.database_url)
    bot = WestmarchBot(database, timers=False)  # registering commands is not running the bot
    try:
        async with bot:
            await bot.login(config.discord_token.get_secret_value())  # runs setup_hook
            if config.dev_guild_id:
                guild = discord.Object(id=config.dev_guild_id)
                bot.tree.copy_global_to(guild=guild)
                synced = await bot.tree.sync(guild=guild)
            else:
                synced = await bot.tree.sync()
            print(f"Synced {len(synced)} command groups: {', '.join(c.name for c in synced)}")
    finally:
        await database.close()
    return 0
