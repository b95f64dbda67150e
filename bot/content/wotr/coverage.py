"""`python -m bot cards coverage wotr`: the cards and locations whose text is scripted, and those resolved by
hand with `/wotr adjust` (engines/wotr/scripts.py is the registry)."""

from __future__ import annotations

from engines.wotr import GAME, scripts


def report(show_all: bool = False) -> str:
    with_text = sorted((c for c in GAME.cards.values() if c.has_text), key=lambda c: c.name)
    by_hand = {c.name for c in scripts.unscripted(with_text)}
    scripted = [c.name for c in with_text if c.name not in by_hand]
    lines = [f"War of the Ring: {len(with_text)} cards and locations with text: {len(scripted)} scripted, "
             f"{len(by_hand)} by hand"]
    if show_all:
        lines.append("  scripted: " + ", ".join(scripted))
    if by_hand:
        lines.append("  by hand: " + ", ".join(sorted(by_hand)))
    return "\n".join(lines)
