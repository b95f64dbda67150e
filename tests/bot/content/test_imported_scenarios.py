"""'Any scenario in an imported recipe file can then be played' (issue 3): the whole DragnCards import, and
random games of scenarios the engine has no script for, played by the generic rules with every property
of the random-play check. Skipped in a fresh clone, which has no ../shared."""

from __future__ import annotations

import pytest

from bot.content.lcg.dragncards import import_dragncards
from engines.lcg import Lcg
from engines.lcg.library import Library
from tests.bot.content.helpers import SHARED_LCG, needs_shared
from tests.engines.randomplay import play_random_game

pytestmark = needs_shared


@pytest.fixture(scope="module")
def everything() -> Lcg:
    library = Library()
    library.add(import_dragncards(SHARED_LCG / "dragncards").pack)
    return Lcg(library)


@pytest.mark.parametrize("scenario", ["the-hunt-for-gollum", "the-hills-of-emyn-muil", "the-dead-marshes"])
def test_an_imported_scenario_without_scripts_plays_to_the_end(everything: Lcg, scenario: str) -> None:
    if scenario not in everything.library.scenarios:
        pytest.skip(f"{scenario} is not among the imported recipes")
    for seed in range(2):
        state, journal = play_random_game(everything, 1 + seed, seed, max_steps=20_000, options={"scenario": scenario})
        assert state.outcome is not None and journal
