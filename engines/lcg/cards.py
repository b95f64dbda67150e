"""Card definitions, scenarios and decks: the LCG's data, as facts only (names, numbers, traits, keywords).

Card text is the publisher's: the committed packs carry none of it. A user who imports the community card
file on their own machine gets `text` and `shadow_text` filled in, and the table then shows it (spec 11).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from engines.lcg.campaign.catalogue import CampaignDef

SPHERES = ("leadership", "lore", "spirit", "tactics", "neutral", "baggins", "fellowship")
PLAYER_TYPES = ("hero", "ally", "attachment", "event", "player_side_quest", "treasure", "boon")
ENCOUNTER_TYPES = ("enemy", "location", "treachery", "objective", "objective_ally", "encounter_side_quest",
                   "ship_enemy", "ship_objective", "burden")
CHARACTER_TYPES = ("hero", "ally", "objective_ally")


@dataclass(frozen=True, kw_only=True)
class CardDef:
    """One card as printed (one side, for quest cards: the stage as a whole). Numbers that do not apply
    are 0; `cost` None means X (spec 2.6: X is 0 unless an effect defines it)."""

    id: str  # the OCTGN GUID, which is RingsDB's `octgnid` and DragnCards' `databaseId`
    name: str
    type: str  # one of PLAYER_TYPES, ENCOUNTER_TYPES, or "quest"
    pack: str = ""
    number: int = 0  # number in pack
    unique: bool = False
    sphere: str = ""  # player cards; "" for encounter cards
    cost: int | None = 0  # player cards (None = X)
    threat_cost: int = 0  # heroes
    willpower: int = 0
    attack: int = 0
    defense: int = 0
    hit_points: int = 0
    engagement_cost: int = 0  # enemies
    threat: int = 0  # encounter cards in the staging area
    quest_points: int = 0  # locations, quest stages, side quests
    victory: int = 0
    stage: int = 0  # quest cards: the sequence number
    stage_name: str = ""  # quest cards: the title of side B (side A's is `name`)
    traits: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()  # as printed, one per entry: "Surge", "Doomed 2", "Archery 1", "Ranged"
    encounter_set: str = ""
    has_shadow: bool = False  # the card has a Shadow effect (its words are in `shadow_text` if imported)
    has_text: bool = False  # the card has rules text beyond its keywords (its words are in `text` if imported)
    attach_to: str = ""  # an attachment's play restriction, normalized (see ATTACH_TO below); "" = any character
    text: str = ""  # only from a user's own import, never committed
    shadow_text: str = ""  # likewise

    @property
    def is_player_card(self) -> bool:
        return self.type in PLAYER_TYPES

    @property
    def is_character(self) -> bool:
        return self.type in CHARACTER_TYPES

    def keyword_value(self, name: str) -> int | None:
        """X of 'Name X' (0 for a keyword without a value), or None if the card lacks it."""
        for kw in self.keywords:
            match = re.fullmatch(rf"{re.escape(name)}(?:\s+(\d+))?", kw.strip().rstrip("."), re.IGNORECASE)
            if match:
                return int(match.group(1) or 0)
        return None

    def has(self, keyword: str) -> bool:
        return self.keyword_value(keyword) is not None


# --- attachments' play restrictions ("Attach to a Dwarf character.") as facts --------------------------------
# `CardDef.attach_to` holds what kind of card may host the attachment, in a small normalized form:
#
#   attach_to   := alternative (" | " alternative)*        any one alternative will do
#   alternative := "named " TITLE                          the character with that title ("named Gandalf")
#                | ["own "] [qualifiers " "] KIND [" with " KEYWORD]
#   qualifiers  := qualifier ("/" qualifier)*              the host matches at least one of them: a sphere
#                                                          (lower case, one of SPHERES) or else a trait or a
#                                                          keyword as printed ("Dwarf", "Dol Amroth", "Sentinel")
#   KIND        := one of ATTACH_KINDS
#
# "own" means a card the playing player controls; "with K" requires the printed keyword K as well as the
# qualifiers. Examples: "hero", "character", "location", "engaged enemy", "Dwarf character", "leadership hero",
# "Noldor/Silvan character", "tactics/Rohan hero", "Silvan character with Ranged", "Rohan hero | named Merry".
# "" means no restriction was recorded: any character in play (the common case).
ATTACH_KINDS = {
    "hero": "hero",
    "character": "character",
    "ally": "ally",
    "location": "location",
    "active location": "the active location",
    "staging location": "location in the staging area",
    "enemy": "enemy",
    "engaged enemy": "enemy engaged with a player",
    "quest": "quest card",
}  # each kind, and how a sentence names it


@dataclass(frozen=True, kw_only=True)
class HostRule:
    """One alternative of `attach_to`, parsed."""

    kind: str = "character"  # one of ATTACH_KINDS ("character" also for a named host)
    any_of: tuple[str, ...] = ()  # qualifiers, any one of which the host must match (spheres in lower case)
    keyword: str = ""  # a printed keyword the host must have as well
    own: bool = False  # the host must be controlled by the player who plays the attachment
    title: str = ""  # the host must have this title

    def describe(self) -> str:
        """'a Noldor or Silvan character', 'an enemy engaged with a player', 'Gandalf'."""
        if self.title:
            return self.title
        noun = ATTACH_KINDS[self.kind]
        if self.any_of:
            noun = " or ".join(q.capitalize() if q in SPHERES else q for q in self.any_of) + " " + noun
        if self.keyword:
            noun += f" with {self.keyword}"
        if self.own:
            noun += " you control"
        return noun if noun.startswith("the ") else f"{'an' if noun[0] in 'aeiouAEIOU' else 'a'} {noun}"


ANY_CHARACTER = (HostRule(),)


def host_rules(attach_to: str) -> tuple[HostRule, ...]:
    """`attach_to` parsed into its alternatives; "" is any character. A malformed value raises ValueError."""
    if not attach_to.strip():
        return ANY_CHARACTER
    return tuple(_host_rule(part.strip()) for part in attach_to.split("|"))


def _host_rule(text: str) -> HostRule:
    if text.startswith("named "):
        return HostRule(title=text.removeprefix("named ").strip())
    own = text.startswith("own ")
    text = text.removeprefix("own ")
    text, _, keyword = text.partition(" with ")
    kind = next((k for k in sorted(ATTACH_KINDS, key=len, reverse=True) if text == k or text.endswith(" " + k)), "")
    if not kind:
        raise ValueError(f"'{text}' names no kind of card to attach to ({', '.join(ATTACH_KINDS)})")
    qualifiers = text.removesuffix(kind).strip()
    any_of = tuple(q.strip() for q in qualifiers.split("/") if q.strip()) if qualifiers else ()
    return HostRule(kind=kind, any_of=any_of, keyword=keyword.strip(), own=own)


def describe_hosts(attach_to: str) -> str:
    """'a hero', 'a Rohan hero or Merry': the legal hosts in words, for a message."""
    return " or ".join(rule.describe() for rule in host_rules(attach_to))


@dataclass(frozen=True, kw_only=True)
class Slot:
    card: str  # CardDef id
    count: int = 1


@dataclass(frozen=True, kw_only=True)
class Scenario:
    """A scenario as a recipe of card groups (the DragnCards recipe's load groups), per difficulty."""

    key: str  # "passage-through-mirkwood"
    name: str
    quest: tuple[str, ...]  # quest card ids, stage 1 first (alternative stages share a number)
    encounter: tuple[Slot, ...]  # the encounter deck, Standard
    easy_encounter: tuple[Slot, ...] = ()  # the encounter deck in Easy mode (empty: same as Standard)
    nightmare_encounter: tuple[Slot, ...] = ()  # the Nightmare encounter deck, where a recipe exists
    staging: tuple[Slot, ...] = ()  # cards the setup puts in the staging area
    active_location: tuple[Slot, ...] = ()
    set_aside: tuple[Slot, ...] = ()  # out of play until a card brings them in
    nightmare_staging: tuple[Slot, ...] = ()
    nightmare_set_aside: tuple[Slot, ...] = ()
    difficulty_rating: int = 0
    # Recipe groups the fields above cannot hold, by name: "encounter2", "quest2", "map", "rules" (Nightmare and
    # campaign rules cards, kept out of the staging area), "first_player_play". A group that differs in one
    # mode is "easy.<group>" or "nightmare.<group>" (an empty tuple: the mode has none of it).
    extra: tuple[tuple[str, tuple[Slot, ...]], ...] = ()


@dataclass(frozen=True, kw_only=True)
class Deck:
    key: str  # "core-leadership", "ringsdb-12345"
    name: str
    heroes: tuple[str, ...]
    cards: tuple[Slot, ...]
    source: str = ""  # where it came from: "Core Set starter", a RingsDB URL

    @property
    def size(self) -> int:
        return sum(s.count for s in self.cards)


@dataclass(kw_only=True)
class Pack:
    """What an importer produces and the engine loads: the unit of content."""

    key: str
    name: str
    cards: list[CardDef] = field(default_factory=list)
    scenarios: list[Scenario] = field(default_factory=list)
    decks: list[Deck] = field(default_factory=list)
    campaigns: list[CampaignDef] = field(default_factory=list)  # campaign mode (spec 7)
    source: str = ""
    format: str = "westmarch-lcg-pack"
    version: int = 1
