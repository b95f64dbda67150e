"""What `/wotr card`, `/wotr scenarios` and `/wotr unscripted` answer, and the console's `wotr card`, `wotr scenarios`
and `wotr unscripted`: a card's facts (never its text), the scenarios, the cards resolved by hand. Pure of Discord,
so both adapters share it; `markdown` False for the console's plain text."""

from __future__ import annotations

from engines.core import CommandError
from engines.wotr import GAME, scripts
from engines.wotr.cards import CardDef, fold
from engines.wotr.scenarios import SCENARIOS


def _bold(text: str, markdown: bool) -> str:
    return f"**{text}**" if markdown else text


def _code(text: str, markdown: bool) -> str:
    return f"`{text}`" if markdown else f"'{text}'"


def card_facts(card: CardDef, markdown: bool = True, adjust: str = "/wotr adjust") -> str:
    """A card's facts in one message: what the pack holds (never its text)."""
    name = _bold(card.name, markdown)
    if card.kind == "battleground":
        side = "Free Peoples" if card.side == "fp" else "Shadow"
        factions = ", ".join(card.factions)
        return f"{name}: {side} battleground, {card.vp} VP, {card.defense} defense; factions: {factions}."
    if card.kind == "path":
        return f"{name}: path {card.path_number}, {card.vp} VP, {card.defense} defense."
    parts = [f"{name}: {card.faction} {card.kind} (card {card.number})"]
    if card.kind != "event":
        parts.append(f"battle {card.bg_atk} attack / {card.bg_def} defense")
    if card.lead_atk or card.lead_def:
        parts.append(f"leadership {card.lead_atk} / {card.lead_def}")
    if card.path_icons:
        parts.append(f"{card.path_icons} path icons")
    if card.allowed_paths:
        parts.append("paths " + ", ".join(str(n) for n in card.allowed_paths))
    if card.wielders:
        parts.append("wielders: " + ", ".join(card.wielders))
    if card.keywords:
        parts.append("keywords: " + ", ".join(card.keywords))
    scripted = scripts.of(card)
    parts.append("text scripted" if scripted else f"text resolved by {adjust}" if card.has_text else "no text")
    return "; ".join(parts) + "."


def find_cards(name: str) -> list[CardDef]:
    """The cards called `name` (or with that card id), else those whose name holds it; at most five. Refused in
    words when there is none."""
    wanted = fold(name.strip())
    cards = list(GAME.cards.values())
    found = [c for c in cards if c.id == name.strip() or fold(c.name) == wanted] or \
        [c for c in cards if wanted and wanted in fold(c.name)]
    if not found:
        raise CommandError(f"No card is called '{name.strip()}'.")
    return found[:5]


def scenario_lines(markdown: bool = True, start: str = "`/game new name:wotr options:scenario=<key>`") -> list[str]:
    lines = []
    for s in SCENARIOS.values():
        people = " or ".join(str(n) for n in sorted(s.seating))
        decks = ", ".join(f"{r.name} ({'Free Peoples' if r.side == 'fp' else 'Shadow'})" for r in s.roles)
        lines.append(f"{_code(s.key, markdown)} {_bold(s.name, markdown)}: {people} players; decks {decks}; "
                     f"last path {s.last_path}.")
    lines.append(f"Start one with {start}.")
    return lines


def unscripted_text(adjust: str = "`/wotr adjust`") -> str:
    todo = scripts.unscripted(list(GAME.cards.values()))
    names = ", ".join(sorted({c.name for c in todo}, key=fold))
    return f"{len(todo)} cards have text the engine does not script yet; resolve it with {adjust}: {names}."
