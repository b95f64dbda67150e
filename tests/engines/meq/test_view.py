"""The text view (engines/meq/view.py): what the console's `status` and `hand` print under the table."""

from __future__ import annotations

from engines.meq.view import build
from tests.engines.meq.table import a_table


def test_each_hero_sees_what_their_quests_need() -> None:
    """Spec 5.6: a hero's quests lie in their play area; the text view names each with what completes it (the
    place to explore) and what it gives, not only the board image."""
    state = a_table("thalin")
    hero = state.heroes[0]
    lines = build(state, hero.seat).lines
    ered = [line for line in lines if "The Ered Luin" in line]
    assert ered == ["Thálin's quest The Ered Luin: explore Blue Mountains; gives favor, Dain, the rest pool back"]
    assert any("The Ered Luin" in line for line in build(state, None).lines)  # face up: everyone sees it


def test_a_track_says_its_values_and_which_space_holds_a_token() -> None:
    """Spec 1 item 12 and 3.1 step 5 (Sauron's Action Tracks): the readout gives each space's value and where
    an action token stands, not the engine's list position ("filled [0]" read as a value of 0)."""
    state = a_table("thalin")
    state.tracks["influence"] = [0]
    [line] = [line for line in build(state, None).lines if "tracks:" in line]
    assert "Place Influence 6/5/4, action token on space 1 (6); Draw Shadow and Plot Cards 3/2/1;" in line
