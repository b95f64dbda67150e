"""A game in play as the service keeps it in memory between its commands (the state cache's entry)."""

from __future__ import annotations

from typing import Any, NamedTuple

from bot.service.views import Views
from bot.store.models import GameRow, SeatRow


class Live(NamedTuple):
    """A game in play, kept in memory between its commands (the state cache's entry): the state at the row's
    `version`, and, while nothing but this process's commands has written the game since it was read, the
    game row and its seats (detached copies), so a command reads nothing from the database. Every write to a
    game's row or seats moves its version, so a stale entry is caught by the version guard of the next commit
    (bot/service/core.py `Core.commit_version`), and the command is tried again from the database."""

    version: int
    state: Any
    row: GameRow | None = None
    seats: list[SeatRow] | None = None
    views: Views | None = None  # the views of `state` (each built when first read), once a notice has made them


def current(live: Live) -> bool:
    """The entry holds the state at its row's version (so at the row's journal seq), row and all."""
    return live.row is not None and live.state is not None and live.version == live.row.version
