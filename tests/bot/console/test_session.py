"""The console's `hand` (bot/console/session.py `hand_text`): a seat's own cards and questions, not the table's
zone counts (`status` has them)."""

from __future__ import annotations

from bot.console.session import ConsoleSession
from bot.service import Service
from bot.store.database import Database
from engines import registry


async def seated(db: Database, *lines: str) -> tuple[ConsoleSession, list[str]]:
    """A console session after `lines`, and what it prints from then on."""
    registry.load()
    out: list[str] = []
    session = ConsoleSession(Service(db, seed_source=lambda: 7), out.append)
    for line in lines:
        await session.handle(line)
    out.clear()
    return session, out


async def test_a_meq_hand_leads_with_the_seats_own_zones_and_leaves_out_the_table_counts(db: Database):
    """Middle-earth Quest's `hand` had some thirty "...: 0 cards" table lines before the seat's own; `status`
    keeps them. The hero's quests (their own text board's lines) are still there."""
    session, out = await seated(db, "new meq 2", "as p2")
    await session.handle("hand")
    [text] = out
    lines = text.splitlines()
    assert lines[2].startswith("Your hand")  # after the title and the status line
    assert not [line for line in lines if line.endswith(": 0 cards") and not line.startswith("Your ")]
    assert any("'s quest " in line for line in lines)
    out.clear()
    await session.handle("status")
    assert "Shadow discard: 0 cards" in out[0]


async def test_a_wotr_hand_is_the_seats_own_zones_and_questions_without_the_table(db: Database):
    """Found by a play-tester: War of the Ring's `hand` printed the whole 25-line status before the seat's cards."""
    session, out = await seated(db, "new wotr 4 scenario=trilogy", "as p1")
    await session.handle("hand")
    [text] = out
    lines = text.splitlines()
    assert lines[0] == "War of the Ring: Trilogy" and lines[2].startswith("Your ")
    assert all(line.startswith(("Your ", "Decision ")) for line in lines[2:]), lines
    assert any(line.startswith("Your ") and "hand" in line for line in lines)
    out.clear()
    await session.handle("status")
    assert len(out[0].splitlines()) > len(lines)  # the table's zones are still there
