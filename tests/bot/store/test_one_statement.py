"""A command's writes as one PostgreSQL statement (bot/store/one_statement.py, issue 17): it writes what the
same writes in a transaction write, nothing at all when a guard fails or a row exists, and after warm-up it
is one round trip to the server."""

from __future__ import annotations

import asyncio
import struct
from collections.abc import AsyncIterator, Sequence
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import bindparam, delete, insert, select, update
from sqlalchemy.engine import make_url

from bot.pace import Habits, Pace
from bot.service import Service, waits
from bot.service.core import GAME_BUMP, GAMES, JOURNAL, JOURNAL_INSERT, SNAPSHOT, SNAPSHOT_INSERT
from bot.service.waits import GONE
from bot.store import one_statement, snapshots, writes
from bot.store.database import Database
from bot.store.models import WaitRow
from tests.bot.tables import move, waiting
from tests.conftest import FakeClock, started_game

pytestmark = pytest.mark.postgres

WAITS = WaitRow.metadata.tables[WaitRow.__tablename__]
TABLES = (GAMES, JOURNAL, SNAPSHOT, WAITS)


class InTransaction(Database):
    """The writes as they were committed before: BEGIN, one statement at a time, COMMIT (`writes.run_in`)."""

    async def commit_writes(self, batch: Sequence[writes.Write]) -> None:
        async with self.engine.begin() as conn:
            await writes.run_in(conn, batch)


async def rows_of(db: Database, game_id: int) -> dict[str, list[tuple[Any, ...]]]:
    """Every row the game owns, in order, without the ids the database chose (the game's, the rows' own)."""
    found: dict[str, list[tuple[Any, ...]]] = {}
    async with db.engine.connect() as conn:
        for table in TABLES:
            key = table.c.id if table is GAMES else table.c.game_id
            columns = [c for c in table.c if c.name not in ("id", "game_id")]
            order = [c for c in (table.c.get("seq"), table.c.get("seat")) if c is not None]
            result = await conn.execute(select(*columns).where(key == game_id).order_by(*order))
            found[table.name] = [tuple(r) for r in result.all()]
    return found


async def play(service: Service, game_id: int, moves: int) -> None:
    """Every seat waited on answers, `moves` times: a bid by all four at once, then turns (draws, while the
    deck lasts, so the game runs long)."""
    for _ in range(moves):
        for seat in await waiting(service, game_id):
            await move(service, game_id, seat, draw=True)


async def test_a_game_played_through_the_one_statement_writes_what_a_transaction_writes(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
):
    """Given two databases on one server, one committing each command's writes as one statement and the other
    as before, statement by statement in a transaction, when the same game is played on both (same seed, same
    clock, a snapshot every third command, four seats), then every row of game, journal, snapshot and wait is
    the same on both."""
    clock = FakeClock()
    one, old = Database(pg_url), InTransaction(pg_url)
    statements: list[list[writes.Write]] = []
    commit = one_statement.commit

    async def seen(held: one_statement.Held, batch: Sequence[writes.Write]) -> None:
        statements.append(list(batch))
        await commit(held, batch)

    monkeypatch.setattr(one_statement, "commit", seen)
    try:
        a = Service(one, seed_source=lambda: 7, clock=clock, snapshot_every=3)
        b = Service(old, seed_source=lambda: 7, clock=clock, snapshot_every=3)
        games = [await started_game(service, players=4) for service in (a, b)]
        for service, game_id in zip((a, b), games, strict=True):
            await play(service, game_id, 12)
        assert await rows_of(one, games[0]) == await rows_of(old, games[1])
        assert len((await rows_of(one, games[0]))["journal"]) > 12
        # The commands went through the one statement, with snapshots and waits among their writes.
        assert len(statements) > 12
        assert any(w.statement is SNAPSHOT_INSERT for batch in statements for w in batch)
        assert any(w.statement is GONE for batch in statements for w in batch)
    finally:
        await one.close()
        await old.close()


