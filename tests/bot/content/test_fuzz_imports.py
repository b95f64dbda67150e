"""Hypothesis fuzzes every importer with corrupt input (issue 7, 'Bad input'): DragnCards' cardDb.tsv and
preBuiltDecks.json, OCTGN .o8d decks, RingsDB answers and a user's pack JSON. Whatever the damage (cut short,
bytes deleted, junk inserted, lines swapped, a value of the wrong shape anywhere), an importer either reads
the file or refuses it with a ContentError that names where (the line, or the field) and why; it never
raises anything else, and a refused RingsDB deck or uploaded .o8d deck stores nothing."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select

from bot.content.decks import import_o8d_deck, import_ringsdb_deck
from bot.content.errors import ContentError
from bot.content.lcg.dragncards import parse_card_db
from bot.content.lcg.octgn import deck_from_o8d, parse_o8d, scenario_from_o8d
from bot.content.lcg.recipes import parse_recipes
from bot.content.lcg.ringsdb import CardRecords, Response
from bot.content.packs import read_pack
from bot.store import migrate
from bot.store.database import Database
from bot.store.models import DeckRow
from engines.lcg.library import Library, builtin, pack_to_json
from tests.bot.content.helpers import RECORDED, Recorded, o8d, recipes_text, snippet_rows, tsv

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
JUNK = st.text(alphabet=st.sampled_from('\t\n\r "\'{}[]<>&;:,./-0123456789aZé\x00\ufeff'), max_size=12)


@st.composite
def damaged(draw: st.DrawFn, text: str) -> str:
    """`text` after one to four random injuries."""
    for _ in range(draw(st.integers(1, 4))):
        n = len(text)
        at = draw(st.integers(0, n))
        kind = draw(st.sampled_from(["cut", "delete", "insert", "replace", "swap lines", "repeat line"]))
        if kind == "cut":
            text = text[:at]
        elif kind == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 20)):]
        elif kind == "insert":
            text = text[:at] + draw(JUNK) + text[at:]
        elif kind == "replace":
            text = text[:at] + draw(JUNK) + text[at + draw(st.integers(1, 8)):]
        else:
            lines = text.split("\n")
            i, j = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
            if kind == "swap lines":
                lines[i], lines[j] = lines[j], lines[i]
            else:
                lines.insert(j, lines[i])
            text = "\n".join(lines)
    return text


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 10**12) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)


def paths(value: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value a part could be swapped."""
    found = [here]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*here, key))
        found.append((*here, "an extra key"))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += paths(item, (*here, i))
    return found


@st.composite
def reshaped(draw: st.DrawFn, data: Any) -> str:
    """Valid JSON with one to three of its values (or new keys) replaced by values of any shape."""
    data = json.loads(json.dumps(data))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(paths(data)))
        new = draw(JSON_VALUES)
        if not path:
            data = new
            continue
        parent = data
        try:
            for step in path[:-1]:
                parent = parent[step]
            parent[path[-1]] = new
        except (KeyError, IndexError, TypeError):
            continue  # an earlier swap removed this place
    return json.dumps(data, indent=1)


def refused_well(error: ContentError, where: str) -> None:
    """A refusal names where (the file and its line, the recipe and entry, the URL or the field) and why."""
    assert re.match(where, error.where), (error.where, error.reason)
    assert error.reason.strip() and str(error).strip(), error


# --- DragnCards cardDb.tsv ----------------------------------------------------------------------------------
CARD_DB = tsv(snippet_rows())


@FUZZ
@given(damaged(CARD_DB))
def test_a_damaged_card_db_is_read_or_refused_with_its_line(text: str) -> None:
    try:
        parse_card_db(text)
    except ContentError as error:
        refused_well(error, r"cardDb\.tsv line \d+$")


# --- DragnCards preBuiltDecks.json --------------------------------------------------------------------------
CARDS = parse_card_db(CARD_DB).cards
RECIPES = recipes_text()


