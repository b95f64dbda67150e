"""The cards, scenarios and decks an LCG engine knows. Built-in packs ship in `packs/`; importers add more.

A game copies the definitions it uses into its own state at setup, so a game in progress never changes
when the library does, and its journal replays the same way.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources

from engines.core.codec import from_data, to_data
from engines.core.errors import CommandError
from engines.lcg.campaign.catalogue import CampaignDef
from engines.lcg.cards import CardDef, Deck, Pack, Scenario


@dataclass
class Library:
    cards: dict[str, CardDef] = field(default_factory=dict)
    scenarios: dict[str, Scenario] = field(default_factory=dict)
    decks: dict[str, Deck] = field(default_factory=dict)
    campaigns: dict[str, CampaignDef] = field(default_factory=dict)
    packs: list[str] = field(default_factory=list)

    def add(self, pack: Pack) -> None:
        for card in pack.cards:
            known = self.cards.get(card.id)
            # A user's import may add the words to a card the facts-only pack already knows.
            if known is None or (card.text and not known.text) or not known.name:
                self.cards[card.id] = card
        for scenario in pack.scenarios:
            self.scenarios[scenario.key] = scenario
        for deck in pack.decks:
            self.decks[deck.key] = deck
        for campaign in pack.campaigns:
            self.campaigns[campaign.key] = campaign
        if pack.key not in self.packs:
            self.packs.append(pack.key)

    def card(self, card_id: str) -> CardDef:
        try:
            return self.cards[card_id]
        except KeyError:
            raise CommandError(f"Unknown card '{card_id}'.") from None

    def scenario(self, key: str) -> Scenario:
        try:
            return self.scenarios[key]
        except KeyError:
            known = ", ".join(sorted(self.scenarios)) or "none"
            raise CommandError(f"Unknown scenario '{key}'. Scenarios: {known}.") from None

    def deck(self, key: str) -> Deck:
        try:
            return self.decks[key]
        except KeyError:
            known = ", ".join(sorted(self.decks)) or "none"
            raise CommandError(f"Unknown deck '{key}'. Decks: {known}.") from None

    def campaign(self, key: str) -> CampaignDef:
        try:
            return self.campaigns[key]
        except KeyError:
            known = ", ".join(sorted(self.campaigns)) or "none"
            raise CommandError(f"Unknown campaign '{key}'. Campaigns: {known}.") from None

    def find(self, name: str) -> list[CardDef]:
        """Cards whose name matches (case and accents aside)."""
        wanted = fold(name)
        return [c for c in self.cards.values() if fold(c.name) == wanted]


def fold(name: str) -> str:
    import unicodedata

    bare = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return " ".join(bare.lower().replace("’", "'").split())


def pack_to_json(pack: Pack) -> str:
    data = to_data(pack)
    if not data.get("campaigns"):  # most packs hold none: keep their files as they were before campaigns
        data.pop("campaigns", None)
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def pack_from_json(text: str) -> Pack:
    data = json.loads(text)
    if not isinstance(data, dict) or data.get("format") != "westmarch-lcg-pack":
        raise CommandError("That file is not a Westmarch LCG pack.")
    pack: Pack = from_data(Pack, data)
    return pack


def builtin() -> Library:
    """The packs that ship with Westmarch (facts only)."""
    library = Library()
    folder = resources.files("engines.lcg") / "packs"
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".json"):
            library.add(pack_from_json(entry.read_text(encoding="utf-8")))
    return library
