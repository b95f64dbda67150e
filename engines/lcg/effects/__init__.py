"""Card effects: the registry (registry.py) and the hooks the phases call at each moment a card's text may
apply (spec 4.0 'Response and Forced windows', 11.5). Scripts live in one module per card type; a card with
no script is announced and resolved by hand with the adjustment commands (the Golden Rule fallback), and
`coverage` says which cards of a pack are scripted, have nothing to script, or are still resolved by hand.

Order at one moment (FAQ 1.37, 1.09): passive effects are part of `stat`; Forced effects run first, in the
order of the cards on the table (the first player's seat order; FAQ 1.02 lets the first player order truly
conflicting ones, which no Core Set pair needs); optional Responses are offered after them."""

from __future__ import annotations

from collections.abc import Iterable

from engines.core import Card
from engines.lcg.cards import CardDef
from engines.lcg.effects.registry import (
    EFFECTS,
    KINDS,
    SCRIPTED,
    T,
    effect,
    is_scripted,
    lookup,
)
from engines.lcg.state import LcgState, Player


def _by_hand(turn: T, card: Card, what: str, words: str) -> None:
    text = f" {words}" if words else ""
    turn.say(f"{card.name}: {what} is not automated; resolve it by hand (see 'help adjust').{text}")


def when_revealed(turn: T, card: Card) -> None:
    d = turn.state.card_def(card)
    fn = lookup(d, "when_revealed")
    if fn is not None:
        fn(turn, card, None)
    elif not is_scripted(d) and (d.type == "treachery" or (d.has_text and ("When Revealed" in d.text
                                                                            or not d.text))):
        _by_hand(turn, card, "its text", d.text)


def shadow(turn: T, enemy: Card, card: Card) -> None:
    d = turn.state.card_def(card)
    fn = lookup(d, "shadow")
    if fn is not None:
        fn(turn, card, enemy)
    elif d.has_shadow:
        _by_hand(turn, card, "its shadow effect", d.shadow_text)
    else:
        turn.say(f"{card.name} has no shadow effect.")


def travel_cost(turn: T, card: Card) -> None:
    """Pay a location's Travel cost; raises RuleError (nothing changed) when it cannot be paid (RR p.23)."""
    fn = lookup(turn.state.card_def(card), "travel")
    if fn is not None:
        fn(turn, card, None)


def travelled(turn: T, card: Card) -> None:
    d = turn.state.card_def(card)
    fn = lookup(d, "travelled")
    if fn is not None:
        fn(turn, card, None)
    elif d.has_text and not is_scripted(d):
        _by_hand(turn, card, "its text (travel cost, responses)", d.text)
    from engines.lcg.effects import spirit_lore_events

    spirit_lore_events.after_travel(turn, card)


def time_out(turn: T, card: Card) -> None:
    d = turn.state.card_def(card)
    fn = lookup(d, "time")
    if fn is not None:
        fn(turn, card, None)
    else:
        _by_hand(turn, card, "what its last time counter triggers", d.text)


def resolve_event(turn: T, player: Player, card: Card) -> None:
    d = turn.state.card_def(card)
    fn = lookup(d, "event")
    if fn is not None:
        fn(turn, card, None)
    else:
        _by_hand(turn, card, "its effect", d.text)


def fire(turn: T, kind: str, card: Card, other: Card | None = None) -> bool:
    """Run `card`'s own effect of this kind, if it has one scripted. True if it did."""
    fn = lookup(turn.state.card_def(card), kind)
    if fn is None:
        return False
    fn(turn, card, other)
    return True


def fire_all(turn: T, kind: str, cards: Iterable[Card], other: Card | None = None) -> None:
    for card in list(cards):
        fire(turn, kind, card, other)


def phase_ends(turn: T, phase: str) -> None:
    """Effects that last 'for the rest of the phase' and end with it (Sneak Attack, Beorn)."""
    from engines.lcg.effects import allies, events, nightmare

    events.phase_ends(turn, phase)
    allies.phase_ends(turn, phase)
    nightmare.phase_ends(turn, phase)


def placed_elsewhere(state: LcgState, card: Card) -> bool:
    """True when a revealed card's own effect already put it somewhere (it must not also go to staging)."""
    return any(card in z.cards for z in state.zones() if z is not state.resolving)


# --- coverage (DESIGN: 'a coverage test lists every card of a pack whose text is not yet scripted') ----------
SCRIPTED_CATEGORY, NOTHING, BY_HAND = "scripted", "nothing to script", "by hand"


def category(d: CardDef) -> str:
    """scripted, nothing to script (keywords and numbers only), or by hand."""
    if is_scripted(d):
        return SCRIPTED_CATEGORY
    if not d.has_text and not d.has_shadow:
        return NOTHING
    return BY_HAND


def coverage(cards: Iterable[CardDef]) -> list[str]:
    """Every card whose text or shadow effect is not scripted (by title)."""
    return sorted({f"{d.name}: {'shadow' if d.has_shadow and not d.has_text else 'text'}"
                   for d in cards if category(d) == BY_HAND})


def report(cards: Iterable[CardDef]) -> dict[str, dict[str, list[str]]]:
    """Per pack, per category, the cards' titles ('Name #number')."""
    out: dict[str, dict[str, list[str]]] = {}
    for d in sorted(cards, key=lambda d: (d.pack, d.number, d.name)):
        pack = out.setdefault(d.pack or "(no pack)", {SCRIPTED_CATEGORY: [], NOTHING: [], BY_HAND: []})
        pack[category(d)].append(f"{d.name} #{d.number}")
    return out


# Importing the script modules registers their effects.
from engines.lcg.effects import (  # noqa: E402  isort: skip
    allies, attachments, campaign, enemies, events, heroes, locations, nightmare, objectives, shadows,
    spirit_lore_events, treacheries)

__all__ = ["EFFECTS", "KINDS", "SCRIPTED", "allies", "attachments", "campaign", "category", "coverage", "effect",
           "enemies", "events", "fire", "fire_all", "heroes", "locations", "nightmare", "objectives", "report",
           "shadows", "spirit_lore_events", "treacheries"]