async def game_of(db: Database, clock: FakeClock) -> tuple[int, int, int]:
    """A started game of two: its id, version and journal seq."""
    service = Service(db, seed_source=lambda: 3, clock=clock)
    game_id = await started_game(service, players=2)
    async with db.engine.connect() as conn:
        found = (await conn.execute(select(GAMES.c.version, GAMES.c.journal_seq).where(GAMES.c.id == game_id)))
        version, seq = found.one()
    return game_id, version, seq


def command(clock: FakeClock, game_id: int, version: int, seq: int) -> list[writes.Write]:
    """A command's writes as bot/service/core.py builds them: the guarded version bump, its journal row, a
    snapshot, and waits ended and begun (two rows each)."""
    now = clock()
    pace = Pace()
    journal: dict[str, Any] = {c.name: None for c in JOURNAL.c if c.name != "id"}
    journal.update(game_id=game_id, seq=seq + 1, kind="command", seat="p1", user_id=101, text="draw",
                   barrier=False, events_json="[]", engine_version="1", data_version="", rng="", created_at=now)
    return [
        writes.Write(GAME_BUMP, {"version": version + 1, "journal_seq": seq + 1, "updated_at": now,
                                 "w_id": game_id, "w_version": version}, guard=True),
        writes.Write(JOURNAL_INSERT, journal),
        writes.Write(SNAPSHOT_INSERT, {"game_id": game_id, "seq": seq + 1, "state_json": "{}", "created_at": now}),
        writes.Write(GONE, [{"w_game": game_id, "w_seat": "p1"}, {"w_game": game_id, "w_seat": "p2"}]),
        writes.Write(waits._upsert("postgresql"),
                     [waits.wait_values(game_id, seat, [seq + 1], now, pace, Habits()) for seat in ("p3", "p4")]),
    ]


@pytest.fixture
async def pg(pg_url: str) -> AsyncIterator[Database]:
    db = Database(pg_url)
    yield db
    await db.close()


async def test_writes_of_several_rows_each_write_what_a_transaction_writes(pg: Database):
    """Given twin games (the same seed and clock) waiting on p1 and p2, with a stale wait of p3 on both, when
    one commits a command's writes as one statement and the other the same writes in a transaction (the waits
    of p1 and p2 ended in one DELETE of two rows, p3's begun again and p4's begun in one upsert of two rows),
    then both games' rows are the same."""
    clock = FakeClock()
    twins = [await game_of(pg, clock) for _ in range(2)]
    for game_id, *_ in twins:
        old = waits.wait_values(game_id, "p3", [1], clock() - timedelta(days=2), Pace(), Habits())
        async with pg.engine.begin() as conn:
            await conn.execute(insert(WAITS), old)
    assert [w[0] for w in (await rows_of(pg, twins[0][0]))["wait"]] == ["p1", "p2", "p3"]
    batches = [command(clock, *twin) for twin in twins]
    assert one_statement.fits(batches[0])
    await pg.commit_writes(batches[0])
    async with pg.engine.begin() as conn:
        await writes.run_in(conn, batches[1])
    first, second = [await rows_of(pg, game_id) for game_id, *_ in twins]
    assert first == second
    assert [(w[0], w[1]) for w in first["wait"]] == [("p3", clock()), ("p4", clock())]


async def test_a_stale_guard_writes_nothing_and_raises_conflict(pg: Database):
    clock = FakeClock()
    game_id, version, seq = await game_of(pg, clock)
    before = await rows_of(pg, game_id)
    with pytest.raises(writes.Conflict):
        await pg.commit_writes(command(clock, game_id, version - 1, seq))
    assert await rows_of(pg, game_id) == before
    await pg.commit_writes(command(clock, game_id, version, seq))  # the same writes, guarded right, do commit
    after = await rows_of(pg, game_id)
    assert len(after["journal"]) == len(before["journal"]) + 1
    assert len(after["snapshot"]) == len(before["snapshot"]) + 1
    assert [w[0] for w in after["wait"]] == ["p3", "p4"]


