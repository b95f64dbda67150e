"""The service: one entry point per verb, each a single transaction under the game's lock.

    lock the game -> load -> engine.apply -> journal -> version-checked commit -> notify

Notification happens only after the commit and its failure is logged, never rolled back. The version
check on the game row is what keeps two processes from both applying a command to one game.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any

from sqlalchemy import func, select, update
from sqlmodel import col

from bot.pace import Pace
from bot.service import absent, history, limits, undo
from bot.service.alarms import Alarms
from bot.service.asked import Pressed, to_open_form
from bot.service.core import (
    AbandonGate,
    Core,
    Gate,
    Messenger,
    NoTimers,
    Observer,
    SilentMessenger,
    Timers,
    written,
)
from bot.service.guard import Guard, acting_seat, check_playing, seats_of
from bot.service.limits import Limits
from bot.service.live import Live
from bot.service.lobby import Lobby
from bot.service.tempo import Tempo
from bot.service.types import ActResult, GameRef, Notice, NotSeated, Place, SeatInfo, User
from bot.shards import Shards
from bot.store.database import Database
from bot.store.models import (
    OPEN_STATUSES,
    GameRow,
    SeatRow,
    utcnow,
)
from engines import registry
from engines.core import (
    Answer,
    CommandError,
    Decision,
    Event,
    NotACommand,
    RuleError,
    View,
    WestmarchError,
    codec,
)
from engines.core.contract import Game
from engines.core.decisions import accepts, waits_on

__all__ = ["Messenger", "NoTimers", "Service", "SilentMessenger", "Timers", "parse_for_seat"]


class Service:
    """The verbs. What they share lives in `self.core` (bot/service/core.py); the parts that hold the verbs of
    the lobby (lobby), pace and time (tempo, alarms), pausing and delegates (guard), the automatic seat (absent)
    and undo work on that core, never on this class."""

    def __init__(
        self,
        db: Database,
        messenger: Messenger | None = None,
        *,
        snapshot_every: int = 200,
        state_cache: int = 1000,
        clock: Callable[[], datetime] = utcnow,
        seed_source: Callable[[], int] = lambda: secrets.randbits(62),
        limits: Limits | None = None,
    ) -> None:
        self.core = Core(
            db, messenger or SilentMessenger(), snapshot_every=snapshot_every, state_cache=state_cache, clock=clock
        )
        self.limits = limits or Limits()
        self.seed_source = seed_source
        self.tempo = Tempo(self.core)
        self.alarms = Alarms(self.core)
        self.guard = Guard(self.core)  # pause and resume, delegates
        # (the seed read when a game is created: a test or a bench sets `seed_source` on the service)
        self.lobby = Lobby(self.core, lambda: self.limits, lambda: self.seed_source())

    # What the bot's other parts set or read on the service is the core's.
    @property
    def db(self) -> Database:
        return self.core.db

    @property
    def clock(self) -> Callable[[], datetime]:
        return self.core.clock

    @property
    def messenger(self) -> Messenger:
        return self.core.messenger

    @messenger.setter
    def messenger(self, value: Messenger) -> None:
        self.core.messenger = value

    @property
    def timers(self) -> Timers:
        return self.core.timers

    @timers.setter
    def timers(self, value: Timers) -> None:
        self.core.timers = value

    @property
    def shards(self) -> Shards | None:
        return self.core.shards

    @shards.setter
    def shards(self, value: Shards | None) -> None:
        self.core.shards = value

    @property
    def gates(self) -> list[Gate]:
        return self.core.gates

    @property
    def abandon_gates(self) -> list[AbandonGate]:
        return self.core.abandon_gates

    @property
    def observers(self) -> list[Observer]:
        return self.core.observers

    @property
    def on_game_over(self) -> list[Callable[[int], Awaitable[None]]]:
        return self.core.on_game_over

    @property
    def snapshot_every(self) -> int:
        return self.core.snapshot_every

    async def _state(self, row: GameRow, game: Game[Any]) -> Any:
        """The state at the row's version, from memory or read in a transaction of its own."""
        async with self.db.connection() as conn:
            return await self.core.state_of(conn, row, game)

    # --- the lobby (bot/service/lobby.py) ---------------------------------------------------
    async def create(
        self,
        game_name: str,
        host: User,
        place: Place | None = None,
        options: str = "",
        pace: Pace | None = None,
        preset: dict[str, Any] | None = None,
    ) -> GameRef:
        """`preset`: option values set by another part of the bot rather than typed (a campaign's setup)."""
        return await self.lobby.create(game_name, host, place, options, pace, preset)

    async def set_thread(self, game_id: int, thread_id: int) -> None:
        await self.lobby.set_thread(game_id, thread_id)

    async def set_board_message(self, game_id: int, message_id: int | None) -> None:
        await self.lobby.set_board_message(game_id, message_id)

    async def join(self, game_id: int, user: User) -> GameRef:
        return await self.lobby.join(game_id, user)

    async def leave(self, game_id: int, user: User) -> GameRef:
        return await self.lobby.leave(game_id, user)

    async def start(self, game_id: int, user: User) -> Notice:
        return await self.lobby.start(game_id, user)

    async def abandon(self, game_id: int, user: User) -> GameRef:
        return await self.lobby.abandon(game_id, user)

    # --- play --------------------------------------------------------------------------------
    async def act(
        self, game_id: int, user: User, text: str, at: datetime | None = None, *, pressed: Pressed | None = None
    ) -> ActResult:
        """Apply one command for the user's seat. `at` is when the user acted (the interaction's own
        timestamp), recorded in the journal so clocks charge the moment of the click, not of the commit.
        `pressed`: a decision button or menu, whose command is worked out here, under the game's lock, from the
        decision open now (refused if it is not the one the button was posted for; bot/service/asked.py)."""
        text = text.strip()
        limits.check_length(text, self.limits)

        async def attempt() -> tuple[ActResult, Callable[[], Notice]]:
            # The game from memory when this process played it last; one transaction of Core statements to
            # write the command, guarded by the row's version (a stale memory is caught there and retried).
            live = await self.core.in_play(game_id, user)
            row, seats = live.row, live.seats
            assert row is not None and seats is not None
            game = registry.get(row.game)
            try:
                check_playing(row)
                limits.check_journal(row, self.limits)
                before = live.state if live.state is not None else await self._state(row, game)
                said = text if pressed is None else pressed.command(game.pending(before))
                try:  # the seated user, or a delegate they named (bot/service/guard.py)
                    typed = game.parse(said)
                except CommandError:
                    typed = None
                seat = acting_seat(game, before, seats, user, typed, game_id)
                if pressed is not None:
                    pressed.for_seat(game.pending(before), seat)
                if not self.gates:
                    command = typed if typed is not None else parse_for_seat(game, before, seat, said)
                    step = game.apply(before, seat, command)
            except WestmarchError:
                await self.core.confirm(game_id, row.version)  # not refused from a stale memory
                raise
            if self.gates:  # e.g. a tournament match: only the team whose phase group it is
                async with self.db.session() as s:
                    for gate in self.gates:
                        await gate(s, row, seat, at or self.clock())
                    command = typed if typed is not None else parse_for_seat(game, before, seat, said)
                    done = await self.core.commit_command(s, row, seats, game, before, seat, command, user.id, at)
            else:  # committed in a transaction of its own, with other games' commands (bot/store/writes.py)
                done = await self.core.commit_command(None, row, seats, game, before, seat, command, user.id, at,
                                                      step=step)
            # Committed: the kept row is at the version and journal length just written.
            written(row, version=row.version + 1, journal_seq=done[0].seq)
            self.core.cache[game_id] = Live(row.version, self.core.cache[game_id][1], row, seats)
            # (the notice, built after the lock is let go, keeps its views with this entry: Core.keeper)
            return done

        result, tell = await self.core.retrying(game_id, attempt, keeps_live=True)
        when = at or self.clock()
        if not self.core.notices_after:
            notice = tell()
            await self.core.notify(notice)
            await self.core.observe(game_id, when)
            await absent.play_auto_seats(self.core, game_id, notice)
            return result

        async def announce() -> None:  # after the command has returned, in turn with the game's notices
            notice = tell()
            await self.core.deliver(notice)
            await absent.play_auto_seats(self.core, game_id, notice)

        await self.core.after_commit(game_id, announce)
        # The observers (a match's chess clocks) see the game as this command left it, before another command
        # of the game can commit; what they say is queued behind this command's notice.
        await self.core.observe(game_id, when)
        return result

    async def answer(
        self, game_id: int, user: User, decision_id: int, option: str, at: datetime | None = None
    ) -> ActResult:
        """A button press: the same path as typing `answer <decision> <option>`."""
        return await self.act(game_id, user, f"answer {decision_id} {option}", at=at)

    async def form_opened(self, game_id: int, user: User, pressed: Pressed) -> Decision:
        """The decision whose form the user opens, if they may answer it now (bot/service/asked.py)."""
        return await to_open_form(self.core, game_id, user, pressed)

    # --- undo (bot/service/undo.py) ----------------------------------------------------------
    async def undo(self, game_id: int, user: User, at: datetime | None = None) -> str:
        """Take back the last step, or ask the other seats to agree (bot/service/undo.py)."""
        return await undo.ask(self.core, game_id, user, at)

    async def consent_undo(self, game_id: int, user: User, request_id: int, agree: bool) -> str:
        return await undo.consent(self.core, game_id, user, request_id, agree)

    # --- reading -----------------------------------------------------------------------------
    async def game_for_place(self, channel_id: int, *, ended: bool = False) -> int | None:
        """The open game whose thread (or channel) this is. `ended`: else the game whose own thread this is,
        finished or abandoned, for `/game status` and the like in a game's thread after its end (a verb that
        changes the game then refuses it with its own words). An open game comes first, so a finished game's
        thread never hides a newer game started from it."""
        own = col(GameRow.thread_id) == channel_id
        is_open = col(GameRow.status).in_(OPEN_STATUSES)
        here = (own | (col(GameRow.channel_id) == channel_id)) & is_open
        async with self.db.session() as s:
            result = await s.execute(
                select(col(GameRow.id))
                .where(here | own if ended else here)
                # The game whose own thread this is; else the newest game started from this channel; else (ended)
                # the newest game over whose own thread this is.
                .order_by(is_open.desc(), own.desc(), col(GameRow.id).desc())
                .limit(1)
            )
            return result.scalars().first()

    async def open_games(self, guild_id: int | None = None) -> list[GameRef]:
        async with self.db.session() as s:
            query = select(GameRow).where(col(GameRow.status).in_(OPEN_STATUSES))
            if guild_id is not None:
                query = query.where(col(GameRow.guild_id) == guild_id)
            rows = list((await s.execute(query.order_by(col(GameRow.id)))).scalars())
        return [self.core.ref_of(r) for r in rows]

    async def seats(self, game_id: int, user: User | None = None) -> list[SeatInfo]:
        async with self.db.session() as s:
            await self.core.load_row(s, game_id, user)
            return self.core.seat_infos(await self.core.load_seats(s, game_id))

    async def setting(self, game_id: int) -> str:
        """What the host's options make of the game, in its own words ("Scenario: Passage Through Mirkwood,
        standard difficulty."), said when it is created; "" for a game whose options need no saying."""
        row = (await self.core.in_play(game_id, None)).row
        assert row is not None
        return registry.get(row.game).setting(json.loads(row.options_json))

    async def ref(self, game_id: int, user: User | None = None) -> GameRef:
        async with self.db.session() as s:
            return self.core.ref_of(await self.core.load_row(s, game_id, user))

    async def view(self, game_id: int, user: User | None, *, public: bool = False) -> tuple[GameRef, View]:
        """The table as `user` may see it: their seat's view if seated (and not `public`), the public view
        otherwise. `user` None: the bot itself (no server boundary)."""
        async with self.db.session() as s:
            row = await self.core.load_row(s, game_id, user)
            seats = await self.core.load_seats(s, game_id)
        game = registry.get(row.game)
        # A delegate sees the seat they act for.
        seat = next(iter(seats_of(seats, user)), None) if user is not None and not public else None
        if row.state_json is None:
            names = ", ".join(r.display_name for r in seats)
            return self.core.ref_of(row), View(
                game=row.game,
                seat=seat,
                title=f"{game.title}: game {row.id}",
                status=f"Waiting to start. Joined: {names}.",
            )
        return self.core.ref_of(row), game.view(await self._state(row, game), seat)

    async def hand(self, game_id: int, user: User) -> tuple[GameRef, View]:
        ref, view = await self.view(game_id, user)
        if view.seat is None:
            raise NotSeated(f"You are not seated in game {game_id}.")
        return ref, view

    async def log(self, game_id: int, user: User | None, limit: int = 20) -> list[str]:
        """The newest `limit` log lines `user` may read (the public log if they are not seated)."""
        async with self.db.session() as s:
            await self.core.load_row(s, game_id, user)
            seats = await self.core.load_seats(s, game_id)
            rows = await self.core.journal(s, game_id)
        seat = next(iter(seats_of(seats, user)), None) if user is not None else None
        lines: list[str] = []
        for r in rows:
            for e in json.loads(r.events_json):
                event = codec.from_data(Event, e)
                if event.visible_to(seat):
                    lines.append(event.text)
        return lines[-limit:]

    async def record_dm(self, user_id: int, ok: bool) -> None:
        """Remember whether this user accepts DMs from the bot (in every game they sit in)."""
        async with self.db.session() as s:
            await s.execute(update(SeatRow).where(col(SeatRow.user_id) == user_id).values(dm_ok=ok))
        self.core.keep_seats(user_id, dm_ok=ok)

    async def replay(self, game_id: int) -> Any:
        """The state rebuilt from the seed and the journal alone, ignoring snapshots: an audit."""
        async with self.db.session() as s:
            row = await self.core.load_row(s, game_id)
            rows = await self.core.journal(s, game_id)
        return history.rebuild(registry.get(row.game), rows, None, {})

    async def stored_state(self, game_id: int) -> Any:
        async with self.db.session() as s:
            row = await self.core.load_row(s, game_id)
            return None if row.state_json is None else await self.core.state_of(s, row, registry.get(row.game))

    async def count_open(self, guild_id: int) -> int:
        async with self.db.session() as s:
            result = await s.execute(
                select(func.count())
                .select_from(GameRow)
                .where(col(GameRow.guild_id) == guild_id, col(GameRow.status).in_(OPEN_STATUSES))
            )
            return int(result.scalar_one())


