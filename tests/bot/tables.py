"""Small helpers for the pace tests: answer a seat's open decision, read a game's waits."""

from __future__ import annotations

from bot.service import Service, User
from bot.service.types import WaitInfo
from tests.conftest import PLAYERS


def user_of(seat: str) -> User:
    return PLAYERS[int(seat[1:]) - 1]


async def move(service: Service, game_id: int, seat: str, draw: bool = False, user: User | None = None) -> None:
    """The seat answers its first open decision with its first option (a bid, a card), or draws if asked
    to and it may (a longer game)."""
    state = await service.stored_state(game_id)
    d = next(d for d in state.decisions if d.seat == seat)
    ids = [o.id for o in d.options]
    await service.answer(game_id, user or user_of(seat), d.id, "draw" if draw and "draw" in ids else ids[0])


async def waits_of(service: Service, game_id: int) -> dict[str, WaitInfo]:
    listed = next(x for x in await service.tempo.listing(None) if x.ref.id == game_id)
    return {w.seat: w for w in listed.waits}


async def waiting(service: Service, game_id: int) -> list[str]:
    state = await service.stored_state(game_id)
    return list(dict.fromkeys(d.seat for d in state.decisions))
