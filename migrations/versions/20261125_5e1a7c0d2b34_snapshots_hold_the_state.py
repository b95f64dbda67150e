"""snapshots hold the state: a command writes its journal row only

Before this revision the game row's state_json was rewritten by every command; from now on the state is
loaded from the newest snapshot and the journal after it (bot/store/snapshots.py). So that every game in play
has a snapshot of its current state, one is written from the row's copy wherever the newest journal row has
none. Downgrading writes each game's current state back to its row, and refuses while a game has commands
after its newest snapshot (only the bot can replay them).

Revision ID: 5e1a7c0d2b34
Revises: 8bd70ed2e7a0
Create Date: 2026-11-25 12:00:00
"""
import base64
import zlib
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = '5e1a7c0d2b34'
down_revision: str | None = '8bd70ed2e7a0'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.execute(sa.text(
        "INSERT INTO snapshot (game_id, seq, state_json, created_at) "
        "SELECT g.id, g.journal_seq, g.state_json, g.updated_at FROM game g "
        "WHERE g.state_json IS NOT NULL AND g.journal_seq > 0 AND NOT EXISTS "
        "(SELECT 1 FROM snapshot s WHERE s.game_id = g.id AND s.seq = g.journal_seq)"
    ))


def downgrade() -> None:
    # Older code reads the row's copy, as plain JSON, as the current state: give it the newest snapshot,
    # unpacked, wherever that snapshot is at the newest journal row.
    bind = op.get_bind()
    behind = bind.execute(sa.text(
        "SELECT count(*) FROM game g WHERE g.state_json IS NOT NULL AND NOT EXISTS "
        "(SELECT 1 FROM snapshot s WHERE s.game_id = g.id AND s.seq = g.journal_seq)"
    )).scalar()
    if behind:
        raise RuntimeError(f"{behind} game(s) have commands after their newest snapshot: finish them with this "
                           "version (or let it write a snapshot) before downgrading")
    rows = bind.execute(sa.text(
        "SELECT g.id, s.state_json FROM game g JOIN snapshot s ON s.game_id = g.id AND s.seq = g.journal_seq"
    )).all()
    for game_id, text in rows:
        if text.startswith("z:"):  # bot/store/snapshots.py's packing
            text = zlib.decompress(base64.b64decode(text[2:])).decode()
        bind.execute(sa.text("UPDATE game SET state_json = :t WHERE id = :i"), {"t": text, "i": game_id})
