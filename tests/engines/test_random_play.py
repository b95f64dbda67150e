"""The generic random-play property test, run against every shipped engine and the kernel's test game.

WESTMARCH_RANDOM_GAMES sets how many games each engine plays (CI's long run uses thousands)."""

from __future__ import annotations

import os

import pytest

from engines import registry
from tests.engines.randomplay import play_random_game
from tests.games.tally import GAME as TALLY

registry.load()
ENGINES = [TALLY, *(registry.get(n) for n in registry.names() if n != TALLY.name)]
GAMES = int(os.environ.get("WESTMARCH_RANDOM_GAMES", "12"))
# Each engine's games cycle through these option sets, so every scenario and variant is played at random.
VARIANTS: dict[str, list[dict[str, object]]] = {
    "lcg": [
        {},
        {"scenario": "journey-down-the-anduin", "windows": "all"},
        {"scenario": "escape-from-dol-guldur", "difficulty": "easy"},
        {"difficulty": "nightmare", "basic": True},
        {"expert": True, "windows": "none"},
    ],
}


@pytest.mark.parametrize("game", ENGINES, ids=lambda g: g.name)
def test_random_games_end_cleanly_and_keep_secrets(game) -> None:
    """No crash, no dead end, every game ends, JSON round trip, replay, no hidden card in another's view."""
    for seed in range(GAMES):
        seats = game.min_seats + seed % (game.max_seats - game.min_seats + 1)
        variants = VARIANTS.get(game.name, [{}])
        state, journal = play_random_game(game, seats, seed, max_steps=20_000, options=variants[seed % len(variants)])
        assert game.outcome(state) is not None
        assert journal
