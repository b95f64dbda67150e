"""Small builders for tournament tests: a tournament of n teams, results written by the organizer."""

from __future__ import annotations

from engines.tournament import event
from engines.tournament.model import Player, Tournament


def a_player(name: str, cards: int = 50, heroes: tuple[str, ...] = ("Aragorn",)) -> Player:
    return Player(name=name, deck="core-leadership", cards=cards, heroes=list(heroes))


def a_tournament(teams: int, *, rounds: int = 3, seed: int = 7, fmt: str = "limited") -> Tournament:
    t = event.create("Autumn Race", organizer=1, seed=seed, fmt=fmt, scenarios=["passage-through-mirkwood",
                                                                                 "journey-down-the-anduin"],
                     rounds=rounds)
    for i in range(1, teams + 1):
        t = event.register(t, f"Team {i}", [a_player(f"p{i}")])
    return t


def play_round(t: Tournament, winners: dict[int, str]) -> Tournament:
    """Pair the next round, start it, and write each table's result: `winners` maps a team number to
    'win', or a table's first team to 'draw' / 'modified'; tables not named are won by their first team."""
    t = event.start_round(event.pair_round(t))
    rnd = t.rounds[-1]
    for m in rnd.matches:
        if m.bye:
            continue
        if winners.get(m.a) in ("draw", "modified"):
            outcome = winners[m.a]
        elif winners.get(m.b) == "win":
            outcome = f"win {m.b}"
        else:
            outcome = f"win {m.a}"
        t = event.organizer_result(t, m.table, outcome)
    return t


def pairs_of(t: Tournament) -> set[frozenset[int]]:
    return {frozenset(m.teams()) for m in t.rounds[-1].matches}


def bye_of(t: Tournament) -> int:
    return next((m.a for m in t.rounds[-1].matches if m.bye), 0)
