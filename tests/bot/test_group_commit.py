"""A command commits its writes in one trip, with the other games' commands waiting for SQLite's one writer
(bot/store/writes.py, issue 17), and its notice can be built after it has returned (Core.after_commit)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from sqlalchemy import event, select
from sqlmodel import col

from bot.service import Service
from bot.service.core import GAME_BUMP, JOURNAL_INSERT
from bot.store import writes
from bot.store.database import Database
from bot.store.models import GameRow, JournalRow
from tests.conftest import ALICE, BOB, RecordingMessenger, started_game


def count_groups(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The size of every group `writes.commit_group` commits from now on."""
    groups: list[int] = []
    commit_group = writes.commit_group

    def counted(conn: Any, group: list[list[writes.Raw]]) -> list[BaseException | None]:
        groups.append(len(group))
        return commit_group(conn, group)

    monkeypatch.setattr(writes, "commit_group", counted)
    return groups


def journal_row(service: Service, game_id: int, seq: int) -> dict[str, Any]:
    """A journal row as `JOURNAL_INSERT` writes it (every column given)."""
    journal = JournalRow.metadata.tables[JournalRow.__tablename__]
    row: dict[str, Any] = {c.name: None for c in journal.columns if c.name != "id"}
    row.update(game_id=game_id, seq=seq, kind="command", text="x", barrier=False, engine_version="1",
               data_version="", rng="", created_at=service.clock())
    return row


async def versions(db: Database, ids: list[int]) -> list[int]:
    async with db.session() as s:
        rows = (await s.execute(select(GameRow).where(col(GameRow.id).in_(ids)).order_by(col(GameRow.id)))).scalars()
        return [r.version for r in rows]


async def test_games_waiting_for_the_writer_commit_together_and_a_conflict_undoes_only_its_own(
    db: Database, monkeypatch: pytest.MonkeyPatch
):
    service = Service(db, seed_source=lambda: 5)
    ids = [await started_game(service) for _ in range(3)]
    before = await versions(db, ids)
    through_sqlalchemy: list[str] = []
    groups = count_groups(monkeypatch)

    def seen(conn: object, cursor: object, statement: str, *_: object) -> None:
        through_sqlalchemy.append(statement)

    monkeypatch.setattr(db, "idle_after", 60.0)  # the writer is busy: no write is alone enough to go on its own
    event.listen(db.engine.sync_engine, "before_cursor_execute", seen)
    bump = [writes.Write(GAME_BUMP, {"version": v + 1, "w_id": i, "w_version": v}, guard=True)
            for i, v in zip(ids, before, strict=True)]
    stale = writes.Write(GAME_BUMP, {"version": 99, "w_id": ids[1], "w_version": before[1] - 1}, guard=True)
    results = await asyncio.gather(
        db.commit_writes([bump[0]]), db.commit_writes([stale]), db.commit_writes([bump[2]]), return_exceptions=True)
    event.remove(db.engine.sync_engine, "before_cursor_execute", seen)
    assert groups == [3]  # one transaction, one trip, for the three
    assert through_sqlalchemy == []
    assert results[0] is None and results[2] is None
    assert isinstance(results[1], writes.Conflict)
    assert await versions(db, ids) == [before[0] + 1, before[1], before[2] + 1]


async def test_a_write_alone_after_the_writer_was_idle_commits_where_it_arrives(
    db: Database, monkeypatch: pytest.MonkeyPatch
):
    """Given the writer idle for longer than `idle_after`, when one command's writes arrive, then they are
    committed on the spot, in a group of their own, with no writer task to hand them to; a stale guard is refused
    the same way; and writes arriving right after a commit wait for the writer."""
    service = Service(db, seed_source=lambda: 5)
    game_id = await started_game(service)
    (version,) = await versions(db, [game_id])
    groups = count_groups(monkeypatch)
    monkeypatch.setattr(db, "idle_after", 0.0)  # always idle long enough
    db._writer = None
    await db.commit_writes([writes.Write(GAME_BUMP, {"version": version + 1, "w_id": game_id, "w_version": version},
                                         guard=True)])
    assert groups == [1] and db._writer is None
    with pytest.raises(writes.Conflict):
        await db.commit_writes([writes.Write(GAME_BUMP, {"version": 99, "w_id": game_id, "w_version": version},
                                             guard=True)])
    assert db._writer is None
    assert await versions(db, [game_id]) == [version + 1]
    monkeypatch.setattr(db, "idle_after", 60.0)  # a commit a moment ago: the next write goes to the writer
    await db.commit_writes([writes.Write(GAME_BUMP, {"version": version + 2, "w_id": game_id,
                                                     "w_version": version + 1}, guard=True)])
    assert db._writer is not None
    assert await versions(db, [game_id]) == [version + 2]


