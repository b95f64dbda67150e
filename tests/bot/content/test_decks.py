"""Stored decks: an import is kept with the definitions the shipped packs lack (facts only), and start-up
loads every readable, complete deck into a fresh library while leaving out, not failing on, the rest."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.content.decks import import_ringsdb_deck, load_stored_decks, save_deck
from bot.store.database import Database
from bot.store.models import DeckRow
from engines.lcg.cards import CardDef, Deck, Slot
from engines.lcg.library import builtin
from tests.bot.content.helpers import Recorded, o8d


async def test_an_import_is_stored_and_a_fresh_library_gets_it_back(db: Database) -> None:
    library = builtin()
    done = await import_ringsdb_deck(
        db, "https://ringsdb.com/deck/view/678", owner_user_id=7, fetch=Recorded(), library=library
    )
    assert done.deck.key in library.decks and not done.replaced

    fresh = builtin()
    assert await load_stored_decks(db, fresh) == 1
    assert fresh.deck("ringsdb-deck-678") == done.deck
    frodo = fresh.cards[done.deck.heroes[0]]
    assert (frodo.name, frodo.threat_cost, frodo.text) == ("Frodo Baggins", 7, "")


async def test_words_are_never_stored_and_broken_rows_are_left_out(db: Database) -> None:
    known = builtin()
    invented = CardDef(id="invented-1", name="Invented Hero", type="hero", sphere="lore", threat_cost=9,
                       text="Words from a user's own import.")  # fmt: skip
    guard = next(c for c in known.cards.values() if c.name == "Guard of the Citadel")
    deck = Deck(key="ringsdb-1", name="Mine", heroes=(invented.id,), cards=(Slot(card=guard.id, count=3),))
    await save_deck(db, deck, [invented], owner_user_id=None)
    lost = replace(deck, key="ringsdb-2", heroes=("no-such-card",))
    await save_deck(db, lost, [], owner_user_id=None)
    async with db.session() as s:
        s.add(DeckRow(key="ringsdb-3", name="Damaged", cards_json="{not json"))

    fresh = builtin()
    assert await load_stored_decks(db, fresh) == 1
    assert sorted(k for k in fresh.decks if k.startswith("ringsdb")) == ["ringsdb-1"]
    assert fresh.cards["invented-1"] == replace(invented, text="")


async def test_a_changed_deck_is_stored_under_a_new_key_and_the_old_one_is_kept(sqlite_url):
    """Games replay `deck <key>` from the library; a stored deck must never change under them."""
    from dataclasses import replace

    from bot.content.decks import save_deck
    from bot.store.database import Database
    from engines.lcg.library import builtin

    db = Database(sqlite_url)
    deck = replace(builtin().deck("core-lore"), key="ringsdb-1")
    first, same = await save_deck(db, deck, [], None)
    again, same_again = await save_deck(db, deck, [], None)
    changed, _ = await save_deck(db, replace(deck, cards=deck.cards[1:]), [], None)
    await db.close()
    assert (first.key, same, again.key, same_again) == ("ringsdb-1", False, "ringsdb-1", True)
    assert changed.key == "ringsdb-1.2"


def test_the_users_own_packs_are_loaded_and_a_bad_one_is_skipped(tmp_path):
    """PACK_DIR holds a user's own imports (e.g. with their scenarios); one bad file never stops the bot."""
    from dataclasses import replace

    from bot.content.decks import load_user_packs
    from engines.lcg.cards import Pack
    from engines.lcg.library import Library, builtin, pack_to_json

    core = builtin()
    quest = replace(core.scenario("passage-through-mirkwood"), key="my-own-quest", name="My Own Quest")
    (tmp_path / "mine.json").write_text(pack_to_json(Pack(key="mine", name="Mine", scenarios=[quest])))
    (tmp_path / "broken.json").write_text("{not json")
    library = Library()
    assert load_user_packs(tmp_path, library) == ["mine"]
    assert library.scenario("my-own-quest").name == "My Own Quest"


def core(name: str) -> tuple[str, str]:
    """A Core Set card's id and name (facts) for a deck file."""
    (card,) = builtin().find(name)
    return card.id, card.name


def core_cards(*named: tuple[str, int]) -> list[tuple[str, str, int]]:
    return [(*core(name), copies) for name, copies in named]


CAPTAINS = [core("Aragorn"), core("Théodred"), core("Glóin")]
TROOPS = core_cards(("Guard of the Citadel", 3), ("Snowbourn Scout", 3), ("Steward of Gondor", 2))


async def stored_keys(db: Database) -> list[str]:
    from sqlalchemy import select

    async with db.session() as s:
        return [row.key for row in (await s.execute(select(DeckRow))).scalars()]


