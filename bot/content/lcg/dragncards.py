"""DragnCards' `cardDb.tsv`: every player, encounter and quest card, keyed by OCTGN GUID.

Quirks this reader handles (see the data README): trailing empty columns may be missing; `cost` is a hero's
threat cost and a quest card's stage number; `threat` is an encounter card's staging threat; a multi-sided
card has one row per side sharing its `databaseId`, and a quest card becomes ONE definition (side A's name,
side B's title, quest points and keywords).
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.content.errors import ContentError
from bot.content.lcg import fields
from bot.content.lcg.report import ImportResult, Problem, Progress, no_progress
from engines.lcg.cards import CardDef, Pack

COLUMNS = (
    "databaseId", "name", "imageUrl", "cardBack", "type", "packName", "deckbuilderQuantity", "setUuid",
    "numberInPack", "encounterSet", "unique", "sphere", "traits", "keywords", "cost", "side", "engagementCost",
    "threat", "willpower", "attack", "defense", "hitPoints", "questPoints", "victoryPoints", "cornerText", "text",
    "shadow", "tags",
)  # fmt: skip
NEEDED = tuple(c for c in COLUMNS if c not in ("imageUrl", "setUuid", "cornerText", "tags"))
CARD_BACKS = ("player", "encounter", "multi_sided")
GUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
PROGRESS_EVERY = 500
# A sentence of card text that is a play restriction: at the start, or after a full stop or a bracket.
TEXT_RESTRICTION = re.compile(r"(?:^|[.)])\s*(Attach to [^.]*)")


@dataclass(frozen=True)
class Row:
    """One TSV row, blanks for missing trailing columns, with its physical line number for messages."""

    line: int
    cells: dict[str, str]

    def __getitem__(self, column: str) -> str:
        return self.cells.get(column, "")


@dataclass
class CardTable:
    """The parsed file: definitions by id (file order), and what was dropped or read with a loss."""

    cards: dict[str, CardDef]
    problems: list[Problem]
    notes: list[Problem]
    rows: int


def read_rows(text: str, *, source: str = "cardDb.tsv") -> list[Row]:
    """Check the header and every row's shape; raise ContentError at the first corrupt line."""
    reader = csv.DictReader(io.StringIO(text.removeprefix("\ufeff")), delimiter="\t")
    try:
        return _rows(reader, source)
    except csv.Error as error:  # a stray carriage return, a NUL, an enormous field: the csv module's own words
        reason = str(error).split(" - ")[0]
        where = f"{source} line {max(reader.line_num, 1)}"
        raise ContentError(f"not a readable TSV row ({reason})", where=where) from None


def _rows(reader: csv.DictReader[str], source: str) -> list[Row]:
    header = reader.fieldnames or []
    missing = [c for c in NEEDED if c not in header]
    if missing:
        raise ContentError(
            f"missing column(s) {', '.join(missing)}; is this DragnCards' cardDb.tsv?", where=f"{source} line 1"
        )
    rows: list[Row] = []
    for raw in reader:
        where = f"{source} line {reader.line_num}"
        extra = raw.get(None)  # DictReader files surplus fields under the key None
        if extra:
            raise ContentError(f"{len(header) + len(extra)} columns where the header has {len(header)}", where=where)
        cells = {k: (v or "").strip() for k, v in raw.items() if k is not None}
        rows.append(Row(reader.line_num, cells))
        _check_row(rows[-1], where)
    return rows


def _check_row(row: Row, where: str) -> None:
    """A truncated row loses its later columns: the id, name, back, type and number must all be there."""
    if not GUID.fullmatch(row["databaseId"]):
        raise ContentError(f"'{row['databaseId']}' is not a card id (a GUID); the row is truncated", where=where)
    for column in ("name", "type"):
        if not row[column]:
            raise ContentError(f"no {column}; the row is truncated or shifted", where=where)
    if row["cardBack"] not in CARD_BACKS:
        raise ContentError(f"cardBack '{row['cardBack']}' is not one of {', '.join(CARD_BACKS)}", where=where)
    if not row["numberInPack"].isdigit():
        raise ContentError(f"numberInPack '{row['numberInPack']}' is not a number; the row is truncated", where=where)


