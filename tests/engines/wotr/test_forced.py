"""Asking less (issue 16): a War of the Ring decision whose one legal answer follows from what the whole table
can see is marked forced, and the kernel answers it in the same step (engines/core/orders.py). A single answer
that would follow from a hidden hand is never forced: the table would learn what the hand holds."""

from __future__ import annotations

from engines.core import Answer
from engines.core.orders import Order
from engines.wotr import GAME
from engines.wotr.state import WotrState
from tests.engines.wotr.table import answer, clear_active, decision, location, opened, put, to_act, to_combat


def _pass_into_an_empty_hand(**opts: object) -> tuple[WotrState, list[str]]:
    """Round 1 of the Trilogy: Frodo's deck is to act; the next deck (the Witch-king's) has no card in hand,
    nothing in reserve and its Ring token spent, so passing is all it can do. Frodo passes."""
    state = opened(**opts)  # type: ignore[arg-type]
    wk = state.deck("witch-king")
    assert state.order[(state.order.index("frodo") + 1) % len(state.order)] == "witch-king"
    wk.draw.cards[:0], wk.hand.cards, wk.ring = wk.hand.cards, [], "used"
    frodo = state.deck("frodo")
    frodo.hand.cards = frodo.hand.cards[:2]  # at the carryover limit: Frodo may pass
    to_act(state, "frodo")
    d = decision(state, "act:frodo")
    step = GAME.apply(state, d.seat, Answer(decision=d.id, choice=("pass",)))
    return step.state, [e.text for e in step.events if e.audience is None]


def test_an_empty_hand_with_nothing_else_to_do_passes_by_itself() -> None:
    """# L236-239 (a deck at or under its carryover limit may pass) and ENGINE 10.14 (hand sizes are public):
    the Witch-king's deck has 0 cards and no other action, which every player can see, so its pass is made
    for it in the same step and the log says why; the next deck is asked."""
    state, lines = _pass_into_an_empty_hand()
    assert not [d for d in state.decisions if d.context == "act:witch-king"]
    assert any("Witch-king's deck has no card in hand and nothing else to do: it passes" in line
               and "answered by itself" in line for line in lines), lines
    assert "Witch-king's deck passes." in lines
    assert state.decisions[0].context == "act:aragorn"


def test_hidden_hand_sizes_keep_the_empty_hand_pass_a_question() -> None:
    """ENGINE 10.14 'public_hand_sizes' off: an empty hand is no longer a public fact, so answering for the
    deck would tell the table it is empty; the deck is asked as usual."""
    state, lines = _pass_into_an_empty_hand(public_hand_sizes=False)
    assert decision(state, "act:witch-king").options[0].id == "pass"
    assert not any("answered by itself" in line for line in lines)


def test_the_standing_order_forced_ask_keeps_the_question() -> None:
    """Issue 16: 'order forced ask' turns the automatic answers off for that seat."""
    state = opened()
    wk_seat = state.deck("witch-king").seat
    state = GAME.apply(state, wk_seat, Order(key="forced", value="ask")).state
    wk = state.deck("witch-king")
    wk.draw.cards[:0], wk.hand.cards, wk.ring = wk.hand.cards, [], "used"
    frodo = state.deck("frodo")
    frodo.hand.cards = frodo.hand.cards[:2]
    to_act(state, "frodo")
    state = answer(state, "act:frodo", "pass")
    assert [o.id for o in decision(state, "act:witch-king").options] == ["pass"]
    assert decision(state, "act:witch-king").forced  # still marked, only not answered


def test_the_only_candidate_for_an_elimination_is_chosen_by_itself() -> None:
    """# L428-448: with 1 attack left to cancel after the path's defense and one defending unit in play (a
    public fact), that unit is the only possible choice; it is eliminated without a question."""
    state = opened()
    clear_active(state)
    path = location(state, "Weathertop")  # defense 0
    put(state, "witch-king", "The Witch-king", path)  # 2 attack
    grey = put(state, "frodo", "Gandalf the Grey", path)  # 3 defense: more than needed, yet the only one
    state = to_combat(state)
    d = decision(state, "eliminate")
    assert [o.id for o in d.options] == [grey.uid] and d.forced
    assert "Gandalf the Grey" in d.forced


def test_the_only_candidate_is_eliminated_in_the_same_step_as_the_answer_before() -> None:
    """# L439-448: two defenders of 1 and 3 against 3 attack: choosing the 1 leaves 2 to cancel and one
    candidate, which the same step eliminates; no second question."""
    state = opened()
    clear_active(state)
    path = location(state, "Weathertop")
    put(state, "witch-king", "The Witch-king", path)  # 2
    put(state, "saruman", "Barrow-Wights", path)  # 1: 3 attack in all
    gimli = put(state, "frodo", "Gimli", path)  # 1
    grey = put(state, "frodo", "Gandalf the Grey", path)  # 3
    state = to_combat(state)
    state = answer(state, "eliminate", gimli.uid)
    assert not [d for d in state.decisions if d.context.startswith("eliminate")]
    assert grey in state.deck("frodo").eliminated.cards and gimli in state.deck("frodo").eliminated.cards


def test_winnowing_a_hand_of_two_takes_both_without_asking() -> None:
    """# spec 4.2.3 (L345-385: winnow eliminates 2 cards from hand, then draws 1) with 2 cards in a hand
    whose size is public: both must go; the deck is not asked which."""
    state = opened()
    to_act(state, "frodo")
    frodo = state.deck("frodo")
    frodo.draw.cards.extend(frodo.hand.cards[2:])
    frodo.hand.cards = frodo.hand.cards[:2]
    state = answer(state, "act:frodo", "winnow")
    assert not [d for d in state.decisions if d.context.startswith("winnow")]
    assert len(state.deck("frodo").hand.cards) == 1
