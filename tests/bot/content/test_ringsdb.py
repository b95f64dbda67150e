"""RingsDB decks, against recorded answers (no network): links and ids, code -> OCTGN id mapping with the
Core Set known up front and other cards looked up once, and every way the site can fail."""

from __future__ import annotations

import json
import threading
from collections import Counter
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from bot.content.errors import ContentError
from bot.content.lcg.ringsdb import CardRecords, DeckRef, Response, core_codes, import_ringsdb, parse_ref, urllib_fetch
from engines.lcg.library import builtin
from tests.bot.content.helpers import Recorded

LIBRARY = builtin()
FROM_BOX = "https://ringsdb.com/decklist/view/12345/core-leadership-straight-from-the-box"


@pytest.mark.parametrize(
    ("text", "ref"),
    [
        (FROM_BOX, DeckRef("decklist", 12345)),
        ("https://ringsdb.com/decklist/view/12345", DeckRef("decklist", 12345)),
        ("ringsdb.com/decklist/view/12345/x?tab=1", DeckRef("decklist", 12345)),
        ("https://ringsdb.com/deck/view/678", DeckRef("deck", 678)),
        ("<https://www.ringsdb.com/deck/view/678>", DeckRef("deck", 678)),
        (" 12345 ", DeckRef("decklist", 12345)),
    ],
)
def test_links_and_ids_are_understood(text: str, ref: DeckRef) -> None:
    assert parse_ref(text) == ref


@pytest.mark.parametrize("text", ["https://example.com/decklist/view/1", "twelve", "https://ringsdb.com/card/01001"])
def test_anything_else_is_refused_with_an_example(text: str) -> None:
    with pytest.raises(ContentError, match=r"is not a RingsDB deck\. Give a decklist link such as"):
        parse_ref(text)


def test_the_api_and_page_addresses() -> None:
    assert DeckRef("decklist", 5).api == "https://ringsdb.com/api/public/decklist/5.json"
    assert DeckRef("deck", 6).api == "https://ringsdb.com/api/oauth2/deck/load/6"
    assert DeckRef("deck", 6).page == "https://ringsdb.com/deck/view/6" and DeckRef("deck", 6).key == "ringsdb-deck-6"


def test_core_set_codes_follow_card_numbers() -> None:
    codes = core_codes(LIBRARY.cards.values())
    assert len(codes) == 73
    assert LIBRARY.card(codes["01001"]).name == "Aragorn" and LIBRARY.card(codes["01073"]).name == "Gandalf"


async def test_a_published_core_decklist_needs_no_card_lookups() -> None:
    fetch = Recorded()
    result = await import_ringsdb(FROM_BOX, known=LIBRARY.cards, fetch=fetch)
    assert fetch.urls == ["https://ringsdb.com/api/public/decklist/12345.json"]
    (deck,) = result.pack.decks
    assert (deck.key, deck.name, deck.source) == (
        "ringsdb-12345", "Core Leadership, straight from the box", "https://ringsdb.com/decklist/view/12345",
    )  # fmt: skip
    assert [LIBRARY.card(h).name for h in deck.heroes] == ["Aragorn", "Théodred", "Glóin"]
    assert deck.size == 30  # `slots` repeats the three heroes; they are not deck cards
    starter = LIBRARY.deck("core-leadership")
    assert Counter({s.card: s.count for s in deck.cards}) == Counter({s.card: s.count for s in starter.cards})
    assert set(deck.heroes) == set(starter.heroes)
    assert result.problems == [] and result.pack.cards == []