@FUZZ
@given(damaged(RECIPES) | reshaped(json.loads(RECIPES)))
def test_damaged_recipes_are_read_or_refused_with_the_line_or_the_entry(text: str) -> None:
    try:
        parse_recipes(text, CARDS)
    except ContentError as error:
        refused_well(error, r"(?s)preBuiltDecks\.json( line \d+| recipe .+?( entry \d+)?)?$")


# --- OCTGN .o8d ---------------------------------------------------------------------------------------------
O8D = (Path(__file__).parent / "fixtures" / "player_deck.o8d").read_text(encoding="utf-8")


@FUZZ
@given(damaged(O8D), st.booleans())
def test_a_damaged_o8d_deck_is_read_or_refused_with_its_line(text: str, as_bytes: bool) -> None:
    try:
        sections = parse_o8d(text.encode("utf-8", "surrogatepass") if as_bytes else text)
        deck_from_o8d(sections, CARDS, key="fuzz", name="Fuzz")
        scenario_from_o8d(sections, CARDS, name="Fuzz")
    except ContentError as error:
        refused_well(error, r"(deck|quest)\.o8d( line \d+)?$")


# --- a user's pack JSON (PACK_DIR/*.json) -------------------------------------------------------------------
def _small_pack_json() -> str:
    from bot.content.lcg.dragncards import sorted_cards
    from engines.lcg.cards import Pack

    recipes = parse_recipes(RECIPES, CARDS)
    pack = Pack(key="fuzz", name="Fuzz", cards=sorted_cards(list(CARDS.values())), scenarios=recipes.scenarios,
                decks=recipes.decks)  # fmt: skip
    return pack_to_json(pack)


PACK = _small_pack_json()


@FUZZ
@given(damaged(PACK) | reshaped(json.loads(PACK)))
def test_a_damaged_pack_is_read_or_refused_with_the_line_or_the_field(text: str) -> None:
    try:
        read_pack(text, source="mine.json")
    except ContentError as error:
        refused_well(error, r"(?s)mine\.json( line \d+|: .+)?$")


def test_a_pack_refusal_names_the_field_and_the_reason() -> None:
    data = json.loads(PACK)
    data["cards"][2]["cost"] = "two"
    try:
        read_pack(json.dumps(data), source="mine.json")
    except ContentError as error:
        assert error.where == "mine.json: cards[2].cost"
        assert error.reason == 'expected a whole number, got "two"'
    else:
        raise AssertionError("a card whose cost is a word was accepted")


# --- RingsDB ------------------------------------------------------------------------------------------------
DECKLIST = (RECORDED / "decklist_12345.json").read_text(encoding="utf-8")
DECK_URL = "https://ringsdb.com/api/public/decklist/12345.json"
BASE = builtin()


class Answers(Recorded):
    """RingsDB, except that the deck (and perhaps a card record) comes back damaged."""

    def __init__(self, body: bytes, status: int) -> None:
        super().__init__()
        self.body, self.status = body, status

    def __call__(self, url: str) -> Response:
        if url == DECK_URL:
            return Response(self.status, self.body)
        return super().__call__(url)


async def stored_then_cleared(db: Database) -> int:
    """How many decks an example stored; the table is left empty for the next example."""
    async with db.session() as s:
        stored = int((await s.execute(select(func.count()).select_from(DeckRow))).scalar_one())
    async with db.session() as s:
        await s.execute(DeckRow.__table__.delete())  # type: ignore[attr-defined]
    return stored


async def _import(url: str, body: bytes, status: int) -> tuple[ContentError | None, int]:
    db = Database(url)
    try:
        library = Library(cards=dict(BASE.cards), scenarios=dict(BASE.scenarios), decks=dict(BASE.decks))
        refused = None
        try:
            await import_ringsdb_deck(db, "12345", owner_user_id=1, fetch=Answers(body, status),
                                      records=CardRecords(), library=library)  # fmt: skip
        except ContentError as error:
            refused = error
            assert "ringsdb-12345" not in library.decks  # nothing half-added either
        return refused, await stored_then_cleared(db)
    finally:
        await db.close()


