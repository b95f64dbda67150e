"""Small fixtures for TCG rules tests: a started game, cards put where a scenario needs them."""

from __future__ import annotations

from engines.core import Answer, Card, Config, Turn
from engines.tcg import GAME
from engines.tcg import procedures as proc
from engines.tcg.state import TcgState


def a_game(seats: int = 2, **options: str | bool) -> TcgState:
    return GAME.setup(Config(seats=GAME.seat_names(seats), options={"first_player": "p1", **options}), 7)


def answer(state: TcgState, option: str, *more: str) -> TcgState:
    """Answer the only open decision (or the first) with the given option ids."""
    d = state.decisions[0]
    return GAME.apply(state, d.seat, Answer(decision=d.id, choice=(option, *more))).state


def put(state: TcgState, ref: str, zone: str, seat: str = "p1", on: Card | None = None) -> Card:
    """A new card of definition `ref` in `zone` ("fellowship", "support", "hand", "minions") or borne by `on`."""
    card = state.new_card(ref, seat)
    if on is not None:
        on.attached.append(card)
    elif zone == "minions":
        state.minions.cards.append(card)
    else:
        getattr(state.player(seat), zone).cards.append(card)
    return card


def turn_of(state: TcgState, seat: str = "p1") -> Turn[TcgState]:
    return Turn(state=state, seat=seat)


def option_ids(state: TcgState) -> list[str]:
    return [o.id for o in state.decisions[0].options]


__all__ = ["a_game", "answer", "option_ids", "proc", "put", "turn_of"]
