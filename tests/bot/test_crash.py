"""Crash consistency (issue 7, 'Nothing lost'): a real Westmarch process (tests/bot/crash_driver.py) plays
2,000 commands across 50 games on a real database (Tally and LCG moves, free undos, undo requests and the
consents that apply them) and is killed with SIGKILL at 20 random moments (while games are being created,
mid-transaction, between a commit and its acknowledgement), then started again.

Afterwards every acknowledged command is in the journal, once, where it was acknowledged; nothing is
half-applied (each game row, its journal, its snapshots and its waits agree); a command resent after a kill
is refused as "no longer open" if it had been committed; and every stored state equals the replay of its
journal from the seed."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from sqlalchemy import select
from sqlmodel import col

from bot.service.core import Core, SilentMessenger
from bot.service.history import effective, rebuild
from bot.store.database import Database
from bot.store.models import GameRow, GameStatus, JournalKind, JournalRow, SnapshotRow, WaitRow
from bot.store.snapshots import unpack
from engines import registry
from engines.core import codec

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
GAMES, COMMANDS, KILLS = 50, 2000, 20
LCG_EVERY = 10  # games 10, 20, ... are LCG games; the rest Tally
RUN_SECONDS = 300  # one run of the driver; far more than it needs


@dataclass
class Runs:
    """What the driver said, over all its runs. Only whole lines count: a line cut by the kill was never
    seen by anyone."""

    acks: list[tuple[int, int, str]] = field(default_factory=list)
    retries: list[str] = field(default_factory=list)
    kills: int = 0
    events: int = 0  # START and ACK lines: how far the workload has gone
    done: str = ""


def run_driver(url: str, intent: Path, log: Path, runs: Runs, kill_after: int | None, rng: random.Random) -> None:
    """Start the driver; after `kill_after` START/ACK lines (and a random few milliseconds, so the kill lands
    anywhere in the next transaction) kill it with SIGKILL. None: let it finish."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "tests.bot.crash_driver", url, "--games", str(GAMES),
               "--commands", str(COMMANDS), "--lcg-every", str(LCG_EVERY), "--intent", str(intent)]
    with log.open("ab") as errors:
        proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=errors, cwd=ROOT, env=env)
    assert proc.stdout is not None
    seen, started = 0, time.monotonic()
    try:
        for raw in proc.stdout:
            if not raw.endswith(b"\n"):
                break  # cut by the kill: never acknowledged
            line = raw.decode().rstrip("\n")
            kind, _, rest = line.partition(" ")
            if kind == "ACK":
                game, seq, text = rest.split(" ", 2)
                runs.acks.append((int(game), int(seq), text))
            elif kind == "RETRY":
                runs.retries.append(rest)
            elif kind == "DONE":
                runs.done = rest
            if kind in ("ACK", "START"):
                seen += 1
                runs.events += 1
                if kill_after is not None and seen == kill_after:
                    time.sleep(rng.uniform(0, 0.03))
                    proc.send_signal(signal.SIGKILL)
                    runs.kills += 1
            assert time.monotonic() - started < RUN_SECONDS, "the driver is stuck"
    finally:
        code = proc.wait(timeout=RUN_SECONDS)
    if kill_after is None:
        assert code == 0, log.read_text(encoding="utf-8")[-3000:]
    else:
        assert code == -signal.SIGKILL, log.read_text(encoding="utf-8")[-3000:]


def crash_and_restart(url: str, tmp: Path, seed: int) -> Runs:
    """20 runs killed at random moments spread over the whole workload (the first while the games are being
    created), then one run to the end."""
    rng = random.Random(seed)
    total = GAMES + COMMANDS  # START and ACK lines of a run without kills
    points = sorted({rng.randrange(5, GAMES), *rng.sample(range(GAMES, total - 100), KILLS - 1)})
    runs, intent, log = Runs(), tmp / "intent.json", tmp / "driver.log"
    for point in points:
        run_driver(url, intent, log, runs, max(1, point - runs.events), rng)
    # About one kill in five lands between a command's sending and its acknowledgement, leaving it to be resent
    # (4 of 20 in a run here), so now and then none of the 20 does (about 1 run in 90; CI, once). Then a few more
    # kills soon after a restart, until one does: the check of what a resent command does needs one to check.
    extra = 0
    while not runs.retries and extra < KILLS // 2 and runs.events < total - 50:
        run_driver(url, intent, log, runs, rng.randrange(2, 8), rng)
        extra += 1
    run_driver(url, intent, log, runs, None, rng)
    assert runs.kills == KILLS + extra
    applied = sum(" applied " in r for r in runs.retries)
    print(f"{runs.kills} kills, {len(runs.acks)} acknowledgements, {len(runs.retries)} commands resent "
          f"({applied} applied, {len(runs.retries) - applied} refused as already committed)")
    return runs


