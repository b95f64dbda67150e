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
