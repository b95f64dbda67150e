"""The journal as history: which commands are in effect after undos, and rebuilding a state from the
nearest snapshot by replay. The same code serves undo, verification and recovery."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.store.models import JournalKind, JournalRow
from engines.core import Config, RuleError


@dataclass(frozen=True)
class Entry:
    seq: int
    seat: str | None
    text: str
    barrier: bool
    user_id: int | None
    engine_version: str = ""  # the rules that played it (`Game.version`)


class OtherRules(RuleError):
    """A rebuild would replay a command journaled under another version of the game's rules. Those rules are gone
    (the bot was updated since), and the new ones may read the command otherwise: a decision they answer by
    themselves, another shuffle. So the replay is refused rather than risk a game the table never saw."""

    def __init__(self, entry: Entry, now: str) -> None:
        self.entry = entry
        self.now = now
        super().__init__(f"step {entry.seq} was played under version {entry.engine_version or '?'} of this game's "
                         f"rules, and the bot now plays version {now}")


def effective(rows: list[JournalRow]) -> list[Entry]:
    """The commands in effect, oldest first: every COMMAND row that no later UNDO row took back."""
    undone = {r.ref_seq for r in rows if r.kind == JournalKind.UNDO}
    return [
        Entry(seq=r.seq, seat=r.seat, text=r.text, barrier=r.barrier, user_id=r.user_id,
              engine_version=r.engine_version)
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


def _start(snapshots: Iterable[int], upto: int | None) -> int:
    """The seq of the latest snapshot usable to reach `upto` (0: none, the set-up)."""
    return max((s for s in snapshots if upto is None or s <= upto), default=0)


def before_undo(rows: list[JournalRow], target: int, snapshots: Iterable[int]) -> list[int]:
    """The snapshots an undo of step `target` may rebuild from: those before it, and not of a step already taken
    back (off the line of play)."""
    taken_back = {r.ref_seq for r in rows if r.kind == JournalKind.UNDO}
    return [seq for seq in snapshots if seq < target and seq not in taken_back]


def replayed(rows: list[JournalRow], upto: int | None, snapshots: Iterable[int]) -> list[Entry]:
    """What `rebuild` plays again to reach `upto`: the commands after the latest usable snapshot (of `snapshots`'
    seqs), after the game's set-up (its START row, seat None) when no snapshot is usable."""
    start_seq = _start(snapshots, upto)
    played = [e for e in effective(rows) if e.seq > start_seq and (upto is None or e.seq <= upto)]
    if start_seq:
        return played
    start = next(r for r in rows if r.kind == JournalKind.START)
    return [Entry(seq=start.seq, seat=None, text=start.text, barrier=True, user_id=start.user_id,
                  engine_version=start.engine_version), *played]


def other_rules(game: Any, entries: Iterable[Entry]) -> Entry | None:
    """The first of `entries` journaled under another version of the game's rules than today's, if any."""
    return next((e for e in entries if e.engine_version != game.version), None)


def rebuild(game: Any, rows: list[JournalRow], upto: int | None, snapshots: dict[int, str]) -> Any:
    """The state after the effective commands with seq <= `upto` (all of them when None), starting from
    the latest usable snapshot. `snapshots` maps seq -> state JSON and must hold only effective seqs. Raises
    `OtherRules`, replaying nothing, if a command to replay was played under other rules (`other_rules`)."""
    entries = replayed(rows, upto, snapshots)
    older = other_rules(game, entries)
    if older is not None:
        raise OtherRules(older, game.version)
    start_seq = _start(snapshots, upto)
    if start_seq:
        state = game.loads(snapshots[start_seq])
    else:
        config, seed = start_config(rows)
        state = game.setup(config, seed)
    for entry in entries:
        if entry.seat is not None:  # not the set-up, done above
            state = game.apply(state, entry.seat, game.parse(entry.text)).state
    return state
