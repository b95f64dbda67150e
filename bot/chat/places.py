"""Which game a command is about: the one named (game:<number>), else the game whose thread this is."""

from __future__ import annotations

import discord

from bot.service import Service, ServiceError


async def game_here(service: Service, interaction: discord.Interaction, game: int | None) -> int:
    if game is not None:
        return game
    channel_id = interaction.channel_id
    found = await service.game_for_place(channel_id) if channel_id else None
    if found is None:
        raise ServiceError("There is no game in this channel: give the game number (game:<number>).")
    return int(found)
