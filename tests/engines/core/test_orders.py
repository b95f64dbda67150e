"""Forced decisions and standing orders (issue 16, engines/core/orders.py): a decision with one legal answer
that follows from public facts answers itself, in the same step and said in the log, unless the seat's
standing order asks for it; a long forced loop costs no message."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from engines.core import Answer, BaseState, CommandError, Config, DecisionKind, Option, RuleError, Rules, Turn
from engines.core.decisions import Decision
from engines.core.orders import Order, only_answer


@dataclass(kw_only=True)
class CountState(BaseState):
    left: int = 0
    said: int = 0


class Countdown(Rules[CountState]):
    """p1 names a number; p2 then answers one forced "next" decision per count (they have no choice: the rules
    say each step is a pass), and at zero p1 is asked again."""

    name, title, version, min_seats, max_seats, state_type = "countdown", "Countdown", "1", 2, 2, CountState

    def setup(self, config: Config, seed: int) -> CountState:
        state = CountState(seats=list(config.seats))
        self._ask_p1(Turn(state=state, seat=""))
        return state

    def _ask_p1(self, turn: Turn[CountState]) -> None:
        turn.ask("p1", DecisionKind.CHOOSE_ONE, "Count from", [Option(id=str(n), label=str(n)) for n in (3, 50)])

    def resolve(self, turn: Turn[CountState], decision: Decision, choice: tuple[str, ...]) -> None:
        state = turn.state
        if decision.seat == "p1":
            state.left = int(choice[0])
        else:
            state.left -= 1
            state.said += 1
        if state.left > 0:
            turn.ask("p2", DecisionKind.ACT_OR_PASS, "Your step", [Option(id="pass", label="Pass")],
                     forced="p2 can only pass")
        else:
            self._ask_p1(turn)


GAME = Countdown()


def started() -> CountState:
    return GAME.setup(Config(seats=["p1", "p2"]), 1)


def test_a_forced_loop_is_answered_in_the_same_step_and_logged():
    step = GAME.apply(started(), "p1", Answer(1, ("50",)))
    assert step.state.said == 50 and step.state.left == 0
    assert [d.seat for d in step.state.decisions] == ["p1"]  # asked again: nothing waits on p2
    told = [e.text for e in step.events]
    assert told.count("p2 can only pass (p2: answered by itself).") == 50
    assert all(e.audience is None for e in step.events)


def test_a_seat_may_ask_to_be_asked():
    state = GAME.apply(started(), "p2", GAME.parse("order forced ask")).state
    assert state.orders == {"p2": {"forced": "ask"}}
    step = GAME.apply(state, "p1", Answer(1, ("3",)))
    [waiting] = step.state.decisions
    assert waiting.seat == "p2" and waiting.forced and step.state.said == 0
    # Turning it back on answers what is already waiting.
    back = GAME.apply(step.state, "p2", Order("forced", "auto"))
    assert back.state.said == 3 and [d.seat for d in back.state.decisions] == ["p1"]


def test_orders_round_trip_as_text_and_bad_ones_are_refused_in_words():
    assert GAME.format(GAME.parse("order forced ask")) == "order forced ask"
    with pytest.raises(CommandError, match="order <key> <value>"):
        GAME.parse("order forced")
    with pytest.raises(RuleError, match=r"There is no standing order 'ring'\. Orders: forced auto\|ask\."):
        GAME.apply(started(), "p1", Order("ring", "on"))
    with pytest.raises(RuleError, match="takes auto or ask"):
        GAME.apply(started(), "p1", Order("forced", "sometimes"))


def test_only_a_single_answer_is_forced():
    one = Decision(id=1, seat="p1", kind=DecisionKind.CHOOSE_ONE, prompt="x", options=[Option(id="a", label="A")])
    two = Decision(id=2, seat="p1", kind=DecisionKind.CHOOSE_ONE, prompt="x",
                   options=[Option(id="a", label="A"), Option(id="b", label="B")])
    every = Decision(id=3, seat="p1", kind=DecisionKind.CHOOSE_MANY, prompt="x", low=2, high=2,
                     options=[Option(id="a", label="A"), Option(id="b", label="B")])
    assert only_answer(one) == ("a",) and only_answer(two) is None and only_answer(every) == ("a", "b")
