"""The words `/lcg` answers with: a card's numbers, a deck line, the scenario list, an import report.

Pure functions of library data, kept apart from the cog so they read (and test) without Discord."""

from __future__ import annotations

from collections.abc import Iterable

from bot.content import decks
from bot.content.decks import DeckImport
from engines.lcg.cards import CardDef, Deck, Scenario
from engines.lcg.library import Library

# Which printed numbers each card type has, in the order the card shows them.
NUMBERS: dict[str, tuple[tuple[str, str], ...]] = {
    "hero": (("threat_cost", "Threat cost"), ("willpower", "Willpower"), ("attack", "Attack"),
             ("defense", "Defense"), ("hit_points", "Hit points")),
    "ally": (("cost", "Cost"), ("willpower", "Willpower"), ("attack", "Attack"), ("defense", "Defense"),
             ("hit_points", "Hit points")),
    "objective_ally": (("willpower", "Willpower"), ("attack", "Attack"), ("defense", "Defense"),
                       ("hit_points", "Hit points")),
    "attachment": (("cost", "Cost"),),
    "event": (("cost", "Cost"),),
    "player_side_quest": (("cost", "Cost"), ("quest_points", "Quest points")),
    "enemy": (("engagement_cost", "Engagement cost"), ("threat", "Threat"), ("attack", "Attack"),
              ("defense", "Defense"), ("hit_points", "Hit points")),
    "location": (("threat", "Threat"), ("quest_points", "Quest points")),
    "encounter_side_quest": (("quest_points", "Quest points"),),
    "quest": (("stage", "Stage"), ("quest_points", "Quest points")),
}  # fmt: skip


def type_label(card: CardDef) -> str:
    kind = card.type.replace("_", " ")
    return f"{card.sphere.capitalize()} {kind}" if card.sphere else kind.capitalize()


def cost_text(card: CardDef) -> str:
    return "X" if card.cost is None else str(card.cost)


def card_choice_label(card: CardDef) -> str:
    where = f"{card.pack} #{card.number}" if card.pack else "imported"
    return f"{card.name} ({type_label(card).lower()}, {where})"


def card_text(card: CardDef) -> str:
    """Everything the library knows about one card; its words only when a user's own import supplied them."""
    title = ("\N{BULLET} " if card.unique else "") + f"**{card.name}**"
    where = f"{card.pack} #{card.number}" if card.pack else "imported"
    lines = [f"{title}: {type_label(card)}, {where}"]
    numbers = []
    for name, label in NUMBERS.get(card.type, ()):
        value = cost_text(card) if name == "cost" else str(getattr(card, name))
        numbers.append(f"{label} {value}")
    if card.victory:
        numbers.append(f"Victory {card.victory}")
    if numbers:
        lines.append(" \N{MIDDLE DOT} ".join(numbers))
    if card.traits:
        lines.append("Traits: " + " ".join(f"{t}." for t in card.traits))
    if card.keywords:
        lines.append("Keywords: " + " ".join(k if k.endswith(".") else f"{k}." for k in card.keywords))
    if card.encounter_set:
        lines.append(f"Encounter set: {card.encounter_set}")
    if card.stage_name and card.stage_name != card.name:
        lines.append(f"Side B: {card.stage_name}")
    if card.text:
        lines.append(f"Text: {card.text}")
    if card.shadow_text:
        lines.append(f"Shadow: {card.shadow_text}")
    elif card.has_shadow:
        lines.append("Has a Shadow effect.")
    return "\n".join(lines)


def deck_line(deck: Deck, library: Library) -> str:
    heroes = ", ".join(library.cards[h].name if h in library.cards else "?" for h in deck.heroes)
    return f"`{deck.key}` {deck.name}: {heroes} ({deck.size} cards)"


def scenario_line(scenario: Scenario) -> str:
    rating = f"difficulty {scenario.difficulty_rating}" if scenario.difficulty_rating else "difficulty not rated"
    modes = "easy, standard" + (", nightmare" if scenario.nightmare_encounter else "")
    return f"`{scenario.key}` {scenario.name}: {rating} ({modes})"


def import_report(done: DeckImport) -> str:
    return decks.import_report(done, choose=f"`/lcg deck choose key:{done.deck.key}`")


def fit(lines: Iterable[str], limit: int = 1900, more: str = "…and {n} more.") -> str:
    """Join lines up to Discord's message size, saying how many were left off (the head matters here)."""
    kept: list[str] = []
    size = 0
    items = list(lines)
    for i, line in enumerate(items):
        if size + len(line) + 1 > limit:
            kept.append(more.format(n=len(items) - i))
            break
        kept.append(line)
        size += len(line) + 1
    return "\n".join(kept)
