"""The Discord client: cogs, persistent components, one error handler, and the sync command."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime

import discord
from discord import app_commands
from discord.ext import commands

from bot import safe_text
from bot.chat import io
from bot.chat.campaign_cog import CampaignButton, CampaignCog
from bot.chat.components import DeadlineButton, DecisionButton, DecisionSelect, UndoButton
from bot.chat.game_cog import GameCog
from bot.chat.lcg_cog import LcgCog
from bot.chat.messenger import DiscordMessenger
from bot.chat.rats_cog import DiscordAnnouncer, RatsCog
from bot.chat.wotr_cog import WotrCog
from bot.content.decks import load_stored_decks
from bot.content.lcg.ringsdb import CardRecords, Fetch, urllib_fetch
from bot.scheduler import Scheduler
from bot.service import Service, User
from bot.service.limits import LimitReached, Limits, RateLimiter
from bot.settings import Settings
from bot.shards import Shards
from bot.store.database import Database
from bot.store.models import utcnow
from bot.tournament.service import Rats
from bot.tournament.timers import ClockTimers
from engines.core import WestmarchError

log = logging.getLogger(__name__)


class WestmarchTree(app_commands.CommandTree):
    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        client: WestmarchBot = interaction.client  # type: ignore[assignment]
        return await client.admit(interaction)


class WestmarchBot(commands.Bot):
    def __init__(
        self,
        database: Database,
        *,
        snapshot_every: int = 50,
        state_cache: int = 1000,
        clock: Callable[[], datetime] = utcnow,
        timers: bool = True,
        fire: bool = True,
        limits: Limits | None = None,
        shards: Shards | None = None,
    ) -> None:
        """`timers`: run the scheduler (not for `sync`); `fire`: let its jobs ring by themselves (tests that
        drive time themselves turn it off and call the handlers with their own `now`). `shards`: the shards
        this process connects, and whose servers' games and timers it runs (bot/shards.py)."""
        sharding: dict[str, object] = {}
        if shards is not None:
            sharding = {"shard_count": shards.count, "shard_ids": list(shards.ids)}
        # Slash commands and components need no privileged intents (LESSONS: Discord 8).
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            help_command=None,
            tree_cls=WestmarchTree,
            # Users only: a message pings the players it names on purpose, never @everyone, @here or a role,
            # whatever a name or a reason says (issue 18; user words are also made inert: bot/safe_text.py).
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False),
            **sharding,  # type: ignore[arg-type]
        )
        self.database = database
        self.messenger = DiscordMessenger(self)
        self.limits = limits or Limits()
        self.service = Service(
            database, self.messenger, snapshot_every=snapshot_every, state_cache=state_cache, clock=clock,
            limits=self.limits,
        )
        self.service.shards = shards
        self.rate = RateLimiter(self.limits.commands_per_minute)
        self.scheduler = Scheduler(self.service, fire=fire) if timers else None
        self.rats = Rats(self.service, DiscordAnnouncer(self))  # Race Against the Shadow tournaments
        self.clock_timers = ClockTimers(self.rats, self.scheduler) if self.scheduler is not None else None
        self.ringsdb_fetch: Fetch = urllib_fetch  # tests replace it with recorded answers
        self.ringsdb_records = CardRecords()  # RingsDB card lookups, remembered for this process

    async def setup_hook(self) -> None:
        # Registered once, here: buttons posted before a restart keep working after it.
        self.add_dynamic_items(DecisionButton, DecisionSelect, UndoButton, DeadlineButton, CampaignButton)
        await load_stored_decks(self.database)  # before any game is loaded: journals name imported decks
        await self.add_cog(GameCog(self))
        await self.add_cog(LcgCog(self))
        await self.add_cog(RatsCog(self, self.rats))
        await self.add_cog(CampaignCog(self))
        await self.add_cog(WotrCog(self))
        self.tree.error(self.on_app_command_error)
        # Commands are synced by `python -m bot sync`, never here: setup runs on every start and
        # Discord allows 200 command creations a day.
        if self.scheduler is not None:  # timers rebuilt from the database; the downtime is credited and told
            downtime = await self.scheduler.start()
            if self.clock_timers is not None:  # the tournament clocks: the same downtime, charged to no one
                await self.clock_timers.start(downtime)

    async def close(self) -> None:
        if self.scheduler is not None:
            await self.scheduler.stop()
        await super().close()

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
    shards = config.shards()
    bot_class = ShardedWestmarchBot if shards is not None else WestmarchBot
    bot = bot_class(
        database, snapshot_every=config.snapshot_every, state_cache=config.state_cache, limits=config.limits(),
        shards=shards,
    )
    log.info("starting%s", f" shards {list(shards.ids)} of {shards.count}" if shards else "")
    try:
        async with bot:
            await bot.start(config.discord_token.get_secret_value())
    finally:
        await database.close()
    return 0


class ShardedWestmarchBot(WestmarchBot, commands.AutoShardedBot):
    """One process running several shards (SHARD_IDS of SHARD_COUNT): discord.py's AutoShardedBot, with
    only those shards' servers' games and timers (bot/shards.py)."""


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
