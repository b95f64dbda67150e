"""`deck import ...` in the console: an OCTGN .o8d file from disk (or a RingsDB deck) stored as Discord's
`/lcg deck import` stores it, for the current console player; a file that cannot be used changes nothing; and
`deck <key>` in a game's setup is still the game's own command."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import select

from bot.console.decks import ConsoleDecks
from bot.console.session import ConsoleSession
from bot.content.decks import MAX_O8D_BYTES
from bot.service import Service
from bot.store.database import Database
from bot.store.models import DeckRow
from engines import registry
from engines.lcg import GAME
from engines.lcg.library import builtin
from tests.bot.content.helpers import Recorded, o8d

registry.load()


@pytest.fixture(autouse=True)
def fresh_library() -> Iterator[None]:
    """Imports go into the LCG's library: each test starts from the shipped packs alone."""
    shipped = GAME.library
    GAME.library = builtin()
    yield
    GAME.library = shipped


def core(*names: str) -> list[tuple[str, str]]:
    """Core Set cards' ids and names (facts) for an OCTGN deck file."""
    return [(c.id, c.name) for n in names for c in builtin().find(n)]


def deck_file(folder: Path, name: str, heroes: tuple[str, ...] = ("Aragorn", "Théodred", "Glóin")) -> Path:
    cards = [(i, n, 3) for i, n in core("Guard of the Citadel", "Snowbourn Scout", "Veteran Axehand")]
    path = folder / name
    path.write_bytes(o8d(core(*heroes), cards))
    return path


async def stored(db: Database) -> list[tuple[str, int | None]]:
    async with db.session() as s:
        return [(r.key, r.owner_user_id) for r in (await s.execute(select(DeckRow))).scalars()]


async def test_a_deck_file_is_imported_for_the_current_player_and_chosen_in_a_game(db: Database, tmp_path: Path):
    out: list[str] = []
    session = ConsoleSession(Service(db, seed_source=lambda: 7), out.append)
    for line in ["as 2", f'deck import "{deck_file(tmp_path, "Sons of Gondor.o8d")}"', "new lcg 2", "as p1",
                 "deck octgn-sons-of-gondor"]:
        assert await session.handle(line)
    text = "\n".join(out)
    assert session.errors == 0, text
    assert ("Imported Sons of Gondor as 'octgn-sons-of-gondor'.\nHeroes: Aragorn, Théodred, Glóin. Cards: 9.\n"
            "Warning: 9 cards is below the 50-card tournament minimum; the deck can still be played.\n"
            "Choose it in a game's setup with 'deck octgn-sons-of-gondor'.") in text
    assert await stored(db) == [("octgn-sons-of-gondor", 2)]
    assert "(p1) deck octgn-sons-of-gondor" in text  # 'deck <key>' is still the game's command


async def test_a_ringsdb_deck_is_imported_through_the_same_verb(db: Database):
    out: list[str] = []
    session = ConsoleSession(Service(db), out.append)
    imports = session.verbs["deck"].handle.__self__  # type: ignore[attr-defined]
    assert isinstance(imports, ConsoleDecks)
    imports.ringsdb_fetch = Recorded()
    assert await session.handle("deck import https://ringsdb.com/deck/view/678")
    assert out[0].startswith("Imported Frodo and friends as 'ringsdb-deck-678'."), out
    assert await stored(db) == [("ringsdb-deck-678", 1)]


async def test_a_file_that_cannot_be_used_is_refused_and_nothing_is_stored(db: Database, tmp_path: Path):
    (tmp_path / "huge.o8d").write_bytes(b" " * (MAX_O8D_BYTES + 1))
    (tmp_path / "notes.txt").write_text("my deck")
    (tmp_path / "broken.o8d").write_bytes(b"<deck><section name='Hero'>")
    cases = {
        "deck import": "Write 'deck import <file.o8d>' (an OCTGN deck file) or 'deck import <RingsDB link or id>'.",
        f"deck import {tmp_path / 'gone.o8d'}": f"{tmp_path / 'gone.o8d'} cannot be read (No such file or directory).",
        f"deck import {tmp_path / 'huge.o8d'}": "huge.o8d is 257 KiB; an OCTGN deck file may be at most 256 KiB.",
        f"deck import {tmp_path / 'notes.txt'}": "notes.txt is not an OCTGN deck file: those end in .o8d.",
        f"deck import {tmp_path / 'broken.o8d'}": "broken.o8d line 1: not valid XML (no element found).",
        f"deck import {deck_file(tmp_path, 'none.o8d', heroes=())}": "none.o8d has no heroes",
    }
    for line, message in cases.items():
        out: list[str] = []
        session = ConsoleSession(Service(db), out.append)
        assert await session.handle(line)
        assert session.errors == 1 and len(out) == 1, out
        prefix = "! " if line == "deck import" else "! Nothing was imported. "
        assert out[0].startswith(prefix + message), out
    assert await stored(db) == []
    assert sorted(GAME.library.decks) == ["core-leadership", "core-lore", "core-spirit", "core-tactics"]
