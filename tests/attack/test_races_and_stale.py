"""Answers that arrive twice or too late (issue 18): a double click, two processes answering the same decision at
once, and buttons pressed after the game ended, was abandoned, or the bot restarted. One answer is applied, the
rest are refused in words (DESIGN.md 'The service and the database': the version check); no click is left
unanswered, which Discord would show as "This interaction failed" (DESIGN.md 'Discord': DynamicItem buttons
that outlive a restart, acknowledged within 3 seconds)."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import discord
import pytest

from bot.chat.components import DecisionButton
from bot.service import Service, User
from bot.service.types import ActResult
from bot.store.database import Database
from engines.core import StaleDecision
from tests.attack.footprint import footprint, journal_length
from tests.bot.chat.conftest import make_bot
from tests.bot.chat.test_game_commands import last_dm_with_buttons, lobby
from tests.conftest import ALICE, started_game


def answered(clicked) -> str:
    """What the presser was told. A click the bot never acknowledged is what Discord shows as "This
    interaction failed": that must never happen, whatever the button."""
    assert clicked.acknowledged, "the click was never acknowledged (Discord: 'This interaction failed')"
    assert clicked.ephemeral and clicked.response is not None
    content: str = clicked.response.content
    assert content.strip()
    return content


def buttons_of(message) -> list[str]:
    return [c.custom_id for row in message.components for c in row.children]


# --- attack 3: the same decision answered twice at once --------------------------------------------------------
def _decision_and_option(custom_id: str) -> tuple[str, str]:
    """What a decision button answers: its decision and option (its custom id carries the decision's stamp too)."""
    found = re.fullmatch(r"wm:g\d+:d(\d+):h\w+:o(\S+)", custom_id)
    assert found is not None, custom_id
    return found[1], found[2]


async def test_a_click_and_its_double_arriving_at_once_are_applied_once(world):
    """Alice double-clicks her bid, on two different cards, so that both answers are in flight together: she
    hopes to bid twice, or to see both land and pick the better. Simcord runs one user action at a time, so the
    second delivery reaches the bot's own service directly, as the same DM click would (bot/chat/host.py,
    `answer_from_component`), while the first is still being handled."""
    env, guild, channel, alice, bob = world
    thread = await lobby(world)
    await alice.slash(thread, "game start")
    bid = last_dm_with_buttons(alice)
    first, second = buttons_of(bid)[:2]
    from_dm = User(id=alice.id, name="alice", in_dm=True)
    before = await journal_length(env.bot.service, 1)

    with env.time_context():
        results: tuple[Any, Any] = await asyncio.gather(
            alice.user.click(bid, custom_id=first),
            env.bot.service.act(1, from_dm, "answer {} {}".format(*_decision_and_option(second))),
            return_exceptions=True,
        )
    clicked, double = results

    outcomes = [answered(clicked), double.message if isinstance(double, StaleDecision) else double]
    applied = [o for o in outcomes if isinstance(o, ActResult) or (isinstance(o, str) and o.startswith("Done"))]
    refused = [o for o in outcomes if isinstance(o, str) and "no longer open" in o]
    assert len(applied) == 1 and len(refused) == 1, outcomes
    assert await journal_length(env.bot.service, 1) == before + 1
    state = await env.bot.service.stored_state(1)
    assert len(state.bids.cards) == 1 and [d.seat for d in state.decisions] == ["p2"]


async def test_two_answers_to_one_decision_in_one_process_at_once_apply_it_once(service: Service):
    """Twenty answers to Alice's one bid, all in flight together in one process: one card is bid."""
    game_id = await started_game(service, players=2)
    state = await service.stored_state(game_id)
    alices = next(d for d in state.decisions if d.seat == "p1")
    before = await footprint(service, game_id)

    results = await asyncio.gather(
        *(service.answer(game_id, ALICE, alices.id, alices.options[i % len(alices.options)].id) for i in range(20)),
        return_exceptions=True,
    )

    applied = [r for r in results if isinstance(r, ActResult)]
    refused = [r for r in results if isinstance(r, StaleDecision)]
    assert len(applied) == 1 and len(refused) == 19, results
    assert all("That choice is no longer open" in r.message for r in refused)
    assert len((await footprint(service, game_id))["journal"]) == len(before["journal"]) + 1
    assert len((await service.stored_state(game_id)).bids.cards) == 1


async def test_two_processes_answering_one_decision_at_once_apply_it_once(sqlite_url: str):
    """The same click delivered to two bot processes (or Discord retrying it) at the same moment: each has
    its own connection, and each believes it is first."""
    db_a, db_b = Database(sqlite_url), Database(sqlite_url)
    try:
        a, b = Service(db_a, seed_source=lambda: 11), Service(db_b)
        game_id = await started_game(a, players=2)
        state = await a.stored_state(game_id)
        alices = next(d for d in state.decisions if d.seat == "p1")
        before = await footprint(a, game_id)

        results = await asyncio.gather(
            a.answer(game_id, ALICE, alices.id, alices.options[0].id),
            b.answer(game_id, ALICE, alices.id, alices.options[1].id),
            return_exceptions=True,
        )

        applied = [r for r in results if isinstance(r, ActResult)]
        refused = [r for r in results if isinstance(r, StaleDecision)]
        assert len(applied) == 1 and len(refused) == 1, results
        assert "That choice is no longer open" in refused[0].message
        after = await footprint(a, game_id)
        assert len(after["journal"]) == len(before["journal"]) + 1
        assert after["game"]["version"] == before["game"]["version"] + 1
        assert await a.stored_state(game_id) == await b.stored_state(game_id) == await a.replay(game_id)
    finally:
        await db_a.close()
        await db_b.close()


