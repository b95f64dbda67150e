"""Adjustments in the cooperative LCG (issue 18): open to every seat, but journaled with who made them,
announced to the table, undoable, and never a way to see or move a card its maker cannot see (another player's
hand, the encounter deck's top). Through the service on a real SQLite file."""

from __future__ import annotations

import pytest
from sqlalchemy import select
from sqlmodel import col

from bot.service import Service
from bot.store.models import JournalRow
from engines import registry
from engines.core import RuleError
from tests.attack.footprint import footprint
from tests.conftest import ALICE, BOB, RecordingMessenger

registry.load()


async def an_lcg_table(service: Service) -> int:
    """Alice and Bob, decks chosen, first player voted, setup hands kept: the game is in its rounds."""
    ref = await service.create("lcg", ALICE, options="scenario=passage-through-mirkwood")
    await service.join(ref.id, BOB)
    await service.start(ref.id, ALICE)
    await service.act(ref.id, ALICE, "deck core-leadership")
    await service.act(ref.id, BOB, "deck core-lore")
    for answer in ("p1", "keep"):
        for user in (ALICE, BOB):
            await service.act(ref.id, user, answer)
    return ref.id


async def test_any_seat_adjusts_journaled_with_who_announced_and_undoable(service: Service,
                                                                           messenger: RecordingMessenger):
    game_id = await an_lcg_table(service)
    state = await service.stored_state(game_id)
    aragorn = next(c for c in state.player("p1").play.cards if c.name == "Aragorn")
    done = await service.act(game_id, BOB, f"damage {aragorn.uid} +2")  # Bob, on Alice's hero
    assert done.seat == "p2"
    async with service.db.session() as s:
        row = (await s.execute(select(JournalRow).where(col(JournalRow.game_id) == game_id,
                                                        col(JournalRow.seq) == done.seq))).scalar_one()
    assert (row.seat, row.user_id, row.text) == ("p2", BOB.id, f"damage {aragorn.uid} +2")
    assert any("p2 (by hand): +2 damage on Aragorn" in line for line in messenger.lines())
    await service.undo(game_id, BOB)  # its maker takes it back at once: no card was revealed since
    back = await service.stored_state(game_id)
    assert next(c for c in back.player("p1").play.cards if c.uid == aragorn.uid).tokens.get("damage", 0) == 0


async def test_no_adjustment_reaches_a_card_its_maker_cannot_see(service: Service):
    game_id = await an_lcg_table(service)
    state = await service.stored_state(game_id)
    alices_card = state.player("p1").hand.cards[0]
    encounter_top = state.encounter_deck.cards[-1]
    before = await footprint(service, game_id)
    for text in (f"move {alices_card.uid} discard", f"damage {encounter_top.uid} +1",
                 f"move {encounter_top.uid} staging"):
        with pytest.raises(RuleError, match="that you can see"):
            await service.act(game_id, BOB, text)
    assert await footprint(service, game_id) == before  # refused: nothing journaled, nothing changed


async def test_a_reveal_by_hand_is_told_to_the_whole_table(service: Service, messenger: RecordingMessenger):
    game_id = await an_lcg_table(service)
    top = (await service.stored_state(game_id)).encounter_deck.cards[-1]
    await service.act(game_id, BOB, "reveal")
    assert any(top.name in line for line in messenger.lines())  # the public lines: the whole table reads it