def parse_card_db(
    text: str, *, source: str = "cardDb.tsv", with_text: bool = False, on_progress: Progress = no_progress
) -> CardTable:
    """Every card in the file. `with_text` also copies card and shadow text: for a user's own machine only."""
    rows = read_rows(text, source=source)
    sides: dict[str, list[Row]] = {}
    for row in rows:
        sides.setdefault(row["databaseId"], []).append(row)
    table = CardTable(cards={}, problems=[], notes=[], rows=len(rows))
    total = len(sides)
    for done, (card_id, group) in enumerate(sides.items(), start=1):
        reader = _CardReader(group, source, with_text, table)
        card = reader.read()
        if card is not None:
            table.cards[card_id] = card
        if done % PROGRESS_EVERY == 0:
            on_progress(done, total)
    on_progress(total, total)
    return table


class _CardReader:
    """Turns the row(s) of one card id into a CardDef, noting each lossy value against its line."""

    def __init__(self, group: list[Row], source: str, with_text: bool, table: CardTable) -> None:
        self.group = group
        self.front = group[0]
        self.source = source
        self.with_text = with_text
        self.table = table

    def note(self, row: Row, reason: str) -> None:
        self.table.notes.append(Problem(f"{self.source} line {row.line} ({row['name']})", reason, row["databaseId"]))

    def number(self, row: Row, column: str, *, x_ok: bool = False) -> int | None:
        try:
            value = fields.stat(row[column])
        except fields.BadNumber as error:
            self.note(row, f"{column}: {error}; read as 0")
            return 0
        if value is None and not x_ok:
            self.note(row, f"{column} is X (set by the card's text); read as 0")
            return 0
        return value

    def int_(self, row: Row, column: str) -> int:
        return self.number(row, column) or 0

    def keywords(self, row: Row) -> tuple[str, ...]:
        kept, dropped = fields.keywords(row["keywords"])
        for entry in dropped:
            if not entry.lower().startswith("attach to"):  # a play restriction: read by `attach_to`
                self.note(row, f"keywords: dropped a line that is not a keyword ({len(entry.split())} words)")
        return kept

    def attach_to(self, row: Row) -> str:
        """The play restriction, normalized: from the keyword column, else from the first sentence of the text
        that starts "Attach to" (the text's first, or one after "Limit 1 per deck.", "Guarded (enemy).", ...; not
        a "Setup:" instruction). Only the restriction, a fact, is kept. A phrasing not understood is noted and
        read as "" (any character)."""
        _kept, dropped = fields.keywords(row["keywords"])
        sentence = next((e for e in dropped if e.lower().startswith("attach to")), "")
        if not sentence:
            found = TEXT_RESTRICTION.search(row["text"])
            sentence = found.group(1) if found else ""
        if not sentence:
            return ""
        parsed = fields.attach_to(sentence)
        if parsed is None:
            words = len(sentence.split())
            self.note(row, f"attach_to: a play restriction not understood ({words} words); read as any character")
            return ""
        return parsed

    def read(self) -> CardDef | None:
        front = self.front
        if front["cardBack"] != "multi_sided" and len(self.group) > 1:
            lines = ", ".join(str(r.line) for r in self.group[1:])
            self.table.problems.append(
                Problem(
                    f"{self.source} line {front.line}",
                    f"card id repeated on line(s) {lines}; first kept",
                    front["databaseId"],
                )
            )
        type_ = fields.card_type(front["type"], front["cardBack"])
        if type_ == "quest":
            return self.quest()
        return self.card(type_)

    def common(self, row: Row) -> dict[str, Any]:
        return {
            "id": row["databaseId"],
            "name": row["name"],
            "pack": row["packName"],
            "number": int(row["numberInPack"]),
            "unique": row["unique"].lower() in ("1", "yes", "true"),
            "encounter_set": row["encounterSet"],
            "traits": fields.traits(row["traits"]),
        }

    def card(self, type_: str) -> CardDef:
        row = self.front
        sphere = row["sphere"].lower()
        if row["cardBack"] == "encounter" and sphere not in ("boon", "burden"):
            sphere = ""  # an encounter card belongs to no sphere; the column is noise there
        values: dict[str, Any] = {
            **self.common(row),
            "type": type_,
            "sphere": sphere,
            "willpower": self.int_(row, "willpower"),
            "attack": self.int_(row, "attack"),
            "defense": self.int_(row, "defense"),
            "hit_points": self.int_(row, "hitPoints"),
            "engagement_cost": self.int_(row, "engagementCost"),
            "quest_points": self.int_(row, "questPoints"),
            "victory": self.int_(row, "victoryPoints"),
            "keywords": self.keywords(row),
            "has_shadow": bool(row["shadow"]),
            "has_text": bool(row["text"].strip()),
            "attach_to": self.attach_to(row),
        }
        if type_ == "hero":
            values["threat_cost"] = self.int_(row, "cost")  # overloaded column: a hero's cost is its threat
            values["cost"] = 0
        elif fields.is_player_type(type_) or row["cardBack"] == "player":
            values["cost"] = self.number(row, "cost", x_ok=True)
        else:
            values["cost"] = 0
            values["threat"] = self.int_(row, "threat")  # overloaded column: staging-area threat
        if self.with_text:
            values["text"] = "\n\n".join(r["text"] for r in self.group if r["text"])
            values["shadow_text"] = row["shadow"]
        return CardDef(**values)

    def quest(self) -> CardDef | None:
        front = self.front
        if len(self.group) < 2:
            where = f"{self.source} line {front.line} ({front['name']})"
            self.table.problems.append(Problem(where, "quest card without a second side", front["databaseId"]))
            return None
        back = self.group[1]
        values: dict[str, Any] = {
            **self.common(front),
            "type": "quest",
            "stage": self.int_(front, "cost") or self.int_(back, "cost"),  # overloaded column: the stage number
            "stage_name": back["name"],
            "quest_points": self.int_(back, "questPoints"),
            "victory": self.int_(back, "victoryPoints"),
            "keywords": self.keywords(back),
        }
        if self.with_text:
            values["text"] = "\n\n".join(r["text"] for r in self.group[:2] if r["text"])
        return CardDef(**values)


