"""`/rats`: Race Against the Shadow tournaments (spec 8): create, register, pair and start rounds, the match
clock (hit, pause, resume, show), standings, and the organizer's tools. The rules and the database are in
bot/tournament; this is only Discord."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot import safe_text
from bot.chat import io
from bot.content.decks import NOT_COUNTED
from bot.service import ServiceError, User
from bot.tournament.service import Rats
from bot.tournament.text import times_text
from engines.lcg import GAME
from engines.lcg.library import fold
from engines.tournament.model import MIN_DECK
from render.clock import draw_clock

if TYPE_CHECKING:
    from bot.chat.host import Host


class DiscordAnnouncer:
    """The tournament speaks in its channel and in each team's game thread."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    async def announce(self, channel_id: int | None, text: str, image: bytes | None = None) -> None:
        channel = await self.bot.messenger.channel(channel_id)
        if channel is None:
            return
        if image is not None:
            await io.send(channel, text, file=io.png_file(image, "clock.png"))
        else:
            await io.send(channel, text)

    async def match_thread(self, channel_id: int | None, game_id: int, title: str) -> int | None:
        channel = await self.bot.messenger.channel(channel_id)
        if not isinstance(channel, discord.TextChannel):
            return None
        try:
            thread = await channel.create_thread(name=title[:100], type=discord.ChannelType.public_thread)
        except discord.HTTPException:
            return None
        return thread.id


