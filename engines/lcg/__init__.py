"""The Lord of the Rings: The Card Game (spec: ../shared/specs/lcg.md)."""

from engines.lcg.game import Lcg
from engines.lcg.library import builtin

GAME = Lcg(builtin())

__all__ = ["GAME", "Lcg"]
