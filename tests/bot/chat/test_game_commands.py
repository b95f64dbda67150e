"""`/game` end to end through discord.py: slash commands, the game thread, DMs, buttons, restarts."""

from __future__ import annotations

import io

from PIL import Image

from tests.bot.chat.conftest import make_bot


async def lobby(world):
    """Alice creates a Tally game (it gets a thread) and Bob joins it there."""
    env, guild, channel, alice, bob = world
    created = await alice.slash(channel, "game new", name="tally")
    assert "Created game 1" in created.response.content
    [thread] = channel.threads
    joined = await bob.slash(thread, "game join")
    assert "joined game 1" in joined.response.content
    return thread


def dm_texts(actor) -> list[str]:
    return [m.content for m in actor.user.dm_channel.history()]


def last_dm_with_buttons(actor):
    return next(m for m in reversed(actor.user.dm_channel.history()) if m.components)


async def test_new_creates_a_thread_and_start_deals_hands_by_dm(world):
    env, guild, channel, alice, bob = world
    thread = await lobby(world)
    started = await alice.slash(thread, "game start")
    assert "has started" in started.response.content
    board = next(m for m in thread.history() if m.attachments)
    assert "begins" in board.content
    for actor in (alice, bob):
        texts = dm_texts(actor)
        assert texts[0].startswith("You are in game 1")  # the DM probe on joining
        assert "Your hand (3)" in texts[-1] and "Bid a card face down" in texts[-1]


async def test_status_answers_with_a_board_image(world):
    """Given a started game, /game status answers in the thread with a PNG of the table."""
    env, guild, channel, alice, bob = world
    thread = await lobby(world)
    await alice.slash(thread, "game start")
    result = await bob.slash(thread, "game status")
    assert not result.ephemeral
    assert "Bidding: waiting on alice, bob" in result.response.content  # the players, not their seats
    [attachment] = result.response.attachments
    image = Image.open(io.BytesIO(await attachment.read()))
    assert image.format == "PNG" and image.width >= 800
    callbacks = [r for r in env.http_requests if r.path.endswith("/callback")]
    assert callbacks[-1].json["type"] == 5  # deferred first: acknowledged within the 3 seconds


async def test_a_decision_button_still_works_after_a_restart(world, db_url):
    env, guild, channel, alice, bob = world
    thread = await lobby(world)
    await alice.slash(thread, "game start")
    alice_bid = last_dm_with_buttons(alice)
    bob_bid = last_dm_with_buttons(bob)
    clicked = await alice.user.click(alice_bid, custom_id=alice_bid.components[0].children[0].custom_id)
    assert clicked.ephemeral and "Done: `answer" in clicked.response.content

    await env.restart_bot(make_bot(db_url))  # a fresh process: nothing in memory

    clicked = await bob.user.click(bob_bid, custom_id=bob_bid.components[0].children[0].custom_id)
    assert "Done: `answer" in clicked.response.content
    assert any("Bids:" in m.content for m in thread.history())
    status = await alice.slash(thread, "game status")
    assert "to play" in status.response.content


async def test_a_stale_button_is_refused_with_a_reason(world):
    env, guild, channel, alice, bob = world
    thread = await lobby(world)
    await alice.slash(thread, "game start")
    bid = last_dm_with_buttons(alice)
    button = bid.components[0].children
    await alice.user.click(bid, custom_id=button[0].custom_id)
    again = await alice.user.click(bid, custom_id=button[1].custom_id)
    assert again.ephemeral and "no longer open" in again.response.content


