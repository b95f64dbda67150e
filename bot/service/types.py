"""What the service takes and gives: who is asking, where, and what to tell whom after a commit."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Generic, Protocol, TypeVar, overload

from engines.core import Decision, Outcome, View, WestmarchError
from engines.core.zones import Seat, ZoneView

T = TypeVar("T")
_UNSET: Any = object()  # a lazy field not given when its notice was made


class Lazy(Generic[T]):
    """A dataclass field worked out by `work(obj)` when first read, then kept; or given when the object is made
    (`Notice(..., table_changed=False)`, `dataclasses.replace`). The dataclass takes the descriptor's value on
    the class (`_UNSET`) as the field's default."""

    def __init__(self, work: Callable[[Any], T]) -> None:
        self.work = work
        self.key = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.key = "_" + name

    @overload
    def __get__(self, obj: None, owner: type) -> Any: ...
    @overload
    def __get__(self, obj: object, owner: type) -> T: ...
    def __get__(self, obj: object | None, owner: type) -> Any:
        if obj is None:
            return _UNSET
        found = obj.__dict__.get(self.key, _UNSET)
        if found is _UNSET:
            found = obj.__dict__[self.key] = self.work(obj)
        return found

    def __set__(self, obj: object, value: T) -> None:
        if value is not _UNSET:
            obj.__dict__[self.key] = value


class Seen(Protocol):
    """The views one commit shows (bot/service/views.py `Commit`), each built when a messenger first reads it."""

    @property
    def was(self) -> object | None:
        """The views of the state before the commit; None where the table saw no state before (a game's start)."""
        ...

    def public(self) -> View: ...
    def table_changed(self) -> bool: ...
    def changed_since(self, earlier: Seen) -> bool: ...
    def seat(self, seat: Seat) -> View: ...
    def hand(self, seat: Seat) -> list[ZoneView]: ...
    def hand_changed(self, seat: Seat) -> bool: ...
    def hand_news(self, seat: Seat) -> list[ZoneView]: ...


@dataclass(frozen=True)
class User:
    """Who is asking, and from where (bot/service/boundary.py): a server (`guild_id`), a direct message with
    the bot (`in_dm`), or neither, the local console."""

    id: int
    name: str
    is_admin: bool = False  # Manage Server where the command was typed: counts only for that server's games
    guild_id: int | None = None
    in_dm: bool = False


@dataclass(frozen=True)
class Place:
    """Where a game lives. All None for the console."""

    guild_id: int | None = None
    channel_id: int | None = None
    thread_id: int | None = None


class ServiceError(WestmarchError):
    """A request the service refuses before the engine is involved; the message is for the user."""


class NoSuchGame(ServiceError):
    pass


class NotSeated(ServiceError):
    pass


class NotAllowed(ServiceError):
    pass


class VersionConflict(Exception):
    """Another process committed first; the caller reloads and tries again."""


@dataclass(kw_only=True)
class GameRef:
    id: int
    game: str
    title: str
    status: str
    guild_id: int | None = None
    channel_id: int | None = None
    thread_id: int | None = None
    board_message_id: int | None = None


@dataclass(kw_only=True)
class SeatInfo:
    seat: Seat | None
    user_id: int
    name: str
    dm_ok: bool | None = None


@dataclass(kw_only=True)
class PrivateNotice:
    """What one seat should be told privately: its own events, and its hand when it changed. From a commit
    (`seen`), its view, its hand and whether the hand changed are worked out when first read (a messenger reads
    `hand_changed` of every notice, and the whole `view` only to draw the seat its own board)."""

    seat: Seat
    user_id: int
    name: str
    lines: list[str] = field(default_factory=list)
    seen: Seen | None = field(default=None, compare=False, repr=False)
    view: Lazy[View | None] = Lazy(lambda p: p.seen.seat(p.seat) if p.seen is not None else None)
    hand: Lazy[list[ZoneView]] = Lazy(
        lambda p: p.seen.hand(p.seat) if p.seen is not None else p.view.private if p.view is not None else [])
    hand_changed: Lazy[bool] = Lazy(lambda p: p.seen.hand_changed(p.seat) if p.seen is not None else False)

    @property
    def shows_view(self) -> bool:
        """The notice has the seat's view (without building it)."""
        return self.seen is not None or self.view is not None

    @property
    def hand_told(self) -> list[ZoneView]:
        """The hidden zones to tell the seat: those that changed (a WotR seat's hand, cycle pile and eliminated pile
        were all told again whenever one of them changed: a wall of names after every play); at the game's start all
        of them, unless they are all empty. Before a card is dealt (the LCG deals after the decks are chosen) "Your
        hand: 0 cards" is no news; a hand emptied later in the game is a change, and told."""
        if not self.hand_changed:
            return []
        if self.seen is None:
            return self.hand
        if self.seen.was is None:  # the game's start
            return self.hand if any(zone.count for zone in self.hand) else []
        return self.seen.hand_news(self.seat)


