"""Decision buttons and menus through discord.py (simcord): a button answers the decision it was posted for and no
other, even one with the same number asked after an undo."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import discord
import pytest

from bot.chat.components import DecisionButton, DecisionSelect, asking, decision_view
from engines import registry
from engines.core import NONE, Decision, DecisionKind
from engines.meq import GAME as MEQ
from engines.wotr import GAME as WOTR
from tests.bot.chat.test_meq_commands import three_players
from tests.bot.chat.test_wotr_commands import duel


@pytest.fixture(autouse=True)
def installed() -> None:
    registry.register(WOTR)
    registry.register(MEQ)


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


def shortest(decision: Decision) -> str:
    """The least answer to `decision`: what moves a game on without asking anything of the test."""
    ids = [o.id for o in decision.options]
    if decision.kind is DecisionKind.CHOOSE_MANY:
        return " ".join(ids[: decision.low]) or NONE
    if decision.kind is DecisionKind.NUMBER:
        return str(decision.low)
    return next((i for i in ("stop", "pass") if i in ids), ids[0])


async def test_a_button_whose_option_id_holds_a_colon_answers(world):
    """The play-tester's Middle-earth Quest game: Sauron's 'discard the active Plot' (`discard:c356`), a hero's
    'move to Fornost' (`move:fornost`) and the like matched no button and Discord said "This interaction
    failed". Played on with the least answers until such a button is posted, it is clicked and answers."""
    env, guild, channel, alice, bob = world
    thread, carol = await three_players(world)
    actors = {"p1": alice, "p2": bob, "p3": carol}
    for _ in range(80):
        state = await env.bot.service.stored_state(1)
        odd = [d for d in state.decisions if d.kind in (DecisionKind.CHOOSE_ONE, DecisionKind.ACT_OR_PASS)
               and any(set(o.id) & set(":|") for o in d.options)]
        if odd:
            break
        d = state.decisions[0]
        done = await actors[d.seat].slash(thread, "game act", command=f"answer {d.id} {shortest(d)}")
        assert "Done" in done.response.content, done.response.content
    else:
        pytest.fail("no option id with ':' or '|' was offered")
    decision = odd[0]
    option = next(o for o in decision.options if set(o.id) & set(":|"))
    actor = actors[decision.seat]
    posted = [*thread.history(), *actor.user.dm_channel.history()]
    message, custom_id = next(
        (m, c.custom_id) for m in reversed(posted) if m.components for row in m.components for c in row.children
        if c.custom_id.startswith(f"wm:g1:d{decision.id}:") and c.custom_id.endswith(f":o{option.id}")
    )
    clicked = await actor.user.click(message, custom_id=custom_id)
    assert clicked.ephemeral and f"Done: `answer {decision.id} {option.id}`" in clicked.response.content, (
        custom_id, clicked)


async def lcg_until_choose_many_from_none(world):
    """An LCG game played on with the least answers until a seat may choose none of several options (committing
    characters to the quest, RR p.14): the thread, the decisions, and who plays each seat."""
    from tests.bot.chat.test_lcg_commands import choose_decks, deal_hands, lcg_lobby

    env, guild, channel, alice, bob = world
    thread = await lcg_lobby(world)
    await choose_decks(world, thread)
    await deal_hands(world, thread)
    actors = {"p1": alice, "p2": bob}
    for _ in range(40):
        state = await env.bot.service.stored_state(1)
        open_to_none = [d for d in state.decisions if d.kind is DecisionKind.CHOOSE_MANY and d.low == 0]
        if open_to_none:
            return thread, open_to_none, actors
        d = state.decisions[0]
        done = await actors[d.seat].slash(thread, "game act", command=f"answer {d.id} {shortest(d)}")
        assert "Done" in done.response.content, done.response.content
    pytest.fail("no choose-many decision with a minimum of 0 was asked")


def components_of(actor: Any, thread: Any, decision: int) -> tuple[Any, Any, list[Any]]:
    """The newest message, in the actor's DMs or the thread, with components for `decision`: who may use them
    there (the user in a DM, the member in the thread), the message, and its components for `decision`."""
    for who, place in ((actor.user, actor.user.dm_channel), (actor, thread)):
        for message in reversed(place.history()):
            mine = [c for row in message.components for c in row.children if f":d{decision}:" in (c.custom_id or "")]
            if mine:
                return who, message, mine
    raise AssertionError(f"no components for decision {decision}")


async def test_an_empty_menu_answers_an_up_to_n_choice_with_nothing(world):
    """'Up to N' choices (a choose-many with a minimum of 0) took no empty menu: 'Write an answer as ...'. The
    menu says none is an answer, and sending it empty answers with nothing chosen."""
    from engines.lcg import GAME as LCG

    registry.register(LCG)
    env, guild, channel, alice, bob = world
    thread, asked, actors = await lcg_until_choose_many_from_none(world)
    decision = asked[0]
    actor = actors[decision.seat]
    who, message, components = components_of(actor, thread, decision.id)
    menu = next(c for c in components if c.type == discord.ComponentType.select)
    chosen = await who.select(message, custom_id=menu.custom_id, values=[])
    assert chosen.ephemeral and f"Done: `answer {decision.id} none`" in chosen.response.content, chosen.response.content
    assert menu.min_values == 0 and menu.placeholder.startswith("Up to ") and "or none" in menu.placeholder
    assert asking(decision).endswith(", or none)")  # how the reply to a move names it ("Next, decision 9: ...")
    assert all(d.id != decision.id for d in (await env.bot.service.stored_state(1)).decisions)


async def test_choose_none_button_answers_an_up_to_n_choice_with_nothing(world):
    from engines.lcg import GAME as LCG

    registry.register(LCG)
    env, guild, channel, alice, bob = world
    thread, asked, actors = await lcg_until_choose_many_from_none(world)
    decision = asked[-1]
    actor = actors[decision.seat]
    who, message, components = components_of(actor, thread, decision.id)
    none = next(c for c in components if c.type == discord.ComponentType.button)
    assert none.label == "Choose none"
    chosen = await who.click(message, custom_id=none.custom_id)
    assert f"Done: `answer {decision.id} none`" in chosen.response.content, chosen.response.content
