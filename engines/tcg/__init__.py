"""The Decipher Lord of the Rings Trading Card Game (spec: ../shared/specs/tcg.md, seed 002)."""

from engines.tcg.cards import builtin
from engines.tcg.game import Tcg

GAME = Tcg(builtin())

__all__ = ["GAME", "Tcg"]
