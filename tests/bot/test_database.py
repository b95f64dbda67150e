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


async def test_one_trip_cursors_fetch_stream_and_count(db: Database) -> None:
    """bot/store/one_trip.py: rows come back whole, one at a time and in batches; rowcount and lastrowid are
    the statement's own (the version check on every command reads rowcount)."""
    async with db.session() as s:
        await s.execute(text("CREATE TABLE scratch (x INTEGER PRIMARY KEY, y TEXT)"))
        await s.execute(text("INSERT INTO scratch (y) VALUES (:y)"), [{"y": str(i)} for i in range(10)])
        updated = await s.execute(text("UPDATE scratch SET y = 'big' WHERE x > 7"))
        assert updated.rowcount == 3  # type: ignore[attr-defined]
        assert (await s.execute(text("SELECT count(*) FROM scratch"))).scalar_one() == 10
        streamed = await s.stream(text("SELECT x FROM scratch ORDER BY x"))
        first = await streamed.fetchone()
        batch = await streamed.fetchmany(4)
        rest = await streamed.fetchall()
        assert first is not None and first[0] == 1
        assert [r[0] for r in batch] == [2, 3, 4, 5] and [r[0] for r in rest] == [6, 7, 8, 9, 10]
    async with db.engine.connect() as conn:
        inserted = await conn.exec_driver_sql("INSERT INTO scratch (y) VALUES ('new')")
        assert inserted.lastrowid == 11
        await conn.rollback()
