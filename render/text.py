"""A View as plain text: the console's board, a Discord embed's body, and a screen reader's view of the
image. Hidden cards appear as backs; this module sees only views, never state."""

from __future__ import annotations

from engines.core import NONE, CardView, Decision, DecisionKind, View, ZoneView


def card_text(card: CardView) -> str:
    if card.name is None:
        text = f"[{card.back or 'card'} face down]"
    else:
        text = card.name
        marks = [f"{v} {k}" for k, v in card.tokens.items() if v] + list(card.flags)
        if marks:
            text += f" ({', '.join(marks)})"
    if card.attached:
        text += " + " + ", ".join(card_text(a) for a in card.attached)
    return text


def zone_text(zone: ZoneView, with_owner: bool = True) -> str:
    owner = f"{zone.owner} " if zone.owner and with_owner else ""
    if not zone.cards:
        return f"{owner}{zone.name}: {zone.count} card{'s' if zone.count != 1 else ''}"
    return f"{owner}{zone.name} ({zone.count}): " + "; ".join(card_text(c) for c in zone.cards)


def view_text(view: View) -> str:
    lines = [view.title, view.status]
    lines += [zone_text(z) for z in view.table]
    if view.counters:
        lines.append(", ".join(f"{k} {v}" for k, v in view.counters.items()))
    for seat in view.seats:
        counters = ", ".join(f"{k} {v}" for k, v in seat.counters.items())
        lines.append(f"{seat.seat}: {counters}" if counters else seat.seat)
    lines += [f"Your {zone_text(z, with_owner=False)}" for z in view.private]
    lines += [decision_text(d) for d in view.decisions]
    return "\n".join(lines)


def decision_text(d: Decision) -> str:
    """`Decision 7 (choose_one): Choose a defender [o1=Gimli, pass=No defender]`: what is asked and the answers."""
    options = ", ".join(f"{o.id}={o.label}" for o in d.options)
    if d.kind is DecisionKind.CHOOSE_MANY and d.low == 0 and d.options:
        options += f", or '{NONE}' for none of them"  # else nothing tells how to choose nothing
    return f"Decision {d.id} ({d.kind.value}): {d.prompt}" + (f" [{options}]" if options else "")
