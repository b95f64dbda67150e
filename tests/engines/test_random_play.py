"""The generic random-play property test, run against every registered engine and the kernel's test game."""

from __future__ import annotations

import pytest

from engines import registry
from tests.engines.randomplay import play_random_game
from tests.games.tally import GAME as TALLY

ENGINES = [TALLY, *(registry.get(n) for n in registry.names())]


@pytest.mark.parametrize("game", ENGINES, ids=lambda g: g.name)
def test_random_games_end_cleanly_and_keep_secrets(game) -> None:
    for seed in range(60):
        seats = game.min_seats + seed % (game.max_seats - game.min_seats + 1)
        state, journal = play_random_game(game, seats, seed)
        assert game.outcome(state) is not None
        assert journal
