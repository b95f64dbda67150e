"""The Decipher TCG's card data as facts only (spec 8.1): numbers, culture, race, keywords, class, signet, site
and Shadow numbers. Card text belongs to the publisher: the committed pack carries none. Which cards have text,
and which of those the effect registry scripts, is the coverage list (spec 8.3)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources

from engines.core.codec import from_data, to_data
from engines.core.errors import CommandError

PACK_FORMAT = "westmarch-tcg-pack"
FP, SHADOW, SITE, RING = "fp", "shadow", "site", "ring"  # a card's side (spec 2.1)
COMPANION, ALLY, MINION = "companion", "ally", "minion"
POSSESSION, ARTIFACT, CONDITION, EVENT = "possession", "artifact", "condition", "event"
SITE_TYPE, RING_TYPE = "site", "the one ring"
CHARACTERS = (COMPANION, ALLY, MINION)
ATTACHABLE = (POSSESSION, ARTIFACT, CONDITION)


@dataclass(frozen=True, kw_only=True)
class CardDef:
    """One card's printed facts. Numbers that do not apply are 0 (strength and vitality may be negative on a
    possession or condition: its bonus to the bearer)."""

    id: str  # GEMP's "7_317": set and number
    coll: str = ""  # collector's info, "7R317"
    title: str
    subtitle: str = ""
    unique: bool = False
    side: str  # fp, shadow, site, ring
    type: str  # companion, ally, minion, possession, artifact, condition, event, site, the one ring
    culture: str = ""  # lower case: rohan, gondor, shire, wraith, raider...
    twilight: int = 0  # cost; a site's Shadow number
    strength: int = 0
    vitality: int = 0
    resistance: int = 0
    site: int = 0  # a minion's site number; a site's number
    race: str = ""  # lower case: man, hobbit, orc, nazgul...
    keywords: tuple[str, ...] = ()  # lower case, values folded in: "fierce", "ambush 1", "damage+1"
    item_class: str = ""  # hand weapon, ranged weapon, mount, armor...
    signet: str = ""
    bearer: str = ""  # the bearer restriction as GEMP's filter words: "culture(rohan),man"
    phases: tuple[str, ...] = ()  # an event's phase words: "skirmish", "response"...
    direction: str = ""  # a site's arrow: left or right
    block: str = ""  # a site's block: king or fellowship
    ring_bearer: bool = False  # may start the game bearing The One Ring
    support: bool = False  # plays to the support area
    has_text: bool = False  # the card has game text (scripted, or resolved by adjustment)

    @property
    def name(self) -> str:
        return f"{self.title}, {self.subtitle}" if self.subtitle else self.title

    def keyword_value(self, word: str) -> int:
        """A valued keyword's number ("ambush 1" -> 1; "damage+1" -> 1); 1 for a plain keyword; 0 when absent."""
        total = 0
        for kw in self.keywords:
            if kw == word:
                total += 1
            elif kw.startswith(word):
                rest = kw[len(word):].strip().lstrip("+")
                if rest.isdigit():
                    total += int(rest)
        return total


@dataclass(kw_only=True)
class DeckList:
    """A built-in deck: its name and `NxSET_NUM` entries, as the publisher's product list gives them."""

    key: str
    name: str
    cards: list[str] = field(default_factory=list)  # "2x8_121"
    starting: list[str] = field(default_factory=list)  # the starting fellowship's card ids (seed L515-517)


@dataclass(kw_only=True)
class Pack:
    format: str = PACK_FORMAT
    source: str = ""
    cards: list[CardDef] = field(default_factory=list)
    decks: list[DeckList] = field(default_factory=list)


def pack_to_json(pack: Pack) -> str:
    return json.dumps(to_data(pack), ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def pack_from_json(text: str) -> Pack:
    data = json.loads(text)
    if not isinstance(data, dict) or data.get("format") != PACK_FORMAT:
        raise CommandError("That file is not a Westmarch TCG pack.")
    pack: Pack = from_data(Pack, data)
    return pack


@lru_cache(maxsize=1)
def builtin_pack() -> Pack:
    text = (resources.files("engines.tcg") / "packs" / "tcg.json").read_text(encoding="utf-8")
    return pack_from_json(text)


def builtin() -> dict[str, CardDef]:
    """The facts-only pack that ships with Westmarch, by card id."""
    return {c.id: c for c in builtin_pack().cards}
