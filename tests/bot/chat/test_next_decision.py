"""Issue 16, asking less: after a move, the reply shown only to the player carries what they are asked next,
with its buttons, so nobody types a command to find their next choice."""

from __future__ import annotations

from tests.bot.chat.test_lcg_commands import lcg_lobby


async def test_the_reply_to_a_move_brings_the_players_next_decision_and_its_buttons(world):
    env, guild, channel, alice, bob = world
    thread = await lcg_lobby(world)
    await alice.slash(thread, "lcg deck choose", key="core-leadership")
    chosen = await bob.slash(thread, "lcg deck choose", key="core-lore")  # the last deck opens the first-player vote
    reply = chosen.response
    assert chosen.ephemeral and "Done: `deck core-lore`" in reply.content
    assert "Next, decision" in reply.content and "first player" in reply.content.lower()
    ids = [b["custom_id"] for row in reply.components for b in row["components"]]
    assert ids and all(i.startswith("wm:g1:d") for i in ids)
    clicked = await bob.click(reply, custom_id=ids[0])  # answered from the reply itself
    assert "Done: `answer" in clicked.response.content


async def test_a_standing_order_is_set_from_discord_and_told_to_the_table(world):
    env, guild, channel, alice, bob = world
    thread = await lcg_lobby(world)
    told = await alice.slash(thread, "game order", key="forced", value="ask")
    assert told.ephemeral and "Done: `order forced ask`" in told.response.content
    state = await env.bot.service.stored_state(1)
    assert state.orders == {"p1": {"forced": "ask"}}
    refused = await alice.slash(thread, "game order", key="forced", value="sometimes")
    assert refused.ephemeral and "takes auto or ask" in refused.response.content
