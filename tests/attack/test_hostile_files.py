"""Hostile and careless files (issue 18): an OCTGN `.o8d` deck built to hang or exhaust the importer (a DTD with
"billion laughs" entity expansion, an external DTD, XML nested two hundred thousand deep, a file of a hundred
thousand cards) is refused in words naming the file, at once, and a RingsDB answer that is not a deck is
refused through `/lcg deck import` with nothing stored.

The o8d importer is called as any import would: parse, build the deck, check it is playable
(bot/content/decks.py `check_legal`, the check every stored deck passes, spec 9: 1 to 3 heroes)."""

from __future__ import annotations

import time

import pytest
from sqlalchemy import func, select

from bot.content.decks import check_legal
from bot.content.errors import ContentError
from bot.content.lcg.octgn import deck_from_o8d, parse_o8d
from bot.content.lcg.ringsdb import Response
from bot.store.models import DeckRow
from engines.lcg.library import Library, builtin

QUICK = 5.0  # seconds: each refusal takes milliseconds; an expanded entity or a recursion would take minutes


def laughs(levels: int = 10) -> str:
    """The classic: each entity is ten of the one before, so `&lol9;` would expand to a billion "lol"s."""
    entities = ['<!ENTITY lol "lol">'] + [
        f'<!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">' for i in range(1, levels)
    ]
    body = f'<deck><section name="Hero"><card qty="1" id="x">&lol{levels - 1};</card></section></deck>'
    return '<?xml version="1.0"?>\n<!DOCTYPE deck [\n' + "\n".join(entities) + "\n]>\n" + body


def import_o8d(text: str, library: Library) -> list[str]:
    """What an import of a player deck file does: read it, build the deck, check it could be played."""
    result = deck_from_o8d(parse_o8d(text, source="deck.o8d"), library.cards, key="k", name="Hostile")
    return check_legal(result.pack.decks[0], library)


@pytest.fixture(scope="module")
def library() -> Library:
    return builtin()


@pytest.mark.parametrize(
    ("name", "text", "line"),
    [
        ("billion laughs", laughs(), 2),
        ("a quadratic blowup", '<!DOCTYPE deck [<!ENTITY a "' + "x" * 100_000 + '">]>\n<deck>' + "&a;" * 10_000
         + "</deck>", 1),
        ("an external DTD", '<?xml version="1.0"?>\n<!DOCTYPE deck SYSTEM "http://evil.example/deck.dtd">\n<deck/>', 2),
        ("a parameter entity", '<!DOCTYPE deck [<!ENTITY % p "<!ENTITY q \'x\'>"> %p;]>\n<deck/>', 1),
    ],
)
def test_an_o8d_deck_with_a_dtd_or_entities_is_refused_at_once(name: str, text: str, line: int, library) -> None:
    """An entity-expansion file, the kind that takes a parser's memory and minutes of CPU, or fetches a
    DTD from the attacker's server: refused before any entity is read."""
    started = time.perf_counter()
    with pytest.raises(ContentError) as refused:
        import_o8d(text, library)
    assert time.perf_counter() - started < QUICK, name
    assert str(refused.value) == f"deck.o8d line {line}: a deck file may not declare a DTD or entities", name


def test_an_o8d_deck_nested_two_hundred_thousand_deep_is_refused_in_words(library) -> None:
    """Elements nested 200,000 deep, to blow a recursive reader's stack: read without recursion, and the deck
    it amounts to (no heroes) is refused for what it is."""
    deep = "<deck>" + "<a>" * 200_000 + "</a>" * 200_000 + "</deck>"
    started = time.perf_counter()
    with pytest.raises(ContentError) as refused:
        import_o8d(deep, library)
    assert time.perf_counter() - started < QUICK
    assert refused.value.reason == "A deck needs 1 to 3 heroes; Hostile has 0 that could be mapped."


def test_an_o8d_deck_of_sections_nested_deep_and_never_closed_is_refused_with_its_line(library) -> None:
    """A file cut off inside 100,000 open sections (or one that never closes them): not valid XML, by line."""
    cut = '<deck>\n' + '<section name="Hero">' * 100_000
    with pytest.raises(ContentError, match=r"^deck\.o8d line 2: not valid XML \(no element found\)$"):
        import_o8d(cut, library)


