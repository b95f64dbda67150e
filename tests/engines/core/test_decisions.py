"""Answer validation: one place checks every answer against its decision, so every game refuses a bad
answer with the same clear words and hands the rules a normalized choice."""

from __future__ import annotations

import pytest

from engines.core import PASS, Answer, BaseState, Decision, DecisionKind, Option, RuleError, Turn, validate

HEROES = [Option(id="o1", label="Aragorn"), Option(id="o2", label="Gimli"), Option(id="o3", label="Legolas")]


def a_decision(
    kind: DecisionKind, options: list[Option] | None = None, *, low: int = 1, high: int = 1, amount: int = 0
) -> Decision:
    return Decision(id=17, seat="p1", kind=kind, prompt="Commit characters to the quest",
                    options=list(HEROES if options is None else options), low=low, high=high, amount=amount)


def refused(decision: Decision, *choice: str) -> str:
    """The words the player reads when `choice` is refused."""
    with pytest.raises(RuleError) as info:
        validate(decision, choice)
    assert str(info.value) == info.value.message
    return info.value.message


# --- Decision.option and Answer ----------------------------------------------------------------------


def test_an_option_is_found_by_its_id() -> None:
    """Given a decision, when an option id is looked up, then its option is returned."""
    assert a_decision(DecisionKind.CHOOSE_ONE).option("o2").label == "Gimli"


def test_an_unknown_option_is_refused_with_the_list_of_known_ones() -> None:
    """Given a decision, when an unknown id is looked up, then the refusal names the id, the decision and
    every option with its label."""
    with pytest.raises(RuleError) as info:
        a_decision(DecisionKind.CHOOSE_ONE).option("o9")
    assert info.value.message == (
        "'o9' is not an option of decision 17. The options are: o1 (Aragorn), o2 (Gimli), o3 (Legolas)."
    )


def test_an_answer_writes_itself_as_the_answer_command() -> None:
    """Given an answer to decision 17 choosing o1 and o3, then its text is 'answer 17 o1 o3'."""
    assert Answer(decision=17, choice=("o1", "o3")).text() == "answer 17 o1 o3"


# --- choose one and act-or-pass ---------------------------------------------------------------------


@pytest.mark.parametrize("kind", [DecisionKind.CHOOSE_ONE, DecisionKind.ACT_OR_PASS])
def test_choosing_one_known_option_is_accepted(kind: DecisionKind) -> None:
    """Given a choose-one decision, when one known option is chosen, then the answer stands as given."""
    assert validate(a_decision(kind), ("o2",)) == ("o2",)


@pytest.mark.parametrize("kind", [DecisionKind.CHOOSE_ONE, DecisionKind.ACT_OR_PASS])
@pytest.mark.parametrize("choice", [(), ("o1", "o2"), ("o1", "o1")])
def test_choosing_none_or_several_is_refused(kind: DecisionKind, choice: tuple[str, ...]) -> None:
    """Given a choose-one decision, when zero or two options are given, then it is refused with the
    decision's prompt."""
    message = refused(a_decision(kind), *choice)
    assert message == "Choose exactly one option for: Commit characters to the quest"


@pytest.mark.parametrize("kind", [DecisionKind.CHOOSE_ONE, DecisionKind.ACT_OR_PASS])
def test_choosing_an_unknown_option_lists_the_known_ones(kind: DecisionKind) -> None:
    """Given a choose-one decision, when an unknown option is chosen, then the refusal lists the
    options."""
    message = refused(a_decision(kind), "o4")
    assert "'o4' is not an option" in message
    assert "o1 (Aragorn), o2 (Gimli), o3 (Legolas)" in message


def test_pass_is_an_answer_when_the_decision_offers_it() -> None:
    """Given an act-or-pass decision offering a pass, when the player passes, then it is accepted."""
    decision = a_decision(DecisionKind.ACT_OR_PASS, [*HEROES, Option(id=PASS, label="Pass")])
    assert validate(decision, (PASS,)) == ("pass",)


