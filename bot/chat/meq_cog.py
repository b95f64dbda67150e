"""`/meq`: Middle-earth Quest's own verbs (act from one's own options, adjust for unscripted text), a game on a
map file of one's own (`/meq new map:<file>`), the map check, and the reference (card facts, with the words the
bot's owner imported from their own copy; a location and its paths). Every move is a text command through
`service.act`, exactly as typed in `/game act`. Hands, Sauron's token faces and the missions go to their owners
by DM (the service's private views, drawn by render/meq.py).

A map file cannot travel inside `/game new`'s `options` string, so `/meq new` takes it as an attachment, reads
its text here and hands it to the service as the `map` option (`preset`), where the engine validates it; a
built-in map still works as `/game new name:meq options:map=base`."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot import safe_text
from bot.chat import io
from bot.chat.components import reply_done
from bot.chat.game_verbs import MAX_CHOICES, MAX_TEXT, GameVerbs, choice, fold
from bot.chat.tables import PACE_HELP, open_table, pace_of
from bot.content.meq.lookup import location_facts, lookup, lookup_seen
from engines.core import CommandError
from engines.meq import GAME
from engines.meq import board as mb
from engines.meq.cards import index
from engines.meq.game import SHAPES

if TYPE_CHECKING:
    from bot.chat.host import Host

MAX_MAP_BYTES = 200_000  # a map file is a few kilobytes; anything far larger is not one
ADJUST_HELP = (
    "favor <hero> +N | influence <location> +N | pool +N | marker <hero|yellow|red|black> +N | damage <hero> N | "
    "corruption <hero> +1 | level <hero> <attribute> | item <hero> <item> | train <hero> | quest <hero> <quest> | "
    "move <hero> <location> | character <character> <location|off>"
)




def map_report(text: str) -> str:
    """What `python -m bot.content.meq map check` says of a map file."""
    board = mb.parse(text, require_connected=False)
    lines = [f"Map '{board.key}' ({board.title}), format version {board.version}", *mb.check(board).lines()]
    return "\n".join(lines)


async def read_map(file: discord.Attachment) -> str:
    if file.size > MAX_MAP_BYTES:
        raise CommandError(f"{file.filename} is {file.size:,} bytes; a map file is a few kilobytes.")
    try:
        return (await file.read()).decode("utf-8")
    except UnicodeDecodeError:
        raise CommandError(f"{file.filename} is not a UTF-8 text file.") from None


class MeqCog(GameVerbs):
    meq = app_commands.Group(name="meq", description="Middle-earth Quest")
    game = GAME

    # --- a game on one's own map -------------------------------------------------------------------
    @meq.command(name="new", description="Create a Middle-earth Quest game on a map file of your own")
    @app_commands.describe(map="A map file (docs/meq-map.md)", options="Other options as key=value, space separated",
                           **PACE_HELP)
    @app_commands.guild_only()
    async def new(
        self,
        interaction: discord.Interaction,
        map: discord.Attachment,
        options: str = "",
        reminder_hours: app_commands.Range[int, 1, 720] = 24,
        repeat_hours: app_commands.Range[int, 1, 720] = 24,
        deadline_days: app_commands.Range[int, 0, 60] = 0,
    ) -> None:
        text = await read_map(map)
        map_report(text)  # a clear error naming the line at fault, before any game exists
        await open_table(self.bot, interaction, GAME.name, options,
                         pace_of(reminder_hours, repeat_hours, deadline_days), preset={"map": text},
                         on=f"on the map {safe_text.name(map.filename)}")

    @meq.command(name="mapcheck", description="Check a map file: components, lone locations, unverified paths")
    async def mapcheck(self, interaction: discord.Interaction, map: discord.Attachment) -> None:
        report = map_report(await read_map(map))
        await io.reply(interaction, io.clip(report, MAX_TEXT), ephemeral=True)

    # --- play ----------------------------------------------------------------------------------------
    @meq.command(name="act", description="Take one of your options: travel, rest, commit a card, place, pass...")
    @app_commands.describe(option="One of your open options (start typing)")
    async def act(self, interaction: discord.Interaction, option: str, game: int | None = None) -> None:
        await io.defer(interaction, ephemeral=True)
        game_id, result = await self.take(interaction, game, option)
        await reply_done(self.bot, interaction, game_id, result)

    @act.autocomplete("option")
    async def _options(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The caller's own open options, from the caller's own view only (never another seat's secrets)."""
        return await self.my_options(interaction, current)

    @meq.command(name="adjust", description="Resolve unscripted card text by hand (announced to the table)")
    @app_commands.describe(command="e.g. 'favor argalad +1', 'influence bree +1'; 'help' lists them")
    async def adjust(self, interaction: discord.Interaction, command: str, game: int | None = None) -> None:
        text = command.strip().removeprefix("adjust ").strip()
        if text.lower() in ("", "help"):
            await io.reply(interaction, f"Adjustments: `{ADJUST_HELP}`", ephemeral=True)
            return
        if text.split()[0].lower() not in SHAPES:
            raise CommandError(f"'{text.split()[0]}' is not an adjustment. Adjustments: {ADJUST_HELP}.")
        await io.defer(interaction, ephemeral=True)
        game_id = await self.game_id(interaction, game)
        result = await self.act_text(interaction, game_id, f"adjust {text}")
        await reply_done(self.bot, interaction, game_id, result)

    # --- reference -------------------------------------------------------------------------------------
    @meq.command(name="card", description="Look up a card, hero, monster, item or quest: its numbers (and your words)")
    async def card(self, interaction: discord.Interaction, name: str) -> None:
        found = lookup(name)  # the words only where the bot's owner imported them (python -m bot.content.meq words)
        if not found:  # an id shown in a prompt ('c23'), as the caller's own view of this thread's game shows it
            found = lookup_seen(name, await self.my_view(interaction))
        if not found:
            raise CommandError(f"Nothing is called '{name.strip()}'.")
        await io.reply(interaction, io.clip("\n".join(found[:5]), MAX_TEXT), ephemeral=True)

    @card.autocomplete("name")
    async def _card_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        idx = index()
        wanted = fold(current)
        tables = (idx.heroes, idx.combat, idx.foes, idx.items, idx.characters, idx.quests, idx.plots, idx.events)
        names = sorted({c.name for t in tables for c in t.values() if wanted in fold(c.name)}, key=fold)
        return [choice(n, n) for n in names[:MAX_CHOICES]]

    @meq.command(name="location", description="A location of the base map: region, kind and its paths")
    async def location(self, interaction: discord.Interaction, name: str) -> None:
        await io.reply(interaction, io.clip(location_facts(mb.builtin("base"), name), MAX_TEXT), ephemeral=True)

    @location.autocomplete("name")
    async def _location_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        wanted = fold(current)
        board = mb.builtin("base")
        return [choice(x.name, x.id) for x in board.locations if wanted in fold(x.name)][:MAX_CHOICES]


async def setup(bot: Host) -> None:
    """Middle-earth Quest's plug-in (bot/games/meq.py)."""
    await bot.add_cog(MeqCog(bot))
