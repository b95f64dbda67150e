"""Mentions and markdown (issue 18): a name or a reason a player types must not ping a crowd or pass for the
bot's own formatting, even where the bot holds Mention Everyone (simcord gives the bot every permission but
administrator, as a typical invite does)."""

from __future__ import annotations

import json
import re

from bot import safe_text
from engines.lcg.campaign import export

HOSTILE = "@here [go](https://e.vi) **hi**"  # within the 32 characters a name keeps


def pings(message) -> bool:
    return message.mention_everyone or bool(message.role_mentions)


async def test_a_hostile_nickname_in_the_seats_line_pings_nobody(world):
    env, guild, channel, alice, bob = world
    eve = guild.add_member(env.create_user("eve"), nick=HOSTILE)
    await alice.slash(channel, "game new", name="tally")
    [thread] = channel.threads
    await eve.slash(thread, "game join")
    await alice.slash(thread, "game start")
    await env.bot.messenger.drain()
    seats = next(m for m in thread.history() if "Seats:" in m.content)
    assert not pings(seats)
    assert "@here" not in seats.content
    assert not re.search(r"(?<!\\)\[go\]\(", seats.content)  # no link: the bracket is escaped
    assert "\\[go]" in seats.content  # the name is shown as typed
    assert not any(pings(m) for m in thread.history())


async def test_a_pause_reason_cannot_ping_everyone_or_a_role(world):
    env, guild, channel, alice, bob = world
    role = guild.create_role("raiders", mentionable=True)
    await alice.slash(channel, "game new", name="tally")
    [thread] = channel.threads
    await bob.slash(thread, "game join")
    await alice.slash(thread, "game start")
    await alice.slash(thread, "game pause", reason=f"@everyone <@&{role.id}> look here")
    await env.bot.messenger.drain()
    said = next(m for m in thread.history() if "paused the game" in m.content)
    assert not pings(said)
    assert "@everyone" not in said.content and f"<@&{role.id}>" not in said.content


async def test_the_client_allows_user_mentions_only(world):
    env = world[0]
    allowed = env.bot.allowed_mentions
    assert allowed is not None and not allowed.everyone and not allowed.roles and allowed.users


def test_names_are_clipped_and_kept_on_one_line():
    long = "Aragorn son of Arathorn, heir of Isildur, Elessar\nEnvinyatar"
    clipped = safe_text.name(long)
    assert len(clipped) <= safe_text.NAME_LIMIT and "\n" not in clipped and clipped.endswith("…")
    assert safe_text.name("bob_smith") == "bob_smith"  # escaped only where markdown would format it


def test_a_deeply_nested_campaign_import_is_refused_in_words():
    """A file nested 100,000 deep used to raise RecursionError ("Something went wrong")."""
    from engines.core import CommandError

    hostile = "[" * 100_000 + "]" * 100_000
    try:
        export.from_json(hostile)
    except CommandError as refused:
        assert "nests more than" in refused.message
    else:
        raise AssertionError("a hostile file was read")
    assert json.loads('{"a": [1]}')  # the check counts brackets in strings as text:
    assert export._depth('{"a": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}') == 1
