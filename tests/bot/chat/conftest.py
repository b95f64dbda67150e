"""The Discord adapter under simcord: the real discord.py client, command tree and views against an
in-memory Discord. The bot's database is a real SQLite file that outlives bot restarts."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.chat.client import WestmarchBot
from bot.store import migrate
from bot.store.database import Database


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    url = f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}"
    migrate.upgrade(url)
    return url


@pytest.fixture
def simcord_bot(db_url: str) -> WestmarchBot:
    return WestmarchBot(Database(db_url))


@pytest.fixture
async def world(simcord_env):
    env = simcord_env
    await env.bot.tree.sync()  # what `python -m bot sync` does once for a real server
    guild = env.create_guild("Westmarch Test")
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    return env, guild, channel, alice, bob
