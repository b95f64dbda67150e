"""The console's `meq card` (bot/console/meq_verbs.py): a name, a pack id, or an id a prompt showed ('c23')."""

from __future__ import annotations

from bot.console.host import console_user
from bot.console.session import ConsoleSession
from bot.service import Service
from bot.store.database import Database
from engines import registry


async def test_an_id_shown_to_the_seat_finds_its_card_and_a_hidden_one_does_not(db: Database):
    """An id from a prompt or a zone names the card only where the asker's own view shows its face (meq spec 1.4:
    Sauron's Mission is his alone)."""
    registry.load()
    out: list[str] = []
    session = ConsoleSession(Service(db, seed_source=lambda: 7), out.append)
    for line in ("new meq 2", "as p1"):
        await session.handle(line)
    _, mine = await session.service.hand(1, console_user(1))
    [mission] = next(z for z in mine.private if z.name == "Sauron Mission").cards
    assert mission.uid is not None and mission.name
    out.clear()
    await session.handle(f"meq card {mission.uid}")
    assert out and out[0].startswith(f"**{mission.name}** (Mission, ")
    await session.handle("as p2")
    out.clear()
    await session.handle(f"meq card {mission.uid}")
    assert out == [f"! Nothing is called '{mission.uid}'."]
