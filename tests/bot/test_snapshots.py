"""The state is kept as snapshots now and then plus the journal between them (bot/store/snapshots.py, issue 17):
a command writes its journal row, not its state, and a bot that starts cold loads exactly the state the
journal replays to."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import select, update
from sqlmodel import col

from bot.service import Service
from bot.store import migrate, snapshots
from bot.store.database import Database
from bot.store.models import GameRow, SnapshotRow
from engines import registry
from engines.core import codec
from tests.conftest import ALICE, BOB, started_game

BEFORE = "8bd70ed2e7a0"  # the revision before snapshots held the state


async def play(service: Service, game_id: int, moves: int) -> None:
    """`moves` answers, each the first option of the first open decision (Tally: bids, then turns)."""
    for _ in range(moves):
        state = await service.stored_state(game_id)
        if state.outcome:
            return
        d = state.decisions[0]
        await service.answer(game_id, ALICE if d.seat == "p1" else BOB, d.id, d.options[0].id)


async def stored(db: Database, game_id: int) -> tuple[str | None, list[int]]:
    async with db.session() as s:
        row = await s.get(GameRow, game_id)
        assert row is not None
        seqs = select(col(SnapshotRow.seq)).where(col(SnapshotRow.game_id) == game_id).order_by(col(SnapshotRow.seq))
        return row.state_json, list((await s.execute(seqs)).scalars())


async def test_a_command_writes_its_journal_row_and_a_snapshot_only_every_n(db: Database):
    service = Service(db, snapshot_every=3, seed_source=lambda: 5)
    game_id = await started_game(service)
    at_start, _ = await stored(db, game_id)
    await play(service, game_id, 4)  # journal rows 2 to 5; the game is not over
    assert not (await service.stored_state(game_id)).outcome
    row_state, seqs = await stored(db, game_id)
    assert row_state == at_start  # the row keeps the setup; commands never rewrite it
    assert seqs == [1, 3]
    await play(service, game_id, 10)  # to its end: the last state is always a snapshot
    assert (await service.stored_state(game_id)).outcome
    async with db.session() as s:
        row = await s.get(GameRow, game_id)
        assert row is not None
    assert (await stored(db, game_id))[1][-1] == row.journal_seq


async def test_a_cold_start_loads_the_newest_snapshot_and_the_journal_after_it(db: Database):
    warm = Service(db, snapshot_every=3, seed_source=lambda: 5)
    game_id = await started_game(warm)
    await play(warm, game_id, 4)  # the newest snapshot is at 3; rows 4 and 5 are its tail
    cold = Service(db)  # a restarted bot: nothing in memory
    loaded = await cold.stored_state(game_id)
    assert codec.dumps(loaded) == codec.dumps(await warm.stored_state(game_id)) == codec.dumps(
        await warm.replay(game_id))
    await play(cold, game_id, 3)  # and it plays on from there, as the warm one would have
    assert codec.dumps(await cold.stored_state(game_id)) == codec.dumps(await cold.replay(game_id))


async def test_an_undo_writes_the_state_it_restores_as_the_newest_snapshot(db: Database):
    service = Service(db, snapshot_every=100, seed_source=lambda: 5)
    game_id = await started_game(service)
    await play(service, game_id, 4)
    await service.undo(game_id, ALICE if (await service.stored_state(game_id)).decisions[0].seat != "p1" else BOB)
    _, seqs = await stored(db, game_id)
    async with db.session() as s:
        row = await s.get(GameRow, game_id)
        assert row is not None
        assert seqs[-1] == row.journal_seq  # the undo's own row
    assert codec.dumps(await Service(db).stored_state(game_id)) == codec.dumps(await service.replay(game_id))


async def test_a_reader_holding_the_row_from_before_an_undo_still_loads_that_state(db: Database):
    """PostgreSQL reads each statement afresh: a reader that read the game row just before an undo committed
    reads the snapshots after it. It must still find the state of the row it holds (the undo used to delete
    the snapshots of what it took back, leaving that reader an undo in its tail)."""
    service = Service(db, snapshot_every=2, seed_source=lambda: 5)
    game_id = await started_game(service)
    await play(service, game_id, 3)  # snapshots at 1 and 2, the newest command at seq 4 (a snapshot as well)
    async with db.session() as s:
        held = await s.get(GameRow, game_id)
        assert held is not None
        s.expunge(held)
    expected = codec.dumps(await Service(db).stored_state(game_id))
    for _ in range(2):  # two commands taken back: the second undo's target sits before the first undo
        who = ALICE if (await service.stored_state(game_id)).decisions[0].seat != "p1" else BOB
        await service.undo(game_id, who)
    reader = Service(db)
    async with db.session() as s:
        stale = await reader.core.state_of(s, held, registry.get(held.game))
    assert codec.dumps(stale) == expected
    assert codec.dumps(await Service(db).stored_state(game_id)) == codec.dumps(await service.replay(game_id))


async def test_a_shutdown_checkpoint_leaves_no_journal_tail_for_the_games_kept_in_memory(db: Database):
    """A restart may bring a new engine version, whose rules could replay a journal tail differently: at
    shutdown every game kept in memory gets a snapshot at its newest journal row."""
    service = Service(db, snapshot_every=100, seed_source=lambda: 5)
    game_id = await started_game(service)
    await play(service, game_id, 4)
    assert (await stored(db, game_id))[1] == [1]
    assert await service.core.checkpoint() == 1
    async with db.session() as s:
        row = await s.get(GameRow, game_id)
        assert row is not None
        assert await snapshots.tail(s, game_id, row.journal_seq, row.journal_seq) == []
    assert (await stored(db, game_id))[1] == [1, row.journal_seq]
    assert codec.dumps(await Service(db).stored_state(game_id)) == codec.dumps(await service.replay(game_id))
    assert await service.core.checkpoint() == 0  # nothing newer to keep


def test_packing_is_smaller_and_reads_plain_json_too():
    text = '{"a": [' + ", ".join(['{"name": "Gandalf", "wounds": 0}'] * 200) + "]}"
    packed = snapshots.pack(text)
    assert len(packed) < len(text) / 10
    assert snapshots.unpack(packed) == text
    assert snapshots.unpack(text) == text  # a row written before packing


def test_the_migration_gives_every_game_in_play_a_snapshot_of_its_state(tmp_path: Path):
    url = f"sqlite+aiosqlite:///{tmp_path / 'm.db'}"
    migrate.upgrade(url)

    async def before_upgrade() -> tuple[int, str]:
        """A game as the older code left it: the row's copy current, the newest snapshot older."""
        db = Database(url)
        try:
            service = Service(db, snapshot_every=1000, seed_source=lambda: 5)
            game_id = await started_game(service)
            await play(service, game_id, 5)
            current = codec.dumps(await service.replay(game_id))
            async with db.session() as s:
                await s.execute(update(GameRow).where(col(GameRow.id) == game_id).values(state_json=current))
            return game_id, current
        finally:
            await db.close()

    game_id, current = asyncio.run(before_upgrade())
    command.stamp(migrate.alembic_config(url), BEFORE)
    migrate.upgrade(url)

    async def after_upgrade() -> str:
        db = Database(url)
        try:
            return codec.dumps(await Service(db).stored_state(game_id))
        finally:
            await db.close()

    assert asyncio.run(after_upgrade()) == current
    migrate.downgrade(url, BEFORE)  # the older code finds the current state, as plain JSON, in the row

    async def row_copy() -> str | None:
        db = Database(url)
        try:
            async with db.session() as s:
                row = await s.get(GameRow, game_id)
                return row.state_json if row is not None else None
        finally:
            await db.close()

    assert asyncio.run(row_copy()) == current


