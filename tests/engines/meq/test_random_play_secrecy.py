"""The random-play secrecy check (tests/engines/randomplay.py) on MEQ steps it once flagged wrongly (issue 14):
each test drives the real engine into the step, checks that the step passes, and checks that the same state
still fails when a public line names the hidden card with no public reason, so the fix did not blind it."""

from __future__ import annotations

import pytest

from engines.core import Answer, Event, Step
from engines.meq import GAME, stock
from engines.meq.cards import index
from engines.meq.state import MeqState
from tests.engines.meq.table import a_table, answer, from_deck, give, hero_turn, open_decision, place_token
from tests.engines.randomplay import check_views


def pay_for_the_move(state: MeqState, dest: str) -> tuple[MeqState, Step[MeqState]]:
    """Rest declined, move to `dest`, and the step that pays for it with the first card offered."""
    state = answer(answer(state, "rest", "pass"), "travel", f"move:{dest}")
    d = open_decision(state, "pay")
    return state, GAME.apply(state, d.seat, Answer(decision=d.id, choice=(d.options[0].id,)))


def leaks(state: MeqState, line: str) -> None:
    """The checker still catches a public line that names a card hidden from the table."""
    with pytest.raises(AssertionError, match="names hidden"):
        check_views(GAME, state, [Event(text=line)], state)


def test_a_card_spent_on_the_last_move_is_named_though_defeat_shuffles_it_away() -> None:
    # Argalad pays his last card (a Parry) to move and, with no life pool left, is defeated in the same step: his
    # rest pool goes back into the face-down life pool, while Beravor holds a Parry of his own. The move put the
    # Parry face up on the rest pool (meq spec 1.3), so the log naming it then told nobody a secret.
    state = a_table()
    give(state, 0, "cmb-argalad-parry")
    give(state, 1, "cmb-beravor-parry")
    state.stock[stock.life(state.heroes[0])] = ()
    state = hero_turn(state, 0, at="fornost")
    state.markers["yellow"] += 1  # one leftmost Sauron marker: the defeat's marker step asks nobody
    state.markers["red"] += 1
    before, step = pay_for_the_move(state, "bree")
    texts = [e.text for e in step.events]
    assert "Argalad moves from Fornost to Bree, discarding Parry to the rest pool." in texts
    assert not state.heroes[0].rest.cards and not step.state.heroes[0].rest.cards  # shuffled away again
    check_views(GAME, step.state, step.events, before)
    leaks(step.state, "Beravor holds a Parry.")


def test_a_shadow_card_played_then_redrawn_in_the_same_step_is_named() -> None:
    # Argalad is greedy (a Corruption card): a Shadow card played on his turn is replaced at once. With the
    # Shadow deck empty, the discard pile (the card just played) is reshuffled and redrawn into Sauron's hand in
    # that step. The table saw the card played, so the log naming it is no leak.
    state = a_table()
    state.heroes[0].corruption.cards.append(from_deck(state, "corruption", "corr-greedy"))
    state.shadow_hand.cards.append(from_deck(state, "shadow", "shadow-his-arm-has-grown-long-4"))
    state.stock["shadow"] = ()
    state.pool = 2
    give(state, 0, "cmb-argalad-parry", "cmb-argalad-aimed-shot")
    state = hero_turn(state, 0, at="fornost")
    state, step = pay_for_the_move(state, "bree")
    d = open_decision(step.state, "shadow")
    before = step.state
    step = GAME.apply(before, d.seat, Answer(decision=d.id, choice=(d.options[0].id,)))
    assert "Sauron plays the Shadow card His Arm Has Grown Long." in [e.text for e in step.events]
    assert [c.name for c in step.state.shadow_hand.cards] == ["His Arm Has Grown Long"]
    check_views(GAME, step.state, step.events, before)
    leaks(step.state, "Sauron holds His Arm Has Grown Long.")


@pytest.mark.parametrize(("shadow", "foe"), [("shadow-flocks-of-crebain-3", "mon-crebain"),
                                              ("shadow-seem-fairer-feel-fouler-6", "mon-agent")])
def test_a_shadow_card_fight_names_its_foe_beside_a_face_down_token_of_that_kind(shadow: str, foe: str) -> None:
    # The Shadow card itself says which kind of monster attacks (and is public once played), so the combat log
    # naming it reveals nothing about a face-down token of that kind elsewhere; the token's face stays secret.
    state = a_table()
    place_token(state, "eriador-enedwaith", foe, "bree")
    state.shadow_hand.cards.append(from_deck(state, "shadow", shadow))
    state.pool = 3
    give(state, 0, "cmb-argalad-parry", "cmb-argalad-aimed-shot")
    state = hero_turn(state, 0, at="hills-of-evendim")
    d = open_decision(state, "shadow")
    step = GAME.apply(state, d.seat, Answer(decision=d.id, choice=(d.options[0].id,)))
    name = index().foes[foe].name
    assert any(e.text.startswith(f"Combat: Argalad against {name} ") for e in step.events)
    check_views(GAME, step.state, step.events, state)
    # With no combat under way the token's name is a secret again: the checker must still see it.
    step.state.combat = None
    leaks(step.state, f"The token on Bree is a {name}.")


def test_an_encounter_drawn_and_shuffled_back_shares_its_name_with_the_hidden_mission() -> None:
    # Sauron's hidden Mission and an Encounter card are both "Where the Shadows Lie". The Encounter is drawn face
    # up for the table and its own effect shuffles its discard pile, itself in it, back into the deck in the same
    # step (seed 176 of the random games): the log names the drawn Encounter, which tells nothing of the Mission.
    state = a_table()
    state.sauron_mission.cards[:] = [state.new_card("Where the Shadows Lie", "mission-sauron-where-the-shadows-lie")]
    key = "encounter:brown-lands-mordor"
    state.stock[key] = (stock.entry(from_deck(state, key, "enc-where-the-shadows-30")),)
    state.pool = 2
    state = answer(hero_turn(state, 0, at="emyn-muil"), "rest", "pass")
    d = open_decision(state, "travel")
    step = GAME.apply(state, d.seat, Answer(decision=d.id, choice=("pass",)))
    texts = [e.text for e in step.events]
    drawn = "Encounter (Brown Lands and Mordor deck): Where the Shadows Lie (12). Where the Shadows Lie applies."
    assert drawn in texts
    assert not step.state.encounter_discards["brown-lands-mordor"].cards  # back in the face-down deck
    check_views(GAME, step.state, step.events, state)
    leaks(step.state, "Sauron's Mission is Where the Shadows Lie.")
