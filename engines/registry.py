"""The games Westmarch knows, by name. Engines register themselves; the bot looks them up here."""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from engines.core.contract import Game

_GAMES: dict[str, Game[Any]] = {}


def _shipped() -> tuple[str, ...]:
    """Every package of `engines` (a game exposes `GAME`; the kernel and the clocks do not): a new game is
    found by being there, with no list to edit."""
    root = importlib.import_module("engines")
    return tuple(f"engines.{m.name}" for m in sorted(pkgutil.iter_modules(root.__path__), key=lambda m: m.name)
                 if m.ispkg)


BUILTIN = _shipped()


def register(game: Game[Any]) -> Game[Any]:
    _GAMES[game.name] = game
    return game


def get(name: str) -> Game[Any]:
    try:
        return _GAMES[name]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none installed"
        raise KeyError(f"Unknown game '{name}'. Known games: {known}.") from None


def names() -> list[str]:
    return sorted(_GAMES)


def load(modules: tuple[str, ...] | list[str] = BUILTIN) -> list[str]:
    """Import game modules and register their `GAME`. Returns the names registered."""
    loaded = []
    for module_name in modules:
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name is not None and module_name.startswith(exc.name):
                continue  # that game is not part of this build
            raise
        game = getattr(module, "GAME", None)
        if game is not None:
            register(game)
            loaded.append(game.name)
    return loaded
