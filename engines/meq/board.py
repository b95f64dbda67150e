"""The Middle-earth Quest map: locations and paths as data (spec 7.1, 7.2), read from a small line format.

The rulebook text has no map, so the board is a file a host can correct. The format is described in
docs/meq-map.md; in short, one record a line, words split like a shell (quotes for names with spaces):

    meq-map 1                                  # format and version: the first record, always
    map base "Middle-earth Quest base board"   # key and title
    region eriador Eriador orange              # region id, name, colour group (Encounter deck, token pile)
    location bree Bree eriador x=2331 y=1437   # id, name, region, then flags: haven, stronghold=6, perilous
    path bree fornost any 1 land high          # a, b, icon, cost 1-4, land|water, confidence[, "note"]

Everything is checked on load and refused with the line and field at fault (an unknown location, a bad cost,
a graph that does not connect every location), so a game can never start on a broken board. The parsed map
is stored inside the game state: a running game keeps the map it started with even if the file changes.
"""

from __future__ import annotations

import hashlib
import shlex
from collections import deque
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources

from engines.core.errors import CommandError

FORMAT = "meq-map"
VERSION = 1
ICONS = ("any", "hill", "mountain", "forest", "plains", "swamp")
KINDS = ("land", "water")
VERIFIED = ("high", "user-confirmed", "verified")  # confidences a host may rely on; anything else is unverified
HAVEN_GROUP = "haven"  # the Haven Encounter deck


class MapError(CommandError):
    """A map file that cannot be used, naming the line and the field at fault."""


@dataclass(frozen=True, kw_only=True)
class Region:
    id: str
    name: str
    group: str  # colour group: which regional Encounter deck and monster-token pile


@dataclass(frozen=True, kw_only=True)
class Location:
    id: str
    name: str
    region: str
    haven: bool = False
    stronghold: int = 0  # a Shadow Stronghold's red maximum; 0 = not a stronghold
    perilous: bool = False  # permanently perilous
    x: int = 0
    y: int = 0


@dataclass(frozen=True, kw_only=True)
class Path:
    a: str
    b: str
    icon: str
    cost: int
    kind: str = "land"
    confidence: str = "high"
    note: str = ""

    @property
    def verified(self) -> bool:
        return self.confidence in VERIFIED

    def other(self, loc: str) -> str:
        return self.b if loc == self.a else self.a


@dataclass(frozen=True, kw_only=True)
class Board:
    key: str
    title: str
    version: int = VERSION
    digest: str = ""  # sha-256 of the file it was read from: what the journal records
    regions: tuple[Region, ...] = ()
    locations: tuple[Location, ...] = ()
    paths: tuple[Path, ...] = ()

    def location(self, loc: str) -> Location:
        return _index(self)[0][loc]

    def has(self, loc: str) -> bool:
        return loc in _index(self)[0]

    def region(self, rid: str) -> Region:
        return _index(self)[1][rid]

    def group_of(self, loc: str) -> str:
        return self.region(self.location(loc).region).group

    def paths_from(self, loc: str) -> tuple[Path, ...]:
        return _index(self)[2].get(loc, ())

    def neighbours(self, loc: str) -> list[str]:
        return [p.other(loc) for p in self.paths_from(loc)]

    def path(self, a: str, b: str) -> Path | None:
        return next((p for p in self.paths_from(a) if p.other(a) == b), None)

    def name(self, loc: str) -> str:
        return self.location(loc).name

    def group_name(self, group: str) -> str:
        """A colour group as players say it, from its regions' names ("Rhudaur and Grey Mountains"); the key
        itself for one no region names (the Haven deck: "haven")."""
        names = [r.name for r in self.regions if r.group == group]
        return " and ".join(names) if names else group.replace("-", " ").capitalize()

    def distances(self, start: str) -> dict[str, int]:
        """Locations counted along paths from `start` (costs ignored): the nearest-Haven rule (spec 4.4)."""
        seen = {start: 0}
        todo = deque([start])
        while todo:
            here = todo.popleft()
            for nxt in self.neighbours(here):
                if nxt not in seen:
                    seen[nxt] = seen[here] + 1
                    todo.append(nxt)
        return seen


Indexes = tuple[dict[str, Location], dict[str, Region], dict[str, tuple[Path, ...]]]
_INDEXES: dict[tuple[str, int], Indexes] = {}


def _index(board: Board) -> Indexes:
    """Lookups by id, built once per board. Keyed by the file's digest (hashing the whole frozen board on every
    lookup was most of the cost of a command)."""
    key = (board.digest, len(board.paths)) if board.digest else ("", id(board))
    found = _INDEXES.get(key)
    if found is None:
        found = _INDEXES[key] = _build_index(board)
    return found


