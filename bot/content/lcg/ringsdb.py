"""RingsDB decks: a published decklist, or a private deck its owner shares, by URL or id.

RingsDB names cards by its own codes ("01001" = Core Set #1); the library uses OCTGN GUIDs, which RingsDB
keeps in each card record's `octgnid`. Core Set codes follow from the card's number ("01" + number); any other
code is looked up once through the card API and cached. A code that cannot be mapped is reported, not fatal.

Lessons from the real API: a hero's threat is in `threat`, not `cost`; `slots` repeats the heroes; `sideslots`
is `[]` when empty; an unknown published id answers 200 with an empty body; a bad card code answers 500 with a
JSON error body; a private deck that is not shared answers `{"success": false, "error": ...}`.
"""

from __future__ import annotations

import asyncio
import json
import re
import urllib.error
import urllib.request
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from bot import safe_text
from bot.content.errors import ContentError
from bot.content.lcg import fields
from bot.content.lcg.fields import MAX_COPIES
from bot.content.lcg.report import ImportResult, Problem, Progress, no_progress
from engines.lcg.cards import CardDef, Deck, Pack, Slot

SITE = "https://ringsdb.com"
DECKLIST_API = SITE + "/api/public/decklist/{id}.json"
DECK_API = SITE + "/api/oauth2/deck/load/{id}"
CARD_API = SITE + "/api/public/card/{code}.json"
CORE_PREFIX = "01"  # RingsDB numbers the Core Set's cards 01001-01073, in card-number order
TIMEOUT = 15.0
# Only these fields of a card record are kept (in the cache and the pack): never `text` or `flavor`.
RECORD_FACTS = (
    "code", "octgnid", "name", "type_code", "pack_name", "position", "is_unique", "sphere_code", "cost",
    "threat", "willpower", "attack", "defense", "health", "quest_points", "victory", "traits",
)  # fmt: skip
_REF = re.compile(r"(?:https?://)?(?:www\.)?ringsdb\.com/(decklist|deck)/view/(\d+)(?:[/?#].*)?", re.IGNORECASE)


@dataclass(frozen=True)
class Response:
    status: int
    body: bytes


Fetch = Callable[[str], Response]
"""GET a URL, blocking: the importer runs it in a thread. Tests pass one that replays recorded answers."""


def urllib_fetch(url: str) -> Response:
    request = urllib.request.Request(url, headers={"User-Agent": "Westmarch (play-by-post LCG bot)"})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as answer:  # fixed https URLs only
            return Response(answer.status, answer.read())
    except urllib.error.HTTPError as error:
        return Response(error.code, error.read())
    except (urllib.error.URLError, TimeoutError) as error:
        reason = getattr(error, "reason", error)
        raise ContentError(f"RingsDB could not be reached ({reason}). Try again later.", where=url) from None


@dataclass(frozen=True)
class DeckRef:
    kind: Literal["decklist", "deck"]  # published decklist, or a private deck shared by its owner
    id: int

    @property
    def api(self) -> str:
        return (DECKLIST_API if self.kind == "decklist" else DECK_API).format(id=self.id)

    @property
    def page(self) -> str:
        return f"{SITE}/{self.kind}/view/{self.id}"

    @property
    def key(self) -> str:
        return f"ringsdb-{self.id}" if self.kind == "decklist" else f"ringsdb-deck-{self.id}"


def parse_ref(text: str) -> DeckRef:
    """'https://ringsdb.com/decklist/view/12345/some-name', 'https://ringsdb.com/deck/view/678' or '12345'."""
    value = text.strip().strip("<>")
    if value.isdigit():
        return DeckRef("decklist", int(value))
    match = _REF.fullmatch(value)
    if match is None:
        raise ContentError(
            f"'{text.strip()}' is not a RingsDB deck. Give a decklist link such as "
            "https://ringsdb.com/decklist/view/12345, a shared deck link such as https://ringsdb.com/deck/view/678, "
            "or a decklist number."
        )
    kind: Literal["decklist", "deck"] = "decklist" if match.group(1).lower() == "decklist" else "deck"
    return DeckRef(kind, int(match.group(2)))


