"""Which renderer draws which game. A game with its own board registers it; every other game gets the
generic renderer, so a new engine can be played (and tested end to end) before anyone draws for it."""

from __future__ import annotations

from collections.abc import Callable

from engines.core.contract import View
from render.generic import render_view

Renderer = Callable[[View], bytes]

# One process-wide table, filled at import time by the game renderer modules (`register("lcg", ...)`).
# Read-only once the bot runs; tests that add to it patch it (monkeypatch.setitem) rather than mutate it.
RENDERERS: dict[str, Renderer] = {}


def register(game_name: str, fn: Renderer) -> None:
    """Make `fn` the renderer for `game_name`. Registering a different renderer twice is an error: two
    modules claiming one game is a wiring mistake that would otherwise depend on import order."""
    current = RENDERERS.get(game_name)
    if current is not None and current is not fn:
        raise ValueError(f"Game {game_name!r} already has a renderer: {current.__module__}.{current.__qualname__}.")
    RENDERERS[game_name] = fn


def renderer_for(game_name: str) -> Renderer:
    return RENDERERS.get(game_name, render_view)


def render(view: View) -> bytes:
    """The board for `view` as PNG bytes, drawn by its game's renderer."""
    return renderer_for(view.game)(view)
