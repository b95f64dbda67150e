"""Small, pure readers for the fields the community files share: numbers, traits, keywords, types, slugs.

The keyword column of the DragnCards file mixes real keywords ("Surge.", "Doomed 2.") with play restrictions
("Attach to a hero.") and, on some cards, whole sentences of card text. Only recognised keywords are kept:
that is what the engine needs, and it keeps card text out of the facts-only packs.
"""

from __future__ import annotations

import re
import unicodedata

from engines.lcg.cards import PLAYER_TYPES

# RR glossary keywords that stand alone ("Surge."), and those that carry a value ("Archery 2.", "Doomed X.").
BARE_KEYWORDS = frozenset(
    {
        "ambush", "battle", "deep", "encounter", "guarded", "hinder", "immune to player card effects",
        "indestructible", "loot", "massive", "permanent", "peril", "phantom", "race", "ranged", "restricted",
        "safe", "sailing", "sentinel", "setup", "siege", "spectral", "surge", "uncharted", "venom",
    }
)  # fmt: skip
VALUE_KEYWORDS = frozenset(
    {
        "aflame", "archery", "boarding", "burn", "capture", "discover", "doomed", "hide", "investigate", "mire",
        "pillage", "prowl", "regenerate", "secrecy", "time", "toughness", "track", "underworld", "villagers",
    }
)  # fmt: skip
QUALIFIED_KEYWORDS = frozenset({"guarded", "grapple"})  # "Guarded (enemy).", "Grapple (highest printed [threat])."

_VALUE = re.compile(r"(?P<name>[A-Za-z][A-Za-z ]*?)\s+(?P<value>\d+|X)")
_QUALIFIED = re.compile(r"(?P<name>[A-Za-z]+)\s*\((?P<what>[^()]{1,40})\)")
_SENTENCE = re.compile(r"[^.]+\.?")

TYPE_NAMES = {
    "objective ally": "objective_ally",
    "objective hero": "objective_hero",
    "objective location": "objective_location",
    "ship enemy": "ship_enemy",
    "ship objective": "ship_objective",
    "player side quest": "player_side_quest",
    "encounter side quest": "encounter_side_quest",
    "player objective": "objective",
}


class BadNumber(ValueError):
    """A numeric column holds something that is neither a number nor a known placeholder."""


def stat(raw: str) -> int | None:
    """A printed number: an int, 0 for blank or '-', None for X (defined by the card's text).

    A trailing '*' (an errata or rules marker) is ignored: "1*" is 1.
    """
    value = raw.strip()
    if value in ("", "-"):
        return 0
    if value.upper() == "X":
        return None
    match = re.fullmatch(r"(\d+)\*?", value)
    if match is None:
        raise BadNumber(f"'{value}' is not a number")
    return int(match.group(1))


def traits(raw: str) -> tuple[str, ...]:
    """'Dwarf. Noble.' -> ('Dwarf', 'Noble')."""
    return tuple(t.strip() for t in raw.split(".") if t.strip())


def keywords(raw: str) -> tuple[tuple[str, ...], list[str]]:
    """Split a keyword line into the keywords kept (as printed, without the full stop) and the sentences dropped.

    'Guarded. Restricted.' -> (('Guarded', 'Restricted'), []). 'Attach to a hero. Restricted.' keeps
    'Restricted' and drops the play restriction.
    """
    kept: list[str] = []
    dropped: list[str] = []
    for sentence in _SENTENCE.findall(raw):
        entry = " ".join(sentence.strip().rstrip(".").split())
        if not entry:
            continue
        if is_keyword(entry):
            kept.append(entry)
        else:
            dropped.append(entry)
    return tuple(kept), dropped


def is_keyword(entry: str) -> bool:
    if entry.lower() in BARE_KEYWORDS:
        return True
    valued = _VALUE.fullmatch(entry)
    if valued and valued.group("name").lower() in VALUE_KEYWORDS:
        return True
    qualified = _QUALIFIED.fullmatch(entry)
    return bool(qualified and qualified.group("name").lower() in QUALIFIED_KEYWORDS)


def card_type(name: str, card_back: str = "") -> str:
    """'Objective Ally' -> 'objective_ally'. 'Side Quest' is a player's or the encounter deck's by its back."""
    folded = " ".join(name.lower().split())
    if folded == "side quest":
        return "player_side_quest" if card_back == "player" else "encounter_side_quest"
    return TYPE_NAMES.get(folded, folded.replace(" ", "_").replace("-", "_"))


def is_player_type(type_: str) -> bool:
    return type_ in PLAYER_TYPES


def slugify(label: str) -> str:
    """'Passage Through Mirkwood' -> 'passage-through-mirkwood'; accents and punctuation fall away."""
    bare = "".join(c for c in unicodedata.normalize("NFKD", label) if not unicodedata.combining(c))
    return re.sub(r"[^a-z0-9]+", "-", bare.lower().replace("'", "").replace("’", "")).strip("-")


def camel_to_slug(key: str) -> str:
    """'coreLeadership' -> 'core-leadership'."""
    return slugify(re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", key))