async def test_closed_dms_do_not_stop_the_game_and_the_player_is_told_where_to_look(world):
    """LESSONS 'DMs are blocked': 50007 is expected; the game goes on and /game hand is the fallback."""
    env, guild, channel, alice, bob = world
    env.inject_error("POST", f"/channels/{bob.user.dm_channel.id}/messages", status=403, code=50007,
                     message="Cannot send messages to this user", times=None)
    created = await alice.slash(channel, "game new", name="tally")
    [thread] = channel.threads
    joined = await bob.slash(thread, "game join")
    [told] = joined.followups  # the DM probe failed: Bob alone is told where to look, at once
    assert told.ephemeral and "/game hand" in told.content
    assert dm_texts(bob) == [] and created.response
    started = await alice.slash(thread, "game start")
    assert "has started" in started.response.content

    hand = await bob.slash(thread, "game hand")
    assert hand.ephemeral and "Your hand (3)" in hand.response.content
    button = hand.response.components[0]["components"][0]["custom_id"]
    clicked = await bob.click(hand.response, custom_id=button)
    assert "Done: `answer" in clicked.response.content

    seats = await env.bot.service.seats(1)
    assert {s.name: s.dm_ok for s in seats} == {"alice": True, "bob": False}


async def test_rule_errors_are_shown_only_to_the_player(world):
    env, guild, channel, alice, bob = world
    thread = await lobby(world)
    refused = await bob.slash(thread, "game start")
    assert refused.ephemeral and "Only the host can start the game." in refused.response.content
    outsider = guild.add_member(env.create_user("cara"))
    await alice.slash(thread, "game start")
    refused = await outsider.slash(thread, "game act", command="answer 1 c1")
    assert refused.ephemeral and "You are not seated in game 1." in refused.response.content


async def test_a_decision_number_never_given_is_said_to_be_none(world):
    """`answer 9999 pass`, a number no decision ever had, reads as no such decision, not as one answered; a
    decision that did exist and closed keeps its words."""
    env, guild, channel, alice, bob = world
    thread = await lobby(world)
    await alice.slash(thread, "game start")
    typo = await alice.slash(thread, "game act", command="answer 9999 pass")
    assert typo.ephemeral, typo.response.content
    assert "There is no decision 9999: this game's decisions so far are numbered 1 to 2." in typo.response.content
    assert "already answered" not in typo.response.content
    bid = next(d for d in (await env.bot.service.stored_state(1)).decisions if d.id == 1)
    assert bid.seat == "p1"  # Alice's bid
    done = await alice.slash(thread, "game act", command=f"answer 1 {bid.options[0].id}")
    assert "Done" in done.response.content, done.response.content
    again = await alice.slash(thread, "game act", command=f"answer 1 {bid.options[1].id}")
    assert "That choice is no longer open: decision 1 was already answered" in again.response.content


async def test_typed_commands_log_undo_and_abandon(world):
    env, guild, channel, alice, bob = world
    thread = await lobby(world)
    await alice.slash(thread, "game start")
    choices = await alice.autocomplete(thread, "game act", "command", "")
    assert choices and all(c["value"].startswith("answer 1 ") for c in choices)  # only Alice's own choice
    done = await alice.slash(thread, "game act", command=choices[0]["value"])
    assert "Done" in done.response.content
    log = await alice.slash(thread, "game log")
    assert log.ephemeral and "You bid" in log.response.content
    public_log = await bob.slash(thread, "game log")
    assert "You bid" not in public_log.response.content.replace("bob", "")
    undone = await alice.slash(thread, "game undo")
    assert undone.response.content == "Undone."
    abandoned = await alice.slash(thread, "game abandon")
    assert "abandoned" in abandoned.response.content


async def test_undo_past_a_barrier_is_agreed_with_buttons(world):
    """DESIGN.md 'Undo': past a barrier the other seats are asked with buttons; a click by the wrong player
    is refused, and the agreed undo is applied."""
    env, guild, channel, alice, bob = world
    thread = await lobby(world)
    await alice.slash(thread, "game start")
    for actor in (alice, bob):
        bid = last_dm_with_buttons(actor)
        await actor.user.click(bid, custom_id=bid.components[0].children[0].custom_id)
    asked = await bob.slash(thread, "game undo")  # Bob's bid revealed both bids: Alice must agree
    assert asked.ephemeral and "asked to agree" in asked.response.content
    request = next(m for m in reversed(thread.history()) if "agree to undo" in m.content)
    assert f"<@{alice.id}>" in request.content
    agree = request.components[0].children[0].custom_id
    wrong = await bob.click(request, custom_id=agree)
    assert wrong.ephemeral and "not needed" in wrong.response.content
    done = await alice.click(request, custom_id=agree)
    assert done.response.content == "Undone."
    status = await alice.slash(thread, "game status")
    assert "Bidding: waiting on bob" in status.response.content