class CardRecords:
    """RingsDB code -> card facts, remembered across imports (and, given a path, across restarts)."""

    def __init__(self, seed: Mapping[str, str] | None = None, path: Path | None = None) -> None:
        self.octgnids: dict[str, str] = dict(seed or {})
        self.records: dict[str, dict[str, Any]] = {}
        self.path = path
        if path is not None and path.exists():
            try:
                stored = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                stored = {}  # a damaged cache is only a cache: start again
            for code, record in stored.items() if isinstance(stored, dict) else ():
                if isinstance(record, dict) and record.get("octgnid"):
                    self.remember(code, record)

    def remember(self, code: str, record: Mapping[str, Any]) -> None:
        self.records[code] = {k: record[k] for k in RECORD_FACTS if k in record}
        self.octgnids[code] = str(record["octgnid"])

    def save(self) -> None:
        if self.path is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.path.write_text(json.dumps(self.records, ensure_ascii=False, sort_keys=True), encoding="utf-8")


def core_codes(cards: Iterable[CardDef]) -> dict[str, str]:
    """Code -> id for the Core Set's player cards: no lookup needed for them."""
    return {
        f"{CORE_PREFIX}{c.number:03d}": c.id
        for c in cards
        if c.pack == "Core Set" and c.is_player_card and 0 < c.number < 1000
    }


async def import_ringsdb(
    ref: str,
    *,
    known: Mapping[str, CardDef] | None = None,
    fetch: Fetch = urllib_fetch,
    records: CardRecords | None = None,
    on_progress: Progress = no_progress,
) -> ImportResult:
    """One RingsDB deck as a pack holding that deck, plus facts-only definitions of any of its cards that
    `known` (the library's cards) lacks. Raises ContentError when the deck itself cannot be had."""
    deck_ref = parse_ref(ref)
    known = known or {}
    records = records or CardRecords()
    for code, core_id in core_codes(known.values()).items():
        records.octgnids.setdefault(code, core_id)
    data = await _get_json(fetch, deck_ref.api, what=f"RingsDB {deck_ref.kind} {deck_ref.id}")
    deck = _deck_shape(data, deck_ref)
    heroes = deck.heroes
    slots = {code: n for code, n in deck.slots.items() if code not in heroes}  # slots repeats the heroes
    codes = [*heroes, *slots]
    result = ImportResult(pack=Pack(key=deck_ref.key, name=deck.name, source=deck_ref.page), read=len(codes))
    ids: dict[str, str] = {}
    for done, code in enumerate(codes, start=1):
        card_id = records.octgnids.get(code) or await _look_up(code, fetch, records, result)
        if card_id:
            ids[code] = card_id
            record = records.records.get(code)
            if card_id not in known and record is not None:
                result.pack.cards.append(card_from_record(record))
        on_progress(done, len(codes))
    records.save()
    if deck.sideboard:
        result.notes.append(Problem(deck_ref.page, f"{deck.sideboard} sideboard card(s) not imported"))
    result.pack.decks.append(
        Deck(
            key=deck_ref.key,
            name=deck.name,
            heroes=tuple(ids[c] for c in heroes if c in ids),
            cards=tuple(Slot(card=ids[c], count=n) for c, n in slots.items() if c in ids),
            source=deck_ref.page,
        )
    )
    return result


async def _get_json(fetch: Fetch, url: str, *, what: str) -> Any:
    answer = await asyncio.to_thread(fetch, url)
    if answer.status == 404:
        raise ContentError(f"{what} does not exist (HTTP 404).", where=url)
    if answer.status != 200:
        raise ContentError(f"{what}: RingsDB answered HTTP {answer.status}.", where=url)
    if not answer.body.strip():  # RingsDB's answer for an unpublished or deleted decklist
        raise ContentError(f"{what} is empty: it is unpublished or deleted.", where=url)
    try:
        return json.loads(answer.body)
    except ValueError as error:
        at = f" (line {error.lineno}, column {error.colno})" if isinstance(error, json.JSONDecodeError) else ""
        raise ContentError(f"{what}: RingsDB's answer is not valid JSON{at}.", where=url) from None
    except RecursionError:  # the parser recurses: an answer nested thousands deep is no deck
        raise ContentError(f"{what}: RingsDB's answer nests too deep to be a deck.", where=url) from None


@dataclass(frozen=True)
class _DeckData:
    name: str
    heroes: dict[str, int]
    slots: dict[str, int]
    sideboard: int  # cards in the sideboard (not imported: a Deck has none)


