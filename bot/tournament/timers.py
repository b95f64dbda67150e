"""The tournament clocks' timers: one APScheduler date job per running clock, at the moment it next has
something to say (a 10/5/1-minute announcement or the flag fall), on the bot's scheduler.

Like the pace timers (bot/scheduler.py), the facts are in the database (`clock.alarm_at`): jobs are rebuilt
at start-up after the downtime is credited, a job only names the match, and its handler settles the clock
from the database at its own `now`, so a late, early or duplicate run is harmless. A sweep every minute
catches a lost job.
"""

from __future__ import annotations

import logging
from contextlib import suppress
from datetime import UTC, datetime, timedelta

from apscheduler.jobstores.base import JobLookupError

from bot.scheduler import Scheduler
from bot.service.alarms import Downtime
from bot.tournament.service import Rats

log = logging.getLogger(__name__)

SWEEP = timedelta(minutes=1)


class ClockTimers:
    def __init__(self, rats: Rats, scheduler: Scheduler) -> None:
        self.rats = rats
        self.scheduler = scheduler
        self.armed: dict[int, datetime] = {}
        rats.alarms = self

    async def start(self, downtime: Downtime | None) -> None:
        """After the scheduler started (which measured the downtime): credit it to no clock, settle what is
        due, and arm a job for every running clock."""
        if downtime is not None:
            await self.rats.credit_downtime(downtime.down_from, downtime.down_to)
        await self.sweep()
        for match_id, when in await self.rats.running_clocks():
            self.arm(match_id, when)
        self.scheduler.aps.add_job(self.sweep, "interval", seconds=SWEEP.total_seconds(), id="rats-sweep",
                                   replace_existing=True)

    def arm(self, match_id: int, when: datetime | None) -> None:
        jid = f"rats:{match_id}"
        if when is None:
            if self.armed.pop(match_id, None) is not None:
                with suppress(JobLookupError):
                    self.scheduler.aps.remove_job(jid)
            return
        if self.armed.get(match_id) == when:
            return
        offset = datetime.now(UTC) - self.scheduler.clock()  # wall clock minus ours: zero in production
        self.scheduler.aps.add_job(self._ring, "date", run_date=when + offset, id=jid, args=[match_id, when],
                                   replace_existing=True)
        self.armed[match_id] = when

    async def _ring(self, match_id: int, when: datetime) -> None:
        if self.armed.get(match_id) == when:  # this job is spent; settling arms the next one
            del self.armed[match_id]
        await self.ring(match_id, self.scheduler.clock())
        if match_id not in self.armed:  # early, or nothing new: ring again when the clock next has news
            self.arm(match_id, await self.rats.alarm_of(match_id))

    async def ring(self, match_id: int, now: datetime) -> list[str]:
        try:
            return await self.rats.settle(match_id, now)
        except Exception:
            log.exception("the clock of match %s failed", match_id)
            return []

    async def sweep(self, now: datetime | None = None) -> int:
        """Settle every clock due by `now` (default: the clock). Returns how many said something."""
        at = now or self.scheduler.clock()
        told = 0
        for match_id in await self.rats.due(at):
            told += bool(await self.ring(match_id, at))
        return told
