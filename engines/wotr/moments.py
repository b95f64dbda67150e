"""Named moments: where the rules hand over to card text they do not know (DESIGN: rules fire named moments
and card effects register for them, so the rules never import the card families; issue 15).

A moment is a queued demand whose verb a card family owns: "chainstart" and "chain" (a "draw N, play some,
cycle the rest" text, L336-339), "draw-dead" (a draw sized when it happens). The round fires it through
`fire`; `engines.wotr.effects` registers the handlers with `on` when it is imported."""

from __future__ import annotations

from collections.abc import Callable

from engines.core import Turn
from engines.wotr.state import WotrState

T = Turn[WotrState]
Moment = Callable[[T, str], None]  # (the turn, the whole queued task, verb and arguments)
MOMENTS: dict[str, Moment] = {}


def on(name: str) -> Callable[[Moment], Moment]:
    """Register the handler of a named moment (one per name: a second registration is a bug)."""

    def register(fn: Moment) -> Moment:
        if name in MOMENTS and MOMENTS[name] is not fn:
            raise ValueError(f"the moment {name!r} already has a handler")
        MOMENTS[name] = fn
        return fn

    return register


def fire(turn: T, name: str, task: str) -> bool:
    """Run the handler of `name` with the task; False if no card family answers that moment."""
    handler = MOMENTS.get(name)
    if handler is None:
        return False
    handler(turn, task)
    return True
