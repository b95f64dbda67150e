"""The Core Set's allies."""

from __future__ import annotations

from engines.lcg.effects.registry import T


def phase_ends(turn: T, phase: str) -> None:
    """End-of-phase effects of these cards."""