def test_pass_is_refused_when_the_decision_does_not_offer_it() -> None:
    """Given an act-or-pass decision without a pass option, when the player passes, then it is refused
    like any unknown option."""
    assert "'pass' is not an option" in refused(a_decision(DecisionKind.ACT_OR_PASS), PASS)


# --- choose many -----------------------------------------------------------------------------------


@pytest.mark.parametrize("choice", [("o1",), ("o3", "o1"), ("o1", "o2", "o3")])
def test_choosing_within_the_limits_is_accepted_in_the_given_order(choice: tuple[str, ...]) -> None:
    """Given 'choose 1 to 3', when 1, 2 or 3 distinct options are chosen, then the answer stands as given."""
    decision = a_decision(DecisionKind.CHOOSE_MANY, low=1, high=3)
    assert validate(decision, choice) == choice


def test_choosing_nothing_is_allowed_when_the_minimum_is_zero() -> None:
    """Given 'choose 0 to 2' (commit nobody), when nothing is chosen, then the empty answer stands."""
    assert validate(a_decision(DecisionKind.CHOOSE_MANY, low=0, high=2), ()) == ()


def test_choosing_too_few_or_too_many_is_refused_with_the_limits() -> None:
    """Given 'choose 2 to 2', when one or three are chosen, then the refusal states the limits."""
    decision = a_decision(DecisionKind.CHOOSE_MANY, low=2, high=2)
    expected = "Choose exactly 2 options for: Commit characters to the quest (for example 'o1 o2')."
    assert refused(decision, "o1") == expected
    assert refused(decision, "o1", "o2", "o3") == expected
    assert refused(decision) == expected


def test_choosing_the_same_option_twice_is_refused() -> None:
    """Given 'choose 1 to 3', when o1 is given twice, then it is refused as a duplicate even though the
    count is within limits."""
    decision = a_decision(DecisionKind.CHOOSE_MANY, low=1, high=3)
    assert refused(decision, "o1", "o1") == "You chose the same option twice."


def test_choosing_many_with_an_unknown_option_lists_the_known_ones() -> None:
    """Given 'choose 1 to 3', when one of the ids is unknown, then the refusal names it and lists the
    options."""
    message = refused(a_decision(DecisionKind.CHOOSE_MANY, low=1, high=3), "o1", "o7")
    assert message.startswith("'o7' is not an option of decision 17.")
    assert "o2 (Gimli)" in message


# --- number ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "normal"), [("0", "0"), ("3", "3"), ("5", "5"), ("05", "5"), ("-0", "0")])
def test_a_number_in_range_is_accepted_and_normalized(text: str, normal: str) -> None:
    """Given 'a number from 0 to 5', when a number in range is given, then it is accepted in its plain
    form."""
    decision = a_decision(DecisionKind.NUMBER, [], low=0, high=5)
    assert validate(decision, (text,)) == (normal,)


def test_a_negative_range_accepts_negative_numbers() -> None:
    """Given 'a number from -3 to 3', when -2 is given, then it is accepted."""
    assert validate(a_decision(DecisionKind.NUMBER, [], low=-3, high=3), ("-2",)) == ("-2",)


@pytest.mark.parametrize("text", ["6", "-1", "100"])
def test_a_number_out_of_range_is_refused_with_the_range(text: str) -> None:
    """Given 'a number from 0 to 5', when a number outside it is given, then the refusal names the
    number and the range."""
    message = refused(a_decision(DecisionKind.NUMBER, [], low=0, high=5), text)
    assert message == f"{int(text)} is out of range: choose between 0 and 5."


