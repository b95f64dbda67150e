"""A user's own card words for Middle-earth Quest: imported from their copy, stored on their machine only.

The project ships no card text (data/README.md): the packs hold facts, the effects are scripts in our own
words. A user who owns the game may add the printed words with `python -m bot.content.meq words FILE`, so that
`/meq card` and the console's `meq card` show them beside the facts. The words are read from a JSON list or a
CSV file (docs/meq-words.md), or from the community data folder (the layout of ../shared/data/meq), checked
whole (an unknown card, a malformed line: a refusal naming the line, nothing written), and kept in
PACK_DIR/meq/words.json, which is outside the repository's tracked files (.gitignore: /data/*).
"""

from __future__ import annotations

import csv
import difflib
import io
import json
import os
import tempfile
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.content.errors import ContentError
from bot.content.meq.importer import short_id
from bot.settings import settings
from engines.meq.cards import Index, index

WORDS_FORMAT = "westmarch-meq-words"
WORDS_VERSION = 1
MAX_WORDS = 2000  # characters for one card: a printed card holds a few sentences
MAX_FILE_BYTES = 5_000_000


def default_path() -> Path:
    """Where the words are kept: a folder of their own under PACK_DIR (the LCG loads PACK_DIR/*.json as its
    packs, so the words stay one level down)."""
    return Path(settings().pack_dir) / "meq" / "words.json"


def fold(text: str) -> str:
    """Case, accents, spacing and a trailing ellipsis aside: how a name in the user's file meets the pack's."""
    bare = "".join(c for c in unicodedata.normalize("NFKD", text.replace("…", " ")) if not unicodedata.combining(c))
    return " ".join(bare.lower().split())


# --- which card a line names ---------------------------------------------------------------------------


@dataclass
class Cards:
    """Every card of the pack by id and by folded name, for the lookups an import needs."""

    ids: dict[str, str] = field(default_factory=dict)  # id -> name
    by_name: dict[str, list[str]] = field(default_factory=dict)  # folded name -> ids
    prefixes: list[tuple[str, str]] = field(default_factory=list)  # (folded short name, id) of cut names

    @classmethod
    def of(cls, idx: Index) -> Cards:
        cards = cls()
        for table in tables(idx).values():
            for key, card in table.items():
                name = str(getattr(card, "name", key))
                cards.ids[key] = name
                cards.by_name.setdefault(fold(name), []).append(key)
                if name.endswith("…"):  # the pack keeps a long title's first words only (importer.short_name)
                    cards.prefixes.append((fold(name), key))
        return cards

    def resolve(self, named: str) -> str:
        """The id of the one card `named` names (its id or its name), or a refusal that says why."""
        key = named.strip()
        if key in self.ids:
            return key
        wanted = fold(key)
        found = self.by_name.get(wanted) or [k for short, k in self.prefixes if wanted.startswith(short)]
        if len(found) == 1:
            return found[0]
        if found:
            raise ValueError(f"'{key}' names {len(found)} cards ({', '.join(sorted(found))}); give the id instead")
        close = difflib.get_close_matches(wanted, list(self.by_name), n=1, cutoff=0.8)
        hint = f" (did you mean '{self.ids[self.by_name[close[0]][0]]}'?)" if close else ""
        raise ValueError(f"no card has the id or name '{key}'{hint}")


def tables(idx: Index) -> dict[str, dict[str, Any]]:
    """The pack's definitions by kind, in the words `/meq card` uses for each kind."""
    return {"hero": idx.heroes, "combat card": idx.combat, "monster or minion": idx.foes, "Plot": idx.plots,
            "Event": idx.events, "Encounter": idx.encounters, "Peril": idx.perils, "Shadow card": idx.shadows,
            "Corruption card": idx.corruption, "Item": idx.items, "character": idx.characters, "quest": idx.quests,
            "Mission": idx.missions}


# --- reading a user's file -----------------------------------------------------------------------------


def _checked(text: Any, where: str) -> str:
    if not isinstance(text, str) or not text.strip():
        raise ContentError("the words are missing or empty", where=where)
    if len(text) > MAX_WORDS:
        raise ContentError(f"the words are {len(text):,} characters; one card holds at most {MAX_WORDS:,}",
                           where=where)
    return text.strip()


def _add(found: dict[str, str], lines: dict[str, str], cards: Cards, named: Any, text: Any, where: str) -> None:
    if not isinstance(named, str) or not named.strip():
        raise ContentError("the card (its id or name) is missing", where=where)
    try:
        key = cards.resolve(named)
    except ValueError as error:
        raise ContentError(str(error), where=where) from None
    if key in found:
        raise ContentError(f"{key} already has words from {lines[key]}", where=where)
    found[key] = _checked(text, where)
    lines[key] = where


