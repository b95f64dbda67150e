"""A View as plain text: the console's board, a Discord embed's body, and a screen reader's view of the
image. Hidden cards appear as backs; this module sees only views, never state. A view that names its players
(`View.names`) is written with them: 'alice (p1): threat 29', 'waiting on alice' (render/players.py)."""

from __future__ import annotations

from collections.abc import Mapping

from engines.core import CardView, Decision, DecisionKind, View, ZoneView, card_list, plain_label
from render import players


def card_text(card: CardView) -> str:
    if card.name is None:
        text = f"[{card.back or 'card'} face down]"
    else:
        text = card.name
        marks = [f"{v} {counted(k, v)}" for k, v in card.tokens.items() if v] + list(card.flags)
        if marks:
            text += f" ({', '.join(marks)})"
    if card.attached:
        # " + " before each attachment, not ", " between them: an attachment's name may hold a comma
        text += "".join(f" + {card_text(a)}" for a in card.attached)
    return text


# Tokens that are count nouns take an s past one ("2 resources", "2 wounds"); the others are read as they are
# ("3 damage", "2 progress", "2 time", WotR's "atk", the TCG's "rohan").
COUNTED = frozenset({"resource", "wound", "burden", "token"})


def counted(kind: str, n: int) -> str:
    """`kind` for `n` of it; a key already plural (the TCG's "wounds") reads "1 wound", not "1 wounds"."""
    one = kind[:-1] if kind.endswith("s") and kind[:-1] in COUNTED else kind
    return f"{one}s" if n != 1 and one in COUNTED else one


def zone_text(zone: ZoneView, with_owner: bool = True, names: Mapping[str, str] | None = None) -> str:
    owner = f"{players.with_seat(names or {}, zone.owner)} " if zone.owner and with_owner else ""
    if not zone.cards:
        return f"{owner}{zone.name}: {zone.count} card{'s' if zone.count != 1 else ''}"
    return f"{owner}{zone.name} ({zone.count}): " + card_list(card_text(c) for c in zone.cards)


def zone_label(zone: ZoneView) -> str:
    """What a player calls a zone of the table: 'p1 discard', 'encounter discard', 'staging area'."""
    return f"{zone.owner} {zone.name}" if zone.owner else zone.name


def look_text(view: View, wanted: str) -> str:
    """`look <zone>`: the table's zones whose name holds every word asked ('discard': every discard pile), each
    with all its cards. Only `view.table` is searched, so a public view shows public zones alone, hidden
    cards as backs and decks as counts; nothing asked lists the zones there are."""
    words = wanted.lower().split()
    found = [z for z in view.table if all(w in zone_label(z).lower() for w in words)] if words else []
    if found:
        return "\n".join(zone_text(z) for z in found)
    zones = ", ".join(zone_label(z) for z in view.table)
    return (f"No zone is called '{wanted.strip()}'. " if words else "") + f"Zones: {zones}."


def view_text(view: View) -> str:
    names = view.names
    lines = [view.title, players.in_words(view.status, names)]
    lines += [zone_text(z, names=names) for z in view.table]
    if view.counters:
        lines.append(", ".join(f"{k} {v}" for k, v in view.counters.items()))
    for seat in view.seats:
        counters = ", ".join(f"{k} {v}" for k, v in seat.counters.items())
        who = players.with_seat(names, seat.seat)
        lines.append(f"{who}: {counters}" if counters else who)
    lines += [f"Your {zone_text(z, with_owner=False)}" for z in view.private]
    lines += [decision_text(d, names) for d in view.decisions]
    return "\n".join(lines)


def decision_text(d: Decision, names: Mapping[str, str] | None = None) -> str:
    """`Decision 7 (choose one): Choose a defender [o1=Gimli, pass=No defender]`: what is asked and the answers,
    with how to write the answer where a bare option id would be refused. The kind in words: its value
    ("choose_one") is the engine's spelling, not the player's."""
    options = ", ".join(f"{o.id}={plain_label(o)}" for o in d.options)  # a twin's label starts with its id
    kind = d.kind.value.replace("_", " ")
    prompt = players.in_words(d.prompt, names or {})
    return f"Decision {d.id} ({kind}): {prompt}" + (f" [{options}]" if options else "") + answer_hint(d)


def answer_hint(d: Decision) -> str:
    """How to write an answer that is more than one option id: an assignment's `id=amount` pairs, a number's
    range, or 'none' where choosing nothing is allowed (a new player otherwise learns it from a refusal)."""
    if d.kind is DecisionKind.ASSIGN and d.options:
        return f" (answer as option=amount, {d.amount} in all, e.g. {d.options[0].id}={min(1, d.amount)})"
    if d.kind is DecisionKind.NUMBER and f"{d.low} to {d.high}" not in d.prompt:
        return f" (a number from {d.low} to {d.high})"
    if d.kind is DecisionKind.CHOOSE_MANY and d.low == 0:
        return f" (up to {d.high}; 'none' to choose nothing)"
    ids = [o.id for o in d.options]
    if d.kind is DecisionKind.CHOOSE_MANY and d.low > 1:  # found playing: 'answer 2 c72' refused, no form shown
        many = f"exactly {d.low}" if d.low == d.high else f"{d.low} to {d.high}"
        return f" (answer with {many}, e.g. {' '.join(ids[:d.low])})"
    if d.kind is DecisionKind.ORDER and len(ids) > 1:
        return f" (answer with all {len(ids)} in order, e.g. {' '.join(ids)})"
    return ""
