"""`python -m bot cards coverage lcg`: per pack, the cards whose effects are scripted, those with nothing to
script (keywords and numbers only) and those still resolved by hand, from the built-in library and any pack
in PACK_DIR."""

from __future__ import annotations

from engines.lcg import GAME, effects


def report(show_all: bool = False) -> str:
    lines = []
    for pack, groups in effects.report(GAME.library.cards.values()).items():
        counts = ", ".join(f"{len(cards)} {name}" for name, cards in groups.items())
        lines.append(f"{pack}: {sum(len(c) for c in groups.values())} cards: {counts}")
        for name, cards in groups.items():
            if cards and (show_all or name == effects.BY_HAND):
                lines.append(f"  {name}: " + ", ".join(cards))
    return "\n".join(lines)
