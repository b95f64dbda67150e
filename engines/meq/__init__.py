"""Middle-earth Quest (spec: ../shared/specs/meq.md, seed 004): Sauron against one to three heroes, on a map."""

from engines.meq.game import Meq

GAME = Meq()

__all__ = ["GAME", "Meq"]
