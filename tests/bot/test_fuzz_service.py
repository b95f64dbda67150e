"""Bad input through the whole service path (issue 7): random and malformed command text, from seated players
and from onlookers, at a Tally and an LCG game on a real SQLite file. The engines' own fuzz
(tests/engines/test_fuzz_commands.py) covers parse and apply; this covers what the service adds (the length
limit, seat lookup, the shorthand that answers a seat's only decision, the journal and the commit): a command
is applied and journaled, or refused with words and nothing is written."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select
from sqlmodel import col

from bot.service import Service, User
from bot.store import migrate
from bot.store.database import Database
from bot.store.models import GameRow, JournalRow, SnapshotRow, WaitRow
from engines import registry
from engines.core import WestmarchError
from tests.conftest import PLAYERS, started_game
from tests.engines.test_fuzz_commands import command_text

ONLOOKER = User(id=999, name="Onlooker")
TEXT = st.one_of(
    command_text,
    st.text(max_size=30),
    st.text(min_size=490, max_size=520),  # about the length limit
    st.integers(0, 40).map(lambda n: f"answer {n} c{n} draw"),
)


async def _written(db: Database, game_id: int) -> tuple[Any, ...]:
    """Everything a command could write for the game."""
    async with db.session() as s:
        row = await s.get(GameRow, game_id)
        assert row is not None

        async def count(table: Any) -> int:
            query = select(func.count()).select_from(table).where(col(table.game_id) == game_id)
            return int((await s.execute(query)).scalar_one())

        return (row.version, row.journal_seq, row.state_json, row.status,
                await count(JournalRow), await count(SnapshotRow), await count(WaitRow))  # fmt: skip


async def _send(url: str, game_id: int, who: User, text: str) -> None:
    db = Database(url)
    try:
        before = await _written(db, game_id)
        try:
            result = await Service(db).act(game_id, who, text)
        except WestmarchError as refusal:
            assert refusal.message.strip(), f"a refusal without words for {text!r}"
            assert await _written(db, game_id) == before, f"the refused {text!r} wrote something"
        else:
            after = await _written(db, game_id)
            assert after[1] == before[1] + 1 == result.seq and after[4] == before[4] + 1  # one journal row
    finally:
        await db.close()


def _fuzz(tmp_path: Path, game: str, options: str, players: int) -> None:
    registry.load()
    url = f"sqlite+aiosqlite:///{tmp_path / 'fuzz.db'}"
    migrate.upgrade(url)

    async def setup() -> int:
        db = Database(url)
        try:
            service = Service(db, seed_source=lambda: 5)
            ref = await service.create(game, PLAYERS[0], options=options)
            for user in PLAYERS[1:players]:
                await service.join(ref.id, user)
            await service.start(ref.id, PLAYERS[0])
            return ref.id
        finally:
            await db.close()

    game_id = asyncio.run(setup()) if options else asyncio.run(_started(url, players))

    @settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(who=st.sampled_from([*PLAYERS[:players], ONLOOKER]), text=TEXT)
    def run(who: User, text: str) -> None:
        asyncio.run(_send(url, game_id, who, text))

    run()


async def _started(url: str, players: int) -> int:
    db = Database(url)
    try:
        return await started_game(Service(db, seed_source=lambda: 5), players=players)
    finally:
        await db.close()


def test_fuzzed_commands_through_the_service_for_tally(tmp_path: Path) -> None:
    _fuzz(tmp_path, "tally", "", 2)


def test_fuzzed_commands_through_the_service_for_the_lcg(tmp_path: Path) -> None:
    _fuzz(tmp_path, "lcg", "scenario=passage-through-mirkwood", 2)
