"""In-memory timers for reminders and deadlines (DESIGN.md, 'Time'; LESSONS, 'Time, clocks and schedulers').

The facts live in the `wait` table; APScheduler only holds one date job per fact (`remind:<game>:<seat>`,
`deadline:<game>:<seat>`), rebuilt from the table at start-up, replaced after every commit that touches a
game's waits, with `misfire_grace_time=None` so a job whose time passed while we were busy still runs.
A job only names what to look at: its handler re-reads the row and re-checks, so an early, late or duplicate
run is harmless. An hourly sweep catches anything a lost job would have missed, and a heartbeat every minute
lets the next start-up measure how long the bot was away.

The clock is injectable. Job times are translated from that clock to the wall clock APScheduler reads, so a
test's clock never makes a job ring in a loop; tests drive the handlers (or `sweep`) with their own `now`.
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Callable, Sequence
from contextlib import suppress
from datetime import UTC, datetime, timedelta
from typing import Any

from apscheduler.jobstores.base import JobLookupError
from apscheduler.schedulers.asyncio import AsyncIOScheduler

from bot.service import Service
from bot.service.alarms import DEADLINE, REMIND, Downtime
from bot.service.service import NoTimers
from bot.service.types import WaitInfo

log = logging.getLogger(__name__)

HEARTBEAT = timedelta(minutes=1)
GRACE = timedelta(minutes=2)  # a gap shorter than two missed heartbeats is a restart, not downtime
SWEEP = timedelta(hours=1)


def job_id(kind: str, game_id: int, seat: str) -> str:
    return f"{kind}:{game_id}:{seat}"


class Scheduler:
    def __init__(self, service: Service, *, clock: Callable[[], datetime] | None = None, fire: bool = True) -> None:
        self.service = service
        self.clock = clock or service.clock
        self.fire = fire  # False: jobs are kept and can be inspected, but only the caller runs them
        self.aps = AsyncIOScheduler(
            timezone=UTC, job_defaults={"misfire_grace_time": None, "coalesce": True, "max_instances": 3}
        )
        self._armed: dict[int, dict[str, datetime]] = {}  # game -> job id -> the fact's time it rings at
        self.downtime: Downtime | None = None

        async def ring(kind: str, game_id: int, seat: str, when: datetime) -> None:
            await self._ring(kind, game_id, seat, when)

        # APScheduler inspects the signature of every job it is given, which is most of the cost of arming
        # tens of thousands at start-up; a function that carries its signature is inspected in no time.
        ring.__signature__ = inspect.signature(ring)  # type: ignore[attr-defined]
        self._ring_job = ring

    # --- life ----------------------------------------------------------------------------------
    async def start(self) -> Downtime | None:
        """Credit any downtime (and tell the tables), then arm a job for every open wait. Ready on return."""
        self.aps.start(paused=True)  # jobs added while paused cost no wake-up each
        self.downtime = await self.service.alarms.wake(self.clock(), GRACE)
        await self.service.alarms.backfill(self.clock())
        self.service.timers = self
        by_game: dict[int, list[WaitInfo]] = {}
        for wait in await self.service.alarms.open_waits():
            by_game.setdefault(wait.game_id, []).append(wait)
        for game_id, waits in by_game.items():
            self.update(game_id, waits)
        every = {"replace_existing": True}
        self.aps.add_job(self.beat, "interval", seconds=HEARTBEAT.total_seconds(), id="heartbeat", **every)
        self.aps.add_job(self.sweep, "interval", seconds=SWEEP.total_seconds(), id="sweep", **every)
        if self.fire:
            self.aps.resume()
        return self.downtime

    async def stop(self) -> None:
        """A clean stop is proof of life up to now: the next start counts the downtime from here."""
        self.service.timers = NoTimers()
        if self.aps.running:
            self.aps.shutdown(wait=False)
        try:
            await self.service.alarms.beat(self.clock())
        except Exception:
            log.exception("the last heartbeat could not be written")

    # --- the jobs ------------------------------------------------------------------------------
    def update(self, game_id: int, waits: list[WaitInfo], gone: Sequence[str] = ()) -> None:
        """Set the timers of the seats in `waits` from their facts, and drop those of the seats in `gone`
        (called after every commit that wrote waits; other seats' timers are left as they are)."""
        armed = self._armed.setdefault(game_id, {})
        wanted: dict[str, tuple[datetime, str, str]] = {}
        for w in waits:
            if w.next_reminder_at is not None and not w.auto:  # the automatic seat answers at once
                wanted[job_id(REMIND, game_id, w.seat)] = (w.next_reminder_at, REMIND, w.seat)
            if w.deadline_at is not None and not w.deadline_passed and not w.auto:
                wanted[job_id(DEADLINE, game_id, w.seat)] = (w.deadline_at, DEADLINE, w.seat)
        seats = {w.seat for w in waits} | set(gone)
        for jid in [j for j in armed if j.rsplit(":", 1)[1] in seats and j not in wanted]:
            del armed[jid]
            with suppress(JobLookupError):  # it may have rung already
                self.aps.remove_job(jid)
        offset = datetime.now(UTC) - self.clock()  # wall clock minus ours: zero in production
        for jid, (when, kind, seat) in wanted.items():
            if armed.get(jid) == when:
                continue
            self.aps.add_job(
                self._ring_job, "date", run_date=when + offset, id=jid, args=[kind, game_id, seat, when],
                replace_existing=True,
            )
            armed[jid] = when
        if not armed:
            del self._armed[game_id]

    async def _ring(self, kind: str, game_id: int, seat: str, when: datetime) -> None:
        armed = self._armed.get(game_id, {})
        if armed.get(job_id(kind, game_id, seat)) == when:
            del armed[job_id(kind, game_id, seat)]  # this job is spent; the handler arms the next one
        await self.run(kind, game_id, seat, self.clock())

    async def run(self, kind: str, game_id: int, seat: str, now: datetime) -> bool:
        """Run one handler; True if it acted. A failure is logged: the sweep will try again."""
        alarms = self.service.alarms
        try:
            if kind == REMIND:
                return await alarms.remind_due(game_id, seat, now)
            return await alarms.deadline_due(game_id, seat, now)
        except Exception:
            log.exception("%s for game %s seat %s failed", kind, game_id, seat)
            return False

    async def sweep(self, now: datetime | None = None) -> int:
        """Run everything due by `now` (default: the clock). Returns how many handlers acted."""
        at = now or self.clock()
        acted = 0
        for kind, game_id, seat in await self.service.alarms.due(at):
            acted += await self.run(kind, game_id, seat, at)
        return acted

    async def beat(self) -> None:
        await self.service.alarms.beat(self.clock())

    # --- for tests and the benchmark -----------------------------------------------------------
    def job(self, kind: str, game_id: int, seat: str) -> Any:
        return self.aps.get_job(job_id(kind, game_id, seat))

    def armed(self) -> dict[str, datetime]:
        """Every armed job id and the time (on our clock) it rings at."""
        return {jid: when for jobs in self._armed.values() for jid, when in jobs.items()}
