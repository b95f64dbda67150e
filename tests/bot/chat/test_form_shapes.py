"""Every form the engines' decisions make is one Discord shows (simcord checks its limits: five parts, labels of
45 characters, custom_ids of 100), and an order, a number or a share-out sent as first shown is an answer the
rules take: the prefill is never a trap. (A long choice starts with nothing chosen: the player chooses.)"""

from __future__ import annotations

import pytest
from simcord.components import validate_modal

from bot.chat.forms import modal_of
from bot.service.forms import Sent, form_of, read
from engines import registry
from engines.core import Decision, DecisionKind, Option, minimal_choices
from engines.core.decisions import accepts
from tests.bot.chat.test_decision_ids import DECISION_ID, GAME_ID, decisions_of_random_play

registry.load()
FORM_ID = f"wm:g{GAME_ID}:d{DECISION_ID}:habcdefgh:f"


def decisions_with_forms(name: str) -> list[Decision]:
    """The decisions with a form asked in a few random games of `name`, one of each shape."""
    return decisions_of_random_play(name, 4, 2000, kind=lambda d: (d.kind, d.low, d.high, d.amount,
                                                                   *(o.label for o in d.options)),
                                    wanted=lambda d: form_of(d) is not None)


def as_shown(decision: Decision) -> Sent:
    """What each field of the decision's form holds when it is first shown."""
    form = form_of(decision)
    assert form is not None
    return {f.id: (f.text,) if f.text is not None else f.chosen for f in form.fields}


def check(decision: Decision) -> None:
    form = form_of(decision)
    assert form is not None
    validate_modal(modal_of(FORM_ID, form).to_dict())  # raises where Discord would refuse it
    filled = decision.kind in (DecisionKind.ORDER, DecisionKind.NUMBER, DecisionKind.ASSIGN)  # a choice is not
    if filled and accepts(decision, next(iter(minimal_choices(decision)), ())):  # the kernel's simplest answers
        assert accepts(decision, read(decision, as_shown(decision))), (decision, as_shown(decision))


@pytest.mark.parametrize("name", ["lcg", "tcg", "wotr", "meq"])
def test_every_form_of_random_play_is_one_discord_shows_and_sent_as_shown_answers(name: str) -> None:
    decisions = decisions_with_forms(name)
    assert {d.kind for d in decisions} >= {"lcg": {DecisionKind.ASSIGN}, "tcg": {DecisionKind.ASSIGN},
                                          "wotr": {DecisionKind.ORDER},
                                          "meq": {DecisionKind.NUMBER, DecisionKind.ORDER}}[name]
    for d in decisions:
        check(d)


@pytest.mark.parametrize("size", [1, 2, 4, 5, 9, 40])
@pytest.mark.parametrize("kind", [DecisionKind.ORDER, DecisionKind.ASSIGN, DecisionKind.NUMBER])
def test_forms_of_every_size_fit(kind: DecisionKind, size: int) -> None:
    long_label = "Gondorian Captain defends against Morgul Destroyer, exhausted, with two shadow cards"
    options = [Option(id=f"c{i}", label=f"{long_label} {i}", cap=None if i % 2 else 3) for i in range(size)]
    decision = Decision(id=DECISION_ID, seat="p1", kind=kind, prompt="A question " * 60, low=0, high=size,
                        amount=size + 1, options=[] if kind is DecisionKind.NUMBER else options)
    check(decision)


@pytest.mark.parametrize("size", [26, 60, 101, 125])
@pytest.mark.parametrize("kind", [DecisionKind.CHOOSE_MANY, DecisionKind.CHOOSE_ONE, DecisionKind.ACT_OR_PASS])
def test_long_choices_of_every_size_fit(kind: DecisionKind, size: int) -> None:
    options = [Option(id=f"play-c{i}-reserve", label=f"Play Mordor Orcs number {i} to reserve " * 3)
               for i in range(size)]
    check(Decision(id=DECISION_ID, seat="p1", kind=kind, prompt="Action step " * 30, low=0, high=30,
                   options=options))


def test_a_choice_that_fits_one_menu_or_overflows_five_has_no_form() -> None:
    for size in (25, 126):
        options = [Option(id=f"c{i}", label=f"Camp {i}") for i in range(size)]
        assert form_of(Decision(id=1, seat="p1", kind=DecisionKind.CHOOSE_MANY, prompt="?", options=options)) is None
