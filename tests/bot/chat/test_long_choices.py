"""Choices among more options than one Discord menu holds (25) are answered without typing (simcord): a choice
of one is a menu for each 25 options in the post, any of them an answer (a War of the Ring hand of six or more
cards offers 27 actions and more); a choice of several is a button opening a form of up to five menus, sent
together. The seat asked alone may answer, an old menu or form changes nothing, and a wrong count is refused in
the rules' words."""

from __future__ import annotations

import random

import pytest

from bot.service import User
from engines import registry
from engines.wotr import GAME as WOTR
from tests.attack.footprint import footprint
from tests.bot.chat.test_decision_buttons import components_of
from tests.bot.chat.test_decision_forms import (
    CLOSED,
    NOT_SEATED,
    fields,
    form_button,
    muster,  # noqa: F401 (the fixture)
    mustered,
    opened_form,
    refused_and_unchanged,
    words,
)
from tests.engines.randomplay import random_answer


def menus(components):
    return [c for c in components if c.type.name == "select"]


async def test_a_choice_of_one_among_28_is_two_menus_either_of_which_answers(world):
    env, guild, channel, alice, bob = world
    thread, decision = await mustered(world, "ask=one size=27")
    who, message, components = components_of(alice, thread, decision.id)
    first, second = menus(components)
    assert len(components) == 2 and first.custom_id.endswith(":m") and second.custom_id.endswith(":m1")
    assert first.placeholder == "Options 1 to 25 of 28: Muster at a camp, or pass"
    assert second.placeholder == "Options 26 to 28 of 28: Muster at a camp, or pass"
    assert [o.label for o in second.options] == ["Camp 26", "Camp 27", "Pass"]
    assert "Decision 1 for alice (p1): Muster at a camp, or pass" in message.content

    cara = guild.add_member(env.create_user("cara"))
    before = await footprint(env.bot.service, 1)
    for actor, why in [(bob, "Decision 1 is for alice (p1), not for you."), (cara, NOT_SEATED)]:
        await refused_and_unchanged(env, await actor.select(message, custom_id=second.custom_id, values=["c27"]),
                                    before, why)

    done = await who.select(message, custom_id=second.custom_id, values=["c27"])
    assert "Done: `answer 1 c27`" in done.response.content, done.response.content
    before = await footprint(env.bot.service, 1)
    stale = await who.select(message, custom_id=first.custom_id, values=["c3"])
    await refused_and_unchanged(env, stale, before, CLOSED)
    assert (await env.bot.service.stored_state(1)).answers == ["p1 one: c27"]


async def test_a_choice_of_several_among_30_is_a_form_of_menus_sent_together(world):
    env, guild, channel, alice, bob = world
    thread, decision = await mustered(world, "ask=many size=30")
    who, message, button = await form_button(alice, thread, decision.id)
    assert button.label == "Choose from all 30…"
    who, shown = await opened_form(alice, thread, decision.id)
    assert "Choose one or two camps to visit\nChoose 1 to 2, from any of the menus." in words(shown.modal)
    parts = fields(shown.modal)
    assert [(f["label"], f["max_values"], len(f["options"])) for f in parts.values()] == [
        ("Options 1 to 25 of 30", 2, 25), ("Options 26 to 30 of 30", 2, 5)]
    assert parts["part1"]["description"] == "Camp 26 … Camp 30"

    before = await footprint(env.bot.service, 1)
    too_many = "Choose between 1 and 2 options for: Choose one or two camps to visit (for example 'c1')."
    for sent in ({"part0": ["0", "1"], "part1": ["25"]}, {}):
        who, shown = await opened_form(alice, thread, decision.id)
        await refused_and_unchanged(env, await who.submit_modal(shown, sent), before, too_many)

    who, shown = await opened_form(alice, thread, decision.id)
    done = await who.submit_modal(shown, {"part0": ["2"], "part1": ["26"]})
    assert "Done: `answer 1 c3 c27`" in done.response.content, done.response.content


async def test_a_form_of_five_menus_has_no_room_for_words_and_still_answers(world):
    env, guild, channel, alice, bob = world
    thread, decision = await mustered(world, "ask=many size=120")
    who, shown = await opened_form(alice, thread, decision.id)
    assert shown.modal["title"] == "Choose one or two camps to visit" and not words(shown.modal)
    assert [f["label"] for f in fields(shown.modal).values()][-1] == "Options 101 to 120 of 120"
    done = await who.submit_modal(shown, {"part4": ["119"]})
    assert "Done: `answer 1 c120`" in done.response.content, done.response.content


async def test_a_form_for_several_is_refused_to_another_seat_and_once_the_choice_is_made(world):
    env, guild, channel, alice, bob = world
    thread, decision = await mustered(world, "ask=many size=30")
    who, message, button = await form_button(alice, thread, decision.id)
    before = await footprint(env.bot.service, 1)
    other = await bob.click(message, custom_id=button.custom_id)
    assert other.modal is None
    await refused_and_unchanged(env, other, before, "Decision 1 is for alice (p1), not for you.")

    who, shown = await opened_form(alice, thread, decision.id)
    typed = await alice.slash(thread, "game act", command="answer 1 c1")
    assert "Done: `answer 1 c1`" in typed.response.content
    before = await footprint(env.bot.service, 1)
    await refused_and_unchanged(env, await who.submit_modal(shown, {"part1": ["29"]}), before, CLOSED)


async def test_a_war_of_the_ring_hand_with_27_actions_is_answered_from_its_menus(world):
    """The duel played on at random until the Witch-king's deck (or Gandalf's) has more actions than a menu holds:
    its DM carries a menu for each 25, and an action from the second answers."""
    from tests.bot.chat.test_wotr_commands import duel

    registry.register(WOTR)
    env, guild, channel, alice, bob = world
    await duel(world)
    service = env.bot.service
    live = await service.core.in_play(1, None)
    users = {s.seat: User(id=s.user_id, name=s.display_name) for s in live.seats if s.seat}
    rnd = random.Random(3)
    for _ in range(80):
        state = await service.stored_state(1)
        long = [d for d in state.decisions if len(d.options) > 25]
        if long:
            break
        d = rnd.choice(WOTR.pending(state))
        await service.act(1, users[d.seat], WOTR.format(random_answer(d, rnd)))
    else:
        pytest.fail("no choice of more than 25 options was asked")
    await env.bot.messenger.drain()
    decision = long[0]
    actor = alice if decision.seat == "p1" else bob
    thread = channel.threads[-1]
    who, message, components = components_of(actor, thread, decision.id)
    assert who is actor.user  # a hand's actions are private: asked by DM
    *_, last = menus(components)
    assert len(menus(components)) == (len(decision.options) + 24) // 25
    option = decision.options[-1]
    done = await who.select(message, custom_id=last.custom_id, values=[last.options[-1].value])
    assert f"Done: `answer {decision.id} {option.id}`" in done.response.content, done.response.content
