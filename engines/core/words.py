"""How a list of card names is written for the table to read."""

from __future__ import annotations

from collections.abc import Iterable

CARD_SEPARATOR = "; "


def card_list(names: Iterable[str], nothing: str = "") -> str:
    """Card names as a list to read, `nothing` if there are none: "; " between them, since a card's own name may
    hold a comma ("Úlairë Otsëa, Black-Mantled Wraith", "Nenya, Ring of Adamant", "Peace, and Thought"), and with
    ", " four cards discarded read as five."""
    return CARD_SEPARATOR.join(names) or nothing
