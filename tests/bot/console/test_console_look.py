"""`look <zone>` in the console: a zone of the table with all its cards, as `/game look` gives it in Discord."""

from __future__ import annotations

from bot.console.host import console_user
from bot.console.session import ConsoleSession
from bot.service import Service
from bot.store.database import Database


async def test_look_lists_a_players_discard_pile_and_never_a_hand(db: Database):
    """LCG spec 1.2, Z3: a player's discard pile is face up and public; `status` lists it with the table and
    `look p1 discard` alone. A hand (Z2) is no zone of the table, so `look` cannot show one."""
    out: list[str] = []
    session = ConsoleSession(Service(db, seed_source=lambda: 7), out.append)
    setup = ["new lcg 2 scenario=passage-through-mirkwood", "as p1", "deck core-leadership", "as p2",
             "deck core-tactics", "as p1", "p1", "as p2", "p1", "as p1", "keep", "as p2", "keep", "as p1"]
    for line in setup:
        await session.handle(line)
    _, mine = await session.service.hand(1, console_user(1))
    [hand] = mine.private
    thrown, *kept = hand.cards
    await session.handle(f"move {thrown.uid} discard")  # an adjustment: the card goes to p1's discard pile
    out.clear()
    for line in ("look p1 discard", "status", "look p1 hand", "look hand"):
        await session.handle(line)
    assert session.errors == 0, out
    looked, *rest = out
    assert looked == f"p1 discard (1): {thrown.name}"
    assert f"\np1 discard (1): {thrown.name}\np2 play area" in rest[0]  # the status view lists it too
    assert all(line.startswith("No zone is called") for line in rest[1:])
    others = {c.name for c in kept if c.name} - {thrown.name}  # the rest of p1's hand
    assert not [name for name in others if any(name in line for line in out)]
