"""Whether a player's DMs are open is written when it changes, not after every DM (issue 17: a busy game sent two to
four DMs per command, and each wrote the seats table in a transaction of its own, on the writer the commands wait
for)."""

from __future__ import annotations

import random

import pytest
from sqlalchemy import event

from bot.service import User
from engines import registry
from engines.wotr import GAME as WOTR
from tests.bot.chat.conftest import opened
from tests.engines.randomplay import random_answer


@pytest.fixture(autouse=True)
def installed() -> None:
    registry.register(WOTR)


async def test_dms_to_players_whose_dms_are_known_open_write_nothing_and_a_closed_one_is_still_recorded(world):
    env, guild, channel, alice, bob = world
    env.bot.service.seed_source = lambda: 3
    await opened(alice, channel, (bob,), "wotr", "scenario=duel2")
    await env.bot.messenger.drain()
    service = env.bot.service
    assert {s.name: s.dm_ok for s in await service.seats(1)} == {"alice": True, "bob": True}

    seat_writes: list[str] = []

    def seen(conn, cursor, statement: str, parameters, context, many) -> None:
        if statement.lstrip().upper().startswith("UPDATE SEAT") and "dm_ok" in statement:
            seat_writes.append(statement)

    event.listen(env.bot.database.engine.sync_engine, "before_cursor_execute", seen)
    live = await service.core.in_play(1, None)
    user_of = {s.seat: User(id=s.user_id, name=s.display_name) for s in live.seats if s.seat}
    dms = len(bob.user.dm_channel.history()) + len(alice.user.dm_channel.history())
    rnd = random.Random(2)
    with env.time_context():
        for _ in range(12):
            state = service.core.cache.peek(1)[1]
            d = rnd.choice(WOTR.pending(state))
            await service.act(1, user_of[d.seat], WOTR.format(random_answer(d, rnd)))
            await env.bot.messenger.drain()
    assert len(bob.user.dm_channel.history()) + len(alice.user.dm_channel.history()) > dms  # DMs went out
    assert seat_writes == []

    env.inject_error("POST", f"/channels/{bob.user.dm_channel.id}/messages", status=403, code=50007,
                     message="Cannot send messages to this user", times=None)
    with env.time_context():
        while not seat_writes:
            state = service.core.cache.peek(1)[1]
            d = rnd.choice(WOTR.pending(state))
            await service.act(1, user_of[d.seat], WOTR.format(random_answer(d, rnd)))
            await env.bot.messenger.drain()
    assert {s.name: s.dm_ok for s in await service.seats(1)} == {"alice": True, "bob": False}
    assert len(seat_writes) == 1