def parse_for_seat(game: Game[Any], state: Any, seat: str, text: str) -> Any:
    """Parse a command; a bare option ("draw", "o3 o5", "pass") answers the seat's open decision that takes it
    (its only one, or the only one of several it is an answer to). Where none does, the refusal says what the seat
    is asked, or that nothing is: "Unknown command 'pass'" alone read as if 'pass' were never a word of the game,
    when it was the other seat's turn. A command of the game written wrong ("autopass bogus": a CommandError that
    is not `NotACommand`) keeps its own words, how to write it, unless an open decision takes the text as an answer:
    read as options, it was refused as "Choose exactly one option", or as an answer to nothing."""
    try:
        return game.parse(text)
    except CommandError as refused:
        pending = game.pending(state)
        mine = [d for d in pending if d.seat == seat]
        # A malformed 'answer ...' keeps its own reason: read as options, "answer 51" would be refused as
        # "'answer' is not an option".
        if text.lower().split(maxsplit=1)[:1] in (["answer"], ["order"]):
            raise
        written_wrong = not isinstance(refused, NotACommand)
        if len(mine) == 1:
            read = game.parse(f"answer {mine[0].id} {text}")
            if not (isinstance(read, Answer) and accepts(mine[0], read.choice)):
                if written_wrong:
                    raise
                first, *rest = text.split() or [text]
                if rest:  # "anwser 15 c3", a typo: read as three options, refused as "Choose exactly one option"
                    try:
                        mine[0].option(first)
                    except RuleError as no_option:
                        raise CommandError(f"{refused} {no_option}") from None
            return read
        if mine:
            taken = []
            for d in mine:
                try:
                    read = game.parse(f"answer {d.id} {text}")
                except CommandError:
                    continue
                if isinstance(read, Answer) and accepts(d, read.choice):  # (its first step, where chained)
                    taken.append((d, read))
            if len(taken) == 1:
                return taken[0][1]
            if taken:
                ids = ", ".join(str(d.id) for d, _ in taken)
                raise CommandError(f"'{text}' could answer several of your open questions (decisions {ids}): say "
                                   f"which, as 'answer <decision> {text}'.") from None
            if written_wrong:
                raise
            ids = ", ".join(str(d.id) for d in mine)
            # What the rules say of a word that names something they do not offer (a location at its cap), as an
            # answer naming the decision would have said it.
            reasons = list(dict.fromkeys(why for d in mine for word in text.split()
                                         if (why := game.why_not(state, d, word.partition("=")[0]))))
            said = f" {' '.join(reasons)}" if reasons else ""
            raise CommandError(f"'{text}' is not an answer to any of your open questions (decisions {ids}).{said}") \
                from None
        # Whom the game waits on and for what, in words the table may read ("p2 to choose the next skirmish").
        if pending and not written_wrong:
            waiting = waits_on(pending, lambda d: game.waiting_for(state, d))
            # 'pass' typed out of turn is an answer another seat may give: "(Unknown command 'pass')" after it read
            # as if the game had no such word (a play-tester, in War of the Ring). Such words are said to be answers,
            # as the TCG's own words say; the game's own words only for a word no open question takes.
            # Only public questions' options: whether a card id answers a private one (its options show a hand) is
            # not the typist's to learn.
            answers = any(o.id == word for d in pending if not d.private for o in d.options for word in text.split())
            said = (f"'{text}' is an answer: write it when a decision of yours is open ('answer <n> {text}' names "
                    "which).") if answers else str(refused)
            raise CommandError(f"Nothing is asked of you ({seat}) right now: the game waits on {waiting}. "
                               f"({said})") from None
        raise
