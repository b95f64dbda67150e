"""A game is a plug-in: one registration names everything of it that the rest of the bot must find.

Each game registers once, in its own module of `bot/games/` (`PLUGIN = Plugin(...)`): its engine, its board
renderer, its Discord commands, its console verbs and its card-coverage report, each named by module so that
nothing here (nor the client, the console or the tools that use this registry) imports a game by name. Adding
a game is adding its folders and that one module (docs/adding-a-game.md).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, kw_only=True)
class Plugin:
    name: str  # the engine's name ("lcg"), as in `/game new name:lcg`
    engine: str  # the module exposing `GAME` (engines/registry.py)
    renderer: str | None = None  # the module that registers the board renderer (render/registry.py)
    # A module with `async def setup(bot: bot.chat.host.Host) -> None`: adds the game's cogs and buttons.
    discord: str | None = None
    # A module with `def verbs(session: bot.console.host.ConsoleHost) -> list[bot.console.host.Verb]`.
    console: str | None = None
    # "module:function", a function of no argument (or `show_all: bool`) returning the coverage report.
    coverage: str | None = None
    # The module run as `python -m <content>` to import or build the game's content (packs, decks).
    content: str | None = None
    # Whether a seat's own board goes with its DM whenever its private part changes: for a game whose secrets
    # sit on the board (MEQ: the faces of the monster tokens, shown to Sauron on his private map).
    seat_board: bool = False

    def load(self, what: str) -> Any:
        """The module (or `module:attribute`) this plug-in names for `what` (discord, console, coverage...)."""
        target = getattr(self, what)
        if target is None:
            raise LookupError(f"{self.name} has no {what}.")
        module_name, _, attribute = target.partition(":")
        module = importlib.import_module(module_name)
        return getattr(module, attribute) if attribute else module


_FOUND: dict[str, Plugin] = {}


def discover(package: str = "bot.games") -> dict[str, Plugin]:
    """Every registration in `package`, by game name: each module there that defines `PLUGIN`."""
    if package == "bot.games" and _FOUND:
        return _FOUND
    found: dict[str, Plugin] = {}
    root = importlib.import_module(package)
    for info in sorted(pkgutil.iter_modules(root.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{package}.{info.name}")
        plugin = getattr(module, "PLUGIN", None)
        if isinstance(plugin, Plugin):
            if plugin.name in found:
                raise ValueError(f"Two registrations for the game {plugin.name!r}: {module.__name__} and another.")
            found[plugin.name] = plugin
    if package == "bot.games":
        _FOUND.update(found)
    return found


def all_plugins() -> list[Plugin]:
    return list(discover().values())


def get(name: str) -> Plugin:
    plugins = discover()
    if name not in plugins:
        known = ", ".join(sorted(plugins)) or "none"
        raise KeyError(f"No game '{name}' is registered. Registered: {known}.")
    return plugins[name]


def with_(what: str) -> list[Plugin]:
    """The plug-ins that provide `what` (discord, console, coverage, renderer, content)."""
    return [p for p in all_plugins() if getattr(p, what) is not None]


def coverage(name: str, show_all: bool = False) -> str:
    """`python -m bot cards coverage <game>`: the game's own report of scripted cards."""
    report: Callable[..., str] = get(name).load("coverage")
    return report(show_all=show_all)
