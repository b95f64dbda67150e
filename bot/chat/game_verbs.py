"""What every game's own command group (`/wotr`, `/tcg`, `/meq`) does the same way: find the game the command is
about and check it is that game, take an option the caller typed or picked (its label or its id) as the answer
to the caller's open decision that offers it, and offer the caller's own open options as they type (from the
caller's own view only, so never another seat's hand).

A cog subclasses `GameVerbs`, sets `game` to its engine, and keeps only its decorated commands, which
discord.py reads from the subclass's own `app_commands.Group`."""

from __future__ import annotations

import re
import unicodedata
from typing import TYPE_CHECKING, Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.chat.places import game_here
from bot.service import ActResult, Service, ServiceError
from engines.core import CommandError, DecisionKind, View, WestmarchError

if TYPE_CHECKING:
    from bot.chat.host import Host

MAX_CHOICES = 25  # Discord's limit for autocomplete
MAX_TEXT = 1900  # under Discord's 2,000 characters a message
PICKED = (DecisionKind.CHOOSE_ONE, DecisionKind.ACT_OR_PASS)  # the kinds answered by one option


def choice(name: str, value: str) -> app_commands.Choice[str]:
    return app_commands.Choice(name=name[:100], value=value[:100])


def fold(text: str) -> str:
    """Case, accents, dashes and spacing aside: how typed names are compared ("eowyn" finds Éowyn)."""
    bare = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return " ".join(bare.lower().replace("’", "'").replace("-", " ").split())


def answer_for(view: View, text: str) -> str:
    """A typed option (its label or id) as the answer to the caller's open decision that offers it. What
    follows a `then` (a chained answer: a play and the card it cycles to pay) is kept as typed, since the
    question it answers is not asked yet."""
    first, *rest = re.split(r"\s+then\s+", text.strip(), flags=re.IGNORECASE)
    if rest:
        return " then ".join([answer_for(view, first), *rest])
    wanted = fold(text)
    for d in view.decisions:
        for o in d.options:
            if o.id.lower() == text.lower() or fold(o.label) == wanted:
                return f"answer {d.id} {o.id}"
    raise CommandError(f"'{text}' is not one of your open options; pick one from the list as you type.")


def option_choices(view: View, current: str) -> list[app_commands.Choice[str]]:
    wanted = fold(current)
    found = [choice(o.label, f"answer {d.id} {o.id}") for d in view.decisions if d.kind in PICKED
             for o in d.options if wanted in fold(o.label) or wanted in o.id.lower()]
    return found[:MAX_CHOICES]


class GameVerbs(commands.Cog):
    game: ClassVar[Any]  # the engine (`GAME`) whose games this cog's commands are for

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @property
    def service(self) -> Service:
        return self.bot.service

    async def game_id(self, interaction: discord.Interaction, game: int | None) -> int:
        """The game named (or this thread's), refused unless it is one of this cog's game."""
        game_id = await game_here(self.service, interaction, game, self.bot.user_of(interaction))
        ref = await self.service.ref(game_id)
        if ref.game != self.game.name:
            raise ServiceError(f"Game {game_id} is {ref.title}; /{self.game.name} commands are for "
                               f"{self.game.title} games.")
        return game_id

    async def act_text(self, interaction: discord.Interaction, game_id: int, command: str) -> ActResult:
        text = self.game.format(self.game.parse(command))  # the engine's own message for a malformed command
        return await self.service.act(game_id, self.bot.user_of(interaction), text, at=interaction.created_at)

    async def take(self, interaction: discord.Interaction, game: int | None, option: str) -> tuple[int, ActResult]:
        """Answer with one of the caller's open options, typed as `answer N id`, its label or its id."""
        game_id = await self.game_id(interaction, game)
        text = option.strip()
        if not text.lower().startswith("answer "):
            _, view = await self.service.view(game_id, self.bot.user_of(interaction))
            text = answer_for(view, text)
        return game_id, await self.act_text(interaction, game_id, text)

    async def my_view(self, interaction: discord.Interaction) -> View | None:
        """The caller's own view of the game this command is about, if they sit in it; else None."""
        try:
            named = getattr(interaction.namespace, "game", None)
            game_id = await game_here(self.service, interaction, named, self.bot.user_of(interaction))
            _, view = await self.service.view(game_id, self.bot.user_of(interaction))
        except WestmarchError:
            return None
        return view if view.game == self.game.name and view.seat is not None else None

    async def my_options(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        view = await self.my_view(interaction)
        return [] if view is None else option_choices(view, current)
