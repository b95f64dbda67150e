"""The Discord adapter under simcord: the real discord.py client, command tree and views against an
in-memory Discord. The bot's database is a real SQLite file that outlives bot restarts."""

from __future__ import annotations

from pathlib import Path

import discord
import pytest

from bot.chat.client import WestmarchBot
from bot.chat.painter import Painter
from bot.store import migrate
from bot.store.database import Database


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    url = f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}"
    migrate.upgrade(url)
    return url


MADE: list[WestmarchBot] = []  # every bot of the running test, restarted ones included: their databases close


def make_bot(db_url: str) -> WestmarchBot:
    """The bot on simcord's clock (discord.utils.utcnow follows env.now() inside the bot), with timers that
    never ring by themselves: a test moves time with env.advance_time() and runs them with `ring`."""
    bot = WestmarchBot(Database(db_url), clock=discord.utils.utcnow, fire=False)
    MADE.append(bot)
    return bot


async def painted_by(env, painter: Painter) -> None:
    """The bot's boards drawn by `painter` from now on, its own drawing process stopped first (a test that hooks
    or breaks this process's renderer draws on a thread: Painter(own_process=False))."""
    await env.bot.painter.close()
    env.bot.painter = painter


async def ring(env):
    """Run every reminder and deadline due at the simulated now, as the bot's own timers would."""
    with env.time_context():  # the bot's clock reads simcord's time in this test code too
        acted = await env.bot.scheduler.sweep(env.now())
        await env.bot.messenger.drain()
    return acted


@pytest.fixture
async def simcord_bot(db_url: str):
    yield make_bot(db_url)
    while MADE:  # after simcord's own teardown has closed the bots: no connection outlives the loop
        await MADE.pop().database.close()


@pytest.fixture
async def world(simcord_env):
    env = simcord_env
    await env.bot.tree.sync()  # what `python -m bot sync` does once for a real server
    guild = env.create_guild("Westmarch Test")
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    return env, guild, channel, alice, bob


async def opened(host, channel, others, name: str, options: str = ""):
    """`host` creates a game of `name` in `channel`, `others` join in its new thread, `host` starts it: the thread."""
    await host.slash(channel, "game new", name=name, options=options)
    thread = channel.threads[-1]
    for member in others:
        await member.slash(thread, "game join")
    await host.slash(thread, "game start")
    return thread