async def test_a_shared_deck_looks_up_other_cards_and_reports_what_it_cannot_map(tmp_path: Path) -> None:
    fetch = Recorded()
    calls: list[tuple[int, int]] = []
    records = CardRecords(path=tmp_path / "ringsdb-cards.json")
    result = await import_ringsdb(
        "https://ringsdb.com/deck/view/678", known=LIBRARY.cards, fetch=fetch, records=records,
        on_progress=lambda done, total: calls.append((done, total)),
    )  # fmt: skip
    assert fetch.urls[1:] == [f"https://ringsdb.com/api/public/card/{c}.json" for c in ("02025", "02004", "99999")]
    (deck,) = result.pack.decks
    assert deck.key == "ringsdb-deck-678" and len(deck.heroes) == 3 and deck.size == 7  # 2 of "99999" are left out
    [(where, reason)] = [(p.where, p.reason) for p in result.problems]
    assert where == "RingsDB card 99999" and "HTTP 500" in reason
    assert [n.reason for n in result.notes] == ["2 sideboard card(s) not imported"]
    frodo, guardian = sorted(result.pack.cards, key=lambda c: c.name)
    assert (frodo.name, frodo.type, frodo.threat_cost, frodo.cost, frodo.sphere) == (
        "Frodo Baggins",
        "hero",
        7,
        0,
        "spirit",
    )
    assert (guardian.name, guardian.cost, guardian.defense, guardian.traits) == (
        "Winged Guardian",
        2,
        4,
        ("Creature", "Eagle"),
    )
    assert all(c.text == "" for c in result.pack.cards)
    assert calls[-1] == (7, 7)
    cached = json.loads((tmp_path / "ringsdb-cards.json").read_text(encoding="utf-8"))
    assert sorted(cached) == ["02004", "02025"] and "text" not in cached["02025"]

    again = Recorded()  # a second import, a restart later: the cache answers; only the unmappable code is asked
    records = CardRecords(path=tmp_path / "ringsdb-cards.json")
    result = await import_ringsdb(
        "https://ringsdb.com/deck/view/678", known=LIBRARY.cards, fetch=again, records=records
    )
    assert again.urls == [
        "https://ringsdb.com/api/oauth2/deck/load/678",
        "https://ringsdb.com/api/public/card/99999.json",
    ]
    assert result.pack.decks[0].size == 7 and len(result.pack.cards) == 2


@pytest.mark.parametrize(
    ("ref", "message"),
    [
        ("https://ringsdb.com/decklist/view/404/gone", r"RingsDB decklist 404 does not exist \(HTTP 404\)"),
        ("55555", r"RingsDB decklist 55555: RingsDB's answer is not valid JSON \(line 1, column \d+\)"),
        ("99999999", r"RingsDB decklist 99999999 is empty: it is unpublished or deleted"),
        ("https://ringsdb.com/deck/view/679", r"RingsDB deck 679: Access denied\. A private deck can be imported only"),
    ],
)
async def test_a_deck_that_cannot_be_had_is_refused_with_the_reason(ref: str, message: str) -> None:
    with pytest.raises(ContentError, match=message):
        await import_ringsdb(ref, known=LIBRARY.cards, fetch=Recorded())


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"name": "x", "heroes": [], "slots": {}}, "the deck's 'heroes' is not a map"),
        ({"name": "x", "heroes": {}, "slots": {"01001": "two"}}, "the deck's 'slots' is not a map"),
        ({"name": "x", "heroes": {}, "slots": {}, "sideslots": [1]}, "'sideslots' is neither a map nor an empty"),
        ([1, 2], "not a deck"),
    ],
)
async def test_a_deck_of_the_wrong_shape_is_refused(body: object, message: str) -> None:
    def fetch(url: str) -> Response:
        return Response(200, json.dumps(body).encode())

    with pytest.raises(ContentError, match=message):
        await import_ringsdb("1", fetch=fetch)


async def test_an_unreachable_site_is_an_error_and_not_a_crash() -> None:
    def fetch(url: str) -> Response:
        raise ContentError("RingsDB could not be reached (timed out). Try again later.", where=url)

    with pytest.raises(ContentError, match="could not be reached"):
        await import_ringsdb("1", fetch=fetch)


class _Site(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        status, body = (200, b'{"ok": 1}') if self.path == "/ok" else (404, b"<h1>Not Found</h1>")
        self.send_response(status)
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def local_site() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Site)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_the_real_fetch_returns_status_and_body_for_success_and_failure(local_site: str) -> None:
    assert urllib_fetch(f"{local_site}/ok") == Response(200, b'{"ok": 1}')
    assert urllib_fetch(f"{local_site}/missing").status == 404


def test_the_real_fetch_turns_a_refused_connection_into_a_content_error(local_site: str) -> None:
    with pytest.raises(ContentError, match="RingsDB could not be reached"):
        urllib_fetch("http://127.0.0.1:9/nothing-listens-here")
