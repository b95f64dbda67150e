"""Build the Decipher TCG pack from GEMP's HJSON card files (sets 1, 7 and 8) and product lists (the Siege of
Gondor and Fellowship of the Ring starters). The pack keeps facts only (spec 8.1); the GEMP effect language and
game text stay behind, and `has_text` records whether a card has any (the coverage list needs it)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.content.errors import ContentError
from bot.content.tcg.hjson import HjsonError, loads
from engines.tcg.cards import CardDef, DeckList, Pack

REPO = Path(__file__).resolve().parents[3]
# The shared data sits beside the checkout (../shared); a worktree sits one level deeper (../../shared).
DEFAULT_DATA = next((base / "shared" / "data" / "tcg" / "gemp-playerscouncil-hjson"
                     for base in (REPO.parent, REPO.parent.parent) if (base / "shared" / "data" / "tcg").is_dir()),
                    REPO.parent / "shared" / "data" / "tcg" / "gemp-playerscouncil-hjson")
DEFAULT_OUT = REPO / "engines" / "tcg" / "packs" / "tcg.json"
SOURCE = "PlayersCouncil/gemp-lotr card HJSON, sets 1, 7, 8 (facts only: no card text)"
SETS = ("set01", "set07", "set08")
PRODUCTS = ("08-SOG-Starters.hjson", "01-FOTR-Starters.hjson")
SIDES = {"Free Peoples": "fp", "Shadow": "shadow"}
# The starting fellowships beside Frodo and the Ring, by deck: the Siege of Gondor decks' as the Starter
# Rulebook names them (seed L515-517); the set-1 decks' as their product list marks them "(starting)".
STARTING = {"merry": ("Merry", "Enraged Horseman"), "pippin": ("Pippin", "Gondorian Captain"),
            "aragorn": ("Aragorn",), "gandalf": ("Gandalf",)}
ENTRY = re.compile(r"^(\d+)x(\d+_\d+)$")


@dataclass
class TcgImport:
    pack: Pack
    problems: list[str] = field(default_factory=list)

    def summary(self) -> str:
        kinds: dict[str, int] = {}
        for c in self.pack.cards:
            kinds[c.type] = kinds.get(c.type, 0) + 1
        counts = ", ".join(f"{n} {k}" for k, n in sorted(kinds.items()))
        return (f"TCG pack: {len(self.pack.cards)} cards ({counts}), {len(self.pack.decks)} decks; "
                f"{len(self.problems)} problems.")


def _read(path: Path) -> Any:
    try:
        return loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ContentError("the file is missing", where=str(path)) from None
    except HjsonError as exc:
        raise ContentError(f"not valid HJSON ({exc})", where=str(path)) from None


def _words(value: Any) -> tuple[str, ...]:
    items = value if isinstance(value, list) else [value] if value else []
    return tuple(str(x) for x in items)


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        if value is None:
            return 0
        raise ValueError(f"expected a whole number, got {value!r}")
    return value


def _bearer(words: str) -> str:
    """The bearer filter, without the names of other cards it must not already bear (their titles are said
    by the rules' own words elsewhere; a 'not already bearing' clause is kept as a bare marker)."""
    return re.sub(r"not\(hasAttached\(name\([^)]*\)\)\)", "not(hasAttached)", words)


def card(cid: str, row: dict[str, Any]) -> CardDef:
    """One GEMP record as facts. Raises ValueError for a record it cannot read."""
    kind = str(row["type"]).lower()
    side = SIDES.get(str(row.get("side") or ""), "site" if kind == "site" else "ring" if kind == "the one ring" else "")
    if not side:
        raise ValueError(f"no side for a {kind}")
    keywords = [k.lower() for k in _words(row.get("keywords"))]
    support = "support area" in keywords
    keywords = [k for k in keywords if k != "support area"]
    phases = tuple(w.lower() for w in _words(row.get("timewords") or row.get("timeword")))
    text = str(row.get("gametext") or "")
    info = row.get("cardInfo") or {}
    return CardDef(
        id=cid, coll=str(info.get("collInfo") or ""), title=str(row["title"]), subtitle=str(row.get("subtitle") or ""),
        unique=bool(row.get("unique")), side=side, type=kind, culture=str(row.get("culture") or "").lower(),
        twilight=_int(row.get("twilight")), strength=_int(row.get("strength")), vitality=_int(row.get("vitality")),
        resistance=_int(row.get("resistance")), site=_int(row.get("site")), race=str(row.get("race") or "").lower(),
        keywords=tuple(keywords), item_class=str(row.get("itemclass") or "").lower(),
        signet=str(row.get("signet") or "").lower(), bearer=_bearer(str(row.get("target") or "")), phases=phases,
        direction=str(row.get("direction") or "").lower(), block=str(row.get("block") or "").lower(),
        ring_bearer=bool(row.get("canStartWithRing")), support=support, has_text=bool(text.strip()),
    )


def decks(data: Path, known: dict[str, CardDef], problems: list[str]) -> list[DeckList]:
    out: list[DeckList] = []
    for product in PRODUCTS:
        for entry in _read(data / product):
            name = str(entry["name"])
            key = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
            items = [str(i).strip() for i in entry.get("items") or []]
            bad = [i for i in items if not (m := ENTRY.match(i)) or m.group(2) not in known]
            if bad:
                problems.append(f"{product} {name}: unknown entries {bad}")
                continue
            ids = [ENTRY.match(i).group(2) for i in items]  # type: ignore[union-attr]
            rb = [i for i in ids if known[i].ring_bearer]
            ring = [i for i in ids if known[i].type == "the one ring"]
            extra = next((titles for word, titles in STARTING.items() if word in name.lower()), ())
            companions = [next(i for i in ids if known[i].title == t and known[i].type == "companion") for t in extra]
            out.append(DeckList(key=key, name=name, cards=items, starting=rb[:1] + ring[:1] + companions))
    return out


def build_pack(data: Path = DEFAULT_DATA) -> TcgImport:
    """Read every card file of sets 1, 7 and 8 and the two product lists. A record that cannot be read is left
    out and named in `problems`; a file that cannot be read raises ContentError before anything is written."""
    problems: list[str] = []
    cards: dict[str, CardDef] = {}
    for folder in SETS:
        files = sorted((data / folder).glob("*.hjson"))
        if not files:
            raise ContentError("no card files found", where=str(data / folder))
        for path in files:
            rows = _read(path)
            if not isinstance(rows, dict):
                raise ContentError("expected an object of card records", where=str(path))
            for cid, row in rows.items():
                try:
                    cards[cid] = card(cid, row)
                except (KeyError, ValueError, TypeError) as exc:
                    problems.append(f"{path.name} {cid}: {exc}")
    order = sorted(cards, key=lambda i: tuple(int(p) for p in i.split("_")))
    known = {i: cards[i] for i in order}
    return TcgImport(pack=Pack(source=SOURCE, cards=list(known.values()), decks=decks(data, known, problems)),
                     problems=problems)
