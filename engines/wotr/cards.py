"""War of the Ring: The Card Game's data as facts only (spec 2, 8.1): icons, factions, types, paths,
battlegrounds and victory points. Card text belongs to the publisher: the committed pack carries none; a user
who imports the community file on their own machine with `--with-text` gets `text` filled in.
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources

from engines.core.codec import from_data, to_data
from engines.core.errors import CommandError

FP, SHADOW = "fp", "shadow"
SIDES = (FP, SHADOW)
HOBBIT_FACTION = "Hobbit"
FP_FACTIONS = ("Dúnedain", "Dwarf", "Elf", "Hobbit", "Rohan", "Wizard")  # spec 1.2
SHADOW_FACTIONS = ("Isengard", "Monstrous", "Mordor", "Southron")
ARMY, CHARACTER, ITEM, EVENT = "army", "character", "item", "event"
FACTION_TYPES = (ARMY, CHARACTER, ITEM, EVENT)
BATTLEGROUND, PATH = "battleground", "path"
PACK_FORMAT = "westmarch-wotr-pack"


def side_of(faction: str) -> str:
    if faction in FP_FACTIONS:
        return FP
    if faction in SHADOW_FACTIONS:
        return SHADOW
    raise ValueError(f"unknown faction {faction!r}")


@dataclass(frozen=True, kw_only=True)
class CardDef:
    """One physical card: a faction card, a battleground or a path. Numbers that do not apply are 0."""

    id: str  # "f006" (faction card 6), "fP1" (a promo), "b05" (battleground 5), "t12" (path 12)
    number: str  # the printed card number
    name: str
    kind: str  # army, character, item, event, battleground, path
    faction: str = ""  # faction cards
    side: str = ""  # fp or shadow: a faction card's side; a battleground's defending side (its deck)
    bg_atk: int = 0
    bg_def: int = 0
    lead_atk: int = 0
    lead_def: int = 0
    path_icons: int = 0  # attack on Shadow cards, defense on Free Peoples cards (spec 0.4)
    allowed_paths: tuple[int, ...] = ()  # characters: the path numbers they may go to
    wielders: tuple[str, ...] = ()  # items: titles, factions or keywords ("Frodo", "Hobbit", "Nazgûl")
    keywords: tuple[str, ...] = ()  # "Nazgûl", "Weapon", "Ent", "Mount"
    promo: bool = False  # the P1-P4 promotional cards, outside the scenario decks by default
    vp: int = 0  # locations
    defense: int = 0  # locations: printed defense icons
    path_number: int = 0  # paths
    factions: tuple[str, ...] = ()  # battlegrounds: every faction icon on the card, armies and characters alike
    army_factions: tuple[str, ...] = ()  # battlegrounds: the factions whose armies may enter (L269-273)
    character_factions: tuple[str, ...] = ()  # battlegrounds: the factions whose characters may enter (L274-279)
    has_text: bool = False  # the card has rules text (scripted in effects.py, or resolved by adjustment)
    text: str = ""  # only from a user's own import with --with-text, never committed

    @property
    def is_location(self) -> bool:
        return self.kind in (BATTLEGROUND, PATH)

    def entry(self, kind: str) -> tuple[str, ...]:
        """A battleground's gate for an army or a character: the factions its army (or character) icons name,
        as attacker or defender (L269-279). A pack or saved game from before the two lists were kept has
        only the joint list, which then serves both."""
        gate = self.army_factions if kind == ARMY else self.character_factions
        return gate if (self.army_factions or self.character_factions) else self.factions

    def sides_of_entry(self, kind: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """(defending factions, attacking factions) of the gate: the defenders are the battleground's own side
        (its icons at the top of the card), the attackers the other side (at the bottom): L462-469."""
        gate = self.entry(kind)
        return (tuple(f for f in gate if side_of(f) == self.side), tuple(f for f in gate if side_of(f) != self.side))

    def may_wield(self, character: CardDef) -> bool:
        """Whether `character` is named by this item's wielder list: a title or its first name ("Gandalf"
        names Gandalf the Grey and Gandalf the White, "Sam" names Sam Gamgee), a faction, or a keyword."""
        for term in self.wielders:
            if term in (character.faction, *character.keywords):
                return True
            if fold(character.name) == fold(term) or fold(character.name).split()[0] == fold(term):
                return True
        return False


@dataclass(kw_only=True)
class Pack:
    format: str = PACK_FORMAT
    key: str = ""
    source: str = ""
    cards: list[CardDef] = field(default_factory=list)


@lru_cache(maxsize=4096)
def fold(name: str) -> str:
    """Case, accents and dashes aside: how names are compared ("Barrow-wights" is "Barrow-Wights")."""
    bare = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return " ".join(bare.lower().replace("’", "'").replace("-", " ").split())


def pack_to_json(pack: Pack) -> str:
    return json.dumps(to_data(pack), ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def pack_from_json(text: str) -> Pack:
    data = json.loads(text)
    if not isinstance(data, dict) or data.get("format") != PACK_FORMAT:
        raise CommandError("That file is not a Westmarch War of the Ring pack.")
    pack: Pack = from_data(Pack, data)
    return pack


def builtin() -> dict[str, CardDef]:
    """The facts-only pack that ships with Westmarch, by card id."""
    text = (resources.files("engines.wotr") / "packs" / "wotrcg.json").read_text(encoding="utf-8")
    return {c.id: c for c in pack_from_json(text).cards}
