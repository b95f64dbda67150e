"""Every Discord side effect goes through here (send, DM, defer, reply), so failures are handled in one
place: expected errors are logged, not raised, and a failed DM never stops a turn.

Faults, and who handles each:
- 429 (rate limited): discord.py's HTTP client itself waits the `retry_after` Discord names and tries again
  (bucket by bucket, and globally), so nothing here repeats it (tests/bot/chat/test_discord_http.py shows
  it against a local HTTP server). It raises `discord.RateLimited` only if `max_ratelimit_timeout` is set,
  which Westmarch does not do.
- 5xx: discord.py retries 500, 502, 504 and 524 itself (up to 5 tries); what still fails (or a 503) is
  tried again here a bounded number of times with growing pauses (`RETRY_DELAYS`).
- An expired interaction (10062) or one already answered (40060): answered in the channel instead.
- Closed DMs (50007, 50278): expected; recorded, and the player is told where to look.
- The game's thread gone (10003) or the bot's access to it lost (50001, 50013): `post` raises `PlaceLost`, and
  the messenger pauses the game and tells the host."""

from __future__ import annotations

import asyncio
import functools
import io
import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import discord

log = logging.getLogger(__name__)

DM_CLOSED = {50007, 50278}  # cannot send messages to this user / no mutual guild
ALREADY_ACKNOWLEDGED = {40060}
UNKNOWN_INTERACTION = {10062}  # the 3-second window passed, or the token expired
PLACE_LOST = {10003, 50001, 50013}  # unknown channel / missing access / missing permissions
RETRY_DELAYS: tuple[float, ...] = (1.0, 3.0, 9.0)  # after a 5xx that discord.py did not, or could not, cure
T = TypeVar("T")


class PlaceLost(Exception):
    """The bot can no longer post where it must: the channel or thread was deleted, or it lost access."""

    def __init__(self, target: Any, error: discord.HTTPException) -> None:
        super().__init__(f"{getattr(target, 'id', target)}: {error}")
        self.error = error

    @property
    def why(self) -> str:
        if self.error.code == 10003:
            return "its thread or channel was deleted"
        return "I lost the permission to post in its thread or channel"


def lost(exc: discord.HTTPException) -> bool:
    return exc.code in PLACE_LOST


async def retrying(call: Callable[[], Awaitable[T]], what: str) -> T:
    """Run a Discord call, again after a server error (5xx), at most len(RETRY_DELAYS) more times."""
    for delay in (*RETRY_DELAYS, None):
        try:
            return await call()
        except discord.HTTPException as exc:
            if exc.status < 500 or delay is None:
                raise
            log.warning("%s: Discord answered %s; trying again in %.1f s", what, exc.status, delay)
            await asyncio.sleep(delay)
    raise AssertionError("unreachable")


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


async def show_form(interaction: discord.Interaction, modal: discord.ui.Modal) -> bool:
    """Answer an interaction with a form (a modal), which must be its first answer. The form is forgotten at once:
    what it sends is read by its custom_id (bot/chat/components.py `form_sent`). False where the interaction had
    expired or was already answered (then the player presses again)."""
    try:
        await interaction.response.send_modal(modal)
    except discord.HTTPException as exc:
        if exc.code not in ALREADY_ACKNOWLEDGED | UNKNOWN_INTERACTION:
            raise
        log.info("form not shown: %s", exc)
        return False
    finally:
        modal.stop()
    return True


async def reply(
    interaction: discord.Interaction, content: str = "", *, ephemeral: bool = False, **kwargs: Any
) -> discord.Message | None:
    """Answer an interaction whether or not it was deferred; fall back to the channel if the
    interaction has expired, so the player still hears back. Text over Discord's 2,000 characters keeps its
    newest lines (`reply_whole` keeps them all)."""
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


async def reply_whole(interaction: discord.Interaction, content: str, *, ephemeral: bool = False) -> None:
    """`reply`, with text over Discord's 2,000 characters sent as several messages split between lines (a game's
    log: a TCG game's last lines reveal every shuffle, and none of them may be cut)."""
    for piece in pieces(content):
        await reply(interaction, piece, ephemeral=ephemeral)


async def post(target: discord.abc.Messageable, content: str = "", **kwargs: Any) -> discord.Message | None:
    """Send to a game's table: retried after a server error; raises PlaceLost if the place is gone or closed
    to the bot; any other failure is logged and gives None. Text over Discord's 2,000 characters goes as several
    posts, split between lines (a game's end reveals every shuffle: none of it may be cut); the last one carries
    the image and buttons and is the one returned."""
    where = getattr(target, "id", target)
    *before, last = pieces(content)
    try:
        for piece in before:
            await retrying(functools.partial(target.send, piece), f"sending to {where}")
        return await retrying(lambda: target.send(last, **_fresh(kwargs)), f"sending to {where}")
    except discord.HTTPException as exc:
        if lost(exc):
            raise PlaceLost(target, exc) from exc
        log.warning("sending to %s failed: %s", where, exc)
        return None


async def send(target: discord.abc.Messageable, content: str = "", **kwargs: Any) -> discord.Message | None:
    """Send, retried after a server error; a failure is logged, never raised."""
    try:
        return await post(target, content, **kwargs)
    except PlaceLost as exc:
        log.warning("sending to %s failed: %s", getattr(target, "id", target), exc.error)
        return None


async def replace_image(message: discord.Message, png: bytes, name: str = "board.png") -> discord.Message | None:
    """Show `png` in `message` instead of the image it carries (its words and buttons stay), retried after a
    server error; the message as edited, or None (logged) when it cannot be: deleted, say, or the place lost."""
    try:
        return await retrying(lambda: message.edit(attachments=[png_file(png, name)]), f"editing {message.id}")
    except discord.HTTPException as exc:
        log.warning("editing the board in message %s failed: %s", message.id, exc)
        return None


def _fresh(kwargs: dict[str, Any]) -> dict[str, Any]:
    """A file is read as it is sent: a retry must send it from its start again."""
    file = kwargs.get("file")
    if isinstance(file, discord.File):
        file.reset()
    return kwargs


async def dm(user: discord.User | discord.Member, content: str = "", **kwargs: Any) -> bool:
    """DM a user. False when their DMs are closed to the bot (50007, 50278): expected, not an error."""
    try:
        await retrying(lambda: user.send(clip(content), **_fresh(kwargs)), f"DM to {user.id}")
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


def pieces(text: str, limit: int = 2000) -> list[str]:
    """`text` in posts of at most `limit` characters, each a run of whole lines (a line longer than a post is
    clipped); one post, maybe empty, when it fits."""
    if len(text) <= limit:
        return [text]
    out: list[str] = []
    for line in text.split("\n"):
        line = clip(line, limit)
        if out and len(out[-1]) + 1 + len(line) <= limit:
            out[-1] += "\n" + line
        else:
            out.append(line)
    return out


def clip(text: str, limit: int = 2000) -> str:
    """Discord refuses messages over 2,000 characters; keep the newest lines, which matter most, whole (a line
    cut at its start read as a different line); a single line longer than a message keeps its end."""
    if len(text) <= limit:
        return text
    tail = text[-(limit - 2) :]
    cut = tail.find("\n")
    return "…\n" + (tail[cut + 1 :] if 0 <= cut < len(tail) - 1 else tail)
