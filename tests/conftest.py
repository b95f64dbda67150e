"""Shared fixtures: real SQLite files, a real PostgreSQL database per test when a server is configured, the
kernel's test game registered, and a messenger that records what the service asks to be delivered."""

from __future__ import annotations

import asyncio
import os
import uuid
from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.engine import make_url

from bot.service import Notice, Service, User
from bot.service.types import Reminder
from bot.store import migrate
from bot.store.database import Database
from engines import registry
from tests.games.tally import GAME as TALLY

registry.register(TALLY)

PG_ENV = "WESTMARCH_TEST_PG_URL"  # e.g. postgresql+asyncpg://westmarch:westmarch@127.0.0.1/westmarch
REQUIRE_PG = os.environ.get("WESTMARCH_REQUIRE_PG") == "1"  # CI sets it: a missing server is a failure


class RecordingMessenger:
    """Collects notices instead of sending them: the service's side of delivery, seen from a test."""

    def __init__(self) -> None:
        self.notices: list[Notice] = []
        self.fail = False

    async def deliver(self, notice: Notice) -> None:
        if self.fail:
            raise RuntimeError("delivery failed")
        self.notices.append(notice)

    def reminders(self) -> list[Reminder]:
        return [r for n in self.notices for r in n.reminders]

    def lines(self) -> list[str]:
        return [line for n in self.notices for line in n.public_lines]


class FakeClock:
    """The service's and the scheduler's `now`, moved by the test: no test sleeps."""

    def __init__(self, start: datetime = datetime(2026, 3, 2, 15, 0, tzinfo=UTC)) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> datetime:
        self.now += timedelta(**delta)
        return self.now


ALICE = User(id=101, name="Alice")
BOB = User(id=102, name="Bob")
CARA = User(id=103, name="Cara")
DORI = User(id=104, name="Dori")
PLAYERS = [ALICE, BOB, CARA, DORI]


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    url = f"sqlite+aiosqlite:///{tmp_path / 'westmarch.db'}"
    migrate.upgrade(url)
    return url


def _pg_admin_url() -> str | None:
    url = os.environ.get(PG_ENV)
    if not url:
        if REQUIRE_PG:
            pytest.fail(f"{PG_ENV} is not set but WESTMARCH_REQUIRE_PG=1")
        pytest.skip(f"no PostgreSQL server: set {PG_ENV} to run this test")
    return url


@pytest.fixture
def pg_url_empty() -> Iterator[str]:
    """A brand-new, empty PostgreSQL database, dropped afterwards."""
    admin = _pg_admin_url()
    assert admin
    name = f"wm_test_{uuid.uuid4().hex[:12]}"
    asyncio.run(_pg_exec(admin, f'CREATE DATABASE "{name}"'))
    try:
        yield make_url(admin).set(database=name).render_as_string(hide_password=False)
    finally:
        asyncio.run(_pg_exec(admin, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


async def _pg_exec(url: str, sql: str) -> None:
    from sqlalchemy.ext.asyncio import create_async_engine

    engine = create_async_engine(url, isolation_level="AUTOCOMMIT")
    try:
        async with engine.connect() as conn:
            await conn.execute(text(sql))
    finally:
        await engine.dispose()


@pytest.fixture
def pg_url(pg_url_empty: str) -> str:
    migrate.upgrade(pg_url_empty)
    return pg_url_empty


@pytest.fixture
def messenger() -> RecordingMessenger:
    return RecordingMessenger()


@pytest.fixture
async def db(sqlite_url: str) -> AsyncIterator[Database]:
    database = Database(sqlite_url)
    yield database
    await database.close()


@pytest.fixture
async def service(db: Database, messenger: RecordingMessenger) -> Service:
    return Service(db, messenger, seed_source=lambda: 4242)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def timed(db: Database, messenger: RecordingMessenger, clock: FakeClock) -> Service:
    """A service whose `now` is the test's clock."""
    return Service(db, messenger, seed_source=lambda: 4242, clock=clock)


async def started_game(service: Service, players: int = 2, game: str = "tally") -> int:
    """A game of `players` seats, created by Alice, joined by the next players, started."""
    ref = await service.create(game, ALICE)
    for user in PLAYERS[1:players]:
        await service.join(ref.id, user)
    await service.start(ref.id, ALICE)
    return ref.id


@pytest.fixture(autouse=True)
def _lcg_library_restored() -> Iterator[None]:
    """The LCG card library is one per process, and the bot adds stored and imported decks and packs to it.
    Each test gets it back as it found it, so no test's decks change another test's random games."""
    from engines.lcg import GAME as LCG

    library = LCG.library
    tables: list[dict[str, Any]] = [library.cards, library.scenarios, library.decks, library.campaigns]
    kept = [dict(t) for t in tables], list(library.packs)
    yield
    for table, saved in zip(tables, kept[0], strict=True):
        table.clear()
        table.update(saved)
    library.packs[:] = kept[1]
