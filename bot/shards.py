"""Which servers this process runs, when Westmarch is sharded across processes.

Discord assigns a server to shard `(guild_id >> 22) % shard_count`. Each process connects the shards it was
given (SHARD_IDS of SHARD_COUNT) and runs only their servers' games and timers: it arms reminders and
deadlines, credits downtime and sweeps for those games alone, so two processes never ring the same timer.
Games with no server (the console's) belong to the process that runs shard 0. Commands may still reach any
game through the shared database: its version check keeps two processes from both applying.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import BigInteger, ColumnElement, and_, literal_column, or_

SHIFT = 22  # a snowflake's timestamp starts at bit 22


class ShardError(ValueError):
    pass


@dataclass(frozen=True)
class Shards:
    count: int
    ids: tuple[int, ...]

    @classmethod
    def parse(cls, count: int | None, ids: str) -> Shards | None:
        """From SHARD_COUNT and SHARD_IDS ("0,1" or "0-3"); None when neither is set (no sharding)."""
        words = [w.strip() for w in ids.replace(" ", ",").split(",") if w.strip()]
        if count is None:
            if words:
                raise ShardError("SHARD_IDS needs SHARD_COUNT: how many shards there are in all.")
            return None
        if count < 1:
            raise ShardError("SHARD_COUNT must be at least 1.")
        chosen: list[int] = []
        for word in words:
            low, sep, high = word.partition("-")
            if not (low.isdigit() and (not sep or high.isdigit())):
                raise ShardError(f"SHARD_IDS: '{word}' is not a shard number or a range like 0-3.")
            chosen += range(int(low), int(high if sep else low) + 1)
        chosen = sorted(set(chosen)) if words else list(range(count))
        if not chosen or any(not 0 <= i < count for i in chosen):
            raise ShardError(f"SHARD_IDS must be shard numbers from 0 to {count - 1}.")
        return cls(count=count, ids=tuple(chosen))

    @staticmethod
    def of(guild_id: int, count: int) -> int:
        """The shard Discord routes a server to."""
        return (guild_id >> SHIFT) % count

    def owns(self, guild_id: int | None) -> bool:
        if guild_id is None:
            return 0 in self.ids
        return self.of(guild_id, self.count) in self.ids

    def where(self, guild_column: Any) -> ColumnElement[bool]:
        """The same test as `owns`, as SQL on a game's guild_id column (SQLite and PostgreSQL alike)."""
        # Inlined integers: PostgreSQL has `bigint >> integer` but not `bigint >> bigint`.
        shifted = guild_column.op(">>", return_type=BigInteger)(literal_column(str(int(SHIFT))))
        shard = shifted.op("%", return_type=BigInteger)(literal_column(str(int(self.count))))
        mine = and_(guild_column.is_not(None), shard.in_(self.ids))
        return or_(mine, guild_column.is_(None)) if 0 in self.ids else mine

    @property
    def name(self) -> str:
        """This process's name for its heartbeat row: each process measures its own downtime."""
        ids = ",".join(map(str, self.ids))
        return f"shards {ids}/{self.count}"[:32]
