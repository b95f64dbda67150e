"""A match's two games and its clock (C 15.3.3, 15.3.4): the gate that turns away the team whose phase
group it is not, the settling of the clock after every move and when its alarms ring, and the verbs of the
clock (hit, pause, resume, adjust, show, downtime)."""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime

from sqlalchemy import or_, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from bot import safe_text
from bot.pace import duration_text
from bot.service import User, absent
from bot.service.types import NotAllowed
from bot.store.models import ClockRow, GameRow, MatchRow, TeamRow, TournamentRow
from bot.tournament import text
from bot.tournament.desk import DECIDED, PLAYING, Desk, Table, ms
from engines import clock as clk
from engines.clock import MINUTE, MatchClock
from engines.clock.face import ClockFace, face
from engines.core import RuleError, codec
from engines.lcg import GAME
from engines.lcg.state import LcgState
from engines.tournament import Tournament, event
from engines.tournament.race import SETUP, active_side, group_name, progress
from engines.tournament.scoring import FLAGGED, Finish, judge, waiting_for

log = logging.getLogger(__name__)


class Matches(Desk):
    # --- the tables of a match ----------------------------------------------------------------
    async def _table(self, s: AsyncSession, match: MatchRow) -> Table:
        states: dict[str, LcgState | None] = {}
        for side, game_id in (("a", match.game_a), ("b", match.game_b)):
            game_row = await s.get(GameRow, game_id) if game_id is not None else None
            started = game_row is not None and game_row.state_json is not None
            states[side] = await self.service.core.state_of(s, game_row, GAME) if game_row and started else None
        clock_row = await s.get(ClockRow, match.id)
        return Table(row=match, clock=clock_row, states=states)

    async def match_of_game(self, game_id: int) -> MatchRow | None:
        async with self.db.session() as s:
            return await self._match_of_game(s, game_id)

    @staticmethod
    async def _match_of_game(s: AsyncSession, game_id: int) -> MatchRow | None:
        query = select(MatchRow).where(or_(col(MatchRow.game_a) == game_id, col(MatchRow.game_b) == game_id))
        return (await s.execute(query.order_by(col(MatchRow.id).desc()))).scalars().first()

    async def match_of_user(self, tid: int, user_id: int) -> tuple[MatchRow, str]:
        """The user's match in the current round, and their side; refused if they play in none."""
        async with self.db.session() as s:
            teams = list((await s.execute(select(TeamRow).where(col(TeamRow.tournament_id) == tid))).scalars())
            mine = [team.number for team in teams if user_id in codec.loads(list[int], team.members_json)]
            if not mine:
                raise NotAllowed("You do not play in this tournament.")
            rows = list((await s.execute(select(MatchRow).where(col(MatchRow.tournament_id) == tid)
                                         .order_by(col(MatchRow.round).desc()))).scalars())
        for m in rows:
            if mine[0] in (m.team_a, m.team_b) and m.team_b:
                return m, "a" if m.team_a == mine[0] else "b"
        raise RuleError("Your team has no match to play yet.")

    async def _gate(self, s: AsyncSession, game: GameRow, seat: str, at: datetime) -> None:
        """Refuse a command in a match game when it is not that team's phase group (C 15.3.3)."""
        if game.id in self._plain:
            # A match binds its games before they start and commands need a started game, so a started game
            # found without a match never gets one: no lookup on the hot path of every other game.
            return
        match = await self._match_of_game(s, game.id or 0)
        if match is None:
            self._plain.add(game.id or 0)
            return
        if match.game_a is None or match.game_b is None:
            return
        if match.status != PLAYING:
            raise RuleError("This match is decided; its games are over for the tournament.")
        table = await self._table(s, match)
        if table.clock is None:
            return
        clock = codec.loads(MatchClock, table.clock.state_json)
        side = "a" if game.id == match.game_a else "b"
        t = codec.loads(Tournament, (await s.get(TournamentRow, match.tournament_id)).state_json)  # type: ignore[union-attr]
        names = {x: text.team_label(t, match.team_a if x == "a" else match.team_b) for x in ("a", "b")}
        if not clock.started:
            if table.side(side).slot == SETUP:
                return  # both teams set up at once, before any clock runs
            raise RuleError(f"Your setup is done; the clocks start when {names['b' if side == 'a' else 'a']} has "
                            "set up too, and then the team that plays first begins.")
        if clock.finished:
            raise RuleError("This match is over; its clock has stopped.")
        if clock.paused is not None:
            raise RuleError(f"The clock is paused for a dispute; {names[clock.active]} resumes it with /rats resume.")
        if clock.active != side:
            other = table.side(clock.active)
            raise RuleError(f"It is {names[clock.active]}'s {group_name(other.at)}; your team plays when they hit "
                            "the clock.")

    async def _abandon_gate(self, s: AsyncSession, game: GameRow) -> None:
        """Refuse `/game abandon` of a game whose match is still being raced. Abandoning would leave the match
        undecided with its clock running; and spec 8.6 has no rule for a team that walks away (R7 is an
        elimination by the game, R8 by the clock), so the bot will not invent one. The organizer decides with
        the tournament's own verbs; once the match is decided its games may be abandoned like any other."""
        if game.id in self._plain:
            return
        match = await self._match_of_game(s, game.id or 0)
        if match is None or match.status != PLAYING:
            return
        trow = await s.get(TournamentRow, match.tournament_id)
        assert trow is not None
        t = codec.loads(Tournament, trow.state_json)
        team = text.team_label(t, match.team_a if game.id == match.game_a else match.team_b)
        raise RuleError(f"Game {game.id} is {team}'s race at table {match.table_no} of round {match.round} of "
                        f"{t.name}, and the match is still being played: abandoning the game would leave the "
                        "match undecided and its clock running. Ask the organizer to record the result "
                        "(`/rats result`) or to drop the team (`/rats drop`); once the match is decided, its "
                        "games can be abandoned.")

    # --- the observer: a game moved -----------------------------------------------------------
    async def _observe(self, game_id: int, at: datetime) -> None:
        if game_id in self._plain:  # not a tournament game: nothing to look up
            return
        async with self.db.session() as s:
            match = await self._match_of_game(s, game_id)
        if match is None or match.status != PLAYING:
            return
        await self.settle(match.id or 0, at)

    async def settle(self, match_id: int, at: datetime, *, hit_by: str = "", pause: tuple[str, str] | None = None,
                     resume: str = "", adjust: tuple[str, int] | None = None) -> list[str]:
        """Bring a match up to `at`: what the clock says happened (warnings, a flag fall), any hand-off the
        games made, the action asked for (a hit by hand, a pause, a resume, an adjustment), and the result if
        the match is decided. Returns the lines announced. Safe to run twice: the second finds nothing new."""
        async with self.db.session() as s:
            first = await s.get(MatchRow, match_id)
        if first is None:
            raise RuleError(f"There is no match {match_id}.")
        tid = first.tournament_id
        said: list[str] = []
        image: list[ClockFace] = []
        decided = False
        opened = ""  # the side whose clock this settling set running (its automatic seats may now play)

        async def work(s: AsyncSession) -> list[str]:
            nonlocal decided, opened
            decided, opened = False, ""  # a retried transaction starts afresh
            said.clear()
            image.clear()
            match = await s.get(MatchRow, match_id)
            assert match is not None
            trow, t = await self._load(s, tid)
            table = await self._table(s, match)
            if match.status != PLAYING or table.clock is None or table.states["a"] is None or table.states["b"] is None:
                if hit_by or pause or resume or adjust:
                    raise RuleError("This match is not being played.")
                return []
            names = (text.team_label(t, match.team_a), text.team_label(t, match.team_b))
            now = ms(at)
            clock = codec.loads(MatchClock, table.clock.state_json)
            events: list[clk.ClockEvent] = []

            def step(result: tuple[MatchClock, list[clk.ClockEvent]]) -> None:
                nonlocal clock
                clock, new = result
                events.extend(new)

            if hit_by:
                if not clock.started or clock.active != hit_by:
                    raise RuleError(f"It is not your phase group; {names[0 if clock.active == 'a' else 1]} hits the "
                                    "clock.")
                if clock.paused is not None or clock.finished:
                    raise RuleError("The clock is stopped; resume it first." if not clock.finished else
                                    "This match is over.")
                setattr(match, f"done_{hit_by}", "{},{}".format(*table.side(hit_by).at))
            try:
                if pause is not None:
                    step(clk.pause(clock, pause[0], now, pause[1]))
                if resume:
                    step(clk.resume(clock, resume, now))
                if adjust is not None:
                    step(clk.adjust(clock, adjust[0], adjust[1], now, "by the organizer"))
            except clk.SideRefusal as refused:  # the clock says "team B"; players read "team 2 (Wardens)"
                raise RuleError(refused.named({"a": names[0], "b": names[1]})) from None
            step(clk.settle(clock, now))
            sides = {x: table.side(x, Finish(how=FLAGGED, round=table.side(x).at[0], group=table.side(x).at[1])
                                    if clock.flagged == x else None) for x in ("a", "b")}
            want = active_side(sides["a"], sides["b"])
            if not clock.finished:
                if not clock.started and want is not None:
                    step(clk.start(clock, now))
                    said.append(f"Both teams are set up: the clocks start. {names[0]} plays first "
                                f"({t.minutes} minutes each).")
                elif clock.started and clock.paused is None and want is not None and want != clock.active:
                    step(clk.hit(clock, clock.active, now))
            m = next(x for x in t.rounds[match.round - 1].matches if x.table == match.table_no)
            result = judge(m, progress(sides["a"]), progress(sides["b"]))
            warnings = [e for e in events if e.kind == clk.WARNING]
            flagged = any(e.kind == clk.FLAG for e in events)
            for e in events:
                who = names[0 if e.side == "a" else 1]
                if e.kind == clk.WARNING:  # a late run tells only the latest, and nothing beside a flag fall
                    if not flagged and e is warnings[-1]:
                        said.append(text.warning_text(who, e.ms))
                elif e.kind == clk.FLAG:
                    said.append(f"{who}'s time has run out: the team is eliminated.")  # C 15.3.4
                elif e.kind == clk.HIT:
                    nxt = names[0 if clock.active == "a" else 1]
                    said.append(f"{who} hits the clock; {nxt} plays its "
                                f"{group_name(sides[clock.active].at)}.")
                elif e.kind == clk.PAUSED:
                    by = "the organizer" if e.by == clk.ORGANIZER else names[0 if e.by == "a" else 1]
                    why = f": {safe_text.ended(e.note)}" if e.note else "."  # "...: is it engaged?", not "?."
                    said.append(f"The clock is paused by {by}{why} The time is charged to nobody; {who} resumes it.")
                elif e.kind == clk.RESUMED:
                    said.append(f"The clock runs again for {who} (paused {e.ms // 1000} seconds, charged to nobody).")
                elif e.kind == clk.ADJUSTED:
                    sign = "+" if e.ms >= 0 else "-"
                    said.append(f"The organizer adjusts {who}'s clock by {sign}{abs(e.ms) // 1000} seconds.")
            if result is None:
                waiting = waiting_for(m, progress(sides["a"]), progress(sides["b"]))
                if waiting and any(e.kind == clk.HIT for e in events):  # told once, when the clock turns
                    said.append(waiting[0].upper() + waiting[1:])
            else:
                step(clk.finish(clock, now, result.reason))
                t = event.record(t, match.table_no, result, round_number=match.round)
                match.status, match.result_json = DECIDED, codec.dumps(result)
                decided = True
                said.append(text.result_text(t, m, result))
                await self._save(s, trow, t)
            group = group_name(sides[clock.active].at) if sides[clock.active].at != SETUP else "setup"
            image.append(face(clock, now, (t.team(match.team_a).name, t.team(match.team_b).name), group))
            said.append(text.times_text(names, image[0].remaining_ms, clock.active, clock.running,
                                        clock.paused is not None) if events or said else "")
            if events or match.status != PLAYING or hit_by:
                await self._save_clock(s, table.clock, clock)
            if clock.running and any(e.kind in (clk.STARTED, clk.HIT, clk.RESUMED) for e in events):
                opened = clock.active
            return [line for line in said if line]

        lines = await self._locked(tid, work)
        if lines:
            png = await self._picture(image[0]) if image else None
            for game_id in (first.game_a, first.game_b):
                await self.announcer.announce(await self._game_place(game_id), "\n".join(lines), png)
        if decided:  # the result goes to the tournament's channel too, then the standings if the round is done
            await self.announcer.announce(await self._channel(tid), next(x for x in lines if x.startswith("Round ")))
            await self._after_result(tid)
        if opened:
            await self._drive(match_id, first.game_a if opened == "a" else first.game_b)
        return lines

    async def _drive(self, match_id: int, game_id: int | None) -> None:
        """The clock now runs for `game_id`'s team: its automatic seats, which the gate held back, play
        (bot/service/absent.py). Their moves settle the clock again and may hand it back; a hand-off made
        while this match is being driven is queued here rather than driven in a nested call, so two teams of
        automatic seats play on in a loop, not in an ever deeper stack."""
        if game_id is None:
            return
        queue = self._driving.get(match_id)
        if queue is not None:
            queue.append(game_id)
            return
        queue = self._driving[match_id] = [game_id]
        try:
            while queue:
                game = queue.pop(0)
                try:
                    await absent.play_auto_seats(self.service.core, game)
                except Exception:  # the settling is committed; the seat plays again on the next trigger
                    log.exception("the automatic seats of game %s failed to play", game)
        finally:
            del self._driving[match_id]

    async def _picture(self, clock_face: ClockFace) -> bytes | None:
        try:
            from render.clock import draw_clock

            return await asyncio.to_thread(draw_clock, clock_face)
        except Exception:
            log.exception("drawing a clock failed")
            return None

    # --- the verbs of a match -----------------------------------------------------------------
    async def hit(self, tid: int, user: User, at: datetime) -> list[str]:
        """`/rats clock`: the active team says its phase group is done (C 15.3.3)."""
        match, side = await self.match_of_user(tid, user.id)
        return await self.settle(match.id or 0, at, hit_by=side)

    async def pause(self, tid: int, user: User, at: datetime, reason: str = "", table: int = 0) -> list[str]:
        """Either team of the match (or the organizer, naming the table) pauses for a dispute (C 15.3.3)."""
        match, by = await self._actor(tid, user, table)
        return await self.settle(match.id or 0, at, pause=(by, reason))

    async def resume(self, tid: int, user: User, at: datetime, table: int = 0) -> list[str]:
        """The active team (or the organizer) restarts the clock (C 15.3.3)."""
        match, by = await self._actor(tid, user, table)
        return await self.settle(match.id or 0, at, resume=by)

    async def match_id(self, tid: int, user: User, table: int = 0) -> int:
        """The match at `table` of the current round, or else the user's own."""
        if table:
            async with self.db.session() as s:
                _, t = await self._load(s, tid)
                return (await self._match(s, tid, len(t.rounds), table)).id or 0
        return (await self.match_of_user(tid, user.id))[0].id or 0

    async def _actor(self, tid: int, user: User, table: int = 0) -> tuple[MatchRow, str]:
        try:
            return await self.match_of_user(tid, user.id)
        except NotAllowed:
            async with self.db.session() as s:
                row, t = await self._load(s, tid)
            self._organizer(row, user)
            if not table:
                raise RuleError("As the organizer, name the table.") from None
            async with self.db.session() as s:
                return await self._match(s, tid, len(t.rounds), table), clk.ORGANIZER

    async def adjust(self, tid: int, user: User, table: int, team: int, minutes: float, at: datetime) -> list[str]:
        async with self.db.session() as s:
            row, t = await self._load(s, tid)
            self._organizer(row, user)
            match = await self._match(s, tid, len(t.rounds), table)
        if team not in (match.team_a, match.team_b) or not match.team_b:
            raise RuleError(f"Team {team} does not play at table {table}.")
        side = "a" if team == match.team_a else "b"
        return await self.settle(match.id or 0, at, adjust=(side, round(minutes * MINUTE)))

    async def clock_face(self, match_id: int, at: datetime) -> ClockFace:
        async with self.db.session() as s:
            match = await s.get(MatchRow, match_id)
            if match is None:
                raise RuleError(f"There is no match {match_id}.")
            table = await self._table(s, match)
            t = (await self._load(s, match.tournament_id))[1]
        if table.clock is None:
            raise RuleError("That match has no clock.")
        clock = codec.loads(MatchClock, table.clock.state_json)
        side = table.side(clock.active)
        group = group_name(side.at)
        return face(clock, ms(at), (t.team(match.team_a).name, t.team(match.team_b).name), group)

    # --- time ---------------------------------------------------------------------------------
    async def running_clocks(self) -> list[tuple[int, datetime | None]]:
        async with self.db.session() as s:
            rows = (await s.execute(select(col(ClockRow.match_id), col(ClockRow.alarm_at)).join(
                MatchRow, col(MatchRow.id) == col(ClockRow.match_id)).where(col(MatchRow.status) == PLAYING))).all()
        return [(int(r[0]), r[1]) for r in rows]

    async def credit_downtime(self, down_from: datetime, down_to: datetime) -> int:
        """At start-up: no running clock is charged for the time the bot was away (DESIGN 'Time')."""
        credited = 0
        for match_id, _ in await self.running_clocks():
            async with self.db.session() as s:
                row = await s.get(ClockRow, match_id)
                match = await s.get(MatchRow, match_id)
                if row is None or match is None:
                    continue
                clock = codec.loads(MatchClock, row.state_json)
                clock, events = clk.credit_downtime(clock, ms(down_from), ms(down_to))
                if not any(e.kind == clk.DOWNTIME for e in events):
                    continue
                await self._save_clock(s, row, clock)
            credited += 1
            line = f"The bot was away for {duration_text(down_to - down_from)}; that time is charged to neither clock."
            for game_id in (match.game_a, match.game_b):
                await self.announcer.announce(await self._game_place(game_id), line)
        return credited

    async def alarm_of(self, match_id: int) -> datetime | None:
        """When the match's clock next has something to say, as stored; None if it is stopped or decided."""
        async with self.db.session() as s:
            match = await s.get(MatchRow, match_id)
            row = await s.get(ClockRow, match_id)
        return row.alarm_at if row is not None and match is not None and match.status == PLAYING else None

    async def due(self, now: datetime) -> list[int]:
        return [m for m, when in await self.running_clocks() if when is not None and when <= now]


