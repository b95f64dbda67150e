"""Small fixtures for MEQ tests: a game set up with chosen heroes, and helpers to answer its decisions."""

from __future__ import annotations

from typing import Any

from engines.core import Answer, Config, Decision, Turn
from engines.meq import GAME
from engines.meq.cards import index
from engines.meq.state import MeqState


def a_table(heroes: str = "argalad,beravor", **options: Any) -> MeqState:
    seats = GAME.seat_names(1 + len(heroes.split(",")))
    return GAME.setup(Config(seats=seats, options={"heroes": heroes, **options}), 7)


def turn_on(state: MeqState) -> Turn[MeqState]:
    return Turn(state=state, seat="")


def open_decision(state: MeqState, context: str) -> Decision:
    found = [d for d in state.decisions if d.context.split(":")[0] == context]
    assert found, f"no open '{context}' decision; open: {[d.context for d in state.decisions]}"
    return found[0]


def answer(state: MeqState, context: str, *choice: str) -> MeqState:
    d = open_decision(state, context)
    return GAME.apply(state, d.seat, Answer(decision=d.id, choice=tuple(choice))).state


def card(state: MeqState, ref: str) -> Any:
    """A new card of definition `ref` (a combat card id)."""
    return state.new_card(index().combat[ref].name, ref)
