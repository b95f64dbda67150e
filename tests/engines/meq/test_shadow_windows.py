"""Sauron's Shadow windows keep his hand secret (meq spec 1.3 and 1.4: the Shadow hand is his alone, its count
public; DESIGN.md "hidden information by construction"). A Shadow card is played in its timing window with the
Shadow Pool at least its number, one a player-turn (spec 3.1 "Shadow cards"; seed 004 Playing Shadow Cards,
l.1317-1340; spec 5.12). Whether the game stops for Sauron at such a moment follows from what the table sees
(the moment, the Pool, the hand count, the public Shadow discard, his standing orders), never from whether a
card in his hand fits it: a play-tester read "Waiting on: p1" before a hero's turn as "Sauron holds a Shadow
card he can play now". Asked with nothing playable, he is told so in private and passes; the spec's
play-by-post advice (3.1: a per-window auto-pass setting) is his standing order `order shadow-<window> pass`."""

from __future__ import annotations

import pytest

from engines.core import Answer, DecisionKind, RuleError
from engines.core.orders import Order
from engines.meq import GAME, combat, flow
from engines.meq.state import MeqState
from tests.engines.meq.table import a_table, answer, contexts, from_deck, give, hero_turn, open_decision, turn_on

CREBAIN = "shadow-flocks-of-crebain-3"  # start of a hero's turn outside a Haven, Pool 2
STORMS = "shadow-storms-of-mordor-11"  # Sauron's Action step only, Pool 4
ARM = "shadow-his-arm-has-grown-long-4"  # a hero enters a location, Pool 2
BETRAYED = "shadow-betrayed-1"  # the start of a combat, Pool 1


def table_with(shadow: str, pool: int, **options: str) -> MeqState:
    """A new game whose only difference from another is the one Shadow card in Sauron's hidden hand."""
    state = a_table(**options)
    state.shadow_hand.cards.append(from_deck(state, "shadow", shadow))
    state.pool = pool
    give(state, 0, "cmb-argalad-parry", "cmb-argalad-aimed-shot")
    return state


def public(state: MeqState) -> list[object]:
    """All the heroes see of a state: each hero's view and the spectators', and whom the game waits on."""
    return [GAME.view(state, seat) for seat in (*[h.seat for h in state.heroes], None)]


def assert_same_to_the_heroes(playable: MeqState, unplayable: MeqState) -> None:
    assert playable.shadow_hand.cards[0].ref != unplayable.shadow_hand.cards[0].ref  # the hidden difference
    assert public(playable) == public(unplayable)
    assert [d.seat for d in playable.decisions] == [d.seat for d in unplayable.decisions]


def start_of_turn(shadow: str, pool: int, **options: str) -> MeqState:
    return hero_turn(table_with(shadow, pool, **options), 0, at="hills-of-evendim")  # not a Haven


@pytest.mark.parametrize("pool", [0, 1, 2, 3])
def test_the_start_of_a_hero_s_turn_waits_on_sauron_whatever_his_hand_holds(pool: int) -> None:
    # Spec 3.1 "Shadow cards", seed 004 l.1330-1336: Pool and timing decide a play; spec 1.4: the hand is his
    # secret. Flocks of Crebain (playable at the start of a hero's turn from Pool 2) against a card of his Action
    # step: the table sees the same game, stopped for Sauron exactly when the Pool reaches a card that could be
    # played then (2 and up), not when he holds one.
    playable, unplayable = start_of_turn(CREBAIN, pool), start_of_turn(STORMS, pool)
    assert_same_to_the_heroes(playable, unplayable)
    waits = [d.seat for d in playable.decisions]
    assert waits == ([playable.sauron] if pool >= 2 else [playable.heroes[0].seat])
    if pool >= 2:
        assert GAME.view(playable, playable.heroes[0].seat).waiting_on == [playable.sauron]


def test_a_hero_entering_a_location_waits_on_sauron_whatever_his_hand_holds() -> None:
    # Spec 3.2 Travel and 3.1 "Shadow cards": His Arm Has Grown Long is played as a hero enters a location; a
    # card of the Action step is not, and the table cannot tell which he holds.
    states = []
    for shadow in (ARM, STORMS):
        state = hero_turn(table_with(shadow, 2), 0, at="fornost")
        state = answer(answer(state, "rest", "pass"), "travel", "move:bree")
        d = open_decision(state, "pay")
        state = GAME.apply(state, d.seat, Answer(decision=d.id, choice=(d.options[0].id,))).state
        states.append(state)
    assert_same_to_the_heroes(*states)
    assert "shadow" in contexts(states[0]) and "shadow" in contexts(states[1])


def start_combat(shadow: str, pool: int) -> MeqState:
    state = hero_turn(table_with(shadow, pool), 0, at="hills-of-evendim")
    state.decisions.clear()
    state.queue.clear()
    turn = turn_on(state)
    combat.start(turn, state.heroes[0], "mon-orc", "travel")
    flow.advance(turn)
    return state


