"""Build the War of the Ring pack from the community card files (`../shared/data/wotrcg/`: cards.json,
battlegrounds.json, paths.json). The committed pack keeps facts only (spec 8.1: icons, factions, types, path
ranges, wielders, keywords, victory points); `with_text=True` keeps the words for a user's own machine.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.content.errors import ContentError
from engines.wotr.cards import (
    ARMY,
    BATTLEGROUND,
    CHARACTER,
    FACTION_TYPES,
    FP_FACTIONS,
    PATH,
    SHADOW_FACTIONS,
    CardDef,
    Pack,
    side_of,
)

REPO = Path(__file__).resolve().parents[3]
DEFAULT_DATA = REPO.parent / "shared" / "data" / "wotrcg"
DEFAULT_OUT = REPO / "engines" / "wotr" / "packs" / "wotrcg.json"
FACTIONS = (*FP_FACTIONS, *SHADOW_FACTIONS)
SOURCE = "mawills/wotrcg-discord-bot api/src/data (facts only: no card text)"
# A keyword is printed as the card text's first sentence, one capitalised word ("Nazgûl.", "Weapon.").
KEYWORD = re.compile(r"^\s*([A-Z][\w\u00c0-\u024f]+)\.(?=\s|$)")


@dataclass
class WotrImport:
    pack: Pack
    problems: list[str] = field(default_factory=list)  # records left out, with where and why
    notes: list[str] = field(default_factory=list)  # records kept with a loss or a reading worth knowing

    def summary(self) -> str:
        kinds: dict[str, int] = {}
        for c in self.pack.cards:
            kinds[c.kind] = kinds.get(c.kind, 0) + 1
        counts = ", ".join(f"{n} {k}" for k, n in sorted(kinds.items()))
        return f"War of the Ring pack: {len(self.pack.cards)} cards ({counts}); {len(self.problems)} problems."


def _read(path: Path) -> list[dict[str, Any]]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ContentError("the file is missing", where=str(path)) from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ContentError(f"not valid JSON ({exc})", where=str(path)) from None
    if not isinstance(data, list) or not all(isinstance(row, dict) for row in data):
        raise ContentError("expected a list of card records", where=str(path))
    return data


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def keywords_of(text: str) -> tuple[str, ...]:
    """The keywords leading a card's text: "Nazgûl. If in reserve..." -> ("Nazgûl",)."""
    found: list[str] = []
    rest = text
    while (match := KEYWORD.match(rest)) is not None:
        found.append(match.group(1))
        rest = rest[match.end():]
    return tuple(found)


def faction_card(row: dict[str, Any], where: str, *, with_text: bool) -> CardDef:
    number = str(row["cardNumber"])
    faction = str(row["faction"])
    printed_type = str(row["type"])
    kind_word, _, wielders = printed_type.partition(":")
    kind = kind_word.strip().lower()
    if kind not in FACTION_TYPES:
        raise ValueError(f"unknown type {printed_type!r}")
    side = side_of(faction)
    text = str(row.get("text") or "")
    # Path icons: the source keeps them as pathDefense on Free Peoples cards and pathAttack on Shadow cards.
    path_icons = _int(row.get("pathDefense") if side == "fp" else row.get("pathAttack"))
    return CardDef(
        id=f"f{int(number):03d}" if number.isdigit() else f"f{number}",
        number=number,
        name=str(row["name"]),
        kind=kind,
        faction=faction,
        side=side,
        bg_atk=_int(row.get("attack")),
        bg_def=_int(row.get("defense")),
        lead_atk=_int(row.get("leadershipAttack")),
        lead_def=_int(row.get("leadershipDefense")),
        path_icons=path_icons,
        allowed_paths=tuple(sorted(int(n) for n in row.get("allowedPaths") or [])),
        wielders=tuple(w.strip() for w in wielders.split(",") if w.strip()),
        keywords=keywords_of(text),
        promo=not number.isdigit(),
        has_text=bool(text.strip()),
        text=text if with_text else "",
    )


def _factions(row: dict[str, Any], key: str) -> tuple[str, ...] | None:
    value = row.get(key)
    if value is None:
        return None
    if not isinstance(value, list):
        raise ValueError(f"{key} is not a list of factions")
    found = tuple(str(f) for f in value)
    for faction in found:
        side_of(faction)  # an unknown faction is a problem with the record
    return found