async def test_a_journal_row_that_exists_undoes_the_whole_command(pg: Database):
    """The guard matches, but the journal already has the seq (another writer's row): the unique violation
    undoes the version bump and everything else, and the caller hears of a conflict."""
    clock = FakeClock()
    game_id, version, seq = await game_of(pg, clock)
    batch = command(clock, game_id, version, seq)
    async with pg.engine.begin() as conn:
        await writes.run_in(conn, [batch[1]])  # the journal row alone, as if another process wrote it
    before = await rows_of(pg, game_id)
    with pytest.raises(writes.Conflict):
        await pg.commit_writes(batch)
    assert await rows_of(pg, game_id) == before


async def test_a_guard_that_touches_two_rows_undoes_the_statement(pg: Database):
    """A guard must touch exactly one row: one that touches two (no key in its WHERE) fails the statement on
    purpose, so its own UPDATE is undone with the rest."""
    clock = FakeClock()
    first, version, seq = await game_of(pg, clock)
    second, *_ = await game_of(pg, clock)
    loose = update(GAMES).where(GAMES.c.host_user_id == bindparam("w_host"))
    before = [await rows_of(pg, g) for g in (first, second)]
    with pytest.raises(writes.Conflict, match="guards touched 2"):
        await pg.commit_writes([writes.Write(loose, {"engine_version": "x", "w_host": 101}, guard=True),
                                *command(clock, first, version, seq)[1:]])
    assert [await rows_of(pg, g) for g in (first, second)] == before


async def test_writes_without_a_guard_commit_in_a_transaction(pg: Database):
    """A checkpoint's snapshots (no guard, as many rows as games) are not one statement: each size would be a
    shape of its own. They still commit, all or nothing."""
    clock = FakeClock()
    games = [(await game_of(pg, clock))[0] for _ in range(3)]
    rows = [{"game_id": g, "seq": 1, "state_json": "{}", "created_at": clock()} for g in games]
    batch = [writes.Write(snapshots.insert_missing("postgresql"), rows)]
    assert not one_statement.fits(batch)
    await pg.commit_writes(batch)
    await pg.commit_writes(batch)  # a checkpoint meeting its own snapshots writes nothing more
    assert [len((await rows_of(pg, g))["snapshot"]) for g in games] == [1, 1, 1]


async def test_two_updates_of_one_table_commit_in_a_transaction(pg: Database):
    """Two UPDATEs of one table could meet on a row, which one statement cannot change twice: such a batch is
    committed in a transaction, and both changes stand."""
    clock = FakeClock()
    game_id, version, seq = await game_of(pg, clock)
    rename = update(GAMES).where(GAMES.c.id == bindparam("w_game"))
    batch = [command(clock, game_id, version, seq)[0],
             writes.Write(rename, {"engine_version": "renamed", "w_game": game_id})]
    assert not one_statement.fits(batch)
    await pg.commit_writes(batch)
    async with pg.engine.connect() as conn:
        found = await conn.execute(select(GAMES.c.version, GAMES.c.engine_version).where(GAMES.c.id == game_id))
        assert tuple(found.one()) == (version + 1, "renamed")


async def test_a_statement_keeps_the_values_it_holds(pg: Database):
    """A literal in a write's WHERE is the statement's own value, not a row's: it stays as it is."""
    clock = FakeClock()
    game_id, version, seq = await game_of(pg, clock)
    only_p2 = delete(WAITS).where(WAITS.c.game_id == bindparam("w_game"), WAITS.c.seat == "p2")
    await pg.commit_writes([command(clock, game_id, version, seq)[0], writes.Write(only_p2, {"w_game": game_id})])
    assert [w[0] for w in (await rows_of(pg, game_id))["wait"]] == ["p1"]


