"""`/wotr`: War of the Ring: The Card Game's own verbs (act from one's own options, adjust for unscripted
text) and its reference (card facts, scenarios, the cards resolved by adjustment). Every move is a text
command through `service.act`, exactly as typed in `/game act`. Hands go to each person by DM (the service's
private views); team talk stays in the game's thread, as the rules require (L137-138)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.chat import io
from bot.chat.components import reply_done
from bot.chat.game_verbs import MAX_CHOICES, MAX_TEXT, GameVerbs, choice
from bot.content.wotr.reference import card_facts, find_cards, scenario_lines, unscripted_text
from engines.core import CommandError
from engines.wotr import GAME
from engines.wotr.cards import fold
from engines.wotr.game import VERBS

if TYPE_CHECKING:
    from bot.chat.host import Host

ADJUST_HELP = (
    "corruption +1 | token <location> atk|def +1 | draw <deck> <n> | cycle <deck> <card> | eliminate <deck> <card> | "
    "recover <deck> <card> [hand|reserve|deck] | open <faction or card> | activate <location> | "
    "reactivate <battleground>. Your own cards while the game waits on you: done at once; anything else "
    "(corruption, tokens, locations, another deck's cards, out of turn) asks the other side to agree"
)


class WotrCog(GameVerbs):
    wotr = app_commands.Group(name="wotr", description="War of the Ring: The Card Game")
    game = GAME

    # --- play ----------------------------------------------------------------------------------
    @wotr.command(name="act", description="Take one of your options: play, move, cycle, winnow, Ring, pass...")
    @app_commands.describe(option="Your option (a card name, 'pass'...); a play and its cost: '<play> then <card>'")
    async def act(self, interaction: discord.Interaction, option: str, game: int | None = None) -> None:
        await io.defer(interaction, ephemeral=True)
        game_id, result = await self.take(interaction, game, option)
        await reply_done(self.bot, interaction, game_id, result)

    @act.autocomplete("option")
    async def _options(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The caller's own open options, from the caller's own view only (so never another's hand)."""
        return await self.my_options(interaction, current)

    @wotr.command(name="adjust", description="Resolve unscripted card text by hand (shared changes need consent)")
    @app_commands.describe(command="e.g. 'corruption +1', 'token c40 def +1', 'draw frodo 2'; 'help' lists them")
    async def adjust(self, interaction: discord.Interaction, command: str, game: int | None = None) -> None:
        text = command.strip()
        if text.lower() in ("", "help"):
            await io.reply(interaction, f"Adjustments: `{ADJUST_HELP}`", ephemeral=True)
            return
        if text.split()[0].lower() not in VERBS:
            raise CommandError(f"'{text.split()[0]}' is not an adjustment. Adjustments: {ADJUST_HELP}.")
        await io.defer(interaction, ephemeral=True)
        game_id = await self.game_id(interaction, game)
        result = await self.act_text(interaction, game_id, text)
        await reply_done(self.bot, interaction, game_id, result)

    # --- reference -------------------------------------------------------------------------------
    @wotr.command(name="card", description="Look up a card: icons, faction, paths, wielders, victory points")
    @app_commands.describe(name="The card's name")
    async def card(self, interaction: discord.Interaction, name: str) -> None:
        text = "\n".join(card_facts(c) for c in find_cards(name))
        await io.reply(interaction, text[:MAX_TEXT], ephemeral=True)

    @card.autocomplete("name")
    async def _card_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        wanted = fold(current)
        names = sorted({c.name for c in GAME.cards.values() if wanted in fold(c.name)}, key=fold)
        return [choice(n, n) for n in names[:MAX_CHOICES]]

    @wotr.command(name="scenarios", description="The four scenarios, their decks and how many play them")
    async def scenarios(self, interaction: discord.Interaction) -> None:
        await io.reply(interaction, "\n".join(scenario_lines())[:MAX_TEXT], ephemeral=True)

    @wotr.command(name="unscripted", description="The cards whose text you resolve with /wotr adjust")
    async def unscripted(self, interaction: discord.Interaction) -> None:
        await io.reply(interaction, unscripted_text()[:MAX_TEXT], ephemeral=True)


async def setup(bot: Host) -> None:
    """War of the Ring's plug-in (bot/games/wotr.py)."""
    await bot.add_cog(WotrCog(bot))
