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
from discord.ext import commands

from bot import safe_text
from bot.chat import io
from bot.chat.places import game_here
from bot.chat.tables import PACE_HELP, open_table, pace_of
from bot.content.meq.lookup import lookup
from bot.service import ActResult, Service, ServiceError
from engines.core import CommandError, DecisionKind, View, WestmarchError
from engines.meq import GAME
from engines.meq import board as mb
from engines.meq.cards import index
from engines.meq.game import SHAPES

if TYPE_CHECKING:
    from bot.chat.host import Host

MAX_CHOICES = 25  # Discord's limit for autocomplete
MAX_TEXT = 1900  # under Discord's 2,000 characters a message
MAX_MAP_BYTES = 200_000  # a map file is a few kilobytes; anything far larger is not one
ADJUST_HELP = (
    "favor <hero> +N | influence <location> +N | pool +N | marker <hero|yellow|red|black> +N | damage <hero> N | "
    "corruption <hero> +1 | level <hero> <attribute> | item <hero> <item> | train <hero> | quest <hero> <quest> | "
    "move <hero> <location> | character <character> <location|off>"
)


def _choice(name: str, value: str) -> app_commands.Choice[str]:
    return app_commands.Choice(name=name[:100], value=value[:100])


def fold(text: str) -> str:
    return " ".join(text.lower().split())


def location_facts(board: mb.Board, name: str) -> str:
    wanted = fold(name)
    loc = next((x for x in board.locations if x.id == name.strip() or fold(x.name) == wanted), None) or \
        next((x for x in board.locations if wanted and wanted in fold(x.name)), None)
    if loc is None:
        raise CommandError(f"No location is called '{name.strip()}' on the map {board.key}.")
    kind = ["Haven"] if loc.haven else []
    kind += [f"Shadow Stronghold (holds up to {loc.stronghold})"] if loc.stronghold else []
    kind += ["permanently perilous"] if loc.perilous else []
    paths = [f"{board.name(p.other(loc.id))} ({p.icon}, cost {p.cost}, {p.kind}"
             + ("" if p.verified else ", unverified") + ")" for p in board.paths_from(loc.id)]
    return (f"**{loc.name}** (`{loc.id}`), {board.region(loc.region).name}, colour group "
            f"{board.group_of(loc.id)}{'; ' + ', '.join(kind) if kind else ''}. Paths: {'; '.join(paths) or 'none'}.")


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


class MeqCog(commands.Cog):
    meq = app_commands.Group(name="meq", description="Middle-earth Quest")

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @property
    def service(self) -> Service:
        return self.bot.service

    async def _meq_game(self, interaction: discord.Interaction, game: int | None) -> int:
        game_id = await game_here(self.service, interaction, game, self.bot.user_of(interaction))
        ref = await self.service.ref(game_id)
        if ref.game != GAME.name:
            raise ServiceError(f"Game {game_id} is {ref.title}; /meq commands are for {GAME.title} games.")
        return game_id

    async def _act(self, interaction: discord.Interaction, game_id: int, command: str) -> ActResult:
        text = GAME.format(GAME.parse(command))
        return await self.service.act(game_id, self.bot.user_of(interaction), text, at=interaction.created_at)

    async def _my_view(self, interaction: discord.Interaction) -> View | None:
        try:
            named = getattr(interaction.namespace, "game", None)
            game_id = await game_here(self.service, interaction, named, self.bot.user_of(interaction))
            _, view = await self.service.view(game_id, self.bot.user_of(interaction))
        except WestmarchError:
            return None
        return view if view.game == GAME.name and view.seat is not None else None

    @staticmethod
    def _done(result: ActResult) -> str:
        return "\n".join([f"Done: `{result.command}`", *result.lines])

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
        game_id = await self._meq_game(interaction, game)
        text = option.strip()
        if not text.lower().startswith("answer "):
            _, view = await self.service.view(game_id, self.bot.user_of(interaction))
            text = _answer_for(view, text)
        result = await self._act(interaction, game_id, text)
        await io.reply(interaction, self._done(result), ephemeral=True)

    @act.autocomplete("option")
    async def _options(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The caller's own open options, from the caller's own view only (never another seat's secrets)."""
        view = await self._my_view(interaction)
        if view is None:
            return []
        wanted = fold(current)
        found = []
        for d in view.decisions:
            if d.kind not in (DecisionKind.CHOOSE_ONE, DecisionKind.ACT_OR_PASS):
                continue
            for o in d.options:
                if wanted in fold(o.label) or wanted in o.id.lower():
                    found.append(_choice(o.label, f"answer {d.id} {o.id}"))
        return found[:MAX_CHOICES]

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
        result = await self._act(interaction, await self._meq_game(interaction, game), f"adjust {text}")
        await io.reply(interaction, self._done(result), ephemeral=True)

    # --- reference -------------------------------------------------------------------------------------
    @meq.command(name="card", description="Look up a card, hero, monster, item or quest: its numbers (and your words)")
    async def card(self, interaction: discord.Interaction, name: str) -> None:
        found = lookup(name)  # the words only where the bot's owner imported them (python -m bot.content.meq words)
        if not found:
            raise CommandError(f"Nothing is called '{name.strip()}'.")
        await io.reply(interaction, io.clip("\n".join(found[:5]), MAX_TEXT), ephemeral=True)

    @card.autocomplete("name")
    async def _card_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        idx = index()
        wanted = fold(current)
        tables = (idx.heroes, idx.combat, idx.foes, idx.items, idx.characters, idx.quests, idx.plots, idx.events)
        names = sorted({c.name for t in tables for c in t.values() if wanted in fold(c.name)}, key=fold)
        return [_choice(n, n) for n in names[:MAX_CHOICES]]

    @meq.command(name="location", description="A location of the base map: region, kind and its paths")
    async def location(self, interaction: discord.Interaction, name: str) -> None:
        await io.reply(interaction, io.clip(location_facts(mb.builtin("base"), name), MAX_TEXT), ephemeral=True)

    @location.autocomplete("name")
    async def _location_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        wanted = fold(current)
        board = mb.builtin("base")
        return [_choice(x.name, x.id) for x in board.locations if wanted in fold(x.name)][:MAX_CHOICES]


def _answer_for(view: View, text: str) -> str:
    """A typed option (its label or id) as the answer to the caller's open decision that offers it."""
    wanted = fold(text)
    for d in view.decisions:
        for o in d.options:
            if o.id.lower() == text.lower() or fold(o.label) == wanted:
                return f"answer {d.id} {o.id}"
    raise CommandError(f"'{text}' is not one of your open options; pick one from the list as you type.")


async def setup(bot: Host) -> None:
    """Middle-earth Quest's plug-in (bot/games/meq.py)."""
    await bot.add_cog(MeqCog(bot))
