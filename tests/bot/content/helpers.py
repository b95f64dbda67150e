"""Small made-up fixtures for the LCG importers (facts only: every name and number here is invented), and the
switch for the tests that read the community data in ../shared, which a fresh clone does not have."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.content.lcg.dragncards import COLUMNS
from bot.content.lcg.ringsdb import Response

REPO = Path(__file__).resolve().parents[3]
SHARED_LCG = REPO.parent / "shared" / "data" / "lcg"
CARD_DB = SHARED_LCG / "dragncards" / "cardDb.tsv"
RECIPES = SHARED_LCG / "dragncards" / "preBuiltDecks.json"
RECORDED = Path(__file__).resolve().parent / "recorded"

needs_shared = pytest.mark.skipif(
    not (CARD_DB.exists() and RECIPES.exists()),
    reason="the community data (../shared/data/lcg) is absent, as in a fresh clone",
)


def guid(n: int) -> str:
    return f"00000000-0000-4000-8000-{n:012d}"


HERO, ALLY, EVENT, ATTACHMENT = guid(1), guid(2), guid(3), guid(4)
ORC, BOG, GLOOM, RELIC, RULES = guid(11), guid(12), guid(13), guid(14), guid(15)
STAGE_1, STAGE_2A, STAGE_2B = guid(21), guid(22), guid(23)


def row(card_id: str, name: str, card_back: str, type_: str, number: int, **cells: str) -> dict[str, str]:
    return {"databaseId": card_id, "name": name, "cardBack": card_back, "type": type_, "packName": "Test Box",
            "deckbuilderQuantity": "1", "numberInPack": str(number), **cells}  # fmt: skip


def snippet_rows() -> list[dict[str, str]]:
    """A hero, an X-cost ally, an event, an attachment, three encounter cards, an objective, a rules card and
    a three-card quest deck (stage 2 has two alternatives), all invented."""
    return [
        row(HERO, "Captain Testwell", "player", "Hero", 1, unique="1", sphere="Leadership",
            traits="Noble. Warrior.", keywords="Sentinel.", cost="10", willpower="2", attack="3", defense="2",
            hitPoints="5"),
        row(ALLY, "Hired Hand", "player", "Ally", 2, sphere="Tactics", traits="Soldier.", cost="X",
            willpower="1", attack="1", defense="1", hitPoints="2"),
        row(EVENT, "Quick Thinking", "player", "Event", 3, sphere="Lore", cost="1",
            text="Invented event words for a test."),
        row(ATTACHMENT, "Trusty Shield", "player", "Attachment", 4, sphere="Neutral", traits="Item. Armor.",
            keywords="Attach to a hero. Restricted.", cost="2"),
        row(ORC, "Grumbling Orc", "encounter", "Enemy", 5, encounterSet="Test Wilds", sphere="Leadership",
            traits="Orc.", keywords="Surge. Doomed 2. The orc grumbles at every hero in play.",
            engagementCost="25", threat="2", attack="3", defense="1", hitPoints="4", victoryPoints="1*",
            shadow="Invented shadow words."),
        row(BOG, "Sucking Bog", "encounter", "Location", 6, encounterSet="Test Wilds", traits="Marsh.",
            threat="X", questPoints="4", victoryPoints="2"),
        row(GLOOM, "Sudden Gloom", "encounter", "Treachery", 7, encounterSet="Test Wilds", keywords="Peril."),
        row(RELIC, "Old Relic", "encounter", "Objective Ally", 8, encounterSet="Test Wilds", unique="1",
            willpower="2", attack="1", defense="1", hitPoints="3"),
        row(RULES, "Test Nightmare", "multi_sided", "Nightmare", 9, side="A", encounterSet="Test Wilds"),
        row(RULES, "Test Nightmare", "multi_sided", "Nightmare", 9, side="B", encounterSet="Test Wilds"),
        row(STAGE_1, "Setting Out", "multi_sided", "Quest", 10, side="A", cost="1", encounterSet="Test Wilds"),
        row(STAGE_1, "Into the Wilds", "multi_sided", "Quest", 10, side="B", cost="1", questPoints="8",
            victoryPoints="", keywords="Battle.", encounterSet="Test Wilds"),
        row(STAGE_2A, "A Choice", "multi_sided", "Quest", 11, side="A", cost="2", encounterSet="Test Wilds"),
        row(STAGE_2A, "The Long Way", "multi_sided", "Quest", 11, side="B", cost="2", questPoints="12",
            encounterSet="Test Wilds"),
        row(STAGE_2B, "A Choice", "multi_sided", "Quest", 12, side="A", cost="2", encounterSet="Test Wilds"),
        row(STAGE_2B, "The Short Way", "multi_sided", "Quest", 12, side="B", cost="2", questPoints="-",
            encounterSet="Test Wilds"),
    ]  # fmt: skip


def tsv(rows: list[dict[str, str]], *, columns: tuple[str, ...] = COLUMNS, trim: bool = True) -> str:
    """Rows as DragnCards writes them: tab-separated, and (with `trim`) trailing empty columns left off."""
    lines = ["\t".join(columns)]
    for cells in rows:
        values = [cells.get(c, "") for c in columns]
        while trim and values and values[-1] == "":
            values.pop()
        lines.append("\t".join(values))
    return "\n".join(lines) + "\n"


def entry(card_id: str, group: str, quantity: int = 1) -> dict[str, Any]:
    return {"databaseId": card_id, "quantity": quantity, "loadGroupId": group}


def snippet_recipes() -> dict[str, Any]:
    quest = [entry(STAGE_2B, "sharedQuestDeck"), entry(STAGE_1, "sharedQuestDeck"), entry(STAGE_2A, "sharedQuestDeck")]
    return {
        "preBuiltDecks": {
            "Q90.1": {"label": "Trouble in the Test Wilds", "cards": [
                *quest, entry(ORC, "sharedEncounterDeck", 3), entry(BOG, "sharedEncounterDeck", 2),
                entry(GLOOM, "sharedEncounterDeck", 2), entry(ORC, "sharedEncounterDeck", 1),
                entry(BOG, "sharedStagingArea"), entry(RELIC, "sharedSetAside"), entry(GLOOM, "sharedEncounterDeck2"),
            ]},
            "E90.1": {"label": "Trouble in the Test Wilds (Easy)", "cards": [
                *quest, entry(ORC, "sharedEncounterDeck", 2), entry(BOG, "sharedEncounterDeck", 1),
                entry(BOG, "sharedStagingArea"), entry(RELIC, "sharedSetAside"), entry(GLOOM, "sharedEncounterDeck2"),
            ]},
            "N90.1": {"label": "Trouble in the Test Wilds (Nightmare)", "cards": [
                entry(RULES, "sharedStagingArea"), *quest, entry(ORC, "sharedEncounterDeck", 4),
                entry(BOG, "sharedStagingArea"), entry(GLOOM, "sharedSetAside"),
            ]},
            "coreTesting": {"label": "id:coreTesting", "cards": [
                entry(HERO, "playerNPlay1"), entry(ALLY, "playerNDeck", 3), entry(EVENT, "playerNDeck", 2),
                entry(ATTACHMENT, "playerNSideboard"),
            ]},
            "CCT.1": {"label": "A campaign pool", "cards": [entry(EVENT, "sharedBoons")]},
        }
    }  # fmt: skip


def recipes_text() -> str:
    return json.dumps(snippet_recipes(), indent=1)


class Recorded:
    """Replays tests/bot/content/recorded/ (written from RingsDB's documented answers) and logs each URL."""

    def __init__(self) -> None:
        self.index = json.loads((RECORDED / "responses.json").read_text(encoding="utf-8"))
        self.urls: list[str] = []

    def __call__(self, url: str) -> Response:
        self.urls.append(url)
        if url not in self.index:
            return Response(404, b"")
        answer = self.index[url]
        return Response(answer["status"], (RECORDED / answer["file"]).read_bytes())


def o8d(heroes: list[tuple[str, str]], cards: list[tuple[str, str, int]], *, sideboard: int = 0) -> bytes:
    """An OCTGN player deck file, as OCTGN writes one, from card ids and names alone (facts, no card words):
    `heroes` as (id, name), `cards` as (id, name, copies), all in its Ally section; `sideboard` copies of the
    first card in its Sideboard."""
    def line(card_id: str, name: str, qty: int = 1) -> str:
        return f'    <card qty="{qty}" id="{card_id}">{name}</card>'

    sections = [
        '  <section name="Hero" shared="False">', *(line(i, n) for i, n in heroes), "  </section>",
        '  <section name="Ally" shared="False">', *(line(i, n, q) for i, n, q in cards), "  </section>",
        '  <section name="Sideboard" shared="False">',
        *([line(cards[0][0], cards[0][1], sideboard)] if sideboard else []), "  </section>",
        '  <section name="Quest" shared="True" />',
    ]
    return "\n".join([
        '<?xml version="1.0" encoding="utf-8" standalone="yes"?>',
        '<deck game="a21af4e8-be4b-4cda-a6b6-534f9717391f">', *sections, "  <notes><![CDATA[]]></notes>", "</deck>",
    ]).encode("utf-8")
