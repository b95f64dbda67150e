"""Security through Discord (issue 7): who may act for a seat, host-only and admin-only commands, pausing,
and the per-user rate limit, with the real discord.py client under simcord."""

from __future__ import annotations

import discord

from bot.service.limits import Limits, RateLimiter
from tests.bot.chat.test_game_commands import last_dm_with_buttons, lobby


async def test_only_the_host_or_a_server_admin_pauses_resumes_and_abandons(world):
    env, guild, channel, alice, bob = world
    thread = await lobby(world)
    await alice.slash(thread, "game start")
    for command in ("game pause", "game abandon"):
        refused = await bob.slash(thread, command)
        assert refused.ephemeral and "Only the host or a server admin can" in refused.response.content
    assert (await env.bot.service.ref(1)).status == "active"

    moderators = guild.create_role("moderators", permissions=discord.Permissions(manage_guild=True))
    mod = guild.add_member(env.create_user("mod"), roles=[moderators])
    paused = await mod.slash(thread, "game pause", reason="a rules question")
    assert paused.ephemeral and "Game 1 is paused" in paused.response.content
    await env.bot.messenger.drain()
    assert any("mod paused the game: a rules question. " in m.content for m in thread.history())

    bid = last_dm_with_buttons(bob)
    clicked = await bob.user.click(bid, custom_id=bid.components[0].children[0].custom_id)
    assert clicked.ephemeral and "Game 1 is paused" in clicked.response.content
    refused = await bob.slash(thread, "game resume")
    assert refused.ephemeral and "Only the host or a server admin can resume" in refused.response.content

    resumed = await alice.slash(thread, "game resume")
    assert "running again" in resumed.response.content
    clicked = await bob.user.click(bid, custom_id=bid.components[0].children[0].custom_id)
    assert "Done: `answer" in clicked.response.content
    abandoned = await mod.slash(thread, "game abandon")
    assert "abandoned" in abandoned.response.content


async def test_a_pause_reason_that_ends_its_own_sentence_takes_no_full_stop(world):
    """`/game pause reason:"is that enemy engaged?"` reads "...: is that enemy engaged? Resume...", not "?."."""
    env, guild, channel, alice, bob = world
    thread = await lobby(world)
    await alice.slash(thread, "game start")
    await alice.slash(thread, "game pause", reason="is that enemy engaged?")
    await env.bot.messenger.drain()
    [told] = [m.content for m in thread.history() if "paused the game" in m.content]
    assert "alice paused the game: is that enemy engaged? " in told and "?." not in told, told


async def test_nobody_acts_for_a_seat_but_its_player_or_their_delegate(world):
    env, guild, channel, alice, bob = world
    thread = await lobby(world)
    await alice.slash(thread, "game start")
    cara = guild.add_member(env.create_user("cara"))
    state = await env.bot.service.stored_state(1)
    bobs = next(d for d in state.decisions if d.seat == "p2")
    answer = f"answer {bobs.id} {bobs.options[0].id}"

    refused = await alice.slash(thread, "game act", command=answer)
    assert refused.ephemeral and f"Decision {bobs.id} is for bob (p2), not for you." in refused.response.content
    refused = await cara.slash(thread, "game act", command=answer)
    assert refused.ephemeral and "You are not seated in game 1." in refused.response.content

    named = await bob.slash(thread, "game delegate", user=cara)
    assert named.ephemeral and "cara may now act for your seat" in named.response.content
    done = await cara.slash(thread, "game act", command=answer)
    assert "Done: `answer" in done.response.content
    revoked = await bob.slash(thread, "game delegate")
    assert "Revoked" in revoked.response.content
    refused = await cara.slash(thread, "game hand")
    assert refused.ephemeral and "You are not seated in game 1" in refused.response.content


async def test_host_only_commands_are_refused_to_players(world):
    env, guild, channel, alice, bob = world
    thread = await lobby(world)
    refused = await bob.slash(thread, "game start")
    assert refused.ephemeral and "Only the host can start the game." in refused.response.content
    await alice.slash(thread, "game start")
    refused = await bob.slash(thread, "game pace", deadline_days=3)
    assert refused.ephemeral and "Only the host can change the pace." in refused.response.content


async def test_too_many_commands_a_minute_are_refused_then_allowed_again(world):
    env, guild, channel, alice, bob = world
    thread = await lobby(world)
    env.bot.rate = RateLimiter(3, clock=lambda: env.now().timestamp())  # COMMANDS_PER_MINUTE=3, on simcord time
    for _ in range(3):
        await alice.slash(thread, "game status")
    refused = await alice.slash(thread, "game status")
    assert refused.ephemeral and "Slow down: at most 3 commands a minute." in refused.response.content
    other = await bob.slash(thread, "game status")  # Bob has his own minute
    assert not other.ephemeral
    await env.advance_time(61)
    again = await alice.slash(thread, "game status")
    assert "Waiting to start" in again.response.content


async def test_limits_are_refused_with_a_clear_message(world):
    env, guild, channel, alice, bob = world
    thread = await lobby(world)
    await alice.slash(thread, "game start")
    refused = await bob.slash(thread, "game act", command="draw " + "x" * 600)
    assert refused.ephemeral and "That command is too long (605 characters; the limit is 500)." in (
        refused.response.content
    )
    env.bot.service.limits = Limits(open_games_per_server=1)  # as MAX_OPEN_GAMES=1 would set it
    refused = await bob.slash(channel, "game new", name="tally")
    assert refused.ephemeral and "This server already has 1 open games, its limit." in refused.response.content
    assert len(channel.threads) == 1  # nothing was created
