"""War of the Ring: The Card Game (spec: ../shared/specs/wotrcg.md, seed 003)."""

from engines.wotr.cards import builtin
from engines.wotr.game import Wotr

GAME = Wotr(builtin())

__all__ = ["GAME", "Wotr"]
