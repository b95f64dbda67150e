"""The console's reference verbs, the same answers as Discord's (found by a play-tester: `card Sting` in a War of the
Ring game was read as an answer, 'not an option of decision 1', and `meq location Dol Guldur` gave only the usage of
`meq card`): `wotr card`, `wotr scenarios`, `wotr unscripted` (bot/content/wotr/reference.py, as `/wotr card` ...)
and `meq location` (as `/meq location`). Plain text: no Discord markdown."""

from __future__ import annotations

from bot.console.session import ConsoleSession
from bot.service import Service
from bot.store.database import Database
from engines import registry


async def said(db: Database, *lines: str) -> tuple[list[str], int]:
    registry.load()
    out: list[str] = []
    session = ConsoleSession(Service(db, seed_source=lambda: 7), out.append)
    for line in lines:
        await session.handle(line)
    return out, session.errors


async def test_wotr_reference_in_the_console(db: Database):
    out, errors = await said(db, "wotr card Sting", "wotr scenarios", "wotr unscripted")
    assert errors == 0, out
    assert out[0].startswith("Sting: Hobbit item") and "wielders: Frodo, Sam" in out[0] and "**" not in out[0]
    assert out[1].startswith("'trilogy' Trilogy: 2 or 3 or 4 players; decks Frodo (Free Peoples)")
    assert out[5] == "Start one with 'new wotr <players> scenario=<key>'."
    assert "cards have text the engine does not script yet; resolve it with 'adjust ...': " in out[6]


async def test_wotr_reference_refusals_say_what_to_type(db: Database):
    out, errors = await said(db, "wotr card nobody-at-all", "wotr", "wotr cards Sting")
    assert errors == 3
    assert "! No card is called 'nobody-at-all'." in out
    usage = "! Usage: 'wotr card <name>' (e.g. 'wotr card Sting'), 'wotr scenarios' or 'wotr unscripted'."
    assert out.count(usage) == 2


async def test_meq_location_in_the_console(db: Database):
    out, errors = await said(db, "meq location dol-guldur", "meq location Bree", "meq location nowhere")
    assert errors == 1
    assert out[0].startswith("Dol Guldur (dol-guldur), ") and "Paths: " in out[0] and "**" not in out[0]
    assert out[1].startswith("Bree (bree), ")
    assert out[2].startswith("! No location is called 'nowhere' on the map ")
