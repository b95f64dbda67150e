"""Snapshots besides the command path's (which writes one every N commands and at barriers: bot/service/core.py
`commit_command`), so that no game's journal tail is ever replayed by rules newer than those that played it.

A game is loaded from its newest snapshot and the journal after it. A restart may bring a new engine version, whose
rules can read those commands otherwise (a decision they answer by themselves, which the old journal answers too):
so at shutdown every game kept in memory is snapshotted at its newest journal row (`checkpoint`), and a game that
leaves memory earlier, pushed out of the state cache by busier ones, gets its snapshot as it leaves (`evicted`).
Each snapshot is the state at its own seq, so one written from a memory another process has since moved past is
still true (and a conflict is no harm). A snapshot that fails to be written loses nothing: the journal holds
every command."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable
from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlmodel import col

from bot.service.cache import StateCache
from bot.service.live import Live, current
from bot.store import snapshots, writes
from bot.store.database import Database
from bot.store.models import SnapshotRow
from engines.core import codec

log = logging.getLogger(__name__)


class Keeper:
    def __init__(self, db: Database, clock: Callable[[], datetime]) -> None:
        self.db = db
        self.clock = clock
        # Games whose state is to be written soon, as (journal seq, state): out of the cache, their state newer than
        # their snapshot, or just replayed under new rules (`replayed_under_new_rules`).
        self._due: dict[int, tuple[int, Any]] = {}
        self._task: asyncio.Task[None] | None = None  # writing their snapshots

    async def checkpoint(self, cache: StateCache) -> int:
        """Snapshot every game kept in `cache` at the version it is kept at, and every game that left it and is
        not written yet, if its newest snapshot is older; the number written. Run at shutdown."""
        await self.leaving_written()
        kept = dict(self._due)
        self._due.clear()
        kept.update((game_id, (live.row.journal_seq, live.state)) for game_id in cache.ids()
                    if isinstance(live := cache.peek(game_id), Live) and current(live) and live.row is not None)
        return await self._snapshot(kept.items())

    def evicted(self, game_id: int, entry: tuple[Any, ...]) -> None:
        """A game fell out of the state cache: its state is written as a snapshot soon after, in a task (the cache
        is filled on the command path), if it is newer than its newest snapshot. That also spares the replay of
        its journal tail when it is next played."""
        if isinstance(entry, Live) and current(entry) and entry.row is not None:
            self.soon(game_id, entry.row.journal_seq, entry.state)

    def soon(self, game_id: int, seq: int, state: Any) -> None:
        """Write `state`, the game's at journal `seq`, as a snapshot soon after, in a task, if its newest snapshot is
        older. On loading a game whose journal tail was written under older rules (a restart without the shutdown
        snapshot, then an update), the state just replayed by the new ones: an undo rebuilds from it, and replays no
        command of the old rules (bot/service/history.py `OtherRules`)."""
        self._due[game_id] = (seq, state)
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop runs: the shutdown checkpoint writes it
            return
        if self._task is None or self._task.done():
            self._task = loop.create_task(self._write_due())

    async def leaving_written(self) -> None:
        """Wait until the snapshots due so far (games that left memory, or replayed by new rules) are written (or
        given up)."""
        while self._task is not None and not self._task.done():
            await asyncio.wait([self._task])

    async def _write_due(self) -> None:
        while self._due:
            due = list(self._due.items())
            self._due.clear()
            try:
                await self._snapshot(due)
            except Exception:  # the journal still holds every command: a snapshot not written loses nothing
                log.exception("writing the snapshots of %d games failed", len(due))

    async def _snapshot(self, kept: Iterable[tuple[int, tuple[int, Any]]]) -> int:
        """Write each game's state at its row's journal seq, where its newest snapshot is older; the number
        written."""
        kept = list(kept)
        if not kept:
            return 0
        async with self.db.connection() as conn:
            found = await conn.execute(
                select(col(SnapshotRow.game_id), func.max(col(SnapshotRow.seq)))
                .where(col(SnapshotRow.game_id).in_([g for g, _ in kept]))
                .group_by(col(SnapshotRow.game_id))
            )
            newest = {g: seq for g, seq in found.all()}
        rows = [{"game_id": g, "seq": seq, "state_json": snapshots.pack(codec.dumps(state)), "created_at": self.clock()}
                for g, (seq, state) in kept if newest.get(g, -1) < seq]
        if rows:
            await self.db.commit_writes([writes.Write(snapshots.insert_missing(self.db.dialect), rows)])
        return len(rows)
