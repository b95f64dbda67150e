"""Discord faults through simcord (issue 7, Reliability): the real discord.py client against a fake Discord
that fails on purpose. Every test ends with simcord's own check that the bot raised nothing."""

from __future__ import annotations

import discord
import pytest
from simcord.backend.models import Overwrite
from simcord.enums import OverwriteType

from bot.chat import io
from tests.bot.chat.test_game_commands import dm_texts, lobby


@pytest.fixture(autouse=True)
def quick_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(io, "RETRY_DELAYS", (0.01, 0.01, 0.01))


def posts_to(env, channel_id: int) -> list[object]:
    return [r for r in env.http_requests if r.method == "POST" and r.path == f"/channels/{channel_id}/messages"]


async def test_a_server_error_on_send_is_tried_again(world):
    """Two 500s in a row on the thread: the board still arrives, on the third try."""
    env, guild, channel, alice, bob = world
    thread = await lobby(world)
    env.inject_error("POST", f"/channels/{thread.id}/messages", status=500, code=0, times=2)
    await alice.slash(thread, "game start")
    await env.bot.messenger.drain()
    assert any("begins" in m.content and m.attachments for m in thread.history())
    assert len(posts_to(env, thread.id)) >= 3


async def test_retries_are_bounded_and_a_lasting_outage_does_not_pause_the_game(world):
    env, guild, channel, alice, bob = world
    thread = await lobby(world)
    before = len(posts_to(env, thread.id))
    env.inject_error("POST", f"/channels/{thread.id}/messages", status=503, code=0, times=None)
    await alice.slash(thread, "game start")
    await env.bot.messenger.drain()
    assert len(posts_to(env, thread.id)) - before == 1 + len(io.RETRY_DELAYS)  # then it gives up, quietly
    assert (await env.bot.service.ref(1)).status == "active"  # a server error is not a lost thread


async def test_an_expired_interaction_is_answered_in_the_channel(world):
    """The interaction token is gone (10062) by the time the bot answers: the answer goes to the channel."""
    env, guild, channel, alice, bob = world
    await alice.slash(channel, "game new", name="tally")
    [thread] = channel.threads
    env.inject_error("POST", "/interactions/*/*/callback", status=404, code=10062, message="Unknown interaction")
    await bob.slash(thread, "game join")
    [answer] = [m for m in thread.history() if "joined game 1" in m.content]
    assert answer.interaction_metadata is None  # a plain channel message, not the interaction's answer
    assert [s.name for s in await env.bot.service.seats(1)] == ["alice", "bob"]


async def test_dms_refused_for_no_mutual_server_are_expected(world):
    """50278 (no mutual server) is handled like closed DMs: recorded, the game goes on."""
    env, guild, channel, alice, bob = world
    env.inject_error("POST", f"/channels/{bob.user.dm_channel.id}/messages", status=403, code=50278,
                     message="Cannot send messages to this user", times=None)
    thread = await lobby(world)
    started = await alice.slash(thread, "game start")
    assert "has started" in started.response.content
    assert {s.name: s.dm_ok for s in await env.bot.service.seats(1)} == {"alice": True, "bob": False}


async def test_a_deleted_thread_pauses_the_game_and_the_host_is_told(world):
    env, guild, channel, alice, bob = world
    thread = await lobby(world)
    await alice.slash(thread, "game start")
    await env.bot.messenger.drain()
    env.backend.delete_channel(thread.id)

    hand = await bob.slash(channel, "game hand", game=1)  # Bob's move, from the parent channel
    button = hand.response.components[0]["components"][0]["custom_id"]
    await bob.click(hand.response, custom_id=button)
    await env.bot.messenger.drain()

    assert (await env.bot.service.ref(1)).status == "paused"
    told = [t for t in dm_texts(alice) if "is paused" in t]
    assert len(told) == 1 and "deleted" in told[0] and "/game resume game:1" in told[0]
    refused = await alice.slash(channel, "game act", command="draw", game=1)
    assert refused.ephemeral and "Game 1 is paused" in refused.response.content


async def test_lost_permissions_pause_the_game_and_a_host_with_closed_dms_is_told_in_the_channel(world):
    env, guild, channel, alice, bob = world
    env.inject_error("POST", f"/channels/{alice.user.dm_channel.id}/messages", status=403, code=50007,
                     message="Cannot send messages to this user", times=None)
    thread = await lobby(world)
    await alice.slash(thread, "game start")
    await env.bot.messenger.drain()
    no_threads = discord.PermissionOverwrite(send_messages_in_threads=False)
    allow, deny = no_threads.pair()
    env.backend.edit_channel(
        channel.id, {},
        overwrites=[Overwrite(target_id=env.bot.user.id, type=OverwriteType.MEMBER, allow=allow.value,
                              deny=deny.value)],
    )
    await alice.slash(channel, "game pace", deadline_days=2, game=1)  # a change the table should hear of
    await env.bot.messenger.drain()

    assert (await env.bot.service.ref(1)).status == "paused"
    [told] = [m for m in channel.history() if "is paused" in m.content]
    assert f"<@{alice.user.id}>" in told.content and "permission" in told.content
    await env.bot.messenger.drain()
    assert len([m for m in channel.history() if "is paused" in m.content]) == 1  # told once


async def test_a_server_error_on_a_dm_is_tried_again_and_the_dm_still_counts_as_open(world):
    env, guild, channel, alice, bob = world
    thread = await lobby(world)
    env.inject_error("POST", f"/channels/{bob.user.dm_channel.id}/messages", status=502, code=0, times=1)
    await alice.slash(thread, "game start")
    await env.bot.messenger.drain()
    assert any("Your hand (3)" in t for t in dm_texts(bob))
    assert {s.name: s.dm_ok for s in await env.bot.service.seats(1)}["bob"] is True
