"""Corruption tokens (L673-685, spec 2.3 and ENGINE 10.15) and events the engine does not script but whose
target it can check (spec 8.2: play legality; L591-594: no benefit from what cannot be done)."""

from __future__ import annotations

import pytest

from engines.core import RuleError
from engines.wotr import GAME, actions
from tests.engines.wotr.table import agreed, clear_active, location, opened, options, put, to_act, to_hand, turn


def test_removing_corruption_at_zero_does_nothing() -> None:
    """L683-684 (spec 2.3): a removal with nothing to remove does nothing; it is not an error. (Corruption is
    shared, so the Shadow agree to each change first: issue 18.)"""
    state = opened()
    state.corruption = 1
    state, lines = agreed(state, "p1", "corruption -3")
    assert state.corruption == 0
    assert any("removes 1 corruption token" in line for line in lines)
    state, lines = agreed(state, "p1", "corruption -1")
    assert state.corruption == 0 and any("no corruption" in line for line in lines)


def test_scripted_corruption_respects_the_supply_option() -> None:
    """ENGINE 10.15: with a corruption supply of N, no text adds tokens beyond N (as path combat already
    does). Grishnákh on a path: eliminate him for 1 corruption; with the supply full nothing is added."""
    state = opened(corruption_supply=2)
    clear_active(state)
    path = location(state, "Weathertop")
    grishnakh = put(state, "saruman", "Grishnákh", path)
    state.corruption = 2
    to_act(state, "saruman")
    step = GAME.apply(state, "p4", GAME.parse(f"answer {state.decisions[0].id} use-{grishnakh.uid}"))
    assert step.state.corruption == 2
    assert any("supply" in e.text for e in step.events)


def test_an_unscripted_event_with_no_legal_target_cannot_be_played() -> None:
    """Spec 4.2.4 (legality before cost) and L591-594: The Black Captain needs The Witch-king in reserve,
    There is Another Way another unused path of the active path's number."""
    state = opened()
    (captain,) = to_hand(state, "witch-king", "The Black Captain")
    wk = state.deck("witch-king")
    assert "The Witch-king" in actions.why_not_play(state, wk, captain, "now")
    to_act(state, "witch-king")
    assert f"play-{captain.uid}-now" not in options(state)
    with pytest.raises(RuleError, match="Witch-king"):
        actions.start_play(turn(state), wk, captain.uid, "now")
    put(state, "witch-king", "The Witch-king", "reserve")
    assert actions.why_not_play(state, wk, captain, "now") == ""

    state = opened()
    clear_active(state)
    (way,) = to_hand(state, "frodo", "There is Another Way")
    frodo = state.deck("frodo")
    location(state, "Weathertop")  # path 2: The Old Forest and the Prancing Pony are still unused
    assert actions.why_not_play(state, frodo, way, "now") == ""
    state.path_deck.cards = [c for c in state.path_deck.cards if state.card_def(c).path_number != 2]
    assert "path" in actions.why_not_play(state, frodo, way, "now")
