"""guard: pausing a game, and delegates acting for a seat

game.paused_at (when the game was paused, so resuming credits the paused time); seat.delegate_user_id.

Revision ID: f613a6895816
Revises: 097a4e9062a1
Create Date: 2026-11-22 06:45:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel  # noqa: F401 - autogenerate writes sqlmodel.sql.sqltypes.AutoString()
from alembic import op


revision: str = 'f613a6895816'
down_revision: str | None = '097a4e9062a1'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('paused_at', sa.DateTime(timezone=True), nullable=True))
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.add_column(sa.Column('delegate_user_id', sa.BigInteger(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.drop_column('delegate_user_id')
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_column('paused_at')
