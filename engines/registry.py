"""The games Westmarch knows, by name. Engines register themselves; the bot looks them up here."""

from __future__ import annotations

import importlib
from typing import Any

from engines.core.contract import Game

_GAMES: dict[str, Game[Any]] = {}

# Packages that hold a shipped game; each exposes `GAME`. Missing ones are simply not installed yet.
BUILTIN = ("engines.lcg", "engines.tcg", "engines.wotr", "engines.meq")


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