@dataclass(kw_only=True)
class UndoAsk:
    request_id: int
    requested_by: Seat
    needs: list[SeatInfo]
    step: str  # the step to take back, as the table saw it (bot/service/undo.py `as_seen`)


@dataclass(kw_only=True)
class WaitInfo:
    """The game waits on this seat, since `since` (DESIGN.md, 'Time': facts, not ticking clocks)."""

    game_id: int
    seat: Seat
    user_id: int
    name: str
    since: datetime
    next_reminder_at: datetime | None = None
    deadline_at: datetime | None = None
    deadline_passed: bool = False  # the table has been told; it decides (extend, skip, auto)
    auto: bool = False  # the automatic seat plays for this player


@dataclass(kw_only=True)
class Reminder:
    """A ping for one waited-on player: a scheduled reminder, or a nudge from another player. `asked` may
    name hidden cards: it goes to the player's DMs only, never to the thread."""

    seat: Seat
    user_id: int
    name: str
    since: datetime
    deadline_at: datetime | None = None
    asked: list[str] = field(default_factory=list)
    nudged_by: str | None = None  # None: a scheduled reminder


@dataclass(kw_only=True)
class DeadlineAsk:
    """A deadline passed and nothing happens by itself: the host, or a majority of the other seats, may
    extend it, skip the decision, or (if the host allows it) hand the seat to the automatic seat."""

    wait_id: int
    seat: Seat
    user_id: int
    name: str
    deadline_at: datetime
    extend_days: int
    allow_auto: bool


@dataclass(kw_only=True)
class Notice:
    """Everything the adapters must say after one commit. Built by the service, delivered by a messenger;
    delivery failing never undoes the commit."""

    ref: GameRef
    seats: list[SeatInfo]
    public_lines: list[str] = field(default_factory=list)
    # From a commit (`seen`), the table's view and whether it changed are worked out when first read: a messenger
    # reads them for the board it draws, and a busy game draws one board for many commands.
    seen: Seen | None = field(default=None, compare=False, repr=False)
    public_view: Lazy[View | None] = Lazy(lambda n: n.seen.public() if n.seen is not None else None)
    # the public view differs from before the command: worth a new board image
    table_changed: Lazy[bool] = Lazy(lambda n: n.seen.table_changed() if n.seen is not None else True)
    private: list[PrivateNotice] = field(default_factory=list)
    decisions: list[Decision] = field(default_factory=list)  # every open decision, for buttons
    new_decisions: list[int] = field(default_factory=list)  # ids opened by this commit: ask only once
    waiting_before: list[Seat] = field(default_factory=list)
    waiting_after: list[Seat] = field(default_factory=list)
    undo_ask: UndoAsk | None = None
    outcome: Outcome | None = None
    # The waits this commit wrote (None: it touched none) and the seats it stopped waiting on, for the timers;
    # the seats newly waited on (each told once, by DM, with a mention in the thread only if the DM fails);
    # reminders and nudges; and a passed deadline for the table to decide.
    waits: list[WaitInfo] | None = None
    waits_gone: list[Seat] = field(default_factory=list)
    turn_notify: list[Seat] = field(default_factory=list)
    reminders: list[Reminder] = field(default_factory=list)
    deadline_ask: DeadlineAsk | None = None

    @property
    def waiting_changed(self) -> bool:
        return set(self.waiting_before) != set(self.waiting_after)

    def table_changed_since(self, earlier: Notice) -> bool:
        """The table this notice shows differs from the one before `earlier`, a notice of the same game (whatever
        came between); without views to compare, whether either changed it."""
        if self.seen is not None and earlier.seen is not None:
            return self.seen.changed_since(earlier.seen)
        return earlier.table_changed or self.table_changed

    @property
    def shows_table(self) -> bool:
        """The notice has a view of the table (without building it)."""
        return self.seen is not None or self.public_view is not None

    @property
    def silent(self) -> bool:
        """Nothing to tell anyone (a notice that only re-arms the timers)."""
        said = self.public_lines or self.shows_table or self.private or self.reminders or self.turn_notify
        return not (said or self.deadline_ask or self.undo_ask or self.waiting_changed)


@dataclass(kw_only=True)
class ActResult:
    ref: GameRef
    seat: Seat
    command: str
    seq: int
    lines: list[str]  # what the actor may read about what happened (public and their own private)
    seats: list[SeatInfo] = field(default_factory=list)  # the game's seats and players, to name them in the lines