async def test_a_guard_that_fails_leaves_nothing_of_the_command_written(db: Database):
    service = Service(db, seed_source=lambda: 5)
    game_id = await started_game(service)
    (version,) = await versions(db, [game_id])
    row = journal_row(service, game_id, 99)
    with pytest.raises(writes.Conflict):  # the journal row first, then a guard that finds the game moved on
        await db.commit_writes([writes.Write(JOURNAL_INSERT, row),
                                writes.Write(GAME_BUMP, {"version": 7, "w_id": game_id, "w_version": version + 5},
                                             guard=True)])
    async with db.session() as s:
        seqs = (await s.execute(select(col(JournalRow.seq)).where(col(JournalRow.game_id) == game_id))).scalars()
        assert 99 not in list(seqs)


async def test_with_notices_after_a_command_returns_before_its_notice_and_notices_keep_their_order(db: Database):
    messenger = RecordingMessenger()
    service = Service(db, messenger, seed_source=lambda: 5)
    game_id = await started_game(service)
    service.core.notices_after = True
    told = len(messenger.notices)
    state = await service.stored_state(game_id)
    d = state.decisions[0]
    await service.answer(game_id, ALICE if d.seat == "p1" else BOB, d.id, d.options[0].id)
    assert len(messenger.notices) == told  # committed and answered; the views are not built yet
    await service.undo(game_id, ALICE if d.seat == "p1" else BOB)
    await service.core.settle(game_id)
    after = messenger.notices[told:]
    assert len(after) == 2
    # The command's notice first, then the undo's, though the undo's was ready before the command's was built.
    assert not any("took back" in line for line in after[0].public_lines)
    assert any("took back" in line for line in after[1].public_lines)


async def test_a_lobby_is_kept_in_memory_its_joins_and_start_read_nothing(db: Database):
    """A new game is five steps (create, joins, start); after the create, each is one guarded write and reads
    nothing of the game (the start reads the players' habits, once, for their waits)."""
    service = Service(db, seed_source=lambda: 5)
    ref = await service.create("tally", ALICE)
    selects: list[str] = []

    def seen(conn: object, cursor: object, statement: str, *_: object) -> None:
        if statement.lstrip().upper().startswith("SELECT") and "FROM player" not in statement:
            selects.append(statement)

    event.listen(db.engine.sync_engine, "before_cursor_execute", seen)
    await service.join(ref.id, BOB)
    await service.start(ref.id, ALICE)
    event.remove(db.engine.sync_engine, "before_cursor_execute", seen)
    assert selects == []
    async with db.session() as s:
        row = await s.get(GameRow, ref.id)
        assert row is not None and row.status == "active" and row.version == 2 and row.journal_seq == 1


async def test_a_join_refused_from_memory_is_checked_against_the_database_first(db: Database):
    """Another process started the game: this one's memory says lobby. The join's write is refused by the
    version guard, the game is read again, and the player hears that it has started."""
    service = Service(db, seed_source=lambda: 5)
    other = Service(db, seed_source=lambda: 5)
    ref = await service.create("tally", ALICE)
    await other.join(ref.id, BOB)
    await other.start(ref.id, ALICE)
    carol = BOB.__class__(id=103, name="Carol")
    with pytest.raises(Exception, match="already started"):
        await service.join(ref.id, carol)


async def test_the_log_is_copied_into_the_database_in_the_background_not_in_a_commit(db: Database):
    """No COMMIT of this process checkpoints (its connections set wal_autocheckpoint=0); a write starts a
    PASSIVE checkpoint of its own, and an explicit one copies every frame the log holds."""
    db.checkpoint_every = 3600.0  # only the first write's checkpoint runs on its own in this test
    service = Service(db, seed_source=lambda: 5)
    game_id = await started_game(service)
    async with db.engine.connect() as conn:
        assert (await conn.exec_driver_sql("PRAGMA wal_autocheckpoint")).scalar() == 0
    assert db._checkpointer is not None  # started by the first commit
    await asyncio.wait([db._checkpointer])
    (version,) = await versions(db, [game_id])
    for v in range(version, version + 30):  # writes the checkpoint above did not see
        await db.commit_writes([writes.Write(GAME_BUMP, {"version": v + 1, "w_id": game_id, "w_version": v},
                                             guard=True)])
    busy, frames, copied = await db.checkpoint()
    assert busy == 0 and frames > 0 and frames == copied


