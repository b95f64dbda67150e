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


def test_a_payment_the_rules_made_alone_is_that_step_of_the_chain() -> None:
    """The planning prompt's own example, `play <card> then <payment> then ...`, for a card only one hero can pay
    for (its sphere's, RR p.13): the rules take the cost from that hero without asking, and the chain reads the
    payment step as what they took, then goes on with the next step as typed alone after it. The whole command
    was refused before: the payment step was read as the answer to the question after it."""
    state = started(1, seed=3)
    plan = state.decisions[0]
    heroes = {h.uid: h for h in state.player("p1").play.cards if h.tokens.get("resource")}
    for option in (o for o in plan.options if o.id != "pass"):
        one = GAME.apply(state, "p1", GAME.parse(f"play {option.id}"))
        paid = {uid: h.tokens["resource"] - (next(c for c in one.state.player("p1").play.cards if c.uid == uid)
                                              .tokens.get("resource", 0)) for uid, h in heroes.items()}
        if not any(d.context.startswith("pay:") for d in one.state.decisions) and any(paid.values()):
            break
    else:
        raise AssertionError("no play in this hand is paid without asking")
    shares = " ".join(f"{uid}={n}" for uid, n in paid.items() if n)
    (after,) = [d for d in one.state.decisions if d.seat == "p1"]
    passed = GAME.apply(one.state, "p1", Answer(decision=after.id, choice=(after.options[0].id,)))
    chained = GAME.apply(state, "p1", GAME.parse(f"play {option.id} then {shares} then {after.options[0].id}"))
    assert GAME.dumps(chained.state) == GAME.dumps(passed.state)
    assert [e.text for e in chained.events] == [e.text for e in one.events + passed.events]


def test_a_pass_the_standing_order_made_is_that_step_of_the_chain() -> None:
    """The README's own example, `play c23 then c1=2 then pass`: with nothing left to play, the standing order
    (autopass) ends the planning turn without asking, and the chain reads its 'pass' as that. Found playing: the
    whole command was refused, or went through, depending on whether another card was still playable."""
    state = started(1, seed=3)
    uid, pay = _paid_play(state)
    player = state.player("p1")
    player.hand.cards = [c for c in player.hand.cards if c.uid == uid]  # the last card to play
    plan = state.decisions[0]
    plan.options = [o for o in plan.options if o.id in (uid, "pass")]
    one = GAME.apply(state, "p1", GAME.parse(f"play {uid}"))
    two = GAME.apply(one.state, "p1", pay)
    assert not any(d.context == "plan" and d.seat == "p1" for d in two.state.decisions)  # done planning, unasked
    chained = GAME.apply(state, "p1", GAME.parse(f"play {uid} then {' '.join(pay.choice)} then pass"))
    assert GAME.dumps(chained.state) == GAME.dumps(two.state)
