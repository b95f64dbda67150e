"""A chained answer (`answer N a then b then c`) that names a step the rules answered by themselves: a forced
decision of the same seat (engines/core/orders.py), answered in the step before. The step is read as that answer
and passed over; the chain goes on as the answers typed one by one would. Before, the whole command was refused,
or the step was read as the answer to the question after it."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from engines.core import Answer, BaseState, Config, DecisionKind, Option, RuleError, Rules, Turn
from engines.core.decisions import Decision


@dataclass(kw_only=True)
class PickState(BaseState):
    picked: list[str]


class Pick(Rules[PickState]):
    """p1 picks a letter; the rules then ask p1 to confirm it, which has one answer (a forced decision), and then
    ask p1 for a digit; after the digit, a letter again."""

    name, title, version, min_seats, max_seats, state_type = "pick", "Pick", "1", 1, 1, PickState

    def setup(self, config: Config, seed: int) -> PickState:
        state = PickState(seats=list(config.seats), picked=[])
        self._letter(Turn(state=state, seat=""))
        return state

    def _letter(self, turn: Turn[PickState]) -> None:
        turn.ask("p1", DecisionKind.CHOOSE_ONE, "A letter", [Option(id=x, label=x) for x in ("a", "b")])

    def resolve(self, turn: Turn[PickState], decision: Decision, choice: tuple[str, ...]) -> None:
        turn.state.picked.append(choice[0])
        if decision.prompt == "A letter":
            turn.ask("p1", DecisionKind.CHOOSE_ONE, "Confirm", [Option(id="ok", label="OK")],
                     forced="there is nothing else to do")
        elif decision.prompt == "Confirm":
            turn.ask("p1", DecisionKind.CHOOSE_ONE, "A digit", [Option(id=x, label=x) for x in ("1", "2")])
        else:
            self._letter(turn)


GAME = Pick()


def _one_by_one(*answers: str, ask: bool = False) -> PickState:
    state = GAME.setup(Config(seats=["p1"]), 1)
    if ask:
        state = GAME.apply(state, "p1", GAME.parse("order forced ask")).state
    for choice in answers:
        state = GAME.apply(state, "p1", Answer(decision=state.decisions[0].id, choice=(choice,))).state
    return state


def test_a_step_naming_what_a_forced_decision_answered_is_passed_over() -> None:
    state = GAME.setup(Config(seats=["p1"]), 1)
    chained = GAME.apply(state, "p1", GAME.parse(f"answer {state.decisions[0].id} a then ok then 2"))
    assert chained.state.picked == ["a", "ok", "2"]
    assert GAME.dumps(chained.state) == GAME.dumps(_one_by_one("a", "2"))
    assert any("answered by itself" in e.text for e in chained.events)


def test_a_chain_that_leaves_the_forced_step_out_still_reads_as_typed_alone() -> None:
    state = GAME.setup(Config(seats=["p1"]), 1)
    chained = GAME.apply(state, "p1", GAME.parse(f"answer {state.decisions[0].id} a then 2"))
    assert GAME.dumps(chained.state) == GAME.dumps(_one_by_one("a", "2"))


def test_a_seat_that_asks_for_its_forced_decisions_answers_the_step_itself() -> None:
    state = GAME.apply(GAME.setup(Config(seats=["p1"]), 1), "p1", GAME.parse("order forced ask")).state
    chained = GAME.apply(state, "p1", GAME.parse(f"answer {state.decisions[0].id} a then ok then 2"))
    assert GAME.dumps(chained.state) == GAME.dumps(_one_by_one("a", "ok", "2", ask=True))
    assert not any("answered by itself" in e.text for e in chained.events)


def test_a_step_named_once_more_than_the_rules_answered_is_refused_whole() -> None:
    state = GAME.setup(Config(seats=["p1"]), 1)
    before = GAME.dumps(state)
    with pytest.raises(RuleError, match="'ok' is not an option"):  # the second 'ok' goes to the digit
        GAME.apply(state, "p1", GAME.parse(f"answer {state.decisions[0].id} a then ok then ok"))
    assert GAME.dumps(state) == before