async def test_a_game_leaving_memory_gets_a_snapshot_so_a_newer_engine_never_replays_its_tail(
        db: Database, monkeypatch: pytest.MonkeyPatch):
    """The shutdown checkpoint covers the games still in memory; a game pushed out of the cache by busier ones gets
    its snapshot as it leaves. After a restart with new rules (engine versions change what they ask), it loads
    from that snapshot and replays nothing of its journal."""
    service = Service(db, snapshot_every=100, seed_source=lambda: 5, state_cache=1)
    game_id = await started_game(service)
    await play(service, game_id, 4)
    assert (await stored(db, game_id))[1] == [1]  # the start's snapshot, and a journal tail after it
    before = await service.replay(game_id)
    other = await started_game(service)  # the cache holds one game: the first one leaves memory
    assert game_id not in service.core.cache and other in service.core.cache
    await service.core.keeping.leaving_written()
    async with db.session() as s:
        row = await s.get(GameRow, game_id)
        assert row is not None
        assert await snapshots.tail(s, game_id, row.journal_seq, row.journal_seq) == []
    assert (await stored(db, game_id))[1] == [1, row.journal_seq]
    tally = registry.get("tally")

    def newer_rules(*_: object) -> None:
        raise AssertionError("a journal tail was replayed")

    monkeypatch.setattr(tally, "apply", newer_rules)
    assert codec.dumps(await Service(db).stored_state(game_id)) == codec.dumps(before)
    monkeypatch.undo()
    await play(service, other, 1)
    assert await service.core.checkpoint() == 1  # the game still in memory; the one that left is written already


async def test_a_game_leaving_memory_at_its_newest_snapshot_writes_none(db: Database):
    service = Service(db, snapshot_every=100, seed_source=lambda: 5, state_cache=1)
    game_id = await started_game(service)  # its start wrote its snapshot: nothing newer to keep
    await started_game(service)
    await service.core.keeping.leaving_written()
    assert (await stored(db, game_id))[1] == [1]
