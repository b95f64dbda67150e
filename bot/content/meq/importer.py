"""Build the Middle-earth Quest packs from the community data (`../shared/data/meq/`, see its README).

Two outputs, both facts only: the map (`engines/meq/packs/base.map`, the line format of engines.meq.board)
from locations.json and movement-graph.json, and the card facts (`engines/meq/packs/cards.json`). No card text,
ability text or flavour is copied; effects are scripted in engines.meq.scripts in our own words.

The movement graph has holes (its README: 2 locations with no path, about 21 paths missing). The importer adds
the fewest paths that make every location reachable, each marked `added` (unverified) with the reason, so the
default map is playable and `map check` still lists what a host should verify on a real board.
"""

from __future__ import annotations

import difflib
import json
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.content.errors import ContentError
from engines.meq import board as mb
from engines.meq.cards import (
    ANY,
    CombatDef,
    EncounterDef,
    EventDef,
    FoeDef,
    HeroDef,
    MissionDef,
    Pack,
    PerilDef,
    Pile,
    PlotDef,
    ShadowDef,
    SimpleDef,
)

REPO = Path(__file__).resolve().parents[3]
DEFAULT_DATA = next((p / "shared" / "data" / "meq" for p in REPO.parents if (p / "shared" / "data" / "meq").is_dir()),
                    REPO.parent / "shared" / "data" / "meq")  # ../shared beside the checkout (or a worktree's)
DEFAULT_MAP = REPO / "engines" / "meq" / "packs" / "base.map"
DEFAULT_CARDS = REPO / "engines" / "meq" / "packs" / "cards.json"
SOURCE = "jghiringhelli/meq data files (facts only: ids, names, numbers, icons; no card text)"

# The data's colour frames are the ten regions; its region ids are the five colour groups (spec 1.2).
REGIONS = {  # colour -> (region id, name, colour group)
    "Orange": ("eriador", "Eriador", "eriador-enedwaith"),
    "Yellow": ("enedwaith", "Enedwaith", "eriador-enedwaith"),
    "Purple": ("rhudaur", "Rhudaur", "rhudaur-grey-mountains"),
    "Grey": ("grey-mountains", "Grey Mountains", "rhudaur-grey-mountains"),
    "Green": ("misty-mountains", "Misty Mountains", "misty-mountains-mirkwood"),
    "Light Green": ("mirkwood", "Mirkwood", "misty-mountains-mirkwood"),
    "Blue": ("rohan", "Rohan", "rohan-gondor"),
    "Light Blue": ("gondor", "Gondor", "rohan-gondor"),
    "Brown": ("brown-lands", "Brown Lands", "brown-lands-mordor"),
    "Red": ("mordor", "Mordor", "brown-lands-mordor"),
}
GROUP_OF_DATA = {"eriador-and-enedwaith": "eriador-enedwaith",
                 "rhudaur-and-grey-mountains": "rhudaur-grey-mountains",
                 "mist-mountains-and-mirkwood": "misty-mountains-mirkwood",
                 "rohan-and-gondor": "rohan-gondor",
                 "mordor-and-brown-lands": "brown-lands-mordor"}
ICON = {"": "any", "woods": "forest", "swamp": "swamp", "mountain": "mountain", "plains": "plains", "hill": "hill"}
# Paths the data lacks and the map needs so that every location can be reached: the nearest neighbours on the
# board by coordinates. Icon and cost are guesses (the cheapest, "any 1"), so each is marked unverified.
ADDED = (
    ("the-redhorn-gate", "moria", "the data gives The Redhorn Gate no path; Moria is its nearest location"),
    ("the-redhorn-gate", "eregion", "the data gives The Redhorn Gate no path; Eregion is the next nearest"),
    ("lothl-rien", "moria", "the data gives Lothlorien no path; Moria lies next to it on the board"),
    ("lothl-rien", "fangorn", "the data gives Lothlorien no path; Fangorn is its nearest location"),
)
UNVERIFIED_CONFIDENCE = ("img-firstpass", "med")
CHARACTER_FAVOR = 2  # the only value in the text (Gandalf, spec 7.1); the data gives none
TIMINGS = {"action step": "action", "start of combat involving a minion": "minion-combat",
           "start of combat": "combat", "if he is not in a haven": "hero-start-wild",
           "start of hero's turn": "hero-start", "enters a non-haven": "hero-enters",
           "hero is defeated": "hero-defeated"}


