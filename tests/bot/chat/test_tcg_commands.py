"""`/game` and `/tcg` end to end through discord.py (simcord): a 2-player Siege of Gondor game created,
started, each hand sent by DM only to its player (spec 1.3), the action procedure answered with buttons and
with `/tcg act` from one's own options, the board image posted in the thread, standing orders shown and set
with the no-leak note, adjustments announced, and the card and deck reference."""

from __future__ import annotations

import io

import discord
import pytest
from PIL import Image

from engines import registry
from engines.tcg import GAME
from engines.tcg.decks import builtin_decks
from tests.engines.randomplay import hidden_names


@pytest.fixture(autouse=True)
def installed() -> None:
    registry.register(GAME)


async def a_game(world, *, seed: int = 2):
    env, guild, channel, alice, bob = world
    env.bot.service.seed_source = lambda: seed
    created = await alice.slash(channel, "game new", name="tcg", options="first_player=p1")
    assert "Trading Card Game" in created.response.content
    thread = channel.threads[-1]
    await bob.slash(thread, "game join")
    started = await alice.slash(thread, "game start")
    assert "has started" in started.response.content
    return thread


def dm_texts(actor) -> list[str]:
    return [m.content for m in actor.user.dm_channel.history()]


async def test_hands_go_by_dm_only_and_the_board_is_in_the_thread(world):
    """Spec 1.3: a hand reaches its owner alone; the thread shows the table's image and no hidden card."""
    env, guild, channel, alice, bob = world
    thread = await a_game(world)
    state = await env.bot.service.stored_state(1)
    p1, p2 = state.players
    alice_dm, bob_dm = "\n".join(dm_texts(alice)), "\n".join(dm_texts(bob))
    mine, theirs = {c.name for c in p1.hand.cards}, {c.name for c in p2.hand.cards}
    assert all(n in alice_dm for n in mine) and not [n for n in theirs - mine if n in alice_dm]
    assert all(n in bob_dm for n in theirs) and not [n for n in mine - theirs if n in bob_dm]
    public = "\n".join(m.content for m in thread.history())
    assert not [n for n in hidden_names(state, None) if n in public]
    board = next(m for m in thread.history() if m.attachments)
    image = Image.open(io.BytesIO(await board.attachments[0].read()))
    assert image.format == "PNG" and image.width == 960


async def test_the_action_procedure_is_answered_with_buttons_and_act(world):
    """Spec 4.1-4.3: p1 ends the fellowship phase with the DM's button; p2's Shadow phase then offers p2 (only)
    its own options, and /tcg act answers one."""
    env, guild, channel, alice, bob = world
    thread = await a_game(world)
    message = next(m for m in reversed(alice.user.dm_channel.history()) if m.components)
    items = [c for row in message.components for c in row.children]
    passing = next(c for c in items if c.type == discord.ComponentType.button and c.custom_id.endswith(":opass"))
    assert passing.label == "Move to the next site"
    clicked = await alice.user.click(message, custom_id=passing.custom_id)
    assert clicked.ephemeral and "Done: `answer" in clicked.response.content, clicked.response.content
    assert any("alice moves to site 2" in m.content for m in thread.history())
    assert await alice.autocomplete(thread, "tcg act", "option", "") == []  # nothing open for p1 now
    offered = await bob.autocomplete(thread, "tcg act", "option", "")
    assert offered and all(c["value"].startswith("answer ") for c in offered)
    end = next(c for c in offered if c["name"] == "End my Shadow phase")
    done = await bob.slash(thread, "tcg act", option=end["value"])
    assert done.ephemeral and "Done: `answer" in done.response.content
    assert any("bob ends their Shadow phase." in m.content for m in thread.history())
    refused = await bob.slash(thread, "tcg act", option="no such thing")
    assert refused.ephemeral and "is not one of your open options" in refused.response.content


async def test_orders_are_shown_with_the_no_leak_note_and_set(world):
    """Spec 1.3: standing orders chosen in advance; none depends on what the hand holds (said on screen)."""
    env, guild, channel, alice, bob = world
    thread = await a_game(world)
    shown = await bob.slash(thread, "tcg orders")
    assert shown.ephemeral and "No standing order depends on what your hand holds" in shown.response.content
    assert "`skirmish` = **auto** (default)" in shown.response.content
    assert "`auto` reads only what the table sees" in shown.response.content
    keys = await bob.autocomplete(thread, "tcg orders", "key", "ri")
    assert [c["value"] for c in keys] == ["ring"]
    changed = await bob.slash(thread, "tcg orders", key="skirmish", value="pass")
    assert "`skirmish` = **pass** (auto | ask | pass)" in changed.response.content
    assert any("bob sets a standing order: skirmish pass." in m.content for m in thread.history())
    wrong = await bob.slash(thread, "tcg orders", key="ring", value="sometimes")
    assert "takes ask or always or never" in wrong.response.content


async def test_adjust_is_announced_and_explained(world):
    """Spec 8.4: unscripted text resolved by hand, announced to the table."""
    env, guild, channel, alice, bob = world
    thread = await a_game(world)
    helped = await alice.slash(thread, "tcg adjust", command="help")
    assert "burden +1" in helped.response.content
    done = await alice.slash(thread, "tcg adjust", command="burden +1")
    assert "Done: `adjust burden +1`" in done.response.content
    assert any("alice adjusts burdens by +1 by card text." in m.content for m in thread.history())
    wrong = await alice.slash(thread, "tcg adjust", command="corruption +1")
    assert "is not an adjustment" in wrong.response.content


async def test_card_lookup_and_deck_check(world):
    """Issue 13: facts from the pack; a pasted deck checked by the engine's parser, the bad line named."""
    env, guild, channel, alice, bob = world
    card = await alice.slash(channel, "tcg card", name="7_226")
    assert "**Enraged Horseman** (7_226" in card.response.content and "strength 5" in card.response.content
    names = await alice.autocomplete(channel, "tcg card", "name", "merry, noble")
    assert [c["value"] for c in names] == ["8_121"]
    entries = " ".join(builtin_decks()["sog-merry-starter"].cards)
    checked = await alice.slash(channel, "tcg deck", deck=entries)
    assert "The deck is valid: Ring-bearer Frodo, Hope of Free Peoples" in checked.response.content
    assert "options:deck_p1=7_317|7_1|" in checked.response.content
    bad = await alice.slash(channel, "tcg deck", deck="2x7_226, 1x9_999")
    assert "Line 2 ('1x9_999'): no card 9_999 is known." in bad.response.content