async def test_a_commit_waits_in_a_thread_while_another_process_holds_the_write_lock(
    db: Database, monkeypatch: pytest.MonkeyPatch
):
    """The writer commits on the event loop's thread and never waits there for a lock: while another
    connection (another process) holds SQLite's write lock, the group goes to a thread that waits for it, and
    the event loop goes on."""
    import sqlite3

    from sqlalchemy.engine import make_url

    service = Service(db, seed_source=lambda: 5)
    game_id = await started_game(service)
    (version,) = await versions(db, [game_id])
    here: list[object] = []
    tried = asyncio.Event()
    commit_here = db._commit_here

    def spied(group: list[list[writes.Raw]]) -> list[BaseException | None] | None:
        out = commit_here(group)
        here.append(out)
        tried.set()
        return out

    monkeypatch.setattr(db, "_commit_here", spied)
    other = sqlite3.connect(str(make_url(db.url).database), isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    write = asyncio.create_task(db.commit_writes(
        [writes.Write(GAME_BUMP, {"version": version + 1, "w_id": game_id, "w_version": version}, guard=True)]))
    await asyncio.wait_for(tried.wait(), 5)  # the loop is free while the commit waits for the lock
    await asyncio.sleep(0.05)
    assert here and set(here) == {None} and not write.done()  # tried where it arrived, then by the writer
    other.execute("COMMIT")
    other.close()
    await write
    assert await versions(db, [game_id]) == [version + 1]


async def test_a_command_that_fails_after_writing_part_of_itself_is_undone_alone(
    db: Database, monkeypatch: pytest.MonkeyPatch
):
    """Given three games' commands in one group, the middle one bumping its game and then writing a journal row
    that exists already: that command's bump is undone with it, and the other two commit (bot/store/writes.py
    `commit_group` begins again with each command in a savepoint)."""
    service = Service(db, seed_source=lambda: 5)
    ids = [await started_game(service) for _ in range(3)]
    before = await versions(db, ids)
    groups = count_groups(monkeypatch)
    monkeypatch.setattr(db, "idle_after", 60.0)
    async with db.session() as s:
        seq = (await s.execute(select(col(JournalRow.seq)).where(col(JournalRow.game_id) == ids[1]))).scalars().first()
    assert seq is not None
    row = journal_row(service, ids[1], seq)  # a row the game has already
    bump = [writes.Write(GAME_BUMP, {"version": v + 1, "w_id": i, "w_version": v}, guard=True)
            for i, v in zip(ids, before, strict=True)]
    results = await asyncio.gather(
        db.commit_writes([bump[0]]), db.commit_writes([bump[1], writes.Write(JOURNAL_INSERT, row)]),
        db.commit_writes([bump[2]]), return_exceptions=True)
    assert groups == [3]
    assert results[0] is None and results[2] is None
    assert isinstance(results[1], writes.Conflict)
    assert await versions(db, ids) == [before[0] + 1, before[1], before[2] + 1]


async def test_a_player_who_stops_waiting_for_a_notice_does_not_stop_the_notice(db: Database):
    """`Core.settle` waits for a game's queued notice without taking it over (bot/service/core.py `finished`):
    a waiter cancelled (an interaction that timed out) leaves the notice to be handed over all the same."""
    from bot.service.core import finished

    release = asyncio.Event()
    delivered: list[str] = []

    async def slow_notice() -> None:
        await release.wait()
        delivered.append("notice")

    task = asyncio.create_task(slow_notice())
    waiter = asyncio.create_task(finished(task))
    await asyncio.sleep(0)
    waiter.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiter
    assert not task.done() and not task.cancelled()
    release.set()
    await finished(task)
    assert delivered == ["notice"]
    await finished(task)  # a task already done: returns at once


async def test_waiting_for_a_games_notices_yields_while_its_finished_herald_is_being_forgotten(
    db: Database, monkeypatch: pytest.MonkeyPatch
):
    """Found by a play-tester (a stack dump of a frozen bot: DiscordMessenger._draw_owed -> Core.quiet -> settle):
    a notice task that has just finished stays in the game's list until its done callback runs, on a later turn of
    the loop. `settle` reached in between looped on it without ever yielding, so that callback never ran and the
    whole bot spun at full CPU. Here a waiter is started inside the notice's own work, so its first step runs after
    the task has finished and before the task is forgotten."""
    from bot.service import core as core_module

    service = Service(db, RecordingMessenger())
    core = service.core
    core.notices_after = True
    finished = core_module.finished
    turns = [0]

    async def counted(task: asyncio.Task[None]) -> None:  # a spinning loop fails the test instead of hanging it
        turns[0] += 1
        if turns[0] > 100:
            raise AssertionError("settle keeps looping on a finished notice task without yielding")
        await finished(task)

    monkeypatch.setattr(core_module, "finished", counted)
    waiter: list[asyncio.Task[None]] = []

    async def work() -> None:
        waiter.append(asyncio.create_task(core.settle(7)))

    await core.after_commit(7, work)
    await asyncio.wait_for(core.settle(7), 5)
    await asyncio.wait_for(waiter[0], 5)
    assert 7 not in core._heralds
