"""`python -m bot cards coverage tcg`: per built-in deck, the cards whose text is scripted and those still
resolved by hand with `adjust` (engines/tcg/scripts.py is the registry)."""

from __future__ import annotations

from engines.tcg import GAME, scripts
from engines.tcg.decks import builtin_decks, starter


def report(show_all: bool = False) -> str:
    lines = []
    for key, listed in builtin_decks().items():
        deck = starter(key, GAME.cards)
        ids = sorted({deck.ring_bearer, deck.ring, *deck.sites.values(), *deck.draw, *deck.starting})
        with_text = [GAME.cards[i] for i in ids if GAME.cards[i].has_text]
        by_hand = sorted({c.name for c in scripts.unscripted(with_text)})
        scripted = sorted({c.name for c in with_text} - set(by_hand))
        lines.append(f"{listed.name}: {len(ids)} different cards, {len(with_text)} with text: "
                     f"{len(scripted)} scripted, {len(by_hand)} by hand")
        if show_all and scripted:
            lines.append("  scripted: " + ", ".join(scripted))
        if by_hand:
            lines.append("  by hand: " + ", ".join(by_hand))
    return "\n".join(lines)
