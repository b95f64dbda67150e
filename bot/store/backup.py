"""A consistent copy of the SQLite database while the bot runs.

Copying `westmarch.db` with `cp` while the bot writes can give a torn file, and misses whatever still sits in
the `-wal` file beside it. SQLite's online backup API copies a consistent snapshot page by page, WAL included,
while other connections go on reading and writing (it is what the `sqlite3` shell's `.backup` runs). For
PostgreSQL use `pg_dump`, which is consistent on its own.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from sqlalchemy.engine import make_url


class BackupError(ValueError):
    pass


def sqlite_path(url: str) -> Path:
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        raise BackupError("Only a SQLite file is backed up this way; for PostgreSQL use pg_dump.")
    return Path(parsed.database or "")


def backup(url: str, destination: Path) -> int:
    """Copy the database at `url` to `destination` (which must not exist yet); returns its size in bytes."""
    source = sqlite_path(url)
    if not source.exists():
        raise BackupError(f"There is no database at {source}.")
    if destination.exists():
        raise BackupError(f"{destination} already exists; choose a new name.")
    destination.parent.mkdir(parents=True, exist_ok=True)
    with closing(sqlite3.connect(source, timeout=10)) as src, closing(sqlite3.connect(destination)) as dst:
        src.backup(dst, pages=1024)  # in steps: the bot's writers are held up for one step at a time
        dst.execute("PRAGMA journal_mode=DELETE")  # one self-contained file, no -wal beside it
    with closing(sqlite3.connect(destination)) as check:
        (ok,) = check.execute("PRAGMA integrity_check").fetchone()
    if ok != "ok":
        raise BackupError(f"The copy failed its integrity check: {ok}")
    return destination.stat().st_size