class TripCounter:
    """A TCP proxy in front of the server that counts the round trips it answers: the server ends every
    exchange the client waits for with one ReadyForQuery message ('Z')."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port, self.trips = host, port, 0
        self.server: asyncio.Server | None = None

    async def start(self) -> int:
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        return int(self.server.sockets[0].getsockname()[1])

    async def _serve(self, client_in: asyncio.StreamReader, client_out: asyncio.StreamWriter) -> None:
        server_in, server_out = await asyncio.open_connection(self.host, self.port)
        await asyncio.gather(self._pipe(client_in, server_out, None), self._pipe(server_in, client_out, self._count))

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, count: Any) -> None:
        buffered = b""
        try:
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
                if count is not None:
                    buffered = count(buffered + data)
        finally:
            writer.close()

    def _count(self, data: bytes) -> bytes:
        """Walk the server's messages (a type byte, then a length that counts itself); keep a partial one."""
        while len(data) >= 5:
            kind, length = data[:1], struct.unpack("!I", data[1:5])[0]
            if len(data) < 1 + length:
                break
            self.trips += kind == b"Z"
            data = data[1 + length:]
        return data

    async def close(self) -> None:
        if self.server is not None:
            self.server.close()


async def test_after_warm_up_a_command_is_one_round_trip(pg_url: str):
    """Given the pool's connection warm (its statement prepared once), when a command's writes are committed,
    then the server answers exactly one exchange: no BEGIN, no COMMIT, one statement. The same writes in a
    transaction take one exchange per statement plus BEGIN and COMMIT."""
    url = make_url(pg_url)
    counter = TripCounter(url.host or "127.0.0.1", url.port or 5432)
    port = await counter.start()
    # No SSL request: the server's one-byte answer to it is the only message without a type and a length.
    db = Database(url.set(port=port, query={"ssl": "disable"}).render_as_string(hide_password=False))
    try:
        clock = FakeClock()
        game_id, version, seq = await game_of(db, clock)
        await db.commit_writes(command(clock, game_id, version, seq))  # warm: the statement is prepared
        counter.trips = 0
        await db.commit_writes(command(clock, game_id, version + 1, seq + 1))
        assert counter.trips == 1
        counter.trips = 0
        async with db.engine.begin() as conn:
            await writes.run_in(conn, command(clock, game_id, version + 2, seq + 2))
        assert counter.trips >= 7  # BEGIN, five statements (each prepared first, if new to SQLAlchemy), COMMIT
    finally:
        await db.close()
        await counter.close()


async def test_a_connection_is_kept_between_commands_and_given_back_at_close(pg: Database):
    """Given a command committed, when the next one commits, then it runs on the same server connection without
    checking one out of the pool again; a conflict (a failed statement outside a transaction) keeps it too; and
    closing the database gives every kept connection back to the pool."""
    clock = FakeClock()
    game_id, version, seq = await game_of(pg, clock)
    pool: Any = pg.engine.sync_engine.pool  # a QueuePool (AsyncAdaptedQueuePool), which counts what is out
    await pg.commit_writes(command(clock, game_id, version, seq))
    kept = list(pg._held.idle)
    assert len(kept) == 1
    out = pool.checkedout()
    pid = kept[0].driver_connection.get_server_pid()
    with pytest.raises(writes.Conflict):
        await pg.commit_writes(command(clock, game_id, version, seq))  # stale now
    await pg.commit_writes(command(clock, game_id, version + 1, seq + 1))
    assert pool.checkedout() == out
    assert [c.driver_connection.get_server_pid() for c in pg._held.idle] == [pid]
    await pg._held.close()
    assert pg._held.idle == [] and pool.checkedout() == 0


async def test_a_kept_connection_the_server_closed_is_dropped_and_the_next_command_commits(pg: Database):
    """Given the kept connection terminated by the server while it waited (a restart, an admin), when the next
    command commits, then it does, on another connection, and nothing of the dead one is kept."""
    clock = FakeClock()
    game_id, version, seq = await game_of(pg, clock)
    await pg.commit_writes(command(clock, game_id, version, seq))
    dead = pg._held.idle[0].driver_connection
    async with pg.engine.connect() as conn:
        await conn.exec_driver_sql(f"SELECT pg_terminate_backend({dead.get_server_pid()})")
    for _ in range(100):  # the event loop reads the server's goodbye
        if dead.is_closed():
            break
        await asyncio.sleep(0.01)
    assert dead.is_closed()
    await pg.commit_writes(command(clock, game_id, version + 1, seq + 1))
    assert len((await rows_of(pg, game_id))["journal"]) == seq + 2
    assert [c.driver_connection.is_closed() for c in pg._held.idle] == [False]
