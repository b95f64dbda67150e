"""Who may touch a game (issue 18; issue 7, Security): a user with no seat, a player reaching for another seat's
decision, and an ordinary player reaching for the host's commands. Each attack is made through the real
discord.py client (simcord) and must be refused in words, to the attacker alone, with every row of the game
left as it was (tests/attack/footprint.py)."""

from __future__ import annotations

import pytest

from bot.service import NotSeated, Service
from engines.core import RuleError
from tests.attack.footprint import footprint
from tests.bot.chat.test_game_commands import last_dm_with_buttons, lobby
from tests.conftest import BOB, CARA, started_game

NOT_SEATED = "You are not seated in game 1. No player named you to act for them."


async def lcg_table(world):
    """An LCG game started by Alice with Bob: its first decisions (each seat's deck) are public, so their
    buttons are posted in the thread, where anyone in the server can press them."""
    env, guild, channel, alice, bob = world
    await alice.slash(channel, "game new", name="lcg")
    [thread] = channel.threads
    await bob.slash(thread, "game join")
    await alice.slash(thread, "game start")
    await env.bot.messenger.drain()
    message = next(m for m in reversed(thread.history()) if m.components)
    buttons = {c.custom_id: c for row in message.components for c in row.children}
    return thread, message, buttons


def button_of(buttons: dict[str, object], decision: int, option: str) -> str:
    """The custom id of the button posted for `option` of `decision` (it carries the decision's stamp too)."""
    found = [i for i in buttons if i.startswith(f"wm:g1:d{decision}:") and i.endswith(f":o{option}")]
    assert len(found) == 1, (decision, option, list(buttons))
    return found[0]


# --- attack 1: a user with no seat ------------------------------------------------------------------------
async def test_an_unseated_user_pressing_a_players_button_in_the_thread_is_refused(world):
    """Cara is in the server but not in the game; she presses the deck button meant for Alice (p1) that the
    bot posted in the thread. Nothing may be chosen for Alice."""
    env, guild, channel, alice, bob = world
    thread, message, buttons = await lcg_table(world)
    state = await env.bot.service.stored_state(1)
    alices = next(d for d in state.decisions if d.seat == "p1")
    custom_id = button_of(buttons, alices.id, alices.options[0].id)  # really there, for everyone to see
    cara = guild.add_member(env.create_user("cara"))
    before = await footprint(env.bot.service, 1)

    pressed = await cara.click(message, custom_id=custom_id)

    assert pressed.acknowledged and pressed.ephemeral  # answered, and only to her
    assert pressed.response.content == NOT_SEATED
    assert await footprint(env.bot.service, 1) == before
    assert not any("cara" in m.content for m in thread.history())


async def test_an_unseated_user_typing_a_players_answer_in_the_thread_is_refused(world):
    """Cara copies the answer to Alice's bid (the id and the option are easy to guess in Tally) and types it
    with `/game act`, then tries a verb of her own and a look at the hand."""
    env, guild, channel, alice, bob = world
    thread = await lobby(world)
    await alice.slash(thread, "game start")
    cara = guild.add_member(env.create_user("cara"))
    state = await env.bot.service.stored_state(1)
    alices = next(d for d in state.decisions if d.seat == "p1")
    before = await footprint(env.bot.service, 1)

    for command in (f"answer {alices.id} {alices.options[0].id}", "draw", "play 7 Leaves"):
        refused = await cara.slash(thread, "game act", command=command)
        assert refused.ephemeral and refused.response.content == NOT_SEATED, command
    hand = await cara.slash(thread, "game hand")
    assert hand.ephemeral and hand.response.content.startswith("You are not seated in game 1")

    assert await footprint(env.bot.service, 1) == before
    assert await env.bot.service.stored_state(1) == state


# --- attack 2: a seated player answering another seat's decision ----------------------------------------------
async def test_a_player_pressing_another_seats_button_is_refused_with_the_seat_named(world):
    """Bob (p2) presses the deck button the bot posted in the thread for Alice (p1), to choose her deck."""
    env, guild, channel, alice, bob = world
    thread, message, buttons = await lcg_table(world)
    state = await env.bot.service.stored_state(1)
    alices = next(d for d in state.decisions if d.seat == "p1")
    before = await footprint(env.bot.service, 1)

    pressed = await bob.click(message, custom_id=button_of(buttons, alices.id, alices.options[-1].id))

    assert pressed.ephemeral and pressed.response.content == f"Decision {alices.id} is for alice (p1), not for you."
    assert await footprint(env.bot.service, 1) == before