async def check_nothing_lost(url: str, runs: Runs) -> None:
    registry.load()
    db = Database(url)
    try:
        async with db.session() as s:
            games = list((await s.execute(select(GameRow).order_by(col(GameRow.id)))).scalars())
            journal = list((await s.execute(select(JournalRow))).scalars())
            snapshots = list((await s.execute(select(SnapshotRow))).scalars())
            waits = list((await s.execute(select(WaitRow))).scalars())
            # What a restarted bot loads: each game's newest snapshot and the journal after it.
            core = Core(db, SilentMessenger())
            loaded = {g.id: await core.state_of(s, g, registry.get(g.game)) for g in games}
    finally:
        await db.close()
    assert len(games) == GAMES and all(g.status != GameStatus.LOBBY for g in games)
    assert sum(r.kind != JournalKind.START for r in journal) == COMMANDS == int(runs.done)

    # Every acknowledged command is in the journal, at the seq it was acknowledged with, exactly once.
    rows = {(r.game_id, r.seq): r for r in journal}
    assert len(rows) == len(journal)
    assert len(set(runs.acks)) == len(runs.acks)
    for game_id, seq, text in runs.acks:
        row = rows.get((game_id, seq))
        assert row is not None, f"game {game_id}: acknowledged command {seq} '{text}' is lost"
        assert (row.kind, row.text if text != "undo" else "undo") == (
            JournalKind.UNDO if text == "undo" else JournalKind.COMMAND,
            text,
        ), (row.kind, row.text, text)
    # A command resent after a kill was refused if it had been committed, never applied twice.
    assert runs.retries, "no kill left a command to resend"
    fates = [r.split(" ", 1)[1] for r in runs.retries]
    assert all(f.startswith("applied ") or f.startswith("refused That choice is no longer open") for f in fates), fates

    for game in games:
        g = registry.get(game.game)
        mine = sorted((r for r in journal if r.game_id == game.id), key=lambda r: r.seq)
        where = f"game {game.id} ({game.game})"
        assert [r.seq for r in mine] == list(range(1, game.journal_seq + 1)), where  # no gap, nothing ahead
        in_effect = effective(mine)
        answered = [e.text.split()[1] for e in in_effect if e.text.startswith("answer ")]
        assert len(answered) == len(set(answered)), where  # no decision answered twice
        replayed = rebuild(g, mine, None, {})
        assert codec.dumps(loaded[game.id]) == codec.dumps(replayed), where  # the stored state is the replay
        assert (game.status == GameStatus.FINISHED) == (g.outcome(replayed) is not None), where
        # Only snapshots of the history in effect: after a command in effect, the start, or an undo.
        kept = {e.seq for e in in_effect} | {1} | {r.seq for r in mine if r.kind == JournalKind.UNDO}
        for snap in (x for x in snapshots if x.game_id == game.id):
            assert snap.seq in kept, where
            at = codec.dumps(rebuild(g, mine, snap.seq, {}))
            assert unpack(snap.state_json) == at, f"{where} snapshot {snap.seq}"
        waited = {w.seat for w in waits if w.game_id == game.id}
        assert waited == {d.seat for d in g.pending(replayed)}, where  # the waits were written with the move


def test_sigkill_at_20_random_moments_loses_nothing_on_sqlite(tmp_path: Path):
    url = f"sqlite+aiosqlite:///{tmp_path / 'westmarch.db'}"
    from bot.store import migrate

    migrate.upgrade(url)
    runs = crash_and_restart(url, tmp_path, seed=7)
    asyncio.run(check_nothing_lost(url, runs))


@pytest.mark.postgres
def test_sigkill_at_20_random_moments_loses_nothing_on_postgresql(pg_url: str, tmp_path: Path):
    runs = crash_and_restart(pg_url, tmp_path, seed=11)
    asyncio.run(check_nothing_lost(pg_url, runs))