@dataclass
class MeqImport:
    board: mb.Board
    pack: Pack
    notes: list[str] = field(default_factory=list)

    def summary(self) -> str:
        p = self.pack
        return (f"Map {self.board.key}: {len(self.board.locations)} locations, {len(self.board.paths)} paths. "
                f"Cards: {len(p.heroes)} heroes, {sum(c.copies for c in p.combat)} combat cards, {len(p.foes)} "
                f"monsters and minions, {len(p.plots)} plots, {len(p.events)} events, {len(p.encounters)} "
                f"encounters, {len(p.perils)} perils, {len(p.shadows)} shadow cards, {len(p.missions)} missions.")


def _read(data: Path, name: str) -> Any:
    path = data / name
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ContentError("the file is missing", where=str(path)) from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ContentError(f"not valid JSON ({exc})", where=str(path)) from None


NAME_WORDS = 6  # Many encounter titles are quotations of the books: the pack keeps their first words only.


def short_name(name: str) -> str:
    """A card's name as the pack keeps it: whole up to NAME_WORDS words, else its first words and an ellipsis
    (a long title is a line of prose, and the project ships no prose)."""
    words = name.split()
    return name if len(words) <= NAME_WORDS else " ".join(words[:NAME_WORDS]).rstrip(",;:") + "…"


# A title's small words stay lower case after its first word; Roman numerals stay upper case ("Dain II").
SMALL_WORDS = frozenset({"a", "an", "and", "as", "at", "but", "by", "for", "from", "in", "into", "of", "on", "or",
                         "the", "to", "with"})
ROMAN = re.compile(r"^(?:i{1,3}|iv|vi{0,3}|ix|x)$", re.IGNORECASE)


def display_title(name: str) -> str:
    """A name typed in capitals or with every word capitalised ("TRUST IN FRIENDSHIP", "The Mouth Of Sauron"),
    as a title reads: str.title() would give "Dain Ii" and "Saruman'S"."""
    out = []
    for i, word in enumerate(name.split()):
        if i and ROMAN.match(word):
            out.append(word.upper())
        elif i and word.lower() in SMALL_WORDS:
            out.append(word.lower())
        else:
            out.append("/".join(part[:1].upper() + part[1:].lower() for part in word.split("/")))
    return " ".join(out)


def short_id(kind: str, name: str, number: int) -> str:
    """A stable id from the first words of the name and the record's number: unique, and no run of prose."""
    slug = "-".join(fold(name).split()[:3]) or "card"
    return f"{kind}-{slug}-{number}"


def fold(name: str) -> str:
    """Accents, case, punctuation and a leading 'the' aside: how the data's location spellings are compared."""
    fixed = name.replace("Ã»", "û")
    bare = "".join(c for c in unicodedata.normalize("NFKD", fixed) if not unicodedata.combining(c)).lower()
    bare = re.sub(r"[^a-z0-9 ]", "", bare.replace("-", " "))
    return re.sub(r"^the ", "", " ".join(bare.split()))