async def test_a_player_typing_an_answer_to_another_seats_decision_is_refused_with_the_seat_named(world):
    """Bob (p2) types the answer to Alice's (p1) bid, to bid her lowest card for her."""
    env, guild, channel, alice, bob = world
    thread = await lobby(world)
    await alice.slash(thread, "game start")
    state = await env.bot.service.stored_state(1)
    alices = next(d for d in state.decisions if d.seat == "p1")
    before = await footprint(env.bot.service, 1)

    refused = await bob.slash(thread, "game act", command=f"answer {alices.id} {alices.options[-1].id}")

    assert refused.ephemeral and refused.response.content == f"Decision {alices.id} is for alice (p1), not for you."
    assert await footprint(env.bot.service, 1) == before
    # His own decision is still his to answer: the refusal did not lock him out.
    bid = last_dm_with_buttons(bob)
    clicked = await bob.user.click(bid, custom_id=bid.components[0].children[0].custom_id)
    assert "Done: `answer" in clicked.response.content


async def test_the_service_refuses_an_answer_for_another_seat_whoever_the_adapter(service: Service):
    """Below the adapter: Bob's answer to Alice's decision, and Cara's to anyone's, change no row."""
    game_id = await started_game(service, players=2)
    state = await service.stored_state(game_id)
    before = await footprint(service, game_id)
    alices = next(d for d in state.decisions if d.seat == "p1")
    with pytest.raises(RuleError, match=rf"^Decision {alices.id} is for p1, not for p2\.$"):
        await service.answer(game_id, BOB, alices.id, alices.options[0].id)
    with pytest.raises(NotSeated, match=r"You are not seated in game 1"):
        await service.answer(game_id, CARA, alices.id, alices.options[0].id)
    assert await footprint(service, game_id) == before


# --- attack 5: host-only commands by an ordinary player ------------------------------------------------------
async def test_a_player_cannot_start_the_hosts_game(world):
    """Bob joins and starts Alice's game before she is ready."""
    env, guild, channel, alice, bob = world
    thread = await lobby(world)
    before = await footprint(env.bot.service, 1)
    refused = await bob.slash(thread, "game start")
    assert refused.ephemeral and refused.response.content == "Only the host can start the game."
    assert await footprint(env.bot.service, 1) == before
    assert (await env.bot.service.ref(1)).status == "lobby"


@pytest.mark.parametrize(
    ("command", "options", "refusal"),
    [
        ("game pace", {"deadline_days": 1}, "Only the host can change the pace."),
        ("game pause", {"reason": "mine now"}, "Only the host or a server admin can pause the game."),
        ("game abandon", {}, "Only the host or a server admin can abandon the game."),
    ],
)
async def test_a_player_cannot_use_the_hosts_commands_on_a_running_game(world, command, options, refusal):
    """Bob, an ordinary player, tries to set a one-day deadline on Alice, pause the game or end it."""
    env, guild, channel, alice, bob = world
    thread = await lobby(world)
    await alice.slash(thread, "game start")
    before = await footprint(env.bot.service, 1)
    refused = await bob.slash(thread, command, **options)
    assert refused.ephemeral and refused.response.content == refusal
    assert await footprint(env.bot.service, 1) == before
    await env.bot.messenger.drain()
    assert not any("bob" in m.content and ("pace" in m.content or "paused" in m.content or "abandon" in m.content)
                   for m in thread.history())


async def test_a_player_cannot_resume_a_game_the_host_paused(world):
    """Alice paused for a rules question; Bob resumes it himself to make his move."""
    env, guild, channel, alice, bob = world
    thread = await lobby(world)
    await alice.slash(thread, "game start")
    await alice.slash(thread, "game pause", reason="a rules question")
    before = await footprint(env.bot.service, 1)
    refused = await bob.slash(thread, "game resume")
    assert refused.ephemeral and refused.response.content == "Only the host or a server admin can resume the game."
    assert await footprint(env.bot.service, 1) == before
    assert (await env.bot.service.ref(1)).status == "paused"

