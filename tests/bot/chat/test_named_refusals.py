"""A refused button, menu, form or typed command names the players, as everything else the bot shows of a game:
"Decision 1 is for alice (p1), not for you.", where it said "Decision 1 is for p1, not for p2.", and a four-player
thread had to work out who p1 was. The engines and the service still refuse in seats, as the console shows them;
a refusal naming no seat reads as it always did."""

from __future__ import annotations

import pytest

from bot.chat.players import refused
from bot.service import User
from engines.core import NotYourDecision, RuleError, WestmarchError
from tests.attack.footprint import footprint
from tests.bot.chat.conftest import opened
from tests.bot.chat.test_decision_forms import muster, mustered, refused_and_unchanged  # noqa: F401 (the fixture)
from tests.bot.chat.test_whose_buttons import custom_id, newest_with_buttons


async def test_a_button_pressed_by_another_player_is_refused_naming_whose_it_is(world):
    env, guild, channel, alice, bob = world
    thread, decision = await mustered(world, "ask=one size=3")
    post = newest_with_buttons(thread)
    before = await footprint(env.bot.service, 1)

    pressed = await bob.click(post, custom_id=custom_id(post, "Bree"))

    await refused_and_unchanged(env, pressed, before, f"Decision {decision.id} is for alice (p1), not for you.")
    # Below the adapter, as the console reads it: the seats, and which decision is whose.
    live = await env.bot.service.core.in_play(1, None)
    bobs = next(User(id=s.user_id, name=s.display_name) for s in live.seats if s.seat == "p2")
    with pytest.raises(NotYourDecision) as caught:
        await env.bot.service.answer(1, bobs, decision.id, decision.options[0].id)
    assert caught.value.message == f"Decision {decision.id} is for p1, not for p2."
    assert (caught.value.decision, caught.value.owner, caught.value.actor) == (decision.id, "p1", "p2")
    assert await footprint(env.bot.service, 1) == before


async def test_a_typed_answer_to_another_players_decision_is_refused_naming_whose_it_is(world):
    """In the thread, and from the channel with the game named (game:1): the game is the one the command is about."""
    env, guild, channel, alice, bob = world
    thread, decision = await mustered(world, "ask=one size=3")
    before = await footprint(env.bot.service, 1)
    typed = f"answer {decision.id} {decision.options[0].id}"

    in_thread = await bob.slash(thread, "game act", command=typed)
    await refused_and_unchanged(env, in_thread, before, f"Decision {decision.id} is for alice (p1), not for you.")
    named = await bob.slash(channel, "game act", command=typed, game=1)
    await refused_and_unchanged(env, named, before, f"Decision {decision.id} is for alice (p1), not for you.")


async def test_a_refusal_naming_a_seat_in_other_words_names_its_player(world):
    """Alice plays p1 and acts for Cara (p3), who named her delegate: an answer to Bob's vote is refused by the
    service as "Decision 2 is p2's, and you do not act for p2.", and read in Discord with Bob's name."""
    env, guild, channel, alice, bob = world
    cara = guild.add_member(env.create_user("cara"))
    thread = await opened(alice, channel, [bob, cara], "muster", "ask=vote")
    await env.bot.messenger.drain()
    named = await cara.slash(thread, "game delegate", user=alice)
    assert named.ephemeral and "alice may now act for your seat" in named.response.content
    bobs = next(d for d in (await env.bot.service.stored_state(1)).decisions if d.seat == "p2")
    before = await footprint(env.bot.service, 1)

    typed = await alice.slash(thread, "game act", command=f"answer {bobs.id} p1")

    await refused_and_unchanged(env, typed, before, f"Decision {bobs.id} is bob's, and you do not act for bob.")
    live = await env.bot.service.core.in_play(1, None)
    alices = next(User(id=s.user_id, name=s.display_name) for s in live.seats if s.seat == "p1")
    with pytest.raises(WestmarchError, match=rf"^Decision {bobs.id} is p2's, and you do not act for p2\.$"):
        await env.bot.service.act(1, alices, f"answer {bobs.id} p1")


async def test_a_refusal_naming_no_seat_reads_as_it_always_did(world):
    env, guild, channel, alice, bob = world
    thread, decision = await mustered(world, "ask=one size=3")
    before = await footprint(env.bot.service, 1)
    typed = await alice.slash(thread, "game act", command="answer 99 c1")
    await refused_and_unchanged(env, typed, before, "There is no decision 99: this game has asked only decision 1 "
                                                    "so far.")
    elsewhere = guild.create_text_channel("elsewhere")  # no game here: none to name the seats of
    nowhere = await alice.slash(elsewhere, "game act", command="answer 1 c1")
    assert nowhere.ephemeral and nowhere.response.content == ("There is no game in this channel: give the game "
                                                              "number (game:<number>).")


def test_a_refusal_with_nobody_named_keeps_the_seat_and_still_speaks_to_the_one_refused() -> None:
    error = NotYourDecision.of(4, "p2", "p1")
    assert error.message == "Decision 4 is for p2, not for p1."
    assert refused(error, {}) == "Decision 4 is for p2, not for you."
    assert refused(error, {"p1": "alice", "p2": "bob"}) == "Decision 4 is for bob (p2), not for you."
    assert refused(NotYourDecision("Decision 4 is for p2, not for p1."), {"p1": "alice", "p2": "bob"}) == (
        "Decision 4 is for bob, not for alice.")  # one made without `of`: named word by word
    assert refused(RuleError("p3 has no cards to draw."), {"p3": "cara"}) == "cara has no cards to draw."
