"""The journal as history: which commands are in effect after undos, and rebuilding a state from the
nearest snapshot by replay. The same code serves undo, verification and recovery."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.store.models import JournalKind, JournalRow
from engines.core import Config


@dataclass(frozen=True)
class Entry:
    seq: int
    seat: str | None
    text: str
    barrier: bool
    user_id: int | None


def effective(rows: list[JournalRow]) -> list[Entry]:
    """The commands in effect, oldest first: every COMMAND row that no later UNDO row took back."""
    undone = {r.ref_seq for r in rows if r.kind == JournalKind.UNDO}
    return [
        Entry(seq=r.seq, seat=r.seat, text=r.text, barrier=r.barrier, user_id=r.user_id)
        for r in sorted(rows, key=lambda r: r.seq)
        if r.kind == JournalKind.COMMAND and r.seq not in undone
    ]


def undone_since(rows: list[JournalRow], seats: set[str], at: datetime) -> int | None:
    """The journal seq of the step an undo by one of `seats` took back after `at` (the newest), if any: what a
    request sent at `at` by one of them and delivered again would find already done."""
    taken = [r.ref_seq for r in rows if r.kind == JournalKind.UNDO and r.seat in seats and r.created_at > at]
    return taken[-1] if taken else None


def start_config(rows: list[JournalRow]) -> tuple[Config, int]:
    start = next(r for r in rows if r.kind == JournalKind.START)
    data = json.loads(start.text)
    return Config(seats=list(data["seats"]), options=dict(data["options"])), int(data["seed"])


def start_text(config: Config, seed: int) -> str:
    return json.dumps({"seats": config.seats, "options": config.options, "seed": seed}, sort_keys=True)


def rebuild(game: Any, rows: list[JournalRow], upto: int | None, snapshots: dict[int, str]) -> Any:
    """The state after the effective commands with seq <= `upto` (all of them when None), starting from
    the latest usable snapshot. `snapshots` maps seq -> state JSON and must hold only effective seqs."""
    entries = [e for e in effective(rows) if upto is None or e.seq <= upto]
    usable = [s for s in snapshots if upto is None or s <= upto]
    start_seq = max(usable, default=0)
    if start_seq:
        state = game.loads(snapshots[start_seq])
    else:
        config, seed = start_config(rows)
        state = game.setup(config, seed)
    for entry in entries:
        if entry.seq <= start_seq:
            continue
        assert entry.seat is not None
        state = game.apply(state, entry.seat, game.parse(entry.text)).state
    return state