# --- attack 4: stale buttons ---------------------------------------------------------------------------------------
async def play_to_the_end(env, thread, by_seat) -> None:
    """Each seat plays a card whenever asked (never drawing): a two-seat Tally game is over in a few turns."""
    for _ in range(40):
        state = await env.bot.service.stored_state(1)
        if state.outcome is not None:
            return
        d = state.decisions[0]
        option = next((o for o in d.options if o.id != "draw"), d.options[0])
        done = await by_seat[d.seat].slash(thread, "game act", command=f"answer {d.id} {option.id}")
        assert "Done: `answer" in done.response.content, done.response.content
    raise AssertionError("the game did not end")


async def test_a_button_pressed_after_the_game_ended_is_refused_cleanly(world):
    """Bob keeps his first DM, with the bid buttons, and presses one after the game is over, hoping for a
    move after the end (and Cara, with no seat, types one)."""
    env, guild, channel, alice, bob = world
    thread = await lobby(world)
    await alice.slash(thread, "game start")
    old = last_dm_with_buttons(bob)
    await play_to_the_end(env, thread, {"p1": alice, "p2": bob})
    assert (await env.bot.service.ref(1)).status == "finished"
    before = await footprint(env.bot.service, 1)

    for custom_id in buttons_of(old):
        said = answered(await bob.user.click(old, custom_id=custom_id))
        assert said == "That choice is no longer open: game 1 is over."
    cara = guild.add_member(env.create_user("cara"))
    typed = await cara.slash(thread, "game act", command="draw", game=1)
    assert typed.ephemeral and "no longer open: game 1 is over" in typed.response.content

    assert await footprint(env.bot.service, 1) == before


async def test_a_button_pressed_after_the_game_was_abandoned_is_refused_cleanly(world, db_url):
    """Alice abandons; Bob presses his bid button at once, and again after the bot restarted."""
    env, guild, channel, alice, bob = world
    thread = await lobby(world)
    await alice.slash(thread, "game start")
    bid = last_dm_with_buttons(bob)
    abandoned = await alice.slash(thread, "game abandon")
    assert "abandoned" in abandoned.response.content
    before = await footprint(env.bot.service, 1)

    said = answered(await bob.user.click(bid, custom_id=buttons_of(bid)[0]))
    assert said == "Game 1 is not being played (it is abandoned)."
    await env.restart_bot(make_bot(db_url))
    said = answered(await bob.user.click(bid, custom_id=buttons_of(bid)[1]))
    assert said == "Game 1 is not being played (it is abandoned)."
    assert await footprint(env.bot.service, 1) == before


async def test_an_answered_button_pressed_again_after_a_restart_is_refused_cleanly(world, db_url):
    """Alice bid, the bot restarted (nothing in memory), and she presses another card on the same old DM to
    change her bid."""
    env, guild, channel, alice, bob = world
    thread = await lobby(world)
    await alice.slash(thread, "game start")
    bid = last_dm_with_buttons(alice)
    first, second = buttons_of(bid)[:2]
    assert "Done: `answer" in answered(await alice.user.click(bid, custom_id=first))
    await env.restart_bot(make_bot(db_url))
    before = await footprint(env.bot.service, 1)

    said = answered(await alice.user.click(bid, custom_id=second))

    assert said.startswith("That choice is no longer open")
    assert await footprint(env.bot.service, 1) == before


async def test_an_undo_button_pressed_after_a_restart_still_works(world, db_url):
    """The undo request was posted before a restart; Alice agrees after it: the button is still live (it
    carries the game and request ids), and pressing it again is told the undo is done."""
    env, guild, channel, alice, bob = world
    thread = await lobby(world)
    await alice.slash(thread, "game start")
    for actor in (alice, bob):
        bid = last_dm_with_buttons(actor)
        await actor.user.click(bid, custom_id=buttons_of(bid)[0])
    asked = await bob.slash(thread, "game undo")
    assert "asked to agree" in asked.response.content
    await env.bot.messenger.drain()
    request = next(m for m in reversed(thread.history()) if "agree to undo" in m.content)
    agree = buttons_of(request)[0]

    await env.restart_bot(make_bot(db_url))

    assert answered(await alice.click(request, custom_id=agree)) == "Undone."
    assert answered(await alice.click(request, custom_id=agree)).startswith("Already undone")
    state = await env.bot.service.stored_state(1)
    assert len(state.bids.cards) == 1  # Bob's bid is back in his hand; Alice's stands


@pytest.mark.parametrize("custom_id", ["wm:g1:d999:oc1", "wm:g424242:d1:oc1"])
async def test_a_button_for_a_decision_or_game_that_never_existed_is_refused_cleanly(world, custom_id):
    """A forged custom id (Discord lets a modified client send any id from a message it can see): the bot
    answers it as it answers that number typed (no such decision, or no such game) and changes nothing. Simcord
    only lets a user press a button that is on a message, so the forged button is posted by the bot itself, in
    Bob's DM."""
    env, guild, channel, alice, bob = world
    thread = await lobby(world)
    await alice.slash(thread, "game start")
    game, decision, option = custom_id.removeprefix("wm:g").split(":")
    view = discord.ui.View(timeout=None)
    view.add_item(DecisionButton(int(game), int(decision.removeprefix("d")), option.removeprefix("o"), "forged"))
    dm = await env.bot.fetch_user(bob.id)
    forged = await dm.send("forged", view=view)
    message = next(m for m in bob.user.dm_channel.history() if m.id == forged.id)
    before = await footprint(env.bot.service, 1)

    said = answered(await bob.user.click(message, custom_id=custom_id))

    assert said in ("There is no decision 999: this game's decisions so far are numbered 1 to 2.",
                    "You have no game 424242: in direct messages you can reach only the games you play in.")
    assert await footprint(env.bot.service, 1) == before
