"""The Core Set Nightmare pack's encounter cards that are scripted so far (each one whole: all its text and
its shadow effect; the others are still resolved by hand and listed so by the coverage report), and the
scenarios' Nightmare rules cards. Their titles repeat Core Set titles with other words, so they register under
the Nightmare pack (scripts.NIGHTMARE).

One module per scenario's Nightmare encounter set, as the pack sorts them: `mirkwood` (Passage Through
Mirkwood), `anduin` (Journey Along the Anduin), `dol_guldur` (Escape from Dol Guldur). This package answers
the hooks that cards of more than one scenario share."""

from __future__ import annotations

from engines.core import Card
from engines.lcg import hooks

# Importing the scenarios' modules registers their cards' scripts and their hooks.
from engines.lcg.effects.nightmare import anduin, dol_guldur, mirkwood
from engines.lcg.state import LcgState

UNCANCELLABLE = ("Sentinel of Shadow", "Pursuit on the Shore")  # its own words forbid cancelling it


@hooks.gains_surge.register
def gains_surge(state: LcgState, card: Card) -> bool:
    """Spider of Dol Guldur surges while an unclaimed objective is in play; Anduin Troll Spawn without a Hill
    Troll in play."""
    return dol_guldur.spider_surges(state, card) or anduin.troll_spawn_surges(state, card)


__all__ = ["UNCANCELLABLE", "anduin", "dol_guldur", "gains_surge", "mirkwood"]
