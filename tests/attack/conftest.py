"""The attack suite (issue 18): Westmarch attacked as a hostile or careless user would, through the real
discord.py client (simcord) where the adapter is involved, and through the service below it. It uses the
Discord adapter's fixtures: a real SQLite file, the real command tree, an in-memory Discord."""

from __future__ import annotations

import discord
import pytest

from tests.bot.chat.conftest import db_url, simcord_bot, world  # noqa: F401  (fixtures)


@pytest.fixture
async def two_servers(world):  # noqa: F811  (the fixture above, by name)
    """Westmarch's own server (alice hosts, bob plays) and a hostile one whose admin is mallory;
    the bot is in both."""
    env, guild, channel, alice, bob = world
    other = env.create_guild("Elsewhere")
    admins = other.create_role("admins", permissions=discord.Permissions(administrator=True, manage_guild=True))
    mallory = other.add_member(env.create_user("mallory"), roles=[admins])
    return env, guild, channel, alice, bob, other, other.create_text_channel("lobby"), mallory
