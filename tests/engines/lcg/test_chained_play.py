"""A play and what it asks next in one command (issue 16, the aim is half): `play <card> then <payment> then
<host>` is the same as typing each answer after the other, and a refused step refuses the whole command."""

from __future__ import annotations

import pytest

from engines.core import Answer, RuleError
from engines.lcg import GAME
from engines.lcg.state import LcgState
from tests.engines.lcg.table import started


def _paid_play(state: LcgState) -> tuple[str, Answer]:
    """A card of p1's planning turn whose play asks how to pay, and an answer to that question."""
    plan = state.decisions[0]
    for option in plan.options:
        if option.id == "pass":
            continue
        after = GAME.apply(state, "p1", GAME.parse(f"play {option.id}")).state
        pay = next((d for d in after.decisions if d.context.startswith("pay:")), None)
        if pay is not None:
            left, shares = pay.amount, []
            for o in pay.options:
                take = min(left, o.cap or 0)
                shares.append(f"{o.id}={take}")
                left -= take
            return option.id, Answer(decision=pay.id, choice=tuple(shares))
    raise AssertionError("no play in this hand asks for its payment")


def test_a_play_with_its_payment_is_the_two_commands_in_one() -> None:
    state = started(1, seed=3)
    uid, pay = _paid_play(state)
    one = GAME.apply(state, "p1", GAME.parse(f"play {uid}"))
    two = GAME.apply(one.state, "p1", pay)
    chained = GAME.parse(f"play {uid} then {' '.join(pay.choice)}")
    assert GAME.format(chained) == f"play {uid} then {' '.join(pay.choice)}"
    step = GAME.apply(state, "p1", chained)
    assert GAME.dumps(step.state) == GAME.dumps(two.state)
    assert [e.text for e in step.events] == [e.text for e in one.events + two.events]


def test_a_refused_payment_refuses_the_play_too() -> None:
    state = started(1, seed=3)
    uid, pay = _paid_play(state)
    before = GAME.dumps(state)
    hero = pay.choice[0].split("=")[0]
    with pytest.raises(RuleError):
        GAME.apply(state, "p1", GAME.parse(f"play {uid} then {hero}=99"))
    assert GAME.dumps(state) == before
    assert uid in [c.uid for c in state.player("p1").hand.cards]


def test_the_planning_prompt_shows_how_with_a_card_of_ones_own() -> None:
    state = started(1, seed=3)
    plan = state.decisions[0]
    playable = [o.id for o in plan.options if o.id != "pass"]
    assert playable and f"'play {playable[0]} then <payment> then <next card, or pass>'" in plan.prompt
    assert plan.private
