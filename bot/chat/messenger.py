"""Delivery to Discord: the board and log to the game's thread, hands and private choices by DM, with
the thread as the fallback when a player's DMs are closed.

Pinging a player follows one rule everywhere (a new turn, a reminder, a nudge): a DM first, saying what is
asked and linking the thread; a mention in the thread only when that DM cannot be delivered. The thread's
"Waiting on" line names players without pinging them, except those whose DMs are known to be closed.

What the engines say names seats ("p1 plays Gimli."); everything posted here names players instead: the log
lines, what is asked, the boards (bot/chat/players.py)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Collection, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord

from bot import plugins
from bot.chat import io
from bot.chat.board_posts import BoardPosts
from bot.chat.components import (
    DecisionButton,
    DecisionForm,
    DecisionSelect,
    deadline_view,
    decision_view,
    undo_view,
)
from bot.chat.players import named, names_of, said
from bot.pace import stamp
from bot.service import GameRef, Notice, PrivateNotice
from bot.service.types import Reminder, SeatInfo
from engines.core import Decision
from engines.core.zones import Seat
from render.players import in_words
from render.text import zone_text

if TYPE_CHECKING:
    from bot.chat.host import Host

log = logging.getLogger(__name__)

WHERE_TO_LOOK = "I can't DM you, so use `/game hand` in this thread to see your hand and make your choices."


def thread_link(ref: GameRef) -> str:
    place = ref.thread_id or ref.channel_id
    if ref.guild_id is None or place is None:
        return ""
    return f"https://discord.com/channels/{ref.guild_id}/{place}"


def waiting_line(notice: Notice, told: Collection[Seat] = ()) -> str:
    """`Waiting on Bob (p2), due in 2 days.`: names, not pings (the DM is the ping), except for players whose
    DMs are known to be closed and who were just handed the turn: for them the mention is the ping. Seats in
    `told` are left out: the same post names them with what they are asked (`asked_lines`). Empty: nobody else."""
    parts = [_waiting_on(notice, seat) for seat in notice.waiting_after if seat not in told]
    return f"Waiting on {'; '.join(parts)}." if parts else ""


def _waiting_on(notice: Notice, seat: Seat, *, asked: bool = False) -> str:
    """One seat of the waiting line, `Bob (p2), due in 2 days`; `asked`: as a question line names it, with the
    deadline beside the seat, `Bob (p2, due in 2 days)`, since the line lists several decisions by commas."""
    info = next((s for s in notice.seats if s.seat == seat), None)
    if info is None:
        return seat
    ping = seat in notice.turn_notify and info.dm_ok is False
    who = f"<@{info.user_id}>" if ping else info.name
    due = next((w.deadline_at for w in notice.waits or [] if w.seat == seat and w.deadline_at
                and not w.deadline_passed), None)
    when = f", due {stamp(due)}" if due else ""
    return f"{who} ({seat}{when})" if asked else f"{who} ({seat}){when}"


def asked_lines(notice: Notice, asked: Sequence[Decision], waiting: bool) -> list[str]:
    """What a post's buttons ask, and of whom: `Decision 12 for Bob (p2): Rest?`, by name, never a ping (the DM, or
    the waiting line for a player whose DMs are closed, is the ping), and with the seat, as the waiting line and
    the boards name a player ("Bob (p2)"): a question may be answered with a seat (the LCG's vote). When the post
    also says whom the game now waits on (`waiting`), a seat asked here is named once, here, as the waiting line
    would have named it (with its deadline, or that ping), and the waiting line names only the others. One
    question asked of several seats (a vote) is one line: `Decisions 3 for Alice (p1) and 4 for Bob (p2): Vote for
    the first player`."""
    players = names_of(notice.seats)
    by_prompt: dict[str, list[Decision]] = {}
    for d in asked:
        by_prompt.setdefault(d.prompt, []).append(d)
    named: set[Seat] = set()
    lines = []
    for prompt, decisions in by_prompt.items():
        whose = []
        for d in decisions:
            full = waiting and d.seat in notice.waiting_after and d.seat not in named
            info = next((s for s in notice.seats if s.seat == d.seat), None)
            plain = f"{info.name} ({d.seat})" if info is not None else d.seat
            whose.append(f"{d.id} for {_waiting_on(notice, d.seat, asked=True) if full else plain}")
            named.add(d.seat)
        head = f"Decision {whose[0]}" if len(whose) == 1 else f"Decisions {', '.join(whose[:-1])} and {whose[-1]}"
        lines.append(f"{head}: {in_words(prompt, players)}")
    return lines


class DiscordMessenger:
    def __init__(self, bot: Host) -> None:
        self.bot = bot
        # Delivery runs in the background so a command is answered at once; each game's notices are
        # chained so its board posts and DMs keep their order.
        self._tails: dict[int, asyncio.Task[None]] = {}
        # The newest notice handed over for each game: a board older than it is never drawn (issue 17).
        self._newest: dict[int, Notice] = {}
        # The first notice of each game that drew no board since the last one: a newer notice draws if the table it
        # shows differs from the one before that notice (asked only then: each answer builds views,
        # bot/service/views.py; one notice a game is kept, not every one of a burst, with the states behind it).
        self._owed: dict[int, Notice] = {}
        # The same for each seat's own board (games that DM one): the newest notice with that seat's view, and
        # the seats whose board changed in a notice that drew none for them.
        self._newest_seats: dict[int, dict[str, Notice]] = {}
        self._owed_seats: set[tuple[int, str]] = set()
        # Games whose newest notice drew no board because another command of the game was under way (its notice,
        # newer, draws the table): should that command be refused, the board follows on its own (`_draw_owed`).
        self._behind: dict[int, Notice] = {}
        self._owing: set[asyncio.Task[None]] = set()
        # Each game's last board in its thread, edited while the same players are up (bot/chat/board_posts.py).
        self._boards = BoardPosts()

    async def deliver(self, notice: Notice) -> None:
        if notice.shows_table:
            self._newest[notice.ref.id] = notice
            self._behind.pop(notice.ref.id, None)  # the newer notice decides
        if _seat_board(notice.ref.game) and any(p.shows_view for p in notice.private):
            seats = self._newest_seats.setdefault(notice.ref.id, {})
            seats.update((p.seat, notice) for p in notice.private if p.shows_view)
        previous = self._tails.get(notice.ref.id)
        task = asyncio.create_task(self._deliver_after(previous, notice))
        self._tails[notice.ref.id] = task
        game_id = notice.ref.id

        def forget(done: asyncio.Task[None]) -> None:
            if self._tails.get(game_id) is done:
                del self._tails[game_id]
                self._newest.pop(game_id, None)
                self._newest_seats.pop(game_id, None)
                behind = self._behind.get(game_id)
                if behind is not None:
                    owing = asyncio.get_running_loop().create_task(self._draw_owed(behind))
                    self._owing.add(owing)
                    owing.add_done_callback(self._owing.discard)

        task.add_done_callback(forget)

    async def _deliver_after(self, previous: asyncio.Task[None] | None, notice: Notice) -> None:
        if previous is not None:
            await asyncio.wait([previous])
        try:
            await self.deliver_now(notice)
        except Exception:
            log.exception("delivering game %s's notice failed", notice.ref.id)

    async def drain(self) -> None:
        """Wait for every delivery under way, and for the notices of commits not yet handed over (shutdown,
        tests)."""
        await self.bot.service.core.settle()
        while self._tails or self._owing:
            await asyncio.wait([*self._tails.values(), *self._owing])

    def _under_way(self, game_id: int) -> bool:
        """A command of the game is being applied and committed (it holds the game's lock): its notice is coming."""
        return self.bot.service.core.under_way(game_id)

    async def _draw_owed(self, notice: Notice) -> None:
        """`notice`, the newest of its game, drew no board (the table's, or a seat's own) because a command of the
        game was under way, and no newer notice has come: once that command is done and its notice (if any) handed
        over, draw the boards owed as `notice` left them, in posts and DMs of their own, unless a newer notice has
        taken the turn (the command was refused, or committed nothing the table hears of)."""
        game_id = notice.ref.id
        await self.bot.service.core.quiet(game_id)
        if self._behind.get(game_id) is not notice or game_id in self._tails:
            return
        owed = [replace(p, lines=[], hand_changed=False) for p in notice.private
                if (game_id, p.seat) in self._owed_seats]
        board_only = replace(
            notice, public_lines=[], private=owed, decisions=[], new_decisions=[], turn_notify=[], reminders=[],
            waiting_before=list(notice.waiting_after), undo_ask=None, deadline_ask=None, table_changed=False,
        )
        await self.deliver(board_only)

    async def channel(self, channel_id: int | None, *, strict: bool = False) -> discord.abc.Messageable | None:
        """The channel or thread, from the cache or Discord. `strict`: raise PlaceLost when it is gone or
        hidden from the bot, rather than giving None."""
        if channel_id is None:
            return None
        channel: Any = self.bot.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(channel_id)
            except discord.HTTPException as exc:
                log.warning("channel %s is gone or hidden: %s", channel_id, exc)
                if strict and io.lost(exc):
                    raise io.PlaceLost(channel_id, exc) from exc
                return None
        return channel if isinstance(channel, discord.abc.Messageable) else None

    async def deliver_now(self, notice: Notice) -> None:
        table: discord.abc.Messageable | None = None
        try:
            table = await self.channel(notice.ref.thread_id or notice.ref.channel_id, strict=True)
            if table is not None:
                await self._post_table(table, notice)
        except io.PlaceLost as lost:
            table = None  # private notices still go out by DM; the thread fallbacks have nowhere to go
            await self.place_lost(notice.ref, lost)
        told = set()
        for private in notice.private:
            await self._dm_seat(table, notice, private)
            told.add(private.seat)
        for seat in notice.turn_notify:  # a waited-on seat with no private notice still hears of its turn
            if seat not in told:
                await self._dm_seat(table, notice, PrivateNotice(seat=seat, user_id=self._user(notice, seat), name=""))
        for reminder in notice.reminders:
            await self._remind(table, notice, reminder)

    async def place_lost(self, ref: GameRef, lost: io.PlaceLost) -> None:
        """The game's thread is deleted or closed to the bot: pause the game (its timers stop; nothing
        crashes) and tell the host once, by DM, else in the channel the game was created from, else in the
        server's system channel."""
        log.warning("game %s: cannot post in its thread (%s); pausing it", ref.id, lost)
        try:
            paused = await self.bot.service.guard.pause(ref.id, None, lost.why)
        except Exception:
            log.exception("pausing game %s failed", ref.id)
            return
        if paused is None:  # already paused or over: the host was told when it was paused
            return
        host = await self.bot.service.guard.host_of(ref.id)
        text = (
            f"**{ref.title}, game {ref.id}** is paused: I can no longer post in its thread ({lost.why}). "
            "Give me back the Send Messages permission there (or recreate the place), then use `/game resume "
            f"game:{ref.id}`; or `/game abandon game:{ref.id}`."
        )
        if await self.dm_user(host, text):
            return
        for place in await self._fallback_places(ref):
            if await io.send(place, f"<@{host}>, {text}") is not None:
                return
        log.warning("game %s: the host could not be told that the game is paused", ref.id)

    async def _fallback_places(self, ref: GameRef) -> list[discord.abc.Messageable]:
        places: list[discord.abc.Messageable] = []
        if ref.channel_id is not None and ref.channel_id != (ref.thread_id or ref.channel_id):
            parent = await self.channel(ref.channel_id)
            if parent is not None:
                places.append(parent)
        guild = self.bot.get_guild(ref.guild_id) if ref.guild_id is not None else None
        if guild is not None and guild.system_channel is not None:
            places.append(guild.system_channel)
        return places

    @staticmethod
    def _user(notice: Notice, seat: str) -> int:
        return next((s.user_id for s in notice.seats if s.seat == seat), 0)

    async def _post_table(self, table: discord.abc.Messageable, notice: Notice) -> None:
        players = names_of(notice.seats)
        lines = said(notice.public_lines, players)
        waiting = notice.waiting_changed and bool(notice.waiting_after) and notice.outcome is None
        if waiting and (notice.deadline_ask is not None or notice.undo_ask is not None):
            lines.append(waiting_line(notice))
        game_id = notice.ref.id
        over = notice.outcome is not None
        if notice.deadline_ask is not None:
            message = await io.post(table, "\n".join(lines), view=deadline_view(game_id, notice.deadline_ask))
            self._boards.told(game_id, notice.waiting_after, message, False, over)
            return
        if notice.undo_ask is not None:
            ask = notice.undo_ask
            who = " ".join(f"<@{s.user_id}>" for s in ask.needs)
            message = await io.post(
                table,
                "\n".join([*lines, f"{who}: agree to undo {in_words(ask.step, players)}?"]),
                view=undo_view(game_id, ask.request_id),
            )
            self._boards.told(game_id, notice.waiting_after, message, False, over)
            return
        kwargs: dict[str, Any] = {}
        # One board per change, not per click; and while a newer one of the game waits, only the newest is drawn
        # (a busy game drains at the engine's pace, not the renderer's): its lines still go out, in order.
        # Likewise while another command of the game is under way: in a burst (automatic seats, quick players) only
        # the last notice draws, and rendering does not take the CPU the commands need.
        draw = notice.shows_table
        if draw and self._newest.get(game_id, notice) is not notice:
            self._owed.setdefault(game_id, notice)  # the newest notice draws the table as it is by then
            draw = False
        elif draw and self._under_way(game_id):
            self._owed.setdefault(game_id, notice)
            self._behind[game_id] = notice
            draw = False
        first = None
        if draw:  # a board if the table changed since the last one: in this notice, or since one that drew none
            first = self._owed.pop(game_id, None)
            draw = notice.table_changed or (first is not None and notice.table_changed_since(first))
        if draw and notice.public_view is not None:
            self._behind.pop(game_id, None)
            png = await self.bot.painter.board(named(notice.public_view, players), game_id)
            if png is None:  # still owed: the next notice draws the table, changed or not since this one
                self._owed.setdefault(game_id, first if first is not None else notice)
            elif not await self._into_shown(game_id, png, notice.waiting_after, over):
                kwargs["file"] = io.png_file(png)
        public_decisions = [d for d in notice.decisions if not d.private and d.id in notice.new_decisions]
        names = {s.seat: s.name for s in notice.seats if s.seat}  # whose each button is, where several are asked
        view = decision_view(notice.ref.id, public_decisions, names)
        asked: list[Decision] = []
        if view is not None:
            kwargs["view"] = view
            # The post says what its buttons ask (the private ones are asked by DM, never here).
            shown = {item.decision for item in view.children
                     if isinstance(item, DecisionButton | DecisionSelect | DecisionForm)}
            asked = [d for d in public_decisions if d.id in shown]
        if waiting:
            told = {d.seat for d in asked}
            lines += [line for line in [waiting_line(notice, told)] if line]
        lines += asked_lines(notice, asked, waiting)
        message = await io.post(table, "\n".join(lines), **kwargs) if lines or kwargs else None
        self._boards.told(game_id, notice.waiting_after, message, "file" in kwargs, over)

    async def _into_shown(self, game_id: int, png: bytes, waiting: Sequence[Seat], over: bool) -> bool:
        """Put the board into the one the thread shows already, if the same players are still up
        (bot/chat/board_posts.py); False when it goes in a post of its own."""
        shown = self._boards.to_edit(game_id, waiting, over)
        if shown is None:
            return False
        if await io.replace_image(shown, png) is None:
            self._boards.forget(game_id, shown)
            return False
        return True

    async def _dm_seat(self, table: discord.abc.Messageable | None, notice: Notice, p: PrivateNotice) -> None:
        mine = [d for d in notice.decisions if d.seat == p.seat and d.private and d.id in notice.new_decisions]
        seat_info = next((s for s in notice.seats if s.user_id == p.user_id), None)
        # Handed the turn: told once, here, by DM, unless their DMs are known closed (the thread's line pinged).
        turn = p.seat in notice.turn_notify and notice.outcome is None and not _closed(seat_info)
        # The seat's own board, coalesced like the table's: while a newer notice of the game with this seat's view
        # waits, the DM goes without it, and the newest draws the board as it is by then (also when only a
        # skipped notice changed it), so a busy game does not draw a seat's board per command.
        owed = (notice.ref.id, p.seat)
        board = _seat_board(notice.ref.game) and p.shows_view and (p.hand_changed or owed in self._owed_seats)
        if board and self._newest_seats.get(notice.ref.id, {}).get(p.seat, notice) is not notice:
            self._owed_seats.add(owed)
            board = False
        elif board and self._under_way(notice.ref.id):
            self._owed_seats.add(owed)
            self._behind[notice.ref.id] = notice
            board = False
        hand = p.hand_told
        if not (p.lines or hand or mine or turn or board):
            return
        players = names_of(notice.seats)
        parts = [f"**{notice.ref.title}, game {notice.ref.id}**", *said(p.lines, players)]
        if turn:
            parts.append(f"The game is waiting on you. {thread_link(notice.ref)}".rstrip())
        parts += [f"Your {zone_text(z, with_owner=False)}" for z in hand]
        parts += [f"Decision {d.id}: {in_words(d.prompt, players)}" for d in mine]
        if turn:  # the public ones too: what is asked, even when the buttons are in the thread
            parts += [f"Decision {d.id}: {in_words(d.prompt, players)}" for d in notice.decisions
                      if d.seat == p.seat and d not in mine]
        view = decision_view(notice.ref.id, mine, players)
        kwargs: dict[str, Any] = {"view": view} if view is not None else {}
        if board and p.view is not None:
            self._owed_seats.discard(owed)
            png = await self.bot.painter.board(named(p.view, players), notice.ref.id)
            if png is not None:
                kwargs["file"] = io.png_file(png, "your-board.png")
            else:  # still owed, as the table's
                self._owed_seats.add(owed)
        known = seat_info.dm_ok if seat_info is not None else None
        delivered = await self.dm_user(p.user_id, "\n".join(parts), known=known, **kwargs)
        if delivered or table is None:
            return
        if turn:  # the fallback ping: a mention, once, with no private words
            await io.send(table, f"<@{p.user_id}>, game {notice.ref.id} is waiting on you. {WHERE_TO_LOOK}")
        elif not _closed(seat_info):
            await io.send(table, f"<@{p.user_id}>, {WHERE_TO_LOOK}")

    async def _remind(self, table: discord.abc.Messageable | None, notice: Notice, r: Reminder) -> None:
        """A reminder or a nudge: by DM, with what is asked and the link; else a mention in the thread."""
        what = f"{r.nudged_by} nudges you" if r.nudged_by else "Reminder"
        since = f"The game has waited on you since {stamp(r.since)}."
        due = f" Due {stamp(r.deadline_at)}." if r.deadline_at else ""
        head = f"**{notice.ref.title}, game {notice.ref.id}**: {what}. {since}{due}"
        asked = said(r.asked, names_of(notice.seats))
        if await self.dm_user(r.user_id, "\n".join([head, *asked, thread_link(notice.ref)]).rstrip()):
            return
        if table is not None:  # the thread is public: no prompt here, it may name the player's hand
            await io.send(table, f"<@{r.user_id}>, {what if r.nudged_by else 'a reminder'}: {since}{due}")

    async def dm_user(self, user_id: int, content: str, *, known: bool | None = None, **kwargs: Any) -> bool:
        """DM a user and record whether their DMs are open, for every game they sit in. `known`: what the game's
        seat already says (a notice carries it): recorded only when the DM says otherwise, so a busy game's DMs
        do not each write the seats table (one transaction per DM, on the writer the commands wait for)."""
        user = self.bot.get_user(user_id)
        if user is None:
            try:
                user = await self.bot.fetch_user(user_id)
            except discord.HTTPException:
                return False
        ok = await io.dm(user, content, **kwargs)
        if ok is not known:
            await self.bot.service.record_dm(user_id, ok)
        return ok


def _seat_board(game: str) -> bool:
    try:
        return plugins.get(game).seat_board
    except LookupError:  # a game no plug-in registers (the test games): text only
        return False


def _closed(seat: SeatInfo | None) -> bool:
    return seat is not None and seat.dm_ok is False