async def test_an_o8d_deck_is_checked_stored_and_loaded_as_a_ringsdb_deck_is(db: Database) -> None:
    from bot.content.decks import import_o8d_deck, import_report

    library = builtin()
    done = await import_o8d_deck(db, o8d(CAPTAINS, TROOPS, sideboard=1), filename="Sons_of_Gondor.o8d",
                                 owner_user_id=7, library=library)
    deck = done.deck
    assert (deck.key, deck.name, deck.source) == ("octgn-sons-of-gondor", "Sons of Gondor", "Sons_of_Gondor.o8d")
    assert deck.heroes == tuple(i for i, _ in CAPTAINS) and deck.size == 8
    assert done.hero_names == ["Aragorn", "Théodred", "Glóin"] and not done.replaced
    assert done.warnings == ["8 cards is below the 50-card tournament minimum; the deck can still be played."]
    report = import_report(done, choose="'deck octgn-sons-of-gondor'", markdown=False)
    assert report.startswith("Imported Sons of Gondor as 'octgn-sons-of-gondor'.\nHeroes: Aragorn, Théodred, Glóin.")
    assert "Also: section 'Sideboard' is not part of the deck." in report
    assert library.deck(deck.key) == deck

    again = await import_o8d_deck(db, o8d(CAPTAINS, TROOPS), filename="Sons_of_Gondor.o8d", owner_user_id=8,
                                  library=library)
    assert again.replaced and again.deck == deck  # the sideboard is no part of the deck: the same deck
    fresh = builtin()
    assert await load_stored_decks(db, fresh) == 1 and fresh.deck("octgn-sons-of-gondor") == deck


@pytest.mark.parametrize(
    ("filename", "data", "message"),
    [
        ("deck.txt", o8d(CAPTAINS, TROOPS), "deck.txt is not an OCTGN deck file: those end in .o8d."),
        ("big.o8d", b" " * (256 * 1024 + 1), "big.o8d is 257 KiB; an OCTGN deck file may be at most 256 KiB."),
        ("photo.o8d", b"\x89PNG\r\n\x1a\n\x00\x00",
         "photo.o8d line 1: not valid XML (not well-formed (invalid token))."),
        ("empty.o8d", b"", "empty.o8d line 1: not valid XML (no element found)."),
        ("cut.o8d", o8d(CAPTAINS, TROOPS)[:300], "cut.o8d line 6: not valid XML (no element found)."),
        ("set.o8d", b'<set name="Core"/>', "set.o8d: the root element is <set>, not <deck>."),
        ("nohero.o8d", o8d([], TROOPS), "nohero.o8d has no heroes (its Hero section is empty or missing); a deck "
                                        "needs 1 to 3."),
        ("five.o8d", o8d([*CAPTAINS, core("Legolas"), core("Gimli")], TROOPS),
         "A deck needs 1 to 3 heroes; five has 5"),
        ("forged.o8d", o8d(CAPTAINS, [*TROOPS, ("00000000-dead-4000-8000-000000000001", "Forged Ally", 2)]),
         "forged.o8d: 1 card(s) not in the card library: line 12: 'Forged Ally' "
         "(00000000-dead-4000-8000-000000000001). Import the deck from RingsDB instead"),
        ("copies.o8d", o8d(CAPTAINS, core_cards(("Guard of the Citadel", 3), ("Guard of the Citadel", 2))),
         "copies has more than 3 copies of Guard of the Citadel."),
    ],
)
async def test_a_bad_o8d_file_is_refused_saying_what_is_wrong_and_nothing_is_stored(
    db: Database, filename: str, data: bytes, message: str
) -> None:
    from bot.content.decks import import_o8d_deck
    from bot.content.errors import ContentError

    library = builtin()
    with pytest.raises(ContentError) as refused:
        await import_o8d_deck(db, data, filename=filename, owner_user_id=7, library=library)
    assert refused.value.reason.startswith(message), refused.value.reason
    assert await stored_keys(db) == [] and library.decks.keys() == builtin().decks.keys()


async def test_a_local_o8d_file_is_refused_by_name_or_size_before_it_is_read(tmp_path) -> None:
    from bot.content.decks import MAX_O8D_BYTES, read_o8d_file
    from bot.content.errors import ContentError

    (tmp_path / "mine.o8d").write_bytes(b"<deck/>")
    assert await read_o8d_file(tmp_path / "mine.o8d") == b"<deck/>"
    (tmp_path / "huge.o8d").write_bytes(b"x" * (MAX_O8D_BYTES * 4))
    for path, message in [
        (tmp_path / "huge.o8d", "huge.o8d is 1,024 KiB; an OCTGN deck file may be at most 256 KiB."),
        (tmp_path / "gone.o8d", f"{tmp_path / 'gone.o8d'} cannot be read (No such file or directory)."),
        (tmp_path, f"{tmp_path.name} is not an OCTGN deck file: those end in .o8d."),
    ]:
        with pytest.raises(ContentError) as refused:
            await read_o8d_file(path)
        assert refused.value.reason == message
