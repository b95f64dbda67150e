"""`rats ...` in the console: a tournament run from one terminal, as the README describes."""

from __future__ import annotations

from bot.console.session import ConsoleSession
from bot.service import Service
from bot.store.database import Database
from tests.bot.tournament.helpers import tournament_deck


async def test_a_tournament_in_the_console(db: Database):
    deck = tournament_deck("leadership", "lore")
    other = tournament_deck("tactics", "spirit")
    out: list[str] = []
    session = ConsoleSession(Service(db, seed_source=lambda: 7), out.append)
    lines = [
        "rats new Fireside Cup scenarios=passage-through-mirkwood rounds=1",
        "as 2", f"rats register Rangers {deck}",
        "as 3", f"rats register Wardens {other}",
        "as 3", "rats pair",  # not the organizer
        "as 1", "rats pair", "rats start",
        "as 2", "rats show",
        "as 1", "rats result 1 draw", "rats standings",
    ]
    for line in lines:
        assert await session.handle(line)
    text = "\n".join(out)
    assert "Tournament 1 is open." in text
    assert "Registered as team 1." in text and "Registered as team 2." in text
    assert "! Only the tournament's organizer" in text and session.errors == 1
    assert "round 1 of 1" in text and "Table 1: games" in text
    assert "45:00 |" in text and "setup" in text  # the clocks wait for both teams to set up
    assert "draw (2 points each)" in text and "Champion" in text
