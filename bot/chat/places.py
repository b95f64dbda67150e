"""Which game a command is about: the one named (game:<number>), else the game whose thread this is, even once
it is over, as when named: `/game status` and `/game log` still show it, and a verb that would change it refuses
with its own words ("That choice is no longer open: game 3 is over.") rather than finding no game here.

A game named by number is looked up within reach of the caller (bot/service/boundary.py): the server the
command was typed in, or in a DM the caller's own games. The refusal reads the same whether the game exists
elsewhere or not at all."""

from __future__ import annotations

import discord

from bot.service import Service, ServiceError, User


async def game_here(service: Service, interaction: discord.Interaction, game: int | None, user: User) -> int:
    if game is None:
        channel_id = interaction.channel_id
        found = await service.game_for_place(channel_id, ended=True) if channel_id else None
        if found is None:
            raise ServiceError("There is no game in this channel: give the game number (game:<number>).")
        game = int(found)
    await service.ref(game, user)  # raises NoSuchGame out of reach
    return game