@pytest.mark.parametrize("pool", [0, 1])
def test_the_start_of_a_combat_waits_on_sauron_whatever_his_hand_holds(pool: int) -> None:
    # Spec 6 (combat) and 3.1 "Shadow cards": "Play at the start of combat" is before any combat step (seed 004
    # l.1335), so the window comes before the hero's agility draw; Betrayed needs Pool 1.
    playable, unplayable = start_combat(BETRAYED, pool), start_combat(STORMS, pool)
    assert_same_to_the_heroes(playable, unplayable)
    assert contexts(playable) == (["shadow"] if pool >= 1 else ["agility"])


def test_with_nothing_playable_sauron_is_told_so_privately_and_passes() -> None:
    # Spec 1.4: the prompt is his alone. One answer, pass, yet not answered by itself: a pass answered only when
    # nothing is playable would tell the table just that (engines/core/orders.py).
    state = start_of_turn(STORMS, 2)
    d = open_decision(state, "shadow")
    assert d.seat == state.sauron and d.private and not d.forced
    assert d.kind is DecisionKind.ACT_OR_PASS
    assert [o.id for o in d.options] == ["pass"]
    assert "None of the Shadow cards in your hand can be played now" in d.prompt
    assert "order shadow-start pass" in d.prompt
    hero = state.heroes[0].seat
    assert all(not v.decisions for v in [GAME.view(state, hero), GAME.view(state, None)])
    step = GAME.apply(state, state.sauron, Answer(decision=d.id, choice=("pass",)))
    assert contexts(step.state) == ["rest"]
    assert not any("Shadow" in e.text for e in step.events if e.audience is None)
    # With a playable card the same window offers it, with pass.
    d = open_decision(start_of_turn(CREBAIN, 2), "shadow")
    assert [o.id.split(":")[0] for o in d.options] == ["shadow", "pass"]
    assert "None of" not in d.prompt


def test_an_empty_hand_keeps_the_window_shut_and_the_public_discard_counts() -> None:
    # Spec 1.3: the hand count is public, and so is the Shadow discard pile.
    state = a_table()
    state.pool = 4
    assert contexts(hero_turn(state, 0, at="hills-of-evendim")) == ["rest"]
    state = table_with(CREBAIN, 4)
    state.shadow_discard.cards.append(from_deck(state, "shadow", "shadow-seem-fairer-feel-fouler-6"))
    state.shadow_discard.cards.append(from_deck(state, "shadow", "shadow-creatures-of-the-wild-18"))
    state.pool = 2
    # Flocks of Crebain is in his hand, so not in the public discard: the window opens on it being unaccounted for.
    assert contexts(hero_turn(state, 0, at="hills-of-evendim")) == ["shadow"]
    # Every card of this moment in the public discard: nothing he might hold fits it, as all can see.
    state = table_with(STORMS, 4)
    for ref in (CREBAIN, "shadow-seem-fairer-feel-fouler-6", "shadow-creatures-of-the-wild-18"):
        state.shadow_discard.cards.append(from_deck(state, "shadow", ref))
    assert contexts(hero_turn(state, 0, at="hills-of-evendim")) == ["rest"]


def test_the_window_option_never_asks_him_at_all() -> None:
    # Spec 3.1: the table may turn the windows off (game option shadow_windows=never).
    for shadow in (CREBAIN, STORMS):
        assert contexts(start_of_turn(shadow, 4, shadow_windows="never")) == ["rest"]


def test_sauron_s_standing_order_passes_a_kind_of_window_whatever_he_holds() -> None:
    # Spec 3.1: "give Sauron a per-window auto-pass setting". Set in the open, applied to every hand alike.
    for shadow in (CREBAIN, STORMS):
        state = table_with(shadow, 2)
        state.orders[state.sauron] = {"shadow-start": "pass"}
        assert contexts(hero_turn(state, 0, at="hills-of-evendim")) == ["rest"]
        state = table_with(shadow, 2)
        state.orders[state.sauron] = {"shadow-combat": "pass"}  # another kind of window: still asked here
        assert contexts(hero_turn(state, 0, at="hills-of-evendim")) == ["shadow"]


def test_the_order_set_while_a_window_is_open_closes_it_and_only_sauron_may_set_it() -> None:
    state = start_of_turn(CREBAIN, 2)
    with pytest.raises(RuleError, match="Only Sauron"):
        GAME.apply(state, state.heroes[0].seat, Order(key="shadow-start", value="pass"))
    step = GAME.apply(state, state.sauron, Order(key="shadow-start", value="pass"))
    assert contexts(step.state) == ["rest"]
    assert any("standing order" in e.text for e in step.events)
    assert [c.ref for c in step.state.shadow_hand.cards] == [CREBAIN]  # passed, not played
