"""A play and its cost in one command (issue 16, "the aim is half"): `answer N <play> then <card>` is the same
as the two answers typed one after the other, and a refused step refuses the whole command."""

from __future__ import annotations

import pytest

from engines.core import Answer, CommandError, Decision, RuleError
from engines.wotr import GAME
from engines.wotr.state import WotrState
from tests.engines.wotr.table import decision, opened


def _play_and_cost(state: WotrState) -> tuple[Decision, str, str]:
    """The first deck to act, one of its plays, and a hand card it could cycle to pay for it."""
    act = decision(state, "act")
    play = next(o.id for o in act.options if o.id.startswith("play-"))
    paid = next(c.uid for c in state.deck(act.context.split(":")[1]).hand.cards if c.uid != play.split("-")[1])
    return act, play, paid


def test_a_chained_play_and_cost_is_the_two_answers_in_one() -> None:
    state = opened()
    act, play, paid = _play_and_cost(state)
    one = GAME.apply(state, act.seat, Answer(decision=act.id, choice=(play,)))
    cost = decision(one.state, "cost")
    two = GAME.apply(one.state, act.seat, Answer(decision=cost.id, choice=(paid,)))
    chained = GAME.apply(state, act.seat, GAME.parse(f"answer {act.id} {play} then {paid}"))
    assert GAME.dumps(chained.state) == GAME.dumps(two.state)
    assert [e.text for e in chained.events] == [e.text for e in one.events + two.events]
    assert paid in [c.uid for c in chained.state.deck(act.context.split(":")[1]).cycle.cards]


def test_a_refused_later_step_refuses_the_whole_command() -> None:
    state = opened()
    act, play, _ = _play_and_cost(state)
    before = GAME.dumps(state)
    with pytest.raises(RuleError, match="not an option"):
        GAME.apply(state, act.seat, GAME.parse(f"answer {act.id} {play} then c9999"))
    assert GAME.dumps(state) == before  # nothing changed: the play was not made either


def test_then_after_an_answer_that_asks_nothing_more_is_refused() -> None:
    state = opened()
    act = decision(state, "act")
    cycle = next(o.id for o in act.options if o.id.startswith("cycle-"))
    with pytest.raises(RuleError, match="Nothing was asked of you"):
        GAME.apply(state, act.seat, GAME.parse(f"answer {act.id} {cycle} then c1"))


def _last_card_to_pay_with(state: WotrState) -> tuple[Decision, str, str]:
    """A play whose cost can only be paid with one card: the deck's hand cut to the played card and `paid`."""
    act, play, paid = _play_and_cost(state)
    deck = state.deck(act.context.split(":")[1])
    deck.hand.cards = [c for c in deck.hand.cards if c.uid in (play.split("-")[1], paid)]
    return act, play, paid


def test_a_chained_cost_that_paid_itself_is_that_answer_not_a_refusal() -> None:
    """The prompt's own example, `answer N play-cX then cY`, when cY is the last card to pay with: the rules pay
    the cost with it without asking (L250-343), and the chain reads `then cY` as that answer. The same state and
    log as the play typed alone; the whole command was refused before."""
    state = opened()
    act, play, paid = _last_card_to_pay_with(state)
    alone = GAME.apply(state, act.seat, Answer(decision=act.id, choice=(play,)))
    assert not any(d.context.startswith("cost") for d in alone.state.decisions)  # paid without asking
    assert paid in [c.uid for c in alone.state.deck(act.context.split(":")[1]).cycle.cards]
    chained = GAME.apply(state, act.seat, GAME.parse(f"answer {act.id} {play} then {paid}"))
    assert GAME.dumps(chained.state) == GAME.dumps(alone.state)
    assert [e.text for e in chained.events] == [e.text for e in alone.events]


def test_a_step_naming_another_card_than_the_cost_paid_itself_with_is_refused_and_says_so() -> None:
    state = opened()
    act, play, paid = _last_card_to_pay_with(state)
    before = GAME.dumps(state)
    with pytest.raises(RuleError, match=rf"had one answer, {paid}, taken by itself.*'then c9999' has nothing"):
        GAME.apply(state, act.seat, GAME.parse(f"answer {act.id} {play} then c9999"))
    assert GAME.dumps(state) == before


def test_the_action_prompt_shows_how_with_the_seats_own_cards() -> None:
    state = opened()
    act, _, _ = _play_and_cost(state)
    assert f"answer {act.id} play-" in act.prompt and " then c" in act.prompt
    assert act.private  # the example names cards of the seat's hand


def test_a_chained_answer_reads_back_as_it_is_written() -> None:
    command = GAME.parse("answer 6 play-c22-c123 THEN c23 then none")
    assert command == Answer(decision=6, choice=("play-c22-c123",), then=(("c23",), ()))
    assert GAME.parse(GAME.format(command)) == command
    assert GAME.format(command) == "answer 6 play-c22-c123 then c23 then none"


def test_a_then_with_nothing_on_one_side_is_refused_as_written() -> None:
    for text in ("answer 6 then c23", "answer 6 play-c22-c123 then", "answer 6 a then then b"):
        with pytest.raises(CommandError, match="chained answer"):
            GAME.parse(text)
