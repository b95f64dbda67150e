"""The console session as a game's own console verbs see it (bot/plugins.py, `Plugin.console`): the verbs
depend on this module, never on the session, which finds them through the registry."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Protocol

from bot.service import Service, User


class ConsoleHost(Protocol):
    service: Service
    out: Callable[[str], None]
    game_id: int | None  # the game open now

    def user(self) -> User:
        """The console player acting now."""
        ...

    async def open_game(self, game_id: int) -> None:
        """Switch to a game the verb made (a campaign's scenario), acting as player 1."""
        ...


def console_user(number: int) -> User:
    """Console users are numbered 1..N; the console is the local operator (bot/service/boundary.py)."""
    return User(id=number, name=f"Player {number}")


@dataclass
class Verb:
    """A console verb a game adds: `name args...` calls `handle(args)`; `resume` runs when the session starts
    (a campaign in play is reopened); `help` is its line in the session's help. A verb that shares its name with
    a game command (the LCG's 'deck import ...' beside the game's 'deck <key>') says by `takes` which lines are
    its own; the others go to the game."""

    name: str
    help: str
    handle: Callable[[list[str]], Awaitable[None]]  # given the words after the verb
    resume: Callable[[], Awaitable[None]] | None = field(default=None)
    takes: Callable[[list[str]], bool] | None = field(default=None)  # given the same words; None: every line