def read_card_db(path: Path, *, with_text: bool = False, on_progress: Progress = no_progress) -> CardTable:
    """`parse_card_db` on a file, decoded as UTF-8 (a decode error names the byte offset)."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise ContentError(f"not UTF-8 text at byte {error.start}", where=path.name) from None
    except OSError as error:
        raise ContentError(f"cannot read it ({error.strerror})", where=str(path)) from None
    return parse_card_db(text, source=path.name, with_text=with_text, on_progress=on_progress)


def import_dragncards(
    folder: Path,
    *,
    with_text: bool = False,
    key: str = "dragncards",
    name: str = "DragnCards card database",
    on_progress: Progress = no_progress,
) -> ImportResult:
    """The whole DragnCards folder (cardDb.tsv and, if present, preBuiltDecks.json) as one pack."""
    from bot.content.lcg.recipes import read_recipes

    table = read_card_db(folder / "cardDb.tsv", with_text=with_text, on_progress=on_progress)
    pack = Pack(key=key, name=name, cards=sorted_cards(table.cards.values()), source="DragnCards lotrlcg plugin")
    result = ImportResult(pack=pack, problems=list(table.problems), notes=list(table.notes), read=table.rows)
    recipes_path = folder / "preBuiltDecks.json"
    if recipes_path.exists():
        recipes = read_recipes(recipes_path, table.cards, on_progress=on_progress)
        pack.scenarios.extend(recipes.scenarios)
        pack.decks.extend(recipes.decks)
        result.problems.extend(recipes.problems)
        result.notes.extend(recipes.notes)
        result.read += recipes.entries
    return result


def sorted_cards(cards: Iterable[CardDef]) -> list[CardDef]:
    """A stable order for packs on disk: by pack, then number in pack, then id."""
    return sorted(cards, key=lambda c: (c.pack, c.number, c.id))