@st.composite
def recounted(draw: st.DrawFn, data: dict[str, Any]) -> str:
    """The deck with heroes dropped or added and card counts changed: a legal shape, maybe an illegal deck."""
    data = json.loads(json.dumps(data))
    codes = sorted({*data["heroes"], *data["slots"], "01004", "01005", "01099", "02004"})
    for name in ("heroes", "slots"):
        for code in draw(st.lists(st.sampled_from(codes), max_size=4)):
            data[name][code] = draw(st.integers(0, 5))
        for code in draw(st.lists(st.sampled_from(codes), max_size=3)):
            data[name].pop(code, None)
    return json.dumps(data)


def test_ringsdb_fuzz(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'decks.db'}"
    migrate.upgrade(url)

    @FUZZ
    @given(
        damaged(DECKLIST) | reshaped(json.loads(DECKLIST)) | recounted(json.loads(DECKLIST)),
        st.sampled_from([200, 200, 200, 404, 500]),
    )
    def corrupt_decks(text: str, status: int) -> None:
        refused, stored = asyncio.run(_import(url, text.encode("utf-8", "surrogatepass"), status))
        if refused is not None:
            refused_well(refused, r"https://ringsdb\.com/\S+( heroes| slots)?$")
            assert stored == 0  # a refused deck stores nothing
        else:
            assert stored == 1

    corrupt_decks()


def test_an_illegal_ringsdb_deck_is_refused_naming_the_field(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'decks.db'}"
    migrate.upgrade(url)
    for field_name, change in (("heroes", {"heroes": {}}), ("slots", {"slots": {"01013": 4}})):
        refused, stored = asyncio.run(_import(url, json.dumps({**json.loads(DECKLIST), **change}).encode(), 200))
        assert refused is not None and stored == 0
        assert refused.where == f"https://ringsdb.com/decklist/view/12345 {field_name}"
        assert str(refused) == refused.reason  # the player reads the reason, which names the deck


# --- an .o8d deck uploaded to be stored (/lcg deck import file:, the console's 'deck import') ----------------
def _core(*names: str) -> list[tuple[str, str]]:
    return [(c.id, c.name) for n in names for c in BASE.find(n)]


CORE_O8D = o8d(_core("Aragorn", "Théodred", "Glóin"),
               [(i, n, 3) for i, n in _core("Guard of the Citadel", "Snowbourn Scout", "Veteran Axehand")],
               sideboard=1).decode("utf-8")


async def _import_o8d(url: str, data: bytes) -> tuple[ContentError | None, int]:
    db = Database(url)
    try:
        library = Library(cards=dict(BASE.cards), scenarios=dict(BASE.scenarios), decks=dict(BASE.decks))
        refused = None
        try:
            await import_o8d_deck(db, data, filename="deck.o8d", owner_user_id=1, library=library)
        except ContentError as error:
            refused = error
            assert library.decks.keys() == BASE.decks.keys()  # nothing half-added either
        return refused, await stored_then_cleared(db)
    finally:
        await db.close()


def test_o8d_upload_fuzz(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'decks.db'}"
    migrate.upgrade(url)

    @FUZZ
    @given(damaged(CORE_O8D))
    def corrupt_files(text: str) -> None:
        refused, stored = asyncio.run(_import_o8d(url, text.encode("utf-8", "surrogatepass")))
        if refused is not None:
            refused_well(refused, r"deck\.o8d( line \d+| heroes| slots)?$")
            assert str(refused) == refused.reason and refused.reason.startswith(("deck.o8d", "A deck ", "deck has "))
            assert stored == 0  # a refused file stores nothing
        else:
            assert stored == 1

    corrupt_files()
