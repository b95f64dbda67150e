"""The SQLite pool skips the ROLLBACK after a committed transaction, but never hands out a connection that still
holds one: a transaction left open by its user is rolled back when the connection goes back to the pool."""

from __future__ import annotations

from sqlalchemy import text

from bot.store.database import Database


async def test_a_connection_returned_inside_a_transaction_is_rolled_back(db: Database) -> None:
    async with db.engine.connect() as conn:
        raw = await conn.get_raw_connection()
        driver = raw.driver_connection
        assert driver is not None
        # Straight through the driver, where SQLAlchemy does not see it (and so cannot roll it back itself).
        await driver.execute("BEGIN IMMEDIATE")
        await driver.execute("CREATE TABLE scratch (x INTEGER)")
        sqlite = driver._conn
        assert sqlite.in_transaction
    # Back in the pool: the table was never committed, and the next transaction begins normally.
    assert not sqlite.in_transaction
    async with db.session() as s:
        found = await s.execute(text("SELECT name FROM sqlite_master WHERE name = 'scratch'"))
        assert found.first() is None


async def test_a_committed_session_leaves_nothing_open(db: Database) -> None:
    for _ in range(3):  # each BEGIN IMMEDIATE would fail inside a transaction left open by the one before
        async with db.session() as s:
            await s.execute(text("SELECT 1"))
