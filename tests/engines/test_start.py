"""`start` (engines/core/contract.py): the state `setup` makes, with what setting up said, which begins the game's
log and its start notice (bot/service/service.py)."""

from __future__ import annotations

import pytest

from engines import registry
from engines.core import Config
from engines.core.contract import OptionValue

GAMES: list[tuple[str, dict[str, OptionValue], int]] = [
    ("lcg", {}, 2), ("wotr", {"scenario": "trilogy"}, 4), ("meq", {}, 2), ("tcg", {}, 2)]


@pytest.mark.parametrize(("name", "options", "people"), GAMES)
def test_start_is_setup_and_what_it_said(name: str, options: dict[str, OptionValue], people: int) -> None:
    registry.load()
    game = registry.get(name)
    config = Config(seats=game.seat_names(people), options=options)
    step = game.start(config, 11)
    assert game.dumps(step.state) == game.dumps(game.setup(config, 11))
    assert not step.barrier
    for event in step.events:  # a private line goes to seats of the game
        assert event.audience is None or set(event.audience) <= set(config.seats)
    if name != "lcg":  # the LCG's setup asks for the decks first, and speaks as they are answered
        assert any(e.audience is None for e in step.events)
