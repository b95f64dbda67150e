"""At most a few at once, the others served in the order they came (bot/store/one_statement.py's statements).

SQLAlchemy's pool hands a returned connection to whoever asks first: a command that has waited for one can lose
it again and again to commands arriving after it, and under load some wait seconds while most wait milliseconds
(100 saturated PostgreSQL games: p50 50 ms, p99 1.5 s). Here a place that frees up passes straight to the
longest waiting, so nobody can cut in, and the database runs only a few statements at once instead of every
one the pool allows (on a small server they slow each other down)."""

from __future__ import annotations

import asyncio
from collections import deque


class InTurn:
    def __init__(self, at_once: int) -> None:
        self.at_once = at_once
        self.running = 0
        self.waiting: deque[asyncio.Future[None]] = deque()

    async def enter(self) -> None:
        """Take a place: at once if one is free and nobody waits, else when each who came earlier has had one."""
        if self.running < self.at_once and not self.waiting:
            self.running += 1
            return
        place: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiting.append(place)
        try:
            await place  # `leave` hands the place over and counts it as taken
        except BaseException:
            if place.done() and not place.cancelled():  # handed a place, then cancelled: pass it on
                self.leave()
            elif place in self.waiting:
                self.waiting.remove(place)
            raise

    def leave(self) -> None:
        """Give the place back: to the longest waiting, if any, else free."""
        while self.waiting:
            place = self.waiting.popleft()
            if not place.done():  # (a cancelled waiter's is done)
                place.set_result(None)
                return
        self.running -= 1

    async def __aenter__(self) -> None:
        await self.enter()

    async def __aexit__(self, *_: object) -> None:
        self.leave()
