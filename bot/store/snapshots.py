"""Where a game's state is kept: snapshots now and then, and the journal in between.

A command writes its journal row, not its state (issue 17: the whole state as JSON on every command was 80-90
KB and the largest cost of the path). The state is written as a snapshot every `every` commands and when the
game ends; an undo writes one for the state it restores. A game is loaded from its newest snapshot plus the
journal rows after it (at most `every` commands to apply again, a few ms), and the newest snapshot is always
on the history in effect, because an undo deletes the snapshots it passes before it writes its own.

Snapshots are kept compressed (zlib, then base64 so the column stays text on every backend): a mid-game
state is 8-10 KB that way instead of 60-90 KB. Text that is already plain JSON (rows written before this
module) is read as it is."""

from __future__ import annotations

import base64
import zlib
from functools import cache
from typing import Any

from sqlalchemy import select
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import col

from bot.store.models import JournalKind, JournalRow, SnapshotRow

PACKED = "z:"  # plain JSON starts with "{": the two never meet
LEVEL = 6  # level 1 is 25% larger for half the time: a snapshot is written once every `every` commands


def pack(state_json: str) -> str:
    return PACKED + base64.b64encode(zlib.compress(state_json.encode(), LEVEL)).decode("ascii")


def unpack(text: str) -> str:
    if text.startswith(PACKED):
        return zlib.decompress(base64.b64decode(text[len(PACKED):])).decode()
    return text


def due(seq: int, every: int, over: bool) -> bool:
    """Whether the command with journal `seq` writes a snapshot: every `every` commands, and the last one."""
    return over or seq % every == 0


async def newest(s: Any, game_id: int, upto: int) -> tuple[int, str] | None:
    """The newest snapshot at or before journal row `upto`, unpacked: (its seq, the state JSON)."""
    found = (await s.execute(
        select(col(SnapshotRow.seq), col(SnapshotRow.state_json))
        .where(col(SnapshotRow.game_id) == game_id, col(SnapshotRow.seq) <= upto)
        .order_by(col(SnapshotRow.seq).desc())
        .limit(1)
    )).first()
    return None if found is None else (int(found[0]), unpack(found[1]))


async def tail(s: Any, game_id: int, after: int, upto: int) -> list[tuple[str, str, str | None, str]]:
    """The journal rows after the snapshot at `after`, up to `upto`: (kind, text, seat, engine version), oldest
    first."""
    rows = await s.execute(
        select(col(JournalRow.kind), col(JournalRow.text), col(JournalRow.seat), col(JournalRow.engine_version))
        .where(col(JournalRow.game_id) == game_id, col(JournalRow.seq) > after, col(JournalRow.seq) <= upto)
        .order_by(col(JournalRow.seq))
    )
    return [(str(kind), str(text), seat, str(version)) for kind, text, seat, version in rows.all()]


def replay(game: Any, state: Any, rows: list[tuple[str, str, str | None, str]]) -> Any:
    """`state` with the commands of a journal tail applied again. The tail holds no undo: an undo writes a
    snapshot of its own, so the newest snapshot is never older than the newest undo."""
    for kind, text, seat, _ in rows:
        if kind == JournalKind.UNDO:
            raise ValueError("a journal tail after the newest snapshot holds an undo")
        if kind == JournalKind.COMMAND:
            assert seat is not None
            state = game.apply(state, seat, game.parse(text)).state
    return state


def other_rules(game: Any, rows: list[tuple[str, str, str | None, str]]) -> list[str]:
    """The versions of the game's rules, other than today's, that played commands of a journal tail."""
    return sorted({version for kind, _, _, version in rows if kind == JournalKind.COMMAND and version != game.version})


@cache
def insert_missing(dialect: str) -> Any:
    """INSERT a snapshot unless the game has one at that seq already (a checkpoint may meet one)."""
    table = SnapshotRow.metadata.tables[SnapshotRow.__tablename__]
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    return insert(table).on_conflict_do_nothing(index_elements=["game_id", "seq"])
