"""Backing up the SQLite file while the bot runs (README, 'Operating Westmarch'): the copy is consistent,
holds every committed move (WAL included), and plays on."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.service import Service
from bot.store.backup import BackupError, backup
from bot.store.database import Database
from tests.bot.tables import move, waiting
from tests.conftest import RecordingMessenger, started_game


async def test_a_backup_taken_during_play_is_consistent_and_playable(
    service: Service, db: Database, sqlite_url: str, tmp_path: Path
):
    games = [await started_game(service, players=2) for _ in range(3)]
    for game_id in games:
        await move(service, game_id, "p1")
    copy = tmp_path / "copies" / "westmarch-backup.db"

    async def keep_playing() -> None:  # the bot goes on writing while the copy is taken
        for game_id in games:
            if seats := await waiting(service, game_id):
                await move(service, game_id, seats[0])

    size, _ = await asyncio.gather(asyncio.to_thread(backup, sqlite_url, copy), keep_playing())
    assert size > 0 and not await asyncio.to_thread(Path(f"{copy}-wal").exists)

    restored = Database(f"sqlite+aiosqlite:///{copy}")
    try:
        again = Service(restored, RecordingMessenger())
        for game_id in games:
            state = await again.stored_state(game_id)
            assert state is not None and await again.replay(game_id) == state  # not torn: state = journal
            assert "p1 bids a card face down." in await again.log(game_id, None, 1000)  # made before the copy
            if seats := await waiting(again, game_id):
                await move(again, game_id, seats[0])  # and the copy plays on
    finally:
        await restored.close()


def test_a_backup_refuses_to_overwrite_or_to_copy_postgresql(sqlite_url: str, tmp_path: Path):
    existing = tmp_path / "there.db"
    existing.write_bytes(b"")
    with pytest.raises(BackupError, match="already exists"):
        backup(sqlite_url, existing)
    with pytest.raises(BackupError, match="pg_dump"):
        backup("postgresql+asyncpg://u:p@localhost/westmarch", tmp_path / "x.db")
