"""A game across an update of the bot that changes its rules (a new `Game.version`).

Campaigns last weeks and the bot is updated under them. The journal records the version of the rules that played
each step (LESSONS.md, 'Engines'); a replay by newer rules may read an old step otherwise (a decision they answer by
themselves, another shuffle), so no state the table depends on is rebuilt by replaying steps of older rules: an undo
that would is refused and changes nothing, the steps played since the update can be undone, and a game whose
journal tail had to be replayed (the bot was killed, so it wrote no shutdown snapshot) is snapshotted as loaded.
The update is simulated by giving the test game a new version: the rules that replay are the same, so the
refusals here are the check itself, not a replay that failed."""

from __future__ import annotations

import logging
from collections.abc import Callable

import pytest
from sqlalchemy import select
from sqlmodel import col

from bot.service import Service, User
from bot.service.history import OtherRules
from bot.store.database import Database
from bot.store.models import GameRow, JournalRow, SnapshotRow
from engines import registry
from engines.core import RuleError, codec
from tests.bot.test_snapshots import play
from tests.conftest import ALICE, BOB, started_game


async def last_mover(service: Service, game_id: int) -> User:
    """The player who moved last (Tally's seats alternate): whose own step an undo takes back at once."""
    return ALICE if (await service.stored_state(game_id)).decisions[0].seat != "p1" else BOB


async def journal_and_snapshots(db: Database, game_id: int) -> tuple[int, list[int]]:
    async with db.session() as s:
        rows = (await s.execute(select(col(JournalRow.seq)).where(col(JournalRow.game_id) == game_id))).scalars()
        seqs = (await s.execute(select(col(SnapshotRow.seq)).where(col(SnapshotRow.game_id) == game_id)
                                .order_by(col(SnapshotRow.seq)))).scalars()
        return len(list(rows)), list(seqs)


@pytest.fixture
def update(monkeypatch: pytest.MonkeyPatch) -> Callable[[], None]:
    """Call to update the bot: Tally's rules get a new version."""
    tally = registry.get("tally")
    return lambda: monkeypatch.setattr(tally, "version", f"{tally.version}-next")


async def test_an_undo_that_would_replay_steps_of_older_rules_is_refused_and_changes_nothing(db: Database, update):
    service = Service(db, snapshot_every=100, seed_source=lambda: 5)
    game_id = await started_game(service)
    await play(service, game_id, 4)  # a snapshot at the start only: undoing replays steps 2 on
    assert await service.core.checkpoint() == 1  # a clean shutdown: the newest step is a snapshot
    update()
    restarted = Service(db)
    state = codec.dumps(await restarted.stored_state(game_id))
    written = await journal_and_snapshots(db, game_id)
    with pytest.raises(RuleError) as refused:
        await restarted.undo(game_id, await last_mover(restarted, game_id))
    said = str(refused.value)
    assert said.startswith("Step 5") and "cannot be undone" in said
    assert f"version {registry.get('tally').version}" in said and "playing the game again from step 2" in said
    assert "nothing was changed" in said
    assert await journal_and_snapshots(db, game_id) == written
    assert codec.dumps(await Service(db).stored_state(game_id)) == state


async def test_the_steps_played_since_the_update_can_be_undone(db: Database, update):
    service = Service(db, snapshot_every=100, seed_source=lambda: 5)
    game_id = await started_game(service)
    await play(service, game_id, 3)
    await service.core.checkpoint()
    update()
    restarted = Service(db)
    at_update = codec.dumps(await restarted.stored_state(game_id))
    await play(restarted, game_id, 1)
    assert await restarted.undo(game_id, await last_mover(restarted, game_id)) == "Undone."
    assert codec.dumps(await Service(db).stored_state(game_id)) == at_update  # rebuilt from the shutdown snapshot
    with pytest.raises(RuleError, match="cannot be undone"):  # the step before the update
        await restarted.undo(game_id, await last_mover(restarted, game_id))


async def test_a_tail_replayed_by_newer_rules_is_snapshotted_as_loaded_and_the_admin_told(
        db: Database, update, caplog: pytest.LogCaptureFixture):
    """A bot killed (no shutdown snapshot), then updated: its journal tail can only be replayed by the new rules.
    The state they give is written as a snapshot straight away, so it is replayed once; the steps played after it
    can be undone, and the log tells an admin which game and which versions."""
    service = Service(db, snapshot_every=100, seed_source=lambda: 5)
    game_id = await started_game(service)
    await play(service, game_id, 3)  # rows 2 to 4 after the start's snapshot, and no checkpoint
    update()
    restarted = Service(db)
    with caplog.at_level(logging.WARNING, logger="bot.service.core"):
        loaded = codec.dumps(await restarted.stored_state(game_id))
    await restarted.core.keeping.leaving_written()
    async with db.session() as s:
        row = await s.get(GameRow, game_id)
        assert row is not None
        seq = row.journal_seq
    assert (await journal_and_snapshots(db, game_id))[1] == [1, seq]
    warned = [r.getMessage() for r in caplog.records if f"game {game_id}:" in r.getMessage()]
    assert len(warned) == 1 and "replayed under version" in warned[0] and f"seq {seq}" in warned[0]
    await play(restarted, game_id, 1)
    assert await restarted.undo(game_id, await last_mover(restarted, game_id)) == "Undone."
    assert codec.dumps(await Service(db).stored_state(game_id)) == loaded
    with pytest.raises(RuleError, match="cannot be undone"):
        await restarted.undo(game_id, await last_mover(restarted, game_id))


async def test_an_audit_from_the_seed_says_the_journal_crosses_an_update(db: Database, update):
    service = Service(db, seed_source=lambda: 5)
    game_id = await started_game(service)
    await play(service, game_id, 2)
    before = codec.dumps(await service.replay(game_id))  # the same rules: the journal alone gives the state
    assert before == codec.dumps(await service.stored_state(game_id))
    update()
    with pytest.raises(OtherRules, match="step 1 was played under version"):  # its set-up
        await Service(db).replay(game_id)
