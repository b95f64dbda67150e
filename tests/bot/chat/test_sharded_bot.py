"""One process of a sharded Westmarch under simcord: discord.py's AutoShardedBot connecting shard 0 of 2, with
the servers of shard 0 only, and timers only for their games (the rest is tests/bot/test_shards.py)."""

from __future__ import annotations

import discord
import pytest

from bot.chat.client import ShardedWestmarchBot
from bot.service import Place, User
from bot.shards import Shards
from bot.store.database import Database
from tests.bot.chat.conftest import MADE
from tests.bot.test_shards import guild_on


@pytest.fixture
async def simcord_bot(db_url: str):
    bot = ShardedWestmarchBot(Database(db_url), clock=discord.utils.utcnow, fire=False, shards=Shards(2, (0,)))
    MADE.append(bot)
    yield bot
    while MADE:
        await MADE.pop().database.close()


async def test_a_shard_process_plays_its_servers_games(simcord_env):
    env = simcord_env
    await env.bot.tree.sync()
    assert env.bot.shard_count == 2 and env.bot.shard_ids == [0]
    mine = env.create_guild("Shard zero", id=guild_on(0, 2))
    channel = mine.create_text_channel("games")
    alice = mine.add_member(env.create_user("alice"))
    bob = mine.add_member(env.create_user("bob"))
    created = await alice.slash(channel, "game new", name="tally", deadline_days=2)
    [thread] = channel.threads
    await bob.slash(thread, "game join")
    started = await alice.slash(thread, "game start")
    assert "has started" in started.response.content
    assert env.bot.scheduler is not None and created.response
    assert {j.split(":")[1] for j in env.bot.scheduler.armed()} == {"1"}
    host = User(id=77, name="elsewhere")  # a game of a shard-1 server, reached through the shared database
    other = await env.bot.service.create("tally", host, Place(guild_id=guild_on(1, 2)))
    await env.bot.service.start(other.id, host)
    assert {j.split(":")[1] for j in env.bot.scheduler.armed()} == {"1"}  # shard 1's game: not this process's
