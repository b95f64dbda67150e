"""The verbs of pace, for every game: the host's pace, a player's own time (time zone, quiet hours,
vacation), nudges, and what the table decides when a deadline passes. Each runs under the game's lock in one
transaction, like every other verb, and its notice goes out after the commit.

The timers' side (reminders and deadlines coming due, downtime) is in `alarms.py`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from sqlalchemy import CursorResult, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from bot.pace import (
    DAY,
    NUDGE_EVERY,
    AtDeadline,
    Habits,
    Pace,
    PaceError,
    after_quiet,
    is_quiet,
    next_reminder,
    parse_quiet,
    parse_vacation,
    stamp,
    vacation_shift,
    zone,
)
from bot.service import absent, boundary, waits
from bot.service.guard import seats_of
from bot.service.types import GameRef, NotAllowed, Notice, NotSeated, Reminder, User, WaitInfo
from bot.store.models import OPEN_STATUSES, GameRow, GameStatus, PlayerRow, SeatRow, WaitRow
from engines import registry
from engines.core import RuleError

if TYPE_CHECKING:
    from bot.service.core import Core

MAX_REMIND_HOURS = 24 * 30
MAX_DEADLINE_DAYS = 60
ACTIONS = ("extend", "skip", "auto")


def pace_columns(pace: Pace) -> dict[str, Any]:
    """A pace as the game row's columns, checked: the host typed these numbers."""
    after, every = pace.remind_after / timedelta(hours=1), pace.remind_every / timedelta(hours=1)
    days = 0 if pace.deadline is None else pace.deadline / DAY
    for hours in (after, every):
        if not (hours == int(hours) and 1 <= hours <= MAX_REMIND_HOURS):
            raise PaceError(f"Reminders are set in whole hours, from 1 to {MAX_REMIND_HOURS}.")
    if not (days == int(days) and 0 <= days <= MAX_DEADLINE_DAYS):
        raise PaceError(f"A deadline is a whole number of days, from 1 to {MAX_DEADLINE_DAYS} (0: none).")
    at_deadline = AtDeadline(pace.at_deadline)
    return {
        "remind_after_hours": int(after),
        "remind_every_hours": int(every),
        "deadline_days": int(days),
        "allow_auto": pace.allow_auto or at_deadline is AtDeadline.AUTO,  # choosing it is allowing it
        "at_deadline": str(at_deadline),
    }


def pace_changes(
    args: list[str] | None = None,
    *,
    after: int | None = None,
    every: int | None = None,
    deadline: int | None = None,
    auto: bool | None = None,
    at: str | None = None,
) -> dict[str, Any]:
    """The pace fields to change, from typed words (`after=12 every=24 deadline=3 auto=yes at=skip`) or
    from the adapter's own typed arguments; unnamed fields stay as they are."""
    for word in args or []:
        key, sep, value = word.partition("=")
        if not sep or key not in ("after", "every", "deadline", "auto", "at"):
            raise PaceError(f"Unknown pace setting '{word}'. Use after=, every=, deadline=, auto= and at=.")
        if key == "auto":
            auto = value.lower() in ("yes", "on", "true")
        elif key == "at":
            at = value
        elif not value.isdigit():
            raise PaceError(f"{key} takes a whole number, not '{value}'.")
        elif key == "after":
            after = int(value)
        elif key == "every":
            every = int(value)
        else:
            deadline = int(value)
    changes: dict[str, Any] = {}
    if after is not None:
        changes["remind_after"] = timedelta(hours=after)
    if every is not None:
        changes["remind_every"] = timedelta(hours=every)
    if deadline is not None:
        changes["deadline"] = timedelta(days=deadline) if deadline > 0 else None
    if auto is not None:
        changes["allow_auto"] = auto
    if at is not None:
        if at not in tuple(AtDeadline):
            raise PaceError("At a deadline: ask (the table decides), skip, or auto.")
        changes["at_deadline"] = AtDeadline(at)
    return changes


