"""Adjustments belong to someone (issue 18), through the service: War of the Ring is competitive, so `/wotr
adjust` no longer lets one seat draw while another is to act, nor change what both sides share alone. An
adjustment acts at once only on the adjuster's own cards while the game waits on them; anything else is a
proposal that the other side agrees to or refuses, and nothing changes until it agrees (spec 8.3)."""

from __future__ import annotations

import pytest

from bot.service import Service
from engines import registry
from engines.wotr import GAME
from tests.attack.footprint import footprint
from tests.conftest import ALICE, BOB, RecordingMessenger


@pytest.fixture(autouse=True)
def installed() -> None:
    registry.register(GAME)


async def duel(service: Service) -> int:
    """A 2 Player Duel: Alice (p1) runs Gandalf's deck, Bob (p2) the Witch-king's; the game waits on Alice."""
    ref = await service.create("wotr", ALICE, options="scenario=duel2")
    await service.join(ref.id, BOB)
    await service.start(ref.id, ALICE)
    state = await service.stored_state(ref.id)
    assert [d.seat for d in state.decisions] == ["p1"]
    return ref.id


async def test_a_seat_cannot_draw_while_another_is_to_act(service: Service, messenger: RecordingMessenger):
    """Bob types a draw for his own deck while Alice is to act: no card moves; Alice is asked to agree, with
    the reason in the prompt; she refuses, and the table reads it in clear words."""
    game_id = await duel(service)
    hand = len((await service.stored_state(game_id)).deck("witch-king").hand.cards)
    done = await service.act(game_id, BOB, "draw witch-king 2")
    assert any("p2 proposes an adjustment: draw witch-king 2" in line for line in done.lines)
    state = await service.stored_state(game_id)
    assert len(state.deck("witch-king").hand.cards) == hand
    ask = next(d for d in state.decisions if d.context.startswith("propose"))
    assert ask.seat == "p1" and ask.prompt.endswith("Agree?") and "draw witch-king 2" in ask.prompt
    await service.answer(game_id, ALICE, ask.id, "refuse")
    state = await service.stored_state(game_id)
    assert len(state.deck("witch-king").hand.cards) == hand
    assert "p1 refuses p2's adjustment (draw witch-king 2): nothing changes." in messenger.lines()


async def test_a_shared_adjustment_waits_for_consent_and_applies_on_agreement(
    service: Service, messenger: RecordingMessenger
):
    """Alice, on her own turn, adds corruption (shared by both sides): it waits for Bob. Until he answers
    nothing changes, and Alice cannot agree in his place; his "agree" applies it."""
    game_id = await duel(service)
    await service.act(game_id, ALICE, "corruption +1")
    proposed = await footprint(service, game_id)
    state = await service.stored_state(game_id)
    assert state.corruption == 0
    ask = next(d for d in state.decisions if d.context.startswith("propose"))
    assert ask.seat == "p2"
    with pytest.raises(Exception, match="is for p2, not for p1"):
        await service.answer(game_id, ALICE, ask.id, "agree")
    assert (await footprint(service, game_id))["game"] == proposed["game"]
    await service.answer(game_id, BOB, ask.id, "agree")
    assert (await service.stored_state(game_id)).corruption == 1
    assert "p2 agrees to p1's adjustment (corruption +1)." in messenger.lines()


async def test_an_own_draw_on_ones_own_turn_is_made_at_once(service: Service):
    game_id = await duel(service)
    hand = len((await service.stored_state(game_id)).deck("gandalf").hand.cards)
    await service.act(game_id, ALICE, "draw gandalf 1")
    state = await service.stored_state(game_id)
    assert len(state.deck("gandalf").hand.cards) == hand + 1
    assert not [d for d in state.decisions if d.context.startswith("propose")]