def test_an_o8d_deck_of_a_hundred_thousand_unknown_cards_is_refused_with_a_short_message(library) -> None:
    """A file of 100,000 forged card lines: refused once, naming the first few and counting the rest, not with
    a message of 100,000 lines."""
    body = "\n".join(f'<card qty="1" id="forged-{n}">Card {n}</card>' for n in range(100_000))
    text = f'<deck>\n<section name="Hero">\n{body}\n</section>\n</deck>'
    with pytest.raises(ContentError) as refused:
        import_o8d(text, library)
    message = str(refused.value)
    assert message.startswith("deck.o8d: 100000 card(s) not in the card library: line 3: 'Card 0' (forged-0)")
    assert message.endswith("and 99995 more") and len(message) < 400


@pytest.mark.parametrize(
    "qty", ["-3", "0", "two", "1e9", "0x10", "3.5", " ", "+3"],
)
def test_an_o8d_card_with_a_malformed_count_is_refused_with_its_line(qty: str, library) -> None:
    hero = next(c for c in library.cards.values() if c.type == "hero")
    text = f'<deck>\n<section name="Hero">\n<card qty="{qty}" id="{hero.id}">{hero.name}</card>\n</section>\n</deck>'
    try:
        import_o8d(text, library)
    except ContentError as refused:
        assert str(refused).startswith("deck.o8d line 3: card "), refused
        assert "not a positive whole number" in str(refused)
    else:
        raise AssertionError(f"qty {qty!r} was accepted")


async def test_a_ringsdb_answer_that_is_not_a_deck_is_refused_through_the_bot_with_nothing_stored(world):
    """A RingsDB answer (or whatever answers in its place) of garbage, a list, a deck with negative counts,
    and a deck with no heroes: `/lcg deck import` says what is wrong, to the importer alone, and stores
    nothing."""
    env, guild, channel, alice, bob = world
    answers = iter([
        b"<html>not json</html>",
        b"[1, 2, 3]",
        b'{"name": "x", "heroes": {"01001": 1}, "slots": {"01002": -5}}',
        b'{"name": "x", "heroes": {}, "slots": {"01002": 3}}',
    ])

    def fetch(url: str) -> Response:
        return Response(200, next(answers))

    env.bot.get_cog("LcgCog").ringsdb_fetch = fetch
    for expected in ("RingsDB's answer is not valid JSON", "", "is not a map of card codes to counts",
                     "A deck needs 1 to 3 heroes"):
        refused = await alice.slash(channel, "lcg deck import", source="12345")
        text = refused.response.content
        assert refused.ephemeral and text.startswith("Nothing was imported. "), text
        assert expected in text and "Something went wrong" not in text, text
    async with env.bot.database.session() as s:
        assert (await s.execute(select(func.count()).select_from(DeckRow))).scalar_one() == 0


async def test_a_hostile_o8d_upload_is_refused_through_the_bot_at_once_with_nothing_stored(world):
    """The same files uploaded to `/lcg deck import file:`: an entity bomb, deep nesting, an encoding nobody
    knows, a file of forged cards, and one far too big to be a deck (refused by its size, before it is
    downloaded). Each is refused to the uploader alone, saying what is wrong, in moments; nothing is stored."""
    env, guild, channel, alice, bob = world
    forged = "\n".join(f'<card qty="1" id="forged-{n}">Card {n}</card>' for n in range(2_000))
    files = [
        ("laughs.o8d", laughs().encode(), "laughs.o8d line 2: a deck file may not declare a DTD or entities."),
        ("deep.o8d", ("<deck>" + "<a>" * 20_000 + "</a>" * 20_000 + "</deck>").encode(),
         "deep.o8d has no heroes (its Hero section is empty or missing); a deck needs 1 to 3."),
        ("klingon.o8d", b'<?xml version="1.0" encoding="x-klingon"?><deck/>', "klingon.o8d line 1: not valid XML"),
        ("forged.o8d", f'<deck>\n<section name="Hero">\n{forged}\n</section>\n</deck>'.encode(),
         "forged.o8d: 2000 card(s) not in the card library: line 3: 'Card 0' (forged-0);"),
        ("huge.o8d", b"<deck>" + b"<a/>" * 1_000_000 + b"</deck>",
         "huge.o8d is 3,907 KiB; an OCTGN deck file may be at most 256 KiB."),
    ]
    for filename, data, message in files:
        started = time.perf_counter()
        refused = await alice.slash(channel, "lcg deck import", file=(filename, data))
        assert time.perf_counter() - started < QUICK, filename
        text = refused.response.content
        assert refused.ephemeral and text.startswith(f"Nothing was imported. {message}"), text
        assert len(text) < 1000, filename
    async with env.bot.database.session() as s:
        assert (await s.execute(select(func.count()).select_from(DeckRow))).scalar_one() == 0
