"""Deck lists: the built-in starters and lists a player pastes, checked before a game starts.

Two written forms are read. `NxSET_NUM` lines ("2x8_121", "#" starts a comment), as GEMP's product lists
write them, and GEMP's own deck string "RING_BEARER|RING|site,site,...|card,card,..." (a card may repeat).
A deck needs an adventure deck of 9 sites numbered 1 to 9, a Ring-bearer and The One Ring (spec 3.1); the
first error names the line or part at fault."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from engines.core.errors import CommandError
from engines.tcg.cards import COMPANION, RING_TYPE, SITE_TYPE, CardDef, DeckList, builtin_pack

LINE = re.compile(r"^(\d+)\s*x\s*(\d+_\d+)$", re.IGNORECASE)
CARD_ID = re.compile(r"^\d+_\d+$")


@dataclass(kw_only=True)
class Deck:
    """A checked deck: its ring-bearer, ring, sites by number, draw deck and starting fellowship (card ids)."""

    name: str
    ring_bearer: str
    ring: str
    sites: dict[int, str] = field(default_factory=dict)
    draw: list[str] = field(default_factory=list)
    starting: list[str] = field(default_factory=list)  # companions besides the Ring-bearer


def _entries_from_lines(text: str, defs: dict[str, CardDef]) -> list[tuple[str, str]]:
    """(card id, where) for each copy, from NxSET_NUM lines."""
    out: list[tuple[str, str]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        match = LINE.match(line)
        if match is None:
            raise CommandError(f"Line {number} ('{raw.strip()}') is not of the form 2x7_226.")
        count, cid = int(match.group(1)), match.group(2)
        if cid not in defs:
            raise CommandError(f"Line {number} ('{raw.strip()}'): no card {cid} is known.")
        if not 1 <= count <= 60:
            raise CommandError(f"Line {number} ('{raw.strip()}'): a count must be between 1 and 60.")
        out.extend((cid, f"line {number} ('{raw.strip()}')") for _ in range(count))
    return out


def _entries_from_gemp(text: str, defs: dict[str, CardDef]) -> list[tuple[str, str]]:
    parts = text.strip().split("|")
    if len(parts) < 4:
        raise CommandError("A GEMP deck string has four parts: ring-bearer|ring|sites|cards.")
    names = ("the ring-bearer part", "the ring part", "the sites part", "the cards part")
    out: list[tuple[str, str]] = []
    for part, label in zip(parts[:4], names, strict=True):
        for cid in (c.strip() for c in part.split(",")):
            if not cid:
                continue
            if not CARD_ID.match(cid) or cid not in defs:
                raise CommandError(f"In {label}: '{cid}' is not a known card id.")
            out.append((cid, f"{label} ('{cid}')"))
    return out


def parse(text: str, defs: dict[str, CardDef], name: str = "pasted deck", starting: tuple[str, ...] = ()) -> Deck:
    """Read and check a deck list. Raises CommandError naming the bad line."""
    entries = _entries_from_gemp(text, defs) if "|" in text else _entries_from_lines(text, defs)
    if not entries:
        raise CommandError("The deck list is empty.")
    sites: dict[int, str] = {}
    rb = ring = ""
    draw: list[str] = []
    for cid, where in entries:
        cdef = defs[cid]
        if cdef.type == SITE_TYPE:
            if not 1 <= cdef.site <= 9:
                raise CommandError(f"{where}: {cdef.name} has no site number from 1 to 9.")
            if cdef.site in sites:
                raise CommandError(f"{where}: a second site {cdef.site} ({cdef.name}); the adventure deck holds one "
                                   "site of each number.")
            sites[cdef.site] = cid
        elif cdef.type == RING_TYPE:
            if ring:
                raise CommandError(f"{where}: a second One Ring.")
            ring = cid
        elif cdef.ring_bearer and not rb:
            rb = cid
        else:
            draw.append(cid)
    missing = [n for n in range(1, 10) if n not in sites]
    if missing:
        raise CommandError(f"The adventure deck lacks site {', '.join(map(str, missing))}: it needs sites 1 to 9.")
    if not rb:
        raise CommandError("The deck has no Ring-bearer (a companion who may start with the Ring, such as Frodo).")
    if not ring:
        raise CommandError("The deck has no One Ring.")
    start: list[str] = []
    for cid in starting:
        if defs[cid].type != COMPANION or cid not in draw:
            raise CommandError(f"The starting fellowship's {defs[cid].name} is not a companion of this deck.")
        draw.remove(cid)
        start.append(cid)
    return Deck(name=name, ring_bearer=rb, ring=ring, sites=sites, draw=draw, starting=start)


def builtin_decks() -> dict[str, DeckList]:
    return {d.key: d for d in builtin_pack().decks}


def starter(key: str, defs: dict[str, CardDef]) -> Deck:
    """A built-in deck by key ("sog-merry-starter"), checked like any other."""
    lists = builtin_decks()
    if key not in lists:
        raise CommandError(f"No built-in deck '{key}'. Decks: {', '.join(lists)}.")
    d = lists[key]
    extra = tuple(c for c in d.starting if defs[c].type == COMPANION and not defs[c].ring_bearer)
    return parse("\n".join(d.cards), defs, name=d.name, starting=extra)
