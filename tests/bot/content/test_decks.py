"""Stored decks: an import is kept with the definitions the shipped packs lack (facts only), and start-up
loads every readable, complete deck into a fresh library while leaving out, not failing on, the rest."""

from __future__ import annotations

from dataclasses import replace

from bot.content.decks import import_ringsdb_deck, load_stored_decks, save_deck
from bot.store.database import Database
from bot.store.models import DeckRow
from engines.lcg.cards import CardDef, Deck, Slot
from engines.lcg.library import builtin
from tests.bot.content.helpers import Recorded


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