class Names:
    """Location and region names, as the data spells them (upper case, typos), to ids."""

    def __init__(self, board: mb.Board) -> None:
        self.locs = {fold(loc.name): loc.id for loc in board.locations}
        self.locs.update({fold(loc.id): loc.id for loc in board.locations})
        self.regions = {fold(r.name): r.id for r in board.regions}

    def location(self, text: str, notes: list[str], where: str) -> str:
        key = fold(text)
        if not key:
            return ""
        if key in self.locs:
            return self.locs[key]
        close = difflib.get_close_matches(key, list(self.locs), n=1, cutoff=0.75)
        if close:
            notes.append(f"{where}: read '{text}' as {self.locs[close[0]]}")
            return self.locs[close[0]]
        notes.append(f"{where}: no location '{text}'; left out")
        return ""

    def where(self, text: str, notes: list[str], where: str) -> tuple[str, ...]:
        """'Any Location', 'Any Location in Rohan or Gondor', or a location name."""
        body = fold(text)
        if body in ("", "any location"):
            return (ANY,)
        if body.startswith("any location in "):
            out = []
            for part in re.split(r" or ", body.removeprefix("any location in ")):
                part = re.sub(r"^the ", "", part.strip())
                close = difflib.get_close_matches(part, list(self.regions), n=1, cutoff=0.7)
                if close:
                    out.append(f"region:{self.regions[close[0]]}")
                else:
                    notes.append(f"{where}: no region '{part}'")
            return tuple(out) or (ANY,)
        loc = self.location(text, notes, where)
        return (loc,) if loc else (ANY,)


def build_board(data: Path) -> tuple[mb.Board, list[str]]:
    locs = _read(data, "locations.json")["locations"]
    graph = _read(data, "movement-graph.json")
    notes: list[str] = []
    regions = [mb.Region(id=rid, name=name, group=group) for rid, name, group in REGIONS.values()]
    locations = []
    for i, row in enumerate(locs, start=1):
        colour = str(row["regionColor"])
        if colour not in REGIONS:
            raise ContentError(f"unknown region colour {colour!r}", where=f"locations.json record {i}")
        kind = row["kind"]
        strong = int(row.get("strongholdMax") or 0) if kind == "stronghold" else 0
        locations.append(mb.Location(id=row["id"], name=row["name"], region=REGIONS[colour][0], haven=kind == "haven",
                                     stronghold=strong, perilous=bool(row.get("perilous")),
                                     x=int(row["coords"]["x"]), y=int(row["coords"]["y"])))
        data_group = GROUP_OF_DATA.get(row["regionId"])
        if data_group and data_group != REGIONS[colour][2]:
            notes.append(f"{row['id']}: colour {colour} and region {row['regionId']} disagree; the colour wins")
    paths: list[mb.Path] = []
    seen: set[frozenset[str]] = set()
    for region in graph["regions"].values():
        for node_id, node in region["nodes"].items():
            for edge in node["edges"]:
                pair = frozenset((node_id, edge["to"]))
                if pair in seen:
                    notes.append(f"path {node_id} - {edge['to']} is stored twice; the first is kept")
                    continue
                seen.add(pair)
                confidence = str(edge.get("confidence") or "unknown")
                paths.append(mb.Path(a=node_id, b=edge["to"], icon=ICON.get(edge.get("terrain") or "", "any"),
                                     cost=int(edge["cost"]), kind="water" if edge.get("boat") else "land",
                                     confidence=confidence,
                                     note="unverified reading of the board image" if confidence in
                                     UNVERIFIED_CONFIDENCE else ""))
    for a, b, why in ADDED:
        if frozenset((a, b)) not in seen:
            paths.append(mb.Path(a=a, b=b, icon="any", cost=1, kind="land", confidence="added", note=why))
            notes.append(f"added path {a} - {b}: {why}")
    board = mb.Board(key="base", title="Middle-earth Quest (community transcription)", regions=tuple(regions),
                     locations=tuple(locations), paths=tuple(paths))
    return board, notes


def _int(value: Any, default: int = 0) -> int:
    text = str(value).strip()
    return int(text) if text.lstrip("-").isdigit() else default