def battleground(row: dict[str, Any], *, with_text: bool, fielded: dict[str, set[str]] | None = None) -> CardDef:
    """A battleground with its two gates (L269-279): the factions its army icons name and those its character
    icons name. A source that gives them (`armyFactions`, `characterFactions`) is read as it is; the community
    file gives one joint list, `allowedFactions`, which is then split by what each faction fields: an army
    icon only for a faction that has armies (Wizard and Dwarf have none), a character icon for a faction
    with characters. `fielded` maps a faction to its card kinds (None: every faction fields both)."""
    number = str(row["cardNumber"])
    text = str(row.get("text") or "")
    joint = _factions(row, "allowedFactions") or ()
    armies, characters = _factions(row, "armyFactions"), _factions(row, "characterFactions")
    if armies is None:
        armies = tuple(f for f in joint if fielded is None or ARMY in fielded.get(f, set()))
    if characters is None:
        characters = tuple(f for f in joint if fielded is None or CHARACTER in fielded.get(f, set()))
    every = tuple(dict.fromkeys([*joint, *armies, *characters]))
    return CardDef(id=f"b{int(number):02d}", number=number, name=str(row["name"]), kind=BATTLEGROUND,
                   side=str(row["team"]), vp=_int(row.get("victoryPoints")), defense=_int(row.get("defense")),
                   factions=every, army_factions=armies, character_factions=characters,
                   has_text=bool(text.strip()), text=text if with_text else "")


def path(row: dict[str, Any], *, with_text: bool) -> CardDef:
    number = str(row["cardNumber"])
    text = str(row.get("text") or "")
    return CardDef(id=f"t{int(number):02d}", number=number, name=str(row["name"]), kind=PATH,
                   vp=_int(row.get("victoryPoints")), defense=_int(row.get("pathDefense")),
                   path_number=_int(row.get("pathNumber")), has_text=bool(text.strip()),
                   text=text if with_text else "")


def build_pack(data: Path = DEFAULT_DATA, *, with_text: bool = False) -> WotrImport:
    """Read the three community files and return the pack. A record that cannot be read is left out and named
    in `problems`; a whole file that cannot be read raises ContentError before anything is written."""
    rows = {name: _read(data / f"{name}.json") for name in ("cards", "battlegrounds", "paths")}
    cards: list[CardDef] = []
    problems: list[str] = []
    notes: list[str] = []
    joint: list[str] = []  # battlegrounds whose gates were split from the one joint list
    fielded: dict[str, set[str]] = {}  # faction -> the kinds of its cards (which icons a battleground can show)
    for row in rows["cards"]:
        kind = str(row.get("type") or "").partition(":")[0].strip().lower()
        fielded.setdefault(str(row.get("faction")), set()).add(kind)
    readers = {"cards": lambda r, w: faction_card(r, w, with_text=with_text),
               "battlegrounds": lambda r, w: battleground(r, with_text=with_text, fielded=fielded),
               "paths": lambda r, w: path(r, with_text=with_text)}
    for name, records in rows.items():
        for i, row in enumerate(records, start=1):
            where = f"{name}.json record {i}"
            try:
                card = readers[name](row, where)
            except (KeyError, ValueError, TypeError) as exc:
                problems.append(f"{where}: {exc}")
                continue
            if name == "battlegrounds" and "armyFactions" not in row and "characterFactions" not in row:
                joint.append(card.name)
            if card.promo:
                notes.append(f"{where}: {card.name} is a promo card ({card.number}); decks leave it out by default")
            cards.append(card)
    if joint:
        armyless = sorted(f for f, kinds in fielded.items() if ARMY not in kinds and f in FACTIONS)
        notes.append(f"battlegrounds.json: {len(joint)} battlegrounds give one faction list for armies and "
                     f"characters; read as army icons for the factions with armies and character icons for all "
                     f"({', '.join(armyless)}: characters only)")
    ids = [c.id for c in cards]
    for dup in sorted({i for i in ids if ids.count(i) > 1}):
        problems.append(f"card id {dup} appears twice; the later record was dropped")
    unique = list({c.id: c for c in reversed(cards)}.values())[::-1]
    numbers = {c.number for c in unique if c.kind not in (BATTLEGROUND, PATH)}
    for n in range(1, 121):
        if str(n) not in numbers:
            notes.append(f"cards.json: no faction card number {n} (a gap in the community data)")
    order = {"f": 0, "b": 1, "t": 2}
    unique.sort(key=lambda c: (order[c.id[0]], not c.number.isdigit(), int(c.number) if c.number.isdigit()
                               else 0, c.number))
    return WotrImport(pack=Pack(key="wotrcg", source=SOURCE, cards=unique), problems=problems, notes=notes)
