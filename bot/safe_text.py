"""User-supplied words made safe to post (issue 18): names, reasons, team, deck and campaign names, imported
card names. Nothing a user types may ping a role or everyone, or dress itself up as the bot's own
formatting (a fake link, a heading, a quote), and a name is short enough to fit a line.

Applied where the words come in, so every later message, log line and export is already safe; the client
also allows only user mentions (bot/chat/client.py), so even a line that slipped through pings no crowd."""

from __future__ import annotations

import re
import unicodedata

import discord.utils

NAME_LIMIT = 32
_SPACES = re.compile(r"\s+")


def _plain(raw: str) -> str:
    """No control characters (newlines included: a name or reason stays on its line), no runs of spaces."""
    kept = "".join(ch if unicodedata.category(ch)[0] != "C" or ch == "\u200b" else " " for ch in raw)
    return _SPACES.sub(" ", kept).strip()


def _inert(text: str) -> str:
    # Markdown is escaped only where it would format (a name like bob_smith stays as typed); mentions of
    # everyone, here, roles and users get a zero-width space that keeps them from pinging.
    return discord.utils.escape_mentions(discord.utils.escape_markdown(text, as_needed=True))


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def name(raw: str, limit: int = NAME_LIMIT) -> str:
    """A person's, team's, deck's or card's name as the table will read it."""
    return _inert(clip(_plain(raw), limit)) or "?"


def words(raw: str, limit: int = 200) -> str:
    """Free text for the table (a pause reason, a campaign note)."""
    return _inert(clip(_plain(raw), limit))


_ENDS = (".", "!", "?", "…")  # a sentence already ended: "is that enemy engaged?" takes no full stop after it
_CLOSERS = "\"')]”’»*_`"  # quotes, brackets and markdown may follow the mark that ends the sentence


def ended(text: str) -> str:
    """`text` (a reason, a note) as the end of a sentence: with a full stop, unless it already ends in . ! ? or
    …, so "paused the game: is that enemy engaged?" is not followed by "." as well."""
    text = text.rstrip()
    return text if text.rstrip(_CLOSERS).endswith(_ENDS) else f"{text}."