@pytest.mark.parametrize(
    "choice",
    [(), ("three",), ("2", "3"), ("",), ("-",), ("--5",), ("2.5",), ("+3",), ("²",), ("٣",), ("0x3",)],
)
def test_something_that_is_not_one_plain_number_is_refused(choice: tuple[str, ...]) -> None:
    """Given 'a number from 0 to 5', when the answer is not exactly one plain whole number (a word, two
    numbers, a stray sign, a superscript or non-ASCII digit), then it is refused with RuleError, never a
    crash."""
    message = refused(a_decision(DecisionKind.NUMBER, [], low=0, high=5), *choice)
    assert message == "Answer with one number between 0 and 5."


# --- order -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("choice", [("o1", "o2", "o3"), ("o3", "o1", "o2")])
def test_every_option_in_some_order_is_accepted_as_given(choice: tuple[str, ...]) -> None:
    """Given 'put these three in order', when all three are given once, then the order stands."""
    assert validate(a_decision(DecisionKind.ORDER), choice) == choice


@pytest.mark.parametrize(
    "choice",
    [
        ("o1", "o2"),  # one missing
        ("o1", "o1", "o2"),  # one twice, one missing
        ("o1", "o2", "o3", "o3"),  # one twice
        ("o1", "o2", "o3", "o4"),  # an unknown extra
        ("o1", "o2", "o9"),  # an unknown in place of a known one
        (),
    ],
)
def test_an_order_that_is_not_every_option_once_is_refused(choice: tuple[str, ...]) -> None:
    """Given 'put these three in order', when one is missing, repeated or unknown, then it is refused."""
    expected = "Put every option in order, each exactly once (for example 'o1 o2 o3')."
    assert refused(a_decision(DecisionKind.ORDER), *choice) == expected


# --- assign ----------------------------------------------------------------------------------------


def test_an_assignment_adding_up_to_the_amount_is_accepted_and_normalized() -> None:
    """Given '3 damage to assign', when 2 and 1 are assigned (one written '01'), then the answer is
    accepted in plain form."""
    decision = a_decision(DecisionKind.ASSIGN, amount=3)
    assert validate(decision, ("o2=2", "o3=01")) == ("o2=2", "o3=1")


def test_a_target_may_get_zero_or_be_left_out() -> None:
    """Given '3 damage to assign', when one target takes all 3 and another is given 0, then it is
    accepted."""
    decision = a_decision(DecisionKind.ASSIGN, amount=3)
    assert validate(decision, ("o1=3", "o2=0")) == ("o1=3", "o2=0")
    assert validate(decision, ("o1=3",)) == ("o1=3",)


def test_assigning_nothing_when_there_is_nothing_to_assign() -> None:
    """Given 0 to assign, when nothing is assigned, then the empty answer stands."""
    assert validate(a_decision(DecisionKind.ASSIGN, amount=0), ()) == ()


@pytest.mark.parametrize(("choice", "total"), [(("o1=1", "o2=1"), 2), (("o1=3", "o2=1"), 4), ((), 0)])
def test_an_assignment_with_the_wrong_total_is_refused_with_both_totals(
    choice: tuple[str, ...], total: int
) -> None:
    """Given '3 damage to assign', when too little or too much is assigned, then the refusal says how
    much was needed and how much was given."""
    message = refused(a_decision(DecisionKind.ASSIGN, amount=3), *choice)
    assert message == f"Assign exactly 3 in all (you assigned {total})."


@pytest.mark.parametrize("part", ["o1", "o1:3", "o1=", "o1=x", "o1=-1", "o1=1.5", "o1=²"])
def test_a_malformed_assignment_is_refused_quoting_it(part: str) -> None:
    """Given '3 damage to assign', when a part is not target=amount with a whole amount of at least 0,
    then the refusal quotes the bad part."""
    message = refused(a_decision(DecisionKind.ASSIGN, amount=3), part, "o2=3")
    assert message == f"Write each assignment as target=amount, not '{part}'."


def test_assigning_to_a_target_twice_is_refused() -> None:
    """Given '3 damage to assign', when o1 is named twice (even adding up to 3), then it is refused."""
    assert refused(a_decision(DecisionKind.ASSIGN, amount=3), "o1=1", "o1=2") == "o1 is assigned twice."