def _line_of(text: str, at: int) -> int:
    return text.count("\n", 0, at) + 1


def _json_items(text: str, source: str) -> Iterator[tuple[Any, int]]:
    """The items of a top-level JSON list, each with the line it starts on (json.loads forgets lines)."""
    decoder = json.JSONDecoder()
    pos = len(text) - len(text.lstrip())
    if not text.startswith("[", pos):
        raise ContentError("expected a JSON list of {\"card\": ..., \"text\": ...} entries",
                           where=f"{source} line {_line_of(text, pos)}")
    pos += 1
    while True:
        while pos < len(text) and text[pos] in " \t\r\n":
            pos += 1
        if text.startswith("]", pos):
            if text[pos + 1:].strip():
                raise ContentError("text after the end of the list", where=f"{source} line {_line_of(text, pos)}")
            return
        try:
            item, end = decoder.raw_decode(text, pos)
        except json.JSONDecodeError as error:
            raise ContentError(f"not valid JSON ({error.msg})", where=f"{source} line {error.lineno}") from None
        yield item, _line_of(text, pos)
        pos = end
        while pos < len(text) and text[pos] in " \t\r\n":
            pos += 1
        if text.startswith(",", pos):
            pos += 1
        elif not text.startswith("]", pos):
            raise ContentError("expected ',' or ']' after an entry", where=f"{source} line {_line_of(text, pos)}")


def from_json(text: str, source: str, cards: Cards) -> dict[str, str]:
    found: dict[str, str] = {}
    lines: dict[str, str] = {}
    for item, line in _json_items(text, source):
        where = f"{source} line {line}"
        if not isinstance(item, dict) or set(item) - {"card", "text"}:
            raise ContentError('expected {"card": "<id or name>", "text": "<the words>"}', where=where)
        _add(found, lines, cards, item.get("card"), item.get("text"), where)
    return found


def from_csv(text: str, source: str, cards: Cards) -> dict[str, str]:
    reader = csv.reader(io.StringIO(text, newline=""))
    found: dict[str, str] = {}
    lines: dict[str, str] = {}
    try:
        header = next(reader, None)
        if header is None or [h.strip().lower() for h in header] != ["card", "text"]:
            raise ContentError("the first line must be the header 'card,text'", where=f"{source} line 1")
        start = reader.line_num + 1
        for row in reader:
            where = f"{source} line {start}"
            start = reader.line_num + 1
            if not row or not "".join(row).strip():
                continue
            if len(row) != 2:
                raise ContentError(f"expected 2 fields (card,text), got {len(row)}; quote words that hold a comma",
                                   where=where)
            _add(found, lines, cards, row[0], row[1], where)
    except csv.Error as error:
        raise ContentError(f"not valid CSV ({error})", where=f"{source} line {reader.line_num}") from None
    return found


# --- the community data folder (../shared/data/meq) ------------------------------------------------------

Record = dict[str, Any]
IdOf = Callable[[Record, int], str]
# Each file: its list(s), how the importer made the card's id (bot.content.meq.importer.build_pack), and the
# fields that hold the card's words, with the label each gets when a card has several.
COMMUNITY: tuple[tuple[str, tuple[str, ...], IdOf, tuple[tuple[str, str], ...]], ...] = (
    ("heroes.json", ("heroes",), lambda r, i: str(r["id"]), (("", "abilityText"),)),
    ("combat-cards.json", ("cards",), lambda r, i: str(r["id"]), (("", "ability"),)),
    ("monsters.json", ("monsters",), lambda r, i: str(r["id"]), (("", "ability"),)),
    ("minions.json", ("minions",), lambda r, i: str(r["id"]), (("", "ability"),)),
    ("missions.json", ("heroMissions", "sauronMissions"), lambda r, i: str(r["id"]), (("", "text"),)),
    ("plots.json", ("plots",), lambda r, i: f"{r['id']}-{i}", (("Condition", "condition"), ("", "effect"))),
    ("quests.json", ("quests",), lambda r, i: str(r["id"]),
     (("Setup", "setup"), ("Task", "task"), ("Reward", "reward"))),
    ("corruption.json", ("cards",), lambda r, i: str(r["id"]), (("", "ability"),)),
    ("items.json", ("items",), lambda r, i: str(r["id"]), (("", "ability"),)),
    ("peril.json", ("cards",), lambda r, i: short_id("peril", str(r["name"]), i), (("", "effect"),)),
    ("shadow.json", ("cards",), lambda r, i: f"{r['id']}-{i}", (("", "effect"),)),
    ("events.json", ("events",), lambda r, i: str(r["id"]), (("", "text"),)),
    ("encounters.json", ("cards",), lambda r, i: short_id("enc", str(r["name"]), i), (("", "effect"),)),
)


