"""Race Against the Shadow tournaments in the service layer: the tables, the two games of each match and
their shared clock (spec 8; engines/tournament, engines/clock).

The rules are the engines'; this module keeps them in the database and joins them to the games:
- a gate on the game service refuses a command in a match game when it is the other team's phase group;
- an observer, after each commit, moves the clock when a team's game has left its phase group (at the
  moment the player acted), and writes the result into the tournament once the match is decided;
- the clock's alarms (10, 5, 1 minutes left; the flag fall) are re-checked from the database when they ring.
Every change of a tournament is one transaction under the tournament's lock, checked by the row's version.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Protocol, TypeVar, cast

from sqlalchemy import CursorResult, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from bot.content.decks import NOT_COUNTED
from bot.service import Service, User
from bot.service.types import NotAllowed, Place, ServiceError, VersionConflict
from bot.store.models import ClockRow, GameRow, MatchRow, TeamRow, TournamentRow
from bot.tournament import text
from engines import clock as clk
from engines import registry
from engines.clock import MINUTE, MatchClock
from engines.clock.face import ClockFace, face
from engines.core import RuleError, codec
from engines.lcg import GAME
from engines.lcg.state import LcgState
from engines.tournament import Match, Player, Result, Tournament, event
from engines.tournament.race import SETUP, Side, active_side, finish_of, group_name, phase_group, progress
from engines.tournament.scoring import FLAGGED, Finish, judge, waiting_for

log = logging.getLogger(__name__)
T = TypeVar("T")
PLAYING, DECIDED = "playing", "decided"


class Announcer(Protocol):
    """Where the tournament speaks: its channel, and each team's game thread (or channel)."""

    async def announce(self, channel_id: int | None, text: str, image: bytes | None = None) -> None: ...

    async def match_thread(self, channel_id: int | None, game_id: int, title: str) -> int | None: ...


class Transcript:
    """An announcer that keeps what it was told, in order: the console prints it, tests read it."""

    def __init__(self) -> None:
        self.lines: list[tuple[int | None, str]] = []
        self.images: list[bytes] = []

    async def announce(self, channel_id: int | None, text: str, image: bytes | None = None) -> None:
        self.lines.append((channel_id, text))
        if image is not None:
            self.images.append(image)

    async def match_thread(self, channel_id: int | None, game_id: int, title: str) -> int | None:
        return None


def ms(at: datetime) -> int:
    return int(at.timestamp() * 1000)


def moment(at_ms: int) -> datetime:
    return datetime.fromtimestamp(at_ms / 1000, UTC)


def _slot(text_: str) -> tuple[int, int] | None:
    if not text_:
        return None
    r, g = text_.split(",")
    return int(r), int(g)


@dataclass
class Table:
    """One match as loaded: its row, its clock, both games' states (None before they exist)."""

    row: MatchRow
    clock: ClockRow | None
    states: dict[str, LcgState | None]

    def side(self, name: str, flag: Finish | None = None) -> Side:
        state = self.states[name]
        slot = phase_group(state) if state is not None else SETUP
        finish = finish_of(state, slot) if state is not None else None
        done = _slot(self.row.done_a if name == "a" else self.row.done_b)
        return Side(slot=slot, done=done, finish=finish or flag)


class ClockAlarms(Protocol):
    def arm(self, match_id: int, when: datetime | None) -> None: ...


