"""`/game`: everything that is the same for every game (new, join, start, status, hand, log, undo...)."""

from __future__ import annotations

import zoneinfo
from functools import cache
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot import safe_text
from bot.chat import io
from bot.chat.components import decision_view, reply_done
from bot.chat.game_verbs import MAX_CHOICES, choice
from bot.chat.places import game_here
from bot.chat.players import named, names_of, said
from bot.chat.refusals import in_names
from bot.chat.tables import PACE_HELP, open_table, pace_of, probe_dm
from bot.pace import quiet_text, stamp
from bot.service import User
from bot.service.tempo import pace_changes, pace_text
from engines import registry
from engines.core import WestmarchError
from render.players import in_words
from render.text import look_text, view_text, zone_label, zone_text

if TYPE_CHECKING:
    from bot.chat.host import Host


class GameCog(commands.Cog):
    game = app_commands.Group(name="game", description="Play-by-post games: create, join, play, inspect")

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @property
    def service(self):  # type: ignore[no-untyped-def]
        return self.bot.service

    async def _game_here(self, interaction: discord.Interaction, game: int | None) -> int:
        return await game_here(self.bot.service, interaction, game, self.bot.user_of(interaction))

    # --- the lobby ---------------------------------------------------------------------------
    @game.command(name="new", description="Create a game in its own thread")
    @app_commands.describe(name="Which game", options="Game options as key=value, space separated", **PACE_HELP)
    @app_commands.guild_only()
    async def new(
        self,
        interaction: discord.Interaction,
        name: str,
        options: str = "",
        reminder_hours: app_commands.Range[int, 1, 720] = 24,
        repeat_hours: app_commands.Range[int, 1, 720] = 24,
        deadline_days: app_commands.Range[int, 0, 60] = 0,
    ) -> None:
        await open_table(self.bot, interaction, name, options, pace_of(reminder_hours, repeat_hours, deadline_days))

    @new.autocomplete("name")
    async def _game_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [
            app_commands.Choice(name=registry.get(n).title[:100], value=n)
            for n in registry.names()
            if current.lower() in n or current.lower() in registry.get(n).title.lower()
        ][:25]

    @game.command(name="join", description="Join the game in this thread (or game:<number>)")
    async def join(self, interaction: discord.Interaction, game: int | None = None) -> None:
        game_id = await self._game_here(interaction, game)
        ref = await self.service.join(game_id, self.bot.user_of(interaction))
        await io.reply(interaction, f"{interaction.user.mention} joined game {ref.id}.")
        await probe_dm(self.bot, interaction, game_id)

    @game.command(name="leave", description="Leave a game that has not started")
    async def leave(self, interaction: discord.Interaction, game: int | None = None) -> None:
        ref = await self.service.leave(await self._game_here(interaction, game), self.bot.user_of(interaction))
        await io.reply(interaction, f"{interaction.user.mention} left game {ref.id}.")

    @game.command(name="start", description="Start the game (host only)")
    async def start(self, interaction: discord.Interaction, game: int | None = None) -> None:
        notice = await self.service.start(await self._game_here(interaction, game), self.bot.user_of(interaction))
        await io.reply(interaction, f"Game {notice.ref.id} has started.")

    # --- reading -----------------------------------------------------------------------------
    @game.command(name="status", description="The board and whose decision it is")
    async def status(self, interaction: discord.Interaction, game: int | None = None) -> None:
        user = self.bot.user_of(interaction)
        game_id = await self._game_here(interaction, game)
        ref, view = await self.service.view(game_id, user, public=True)
        await io.defer(interaction)  # rendering may take a moment
        players = names_of(await self.service.seats(game_id, user))
        text = f"**{ref.title}, game {ref.id}** ({ref.status})\n{in_words(view.status, players)}"
        png = await self.bot.painter.board(named(view, players), ref.id)
        if png is None:
            await io.reply(interaction, f"{text}\n(The board could not be drawn this time.)")
            return
        await io.reply(interaction, text, file=io.png_file(png))

    @game.command(name="hand", description="Your hand and your choices, only for you")
    async def hand(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await io.defer(interaction, ephemeral=True)
        game_id, user = await self._game_here(interaction, game), self.bot.user_of(interaction)
        ref, view = await self.service.hand(game_id, user)
        players = names_of(await self.service.seats(game_id, user))
        lines = [f"**{ref.title}, game {ref.id}**", *(f"Your {zone_text(z, with_owner=False)}" for z in view.private)]
        lines += [f"Decision {d.id}: {in_words(d.prompt, players)}" for d in view.decisions]
        buttons = decision_view(ref.id, view.decisions, players)
        await io.reply(interaction, "\n".join(lines), ephemeral=True, **({"view": buttons} if buttons else {}))

    @game.command(name="log", description="The game's log (with your private lines, only for you)")
    async def log(
        self, interaction: discord.Interaction, game: int | None = None, lines: app_commands.Range[int, 1, 50] = 15
    ) -> None:
        await io.defer(interaction, ephemeral=True)
        game_id, user = await self._game_here(interaction, game), self.bot.user_of(interaction)
        entries = said(await self.service.log(game_id, user, lines), names_of(await self.service.seats(game_id, user)))
        await io.reply_whole(interaction, "\n".join(entries) or "The log is empty.", ephemeral=True)

    @game.command(name="look", description="A zone of the table with all its cards (a discard pile...)")
    @app_commands.describe(zone="e.g. 'p1 discard', 'encounter discard', or 'discard' for every discard pile")
    async def look(self, interaction: discord.Interaction, zone: str = "", game: int | None = None) -> None:
        await io.defer(interaction, ephemeral=True)
        # The public view, as /game status gives: what the whole table may see, whoever asks.
        _, view = await self.service.view(await self._game_here(interaction, game), self.bot.user_of(interaction),
                                          public=True)
        await io.reply(interaction, look_text(view, zone), ephemeral=True)

    @look.autocomplete("zone")
    async def _zone_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            named = getattr(interaction.namespace, "game", None)
            game_id = await self._game_here(interaction, named)
            _, view = await self.service.view(game_id, self.bot.user_of(interaction), public=True)
        except WestmarchError:
            return []
        labels = [zone_label(z) for z in view.table]
        return [choice(label, label) for label in labels if current.lower() in label.lower()][:MAX_CHOICES]

    @game.command(name="list", description="Open games in this server, and whom each waits on since when")
    async def list_games(self, interaction: discord.Interaction) -> None:
        await io.defer(interaction, ephemeral=True)
        lines = []
        for listed in await self.service.tempo.listing(self.bot.user_of(interaction)):
            r = listed.ref
            line = f"Game {r.id}: {r.title} ({r.status})" + (f" in <#{r.thread_id}>" if r.thread_id else "")
            waiting = []
            for w in listed.waits:
                due = f", due {stamp(w.deadline_at)}" if w.deadline_at else ""
                due = " (deadline passed)" if w.deadline_passed else due
                waiting.append(f"{w.name} ({w.seat}) since {stamp(w.since)}{due}" + (" (automatic seat)" * w.auto))
            lines.append(line + (f": waiting on {'; '.join(waiting)}" if waiting else ""))
        await io.reply(interaction, "\n".join(lines) or "No open games here.", ephemeral=True)

    # --- play --------------------------------------------------------------------------------
    @game.command(name="act", description="Type a game command, e.g. 'answer 3 o2'")
    async def act(self, interaction: discord.Interaction, command: str, game: int | None = None) -> None:
        await io.defer(interaction, ephemeral=True)
        game_id = await self._game_here(interaction, game)
        result = await self.service.act(game_id, self.bot.user_of(interaction), command, at=interaction.created_at)
        await reply_done(self.bot, interaction, game_id, result)

    @game.command(name="order", description="A standing order, e.g. forced ask (be asked even when only one "
                                            "answer is possible)")
    @app_commands.describe(key="What the order is about (forced, or the game's own: skirmish, ring...)",
                           value="The order (forced: auto or ask)")
    async def order(self, interaction: discord.Interaction, key: str, value: str, game: int | None = None) -> None:
        """Orders never depend on what a hand holds, so setting one tells the table nothing (engines/core/orders)."""
        await io.defer(interaction, ephemeral=True)
        game_id = await self._game_here(interaction, game)
        text = f"order {key.strip()} {value.strip()}"
        result = await self.service.act(game_id, self.bot.user_of(interaction), text, at=interaction.created_at)
        await reply_done(self.bot, interaction, game_id, result)

    @act.autocomplete("command")
    async def _my_options(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Offer the player's own open choices (from their own view only)."""
        try:
            game_id = await self._game_here(interaction, None)
            _, view = await self.service.view(game_id, self.bot.user_of(interaction))
        except Exception:
            return []
        choices = [
            app_commands.Choice(name=f"{d.prompt}: {o.label}"[:100], value=f"answer {d.id} {o.id}")
            for d in view.decisions
            for o in d.options
        ]
        return [c for c in choices if current.lower() in c.name.lower()][:25]

    @game.command(name="undo", description="Take back the last command")
    async def undo(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await io.defer(interaction, ephemeral=True)
        game_id = await self._game_here(interaction, game)
        # The click's own time: the same request delivered twice then takes back one step, not two.
        message = await self.service.undo(game_id, self.bot.user_of(interaction), at=interaction.created_at)
        # "...; waiting for p2 to agree.": named, as the request posted in the thread names them
        await io.reply(interaction, await in_names(self.bot, interaction, game_id, message), ephemeral=True)

    # --- pace ----------------------------------------------------------------------------------
    @game.command(name="pace", description="Show the pace, or change it (host): reminders and deadlines")
    @app_commands.describe(
        reminder_hours="Remind whoever the game waits on after this many hours",
        repeat_hours="Then again every this many hours",
        deadline_days="A deadline per decision, in days (0: none)",
        allow_auto="May the table hand an absent player's seat to the automatic seat?",
        at_deadline="What happens by itself when a deadline passes",
    )
    @app_commands.choices(
        at_deadline=[
            app_commands.Choice(name="Nothing: the table decides", value="ask"),
            app_commands.Choice(name="Skip the decision", value="skip"),
            app_commands.Choice(name="The automatic seat plays", value="auto"),
        ]
    )
    async def pace(
        self,
        interaction: discord.Interaction,
        reminder_hours: app_commands.Range[int, 1, 720] | None = None,
        repeat_hours: app_commands.Range[int, 1, 720] | None = None,
        deadline_days: app_commands.Range[int, 0, 60] | None = None,
        allow_auto: bool | None = None,
        at_deadline: str | None = None,
        game: int | None = None,
    ) -> None:
        game_id = await self._game_here(interaction, game)
        changes = pace_changes(
            after=reminder_hours, every=repeat_hours, deadline=deadline_days, auto=allow_auto, at=at_deadline
        )
        if not changes:
            pace = await self.service.tempo.pace(game_id)
            await io.reply(interaction, f"Game {game_id}'s pace: {pace_text(pace)}.", ephemeral=True)
            return
        pace = await self.service.tempo.set_pace(game_id, self.bot.user_of(interaction), **changes)
        await io.reply(interaction, f"Game {game_id}'s pace is now: {pace_text(pace)}.", ephemeral=True)

    @game.command(name="settings", description="Your time zone and quiet hours (no reminders then), in every game")
    @app_commands.describe(timezone="An IANA time zone, like Europe/Paris", quiet="Quiet hours, like 22-8, or off")
    async def settings(
        self, interaction: discord.Interaction, timezone: str | None = None, quiet: str | None = None
    ) -> None:
        tempo = self.service.tempo
        user = self.bot.user_of(interaction)
        habits = await tempo.settings(user, timezone, quiet) if timezone or quiet else await tempo.habits(user.id)
        away = f"; away until {stamp(habits.vacation_until, 'D')}" if habits.vacation_until else ""
        await io.reply(
            interaction, f"Time zone {habits.timezone}; quiet hours {quiet_text(habits.quiet)}{away}.", ephemeral=True
        )

    @settings.autocomplete("timezone")
    async def _zones(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        found = [z for z in time_zones() if current.lower().replace(" ", "_") in z.lower()]
        return [app_commands.Choice(name=z, value=z) for z in found[:25]]

    @game.command(name="vacation", description="Away until a day (YYYY-MM-DD, back that day) or 'off': deadlines pause")
    async def vacation(self, interaction: discord.Interaction, until: str) -> None:
        await io.defer(interaction, ephemeral=True)
        message = await self.service.tempo.vacation(self.bot.user_of(interaction), until)
        await io.reply(interaction, message, ephemeral=True)

    @game.command(name="nudge", description="Nudge whoever the game is waiting on (once a day per player)")
    async def nudge(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await io.defer(interaction, ephemeral=True)
        game_id = await self._game_here(interaction, game)
        message = await self.service.tempo.nudge(game_id, self.bot.user_of(interaction))
        await io.reply(interaction, message, ephemeral=True)

    @game.command(name="back", description="You are back: the automatic seat stops playing for you")
    async def back(self, interaction: discord.Interaction, game: int | None = None) -> None:
        message = await self.service.tempo.back(await self._game_here(interaction, game), self.bot.user_of(interaction))
        await io.reply(interaction, message, ephemeral=True)

    @game.command(name="abandon", description="End the game without a result (host or server admin)")
    async def abandon(self, interaction: discord.Interaction, game: int | None = None) -> None:
        ref = await self.service.abandon(await self._game_here(interaction, game), self.bot.user_of(interaction))
        await io.reply(interaction, f"Game {ref.id} was abandoned by {interaction.user.mention}.")

    # --- running the table: pause, resume, delegates ------------------------------------------
    @game.command(name="pause", description="Pause the game: no moves, reminders or deadlines (host or server admin)")
    @app_commands.describe(reason="Why, for the table")
    async def pause(
        self, interaction: discord.Interaction, reason: app_commands.Range[str, 0, 200] = "", game: int | None = None
    ) -> None:
        game_id = await self._game_here(interaction, game)
        await self.service.guard.pause(game_id, self.bot.user_of(interaction), safe_text.words(reason))
        said = f"Game {game_id} is paused. `/game resume` when the table is ready."
        await io.reply(interaction, said, ephemeral=True)

    @game.command(name="resume", description="Resume a paused game (host or server admin)")
    async def resume(self, interaction: discord.Interaction, game: int | None = None) -> None:
        game_id = await self._game_here(interaction, game)
        message = await self.service.guard.resume(game_id, self.bot.user_of(interaction))
        await io.reply(interaction, message, ephemeral=True)

    @game.command(name="delegate", description="Let someone act for your seat; without a user, take it back")
    @app_commands.describe(user="Who may act for your seat (leave empty to revoke)")
    async def delegate(
        self, interaction: discord.Interaction, user: discord.Member | None = None, game: int | None = None
    ) -> None:
        game_id = await self._game_here(interaction, game)
        to = User(id=user.id, name=safe_text.name(user.display_name)) if user is not None else None
        message = await self.service.guard.delegate(game_id, self.bot.user_of(interaction), to)
        await io.reply(interaction, message, ephemeral=True)

    def view_text(self, view) -> str:  # type: ignore[no-untyped-def]
        return view_text(view)


@cache
def time_zones() -> list[str]:
    return sorted(zoneinfo.available_timezones())
