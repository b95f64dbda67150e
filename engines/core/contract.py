"""The contract every game implements (DESIGN.md, 'The engine contract'), and the data it trades in."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from engines.core.decisions import Decision
from engines.core.rng import Rng
from engines.core.zones import Seat, ZoneView

OptionValue = str | int | bool


@dataclass(kw_only=True)
class Config:
    """What the lobby decided before the game starts: who sits where, and the game's options."""

    seats: list[Seat]
    options: dict[str, OptionValue] = field(default_factory=dict)


@dataclass(kw_only=True)
class Outcome:
    winners: list[Seat]
    reason: str
    scores: dict[Seat, int] = field(default_factory=dict)


@dataclass(kw_only=True)
class Event:
    """Something that happened, worded for its audience. `audience` None means the whole table; a list
    of seats means only they may read it (a drawn card), so the public log never names a hidden card."""

    text: str
    audience: list[Seat] | None = None

    def visible_to(self, seat: Seat | None) -> bool:
        return self.audience is None or (seat is not None and seat in self.audience)


@dataclass(kw_only=True)
class BaseState:
    """Fields every game's state carries. Games subclass it with their own (kw_only) fields."""

    schema: int = 1
    seats: list[Seat] = field(default_factory=list)
    rng: Rng = field(default_factory=Rng)
    decisions: list[Decision] = field(default_factory=list)
    next_decision: int = 1
    outcome: Outcome | None = None
    orders: dict[Seat, dict[str, str]] = field(default_factory=dict)  # standing orders (engines/core/orders.py)


S = TypeVar("S", bound=BaseState)


@dataclass(kw_only=True)
class Step(Generic[S]):
    """What `apply` returns: the new state, what happened, and whether the step crossed an undo
    barrier (it used randomness or revealed something hidden)."""

    state: S
    events: list[Event] = field(default_factory=list)
    barrier: bool = False
    checkpoint: bool = False  # a natural boundary (a phase ended): a good moment for a snapshot
    # The command as the rules read it, where they read it otherwise than written (an option named by its label,
    # read as its id): what the journal keeps, so a replay never depends on reading a name again. None: as given.
    command: Any = None


@dataclass(kw_only=True)
class SeatView:
    seat: Seat
    counters: dict[str, int] = field(default_factory=dict)  # threat, hand size, score...


@dataclass(kw_only=True)
class View:
    """The game as one audience sees it (seat None = the public table). Games may subclass it with
    extra fields for their renderer; the generic renderer draws this much for any game."""

    game: str
    seat: Seat | None
    title: str
    status: str
    table: list[ZoneView] = field(default_factory=list)
    private: list[ZoneView] = field(default_factory=list)  # the seat's own hidden zones (its hand)
    seats: list[SeatView] = field(default_factory=list)
    counters: dict[str, int] = field(default_factory=dict)
    decisions: list[Decision] = field(default_factory=list)  # the decisions this seat may answer
    waiting_on: list[Seat] = field(default_factory=list)
    outcome: Outcome | None = None
    # Who plays each seat, as the table calls them ("p1" -> "alice"). Never filled by an engine, which knows seats
    # and no players: the adapter that shows the view fills it (bot/chat/players.py) and the renderers read it
    # (render/players.py). Empty: the seats go by their labels, as the console shows them.
    names: dict[Seat, str] = field(default_factory=dict)


class Game(Protocol[S]):
    """A game's rules. Pure: no I/O, no wall clock, no global state; `apply` never mutates its input."""

    name: str  # registry key and command group: "lcg"
    title: str  # "The Lord of the Rings: The Card Game"
    version: str  # engine version, recorded with every journal row
    min_seats: int
    max_seats: int
    state_type: type[S]
    options: dict[str, OptionValue]  # the options a host may set, with their defaults

    def seat_names(self, count: int) -> list[Seat]: ...
    # What the host's options make of the game, in a sentence said when it is created ("Scenario: Passage Through
    # Mirkwood, standard difficulty."); "" for a game whose options need no saying.
    def setting(self, options: dict[str, OptionValue]) -> str: ...
    def setup(self, config: Config, seed: int) -> S: ...
    # `setup` with what setting up said (the opening draws, round 1's first steps): the first lines of the
    # game's log and of the notice that it has begun.
    def start(self, config: Config, seed: int) -> Step[S]: ...
    def pending(self, state: S) -> tuple[Decision, ...]: ...
    def apply(self, state: S, seat: Seat, command: Any) -> Step[S]: ...
    def view(self, state: S, seat: Seat | None) -> View: ...
    # Every audience's view of one state at once (the table's, then each seat's): what `view` gives for each,
    # built together so that a game can work out once what every audience shares (engines/core/turn.py).
    def views(self, state: S, seats: Sequence[Seat]) -> tuple[View, dict[Seat, View]]: ...
    # A seat's own hidden zones alone (`view(state, seat).private`), without the rest of its view.
    def private(self, state: S, seat: Seat) -> list[ZoneView]: ...
    # What `private` is made from, to compare two states' by (equal bases, equal views) without building them;
    # None: compare the views themselves.
    def private_basis(self, state: S, seat: Seat) -> Sequence[object] | None: ...
    # Why `option`, named in an answer to `decision`, is not one of its options, in the rules' words; "" if the
    # rules give no reason beyond it not being offered.
    def why_not(self, state: S, decision: Decision, option: str) -> str: ...
    # What `decision` asks of its seat in words the whole table may read, after "the game waits on p1" ("to choose
    # the next skirmish"; a private one neutrally); "" names the seat alone.
    def waiting_for(self, state: S, decision: Decision) -> str: ...
    def outcome(self, state: S) -> Outcome | None: ...
    def parse(self, text: str) -> Any: ...
    def format(self, command: Any) -> str: ...
    def dumps(self, state: S) -> str: ...
    def loads(self, text: str) -> S: ...
