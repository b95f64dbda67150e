"""Made-to-order cards for the spec's section 7 scenarios, which name numbers ("a minion with ambush 2", "two Orcs at
4 each with damage +1") rather than cards: a printed card's facts with the scenario's numbers, no text and a new
id, so no script of the printed card joins in. The definitions go into the game's own card table (state.defs),
so the rules read them exactly as they read the pack's."""

from __future__ import annotations

import dataclasses

from engines.core import Answer
from engines.tcg import GAME
from engines.tcg.state import TcgState


def made(state: TcgState, ref: str, key: str, **changes: object) -> str:
    """A card like `ref` with `changes` (strength=4, keywords=("fierce",)...), without text; returns its id."""
    card_id = f"t_{key}"
    state.defs[card_id] = dataclasses.replace(state.defs[ref], id=card_id, has_text=False, **changes)  # type: ignore[arg-type]
    return card_id


def decide(state: TcgState, seat: str, *choice: str) -> TcgState:
    """Answer `seat`'s open decision (through GAME.apply, so the option must be offered)."""
    d = next(d for d in state.decisions if d.seat == seat)
    return GAME.apply(state, seat, Answer(decision=d.id, choice=choice)).state


def pass_until(state: TcgState, context: str, limit: int = 20) -> TcgState:
    """Every open action window passed until a decision of `context` is open (or the game ends)."""
    for _ in range(limit):
        if state.outcome is not None or state.decisions[0].context == context:
            return state
        d = state.decisions[0]
        assert d.context == "act", f"stuck at {d.context}: {d.prompt}"
        state = decide(state, d.seat, "pass")
    raise AssertionError(f"no {context} decision after {limit} passes")


__all__ = ["decide", "made", "pass_until"]