def _build_index(board: Board) -> Indexes:
    locs = {loc.id: loc for loc in board.locations}
    regions = {r.id: r for r in board.regions}
    adj: dict[str, list[Path]] = {}
    for p in board.paths:
        adj.setdefault(p.a, []).append(p)
        adj.setdefault(p.b, []).append(p)
    return locs, regions, {k: tuple(v) for k, v in adj.items()}


@dataclass(kw_only=True)
class Report:
    """What `map check` prints: the graph's shape and its weak spots."""

    locations: int
    paths: int
    components: list[list[str]] = field(default_factory=list)
    isolated: list[str] = field(default_factory=list)
    one_edge: list[str] = field(default_factory=list)
    unverified: list[Path] = field(default_factory=list)

    def lines(self) -> list[str]:
        out = [f"{self.locations} locations, {self.paths} paths, {len(self.components)} component(s)"
               f" (sizes {', '.join(str(len(c)) for c in self.components)})"]
        out.append(f"isolated: {', '.join(self.isolated) or 'none'}")
        out.append(f"one path only ({len(self.one_edge)}): {', '.join(self.one_edge) or 'none'}")
        out.append(f"unverified paths ({len(self.unverified)}):")
        out += [f"  {p.a} - {p.b} ({p.icon} {p.cost}, {p.kind}, {p.confidence})" + (f": {p.note}" if p.note else "")
                for p in self.unverified]
        return out


def components(board: Board) -> list[list[str]]:
    left = [loc.id for loc in board.locations]
    found: list[list[str]] = []
    placed: set[str] = set()
    for loc in left:
        if loc in placed:
            continue
        part = sorted(board.distances(loc))
        placed.update(part)
        found.append(part)
    return sorted(found, key=len, reverse=True)


def check(board: Board) -> Report:
    degree = {loc.id: len(board.paths_from(loc.id)) for loc in board.locations}
    return Report(locations=len(board.locations), paths=len(board.paths), components=components(board),
                  isolated=[k for k, d in degree.items() if d == 0], one_edge=[k for k, d in degree.items() if d == 1],
                  unverified=[p for p in board.paths if not p.verified])


def _flag(where: str, word: str) -> tuple[str, str]:
    key, sep, value = word.partition("=")
    if not key:
        raise MapError(f"{where}: '{word}' is not a flag (haven, perilous, stronghold=N, x=N, y=N).")
    return key, value if sep else ""


def _int(where: str, field_name: str, text: str, low: int, high: int) -> int:
    if not text.lstrip("-").isdigit() or not text.isascii():
        raise MapError(f"{where}, field {field_name}: '{text}' is not a whole number.")
    n = int(text)
    if not low <= n <= high:
        raise MapError(f"{where}, field {field_name}: {n} is out of range ({low} to {high}).")
    return n


def parse(text: str, *, require_connected: bool = True) -> Board:
    """Read a map file. Raises MapError naming the line and field at fault."""
    key = title = ""
    version = 0
    regions: dict[str, Region] = {}
    locations: dict[str, Location] = {}
    paths: list[Path] = []
    pairs: set[frozenset[str]] = set()
    for number, raw in enumerate(text.splitlines(), start=1):
        where = f"line {number}"
        try:
            words = shlex.split(raw, comments=True)
        except ValueError as exc:
            raise MapError(f"{where}: cannot read it ({exc}).") from None
        if not words:
            continue
        verb, args = words[0], words[1:]
        if not version:
            if verb != FORMAT or len(args) != 1:
                raise MapError(f"{where}: a map file starts with '{FORMAT} {VERSION}'.")
            version = _int(where, "version", args[0], 1, 999)
            if version > VERSION:
                raise MapError(f"{where}: map format version {version} is newer than this engine reads ({VERSION}).")
            continue
        if verb == "map":
            if len(args) != 2:
                raise MapError(f"{where}: write 'map <key> \"<title>\"'.")
            key, title = args
        elif verb == "region":
            if len(args) != 3:
                raise MapError(f"{where}: write 'region <id> \"<name>\" <colour group>'.")
            if args[0] in regions:
                raise MapError(f"{where}, field id: region '{args[0]}' is defined twice.")
            regions[args[0]] = Region(id=args[0], name=args[1], group=args[2])
        elif verb == "location":
            locations_add(where, args, regions, locations)
        elif verb == "path":
            path = path_read(where, args, locations)
            pair = frozenset((path.a, path.b))
            if pair in pairs:
                raise MapError(f"{where}: the path {path.a} - {path.b} is listed twice.")
            pairs.add(pair)
            paths.append(path)
        else:
            raise MapError(f"{where}: unknown record '{verb}' (map, region, location, path).")
    if not version:
        raise MapError(f"line 1: the file is empty; a map file starts with '{FORMAT} {VERSION}'.")
    if not key:
        raise MapError("The map has no 'map <key> \"<title>\"' line.")
    if not locations:
        raise MapError("The map has no locations.")
    board = Board(key=key, title=title, version=version, digest=hashlib.sha256(text.encode()).hexdigest(),
                  regions=tuple(regions.values()), locations=tuple(locations.values()), paths=tuple(paths))
    if not any(loc.stronghold for loc in board.locations):
        raise MapError("The map has no Shadow Stronghold (write 'stronghold=N' on one location).")
    if not any(loc.haven for loc in board.locations):
        raise MapError("The map has no Haven (write 'haven' on one location).")
    if require_connected:
        parts = components(board)
        if len(parts) > 1:
            cut = [loc for part in parts[1:] for loc in part]
            raise MapError(f"The map is not connected: {', '.join(cut)} cannot be reached from "
                           f"{parts[0][0]}. Add a path (mark it unverified if unsure).")
    return board


