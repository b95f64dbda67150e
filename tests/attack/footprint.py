"""What a game leaves in the database, read straight from its tables: the attack suite's "nothing changed".

A refused attack must leave every row of the game as it was: the game row (its status, state, version and pace),
its seats, its journal, its waits and its undo requests. Comparing them all, rather than the state alone, also
catches a refusal that was journaled, re-armed a timer or opened an undo request on the way out."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlmodel import SQLModel, col

from bot.service import Service
from bot.store.models import GameRow, JournalRow, SeatRow, UndoRequest, WaitRow

Footprint = dict[str, Any]


def _rows(rows: list[SQLModel]) -> list[dict[str, Any]]:
    return sorted((r.model_dump() for r in rows), key=lambda d: d.get("id") or 0)


async def footprint(service: Service, game_id: int) -> Footprint:
    """Every row the game owns, as plain data that compares equal when nothing was written."""
    async with service.db.session() as s:
        game = await s.get(GameRow, game_id)
        assert game is not None, f"game {game_id} does not exist"
        out: Footprint = {"game": game.model_dump()}
        for name, table in (("seats", SeatRow), ("journal", JournalRow), ("waits", WaitRow),
                            ("undo", UndoRequest)):
            found = await s.execute(select(table).where(col(table.game_id) == game_id))
            out[name] = _rows(list(found.scalars()))
    return out


async def journal_length(service: Service, game_id: int) -> int:
    return len((await footprint(service, game_id))["journal"])
