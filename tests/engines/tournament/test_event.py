"""Creating a tournament, registering teams, heroes per format, results and drops (C 15.3.2, 15.3.3)."""

from __future__ import annotations

import pytest

from engines.core import RuleError, dumps, loads
from engines.tournament import event
from engines.tournament.model import Tournament
from tests.engines.tournament.fixtures import a_player, a_tournament, play_round


def test_the_time_control_is_45_minutes_by_default_and_30_to_60_allowed() -> None:
    # C 15.3.3
    assert event.create("X", organizer=1, seed=1, scenarios=["s"]).minutes == 45
    assert event.create("X", organizer=1, seed=1, scenarios=["s"], minutes=30).minutes == 30
    with pytest.raises(RuleError, match="30 to 60 minutes"):
        event.create("X", organizer=1, seed=1, scenarios=["s"], minutes=61)
    with pytest.raises(RuleError, match="limited or extended"):
        event.create("X", organizer=1, seed=1, scenarios=["s"], fmt="sealed")
    with pytest.raises(RuleError, match="pool"):
        event.create("X", organizer=1, seed=1)


def test_a_deck_has_at_least_50_cards() -> None:
    # C 15.3.2
    t = a_tournament(0)
    with pytest.raises(RuleError, match="49 cards; a tournament deck has at least 50"):
        event.register(t, "Short", [a_player("p", cards=49)])
    assert len(event.register(t, "Just", [a_player("p", cards=50)]).teams) == 1


def test_a_deck_has_at_most_three_heroes() -> None:
    # C 15.3.2
    with pytest.raises(RuleError, match="4 heroes; a deck has 1 to 3"):
        event.register(a_tournament(0), "Many", [a_player("p", heroes=("Aragorn", "Gimli", "Legolas", "Eowyn"))])


def test_two_players_of_a_team_may_not_share_a_hero() -> None:
    # C 16
    with pytest.raises(RuleError, match="one player only"):
        event.register(a_tournament(0), "Twins", [a_player("p"), a_player("q")])


def test_team_numbers_follow_registration_and_registration_closes_with_round_one() -> None:
    t = a_tournament(3)
    assert [team.number for team in t.teams] == [1, 2, 3]
    with pytest.raises(RuleError, match="already registered"):
        event.register(t, "team 1", [a_player("x", heroes=("Gimli",))])
    t = event.pair_round(t)
    with pytest.raises(RuleError, match="closed"):
        event.register(t, "Late", [a_player("x", heroes=("Gimli",))])


def test_limited_format_keeps_the_same_heroes() -> None:
    # spec 10.6 #100: a limited player changing heroes between matches is refused
    t = event.pair_round(a_tournament(2))
    with pytest.raises(RuleError, match="limited tournament"):
        event.pick_heroes(t, 1, "p1", ["Gimli"])
    assert event.pick_heroes(t, 1, "p1", ["Aragorn"]) == t


def test_extended_format_picks_heroes_each_match() -> None:
    # C 15.3.2: any 3 heroes at the start of each match
    t = event.create("Open", organizer=1, seed=2, fmt="extended", scenarios=["s"])
    t = event.register(t, "A", [a_player("p1", heroes=())])
    t = event.register(t, "B", [a_player("p2", heroes=())])
    t = event.pair_round(t)
    with pytest.raises(RuleError, match="pick heroes for this match first"):
        event.start_round(t)
    t = event.pick_heroes(t, 1, "p1", ["Gimli", "Legolas", "Thalin"])
    t = event.pick_heroes(t, 2, "p2", ["Eowyn"])
    t = event.start_round(t)
    match = t.rounds[0].matches[0]
    assert event.heroes_for(t, match, 1) == {"p1": ["Gimli", "Legolas", "Thalin"]}
    with pytest.raises(RuleError, match="before the round begins"):
        event.pick_heroes(t, 1, "p1", ["Gimli"])


def test_a_result_is_recorded_once_and_then_corrected() -> None:
    t = event.start_round(event.pair_round(a_tournament(2)))
    m = t.rounds[0].matches[0]
    t = event.organizer_result(t, 1, f"win {m.a}")
    assert event.points(t) == {m.a: 5, m.b: 0}
    with pytest.raises(RuleError, match="correct it instead"):
        event.organizer_result(t, 1, "draw")
    t = event.organizer_result(t, 1, "draw", correct=True)
    assert event.points(t) == {m.a: 2, m.b: 2}
    assert "corrected" in t.log[-1]
    with pytest.raises(RuleError, match="'win <team number>'"):
        event.organizer_result(t, 1, "win 99", correct=True)


def test_a_result_before_the_round_starts_is_refused() -> None:
    t = event.pair_round(a_tournament(2))
    with pytest.raises(RuleError, match="has not started"):
        event.organizer_result(t, 1, "draw")


def test_dropping_a_team_mid_round_gives_its_match_to_the_opponent() -> None:
    t = event.start_round(event.pair_round(a_tournament(2)))
    m = t.rounds[0].matches[0]
    t = event.drop(t, m.a)
    assert t.rounds[0].matches[0].result is not None and t.rounds[0].matches[0].result.winner == m.b
    with pytest.raises(RuleError, match="already dropped"):
        event.drop(t, m.a)


def test_a_tournament_round_trips_through_json() -> None:
    t = play_round(a_tournament(5), {})
    assert loads(Tournament, dumps(t)) == t
