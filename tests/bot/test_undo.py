"""Undo delivered twice (DESIGN.md 'Undo'): a request sent again (Discord retried the interaction, a double
click) takes back nothing more, and says so, as a repeated answer to a decision is "no longer open"."""

from __future__ import annotations

from bot.service import Service
from engines.core import codec
from tests.bot.test_service import bid_all
from tests.conftest import ALICE, BOB, FakeClock, RecordingMessenger, started_game


async def play_a_card(service: Service, game_id: int) -> None:
    state = await service.stored_state(game_id)
    decision = state.decisions[0]
    card = next(o for o in decision.options if o.id != "draw")
    await service.answer(game_id, ALICE, decision.id, card.id)


async def test_an_undo_sent_twice_takes_back_one_step(timed: Service, clock: FakeClock):
    """Given Alice alone, who bid and then played a card, when her undo arrives twice (both sent before the
    first was done), then only the card comes back, and the second is told it was already undone; an undo
    she asks for afterwards takes back the bid."""
    game_id = await started_game(timed, players=1)
    await bid_all(timed, game_id, users=(ALICE,))
    after_bid = codec.dumps(await timed.stored_state(game_id))
    await play_a_card(timed, game_id)
    asked = clock.advance(seconds=5)
    clock.advance(seconds=1)  # the first request is applied a second after the click
    assert await timed.undo(game_id, ALICE, at=asked) == "Undone."
    again = await timed.undo(game_id, ALICE, at=asked)
    assert again.startswith("Already undone") and "answer" in again
    assert codec.dumps(await timed.stored_state(game_id)) == after_bid
    assert codec.dumps(await timed.replay(game_id)) == after_bid
    assert await timed.undo(game_id, ALICE, at=clock.advance(seconds=30)) == "Undone."  # a new request
    assert codec.dumps(await timed.stored_state(game_id)) != after_bid


async def test_an_undo_request_sent_twice_asks_the_table_once(
    timed: Service, clock: FakeClock, messenger: RecordingMessenger
):
    """Past a barrier: the repeated request keeps the first one open and asks nobody again; a repeated
    consent after the undo is applied is told it is done."""
    game_id = await started_game(timed, players=2)
    await bid_all(timed, game_id)  # Bob's bid revealed both: a barrier
    asked = clock.advance(seconds=5)
    await timed.undo(game_id, BOB, at=asked)
    asks = [n.undo_ask for n in messenger.notices if n.undo_ask is not None]
    again = await timed.undo(game_id, BOB, at=asked)
    assert again.startswith("You have already asked")
    assert [n.undo_ask for n in messenger.notices if n.undo_ask is not None] == asks
    request = asks[0]
    assert request is not None
    clock.advance(minutes=3)  # Alice agrees a little later
    assert await timed.consent_undo(game_id, ALICE, request.request_id, True) == "Undone."
    assert (await timed.consent_undo(game_id, ALICE, request.request_id, True)).startswith("Already undone")
    assert (await timed.undo(game_id, BOB, at=asked)).startswith("Already undone")
    state = await timed.stored_state(game_id)
    assert len(state.bids.cards) == 1  # one step back, not two