def _joined(record: Record, fields: tuple[tuple[str, str], ...]) -> str:
    parts = [(label, str(record.get(key) or "").strip()) for label, key in fields]
    parts = [(label, text) for label, text in parts if text]
    if len(parts) == 1 and len(fields) == 1:
        return parts[0][1]
    return " ".join(f"{label}: {text}" if label else text for label, text in parts)


def from_community(folder: Path, cards: Cards) -> dict[str, str]:
    """The words of every card in a community data folder, by the ids the importer gave those cards."""
    found: dict[str, str] = {}
    read = 0
    for name, lists, id_of, fields in COMMUNITY:
        path = folder / name
        if not path.is_file():
            continue
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (json.JSONDecodeError, UnicodeDecodeError) as error:
            raise ContentError(f"not valid JSON ({error})", where=str(path)) from None
        read += 1
        for key in lists:
            records = data.get(key) if isinstance(data, dict) else None
            if not isinstance(records, list):
                raise ContentError(f"expected a list '{key}'", where=str(path))
            for i, record in enumerate(records, start=1):
                where = f"{path} record {i}"
                if not isinstance(record, dict):
                    raise ContentError("expected an object", where=where)
                if record.get("eventDeckPlot"):  # enters through the Event deck: not in the pack's Plot deck
                    continue
                try:
                    card = id_of(record, i)
                except KeyError as missing:
                    raise ContentError(f"no field {missing}", where=where) from None
                if card not in cards.ids:
                    raise ContentError(f"no card in the pack has the id '{card}' (another version of the data?)",
                                       where=where)
                text = _joined(record, fields)
                if text:
                    found[card] = _checked(text, where)
    if not read:
        raise ContentError("holds none of the community data files (heroes.json, encounters.json, ...)",
                           where=str(folder))
    return found


def read_source(path: Path, idx: Index | None = None) -> dict[str, str]:
    """The words a user's file (or community folder) gives, by card id; a ContentError if any line is wrong."""
    cards = Cards.of(idx or index())
    if path.is_dir():
        return from_community(path, cards)
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise ContentError(f"is {path.stat().st_size:,} bytes; a words file is far smaller", where=str(path))
        text = path.read_text(encoding="utf-8-sig")
    except OSError as error:
        raise ContentError(f"cannot be read ({error.strerror or error})", where=str(path)) from None
    except UnicodeDecodeError:
        raise ContentError("is not a UTF-8 text file", where=str(path)) from None
    is_json = path.suffix.lower() == ".json" or (path.suffix.lower() != ".csv" and text.lstrip().startswith("["))
    return from_json(text, path.name, cards) if is_json else from_csv(text, path.name, cards)


# --- the stored words ------------------------------------------------------------------------------------


def load_words(path: Path | None = None) -> dict[str, str]:
    """The stored words by card id; {} when the user has imported none."""
    path = path or default_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ContentError(f"cannot be read ({error})", where=str(path)) from None
    words = data.get("words") if isinstance(data, dict) and data.get("format") == WORDS_FORMAT else None
    if not isinstance(words, dict) or not all(isinstance(v, str) for v in words.values()):
        raise ContentError(f"is not a Westmarch words file (format '{WORDS_FORMAT}')", where=str(path))
    return {str(k): v for k, v in words.items()}


@dataclass(frozen=True)
class Stored:
    path: Path
    added: int
    replaced: int
    total: int

    def summary(self) -> str:
        return (f"Stored words for {self.added + self.replaced} card(s) ({self.added} new, {self.replaced} "
                f"replaced); {self.total} card(s) have words in {self.path}.")


def store(words: dict[str, str], path: Path | None = None, *, replace: bool = False) -> Stored:
    """Add (or with `replace`, put in place of all) the words, written whole or not at all."""
    path = path or default_path()
    old = {} if replace else load_words(path)
    merged = {**old, **words}
    path.parent.mkdir(parents=True, exist_ok=True)
    body = json.dumps({"format": WORDS_FORMAT, "version": WORDS_VERSION,
                       "note": "Card words from the user's own copy: never commit or share this file.",
                       "words": dict(sorted(merged.items()))}, ensure_ascii=False, indent=1) + "\n"
    handle, temp = tempfile.mkstemp(prefix=".words-", suffix=".json", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(body)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    replaced = sum(1 for k in words if k in old)
    return Stored(path=path, added=len(words) - replaced, replaced=replaced, total=len(merged))


def import_words(source: Path, out: Path | None = None, *, replace: bool = False) -> Stored:
    return store(read_source(source), out, replace=replace)
