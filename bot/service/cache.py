"""The decoded states of recently played games, kept in memory so a command need not decode its game's JSON.

Bounded: a play-by-post server has many games and few of them busy at any moment, so memory follows the
number of busy games, not the number of open ones (about 130 KiB a mid-game 4-player LCG table; see
BENCHMARKS.md). A game that falls out is decoded from its row again when next played (a few ms)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Any

Entry = tuple[Any, ...]  # (the game row's version, the state decoded at that version, ...): see live.Live


class StateCache:
    def __init__(self, size: int = 1000, on_evict: Callable[[int, Entry], None] | None = None) -> None:
        """`on_evict`: told of each game that falls out to make room, with its entry (the service writes its
        state as a snapshot: bot/service/core.py `Core.evicted`)."""
        if size < 1:
            raise ValueError("the state cache must hold at least one game")
        self.size = size
        self.on_evict = on_evict
        self._entries: OrderedDict[int, Entry] = OrderedDict()

    def get(self, game_id: int) -> Entry | None:
        entry = self._entries.get(game_id)
        if entry is not None:
            self._entries.move_to_end(game_id)
        return entry

    def __setitem__(self, game_id: int, entry: Entry) -> None:
        self._entries[game_id] = entry
        self._entries.move_to_end(game_id)
        while len(self._entries) > self.size:
            gone = self._entries.popitem(last=False)  # the game played longest ago
            if self.on_evict is not None:
                self.on_evict(*gone)

    def __getitem__(self, game_id: int) -> Entry:
        entry = self.get(game_id)
        if entry is None:
            raise KeyError(game_id)
        return entry

    def pop(self, game_id: int, default: Entry | None = None) -> Entry | None:
        return self._entries.pop(game_id, default)

    def peek(self, game_id: int) -> Entry | None:
        """The entry without marking it as played lately."""
        return self._entries.get(game_id)

    def ids(self) -> list[int]:
        return list(self._entries)

    def values(self) -> list[Entry]:
        return list(self._entries.values())

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._entries

    def __len__(self) -> int:
        return len(self._entries)
