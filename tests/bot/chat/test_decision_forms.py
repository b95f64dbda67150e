"""Orders, numbers and share-outs answered without typing (simcord): a number from a short range is a menu, and
an order, a longer range and a share-out are a button opening a form (a modal), filled in at first with an answer
the rules take. Only the seat asked may open or send it, a form made for a decision no longer open changes
nothing, and a form that reads as no answer is refused saying what is wrong, and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from bot.service import User
from engines import registry
from engines.core import Answer, DecisionKind
from tests.attack.footprint import footprint
from tests.bot.chat.conftest import make_bot, opened
from tests.bot.chat.test_decision_buttons import components_of, shortest
from tests.games.muster import GAME as MUSTER

NOT_SEATED = "You are not seated in game 1. No player named you to act for them."
CLOSED = "That choice is no longer open: decision 1 was already answered or the game has moved on."


@pytest.fixture(autouse=True)
def muster(monkeypatch) -> None:
    """The test game that asks one kind of decision, of the size a test chooses (tests/games/muster.py)."""
    monkeypatch.setitem(registry._GAMES, MUSTER.name, MUSTER)


async def mustered(world, options: str):
    """Alice (p1) and Bob (p2) play Muster, asked `options`: the thread, and Alice's first decision."""
    env, guild, channel, alice, bob = world
    thread = await opened(alice, channel, [bob], "muster", options)
    await env.bot.messenger.drain()
    [decision] = (await env.bot.service.stored_state(1)).decisions
    return thread, decision


