"""Which renderer draws which game. A game with its own board registers it; every other game gets the
generic renderer, so a new engine can be played (and tested end to end) before anyone draws for it."""

from __future__ import annotations

import importlib
from collections.abc import Callable

from engines.core.contract import View
from render.generic import render_view

Renderer = Callable[[View], bytes]

# One process-wide table, filled at import time by the game renderer modules (`register("lcg", ...)`).
# Read-only once the bot runs; tests that add to it patch it (monkeypatch.setitem) rather than mutate it.
RENDERERS: dict[str, Renderer] = {}

# Games whose module `render.<game>` has been looked for: each is imported at most once, on first use.
_LOOKED_UP: set[str] = set()


def register(game_name: str, fn: Renderer) -> None:
    """Make `fn` the renderer for `game_name`. Registering a different renderer twice is an error: two
    modules claiming one game is a wiring mistake that would otherwise depend on import order."""
    current = RENDERERS.get(game_name)
    if current is not None and current is not fn:
        raise ValueError(f"Game {game_name!r} already has a renderer: {current.__module__}.{current.__qualname__}.")
    RENDERERS[game_name] = fn


def _load(game_name: str) -> None:
    """Import `render.<game_name>` once, if there is one: importing a game's renderer registers it, so the
    bot never has to import each game's module by hand. A missing module means the game has none; a module
    that exists but fails to import (a missing dependency of its own) is a bug and raises."""
    if game_name in _LOOKED_UP or not game_name.isidentifier():
        return
    module = f"{__package__}.{game_name}"
    try:
        importlib.import_module(module)
    except ModuleNotFoundError as e:
        if e.name != module:
            raise
    _LOOKED_UP.add(game_name)


def renderer_for(game_name: str) -> Renderer:
    if game_name not in RENDERERS:
        _load(game_name)
    return RENDERERS.get(game_name, render_view)


def render(view: View) -> bytes:
    """The board for `view` as PNG bytes, drawn by its game's renderer."""
    return renderer_for(view.game)(view)
