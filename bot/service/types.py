"""What the service takes and gives: who is asking, where, and what to tell whom after a commit."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from engines.core import Decision, Outcome, View, WestmarchError
from engines.core.zones import Seat


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
    """What one seat should be told privately: its own events, and its view when its hand changed."""

    seat: Seat
    user_id: int
    name: str
    lines: list[str] = field(default_factory=list)
    view: View | None = None
    hand_changed: bool = False


@dataclass(kw_only=True)
class UndoAsk:
    request_id: int
    requested_by: Seat
    needs: list[SeatInfo]
    command: str


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
    public_view: View | None = None
    table_changed: bool = True  # the public view differs from before the command: worth a new board image
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

    @property
    def silent(self) -> bool:
        """Nothing to tell anyone (a notice that only re-arms the timers)."""
        said = self.public_lines or self.public_view or self.private or self.reminders or self.turn_notify
        return not (said or self.deadline_ask or self.undo_ask or self.waiting_changed)


@dataclass(kw_only=True)
class ActResult:
    ref: GameRef
    seat: Seat
    command: str
    seq: int
    lines: list[str]  # what the actor may read about what happened (public and their own private)
