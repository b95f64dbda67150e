"""Undo without consent (issue 18; DESIGN.md 'Undo'): once a step has shown the table something (a barrier), it
is taken back only when every other seat agrees. A player who wants their move back tries to get it without
asking, by agreeing for the others, by asking again and again, or by having someone outside the game agree."""

from __future__ import annotations

import pytest

from bot.service import NotAllowed, Service
from engines.core import RuleError
from tests.attack.footprint import footprint
from tests.bot.chat.test_game_commands import last_dm_with_buttons, lobby
from tests.conftest import ALICE, BOB, CARA, RecordingMessenger, started_game


def play(state) -> tuple[str, int, str]:
    """The seat to play, and its open decision and a card to play (Tally's turn after the bids)."""
    d = state.decisions[0]
    return d.seat, d.id, next(o.id for o in d.options if o.id != "draw")


async def test_a_player_cannot_take_back_a_revealing_move_by_agreeing_for_the_table(world):
    """Bob's bid revealed both bids. He asks to undo it, asks again, presses "Agree" on his own request, and has
    Cara (in the server, not in the game) press it: none of it undoes anything. Alice's "Refuse" closes the
    request; only her agreement to a new one takes the bid back."""
    env, guild, channel, alice, bob = world
    thread = await lobby(world)
    await alice.slash(thread, "game start")
    for actor in (alice, bob):
        bid = last_dm_with_buttons(actor)
        await actor.user.click(bid, custom_id=bid.components[0].children[0].custom_id)
    revealed = await footprint(env.bot.service, 1)

    asked = await bob.slash(thread, "game undo")
    assert asked.ephemeral and asked.response.content == "The other players have been asked to agree to the undo."
    asking = await footprint(env.bot.service, 1)
    assert asking["game"]["state_json"] == revealed["game"]["state_json"]  # asking takes nothing back
    assert asking["journal"] == revealed["journal"]
    again = await bob.slash(thread, "game undo")
    assert again.response.content.startswith("You have already asked to undo")
    assert again.response.content.endswith("; waiting for alice to agree."), again.response.content  # named
    await env.bot.messenger.drain()
    [request] = [m for m in thread.history() if "agree to undo" in m.content]  # asked once, not twice
    agree, refuse = (c.custom_id for c in request.components[0].children)
    own = await bob.click(request, custom_id=agree)
    assert own.ephemeral and own.response.content == "Your consent is not needed for this undo."
    cara = guild.add_member(env.create_user("cara"))
    outsider = await cara.click(request, custom_id=agree)
    assert outsider.ephemeral and outsider.response.content == "Your consent is not needed for this undo."
    now = await footprint(env.bot.service, 1)
    assert (now["game"], now["journal"]) == (asking["game"], asking["journal"])  # not a row written

    refused = await alice.click(request, custom_id=refuse)
    assert refused.response.content == "Undo refused."
    late = await alice.click(request, custom_id=agree)  # changing her mind on the closed request does nothing
    assert late.response.content == "That undo request is no longer open."
    now = await footprint(env.bot.service, 1)
    assert now["game"]["state_json"] == revealed["game"]["state_json"]
    assert len(now["journal"]) == len(revealed["journal"])

    await bob.slash(thread, "game undo")
    await env.bot.messenger.drain()
    request = next(m for m in reversed(thread.history()) if "agree to undo" in m.content)
    done = await alice.click(request, custom_id=request.components[0].children[0].custom_id)
    assert done.response.content == "Undone."
    assert len((await env.bot.service.stored_state(1)).bids.cards) == 1


async def test_an_undo_waits_for_every_other_seat_not_just_one(service: Service, messenger: RecordingMessenger):
    """Three seats: Cara's bid revealed all three. Alice agrees to her undo; Bob has not. The bid stays where
    it is until Bob agrees too."""
    game_id = await started_game(service, players=3)
    for user, seat in ((ALICE, "p1"), (BOB, "p2"), (CARA, "p3")):
        d = next(d for d in (await service.stored_state(game_id)).decisions if d.seat == seat)
        await service.answer(game_id, user, d.id, d.options[0].id)
    revealed = await footprint(service, game_id)

    assert "asked to agree" in await service.undo(game_id, CARA)
    ask = messenger.notices[-1].undo_ask
    assert ask is not None and sorted(str(s.seat) for s in ask.needs) == ["p1", "p2"]
    assert await service.consent_undo(game_id, ALICE, ask.request_id, True) == "Consent recorded."
    assert await service.consent_undo(game_id, ALICE, ask.request_id, True) == "Consent recorded."  # twice: one seat
    with pytest.raises(NotAllowed, match=r"^Your consent is not needed for this undo\.$"):
        await service.consent_undo(game_id, CARA, ask.request_id, True)
    now = await footprint(service, game_id)
    assert now["game"]["state_json"] == revealed["game"]["state_json"]
    assert now["journal"] == revealed["journal"]

    assert await service.consent_undo(game_id, BOB, ask.request_id, True) == "Undone."
    assert len((await service.stored_state(game_id)).bids.cards) == 2


async def test_an_agreement_given_after_the_game_moved_on_undoes_nothing(
    service: Service, messenger: RecordingMessenger
):
    """Bob asks to undo the reveal; the game goes on (the player to move plays a card); then Alice's late
    "Agree" arrives. Taking back the reveal now would also take back the card: it is refused."""
    game_id = await started_game(service, players=2)
    for user, seat in ((ALICE, "p1"), (BOB, "p2")):
        d = next(d for d in (await service.stored_state(game_id)).decisions if d.seat == seat)
        await service.answer(game_id, user, d.id, d.options[0].id)
    assert "asked to agree" in await service.undo(game_id, BOB)
    ask = messenger.notices[-1].undo_ask
    assert ask is not None
    seat, decision, card = play(await service.stored_state(game_id))
    await service.answer(game_id, ALICE if seat == "p1" else BOB, decision, card)
    moved_on = await footprint(service, game_id)

    with pytest.raises(RuleError, match=r"^That undo request is no longer open: the game has moved on\.$"):
        await service.consent_undo(game_id, ALICE, ask.request_id, True)
    now = await footprint(service, game_id)
    assert (now["game"], now["journal"]) == (moved_on["game"], moved_on["journal"])
