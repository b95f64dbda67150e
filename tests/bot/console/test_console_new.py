"""`new <game> <players>` in the console: a count the game does not seat is refused before anything is written,
and a lobby the console could not start is not left open (the console has no verb to start it later)."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from bot.console.session import ConsoleSession
from bot.service import Service
from bot.store.database import Database
from bot.store.models import GameRow, GameStatus
from engines import registry

registry.load()


async def typed(service: Service, *lines: str) -> tuple[ConsoleSession, list[str]]:
    out: list[str] = []
    session = ConsoleSession(service, out.append)
    for line in lines:
        await session.handle(line)
    return session, out


async def game_rows(db: Database) -> list[GameRow]:
    async with db.session() as s:
        return list((await s.execute(select(GameRow))).scalars())


@pytest.mark.parametrize("count", ["5", "0", "-1"])
async def test_a_count_the_lcg_does_not_seat_is_refused_and_creates_nothing(service: Service, db: Database,
                                                                            count: str):
    session, out = await typed(service, f"new lcg {count} difficulty=easy")
    assert out == [f"! The Lord of the Rings: The Card Game seats 1 to 4 players, not {count}. No game was created."]
    assert session.errors == 1 and session.game_id is None
    assert await game_rows(db) == []


async def test_a_refused_count_leaves_the_open_game_as_it_was(service: Service, db: Database):
    session, out = await typed(service, "new tally 2", "new tally 5")
    assert out[-1] == "! Tally (kernel test game) seats 1 to 4 players, not 5. No game was created."
    assert session.game_id == 1 and [r.id for r in await game_rows(db)] == [1]


async def test_a_lobby_the_scenario_cannot_seat_is_abandoned_not_left_open(service: Service, db: Database):
    # WotR seats 2 to 4, but its 2 Player Duel only 2: the engine refuses at the start, after the lobby was made.
    session, out = await typed(service, "new wotr 3 scenario=duel2")
    assert out[-1] == "! 2 Player Duel is played by 2 players, not 3. Game 1 was not started and is abandoned."
    assert await service.open_games() == []
    assert [r.status for r in await game_rows(db)] == [GameStatus.ABANDONED]
    assert session.game_id is None


async def test_without_a_count_the_game_gets_the_fewest_players_it_seats(service: Service):
    session, out = await typed(service, "new tcg")
    assert session.errors == 0, out
    assert "Game 1: The Lord of the Rings Trading Card Game, 2 player(s)." in out
    assert [s.seat for s in await service.seats(1)] == ["p1", "p2"]