async def played_to_the_end(world):
    """Alice alone plays a one-card game of Tally in its thread until she has emptied her hand: the thread."""
    env, guild, channel, alice, bob = world
    await alice.slash(channel, "game new", name="tally", options="hand=1")
    [thread] = channel.threads
    await alice.slash(thread, "game start")
    while (state := await env.bot.service.stored_state(1)).outcome is None:
        d = state.decisions[0]
        option = next((o for o in d.options if o.id != "draw"), d.options[0])  # play when she can
        done = await alice.slash(thread, "game act", command=f"answer {d.id} {option.id}")
        assert "Done: `answer" in done.response.content, done.response.content
    await env.bot.messenger.drain()
    assert (await env.bot.service.ref(1)).status == "finished"
    return thread


async def test_a_hand_emptied_during_the_game_is_told(world):
    """A hand that becomes empty in play is a change, told by DM like any other ("Your hand: 0 cards"), unlike
    the empty hand of a game's start."""
    env, guild, channel, alice, bob = world
    await played_to_the_end(world)
    dms = [m.content for m in alice.user.dm_channel.history()]
    assert "Your hand: 0 cards" in dms[-1], dms


async def test_a_finished_games_own_thread_still_finds_it_to_read_and_refuses_moves_in_their_own_words(world):
    env, guild, channel, alice, bob = world
    thread = await played_to_the_end(world)
    status = await bob.slash(thread, "game status")
    assert "game 1** (finished)" in status.response.content, status.response.content
    assert "Game over: alice emptied their hand." in status.response.content
    log = await alice.slash(thread, "game log")
    assert log.ephemeral and "You bid " in log.response.content, log.response.content
    assert "(finished)" in (await alice.slash(thread, "game status", game=1)).response.content  # as when named
    refused = await alice.slash(thread, "game act", command="answer 9 draw")
    assert refused.ephemeral and refused.response.content.endswith("That choice is no longer open: game 1 is over.")
    for actor, verb, said in ((bob, "game join", "Game 1 is over."), (alice, "game start", "Game 1 is over."),
                              (alice, "game abandon", "Game 1 is already over."),
                              (alice, "game undo", "Game 1 is not being played; there is nothing to undo.")):
        refused = await actor.slash(thread, verb)
        assert refused.ephemeral and said in refused.response.content, (verb, refused.response.content)
    nothing = await alice.slash(channel, "game status")  # the channel it was started from is not its place
    assert "There is no game in this channel" in nothing.response.content


async def test_a_game_started_in_a_finished_games_thread_is_the_game_there(world):
    env, guild, channel, alice, bob = world
    thread = await played_to_the_end(world)
    created = await bob.slash(thread, "game new", name="tally")
    assert "Created game 2" in created.response.content
    status = await alice.slash(thread, "game status")
    assert "game 2** (lobby)" in status.response.content, status.response.content
    joined = await alice.slash(thread, "game join")
    assert "joined game 2" in joined.response.content


async def test_an_abandoned_games_thread_still_shows_it(world):
    env, guild, channel, alice, bob = world
    thread = await lobby(world)
    await alice.slash(thread, "game start")
    await alice.slash(thread, "game abandon")
    status = await bob.slash(thread, "game status")
    assert "game 1** (abandoned)" in status.response.content, status.response.content
    refused = await bob.slash(thread, "game act", command="answer 1 c1")
    assert refused.ephemeral and "Game 1 is not being played (it is abandoned)." in refused.response.content
