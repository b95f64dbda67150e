"""The plain-text decision line (console, Discord text): it says how to write an answer that a bare option id
would not satisfy, so a new player does not learn the format from a refusal."""

from __future__ import annotations

from engines.core import Decision, DecisionKind, Option, RuleError, validate
from render.text import decision_text


def test_an_assignment_says_it_is_written_as_id_equals_amount() -> None:
    d = Decision(id=9, seat="p2", kind=DecisionKind.ASSIGN, prompt="Place 1 archery wound on your minions.",
                 options=[Option(id="c125", label="Desert Runner"), Option(id="c130", label="Desert Sneak")],
                 amount=1)
    line = decision_text(d)
    assert "answer as option=amount, 1 in all, e.g. c125=1" in line
    assert validate(d, ("c125=1",)) == ("c125=1",)  # the example is a legal answer
    try:
        validate(d, ("c125",))
    except RuleError:
        pass
    else:
        raise AssertionError("a bare id is refused, which is why the line says how to write it")


def test_a_number_says_its_range_unless_the_prompt_does() -> None:
    bare = Decision(id=3, seat="p1", kind=DecisionKind.NUMBER, prompt="How many go to the Shadow Pool?", low=0,
                    high=2)
    assert decision_text(bare).endswith("(a number from 0 to 2)")
    said = Decision(id=4, seat="p2", kind=DecisionKind.NUMBER, prompt="How many do you draw (0 to 6)?", low=0,
                    high=6)
    assert "a number from" not in decision_text(said)


def test_an_optional_choice_of_many_says_none_chooses_nothing() -> None:
    d = Decision(id=8, seat="p1", kind=DecisionKind.CHOOSE_MANY, prompt="Reconcile: you may discard 1 card.",
                 options=[Option(id="c21", label="Enraged Horseman")], low=0, high=1)
    assert "'none' to choose nothing" in decision_text(d)
    assert validate(d, ()) == ()
