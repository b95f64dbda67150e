"""The Discord client: the generic `/game` commands and buttons, every registered game's own commands (found
through bot/plugins.py, never imported here by name), one error handler, and the sync command."""

from __future__ import annotations

import asyncio
import logging
import signal
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Literal

import discord
from discord import app_commands
from discord.backoff import ExponentialBackoff
from discord.ext import commands

from bot import heap, plugins
from bot.chat import io
from bot.chat.components import DeadlineButton, DecisionButton, DecisionForm, DecisionSelect, UndoButton, form_sent
from bot.chat.game_cog import GameCog
from bot.chat.host import Host, host_of
from bot.chat.messenger import DiscordMessenger
from bot.chat.painter import Painter
from bot.chat.refusals import refusal
from bot.scheduler import Scheduler
from bot.service import Service
from bot.service.alarms import Downtime
from bot.service.limits import Limits, RateLimiter
from bot.settings import Settings
from bot.shards import Shards
from bot.store.database import Database
from bot.store.models import utcnow
from engines.core import WestmarchError

log = logging.getLogger(__name__)


class WestmarchTree(app_commands.CommandTree):
    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        return await host_of(interaction).admit(interaction)


class WestmarchBot(Host):
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
        painter: Painter | None = None,
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
        self.painter = painter or Painter()
        self.messenger = self.discord_messenger = DiscordMessenger(self)
        self.limits = limits or Limits()
        self.service = Service(
            database, self.discord_messenger, snapshot_every=snapshot_every, state_cache=state_cache, clock=clock,
            limits=self.limits,
        )
        self.service.shards = shards
        # A command is answered once committed; its notice (every seat's view) is built after, in turn with
        # the game's other notices (bot/service/core.py `after_commit`), and delivered in the background.
        self.service.core.notices_after = True
        self.rate = RateLimiter(self.limits.commands_per_minute)
        self.scheduler = Scheduler(self.service, fire=fire) if timers else None
        # What a game's commands want done once the timers are rebuilt (a tournament's clocks, with the downtime).
        self.after_start: list[Callable[[Downtime | None], Awaitable[None]]] = []
        self._closing: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        # Its imports run beside ours (about 0.3 s): the first board waits for them only if asked for sooner.
        self._painter_started = asyncio.create_task(self._start_painter())
        # Registered once, here: buttons posted before a restart keep working after it.
        self.add_dynamic_items(DecisionButton, DecisionSelect, DecisionForm, UndoButton, DeadlineButton)
        self.add_listener(form_sent, "on_interaction")  # a decision's form (a modal) sent, read by its custom_id
        await self.add_cog(GameCog(self))
        for plugin in plugins.with_("discord"):  # each game adds its own commands and buttons
            await plugin.load("discord").setup(self)
        self.tree.error(self.on_app_command_error)
        # Commands are synced by `python -m bot sync`, never here: setup runs on every start and
        # Discord allows 200 command creations a day.
        if self.scheduler is not None:  # timers rebuilt from the database; the downtime is credited and told
            downtime = await self.scheduler.start()
            for started in self.after_start:
                await started(downtime)

    async def _start_painter(self) -> None:
        try:
            await self.painter.start()
        except Exception:  # the first board tries again, and says so if it cannot
            log.exception("the drawing process did not start")

    async def connect(self, *, reconnect: bool = True) -> None:
        # discord.py 2.x (its issue 10520): when the very first connection to the gateway fails (Discord or the
        # network down as the bot starts), its retry reads the missing socket's `sequence` and raises AttributeError
        # instead of trying again, and the bot ended. It tries again here, waiting longer each time, until it is in.
        backoff: ExponentialBackoff[Literal[False]] = ExponentialBackoff()
        while True:
            try:
                await super().connect(reconnect=reconnect)
                return
            except AttributeError:
                if not reconnect or getattr(self, "ws", None) is not None:
                    raise
                if self.is_closed():  # stopped while discord.py waited to try again
                    return
            delay = backoff.delay()
            log.warning("Discord's gateway cannot be reached; trying again in %.1f s", delay)
            await asyncio.sleep(delay)

    async def close(self) -> None:
        # Once, however many ask: Ctrl+C, SIGTERM (`run_bot`) and discord.py itself may each close the bot.
        if self._closing is None:
            self._closing = asyncio.create_task(self._close_once())
        await asyncio.shield(self._closing)

    async def _close_once(self) -> None:
        if self.scheduler is not None:
            await self.scheduler.stop()
        await self.service.core.settle()  # the notices of what was committed still go out
        try:  # no journal tail left to replay under a new engine version
            written = await self.service.core.checkpoint()
            log.info("stopping: %d game%s in memory written as snapshots", written, "" if written == 1 else "s")
        except Exception:  # the journal still holds every command: a failed checkpoint loses nothing
            log.exception("the shutdown checkpoint failed")
        try:
            await super().close()
        finally:
            await self.painter.close()

    async def on_app_command_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        """The one error handler: a player's mistake is explained to them alone, naming the players of the game it
        is about (bot/chat/refusals.py); a bug is logged."""
        original = getattr(error, "original", error)
        if isinstance(original, WestmarchError):
            await io.reply(interaction, await refusal(self, interaction, original), ephemeral=True)
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
        database, snapshot_every=config.snapshot_every, state_cache=config.state_cache, limits=Limits.of(config),
        shards=shards, painter=Painter(own_process=config.render_process, modules=config.game_modules()),
    )
    log.info("starting%s", f" shards {list(shards.ids)} of {shards.count}" if shards else "")
    bot.after_start.append(heap.settle_after_start)  # gc: freeze what start-up loaded (bot/heap.py)
    stop_on_sigterm(bot)
    try:
        async with bot:
            await bot.start(config.discord_token.get_secret_value())
    finally:
        await database.close()
    return 0


def stop_on_sigterm(bot: WestmarchBot) -> None:
    """Stop on SIGTERM (`docker stop`, `systemctl stop`, a host's restart) as on Ctrl+C: the last notices go out and
    every game in memory is written as a snapshot, before an update can bring new rules. Python's own SIGTERM ends
    the process where it stands."""
    def stop() -> None:
        log.info("SIGTERM: stopping")
        stopping.add(asyncio.ensure_future(bot.close()))  # kept: a task nobody holds may be collected mid-way

    stopping: set[asyncio.Future[None]] = set()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop)


class ShardedWestmarchBot(WestmarchBot, commands.AutoShardedBot):
    """One process running several shards (SHARD_IDS of SHARD_COUNT): discord.py's AutoShardedBot, with
    only those shards' servers' games and timers (bot/shards.py)."""


async def sync_commands(config: Settings) -> int:
    """Register the slash commands with Discord: to DEV_GUILD_ID at once, or globally."""
    if config.discord_token is None:
        print("Set DISCORD_TOKEN to sync commands.")
        return 1
    database = Database(config.database_url)
    # Registering commands is not running the bot: no timers, and no drawing process.
    bot = WestmarchBot(database, timers=False, painter=Painter(own_process=False))
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
