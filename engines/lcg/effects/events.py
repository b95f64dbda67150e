"""The Core Set's events: Actions played in action windows and Responses offered at their moments."""

from __future__ import annotations

from engines.core import Card
from engines.lcg.effects.registry import T


def after_travel(turn: T, location: Card) -> None:
    """Responses to travelling (Strength of Will)."""


def phase_ends(turn: T, phase: str) -> None:
    """End-of-phase effects of these cards."""
