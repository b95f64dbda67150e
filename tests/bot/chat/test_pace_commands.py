"""Pace through discord.py (issue 4): the turn DM once per change with the thread's link, the mention only when
DMs are closed, /game pace, settings, vacation, nudge, list, a reminder after simulated hours, and the
deadline buttons. Time is simcord's (env.advance_time); the bot's timers are run with `ring`."""

from __future__ import annotations

from tests.bot.chat.conftest import ring

DAY = 24 * 3600


def dms(actor) -> list[str]:
    channel = actor.user.dm_channel
    return [m.content for m in channel.history()] if channel else []


def turn_dms(actor) -> list[str]:
    return [t for t in dms(actor) if "The game is waiting on you" in t]


async def table(world, **new_options):
    """Alice creates a Tally game (with `new_options`), Bob joins in its thread, Alice starts it."""
    env, guild, channel, alice, bob = world
    created = await alice.slash(channel, "game new", name="tally", **new_options)
    assert "Created game 1" in created.response.content, created.response.content
    [thread] = channel.threads
    await bob.slash(thread, "game join")
    await alice.slash(thread, "game start")
    await env.bot.messenger.drain()
    return thread


async def bid(actor) -> None:
    message = next(m for m in reversed(actor.user.dm_channel.history()) if m.components)
    clicked = await actor.user.click(message, custom_id=message.components[0].children[0].custom_id)
    assert "Done" in clicked.response.content, clicked.response.content


async def test_each_player_hears_of_their_turn_once_by_dm_with_a_link_and_no_ping_in_the_thread(world):
    env, guild, channel, alice, bob = world
    thread = await table(world)
    for actor in (alice, bob):
        [told] = turn_dms(actor)
        assert f"https://discord.com/channels/{guild.id}/{thread.id}" in told
        assert "Bid a card face down" in told  # what is asked
    waiting = next(m.content for m in thread.history() if "Waiting on" in m.content)
    assert "alice (p1)" in waiting and "bob (p2)" in waiting and "<@" not in waiting  # the DM was the ping
    await bid(alice)
    await env.bot.messenger.drain()
    assert len(turn_dms(bob)) == 1  # the set changed, but Bob already knew


async def test_with_closed_dms_the_thread_mentions_the_player_once(world):
    env, guild, channel, alice, bob = world
    env.inject_error("POST", f"/channels/{bob.user.dm_channel.id}/messages", status=403, code=50007,
                     message="Cannot send messages to this user", times=None)
    thread = await table(world)
    pings = [m.content for m in thread.history() if f"<@{bob.id}>" in m.content and "joined" not in m.content]
    assert len(pings) == 1 and "Waiting on" in pings[0]
    assert f"<@{alice.id}>" not in pings[0]


async def test_the_host_sets_the_pace_and_the_table_is_told(world):
    env, guild, channel, alice, bob = world
    thread = await table(world, deadline_days=3, reminder_hours=12)
    shown = await bob.slash(thread, "game pace")
    assert shown.ephemeral and "reminders after 12 h, then every 24 h; a deadline of 3 day(s)" in shown.response.content
    refused = await bob.slash(thread, "game pace", deadline_days=1)
    assert refused.ephemeral and "Only the host" in refused.response.content
    done = await alice.slash(thread, "game pace", deadline_days=2, allow_auto=True, at_deadline="ask")
    assert "a deadline of 2 day(s)" in done.response.content and "automatic seat allowed" in done.response.content
    await env.bot.messenger.drain()
    assert any("alice set the pace" in m.content for m in thread.history())


async def test_settings_vacation_nudge_and_list(world):
    env, guild, channel, alice, bob = world
    thread = await table(world, deadline_days=2)
    zones = await bob.autocomplete(thread, "game settings", "timezone", "paris")
    assert [z["value"] for z in zones] == ["Europe/Paris"]
    set_ = await bob.slash(thread, "game settings", timezone="Europe/Paris", quiet="23-7")
    assert set_.ephemeral and "Europe/Paris; quiet hours 23:00 to 07:00" in set_.response.content
    bad = await bob.slash(thread, "game settings", timezone="Middle/Earth")
    assert bad.ephemeral and "not a time zone I know" in bad.response.content

    await bid(alice)  # the game waits on Bob
    await env.advance_time(3600 * 10)  # 10:00 UTC, 11:00 in Paris: awake
    nudged = await alice.slash(thread, "game nudge")
    assert nudged.ephemeral and nudged.response.content == "Nudged bob."
    await env.bot.messenger.drain()
    assert "alice nudges you" in dms(bob)[-1] and f"/{thread.id}" in dms(bob)[-1]
    again = await alice.slash(thread, "game nudge")
    assert again.ephemeral and "bob was nudged" in again.response.content

    listed = await alice.slash(channel, "game list")
    line = listed.response.content
    assert "Game 1: Tally" in line and "waiting on bob (p2) since <t:" in line and "due <t:" in line

    away = await bob.slash(thread, "game vacation", until="2026-01-10")
    assert away.ephemeral and "paused until" in away.response.content
    await env.bot.messenger.drain()
    assert any("bob is on vacation until <t:" in m.content for m in thread.history())
    wrong = await bob.slash(thread, "game vacation", until="soon")
    assert wrong.ephemeral and "YYYY-MM-DD" in wrong.response.content


async def test_a_reminder_comes_by_dm_after_the_hours_pass(world):
    env, guild, channel, alice, bob = world
    await table(world)
    await bid(alice)
    await env.advance_time(DAY - 60)
    assert await ring(env) == 0
    await env.advance_time(60)
    assert await ring(env) == 1
    assert dms(bob)[-1].startswith("**Tally (kernel test game), game 1**: Reminder.")
    assert await ring(env) == 0  # once
    assert not any("Reminder" in t for t in dms(alice))  # Alice has bid: nobody waits on her


async def test_a_passed_deadline_shows_buttons_and_the_host_skips(world):
    env, guild, channel, alice, bob = world
    thread = await table(world, deadline_days=1)
    await bid(alice)
    await env.advance_time(DAY)
    await ring(env)
    ask = next(m for m in thread.history() if "missed the deadline" in m.content)
    labels = [c.label for c in ask.components[0].children]
    assert labels == ["Extend 1 day(s)", "Skip bob's decision"]  # no automatic seat: the host did not allow it
    own = await bob.click(ask, custom_id=ask.components[0].children[1].custom_id)
    assert own.ephemeral and "your own deadline" in own.response.content
    skipped = await alice.click(ask, custom_id=ask.components[0].children[1].custom_id)
    assert skipped.ephemeral and skipped.response.content == "Skipped."
    await env.bot.messenger.drain()
    assert any("Deadline passed: the bot answers for bob" in m.content for m in thread.history())
    assert any("Bids:" in m.content for m in thread.history())  # Bob's bid was made; the game goes on
    stale = await alice.click(ask, custom_id=ask.components[0].children[0].custom_id)
    assert "no longer open" in stale.response.content
