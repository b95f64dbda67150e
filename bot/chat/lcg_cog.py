"""`/lcg`: The Lord of the Rings: The Card Game's own verbs (decks, play, adjust) and its reference (cards,
scenarios). Every game move is a text command through `service.act`, exactly as typed in `/game act`."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.chat import io
from bot.chat.campaign_cog import CampaignButton, CampaignCog
from bot.chat.components import reply_done
from bot.chat.game_verbs import MAX_CHOICES, choice
from bot.chat.lcg_text import card_choice_label, card_text, cost_text, deck_line, fit, import_report, scenario_line
from bot.chat.places import game_here
from bot.chat.rats_cog import DiscordAnnouncer, RatsCog
from bot.content import decks
from bot.content.errors import ContentError
from bot.content.lcg.ringsdb import CardRecords, Fetch, urllib_fetch
from bot.service import ActResult, Service, ServiceError
from bot.tournament.service import Rats
from bot.tournament.timers import ClockTimers
from engines.core import CommandError, View, WestmarchError
from engines.lcg import GAME, adjust
from engines.lcg.cards import CardDef
from engines.lcg.library import Library, fold
from engines.lcg.view import LcgView

if TYPE_CHECKING:
    from bot.chat.host import Host

PLAY_CONTEXTS = ("plan", "window")  # the decisions in which a card can be played from hand
MAX_CARDS = 5  # cards shown by one /lcg card


class LcgCog(commands.Cog):
    lcg = app_commands.Group(name="lcg", description="The Lord of the Rings: The Card Game")
    deck = app_commands.Group(name="deck", description="LCG decks: import, list, choose", parent=lcg)

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.ringsdb_fetch: Fetch = urllib_fetch  # tests replace it with recorded answers
        self.ringsdb_records = CardRecords()  # RingsDB card lookups, remembered for this process

    @property
    def service(self) -> Service:
        return self.bot.service

    @property
    def library(self) -> Library:
        return GAME.library

    async def _lcg_game(self, interaction: discord.Interaction, game: int | None) -> int:
        """The LCG game this command is about; a thread of another game is refused by name."""
        game_id = await game_here(self.service, interaction, game, self.bot.user_of(interaction))
        ref = await self.service.ref(game_id)
        if ref.game != GAME.name:
            raise ServiceError(f"Game {game_id} is {ref.title}; /lcg commands are for {GAME.title} games.")
        return game_id

    async def _act(self, interaction: discord.Interaction, game_id: int, command: str) -> ActResult:
        # Parsed here first so a malformed command gets the engine's own message, rather than the service's
        # attempt to read unparseable text as a bare answer to the player's open decision.
        text = GAME.format(GAME.parse(command))
        return await self.service.act(game_id, self.bot.user_of(interaction), text, at=interaction.created_at)

    async def _my_view(self, interaction: discord.Interaction) -> LcgView | None:
        """The caller's own view of the game here, for autocomplete: None when there is none to offer."""
        try:
            named = getattr(interaction.namespace, "game", None)
            game_id = await game_here(self.service, interaction, named, self.bot.user_of(interaction))
            _, view = await self.service.view(game_id, self.bot.user_of(interaction))
        except WestmarchError:
            return None
        return view if isinstance(view, LcgView) and view.seat is not None else None

    # --- decks -------------------------------------------------------------------------------
    @deck.command(name="import", description="Import a deck: a RingsDB link or id, or an OCTGN .o8d deck file")
    @app_commands.describe(
        source="A RingsDB link, e.g. https://ringsdb.com/decklist/view/12345, or a decklist id",
        file=f"An OCTGN deck file (.o8d, at most {decks.MAX_O8D_BYTES // 1024} KiB), instead of a RingsDB link",
    )
    async def import_deck(
        self, interaction: discord.Interaction, source: str | None = None, file: discord.Attachment | None = None
    ) -> None:
        if (source is None) == (file is None):
            both = ", not both" if file is not None else ""
            raise ContentError(f"Nothing was imported. Give `source` (a RingsDB link or id) or `file` (an OCTGN .o8d "
                               f"deck file){both}.")
        try:
            if file is not None:
                done = await self._import_o8d(interaction, file)
            else:
                assert source is not None
                await io.defer(interaction, ephemeral=True)  # RingsDB may take seconds, more cards more lookups
                done = await decks.import_ringsdb_deck(
                    self.bot.database,
                    source,
                    owner_user_id=interaction.user.id,
                    fetch=self.ringsdb_fetch,
                    records=self.ringsdb_records,
                    library=self.library,
                )
        except ContentError as error:
            raise ContentError(f"Nothing was imported. {error.reason}") from None
        await io.reply(interaction, import_report(done), ephemeral=True)

    async def _import_o8d(self, interaction: discord.Interaction, file: discord.Attachment) -> decks.DeckImport:
        shown = decks.check_o8d_file(file.filename, file.size)  # before a byte is downloaded
        await io.defer(interaction, ephemeral=True)
        try:
            data = await file.read()
        except discord.HTTPException as error:
            raise ContentError(
                f"{shown} could not be downloaded from Discord (HTTP {error.status}); try again."
            ) from None
        return await decks.import_o8d_deck(
            self.bot.database, data, filename=file.filename, owner_user_id=interaction.user.id, library=self.library
        )

    @deck.command(name="list", description="The decks you can choose: the starter decks and imported ones")
    async def list_decks(self, interaction: discord.Interaction) -> None:
        starters = decks.shipped_deck_keys()
        ordered = sorted(self.library.decks.values(), key=lambda d: (d.key not in starters, d.key))
        lines = ["**Starter decks**"]
        for deck in ordered:
            if deck.key not in starters and lines[-1] != "**Imported decks**":
                lines.append("**Imported decks**")
            lines.append(deck_line(deck, self.library))
        lines.append("Choose one during a game's setup with `/lcg deck choose`; import with `/lcg deck import`.")
        await io.reply(interaction, fit(lines), ephemeral=True)

    @deck.command(name="choose", description="Choose your deck during the game's setup")
    @app_commands.describe(key="The deck's key (see /lcg deck list)")
    async def choose(self, interaction: discord.Interaction, key: str, game: int | None = None) -> None:
        await io.defer(interaction, ephemeral=True)
        game_id = await self._lcg_game(interaction, game)
        result = await self._act(interaction, game_id, f"deck {key.strip()}")
        await reply_done(self.bot, interaction, game_id, result)

    @choose.autocomplete("key")
    async def _deck_keys(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        wanted = fold(current)
        starters = decks.shipped_deck_keys()
        found = [
            d
            for d in sorted(self.library.decks.values(), key=lambda d: (d.key not in starters, d.key))
            if wanted in d.key.lower() or wanted in fold(d.name)
        ]
        return [choice(f"{d.key}: {d.name}", d.key) for d in found[:MAX_CHOICES]]

    # --- play --------------------------------------------------------------------------------
    @lcg.command(name="play", description="Play a card from your hand (planning turn or action window)")
    @app_commands.describe(card="A card in your hand",
                           then="What the play asks next, at once: its payment 'c1=1 c2=1', 'then' its host or 'pass'")
    async def play(self, interaction: discord.Interaction, card: str, then: str | None = None,
                   game: int | None = None) -> None:
        await io.defer(interaction, ephemeral=True)
        game_id = await self._lcg_game(interaction, game)
        _, view = await self.service.view(game_id, self.bot.user_of(interaction))
        chained = f" then {then.strip()}" if then and then.strip() else ""  # a chained answer (issue 16)
        result = await self._act(interaction, game_id, f"play {_hand_uid(view, card.strip())}{chained}")
        await reply_done(self.bot, interaction, game_id, result)

    @play.autocomplete("card")
    async def _hand_cards(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The caller's own hand, from the caller's own view only: playable cards first."""
        view = await self._my_view(interaction)
        if view is None:
            return []
        playable = _playable(view)
        wanted = fold(current)
        choices: list[tuple[bool, app_commands.Choice[str]]] = []
        for uid, name, ref in _hand(view):
            if wanted not in fold(name) and wanted != uid.lower():
                continue
            facts = view.facts.get(ref or "")
            label = f"{name} ({_cost_label(facts)})" if facts is not None else name
            can = playable is None or uid in playable
            if not can:
                label += ", not playable now"
            choices.append((can, choice(label, uid)))
        choices.sort(key=lambda c: not c[0])
        return [c for _, c in choices[:MAX_CHOICES]]

    @lcg.command(name="adjust", description="Adjust the table by hand: tokens, ready/exhaust, threat, move...")
    @app_commands.describe(command="e.g. 'damage c12 +1', 'threat -2', 'move c5 discard'; 'help' lists them")
    async def adjust_table(self, interaction: discord.Interaction, command: str, game: int | None = None) -> None:
        text = command.strip()
        if text.lower() in ("help", "help adjust", ""):
            await io.reply(interaction, f"```\n{adjust.HELP}\n```", ephemeral=True)
            return
        verb = text.split()[0].lower()
        if verb not in adjust.VERBS:
            raise CommandError(
                f"'{verb}' is not an adjustment. Adjustments: {', '.join(adjust.VERBS)} "
                "(`/lcg adjust command:help` shows the forms)."
            )
        await io.defer(interaction, ephemeral=True)
        game_id = await self._lcg_game(interaction, game)
        result = await self._act(interaction, game_id, text)
        await reply_done(self.bot, interaction, game_id, result)

    # --- reference ---------------------------------------------------------------------------
    @lcg.command(name="card", description="Look up a card: its numbers, traits and keywords")
    @app_commands.describe(name="The card's name")
    async def card(self, interaction: discord.Interaction, name: str) -> None:
        found = _find_cards(self.library, name)
        if not found:
            raise CommandError(f"No card is called '{name.strip()}'.")
        text = "\n\n".join(card_text(c) for c in found[:MAX_CARDS])
        if len(found) > MAX_CARDS:
            text += f"\n\n…and {len(found) - MAX_CARDS} more cards whose names contain '{name.strip()}'."
        await io.reply(interaction, text, ephemeral=True)

    @card.autocomplete("name")
    async def _card_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        wanted = fold(current)
        cards = sorted(self.library.cards.values(), key=lambda c: (fold(c.name), c.pack, c.number))
        starts = [c for c in cards if fold(c.name).startswith(wanted)]
        inside = [c for c in cards if wanted in fold(c.name) and not fold(c.name).startswith(wanted)]
        return [choice(card_choice_label(c), c.id) for c in [*starts, *inside][:MAX_CHOICES]]

    @lcg.command(name="scenarios", description="The scenarios you can play, with their difficulty")
    async def scenarios(self, interaction: discord.Interaction) -> None:
        found = sorted(self.library.scenarios.values(), key=lambda s: (s.difficulty_rating, s.name))
        lines = [scenario_line(s) for s in found] or ["No scenarios are installed."]
        lines.append("Start one with `/game new name:lcg options:scenario=<key> difficulty=<easy|standard|nightmare>`.")
        await io.reply(interaction, fit(lines), ephemeral=True)


def _hand(view: View) -> list[tuple[str, str, str | None]]:
    """(uid, name, definition id) of each card in the seat's own hand: its own private zones only."""
    return [
        (card.uid, card.name, card.ref)
        for zone in view.private
        if zone.owner == view.seat
        for card in zone.cards
        if card.uid is not None and card.name is not None
    ]


def _playable(view: View) -> set[str] | None:
    """The cards an open planning turn or action window offers; None when neither is open (say nothing)."""
    open_ = [d for d in view.decisions if d.context.split(":", 1)[0] in PLAY_CONTEXTS]
    return {o.id for d in open_ for o in d.options} if open_ else None


def _cost_label(card: CardDef) -> str:
    return f"{cost_text(card)} {card.sphere}".strip() if card.sphere else cost_text(card)


def _hand_uid(view: View, text: str) -> str:
    """The uid autocomplete gave, or, for a name typed without it, that card in the caller's own hand."""
    hand = _hand(view)
    if any(uid == text for uid, _, _ in hand):
        return text
    named = [uid for uid, name, _ in hand if fold(name) == fold(text)]
    if not named:
        return text  # the engine names what is wrong with it
    playable = _playable(view) or set()
    return next((uid for uid in named if uid in playable), named[0])


def _find_cards(library: Library, text: str) -> list[CardDef]:
    """By id (what autocomplete sends), else by exact name, else by part of a name."""
    text = text.strip()
    if text in library.cards:
        return [library.cards[text]]
    exact = library.find(text)
    if exact:
        return exact
    wanted = fold(text)
    return sorted((c for c in library.cards.values() if wanted and wanted in fold(c.name)), key=lambda c: c.name)


async def setup(bot: Host) -> None:
    """The LCG's plug-in (bot/games/lcg.py): its commands, its campaign mode and its tournaments."""
    await decks.load_stored_decks(bot.database)  # before any game is loaded: journals name imported decks
    bot.add_dynamic_items(CampaignButton)
    rats = Rats(bot.service, DiscordAnnouncer(bot))  # Race Against the Shadow: its gates guard match games now
    await bot.add_cog(LcgCog(bot))
    await bot.add_cog(RatsCog(bot, rats))
    await bot.add_cog(CampaignCog(bot))
    if bot.scheduler is not None:  # the tournament clocks: the same downtime as the turns, charged to no one
        bot.after_start.append(ClockTimers(rats, bot.scheduler).start)