def pace_text(pace: Pace) -> str:
    hours = int(pace.remind_after / timedelta(hours=1)), int(pace.remind_every / timedelta(hours=1))
    deadline = "no deadline" if pace.deadline is None else f"a deadline of {pace.deadline.days} day(s) per decision"
    then = {
        AtDeadline.ASK: "when it passes, the table decides",
        AtDeadline.SKIP: "when it passes, the decision is skipped",
        AtDeadline.AUTO: "when it passes, the automatic seat plays",
    }[pace.at_deadline]
    auto = "allowed" if pace.allow_auto else "not allowed"
    return (
        f"reminders after {hours[0]} h, then every {hours[1]} h; {deadline}"
        + (f" ({then})" if pace.deadline else "")
        + f"; automatic seat {auto}"
    )


def asked(game_name: str, state: Any, seat: str) -> list[str]:
    """What the seat is asked now, in the engine's words (may name its own hidden cards: DMs only)."""
    game = registry.get(game_name)
    return [f"Decision {d.id}: {d.prompt}" for d in game.pending(state) if d.seat == seat]


@dataclass
class Listed:
    ref: GameRef
    waits: list[WaitInfo] = field(default_factory=list)


class Tempo:
    def __init__(self, service: Core) -> None:
        self.service = service

    @property
    def now(self) -> datetime:
        return self.service.clock()

    async def _load(
        self, s: AsyncSession, game_id: int, user: User | None = None
    ) -> tuple[GameRow, list[SeatRow], list[WaitRow]]:
        svc = self.service
        row = await svc.load_row(s, game_id, user)
        return row, await svc.load_seats(s, game_id), await waits.rows_of(s, game_id)

    def _table(self, row: GameRow, seats: list[SeatRow], wait_rows: list[WaitRow], *lines: str) -> Notice:
        return Notice(
            ref=self.service.ref_of(row),
            seats=self.service.seat_infos(seats),
            public_lines=list(lines),
            waits=waits.infos(wait_rows, seats),
        )

    # --- the host's pace ---------------------------------------------------------------------
    async def pace(self, game_id: int) -> Pace:
        async with self.service.db.session() as s:
            return waits.pace_of(await self.service.load_row(s, game_id))

    async def set_pace(self, game_id: int, user: User, **changes: Any) -> Pace:
        """Change some of the pace (`remind_after`, `remind_every`, `deadline`, `allow_auto`, `at_deadline`).
        Open waits follow at once: reminders are re-timed, running deadlines move by the difference."""

        async def attempt() -> tuple[Pace, Notice]:
            async with self.service.db.session() as s:
                row, seats, wait_rows = await self._load(s, game_id, user)
                if row.status not in OPEN_STATUSES:
                    raise RuleError(f"Game {game_id} is over.")
                if user.id != row.host_user_id and not boundary.admin_of(user, row.guild_id):
                    raise NotAllowed("Only the host can change the pace.")
                old = waits.pace_of(row)
                wanted = Pace(**{**old.__dict__, **changes})
                await self.service.commit_version(s, row)  # the row changed: a process keeping it reads again
                for name, value in pace_columns(wanted).items():
                    setattr(row, name, value)
                new = waits.pace_of(row)
                await self._retime(s, row, seats, wait_rows, old, new)
                notice = self._table(row, seats, wait_rows, f"{user.name} set the pace: {pace_text(new)}.")
                return new, notice

        pace, notice = await self.service.retrying(game_id, attempt)
        await self.service.notify(notice)
        return pace

    async def _retime(
        self, s: AsyncSession, row: GameRow, seats: list[SeatRow], wait_rows: list[WaitRow], old: Pace, new: Pace
    ) -> None:
        users = {r.seat: r.user_id for r in seats if r.seat}
        habits = await waits.habits_for(s, users.values())
        for w in wait_rows:
            h = habits.get(users.get(w.seat, -1), Habits())
            w.next_reminder_at = next_reminder(w.since, w.reminders_sent, w.last_reminded_at, new, h)
            if new.deadline is None:
                w.deadline_at, w.deadline_told_at = None, None
            elif w.deadline_at is None or old.deadline is None:
                w.deadline_at = w.since + new.deadline + timedelta(milliseconds=w.paused_ms)
                w.deadline_told_at = None
            elif w.deadline_told_at is None:
                w.deadline_at += new.deadline - old.deadline

    # --- a player's own time -----------------------------------------------------------------
    async def habits(self, user_id: int) -> Habits:
        async with self.service.db.session() as s:
            return waits.habits_of(await s.get(PlayerRow, user_id))

    async def _player(self, s: AsyncSession, user_id: int) -> PlayerRow:
        player = await s.get(PlayerRow, user_id)
        if player is None:
            player = PlayerRow(user_id=user_id, updated_at=self.now)
            s.add(player)
            await s.flush()  # two first-time writers collide here, and the caller retries
        return player

    async def settings(self, user: User, timezone: str | None = None, quiet: str | None = None) -> Habits:
        """Set the player's time zone and quiet hours (no reminders then); their waits are re-timed."""
        name = zone(timezone).key if timezone else None
        hours = parse_quiet(quiet) if quiet is not None else None
        self.service.habits.forget(user.id)
        async with self.service.db.session() as s:
            player = await self._player(s, user.id)
            if name:
                player.timezone = name
            if quiet is not None:
                player.quiet_start, player.quiet_end = hours if hours else (None, None)
            player.updated_at = self.now
            habits = waits.habits_of(player)
        for game_id in await self._games_of(user.id):
            await self._rehabit(game_id, user.id, habits, None)
        return habits

    async def _games_of(self, user_id: int) -> list[int]:
        async with self.service.db.session() as s:
            result = await s.execute(
                select(col(GameRow.id))
                .join(SeatRow, col(SeatRow.game_id) == col(GameRow.id))
                .where(col(SeatRow.user_id) == user_id, col(GameRow.status) == GameStatus.ACTIVE)
                .order_by(col(GameRow.id))
            )
            return [i for i in result.scalars() if i is not None]

    async def _rehabit(self, game_id: int, user_id: int, habits: Habits, shift: timedelta | None, *lines: str) -> None:
        """Re-time this user's waits in one game after their habits changed; move running deadlines by
        `shift` (a vacation) and tell the table `lines`."""

        async def attempt() -> Notice | None:
            async with self.service.db.session() as s:
                row, seats, wait_rows = await self._load(s, game_id)
                if row.status != GameStatus.ACTIVE:
                    return None
                mine = {r.seat for r in seats if r.user_id == user_id}
                pace = waits.pace_of(row)
                for w in wait_rows:
                    if w.seat not in mine:
                        continue
                    w.next_reminder_at = next_reminder(w.since, w.reminders_sent, w.last_reminded_at, pace, habits)
                    if shift and w.deadline_at is not None and w.deadline_told_at is None:
                        w.deadline_at += shift
                        w.paused_ms = max(0, w.paused_ms + int(shift.total_seconds() * 1000))
                return self._table(row, seats, wait_rows, *lines)

        notice = await self.service.retrying(game_id, attempt)
        if notice is not None and (notice.public_lines or notice.waits):
            await self.service.notify(notice)

    async def vacation(self, user: User, until: str) -> str:
        """Away until a date (`YYYY-MM-DD`, back on that day) or `off`: the player's deadlines stop running
        meanwhile, no reminders reach them, and every table they sit at is told."""
        now = self.now
        self.service.habits.forget(user.id)
        async with self.service.db.session() as s:
            player = await self._player(s, user.id)
            before = waits.habits_of(player)
            end = parse_vacation(until, before, now)
            old_end = before.vacation_until if before.vacation_until and before.vacation_until > now else None
            if end is None and old_end is None:
                raise RuleError("You are not on vacation.")
            player.vacation_until, player.updated_at = end, now
            habits = waits.habits_of(player)
        shift = vacation_shift(now, old_end, end)
        line = (
            f"{user.name} is on vacation until {stamp(end, 'D')} ({stamp(end)}): their deadlines are paused."
            if end
            else f"{user.name} is back from vacation: their deadlines run again."
        )
        for game_id in await self._games_of(user.id):
            await self._rehabit(game_id, user.id, habits, shift, line)
        if end is None:
            return "Welcome back: your deadlines run again."
        return f"Enjoy your time away. Your deadlines are paused until {stamp(end, 'f')}; the tables are told."

    # --- nudges ------------------------------------------------------------------------------
    async def nudge(self, game_id: int, user: User) -> str:
        """Ping the players the game waits on (not yourself); each player at most once a day, whatever the
        game, and never in their quiet hours (a nudge refused then is not spent)."""

        async def attempt() -> tuple[list[str], Notice]:
            now = self.now
            async with self.service.db.session() as s:
                row, seats, wait_rows = await self._load(s, game_id, user)
                if row.status != GameStatus.ACTIVE:
                    raise RuleError(f"Game {game_id} is not being played.")
                mine = seats_of(seats, user)  # the seated user, or a delegate they named, as for a move
                if not mine:
                    raise NotSeated(f"You are not seated in game {game_id}.")
                by_seat = {r.seat: r for r in seats if r.seat}
                targets = [w for w in wait_rows if w.seat not in mine and not by_seat[w.seat].auto_play]
                if not targets:
                    on_me = any(w.seat in mine for w in wait_rows)
                    raise RuleError("The game is waiting on you." if on_me else "The game is waiting on nobody else.")
                told: list[str] = []
                reminders: list[Reminder] = []
                state = await self.service.state_of(s, row, registry.get(row.game))
                for w in targets:
                    target = by_seat[w.seat]
                    player = await self._player(s, target.user_id)
                    habits = waits.habits_of(player)
                    if is_quiet(now, habits):
                        later = stamp(after_quiet(now, habits))
                        told.append(f"It is night for {target.display_name}; try again {later}.")
                        continue
                    claimed = await s.execute(
                        update(PlayerRow)
                        .where(
                            col(PlayerRow.user_id) == target.user_id,
                            or_(col(PlayerRow.nudged_at).is_(None), col(PlayerRow.nudged_at) <= now - NUDGE_EVERY),
                        )
                        .values(nudged_at=now, nudged_by=user.id)
                    )
                    if _rows(claimed) != 1:  # someone nudged them within the day, here or in another game
                        await s.refresh(player)
                        last = player.nudged_at or now
                        told.append(
                            f"{target.display_name} was nudged {stamp(last)}; they can be nudged again "
                            f"{stamp(last + NUDGE_EVERY)}."
                        )
                        continue
                    reminders.append(
                        Reminder(
                            seat=w.seat,
                            user_id=target.user_id,
                            name=target.display_name,
                            since=w.since,
                            deadline_at=w.deadline_at,
                            asked=asked(row.game, state, w.seat),
                            nudged_by=user.name,
                        )
                    )
                    told.insert(0, f"Nudged {target.display_name}.")
                if not reminders:
                    raise RuleError(" ".join(told))
                notice = Notice(
                    ref=self.service.ref_of(row), seats=self.service.seat_infos(seats), reminders=reminders
                )
                return told, notice

        told, notice = await self.service.retrying(game_id, attempt)
        await self.service.notify(notice)
        return " ".join(told)

    # --- when a deadline has passed ----------------------------------------------------------
    async def decide(self, game_id: int, user: User, wait_id: int, action: str) -> str:
        """The host, or a majority of the seats other than the late one, chooses what happens after a passed
        deadline: `extend` it by the game's deadline, `skip` the open decisions (the game's default answer),
        or hand the seat to the automatic seat (if the host allows it) until its player is back."""
        if action not in ACTIONS:
            raise RuleError(f"Choose one of: {', '.join(ACTIONS)}.")

        async def attempt() -> tuple[str, Notice, WaitRow | None]:
            now = self.now
            async with self.service.db.session() as s:
                row, seats, wait_rows = await self._load(s, game_id, user)
                wait = next((w for w in wait_rows if w.id == wait_id), None)
                if row.status != GameStatus.ACTIVE or wait is None or wait.deadline_told_at is None:
                    raise RuleError("That deadline is no longer open: the player has moved, or it was settled.")
                if action == "auto" and not row.allow_auto:
                    raise NotAllowed("The host has not allowed the automatic seat in this game (`/game pace`).")
                late = next(r for r in seats if r.seat == wait.seat)
                me = next((r for r in seats if r.user_id == user.id), None)
                if user.id != row.host_user_id and not boundary.admin_of(user, row.guild_id):
                    if me is None or me.seat is None:
                        raise NotSeated(f"You are not seated in game {game_id}.")
                    if me.seat == wait.seat:
                        raise NotAllowed("This is your own deadline: just make your move.")
                    others = [r.seat for r in seats if r.seat and r.seat != wait.seat]
                    votes: dict[str, str] = json.loads(wait.votes_json)
                    votes[me.seat] = action
                    wait.votes_json = json.dumps(votes, sort_keys=True)
                    count = sum(1 for seat, v in votes.items() if v == action and seat in others)
                    need = len(others) // 2 + 1  # a majority of the seats other than the late one
                    if count < need:
                        line = f"{user.name} votes to {action} for {late.display_name} ({count} of {need} needed)."
                        notice = self._table(row, seats, wait_rows, line)
                        return f"Your vote is counted ({count} of {need}).", notice, None
                days = row.deadline_days or 1
                wait.votes_json = "{}"
                if action == "extend":
                    wait.deadline_at, wait.deadline_told_at = now + timedelta(days=days), None
                    line = f"{late.display_name}'s deadline is extended: due {stamp(wait.deadline_at)}."
                    return "Extended.", self._table(row, seats, wait_rows, line), None
                if action == "auto":
                    await self.service.commit_version(s, row)  # the seats changed (see `pace`)
                    late.auto_play = True
                    line = (
                        f"The automatic seat plays for {late.display_name} until they are back "
                        "(`/game back`): pass, or the smallest legal choice."
                    )
                    return "The automatic seat is on.", self._table(row, seats, wait_rows, line), wait
                wait.deadline_told_at = now  # stays settled while the skip is played
                line = f"{late.display_name}'s open decisions are skipped."
                return "Skipped.", self._table(row, seats, wait_rows, line), wait

        message, notice, then = await self.service.retrying(game_id, attempt)
        await self.service.notify(notice)
        if then is not None and action == "skip":
            await absent.play_for(self.service, game_id, then.seat, "Deadline passed")
        elif then is not None:
            await absent.play_auto_seats(self.service, game_id)
        return message

    async def back(self, game_id: int, user: User) -> str:
        """The player is back: the automatic seat stops playing for them (the host may also call them back)."""

        async def attempt() -> Notice:
            async with self.service.db.session() as s:
                row, seats, wait_rows = await self._load(s, game_id, user)
                if row.status not in OPEN_STATUSES:
                    raise RuleError(f"Game {game_id} is over.")
                me = next((r for r in seats if r.user_id == user.id), None)
                if me is None or me.seat is None:
                    raise NotSeated(f"You are not seated in game {game_id}.")
                if not me.auto_play:
                    raise RuleError("The automatic seat is not playing for you.")
                await self.service.commit_version(s, row)  # the seats changed (see `pace`)
                me.auto_play = False
                return self._table(row, seats, wait_rows, f"{user.name} is back: the automatic seat stops.")

        notice = await self.service.retrying(game_id, attempt)
        await self.service.notify(notice)
        return "Welcome back: your seat is yours again."

    # --- reading -----------------------------------------------------------------------------
    async def listing(self, who: User | None) -> list[Listed]:
        """The open games `who` may see, with whom each waits on and since when: a server's own games, in a
        DM only the caller's own (bot/service/boundary.py), at the console (or `who` None) every game."""
        async with self.service.db.session() as s:
            query = select(GameRow).where(col(GameRow.status).in_(OPEN_STATUSES))
            if who is not None and who.guild_id is not None:
                query = query.where(col(GameRow.guild_id) == who.guild_id)
            elif who is not None and who.in_dm:
                seated = select(col(SeatRow.game_id)).where(
                    or_(col(SeatRow.user_id) == who.id, col(SeatRow.delegate_user_id) == who.id)
                )
                query = query.where(col(GameRow.id).in_(seated))
            rows = list((await s.execute(query.order_by(col(GameRow.id)))).scalars())
            ids = [r.id for r in rows]
            wait_rows = list((await s.execute(select(WaitRow).where(col(WaitRow.game_id).in_(ids)))).scalars())
            seat_rows = list((await s.execute(select(SeatRow).where(col(SeatRow.game_id).in_(ids)))).scalars())
        out = []
        for r in rows:
            mine = [w for w in wait_rows if w.game_id == r.id]
            out.append(Listed(self.service.ref_of(r), waits.infos(mine, [x for x in seat_rows if x.game_id == r.id])))
        return out


def _rows(result: Any) -> int:
    return int(result.rowcount) if isinstance(result, CursorResult) else 0