def fields(modal: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """A shown form's fields by custom_id, each with its label (and description) beside it."""
    out = {}
    for part in modal["components"]:
        if part["type"] == 18:  # a label and its field
            out[part["component"]["custom_id"]] = {**part["component"], "label": part["label"],
                                                   "description": part.get("description")}
    return out


def words(modal: dict[str, Any]) -> str:
    return "\n".join(part["content"] for part in modal["components"] if part["type"] == 10)


async def form_button(actor, thread, decision: int):
    """Who presses (the member in the thread, the user in a DM), the message, and the form button of `decision`."""
    who, message, components = components_of(actor, thread, decision)
    [button] = [c for c in components if (c.custom_id or "").endswith(":f")]
    return who, message, button


async def opened_form(actor, thread, decision: int):
    who, message, button = await form_button(actor, thread, decision)
    shown = await who.click(message, custom_id=button.custom_id)
    assert shown.modal is not None, shown
    return who, shown


async def answers(env):
    return (await env.bot.service.stored_state(1)).answers


async def refused_and_unchanged(env, sent, before, words: str) -> None:
    assert sent.ephemeral and sent.response.content == words, sent.response.content
    assert await footprint(env.bot.service, 1) == before


# --- an order --------------------------------------------------------------------------------------------------
async def test_an_order_of_three_is_a_form_with_a_menu_per_place_starting_in_the_order_asked(world):
    env, guild, channel, alice, bob = world
    thread, decision = await mustered(world, "ask=order size=3")
    who, message, button = await form_button(alice, thread, decision.id)
    assert button.label == "Put 3 in order…"
    assert "Decision 1 for alice (p1): March order: put the camps in order, first to last" in message.content

    who, shown = await opened_form(alice, thread, decision.id)
    assert shown.modal["custom_id"] == button.custom_id
    assert "March order" in words(shown.modal)
    places = fields(shown.modal)
    assert [f["label"] for f in places.values()] == ["First", "Second", "Third"]
    assert [[o["value"] for o in f["options"] if o.get("default")] for f in places.values()] == [["0"], ["1"], ["2"]]
    assert [o["label"] for o in places["place0"]["options"]] == ["Bree", "Rivendell", "Moria"]

    done = await who.submit_modal(shown, {"place0": ["2"], "place1": ["0"], "place2": ["1"]})
    assert done.ephemeral and "Done: `answer 1 c3 c1 c2`" in done.response.content, done.response.content
    assert await answers(env) == ["p1 order: c3 c1 c2"]


async def test_an_order_with_a_card_in_two_places_is_refused_saying_which(world):
    env, guild, channel, alice, bob = world
    thread, decision = await mustered(world, "ask=order size=3")
    who, shown = await opened_form(alice, thread, decision.id)
    before = await footprint(env.bot.service, 1)
    sent = await who.submit_modal(shown, {"place0": ["0"], "place1": ["0"], "place2": ["1"]})
    await refused_and_unchanged(env, sent, before, "Bree is in more than one place, and Moria in none: give each a "
                                                   "place of its own.")


async def test_a_longer_order_is_typed_as_the_numbers_of_its_list(world):
    env, guild, channel, alice, bob = world
    thread, decision = await mustered(world, "ask=order size=6")
    who, shown = await opened_form(alice, thread, decision.id)
    assert "1. Bree\n2. Rivendell\n3. Moria\n4. Lórien\n5. Isengard\n6. Edoras" in words(shown.modal)
    [box] = fields(shown.modal).values()
    assert box["label"] == "The numbers, first to last" and box["value"] == "1 2 3 4 5 6"
    before = await footprint(env.bot.service, 1)
    for typed, why in [
        ("1 2 3", "4 (Lórien), 5 (Isengard), 6 (Edoras) are missing: give every number from 1 to 6, once each."),
        ("1 2 2 3 4 5 6", "2 (Rivendell) is in the order twice: give each number once."),
        ("1 2 3 4 5 7", "'7' is not one of the numbers 1 to 6 of the list."),
        ("Bree Moria", "'Bree' is not one of the numbers 1 to 6 of the list."),
    ]:
        who, shown = await opened_form(alice, thread, decision.id)
        await refused_and_unchanged(env, await who.submit_modal(shown, {"order": typed}), before, why)

    who, shown = await opened_form(alice, thread, decision.id)
    done = await who.submit_modal(shown, {"order": "6, 5 4 3 2 1"})
    assert "Done: `answer 1 c6 c5 c4 c3 c2 c1`" in done.response.content, done.response.content


# --- a number --------------------------------------------------------------------------------------------------
async def test_a_number_from_a_short_range_is_picked_from_a_menu(world):
    env, guild, channel, alice, bob = world
    thread, decision = await mustered(world, "ask=number size=6")
    who, message, components = components_of(alice, thread, decision.id)
    [menu] = components
    assert [o.label for o in menu.options] == ["0", "1", "2", "3", "4", "5", "6"]
    assert menu.placeholder == "How many riders go out (0 to 6)?"
    done = await who.select(message, custom_id=menu.custom_id, values=["4"])
    assert "Done: `answer 1 4`" in done.response.content, done.response.content
    assert await answers(env) == ["p1 number: 4"]


async def test_a_number_from_a_long_range_is_typed_in_a_form_that_holds_the_lowest_at_first(world):
    env, guild, channel, alice, bob = world
    thread, decision = await mustered(world, "ask=number size=40")
    who, message, button = await form_button(alice, thread, decision.id)
    assert button.label == "Choose a number, 0 to 40…"
    who, shown = await opened_form(alice, thread, decision.id)
    assert fields(shown.modal)["number"]["label"] == "A number from 0 to 40"
    assert fields(shown.modal)["number"]["value"] == "0"
    before = await footprint(env.bot.service, 1)
    for typed, why in [("seven", "'seven' is not a whole number: type one from 0 to 40."),
                       ("41", "41 is out of range: choose between 0 and 40.")]:
        who, shown = await opened_form(alice, thread, decision.id)
        await refused_and_unchanged(env, await who.submit_modal(shown, {"number": typed}), before, why)
    who, shown = await opened_form(alice, thread, decision.id)
    done = await who.submit_modal(shown, {"number": " 12 "})
    assert "Done: `answer 1 12`" in done.response.content, done.response.content


# --- a share-out -----------------------------------------------------------------------------------------------
async def test_a_share_out_among_three_has_a_box_each_holding_an_even_share_at_first(world):
    env, guild, channel, alice, bob = world
    thread, decision = await mustered(world, "ask=assign size=3 amount=2")
    who, message, button = await form_button(alice, thread, decision.id)
    assert button.label == "Share out 2…"
    who, shown = await opened_form(alice, thread, decision.id)
    assert "Share out 2 in all." in words(shown.modal)
    boxes = fields(shown.modal)
    assert [(f["label"], f["description"], f["value"]) for f in boxes.values()] == [
        ("Bree", "0 to 1", "1"), ("Rivendell", "0 to 2", "1"), ("Moria", "0 to 2", "0")]
    before = await footprint(env.bot.service, 1)
    for sent, why in [
        ({"share0": "2", "share1": "0", "share2": "0"}, "Bree can take at most 1."),
        ({"share0": "1", "share1": "0", "share2": "0"}, "Assign exactly 2 in all (you assigned 1)."),
        ({"share0": "one", "share1": "1", "share2": "0"}, "'one' for Bree is not a whole number of 0 or more."),
    ]:
        who, shown = await opened_form(alice, thread, decision.id)
        await refused_and_unchanged(env, await who.submit_modal(shown, sent), before, why)
    who, shown = await opened_form(alice, thread, decision.id)
    done = await who.submit_modal(shown, {"share0": "1", "share1": "", "share2": "1"})
    assert "Done: `answer 1 c1=1 c3=1`" in done.response.content, done.response.content


async def test_a_share_out_among_six_is_lines_of_name_and_amount(world):
    env, guild, channel, alice, bob = world
    thread, decision = await mustered(world, "ask=assign size=6 amount=3")
    who, shown = await opened_form(alice, thread, decision.id)
    [box] = fields(shown.modal).values()
    assert box["value"].splitlines() == ["Bree: 1", "Rivendell: 1", "Moria: 1", "Lórien: 0", "Isengard: 0",
                                         "Edoras: 0"]
    before = await footprint(env.bot.service, 1)
    for typed, why in [
        ("Mordor: 3", "'Mordor' is not one of the names in the form (Bree, Rivendell, Moria, Lórien, Isengard, "
                      "Edoras)."),
        ("Moria 3", "'Moria 3' is not 'name: amount'."),
        ("Moria: 2\nmoria: 1", "Moria is in the form twice."),
        ("Moria: lots", "'lots' for Moria is not a whole number of 0 or more."),
    ]:
        who, shown = await opened_form(alice, thread, decision.id)
        await refused_and_unchanged(env, await who.submit_modal(shown, {"amounts": typed}), before, why)
    who, shown = await opened_form(alice, thread, decision.id)
    done = await who.submit_modal(shown, {"amounts": "lorien: 2\nBree: 1\n\nEdoras: 0"})
    assert "Done: `answer 1 c1=1 c4=2`" in done.response.content, done.response.content


# --- who may answer, and when ----------------------------------------------------------------------------------
async def test_only_the_seat_asked_may_open_the_form_and_nothing_opens_for_anyone_else(world):
    env, guild, channel, alice, bob = world
    thread, decision = await mustered(world, "ask=order size=3")
    who, message, button = await form_button(alice, thread, decision.id)
    cara = guild.add_member(env.create_user("cara"))
    before = await footprint(env.bot.service, 1)
    for actor, why in [(bob, "Decision 1 is for alice (p1), not for you."), (cara, NOT_SEATED)]:
        pressed = await actor.click(message, custom_id=button.custom_id)
        assert pressed.modal is None
        await refused_and_unchanged(env, pressed, before, why)


async def test_a_form_for_a_decision_answered_meanwhile_changes_nothing(world):
    """Alice opens the form, then answers the same decision by typing; the form she still holds is refused when
    sent, in the usual words, and so is its button."""
    env, guild, channel, alice, bob = world
    thread, decision = await mustered(world, "ask=order size=3")
    who, message, button = await form_button(alice, thread, decision.id)
    who, shown = await opened_form(alice, thread, decision.id)
    typed = await alice.slash(thread, "game act", command="answer 1 c2 c3 c1")
    assert "Done: `answer 1 c2 c3 c1`" in typed.response.content
    before = await footprint(env.bot.service, 1)
    sent = await who.submit_modal(shown, {"place0": ["2"], "place1": ["0"], "place2": ["1"]})
    await refused_and_unchanged(env, sent, before, CLOSED)
    again = await who.click(message, custom_id=button.custom_id)
    assert again.modal is None
    await refused_and_unchanged(env, again, before, CLOSED)
    assert await answers(env) == ["p1 order: c2 c3 c1"]


async def test_a_form_left_open_across_a_restart_still_answers(world, db_url):
    env, guild, channel, alice, bob = world
    thread, decision = await mustered(world, "ask=number size=40")
    who, shown = await opened_form(alice, thread, decision.id)
    await env.restart_bot(make_bot(db_url))
    done = await who.submit_modal(shown, {"number": "3"})
    assert "Done: `answer 1 3`" in done.response.content, done.response.content


# --- the real games --------------------------------------------------------------------------------------------
async def test_paying_for_an_lcg_card_from_several_heroes_is_a_share_out_form(world):
    """Alice plays a card that two of her heroes could pay for: the reply asks how much from each, with the
    form's button; the form holds an even share at first, within each hero's resources, and pays."""
    from engines.lcg import GAME as LCG
    from tests.bot.chat.test_lcg_commands import kept_hands, lcg_lobby

    registry.register(LCG)
    env, guild, channel, alice, bob = world
    thread = await lcg_lobby(world)
    await kept_hands(world, thread)
    state = await env.bot.service.stored_state(1)
    plan = next(d for d in state.decisions if d.seat == "p1" and d.context == "plan")
    for option in plan.options:
        if option.id == "pass":
            continue
        after = LCG.apply(state, "p1", Answer(decision=plan.id, choice=(option.id,))).state
        if any(d.kind is DecisionKind.ASSIGN for d in after.decisions):
            break
    else:
        pytest.fail("no card of this hand is paid for from several heroes")
    who, message, components = components_of(alice, thread, plan.id)
    button = next(c for c in components if (c.custom_id or "").endswith(f":o{option.id}"))
    played = await who.click(message, custom_id=button.custom_id)
    pay = next(d for d in (await env.bot.service.stored_state(1)).decisions if d.kind is DecisionKind.ASSIGN)
    assert f"Next, decision {pay.id}: {pay.prompt}" in played.response.content, played.response.content
    [form] = [c for row in played.response.components for c in row["components"]
              if c["custom_id"].endswith(":f")]
    assert form["label"] == f"Share out {pay.amount}…"
    shown = await alice.user.click(played.response, custom_id=form["custom_id"])
    boxes = fields(shown.modal)
    assert [f["label"] for f in boxes.values()] == [o.label for o in pay.options]
    first = {f"share{i}": f["value"] for i, f in enumerate(boxes.values())}
    done = await alice.user.submit_modal(shown, first)
    assert f"Done: `answer {pay.id}" in done.response.content, done.response.content
    assert all(d.id != pay.id for d in (await env.bot.service.stored_state(1)).decisions)


async def test_the_order_of_wotr_combats_is_a_form(world):
    """The War of the Ring duel played on with the least answers until Gandalf's deck puts its combats in order:
    its form's menus start in the order asked, and sending it reversed answers."""
    from engines.wotr import GAME as WOTR
    from tests.bot.chat.test_wotr_commands import duel

    registry.register(WOTR)
    env, guild, channel, alice, bob = world
    thread = await duel(world)
    service = env.bot.service
    live = await service.core.in_play(1, None)
    users = {s.seat: User(id=s.user_id, name=s.display_name) for s in live.seats if s.seat}
    for _ in range(40):
        state = await service.stored_state(1)
        order = [d for d in state.decisions if d.kind is DecisionKind.ORDER]
        if order:
            break
        d = state.decisions[0]
        await service.act(1, users[d.seat], f"answer {d.id} {shortest(d)}")
    else:
        pytest.fail("no order was asked")
    await env.bot.messenger.drain()
    decision = order[0]
    actor = alice if decision.seat == "p1" else bob
    who, shown = await opened_form(actor, thread, decision.id)
    menus = fields(shown.modal)
    assert len(menus) == len(decision.options)
    backwards = {f"place{i}": [str(len(menus) - 1 - i)] for i in range(len(menus))}
    done = await who.submit_modal(shown, backwards)
    reversed_ids = " ".join(o.id for o in reversed(decision.options))
    assert f"Done: `answer {decision.id} {reversed_ids}`" in done.response.content, done.response.content


async def test_how_many_cards_a_meq_hero_draws_is_picked_from_a_menu(world):
    from engines.meq import GAME as MEQ
    from tests.bot.chat.test_meq_commands import three_players

    registry.register(MEQ)
    env, guild, channel, alice, bob = world
    thread, carol = await three_players(world)
    actors = {"p1": alice, "p2": bob, "p3": carol}
    for _ in range(40):
        state = await env.bot.service.stored_state(1)
        asked = [d for d in state.decisions if d.kind is DecisionKind.NUMBER]
        if asked:
            break
        d = state.decisions[0]
        done = await actors[d.seat].slash(thread, "game act", command=f"answer {d.id} {shortest(d)}")
        assert "Done" in done.response.content, done.response.content
    else:
        pytest.fail("no number was asked")
    decision = asked[0]
    who, message, components = components_of(actors[decision.seat], thread, decision.id)
    [menu] = components
    assert [o.label for o in menu.options] == [str(n) for n in range(decision.low, decision.high + 1)]
    done = await who.select(message, custom_id=menu.custom_id, values=[str(decision.high)])
    assert f"Done: `answer {decision.id} {decision.high}`" in done.response.content, done.response.content