class Rats:
    def __init__(self, service: Service, announcer: Announcer | None = None) -> None:
        self.service = service
        self.db = service.db
        self.announcer: Announcer = announcer or Transcript()
        self.alarms: ClockAlarms | None = None
        self._locks: dict[int, asyncio.Lock] = {}
        registry.register(GAME)  # every match is an LCG game
        service.gates.append(self._gate)
        service.observers.append(self._observe)

    # --- plumbing ----------------------------------------------------------------------------
    def _lock(self, tid: int) -> asyncio.Lock:
        return self._locks.setdefault(tid, asyncio.Lock())

    async def _load(self, s: AsyncSession, tid: int) -> tuple[TournamentRow, Tournament]:
        row = await s.get(TournamentRow, tid)
        if row is None:
            raise ServiceError(f"There is no tournament {tid}.")
        return row, codec.loads(Tournament, row.state_json)

    async def _save(self, s: AsyncSession, row: TournamentRow, t: Tournament, **values: Any) -> None:
        status = "finished" if t.over else ("running" if t.rounds else "registering")
        result = await s.execute(
            update(TournamentRow)
            .where(col(TournamentRow.id) == row.id, col(TournamentRow.version) == row.version)
            .values(state_json=codec.dumps(t), version=row.version + 1, status=status, updated_at=self.service.clock(),
                    **values)
        )
        if cast(CursorResult[Any], result).rowcount != 1:
            raise VersionConflict
        row.version += 1

    async def _locked(self, tid: int, work: Callable[[AsyncSession], Awaitable[T]]) -> T:
        async with self._lock(tid):
            for _ in range(8):
                try:
                    async with self.db.session() as s:
                        return await work(s)
                except VersionConflict:
                    await asyncio.sleep(0)
            raise RuleError("The tournament is very busy right now; please try again.")

    @staticmethod
    def _organizer(row: TournamentRow, user: User) -> None:
        if user.id != row.organizer_id and not user.is_admin:
            raise NotAllowed("Only the tournament's organizer (or someone with Manage Server) can do that.")

    async def tournament(self, tid: int) -> Tournament:
        async with self.db.session() as s:
            return (await self._load(s, tid))[1]

    async def current(self, guild_id: int | None) -> int:
        """The newest tournament of this server that is not finished."""
        async with self.db.session() as s:
            query = select(col(TournamentRow.id)).where(col(TournamentRow.status) != "finished")
            if guild_id is not None:
                query = query.where(col(TournamentRow.guild_id) == guild_id)
            ids = list((await s.execute(query.order_by(col(TournamentRow.id).desc()))).scalars())
        if not ids:
            raise ServiceError("There is no tournament running here; an organizer creates one with /rats create.")
        return int(ids[0] or 0)

    # --- the organizer and the teams ----------------------------------------------------------
    async def create(
        self, user: User, name: str, *, place: Place | None = None, fmt: str = "limited", minutes: int = 45,
        scenarios: Sequence[str] = (), rounds: int = 3,
    ) -> int:
        place = place or Place()
        for key in scenarios:
            if key not in GAME.library.scenarios:
                known = ", ".join(sorted(GAME.library.scenarios))
                raise RuleError(f"There is no scenario '{key}'. Scenarios: {known}.")
        t = event.create(name, organizer=user.id, seed=self.service.seed_source(), fmt=fmt, minutes=minutes,
                         scenarios=list(scenarios), rounds=rounds)
        async with self.db.session() as s:
            row = TournamentRow(guild_id=place.guild_id, channel_id=place.channel_id, name=t.name,
                                organizer_id=user.id, state_json=codec.dumps(t), created_at=self.service.clock(),
                                updated_at=self.service.clock())
            s.add(row)
            await s.flush()
            tid = row.id or 0
        unwise = [k for k in scenarios if k in event.NOT_RECOMMENDED]
        note = f" Note: C 15.3.1 does not recommend {', '.join(unwise)} for a race." if unwise else ""
        opening = (f"{user.name} opens the tournament **{t.name}** (number {tid}): {fmt} format, "
                   f"{t.rounds_planned} rounds, {minutes} minutes per team, scenarios {', '.join(t.scenarios)}. "
                   f"Register a team with /rats register.{note}")
        await self.announcer.announce(place.channel_id, opening)
        return tid

    async def register(self, tid: int, user: User, team: str, members: Sequence[tuple[User, str]],
                       heroes: Sequence[Sequence[str]] = ()) -> int:
        """A team of players, each with a deck key from the LCG library; its number is returned."""
        players = []
        for i, (member, key) in enumerate(members):
            try:
                deck = GAME.library.deck(key)
            except KeyError:
                raise RuleError(f"There is no deck '{key}'; import it with /lcg deck import first.") from None
            cards = sum(slot.count for slot in deck.cards if GAME.library.card(slot.card).type not in NOT_COUNTED)
            names = [GAME.library.card(h).name for h in deck.heroes]
            picked = list(heroes[i]) if i < len(heroes) and heroes[i] else names
            players.append(Player(name=member.name, user_id=member.id, deck=key, cards=cards, heroes=picked))
        if user.id not in {m.id for m, _ in members}:
            raise NotAllowed("Register a team you play in.")

        async def work(s: AsyncSession) -> int:
            row, t = await self._load(s, tid)
            t = event.register(t, team, players)
            number = t.teams[-1].number
            await self._save(s, row, t)
            s.add(TeamRow(tournament_id=tid, number=number, name=t.teams[-1].name,
                          members_json=codec.dumps([p.user_id for p in players])))
            return number

        number = await self._locked(tid, work)
        t = await self.tournament(tid)
        await self.announcer.announce(await self._channel(tid), f"{team} registers as team {number}: "
                                      + ", ".join(f"{p.name} ({p.deck})" for p in players) + f". {len(t.teams)} "
                                      "teams so far.")
        return number

    async def pair(self, tid: int, user: User) -> str:
        """Pair the next round; post the pairings, the scenario and the time control (C 15.3.5)."""

        async def work(s: AsyncSession) -> str:
            row, t = await self._load(s, tid)
            self._organizer(row, user)
            t = event.pair_round(t)
            await self._save(s, row, t)
            await self._match_rows(s, tid, t)
            return text.pairings_text(t)

        posted = await self._locked(tid, work)
        await self.announcer.announce(await self._channel(tid), posted)
        return posted

    async def repair(self, tid: int, user: User) -> str:
        async def work(s: AsyncSession) -> str:
            row, t = await self._load(s, tid)
            self._organizer(row, user)
            t = event.repair_round(t)
            await self._save(s, row, t)
            number = len(t.rounds)
            for old in (await s.execute(select(MatchRow).where(col(MatchRow.tournament_id) == tid,
                                                              col(MatchRow.round) == number))).scalars():
                await s.delete(old)
            await s.flush()
            await self._match_rows(s, tid, t)
            return "Pairings changed by the organizer.\n" + text.pairings_text(t)

        posted = await self._locked(tid, work)
        await self.announcer.announce(await self._channel(tid), posted)
        return posted

    async def _match_rows(self, s: AsyncSession, tid: int, t: Tournament) -> None:
        rnd = t.rounds[-1]
        for m in rnd.matches:
            s.add(MatchRow(tournament_id=tid, round=rnd.number, table_no=m.table, team_a=m.a, team_b=m.b,
                           scenario=rnd.scenario, status=DECIDED if m.result is not None else PLAYING,
                           result_json=codec.dumps(m.result) if m.result is not None else None))

    async def start_round(self, tid: int, user: User) -> list[tuple[int, int, int]]:
        """Begin the paired round: each team of each match gets its own LCG game of the round's scenario,
        with its registered decks chosen; the clocks start when both games of a match are set up.
        Returns (table, game of team A, game of team B)."""

        async def work(s: AsyncSession) -> tuple[Tournament, TournamentRow]:
            row, t = await self._load(s, tid)
            self._organizer(row, user)
            t = event.start_round(t)
            await self._save(s, row, t)
            return t, row

        t, row = await self._locked(tid, work)
        rnd = t.rounds[-1]
        made = []
        for m in [m for m in rnd.matches if not m.bye]:
            games = {side: await self._new_game(t, row, m, side) for side in ("a", "b")}
            async with self.db.session() as s:
                match = await self._match(s, tid, rnd.number, m.table)
                match.game_a, match.game_b = games["a"], games["b"]
                s.add(ClockRow(match_id=match.id or 0, state_json=codec.dumps(clk.new_clock(t.minutes * MINUTE, "a")),
                               updated_at=self.service.clock()))
            made.append((m.table, games["a"], games["b"]))
            for side, game_id in games.items():
                await self._choose_decks(t, m, side, game_id)
        await self.announcer.announce(row.channel_id, f"Round {rnd.number} begins. Each team plays in its own thread; "
                                      "the clocks start when both teams of a match have set up.")
        return made

    async def _new_game(self, t: Tournament, row: TournamentRow, m: Match, side: str) -> int:
        number = m.team_of(side)
        team = t.team(number)
        users = [User(id=p.user_id, name=p.name) for p in team.players]
        scenario = t.rounds[-1].scenario
        ref = await self.service.create("lcg", users[0], Place(guild_id=row.guild_id, channel_id=row.channel_id),
                                        options=f"scenario={scenario}")
        thread = await self.announcer.match_thread(row.channel_id, ref.id, f"{t.name} r{len(t.rounds)} "
                                                   f"table {m.table}: {team.name}")
        if thread is not None:
            await self.service.set_thread(ref.id, thread)
        for u in users[1:]:
            await self.service.join(ref.id, u)
        await self.service.start(ref.id, users[0])
        return ref.id

    async def _choose_decks(self, t: Tournament, m: Match, side: str, game_id: int) -> None:
        """The registered decks are the ones played (C 15.3.2): chosen for each player at the start."""
        for p in t.team(m.team_of(side)).players:
            await self.service.act(game_id, User(id=p.user_id, name=p.name), f"deck {p.deck}")

    async def _match(self, s: AsyncSession, tid: int, round_no: int, table: int) -> MatchRow:
        found = (await s.execute(select(MatchRow).where(col(MatchRow.tournament_id) == tid,
                                                        col(MatchRow.round) == round_no,
                                                        col(MatchRow.table_no) == table))).scalars().first()
        if found is None:
            raise RuleError(f"Round {round_no} has no table {table}.")
        return found

    async def _channel(self, tid: int) -> int | None:
        async with self.db.session() as s:
            row = await s.get(TournamentRow, tid)
        return row.channel_id if row is not None else None

    # --- the tables of a match ----------------------------------------------------------------
    async def _table(self, s: AsyncSession, match: MatchRow) -> Table:
        states: dict[str, LcgState | None] = {}
        for side, game_id in (("a", match.game_a), ("b", match.game_b)):
            game_row = await s.get(GameRow, game_id) if game_id is not None else None
            states[side] = (self.service._state(game_row, GAME) if game_row is not None and game_row.state_json
                            else None)
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
        match = await self._match_of_game(s, game.id or 0)
        if match is None or match.game_a is None or match.game_b is None:
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

    # --- the observer: a game moved -----------------------------------------------------------
    async def _observe(self, game_id: int, at: datetime) -> None:
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

        async def work(s: AsyncSession) -> list[str]:
            nonlocal decided
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
                setattr(match, f"done_{hit_by}", "{},{}".format(*table.side(hit_by).at))
            if pause is not None:
                step(clk.pause(clock, pause[0], now, pause[1]))
            if resume:
                step(clk.resume(clock, resume, now))
            if adjust is not None:
                step(clk.adjust(clock, adjust[0], adjust[1], now, "by the organizer"))
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
                    said.append(f"{who}'s time has run out: the team is eliminated (C 15.3.4).")
                elif e.kind == clk.HIT:
                    nxt = names[0 if clock.active == "a" else 1]
                    said.append(f"{who} hits the clock; {nxt} plays its "
                                f"{group_name(sides[clock.active].at)}.")
                elif e.kind == clk.PAUSED:
                    by = "the organizer" if e.by == clk.ORGANIZER else names[0 if e.by == "a" else 1]
                    said.append(f"The clock is paused by {by}" + (f": {e.note}" if e.note else "") + ". The time "
                                f"is charged to nobody; {who} resumes it.")
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
            return [line for line in said if line]

        lines = await self._locked(tid, work)
        if lines:
            png = await self._picture(image[0]) if image else None
            for game_id in (first.game_a, first.game_b):
                await self.announcer.announce(await self._game_place(game_id), "\n".join(lines), png)
        if decided:
            await self._after_result(tid)
        return lines

    async def _save_clock(self, s: AsyncSession, row: ClockRow, clock: MatchClock) -> None:
        alarm = clk.next_alarm(clock)
        result = await s.execute(
            update(ClockRow)
            .where(col(ClockRow.match_id) == row.match_id, col(ClockRow.version) == row.version)
            .values(state_json=codec.dumps(clock), version=row.version + 1, updated_at=self.service.clock(),
                    alarm_at=moment(alarm) if alarm is not None else None)
        )
        if cast(CursorResult[Any], result).rowcount != 1:
            raise VersionConflict
        if self.alarms is not None:
            self.alarms.arm(row.match_id, moment(alarm) if alarm is not None else None)

    async def _picture(self, clock_face: ClockFace) -> bytes | None:
        try:
            from render.clock import draw_clock

            return await asyncio.to_thread(draw_clock, clock_face)
        except Exception:
            log.exception("drawing a clock failed")
            return None

    async def _game_place(self, game_id: int | None) -> int | None:
        if game_id is None:
            return None
        ref = await self.service.ref(game_id)
        return ref.thread_id or ref.channel_id

    async def _after_result(self, tid: int) -> None:
        """When the last match of a round is decided: post the standings (and the champion at the end)."""
        async with self.db.session() as s:
            row, t = await self._load(s, tid)
            told = any(line == f"standings:{len(t.rounds)}" for line in t.log)
            if not t.rounds or not t.rounds[-1].complete or told:
                return
            t.log.append(f"standings:{len(t.rounds)}")
            await self._save(s, row, t)
        await self.announcer.announce(row.channel_id, text.standings_text(t))

    # --- the verbs of a match -----------------------------------------------------------------
    async def hit(self, tid: int, user: User, at: datetime) -> list[str]:
        """`/rats clock`: the active team says its phase group is done (C 15.3.3)."""
        match, side = await self.match_of_user(tid, user.id)
        return await self.settle(match.id or 0, at, hit_by=side)

    async def pause(self, tid: int, user: User, at: datetime, reason: str = "") -> list[str]:
        match, by = await self._actor(tid, user)
        return await self.settle(match.id or 0, at, pause=(by, reason))

    async def resume(self, tid: int, user: User, at: datetime) -> list[str]:
        match, by = await self._actor(tid, user)
        return await self.settle(match.id or 0, at, resume=by)

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

    async def record(self, tid: int, user: User, table: int, outcome: str, *, round_number: int = 0,
                     correct: bool = False) -> str:
        """The organizer writes (or corrects) a match's result: `win <team>`, `draw` or `modified`."""
        now = self.service.clock()

        async def work(s: AsyncSession) -> str:
            row, t = await self._load(s, tid)
            self._organizer(row, user)
            t = event.organizer_result(t, table, outcome, round_number=round_number, correct=correct)
            rnd = t.rounds[(round_number or len(t.rounds)) - 1]
            m = next(x for x in rnd.matches if x.table == table)
            assert m.result is not None
            await self._save(s, row, t)
            await self._decide(s, tid, rnd.number, table, m.result, now)
            return text.result_text(t, m, m.result) + (" (corrected by the organizer)" if correct else "")

        said = await self._locked(tid, work)
        await self.announcer.announce(await self._channel(tid), said)
        await self._after_result(tid)
        return said

    async def _decide(self, s: AsyncSession, tid: int, round_no: int, table: int, result: Result,
                      now: datetime) -> None:
        match = await self._match(s, tid, round_no, table)
        match.status, match.result_json = DECIDED, codec.dumps(result)
        clock_row = await s.get(ClockRow, match.id)
        if clock_row is not None:
            clock = codec.loads(MatchClock, clock_row.state_json)
            if not clock.finished:
                clock, _ = clk.finish(clock, ms(now), "result recorded by the organizer")
                await self._save_clock(s, clock_row, clock)

    async def drop(self, tid: int, user: User, team: int) -> str:
        now = self.service.clock()

        async def work(s: AsyncSession) -> str:
            row, t = await self._load(s, tid)
            self._organizer(row, user)
            t = event.drop(t, team)
            await self._save(s, row, t)
            team_row = (await s.execute(select(TeamRow).where(col(TeamRow.tournament_id) == tid,
                                                              col(TeamRow.number) == team))).scalars().first()
            if team_row is not None:
                team_row.dropped = True
            rnd = t.current
            if rnd is not None and rnd.started:
                for m in rnd.matches:
                    if team in m.teams() and not m.bye and m.result is not None:
                        match = await self._match(s, tid, rnd.number, m.table)
                        if match.status == PLAYING:
                            await self._decide(s, tid, rnd.number, m.table, m.result, now)
            return f"{text.team_label(t, team)} drops out of {t.name}."

        said = await self._locked(tid, work)
        await self.announcer.announce(await self._channel(tid), said)
        await self._after_result(tid)
        return said

    async def standings(self, tid: int) -> str:
        return text.standings_text(await self.tournament(tid))

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
            line = (f"The bot was away for {(down_to - down_from).seconds // 60} minutes; that time is charged "
                    "to neither clock.")
            for game_id in (match.game_a, match.game_b):
                await self.announcer.announce(await self._game_place(game_id), line)
        return credited

    async def due(self, now: datetime) -> list[int]:
        return [m for m, when in await self.running_clocks() if when is not None and when <= now]

