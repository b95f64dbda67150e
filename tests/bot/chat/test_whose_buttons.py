"""A post asking several players the same question (the LCG's deck choice and first-player vote) shows each
player's buttons on rows of their own, each button saying whose it is ('alice: p2'), where it showed
[p1] [p2] [p1] [p2]. Pressing one's own answers; pressing another's is refused, naming whose it is, and
changes nothing."""

from __future__ import annotations

import pytest

from bot.chat.components import decision_view
from engines import registry
from engines.core import Decision, DecisionKind, Option
from engines.lcg import GAME as LCG
from tests.attack.footprint import footprint
from tests.bot.chat.conftest import opened
from tests.bot.chat.test_decision_forms import muster, mustered  # noqa: F401 (the fixture)
from tests.bot.chat.test_lcg_commands import lcg_lobby


@pytest.fixture(autouse=True)
def installed() -> None:
    registry.register(LCG)


def rows(message) -> list[list[str]]:
    return [[c.label or c.placeholder for c in row.children] for row in message.components]


def newest_with_buttons(thread):
    return next(m for m in reversed(thread.history()) if m.components)


def custom_id(message, label: str):
    [found] = [c.custom_id for row in message.components for c in row.children if c.label == label]
    return found


async def test_the_lcg_deck_choice_and_vote_say_whose_each_button_is(world):
    env, guild, channel, alice, bob = world
    thread = await lcg_lobby(world)
    decks = newest_with_buttons(thread)
    assert "Decisions 1 for alice (p1) and 2 for bob (p2): Setup: choose your deck" in decks.content
    names = ["Core Set: Leadership", "Core Set: Lore", "Core Set: Spirit", "Core Set: Tactics"]
    assert rows(decks) == [[f"alice: {n}" for n in names], [f"bob: {n}" for n in names]]

    before = await footprint(env.bot.service, 1)
    wrong = await bob.click(decks, custom_id=custom_id(decks, "alice: Core Set: Tactics"))
    assert wrong.ephemeral and wrong.response.content == "Decision 1 is for alice (p1), not for you."
    assert await footprint(env.bot.service, 1) == before
    done = await alice.click(decks, custom_id=custom_id(decks, "alice: Core Set: Leadership"))
    assert "Done: `answer 1 core-leadership`" in done.response.content, done.response.content
    await env.bot.messenger.drain()
    left = newest_with_buttons(thread)  # Bob's question, asked anew without Alice's deck: his alone, plainly
    assert rows(left) == [["Core Set: Lore", "Core Set: Spirit", "Core Set: Tactics"]]
    done = await bob.click(left, custom_id=custom_id(left, "Core Set: Lore"))
    assert "Done: `answer 2 core-lore`" in done.response.content, done.response.content
    await env.bot.messenger.drain()

    vote = newest_with_buttons(thread)
    assert "vote for the first player" in vote.content
    # each seat named by its player, the seat kept: the question says to answer with it
    assert rows(vote) == [["alice: alice (p1)", "alice: bob (p2)"], ["bob: alice (p1)", "bob: bob (p2)"]]
    state = await env.bot.service.stored_state(1)
    [alices, bobs] = sorted(state.decisions, key=lambda d: d.seat)
    before = await footprint(env.bot.service, 1)
    wrong = await alice.click(vote, custom_id=custom_id(vote, "bob: alice (p1)"))
    assert wrong.ephemeral and wrong.response.content == f"Decision {bobs.id} is for bob (p2), not for you."
    assert await footprint(env.bot.service, 1) == before
    done = await bob.click(vote, custom_id=custom_id(vote, "bob: bob (p2)"))
    assert f"Done: `answer {bobs.id} p2`" in done.response.content, done.response.content
    assert [d.id for d in (await env.bot.service.stored_state(1)).decisions] == [alices.id]


async def test_a_question_asked_of_one_player_keeps_its_plain_labels(world):
    env, guild, channel, alice, bob = world
    thread, decision = await mustered(world, "ask=one size=3")
    assert rows(newest_with_buttons(thread)) == [["Bree", "Rivendell", "Moria", "Pass"]]


async def test_a_vote_of_three_shows_a_row_for_each_player(world):
    env, guild, channel, alice, bob = world
    cara = guild.add_member(env.create_user("cara"))
    thread = await opened(alice, channel, [bob, cara], "muster", "ask=vote")
    await env.bot.messenger.drain()
    post = newest_with_buttons(thread)
    seats = ("alice (p1)", "bob (p2)", "cara (p3)")
    assert rows(post) == [[f"{who}: {seat}" for seat in seats] for who in ("alice", "bob", "cara")]
    done = await cara.click(post, custom_id=custom_id(post, "cara: alice (p1)"))
    assert "Done: `answer 3 p1`" in done.response.content, done.response.content


def test_menus_and_form_buttons_say_whose_they_are_too() -> None:
    camps = [Option(id=f"c{i}", label=f"Camp {i}") for i in range(3)]
    view = decision_view(1, [
        Decision(id=1, seat="p1", kind=DecisionKind.NUMBER, prompt="How many riders?", low=0, high=3),
        Decision(id=2, seat="p2", kind=DecisionKind.ORDER, prompt="March order", options=camps),
        Decision(id=3, seat="p3", kind=DecisionKind.CHOOSE_MANY, prompt="Visit", options=camps, low=0, high=2),
    ], {"p1": "alice", "p2": "bob"})
    assert view is not None
    shown = [[c.get("placeholder") or c.get("label") for c in row["components"]] for row in view.to_components()]
    assert shown == [["alice: How many riders?"], ["bob: Put 3 in order…"], ["p3: Up to 2, or none: Visit"],
                     ["p3: Choose none"]]


async def test_an_older_button_for_an_option_still_offered_answers_and_one_no_longer_offered_is_refused(world):
    """The play-tester pressed 'Core Set: Spirit' on the first deck post after Alice had chosen hers, and was told
    the choice was no longer open, though nobody had taken that deck. A question whose options changed as another
    player acted is the same question: its older buttons answer while their option is still offered; an option
    gone is refused in the rules' words, and changes nothing."""
    env, guild, channel, alice, bob = world
    thread = await lcg_lobby(world)
    decks = newest_with_buttons(thread)
    done = await alice.click(decks, custom_id=custom_id(decks, "alice: Core Set: Leadership"))
    assert "Done: `answer 1 core-leadership`" in done.response.content, done.response.content
    await env.bot.messenger.drain()

    before = await footprint(env.bot.service, 1)
    taken = await bob.click(decks, custom_id=custom_id(decks, "bob: Core Set: Leadership"))  # Alice's deck now
    assert taken.ephemeral and "'core-leadership' is not an option of decision 2" in taken.response.content, (
        taken.response.content)
    assert await footprint(env.bot.service, 1) == before
    done = await bob.click(decks, custom_id=custom_id(decks, "bob: Core Set: Spirit"))  # the first post's button
    assert "Done: `answer 2 core-spirit`" in done.response.content, done.response.content
