"""What a tournament posts names things as players call them: a scenario or a deck by its name, never by the key
the organizer or a player typed (C 15.3.5: the pairings announce the round's scenario)."""

from __future__ import annotations

from tests.bot.tournament.helpers import ORGANIZER, PLACE, a_process, tournament_deck
from tests.bot.tournament.test_match import ANNA, BERT
from tests.conftest import FakeClock


async def test_the_opening_and_the_pairings_name_each_scenario(sqlite_url: str):
    p = await a_process(sqlite_url, FakeClock(), seeds=[1, 99])
    tid = await p.rats.create(ORGANIZER, "Duel", place=PLACE, rounds=2,
                              scenarios=["passage-through-mirkwood", "escape-from-dol-guldur"])
    opening = p.said.lines[-1][1]
    assert "scenarios Passage Through Mirkwood, Escape from Dol Guldur." in opening
    assert "Note: not recommended for a race: Escape from Dol Guldur." in opening
    await p.rats.register(tid, ANNA, "Rangers", [(ANNA, tournament_deck("leadership", "lore"))])
    assert p.said.lines[-1][1] == "Rangers registers as team 1: Anna (Leadership and Lore). 1 team so far."
    await p.rats.register(tid, BERT, "Wardens", [(BERT, tournament_deck("tactics", "spirit"))])
    assert p.said.lines[-1][1].endswith(": Bert (Tactics and Spirit). 2 teams so far.")
    posted = await p.rats.pair(tid, ORGANIZER)
    assert "Scenario: Passage Through Mirkwood." in posted
    assert "Scenario: Passage Through Mirkwood." in await p.rats.repair(tid, ORGANIZER)
    assert "passage-through-mirkwood" not in "\n".join(text for _, text in p.said.lines)
    await p.stop()
