"""`python -m bot cards coverage meq`: what the engine scripts (combat abilities, cards, missions) and what is
still resolved by hand with `adjust`, by kind (engines/meq/scripts.py)."""

from __future__ import annotations

from engines.meq import scripts


def report(show_all: bool = False) -> str:
    lines = []
    for kind, names in scripts.coverage().items():
        lines.append(f"Middle-earth Quest, {kind}: {len(names)}")
        if names and (show_all or "by hand" in kind):
            lines.append("  " + ", ".join(names))
    return "\n".join(lines)
