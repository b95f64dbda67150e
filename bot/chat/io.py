"""Every Discord side effect goes through here (send, DM, defer, reply), so failures are handled in one
place: expected errors are logged, not raised, and a failed DM never stops a turn."""

from __future__ import annotations

import io
import logging
from typing import Any

import discord

log = logging.getLogger(__name__)

DM_CLOSED = {50007, 50278}  # cannot send messages to this user / no mutual guild
ALREADY_ACKNOWLEDGED = {40060}
UNKNOWN_INTERACTION = {10062}  # the 3-second window passed, or the token expired


def png_file(png: bytes, name: str = "board.png") -> discord.File:
    return discord.File(io.BytesIO(png), filename=name)


async def defer(interaction: discord.Interaction, *, ephemeral: bool = False) -> None:
    """Acknowledge at once (Discord allows 3 seconds); the real answer follows.

    A public defer fixes the answer as public, so commands whose answer is public first call the service
    (milliseconds), letting a refusal go out privately, and defer only before slow work (rendering)."""
    if interaction.response.is_done():
        return
    try:
        await interaction.response.defer(ephemeral=ephemeral, thinking=True)
    except discord.HTTPException as exc:
        if exc.code not in ALREADY_ACKNOWLEDGED | UNKNOWN_INTERACTION:
            raise
        log.info("defer skipped: %s", exc)


async def reply(
    interaction: discord.Interaction, content: str = "", *, ephemeral: bool = False, **kwargs: Any
) -> discord.Message | None:
    """Answer an interaction whether or not it was deferred; fall back to the channel if the
    interaction has expired, so the player still hears back."""
    content = clip(content)
    try:
        if interaction.response.is_done():
            return await interaction.followup.send(content, ephemeral=ephemeral, wait=True, **kwargs)
        await interaction.response.send_message(content, ephemeral=ephemeral, **kwargs)
        return None
    except discord.NotFound as exc:
        if exc.code not in UNKNOWN_INTERACTION or ephemeral or interaction.channel is None:
            raise
        log.info("interaction expired; answering in the channel instead")
        channel = interaction.channel
        if isinstance(channel, discord.abc.Messageable):
            return await send(channel, content, **kwargs)
        return None


async def send(target: discord.abc.Messageable, content: str = "", **kwargs: Any) -> discord.Message | None:
    try:
        return await target.send(clip(content), **kwargs)
    except discord.HTTPException as exc:
        log.warning("sending to %s failed: %s", getattr(target, "id", target), exc)
        return None


async def dm(user: discord.User | discord.Member, content: str = "", **kwargs: Any) -> bool:
    """DM a user. False when their DMs are closed to the bot (50007, 50278): expected, not an error."""
    try:
        await user.send(clip(content), **kwargs)
    except discord.Forbidden as exc:
        if exc.code in DM_CLOSED:
            log.info("DMs closed for user %s (%s)", user.id, exc.code)
        else:
            log.warning("DM to %s refused: %s", user.id, exc)
        return False
    except discord.HTTPException as exc:
        if exc.code in DM_CLOSED:
            return False
        log.warning("DM to %s failed: %s", user.id, exc)
        return False
    return True


def clip(text: str, limit: int = 2000) -> str:
    """Discord refuses messages over 2,000 characters; keep the newest lines, which matter most."""
    if len(text) <= limit:
        return text
    return "…\n" + text[-(limit - 2) :]