def test_assigning_to_an_unknown_target_lists_the_known_ones() -> None:
    """Given '3 damage to assign', when an unknown target is named, then the refusal lists the
    options."""
    message = refused(a_decision(DecisionKind.ASSIGN, amount=3), "o5=3")
    assert message.startswith("'o5' is not an option of decision 17.")
    assert "o1 (Aragorn)" in message


def test_validate_handles_every_kind_of_decision() -> None:
    """Given one valid answer per kind, when validated, then each kind is understood (a new kind without
    validation would fail here)."""
    valid: dict[DecisionKind, tuple[str, ...]] = {
        DecisionKind.CHOOSE_ONE: ("o1",),
        DecisionKind.CHOOSE_MANY: ("o1",),
        DecisionKind.NUMBER: ("1",),
        DecisionKind.ORDER: ("o1", "o2", "o3"),
        DecisionKind.ASSIGN: ("o1=1",),
        DecisionKind.ACT_OR_PASS: ("o1",),
    }
    assert set(valid) == set(DecisionKind)
    for kind, choice in valid.items():
        assert validate(a_decision(kind, amount=1), choice) == choice


def test_options_that_read_the_same_are_told_apart_by_their_ids() -> None:
    """Found playing the TCG with two Gondorian Captains: two buttons read "Gondorian Captain defends against
    Morgul Destroyer". Options of one decision whose labels are the same show their ids; the others are left."""
    turn = Turn(state=BaseState(seats=["p1"]), seat="p1")
    same = "Gondorian Captain defends against Morgul Destroyer"
    asked = turn.ask("p1", DecisionKind.CHOOSE_ONE, "Assign", [
        Option(id="m1>c75", label=same), Option(id="m1>c92", label=same), Option(id="pass", label="Pass")])
    assert [o.label for o in asked.options] == [f"m1>c75: {same}", f"m1>c92: {same}", "Pass"]  # (cut at 80)
    apart = turn.ask("p1", DecisionKind.CHOOSE_ONE, "Pick", [Option(id="a", label="A"), Option(id="b", label="B")])
    assert [o.label for o in apart.options] == ["A", "B"]


def test_a_refusal_lists_a_twin_option_with_its_id_once() -> None:
    """Options told apart by their ids read "c107: Forest Spider" on a button; the refusal, which writes each id
    beside its label, lists them as "c107 (Forest Spider)", not "c107 (c107: Forest Spider)"."""
    turn = Turn(state=BaseState(seats=["p1"]), seat="p1")
    asked = turn.ask("p1", DecisionKind.CHOOSE_ONE, "Which enemy attacks you next?", [
        Option(id="c107", label="Forest Spider"), Option(id="c108", label="Forest Spider"),
        Option(id="c9", label="Dol Guldur Orcs")])
    said = refused(asked, "c1")
    assert "The options are: c107 (Forest Spider), c108 (Forest Spider), c9 (Dol Guldur Orcs)." in said
    assert "c107 (c107" not in said


def test_a_name_typed_for_its_id_is_refused_with_the_id_it_meant() -> None:
    """Found playing MEQ: the Black Serpent's move option 'pelagir' reads Pelargir, and typing the name was refused
    as unknown. It is still refused (the journal keeps ids), but the refusal names the option it matches."""
    decision = Decision(id=7, seat="p1", kind=DecisionKind.CHOOSE_ONE, prompt="Move where?", options=[
        Option(id="pelagir", label="Pelargir"), Option(id="sea-of-udun", label="Plains of Udûn")])
    assert "Did you mean 'pelagir' (Pelargir)?" in refused(decision, "pelargir")
    assert "Did you mean 'sea-of-udun' (Plains of Udûn)?" in refused(decision, "Plains-of-Udun")
    assert "Did you mean" not in refused(decision, "mordor")
