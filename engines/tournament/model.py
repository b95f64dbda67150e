"""A Race Against the Shadow tournament as plain data (spec 8.1): teams, rounds, matches and results.

Like every engine state, it is dataclasses of lists, dicts, ints and strs (JSON round trip through the
kernel's codec), and the random generator that draws round 1 and who plays first lives inside it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engines.core import Rng

LIMITED, EXTENDED = "limited", "extended"
FORMATS = (LIMITED, EXTENDED)
DEFAULT_MINUTES, MIN_MINUTES, MAX_MINUTES = 45, 30, 60  # C 15.3.3
MIN_DECK = 50  # C 15.3.2
MAX_HEROES = 3  # C 15.3.2

# Points (C 15.3.4; spec 8.6): a win, a draw, a modified loss, a loss; a bye counts as a win (C 15.3.5).
WIN_POINTS, DRAW_POINTS, MODIFIED_LOSS_POINTS, LOSS_POINTS = 5, 2, 1, 0

# Result kinds.
WIN, DRAW, MODIFIED_LOSS, BYE = "win", "draw", "modified loss", "bye"


@dataclass(kw_only=True)
class Player:
    name: str
    user_id: int = 0
    deck: str = ""  # the deck's key (a starter deck or an imported one)
    cards: int = 0  # cards in the deck, heroes not counted
    heroes: list[str] = field(default_factory=list)  # limited: the heroes for every match


@dataclass(kw_only=True)
class Team:
    number: int  # the team number the Swiss procedure sorts by (C 15.3.5)
    name: str
    players: list[Player] = field(default_factory=list)
    dropped: bool = False


@dataclass(kw_only=True)
class Result:
    """A decided match. `points` and `scores` are keyed by team number (as text, for JSON)."""

    kind: str  # win, draw, modified loss, bye
    winner: int = 0  # a team number; 0 for a draw or a modified loss
    points: dict[str, int] = field(default_factory=dict)
    scores: dict[str, int] = field(default_factory=dict)  # scenario scores of teams that completed it
    rule: str = ""  # which case of spec 8.6 decided it (R1 ... R9), or "organizer"
    reason: str = ""


@dataclass(kw_only=True)
class Match:
    table: int  # 1, 2, ... within the round
    a: int  # the team that plays first in every phase group (chosen at random, C 15.3.3)
    b: int = 0  # the second team; 0 for a bye
    result: Result | None = None
    heroes: dict[str, list[str]] = field(default_factory=dict)  # extended format: player name -> heroes

    @property
    def bye(self) -> bool:
        return self.b == 0

    def teams(self) -> tuple[int, ...]:
        return (self.a,) if self.bye else (self.a, self.b)

    def side_of(self, team: int) -> str:
        if team == self.a:
            return "a"
        if team == self.b and not self.bye:
            return "b"
        raise KeyError(team)

    def team_of(self, side: str) -> int:
        return self.a if side == "a" else self.b


@dataclass(kw_only=True)
class Round:
    number: int
    scenario: str
    matches: list[Match] = field(default_factory=list)
    started: bool = False

    @property
    def complete(self) -> bool:
        return all(m.result is not None for m in self.matches)


@dataclass(kw_only=True)
class Tournament:
    name: str
    format: str = LIMITED
    minutes: int = DEFAULT_MINUTES  # per team (C 15.3.3)
    scenarios: list[str] = field(default_factory=list)  # the advertised pool (C 15.3.1)
    rounds_planned: int = 3
    organizer: int = 0  # the creator's user id
    teams: list[Team] = field(default_factory=list)
    rounds: list[Round] = field(default_factory=list)
    rng: Rng = field(default_factory=Rng)
    log: list[str] = field(default_factory=list)  # organizer actions, in words

    def team(self, number: int) -> Team:
        for t in self.teams:
            if t.number == number:
                return t
        raise KeyError(number)

    def active_teams(self) -> list[Team]:
        return [t for t in self.teams if not t.dropped]

    @property
    def current(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def over(self) -> bool:
        return len(self.rounds) >= self.rounds_planned and all(r.complete for r in self.rounds)
