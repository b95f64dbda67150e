"""A refused command, button, menu or form as its player reads it: the refusal's sentence with the game's seats
named by their players (bot/chat/players.py `refused`), as everything else the bot shows of a game names them.

The engines and the service refuse in seats, and keep doing so: the console shows their words as they are. The
bot finds the game the refusal is about (the one a button was posted for; for a slash command about a game, one
with a `game` option, the one named or this thread's, as the command itself found it: bot/chat/places.py) and its
seats. A command about something else (a campaign, whose seats are its own; a deck; a new game) refuses in its own
words, and so does a command whose game is not found or is out of the caller's reach: a refusal naming no seat
reads the same either way. A reply of the service's that is no refusal but speaks of seats (`/game undo` asked
again: "waiting for p2 to agree") is named the same way (`in_names`)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.chat.host import Host
from bot.chat.places import game_here
from bot.chat.players import names_of, refused
from engines.core import WestmarchError
from engines.core.zones import Seat
from render.players import in_words


async def refusal(host: Host, interaction: discord.Interaction, error: WestmarchError,
                  game_id: int | None = None) -> str:
    """`error`'s sentence naming the seats of game `game_id`, or (None) of the game the command is about."""
    if game_id is None and not _about_a_game(interaction):
        return error.message
    names = await _names(host, interaction, game_id)
    return error.message if names is None else refused(error, names)


async def in_names(host: Host, interaction: discord.Interaction, game_id: int, text: str) -> str:
    """A reply of the service's about game `game_id`, in its seats ("waiting for p2 to agree"), naming them."""
    names = await _names(host, interaction, game_id)
    return text if names is None else in_words(text, names)


async def _names(host: Host, interaction: discord.Interaction, game_id: int | None) -> dict[Seat, str] | None:
    """The players of game `game_id`, or (None) of the game the command is about; None where there is no such
    game, or none within the caller's reach."""
    user = host.user_of(interaction)
    try:
        if game_id is None:
            named = getattr(interaction.namespace, "game", None)
            game_id = await game_here(host.service, interaction, named if isinstance(named, int) else None, user)
        return names_of(await host.service.seats(game_id, user))
    except WestmarchError:
        return None


def _about_a_game(interaction: discord.Interaction) -> bool:
    """Whether the slash command is about one game (it takes the `game` option), and so refuses in its seats."""
    command = interaction.command
    return isinstance(command, app_commands.Command) and any(p.name == "game" for p in command.parameters)