def _deck_shape(data: Any, ref: DeckRef) -> _DeckData:
    """Check the fields the import relies on; a private deck that is not shared answers success: false."""
    where = ref.api
    if isinstance(data, dict) and data.get("success") is False:
        reason = data.get("error") or "refused"
        raise ContentError(
            f"RingsDB deck {ref.id}: {reason}. A private deck can be imported only when its owner shares "
            "their decks (RingsDB account settings), or publish it as a decklist.",
            where=where,
        )
    if not isinstance(data, dict):
        raise ContentError("RingsDB's answer is not a deck (not a JSON object).", where=where)
    for name in ("heroes", "slots"):
        value = data.get(name)
        if not isinstance(value, dict) or not all(_count(v) for v in value.values()):
            raise ContentError(f"the deck's '{name}' is not a map of card codes to counts.", where=where)
        # Bounded before any work: an answer claiming millions of copies must not cost the bot seconds.
        if len(value) > MAX_ENTRIES:
            raise ContentError(f"the deck's '{name}' lists {len(value)} cards; a deck has at most {MAX_ENTRIES}.",
                               where=where)
        for code, n in value.items():
            if n > MAX_COPIES:
                raise ContentError(f"the deck's '{name}' holds {n} copies of card {str(code)[:12]}; a deck holds "
                                   f"at most {MAX_COPIES} of a card (3 in a legal deck).", where=where)
    sideslots = data.get("sideslots") or {}
    if not isinstance(sideslots, dict):
        raise ContentError("the deck's 'sideslots' is neither a map nor an empty list.", where=where)
    title = data.get("name")
    return _DeckData(
        name=safe_text.name(title, 80) if isinstance(title, str) and title.strip() else f"RingsDB deck {ref.id}",
        heroes={str(c): int(n) for c, n in data["heroes"].items()},
        slots={str(c): int(n) for c, n in data["slots"].items() if int(n) > 0},
        sideboard=sum(n for n in sideslots.values() if _count(n)),
    )


MAX_ENTRIES = 500  # distinct card codes in one list


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


async def _look_up(code: str, fetch: Fetch, records: CardRecords, result: ImportResult) -> str | None:
    """Fetch one card record for its octgnid; report, rather than raise, when that fails."""
    where = f"RingsDB card {code}"
    if not code.isdigit():
        result.problems.append(Problem(where, "not a RingsDB card code"))
        return None
    try:
        record = await _get_json(fetch, CARD_API.format(code=code), what=where)
    except ContentError as error:
        result.problems.append(Problem(where, error.reason))
        return None
    if not isinstance(record, dict) or "error" in record or not record.get("octgnid"):
        name = record.get("name", "?") if isinstance(record, dict) else "?"
        result.problems.append(Problem(where, f"'{name}' has no OCTGN id on RingsDB; left out"))
        return None
    records.remember(code, record)
    return str(record["octgnid"])


def card_from_record(record: Mapping[str, Any]) -> CardDef:
    """A facts-only definition from a RingsDB card record (a player card: RingsDB has no encounter cards)."""
    type_ = fields.card_type(str(record.get("type_code", "")).replace("-", " "), "player")

    def number(name: str) -> int | None:
        value = record.get(name)  # RingsDB gives some numbers as strings ("cost": "2", "X")
        try:
            return fields.stat("" if value is None else str(value))
        except fields.BadNumber:
            return 0

    def stat(name: str) -> int:
        return number(name) or 0

    return CardDef(
        id=str(record["octgnid"]),
        name=safe_text.name(str(record.get("name", "")), 80),
        type=type_,
        pack=str(record.get("pack_name", "")),
        number=stat("position"),
        unique=bool(record.get("is_unique")),
        sphere=str(record.get("sphere_code", "")),
        cost=0 if type_ == "hero" else number("cost"),
        threat_cost=stat("threat") if type_ == "hero" else 0,  # a hero's threat is in `threat`, not `cost`
        willpower=stat("willpower"),
        attack=stat("attack"),
        defense=stat("defense"),
        hit_points=stat("health"),
        quest_points=stat("quest_points"),
        victory=stat("victory"),
        traits=fields.traits(str(record.get("traits") or "")),
    )