def locations_add(where: str, args: list[str], regions: dict[str, Region], out: dict[str, Location]) -> None:
    if len(args) < 3:
        raise MapError(f"{where}: write 'location <id> \"<name>\" <region> [flags]'.")
    lid, name, region = args[:3]
    if lid in out:
        raise MapError(f"{where}, field id: location '{lid}' is defined twice.")
    if region not in regions:
        raise MapError(f"{where}, field region: unknown region '{region}' (define it with a 'region' line first).")
    flags: dict[str, int | bool] = {}
    for word in args[3:]:
        k, v = _flag(where, word)
        if k in ("haven", "perilous"):
            flags[k] = True
        elif k == "stronghold":
            flags[k] = _int(where, "stronghold", v, 1, 99)
        elif k in ("x", "y"):
            flags[k] = _int(where, k, v, 0, 100_000)
        else:
            raise MapError(f"{where}: unknown flag '{k}' (haven, perilous, stronghold=N, x=N, y=N).")
    if flags.get("haven") and flags.get("stronghold"):
        raise MapError(f"{where}: a location cannot be both a Haven and a Shadow Stronghold.")
    out[lid] = Location(id=lid, name=name, region=region, haven=bool(flags.get("haven")),
                        stronghold=int(flags.get("stronghold", 0)), perilous=bool(flags.get("perilous")),
                        x=int(flags.get("x", 0)), y=int(flags.get("y", 0)))


def path_read(where: str, args: list[str], locations: dict[str, Location]) -> Path:
    if not 6 <= len(args) <= 7:
        raise MapError(f"{where}: write 'path <a> <b> <icon> <cost> land|water <confidence> [\"note\"]'.")
    a, b, icon, cost, kind, confidence = args[:6]
    for name, loc in (("a", a), ("b", b)):
        if loc not in locations:
            raise MapError(f"{where}, field {name}: unknown location '{loc}'.")
    if a == b:
        raise MapError(f"{where}: a path cannot lead from {a} to itself.")
    if icon not in ICONS:
        raise MapError(f"{where}, field icon: '{icon}' is not an icon ({', '.join(ICONS)}).")
    if kind not in KINDS:
        raise MapError(f"{where}, field kind: '{kind}' is not land or water.")
    return Path(a=a, b=b, icon=icon, cost=_int(where, "cost", cost, 1, 4), kind=kind, confidence=confidence,
                note=args[6] if len(args) == 7 else "")


def write(board: Board, header: list[str] | None = None) -> str:
    """The text form of a board (what the importer writes); `parse(write(b))` gives back the same board."""
    def q(word: str) -> str:
        return shlex.quote(word)

    lines = [f"# {h}" for h in header or []]
    lines += [f"{FORMAT} {board.version}", f"map {q(board.key)} {q(board.title)}", ""]
    lines += [f"region {q(r.id)} {q(r.name)} {q(r.group)}" for r in board.regions]
    lines.append("")
    for loc in board.locations:
        flags = (["haven"] if loc.haven else []) + ([f"stronghold={loc.stronghold}"] if loc.stronghold else [])
        flags += (["perilous"] if loc.perilous else []) + [f"x={loc.x}", f"y={loc.y}"]
        lines.append(" ".join(["location", q(loc.id), q(loc.name), q(loc.region), *flags]))
    lines.append("")
    for p in board.paths:
        tail = [q(p.note)] if p.note else []
        lines.append(" ".join(["path", p.a, p.b, p.icon, str(p.cost), p.kind, q(p.confidence), *tail]))
    return "\n".join(lines) + "\n"


BUILTIN_MAPS = ("base",)


@lru_cache(maxsize=4)
def builtin(key: str = "base") -> Board:
    if key not in BUILTIN_MAPS:
        raise MapError(f"Unknown map '{key}'. Built-in maps: {', '.join(BUILTIN_MAPS)}; or give a map file's text.")
    return parse((resources.files("engines.meq") / "packs" / f"{key}.map").read_text(encoding="utf-8"))
