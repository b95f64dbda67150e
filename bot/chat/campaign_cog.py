"""`/campaign`: LCG campaign mode (spec 7). A campaign lives in the channel where it was started; each scenario
is an ordinary game in its own thread, and the campaign's news (a scenario won or lost) is told in the
campaign's channel. Commands name a campaign with `campaign:<number>`, or mean the one of this channel (or of
the scenario thread they are typed in)."""

from __future__ import annotations

import asyncio
import io as stdio
import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import safe_text
from bot.chat import io
from bot.chat.lcg_text import fit
from bot.service import Place, ServiceError, User
from bot.service.campaign import CampaignRef, Campaigns
from engines.core import WestmarchError
from engines.lcg.campaign.log import CampaignLog, Change, penalty_now, penalty_words, pending_setup, step_name
from render.campaign import render_log

if TYPE_CHECKING:
    from bot.chat.host import Host

BUTTON_LABELS = {"record": "Record the win", "decline": "Do not record; play again", "next": "Start the scenario"}
FIELD = 1024  # Discord's limit for an embed field's value
MAX_IMPORT = 1_000_000  # bytes: a long campaign's log is tens of kilobytes


def _field(lines: list[str]) -> str:
    text = "\n".join(lines) or "none"
    return text if len(text) <= FIELD else text[: FIELD - 1] + "…"


def log_embed(ref: CampaignRef, book: CampaignLog) -> discord.Embed:
    """The log as the rules name its parts (spec 7.2), and what the next setup will change in it: a hero swapped
    between scenarios is recorded, and its penalty taken, only when the next scenario starts (C 12.5.2, 13.2)."""
    step = book.step
    pending = pending_setup(book)
    embed = discord.Embed(
        title=f"{book.name} (campaign {ref.id})",
        description=f"{book.difficulty.capitalize()}, {book.status}. "
        + (f"Next: **{step.name}** (scenario {book.index + 1} of {len(book.steps)})." if step else "Complete."),
        colour=discord.Colour.gold(),
    )
    embed.add_field(name="Fellowship", value=_field(
        [f"{m.seat} <@{m.user_id}>: {', '.join(m.heroes)}" + (
            f" (next scenario: {', '.join(pending.heroes[m.seat])})" if pending and m.seat in pending.heroes else "")
         for m in book.members]), inline=False)
    embed.add_field(name="Fallen heroes", value=_field(book.fallen), inline=True)
    penalty = penalty_words(penalty_now(book))
    if pending is not None and pending.added:
        penalty += f"; {penalty_words(pending.penalty)} from the next scenario"
    embed.add_field(name="Threat penalty", value=penalty, inline=True)
    if pending is not None:
        told = pending.lines or [f"`campaign next` would refuse the heroes now: {pending.refused}"]
        embed.add_field(name="At the next setup", value=_field(told), inline=False)
    embed.add_field(name="Campaign pool", value=_field([
        f"{c.title} ({c.kind}{', Permanent' if c.permanent else ''})"
        + (f" on {c.hero}" if c.hero else f" for {c.holder}" if c.holder else "") for c in book.pool]), inline=False)
    embed.add_field(name="Scenarios", value=_field([
        f"{step_name(book, a.scenario)} #{a.number}: {a.status}" + (" (recorded)" if a.recorded else "")
        + (f", score {a.score.total}" if a.score else "") for a in book.history]), inline=False)
    embed.add_field(name="Campaign total", value=f"{book.total_score} (lower is better)", inline=True)
    if book.notes:
        embed.add_field(name="Notes", value=_field(book.notes[-8:]), inline=False)
    embed.set_image(url="attachment://campaign.png")
    return embed


class CampaignButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"wm:c(?P<campaign>\d+):(?P<verb>record|decline|next)"
):
    """Record / decline a won scenario, or start the next attempt, from the campaign's news (spec 7.8.3). The
    custom_id carries the campaign, so the buttons keep working after a restart."""

    def __init__(self, campaign: int, verb: str) -> None:
        style = discord.ButtonStyle.success if verb != "decline" else discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label=BUTTON_LABELS[verb], style=style, custom_id=f"wm:c{campaign}:{verb}"))
        self.campaign, self.verb = campaign, verb

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> CampaignButton:
        return cls(int(match["campaign"]), match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = interaction.client.get_cog("CampaignCog")  # type: ignore[attr-defined]
        assert isinstance(cog, CampaignCog)
        try:
            if self.verb == "next":
                await cog.start_next(interaction, self.campaign)
                return
            user = cog.bot.user_of(interaction)
            if self.verb == "record":
                said = fit(await cog.campaigns.record(self.campaign, user))
            else:
                said = await cog.campaigns.decline(self.campaign, user)
        except WestmarchError as exc:
            await io.reply(interaction, exc.message, ephemeral=True)
            return
        await io.reply(interaction, said)


def buttons(campaign_id: int, book: CampaignLog) -> discord.ui.View | None:
    """What the group can do next, as buttons: record or decline a win, or play the scenario (again)."""
    current = book.current
    verbs = (["record", "decline"] if current is not None and current.status == "won"
             else ["next"] if current is None and book.status == "active" else [])
    if not verbs:
        return None
    view = discord.ui.View(timeout=None)
    for verb in verbs:
        view.add_item(CampaignButton(campaign_id, verb))
    return view


class CampaignCog(commands.Cog):
    campaign = app_commands.Group(name="campaign", description="LCG campaign mode: scenarios in a row, with a log")

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.campaigns = Campaigns(bot.service)
        self.campaigns.announce = self._announce

    async def _announce(self, ref: CampaignRef, lines: list[str]) -> None:
        """A scenario is over: tell the campaign's channel, with buttons for what comes next, and point the
        scenario's thread there."""
        _, book = await self.campaigns.book(ref.id)
        text = fit([f"**{ref.name}** (campaign {ref.id})", *lines])
        channel = self.bot.get_channel(ref.channel_id) if ref.channel_id else None
        view = buttons(ref.id, book)
        if isinstance(channel, discord.abc.Messageable):
            await io.send(channel, text, **({"view": view} if view else {}))
        if ref.game_id is not None:
            game = await self.bot.service.ref(ref.game_id)
            thread = self.bot.get_channel(game.thread_id) if game.thread_id else None
            if isinstance(thread, discord.abc.Messageable) and thread is not channel:
                await io.send(thread, fit([*lines, f"The campaign goes on in <#{ref.channel_id}>."]))

    async def _here(self, interaction: discord.Interaction, campaign: int | None) -> int:
        """The campaign named, else the one started in this channel, else the one whose scenario thread this is."""
        if campaign is not None:
            await self.campaigns.book(campaign, self._user(interaction))  # refused out of reach (boundary.py)
            return campaign
        channel_id = interaction.channel_id
        refs = await self.campaigns.list(self._user(interaction))
        mine = [r for r in refs if r.channel_id == channel_id and r.status == "active"]
        if mine:
            return mine[-1].id
        game_id = await self.bot.service.game_for_place(channel_id) if channel_id else None
        found = await self.campaigns.for_game(game_id) if game_id is not None else None
        if found is None:
            raise ServiceError("There is no campaign in this channel: give its number (campaign:<number>).")
        return found

    def _user(self, interaction: discord.Interaction) -> User:
        return self.bot.user_of(interaction)

    @campaign.command(name="start", description="Start a campaign with its fellowship: you and up to 3 others")
    @app_commands.describe(name="The campaign (core, or an imported one)", deck="Your deck's key",
                           player2="Another player", deck2="Their deck", player3="Another player", deck3="Their deck",
                           player4="Another player", deck4="Their deck", difficulty="easy, standard or nightmare",
                           # each player: C 12.5.2; the player who changed: C 13.2
                           penalty="Who takes +1 threat for a hero change: each player (the default) or only the "
                                   "player who changed")
    async def start(self, interaction: discord.Interaction, name: str, deck: str,
                    player2: discord.Member | None = None, deck2: str | None = None,
                    player3: discord.Member | None = None, deck3: str | None = None,
                    player4: discord.Member | None = None, deck4: str | None = None,
                    difficulty: str = "standard", penalty: str = "each") -> None:
        host = self._user(interaction)
        fellowship = [(host, deck)]
        for member, key in ((player2, deck2), (player3, deck3), (player4, deck4)):
            if member is None:
                continue
            if not key:
                raise ServiceError(f"Give {safe_text.name(member.display_name)}'s deck as well.")
            fellowship.append((User(id=member.id, name=safe_text.name(member.display_name)), key))
        ref, warnings = await self.campaigns.start(
            name.strip(), host, fellowship, Place(guild_id=interaction.guild_id, channel_id=interaction.channel_id),
            difficulty=difficulty, penalty_rule=penalty)
        _, book = await self.campaigns.book(ref.id)
        lines = [f"Campaign {ref.id}: **{ref.name}** begins.",
                 *(f"{m.seat} <@{m.user_id}>: {', '.join(m.heroes)}" for m in book.members),
                 "`/campaign next` starts the first scenario.", *(f"Note: {w}" for w in warnings)]
        await io.reply(interaction, fit(lines))

    @start.autocomplete("penalty")
    async def _penalty_rules(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name="each player", value="each"),  # C 12.5.2
                app_commands.Choice(name="only the player who changed", value="player")]  # C 13.2

    @start.autocomplete("name")
    async def _campaign_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        known = self.campaigns.library.campaigns
        return [app_commands.Choice(name=f"{c.name} ({k})"[:100], value=k) for k, c in sorted(known.items())
                if current.lower() in k or current.lower() in c.name.lower()][:25]

    @campaign.command(name="next", description="Start the next scenario (or replay a lost one) in a new thread")
    async def next_scenario(self, interaction: discord.Interaction, campaign: int | None = None) -> None:
        await self.start_next(interaction, await self._here(interaction, campaign))

    async def start_next(self, interaction: discord.Interaction, campaign_id: int) -> None:
        """The scenario's game in a new thread of this channel (or in this thread)."""
        book = await self.campaigns.check_next(campaign_id, self._user(interaction))  # refused before any thread
        await io.defer(interaction)
        channel = interaction.channel
        thread_id = None
        title = f"{book.name}: {book.step.name if book.step else 'done'}"
        if isinstance(channel, discord.TextChannel):
            thread = await channel.create_thread(name=title[:100], type=discord.ChannelType.public_thread)
            thread_id = thread.id
        elif isinstance(channel, discord.Thread):
            thread_id = channel.id
        place = Place(guild_id=interaction.guild_id, channel_id=interaction.channel_id, thread_id=thread_id)
        _, game_id, said = await self.campaigns.next(campaign_id, self._user(interaction), place)
        where = f" in <#{thread_id}>" if thread_id else ""
        await io.reply(interaction, fit([*said, f"Play game {game_id}{where}."]))

    @campaign.command(name="log", description="The campaign log, as an embed and an image")
    async def show_log(self, interaction: discord.Interaction, campaign: int | None = None) -> None:
        ref, book = await self.campaigns.book(await self._here(interaction, campaign), self._user(interaction))
        await io.defer(interaction)
        png = await asyncio.to_thread(render_log, book)
        await io.reply(interaction, embed=log_embed(ref, book), file=io.png_file(png, "campaign.png"))

    @campaign.command(name="export", description="The campaign log as JSON (to keep or move) and Markdown")
    async def export(self, interaction: discord.Interaction, campaign: int | None = None) -> None:
        campaign_id = await self._here(interaction, campaign)
        as_json = await self.campaigns.export(campaign_id, "json", self._user(interaction))
        as_md = await self.campaigns.export(campaign_id, "md", self._user(interaction))
        files = [discord.File(stdio.BytesIO(as_json.encode("utf-8")), filename=f"campaign-{campaign_id}.json"),
                 discord.File(stdio.BytesIO(as_md.encode("utf-8")), filename=f"campaign-{campaign_id}.md")]
        await io.reply(interaction, f"Campaign {campaign_id}'s log.", files=files, ephemeral=True)

    @campaign.command(name="import", description="A campaign from its JSON export (a backup, another server)")
    async def import_log(self, interaction: discord.Interaction, file: discord.Attachment) -> None:
        if file.size > MAX_IMPORT:
            raise ServiceError(f"That file is {file.size:,} bytes; a campaign log is well under {MAX_IMPORT:,}.")
        try:
            text = (await file.read()).decode("utf-8")
        except UnicodeDecodeError:
            raise ServiceError("That file is not UTF-8 text; give the JSON file `/campaign export` made.") from None
        ref = await self.campaigns.restore(text, self._user(interaction),
                                           Place(guild_id=interaction.guild_id, channel_id=interaction.channel_id))
        await io.reply(interaction, f"Campaign {ref.id}: **{ref.name}** restored from {file.filename}.")

    @campaign.command(name="earn", description="Stage a boon or burden the scenario's resolution gives")
    @app_commands.describe(card="The boon or burden", to="A seat (p1) for a player card, a hero for a Permanent one")
    async def earn(self, interaction: discord.Interaction, card: str, to: str = "",
                   campaign: int | None = None) -> None:
        seat = to if to[:1] == "p" and to[1:].isdigit() else ""
        change = Change(kind="earn", title=card, holder=seat, hero="" if seat else to)
        text = await self.campaigns.stage(await self._here(interaction, campaign), self._user(interaction), change)
        await io.reply(interaction, f"Staged: {text}. It counts once the win is recorded (`/campaign record`).")

    @campaign.command(name="spend", description="Stage removing a boon from the pool (a cost paid this scenario)")
    async def spend(self, interaction: discord.Interaction, card: str, campaign: int | None = None) -> None:
        text = await self.campaigns.stage(await self._here(interaction, campaign), self._user(interaction),
                                          Change(kind="remove", title=card))
        await io.reply(interaction, f"Staged: {text}. It stays in the pool unless the win is recorded.")

    @campaign.command(name="note", description="Write a note in the campaign log")
    async def note(self, interaction: discord.Interaction, text: str, campaign: int | None = None) -> None:
        said = await self.campaigns.note(await self._here(interaction, campaign), self._user(interaction),
                                        safe_text.words(text, 500))
        await io.reply(interaction, said)

    @campaign.command(name="record", description="Record the won scenario in the log and move on")
    async def record(self, interaction: discord.Interaction, campaign: int | None = None) -> None:
        lines = await self.campaigns.record(await self._here(interaction, campaign), self._user(interaction))
        await io.reply(interaction, fit(lines))

    @campaign.command(name="decline", description="Do not record the won scenario: play it again")
    async def decline(self, interaction: discord.Interaction, campaign: int | None = None) -> None:
        text = await self.campaigns.decline(await self._here(interaction, campaign), self._user(interaction))
        await io.reply(interaction, text)

    @campaign.command(name="deck", description="Change your deck between scenarios")
    async def deck(self, interaction: discord.Interaction, key: str, campaign: int | None = None) -> None:
        lines = await self.campaigns.change_deck(await self._here(interaction, campaign), self._user(interaction),
                                                 key.strip())
        await io.reply(interaction, fit(lines))

    @campaign.command(name="hero", description="Replace a hero of your deck (a fallen one, or your one swap)")
    @app_commands.describe(old="The hero leaving ('-' to add one)", new="The hero coming in")
    async def hero(self, interaction: discord.Interaction, old: str, new: str, campaign: int | None = None) -> None:
        lines = await self.campaigns.replace_hero(await self._here(interaction, campaign), self._user(interaction),
                                                  old, new)
        await io.reply(interaction, fit(lines))

    @campaign.command(name="seat", description="Hand a seat to another player (they take its heroes and deck)")
    async def seat(self, interaction: discord.Interaction, seat: str, player: discord.Member,
                   campaign: int | None = None) -> None:
        newcomer = User(id=player.id, name=safe_text.name(player.display_name))
        text = await self.campaigns.change_seat(await self._here(interaction, campaign), self._user(interaction),
                                                seat.strip(), newcomer)
        await io.reply(interaction, text)

    @campaign.command(name="abandon", description="Stop the campaign for good (its host or a server admin)")
    async def abandon(self, interaction: discord.Interaction, campaign: int | None = None) -> None:
        text = await self.campaigns.abandon(await self._here(interaction, campaign), self._user(interaction))
        await io.reply(interaction, text)

    @campaign.command(name="list", description="The campaigns of this server (in a DM: yours)")
    async def list_campaigns(self, interaction: discord.Interaction) -> None:
        refs = await self.campaigns.list(self._user(interaction))
        lines = [f"{r.id}: {r.name} ({r.status})" + (f" in <#{r.channel_id}>" if r.channel_id else "") for r in refs]
        known = ", ".join(f"`{k}`" for k in sorted(self.campaigns.library.campaigns))
        await io.reply(interaction, fit([*(lines or ["No campaign yet."]), f"Campaigns to start: {known}."]),
                       ephemeral=True)