class RatsCog(commands.Cog):
    # A tournament is a server's event: the commands exist only in servers (bot/service/boundary.py).
    rats = app_commands.Group(
        name="rats", description="Race Against the Shadow: LCG team tournaments on the clock", guild_only=True
    )

    def __init__(self, bot: Host, tournaments: Rats) -> None:
        self.bot = bot
        self.tournaments = tournaments

    async def _which(self, interaction: discord.Interaction, tournament: int | None) -> int:
        if tournament is not None:
            return await self.tournaments.within_reach(tournament, self._user(interaction))
        if interaction.guild_id is None:
            raise ServiceError("Tournaments live in servers: use /rats there.")
        return await self.tournaments.current(interaction.guild_id)

    def _user(self, interaction: discord.Interaction) -> User:
        return self.bot.user_of(interaction)

    @staticmethod
    def _member(member: discord.Member | discord.User) -> User:
        return User(id=member.id, name=safe_text.name(member.display_name))

    # --- the organizer ------------------------------------------------------------------------
    @rats.command(name="create", description="Open a tournament in this channel (you are its organizer)")
    @app_commands.describe(
        name="The tournament's name",
        scenarios="The advertised scenario pool, space separated (round 1 plays the first, and so on)",
        format="limited: the same heroes every match; extended: heroes picked per match",
        minutes="Minutes on each team's clock (30 to 60; 45 by default)",
        rounds="How many Swiss rounds",
    )
    @app_commands.guild_only()
    async def create(self, interaction: discord.Interaction, name: str, scenarios: str,
                     format: str = "limited",
                     minutes: app_commands.Range[int, 30, 60] = 45,
                     rounds: app_commands.Range[int, 1, 12] = 3) -> None:
        from bot.service import Place

        place = Place(guild_id=interaction.guild_id, channel_id=interaction.channel_id)
        tid = await self.tournaments.create(self._user(interaction), safe_text.name(name, 60), place=place,
                                            fmt=format.strip().lower(), minutes=minutes,
                                            scenarios=scenarios.split(), rounds=rounds)
        await io.reply(interaction, f"Tournament {tid} is open for registration.", ephemeral=True)

    @rats.command(name="register", description="Register your team: you and up to three partners, each with a deck")
    @app_commands.describe(team="The team's name", deck="Your deck's key (see /lcg deck list)",
                           partner1="A partner", deck1="Their deck", partner2="A partner", deck2="Their deck",
                           partner3="A partner", deck3="Their deck")
    @app_commands.guild_only()
    async def register(self, interaction: discord.Interaction, team: str, deck: str,
                       partner1: discord.Member | None = None, deck1: str = "",
                       partner2: discord.Member | None = None, deck2: str = "",
                       partner3: discord.Member | None = None, deck3: str = "",
                       tournament: int | None = None) -> None:
        members = [(self._user(interaction), deck.strip())]
        for partner, key in ((partner1, deck1), (partner2, deck2), (partner3, deck3)):
            if partner is not None:
                members.append((self._member(partner), key.strip() or deck.strip()))
        tid = await self._which(interaction, tournament)
        team = safe_text.name(team, 40)
        number = await self.tournaments.register(tid, self._user(interaction), team, members)
        await io.reply(interaction, f"{team} is registered as team {number}.", ephemeral=True)

    @register.autocomplete("deck")
    @register.autocomplete("deck1")
    @register.autocomplete("deck2")
    @register.autocomplete("deck3")
    async def _tournament_decks(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Decks fit for a tournament (at least 50 cards, C 15.3.2) whose key or name matches."""
        wanted = fold(current)
        lib = GAME.library
        found = []
        for deck in sorted(lib.decks.values(), key=lambda d: d.key):
            size = sum(slot.count for slot in deck.cards if lib.card(slot.card).type not in NOT_COUNTED)
            if size >= MIN_DECK and (wanted in fold(deck.key) or wanted in fold(deck.name)):
                found.append(app_commands.Choice(name=f"{deck.name} ({deck.key}, {size} cards)"[:100],
                                                 value=deck.key[:100]))
        return found[:25]

    @rats.command(name="heroes", description="Extended format: your heroes for the coming match (1 to 3)")
    @app_commands.describe(heroes="Hero names, separated by commas (e.g. Aragorn, Gimli, Legolas)")
    async def heroes(self, interaction: discord.Interaction, heroes: str, tournament: int | None = None) -> None:
        tid = await self._which(interaction, tournament)
        names = [h.strip() for h in heroes.split(",") if h.strip()]
        said = await self.tournaments.pick_heroes(tid, self._user(interaction), names)
        await io.reply(interaction, said, ephemeral=True)

    @rats.command(name="pair", description="Organizer: pair the next round and post the pairings")
    async def pair(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        tid = await self._which(interaction, tournament)
        await self.tournaments.pair(tid, self._user(interaction))
        await io.reply(interaction, "Pairings posted.", ephemeral=True)

    @rats.command(name="repair", description="Organizer: pair the current round again, before it starts")
    async def repair(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        tid = await self._which(interaction, tournament)
        await self.tournaments.repair(tid, self._user(interaction))
        await io.reply(interaction, "New pairings posted.", ephemeral=True)

    @rats.command(name="start", description="Organizer: begin the paired round (each team gets its game thread)")
    async def start(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        tid = await self._which(interaction, tournament)
        await io.defer(interaction, ephemeral=True)  # games and threads take a few round trips
        made = await self.tournaments.start_round(tid, self._user(interaction))
        await self.bot.messenger.drain()
        await io.reply(interaction, f"Round started: {len(made)} matches.", ephemeral=True)

    @rats.command(name="adjust", description="Organizer: add (or take) minutes on a team's clock")
    async def adjust(self, interaction: discord.Interaction, table: int, team: int, minutes: float,
                     tournament: int | None = None) -> None:
        tid = await self._which(interaction, tournament)
        lines = await self.tournaments.adjust(tid, self._user(interaction), table, team, minutes,
                                              interaction.created_at)
        await io.reply(interaction, "\n".join(lines) or "Adjusted.", ephemeral=True)

    @rats.command(name="result", description="Organizer: record or correct a result (win <team>, draw, modified)")
    async def result(self, interaction: discord.Interaction, table: int, outcome: str, round: int = 0,
                     correct: bool = False, tournament: int | None = None) -> None:
        tid = await self._which(interaction, tournament)
        said = await self.tournaments.record(tid, self._user(interaction), table, outcome, round_number=round,
                                             correct=correct)
        await io.reply(interaction, said, ephemeral=True)

    @rats.command(name="drop", description="Organizer: drop a team from the tournament")
    async def drop(self, interaction: discord.Interaction, team: int, tournament: int | None = None) -> None:
        tid = await self._which(interaction, tournament)
        said = await self.tournaments.drop(tid, self._user(interaction), team)
        await io.reply(interaction, said, ephemeral=True)

    @rats.command(name="standings", description="The standings (and the champion once the last round is done)")
    async def standings(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        tid = await self._which(interaction, tournament)
        await io.reply(interaction, await self.tournaments.standings(tid))

    # --- the clock ----------------------------------------------------------------------------
    @rats.command(name="clock", description="Hit the clock: your team's phase group is done")
    async def clock(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        tid = await self._which(interaction, tournament)
        lines = await self.tournaments.hit(tid, self._user(interaction), interaction.created_at)
        await io.reply(interaction, "\n".join(lines) or "Done.", ephemeral=True)

    @rats.command(name="pause", description="Pause your match's clock for a question or a dispute")
    async def pause(self, interaction: discord.Interaction, reason: str = "", table: int = 0,
                    tournament: int | None = None) -> None:
        tid = await self._which(interaction, tournament)
        lines = await self.tournaments.pause(tid, self._user(interaction), interaction.created_at,
                                             safe_text.words(reason), table=table)
        await io.reply(interaction, "\n".join(lines) or "Paused.", ephemeral=True)

    @rats.command(name="resume", description="Restart the clock (the active team, once the question is settled)")
    async def resume(self, interaction: discord.Interaction, table: int = 0, tournament: int | None = None) -> None:
        tid = await self._which(interaction, tournament)
        lines = await self.tournaments.resume(tid, self._user(interaction), interaction.created_at, table=table)
        await io.reply(interaction, "\n".join(lines) or "Resumed.", ephemeral=True)

    @rats.command(name="show", description="Your match's clock: both times, which runs, whose phase group")
    async def show(self, interaction: discord.Interaction, table: int = 0, tournament: int | None = None) -> None:
        tid = await self._which(interaction, tournament)
        match_id = await self.tournaments.match_id(tid, self._user(interaction), table)
        face = await self.tournaments.clock_face(match_id, interaction.created_at)
        await io.defer(interaction)
        png = await asyncio.to_thread(draw_clock, face)
        line = times_text(face.names, face.remaining_ms, face.active, face.running, face.paused)
        await io.reply(interaction, f"{line}. {face.group}.", file=io.png_file(png, "clock.png"))
