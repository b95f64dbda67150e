"""The default answer: what a skipped deadline or the automatic seat plays for an absent player, in every game
(pass if offered, else the minimal legal choice), and the generic check that a table of absent players can
always go on: some default is accepted at every step and the game ends."""

from __future__ import annotations

import pytest

from engines import registry
from engines.core import Answer, Config, Decision, DecisionKind, Option, RuleError, minimal_choices, validate
from tests.games.tally import GAME as TALLY

registry.load()
ENGINES = [TALLY, *(registry.get(n) for n in registry.names() if n != TALLY.name)]
HEROES = [Option(id="o1", label="Aragorn"), Option(id="o2", label="Gimli"), Option(id="o3", label="Legolas")]


def a_decision(
    kind: DecisionKind, options: list[Option] | None = None, *, low: int = 1, high: int = 1, amount: int = 0
) -> Decision:
    return Decision(id=5, seat="p1", kind=kind, prompt="?", options=list(HEROES if options is None else options),
                    low=low, high=high, amount=amount)


def test_pass_comes_first_when_it_is_offered():
    d = a_decision(DecisionKind.ACT_OR_PASS, [*HEROES, Option(id="pass", label="Pass")])
    assert minimal_choices(d)[0] == ("pass",)
    assert minimal_choices(d)[1:] == [("o1",), ("o2",), ("o3",)]  # fallbacks, in the order given


def test_without_pass_the_first_option():
    assert minimal_choices(a_decision(DecisionKind.CHOOSE_ONE))[0] == ("o1",)


def test_choose_many_takes_the_fewest_allowed():
    assert minimal_choices(a_decision(DecisionKind.CHOOSE_MANY, low=0, high=3)) == [()]
    assert minimal_choices(a_decision(DecisionKind.CHOOSE_MANY, low=2, high=3))[0] == ("o1", "o2")


def test_a_number_is_the_lowest_and_an_order_is_the_given_one():
    assert minimal_choices(a_decision(DecisionKind.NUMBER, [], low=2, high=9))[0] == ("2",)
    assert minimal_choices(a_decision(DecisionKind.ORDER)) == [("o1", "o2", "o3")]


def test_an_assignment_is_spread_evenly_within_the_caps():
    options = [Option(id="a", label="A", cap=1), Option(id="b", label="B"), Option(id="c", label="C")]
    d = a_decision(DecisionKind.ASSIGN, options, amount=5)
    even = minimal_choices(d)[0]
    assert even == ("a=1", "b=2", "c=2")
    assert validate(d, even) == even


@pytest.mark.parametrize(
    "decision",
    [
        a_decision(DecisionKind.CHOOSE_ONE),
        a_decision(DecisionKind.CHOOSE_MANY, low=1, high=2),
        a_decision(DecisionKind.NUMBER, [], low=0, high=3),
        a_decision(DecisionKind.ORDER),
        a_decision(DecisionKind.ASSIGN, amount=4),
    ],
    ids=lambda d: d.kind.value,
)
def test_every_default_passes_validation(decision: Decision):
    for choice in minimal_choices(decision):
        validate(decision, choice)


def default_play(game, seats: int, seed: int, max_steps: int) -> tuple[object, int]:
    """Every seat absent: each step answers the first open decision with the first default the rules take."""
    state = game.setup(Config(seats=game.seat_names(seats)), seed)
    for step in range(max_steps):
        if game.outcome(state) is not None:
            return state, step
        decision = game.pending(state)[0]
        for answer in game.default_answers(state, decision):
            assert isinstance(answer, Answer) and answer.decision == decision.id
            try:
                state = game.apply(state, decision.seat, answer).state
                break
            except RuleError:
                continue
        else:
            raise AssertionError(f"no default accepted for {decision}")
    raise AssertionError(f"{game.name}: a table of absent players did not finish in {max_steps} steps")


@pytest.mark.parametrize("game", ENGINES, ids=lambda g: g.name)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_table_of_absent_players_always_goes_on_and_ends(game, seed: int):
    seats = game.min_seats + seed % (game.max_seats - game.min_seats + 1)
    state, steps = default_play(game, seats, seed, max_steps=20_000)
    assert game.outcome(state) is not None and steps > 0
