"""Alembic owns the schema: upgrade to head on an empty database, agree with the models, and go back down."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import create_engine, inspect

from bot.store import migrate

TABLES = {"game", "seat", "journal", "snapshot", "undo_request", "guild_settings", "deck", "player", "wait"} | {
    "heartbeat", "campaign"
} | {"tournament", "team", "match", "clock"}


def roundtrip(url: str) -> tuple[set[str], set[str]]:
    migrate.upgrade(url)
    migrate.check(url)  # raises if autogenerate would find a difference
    up = _tables(url)
    migrate.downgrade(url)
    return up, _tables(url)


def _tables(url: str) -> set[str]:
    sync_url = url.replace("+aiosqlite", "").replace("+asyncpg", "+pg8000")
    if "+pg8000" in sync_url:
        return _pg_tables(url)
    engine = create_engine(sync_url)
    try:
        return set(inspect(engine).get_table_names()) - {"alembic_version"}
    finally:
        engine.dispose()


def _pg_tables(url: str) -> set[str]:
    import asyncio

    from sqlalchemy.ext.asyncio import create_async_engine

    async def names() -> set[str]:
        engine = create_async_engine(url)
        async with engine.connect() as conn:
            found = await conn.run_sync(lambda c: set(inspect(c).get_table_names()))
        await engine.dispose()
        return found - {"alembic_version"}

    return asyncio.run(names())


def test_migrations_on_sqlite(tmp_path: Path):
    up, down = roundtrip(f"sqlite+aiosqlite:///{tmp_path / 'm.db'}")
    assert up == TABLES
    assert down == set()


@pytest.mark.postgres
def test_migrations_on_postgresql(pg_url_empty: str):
    up, down = roundtrip(pg_url_empty)
    assert up == TABLES
    assert down == set()
