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


def test_a_game_implements_setup_or_start_and_neither_is_refused_plainly() -> None:
    """`Rules.setup` is `start`'s state and `Rules.start` is `setup` with nothing said: a game writes one. One that
    writes neither is told so, not sent round the two for ever."""
    from engines.core import BaseState, Rules, Step

    class Neither(Rules[BaseState]):
        name, title, version, min_seats, max_seats, state_type = "neither", "Neither", "1", 1, 1, BaseState

    class Speaks(Neither):
        def start(self, config: Config, seed: int) -> Step[BaseState]:
            return Step(state=BaseState(seats=list(config.seats)))

    config = Config(seats=["p1"])
    with pytest.raises(NotImplementedError, match="Neither implements neither setup nor start"):
        Neither().start(config, 1)
    assert Speaks().setup(config, 1).seats == ["p1"]
