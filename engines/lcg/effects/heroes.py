"""The Core Set's heroes."""

from __future__ import annotations

from engines.core import Card
from engines.lcg.effects.registry import T


def enemy_revealed(turn: T, card: Card) -> None:
    """Thalin: while he is committed to the quest, each enemy revealed from the encounter deck takes 1 damage."""
