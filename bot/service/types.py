"""What the service takes and gives: who is asking, where, and what to tell whom after a commit."""

from __future__ import annotations

from dataclasses import dataclass, field

from engines.core import Decision, Outcome, View, WestmarchError
from engines.core.zones import Seat


@dataclass(frozen=True)
class User:
    id: int
    name: str
    is_admin: bool = False  # a server admin (Manage Server) may always pause or abandon a game


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

    @property
    def waiting_changed(self) -> bool:
        return set(self.waiting_before) != set(self.waiting_after)


@dataclass(kw_only=True)
class ActResult:
    ref: GameRef
    seat: Seat
    command: str
    seq: int
    lines: list[str]  # what the actor may read about what happened (public and their own private)
