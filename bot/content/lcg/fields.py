"""Small, pure readers for the fields the community files share: numbers, traits, keywords, types, slugs.

The keyword column of the DragnCards file mixes real keywords ("Surge.", "Doomed 2.") with play restrictions
("Attach to a hero.") and, on some cards, whole sentences of card text. Only recognised keywords are kept:
that is what the engine needs, and it keeps card text out of the facts-only packs. A play restriction is read
into the normalized form of `CardDef.attach_to` ("Attach to a Dwarf or Hobbit character." -> "Dwarf/Hobbit
character"), a fact; the sentence itself is never kept.
"""

from __future__ import annotations

import re
import unicodedata

from engines.lcg.cards import PLAYER_TYPES, SPHERES

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


# --- "Attach to ..." sentences -> CardDef.attach_to --------------------------------------------------------
_KIND = re.compile(r"\b(hero|character|ally|location|enemy|quest card)\b", re.IGNORECASE)
_SPHERE = re.compile(r"\[(\w+)\]")
_OR = re.compile(r"\s*,?\s*\bor\s+(?:(?:a|an)\s+)?")
_TITLE = re.compile(r"[A-ZÀ-Þ][\w'’-]*(?:\s+(?:[A-ZÀ-Þ][\w'’-]*|the|of))*")
_QUALIFIER = re.compile(r"[A-ZÀ-Þ][\w'’-]*(?:\s+[A-ZÀ-Þ][\w'’-]*)*")
_WITH_KEYWORD = re.compile(r"with\s+(?:the\s+)?(?:printed\s+)?(?P<keyword>\w+)(?:\s+keyword)?", re.IGNORECASE)
_TAILS = {"engaged with a player": "engaged", "in the staging area": "staging", "in play": "", "you control": "own"}
_TYPOS = {"Nolder": "Noldor"}  # misspellings in the community file


def attach_to(sentence: str) -> str | None:
    """An "Attach to ..." play restriction in the normalized form of `CardDef.attach_to`, or None when the
    phrasing is not understood (the caller keeps "" and notes it).

    'Attach to a hero.' -> 'hero'; 'Attach to an enemy engaged with a player.' -> 'engaged enemy';
    'Attach to a [tactics] or Rohan hero.' -> 'tactics/Rohan hero'; 'Attach to a Warrior hero or Gandalf.'
    -> 'Warrior hero | named Gandalf'.
    """
    text = " ".join(sentence.strip().rstrip(".").split())
    if not text.lower().startswith("attach to "):
        return None
    alternatives: list[str] = []
    for chunk in re.split(r",\s*or\s+to\s+", text[len("attach to ") :]):
        parsed = _alternatives(chunk.strip())
        if parsed is None:
            return None
        alternatives.extend(parsed)
    return " | ".join(alternatives) if alternatives else None


def _alternatives(chunk: str) -> list[str] | None:
    """One chunk: 'a Dwarf hero', 'the active location', 'a hero or Legolas', 'Cirdan the Shipwright or Gandalf'."""
    if chunk.lower() == "the active location":
        return ["active location"]
    article = re.match(r"(?:a|an)\s+", chunk, re.IGNORECASE)
    if article is None:  # no article: one or more titles
        titles = _OR.split(chunk)
        return [f"named {t}" for t in titles] if all(_TITLE.fullmatch(t) for t in titles) else None
    rest = chunk[article.end() :]
    kind_match = _KIND.search(rest)
    if kind_match is None:
        return None
    kind = kind_match.group(1).lower().removesuffix(" card")
    qualifiers = _qualifiers(rest[: kind_match.start()].strip())
    if qualifiers is None:
        return None
    own, keyword, titles = False, "", []
    tail = rest[kind_match.end() :].strip()
    while tail:
        if tail.lower().startswith("or "):  # 'a hero or Legolas': the rest are titles
            titles = _OR.split(tail[3:].strip())
            if not all(_TITLE.fullmatch(t) for t in titles):
                return None
            break
        known = next((t for t in _TAILS if tail.lower().startswith(t)), None)
        with_keyword = _WITH_KEYWORD.match(tail)
        if known is not None:
            effect = _TAILS[known]
            if (effect == "engaged" and kind != "enemy") or (effect == "staging" and kind != "location"):
                return None
            kind = {"engaged": "engaged enemy", "staging": "staging location"}.get(effect, kind)
            own = own or effect == "own"
            tail = tail[len(known) :].strip()
        elif with_keyword and _is_keyword_name(with_keyword.group("keyword")):
            keyword = with_keyword.group("keyword").capitalize()
            tail = tail[with_keyword.end() :].strip()
        else:
            return None
    main = " ".join(part for part in ("own" if own else "", "/".join(qualifiers), kind) if part)
    if keyword:
        main += f" with {keyword}"
    return [main, *(f"named {t}" for t in titles)]


def _qualifiers(text: str) -> list[str] | None:
    """'[tactics] or Rohan' -> ['tactics', 'Rohan']; 'sentinel' -> ['Sentinel']; None for 'unique', 'non-...'."""
    if not text:
        return []
    out: list[str] = []
    for part in _OR.split(text):
        sphere = _SPHERE.fullmatch(part)
        if sphere and sphere.group(1).lower() in SPHERES:
            out.append(sphere.group(1).lower())
        elif _is_keyword_name(part):
            out.append(part.capitalize())
        elif _QUALIFIER.fullmatch(part):
            out.append(_TYPOS.get(part, part))
        else:
            return None
    return out


def _is_keyword_name(word: str) -> bool:
    return word.lower() in BARE_KEYWORDS


# Counts in an imported deck are bounded before any work (a hostile file claiming millions of copies must not
# cost the bot seconds): far above any legal deck (3 of a card), far below trouble.
MAX_COPIES = 99
