"""Where a game's next board goes: a post of its own, or into the board the thread shows already.

DESIGN.md asks for one board image per meaningful change, edited rather than spammed. A board used to go with
nearly every post: a WotR Duel posted one with 227 of its 230 thread posts, and players scrolled past a tall image
for every line of the log. Now a board is posted anew when the turn passes (someone is up who was not after the
thread's post before: the next player, or a new phase that asks everyone again), when the last board has scrolled
away (`FRESH_AFTER` posts since it), and when the game ends. Otherwise, while the same players make their several
moves, the board above is edited in place and their lines are posted without one: the thread's newest board always
shows the table as it is, and a player handed the turn finds it in the post that says so.

Kept in memory only, for at most `KEPT` games: after a restart a game's first board is a post of its own."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Collection
from dataclasses import dataclass

import discord

from engines.core.zones import Seat

FRESH_AFTER = 3  # posts to the thread since its board, after which the next board is posted anew
KEPT = 1024  # games whose last board is remembered (the busiest lately)


@dataclass
class Shown:
    """A game's thread: its last board's message, how many posts went there since, and whom the game waited on
    after the thread's latest post."""

    message: discord.Message | None = None
    posts: int = 0
    up: frozenset[Seat] = frozenset()


class BoardPosts:
    def __init__(self, fresh_after: int | None = None) -> None:
        """`fresh_after`: posts to a thread since its board after which the next is posted anew (0: always;
        None: `FRESH_AFTER`)."""
        self.fresh_after = fresh_after
        self._games: OrderedDict[int, Shown] = OrderedDict()

    def to_edit(self, game_id: int, waiting: Collection[Seat], over: bool) -> discord.Message | None:
        """The board message the game's next board should go into, or None for a post of its own."""
        shown = self._games.get(game_id)
        limit = FRESH_AFTER if self.fresh_after is None else self.fresh_after
        if shown is None or over or shown.posts >= limit or not frozenset(waiting) <= shown.up:
            return None
        return shown.message

    def told(self, game_id: int, waiting: Collection[Seat], message: discord.Message | None, board: bool,
             over: bool) -> None:
        """A notice went to the game's thread: whom the game now waits on, the post it made (None: none, or it
        failed), and whether that post carries a board of its own."""
        if over:
            self._games.pop(game_id, None)
            return
        shown = self._games.get(game_id)
        if shown is None:
            shown = self._games[game_id] = Shown()
            while len(self._games) > KEPT:
                self._games.popitem(last=False)
        self._games.move_to_end(game_id)
        shown.up = frozenset(waiting)
        if board and message is not None:
            shown.message, shown.posts = message, 0
        elif message is not None:
            shown.posts += 1

    def forget(self, game_id: int, message: discord.Message) -> None:
        """The board message could not be edited (deleted, say): the next board is a post of its own."""
        shown = self._games.get(game_id)
        if shown is not None and shown.message is not None and shown.message.id == message.id:
            shown.message = None
