"""Run Alembic from code. Alembic's async env calls `asyncio.run`, so these must run outside an event
loop: before the bot starts, or through `asyncio.to_thread` from async code."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config

from bot.store.database import prepare_sqlite_path

ROOT = Path(__file__).resolve().parents[2]


def alembic_config(url: str) -> Config:
    config = Config(str(ROOT / "alembic.ini"))
    config.set_main_option("script_location", str(ROOT / "migrations"))
    config.set_main_option("sqlalchemy.url", url)
    return config


def upgrade(url: str, revision: str = "head") -> None:
    prepare_sqlite_path(url)
    command.upgrade(alembic_config(url), revision)


def downgrade(url: str, revision: str = "base") -> None:
    command.downgrade(alembic_config(url), revision)


def check(url: str) -> None:
    """Raise if the models and the migrations disagree (alembic check)."""
    command.check(alembic_config(url))
