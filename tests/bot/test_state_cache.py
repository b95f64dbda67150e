"""The service's bounded cache of decoded states: memory follows the busy games, not the open ones."""

from __future__ import annotations

import random

import pytest

from bot.service import Service, User
from bot.service.cache import StateCache
from bot.store.database import Database
from tests.engines.randomplay import random_answer
from tests.games.tally import GAME as TALLY


def test_the_game_played_longest_ago_leaves_first() -> None:
    cache = StateCache(2)
    cache[1] = (1, "one")
    cache[2] = (1, "two")
    assert cache.get(1) == (1, "one")  # 1 is now the more recent
    cache[3] = (1, "three")
    assert 2 not in cache and 1 in cache and 3 in cache
    assert len(cache) == 2
    with pytest.raises(KeyError):
        cache[2]


def test_a_cache_must_hold_a_game() -> None:
    with pytest.raises(ValueError, match="at least one"):
        StateCache(0)


async def test_a_game_evicted_from_the_cache_plays_on_from_its_row(db: Database) -> None:
    service = Service(db, state_cache=1)
    users = [User(id=i, name=f"u{i}") for i in (1, 2)]
    games = []
    for _ in range(2):
        ref = await service.create("tally", users[0])
        await service.join(ref.id, users[1])
        await service.start(ref.id, users[0])
        games.append(ref.id)
    assert len(service.core.cache) == 1 and games[1] in service.core.cache
    _, view = await service.view(games[0], users[0])  # decoded again from the stored JSON
    assert games[0] in service.core.cache and games[1] not in service.core.cache
    assert await service.stored_state(games[0]) == service.core.cache[games[0]][1]
    # ...and plays on: the game whose state left the cache takes the next command from its row.
    await service.view(games[1], users[0])
    pending = [d for seat_user in users for d in (await service.view(games[0], seat_user))[1].decisions]
    decision = pending[0]
    user = users[int(decision.seat[1:]) - 1]
    result = await service.act(games[0], user, TALLY.format(random_answer(decision, random.Random(1))))
    assert result.seq == 2  # the start is the journal's first entry
    assert await service.replay(games[0]) == await service.stored_state(games[0])