def build_pack(data: Path, board: mb.Board) -> tuple[Pack, list[str]]:
    notes: list[str] = []
    names = Names(board)
    heroes = _read(data, "heroes.json")["heroes"]
    pack = Pack(source=SOURCE)
    for h in heroes:
        pack.heroes.append(HeroDef(id=h["id"], name=h["name"], fortitude=h["fortitude"], strength=h["strength"],
                                   agility=h["agility"], wisdom=h["wisdom"], start=h["startLocation"],
                                   ability=h.get("abilityName", ""), items=tuple(h.get("startItems") or ())))
    for c in _read(data, "combat-cards.json")["cards"]:
        deck = str(c["deck"]).removeprefix("hero-").removeprefix("monster-")
        pack.combat.append(CombatDef(id=c["id"], deck="skill" if deck == "skills" else deck, name=c["name"],
                                     type=c["type"], attack=c["attack"], defense=c["defense"], cost=c["strengthCost"],
                                     icon=ICON.get(c.get("terrain") or "", "any"), ability=c.get("effectKey") or "",
                                     copies=int(c.get("copies") or 1)))
    for m in _read(data, "monsters.json")["monsters"]:
        pack.foes.append(FoeDef(id=m["id"], name=display_title(m["name"]),
                                health=int(m.get("health") or m["fortitude"]),
                                fortitude=m["fortitude"], strength=m["strength"], wisdom=m["wisdom"],
                                deck=m["deck"].removeprefix("monster-")))
    notes.append("monsters.json gives no health: a monster's health is taken as its fortitude (spec 7.5.9)")
    for m in _read(data, "minions.json")["minions"]:
        starts = tuple(x for x in (m["location"], m.get("altLocation")) if x)
        pack.foes.append(FoeDef(id=m["id"], name=display_title(m["name"]), health=m["health"], fortitude=m["fortitude"],
                                strength=m["strength"], wisdom=m["wisdom"],
                                deck=m["combatDeck"].removeprefix("monster-"),
                                minion=True, starts=starts, stage=int(m["stage"])))
    for p in _read(data, "monster-bags.json")["pools"]:
        pack.piles.append(Pile(group=GROUP_OF_DATA[p["regionId"]], blanks=int(p["blanks"]),
                               tokens=tuple((t["monsterId"], int(t["count"])) for t in p["tokens"])))
    for i, p in enumerate(_read(data, "plots.json")["plots"], start=1):
        if p.get("eventDeckPlot"):
            notes.append(f"plots.json record {i}: {p['name']} enters through the Event deck; not in the Plot deck")
            continue
        affects = p.get("affects") or names.location(p.get("affectsText") or "", [], "")
        pack.plots.append(PlotDef(id=f"{p['id']}-{i}", name=p["name"], starting=bool(p["starting"]),
                                  influence=_int(p["influenceCost"]), marker=p["marker"], advance=_int(p["advance"], 1),
                                  favor=_int(p["favorToCounter"]), affects=affects,
                                  scripted_condition="condition" if p.get("condition") else ""))
    characters: dict[str, str] = {}
    for i, e in enumerate(_read(data, "events.json")["events"], start=1):
        where = f"events.json record {i}"
        favor = tuple(x for x in (names.location(e.get("favor1") or "", notes, where),
                                  names.location(e.get("favor2") or "", notes, where)) if x)
        char = str(e.get("character") or "").strip()
        cid = ""
        if char:
            cid = "char-" + fold(char).replace(" ", "-")
            characters[cid] = display_title(char)
        pack.events.append(EventDef(id=e["id"], stage=_int(e["turn"], 1), priority=_int(e["cardNo"]),
                                    name=display_title(e["name"]), favor=favor, character=cid,
                                    character_at=names.location(e.get("characterLocation") or "", notes, where),
                                    ongoing_at=names.location(e.get("questLocation") or "", notes, where)))
    pack.characters = [SimpleDef(id=k, name=v, value=CHARACTER_FAVOR) for k, v in sorted(characters.items())]
    notes.append(f"character favor values are not in the data: each gives {CHARACTER_FAVOR} (Gandalf's, spec 7.1)")
    for i, c in enumerate(_read(data, "encounters.json")["cards"], start=1):
        group = "haven" if c["regionGroup"] == "Haven" else GROUP_OF_DATA[fold(c["regionGroup"]).replace(" ", "-")]
        pack.encounters.append(EncounterDef(id=short_id("enc", c["name"], i), deck=group, priority=_int(c["priority"]),
                                            name=short_name(c["name"]),
                                            where=names.where(c.get("location") or "", notes,
                                                              f"encounters.json record {i}")))
    for i, c in enumerate(_read(data, "peril.json")["cards"], start=1):
        pack.perils.append(PerilDef(id=short_id("peril", c["name"], i), name=short_name(c["name"]),
                                    where=names.where(c.get("location") or "", notes, f"peril.json record {i}")))
    for i, c in enumerate(_read(data, "shadow.json")["cards"], start=1):
        timing = next((v for k, v in TIMINGS.items() if k in str(c["timing"]).lower()), "")
        if not timing:
            notes.append(f"shadow.json record {i}: timing not recognised; played in the Action step")
        pack.shadows.append(ShadowDef(id=f"{c['id']}-{i}", name=c["name"], pool=_int(c["poolRequirement"]),
                                      timing=timing or "action"))
    for c in _read(data, "corruption.json")["cards"]:
        pack.corruption.append(SimpleDef(id=c["id"], name=c["name"], value=_int(c["cost"])))
    for it in _read(data, "items.json")["items"]:
        pack.items.append(SimpleDef(id=it["id"], name=it["name"], value=int(it.get("copies") or 1)))
    for q in _read(data, "quests.json")["quests"]:
        pack.quests.append(SimpleDef(id=q["id"], name=q["name"], owner=q["hero"],
                                     kind="advanced" if "advanced" in q["type"].lower() else "starting"))
    missions = _read(data, "missions.json")
    tests = {"Noble Blood": "corruption_at_most", "Against The Shadow": "tokens_at_most",
             "Isildur's Secret": "favor_at_least", "Minas Morgul Kept at Bay": "minions_at_most",
             "The Spear of the West": "all_quests", "His Dark Throne": "plots_active",
             "In Darkness Bind Them": "marker_stage3", "To Rule Them All": "marker_stage3",
             "Where the Shadows Lie": "marker_stage3", "To Find Them All": "find_them_all"}
    # Spec 5.10 gives each mission's numbers and marker; the data's numbers and marker colours disagree in places.
    spec = {"Noble Blood": (1, ""), "Against The Shadow": (2, ""), "Isildur's Secret": (5, ""),
            "Minas Morgul Kept at Bay": (2, ""), "The Spear of the West": (0, ""), "His Dark Throne": (3, ""),
            "In Darkness Bind Them": (0, "yellow"), "To Rule Them All": (0, "red"),
            "Where the Shadows Lie": (0, "black"), "To Find Them All": (6, "")}
    for side, key in (("heroes", "heroMissions"), ("sauron", "sauronMissions")):
        for m in missions[key]:
            name = next((t for t in tests if t.lower() == m["name"].lower()), m["name"])
            if name not in tests:
                raise ContentError(f"unknown mission {name!r}", where="missions.json")
            n, marker = spec[name]
            pack.missions.append(MissionDef(id=m["id"], side=side, name=name, test=tests[name], n=n, marker=marker))
    pack.notes = notes
    return pack, notes


def build(data: Path = DEFAULT_DATA) -> MeqImport:
    board, notes = build_board(data)
    text = mb.write(board)
    board = mb.parse(text)  # checks it and stamps its digest
    pack, more = build_pack(data, board)
    return MeqImport(board=board, pack=pack, notes=notes + more)
