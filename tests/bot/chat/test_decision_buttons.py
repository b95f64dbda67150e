"""Decision buttons and menus through discord.py (simcord): a button answers the decision it was posted for and no
other, even one with the same number asked after an undo."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import discord
import pytest

from bot.chat.components import DecisionButton, DecisionSelect, decision_view
from engines import registry
from engines.core import DecisionKind
from engines.wotr import GAME as WOTR
from tests.bot.chat.test_wotr_commands import duel


@pytest.fixture(autouse=True)
def installed() -> None:
    registry.register(WOTR)


def buttons(message: Any) -> dict[str, str]:
    """label -> custom_id of a message's (or a response's) buttons."""
    rows = message.components
    out: dict[str, str] = {}
    for row in rows:
        for c in row["components"] if isinstance(row, dict) else row.children:
            label, custom_id = (c.get("label"), c.get("custom_id")) if isinstance(c, dict) else (c.label, c.custom_id)
            if custom_id:
                out[label or ""] = custom_id
    return out


async def test_a_button_from_before_an_undo_does_not_answer_the_decision_asked_again_under_its_number(world):
    """The play-tester's game: decision 2 is the cost of Fatty Bolger; Gandalf takes the play back and plays
    Gandalf the Grey, whose cost is decision 2 again. The old 'cycle Arwen' button of the first decision 2 is
    refused as no longer open, and nothing changes."""
    env, guild, channel, alice, bob = world
    thread = await duel(world)
    dm = next(m for m in reversed(alice.user.dm_channel.history()) if m.components)
    offered = buttons(dm)
    played = await alice.user.click(dm, custom_id=offered["Play Fatty Bolger to reserve"])
    assert "Next, decision 2: Cost of Fatty Bolger" in played.response.content, played.response.content
    old = played.response
    arwen = next(custom_id for label, custom_id in buttons(old).items() if "Arwen" in label)
    assert (await alice.slash(thread, "game undo")).response.content.startswith("Undone")

    again = await alice.user.click(dm, custom_id=offered["Play Gandalf the Grey to reserve"])  # the same button
    assert "Next, decision 2: Cost of Gandalf the Grey" in again.response.content, again.response.content
    before = await env.bot.service.stored_state(1)
    stale = await alice.user.click(old, custom_id=arwen)
    assert stale.ephemeral and "That choice is no longer open" in stale.response.content, stale.response.content
    after = await env.bot.service.stored_state(1)
    assert after.decisions == before.decisions and "Arwen" in str(after.decks)
    fresh = buttons(again.response)
    done = await alice.user.click(again.response, custom_id=next(i for label, i in fresh.items() if "Arwen" in label))
    assert "Done: `answer 2 c20`" in done.response.content and "You cycled Arwen" in done.response.content


async def test_a_button_posted_before_stamps_still_answers_its_decision(world):
    """Buttons already posted by an older bot carry no stamp (`wm:g1:d1:o<option>`): they keep answering the
    decision open under their number, as they did."""
    env, guild, channel, alice, bob = world
    await duel(world)
    state = await env.bot.service.stored_state(1)
    decision = next(d for d in state.decisions if d.seat == "p1")
    view = discord.ui.View(timeout=None)
    view.add_item(DecisionButton(1, decision.id, "cycle-c20", "Cycle Arwen"))
    assert [c.custom_id for c in view.children] == [f"wm:g1:d{decision.id}:ocycle-c20"]  # type: ignore[attr-defined]
    with env.time_context():
        posted = await env.bot.get_channel(alice.user.dm_channel.id).send("An old message", view=view)
    message = next(m for m in alice.user.dm_channel.history() if m.id == posted.id)
    done = await alice.user.click(message, custom_id=f"wm:g1:d{decision.id}:ocycle-c20")
    assert f"Done: `answer {decision.id} cycle-c20`" in done.response.content, done.response.content


async def test_a_menu_made_for_another_question_under_the_same_number_is_refused(world):
    """A menu carries its decision's stamp as a button does: made for decision 1 as it was asked once (here, an
    earlier question under the same number), it answers nothing now."""
    env, guild, channel, alice, bob = world
    await duel(world)
    state = await env.bot.service.stored_state(1)
    decision = next(d for d in state.decisions if d.seat == "p1")
    earlier = replace(decision, kind=DecisionKind.CHOOSE_MANY, low=1, high=1, prompt="An earlier question")
    view = decision_view(1, [earlier])
    assert view is not None and isinstance(view.children[0], DecisionSelect)
    with env.time_context():
        posted = await env.bot.get_channel(alice.user.dm_channel.id).send("An old menu", view=view)
    message = next(m for m in alice.user.dm_channel.history() if m.id == posted.id)
    menu = message.components[0].children[0]
    stale = await alice.user.select(message, custom_id=menu.custom_id, values=["cycle-c20"])
    assert "That choice is no longer open" in stale.response.content, stale.response.content
    assert (await env.bot.service.stored_state(1)).decisions == state.decisions
