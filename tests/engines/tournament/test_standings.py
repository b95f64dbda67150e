"""Standings and the champion (C 15.3.5; spec 8.7 tie-breaks: head-to-head, scenario score, number)."""

from __future__ import annotations

from engines.tournament import event
from engines.tournament.model import Result
from engines.tournament.standings import champion, standings
from tests.engines.tournament.fixtures import a_tournament, play_round


def test_points_rank_first_and_the_champion_has_the_most() -> None:
    t = a_tournament(4, rounds=2)
    t = play_round(t, {})
    assert champion(t) is None  # not before the last round (C 15.3.5)
    t = play_round(t, {})
    table = standings(t)
    assert [s.points for s in table] == sorted((s.points for s in table), reverse=True)
    top = champion(t)
    assert top is not None and top.points == 10 and top.wins == 2


def test_head_to_head_breaks_a_tie_on_points() -> None:
    # spec 8.7 ENGINE: two teams on 5 points, one beat the other: it ranks higher despite its number
    t = event.start_round(event.pair_round(a_tournament(4, rounds=2)))
    for m in t.rounds[0].matches:  # the higher number wins each match of round 1
        t = event.organizer_result(t, m.table, f"win {max(m.a, m.b)}")
    first, second = t.rounds[0].matches
    beaten = min(second.a, second.b)  # lost to the winner of table 2
    t = event.start_round(event.pair_round(t))
    winners_table = next(m for m in t.rounds[1].matches if max(second.a, second.b) in m.teams())
    losers_table = next(m for m in t.rounds[1].matches if beaten in m.teams())
    t = event.organizer_result(t, winners_table.table, f"win {max(first.a, first.b)}")
    t = event.organizer_result(t, losers_table.table, f"win {beaten}")
    table = standings(t)
    tied = [s for s in table if s.points == 5]
    assert [s.team for s in tied] == [max(second.a, second.b), beaten]
    assert tied[0].head_to_head == 5 and tied[1].head_to_head == 0
    assert tied[0].team > tied[1].team  # so the team number did not decide it


def test_the_lower_total_scenario_score_breaks_a_tie() -> None:
    t = event.start_round(event.pair_round(a_tournament(4, rounds=1)))
    r1 = t.rounds[0]
    m1, m2 = r1.matches
    t = event.record(t, 1, Result(kind="win", winner=m1.a, points={str(m1.a): 5, str(m1.b): 0},
                                  scores={str(m1.a): 90}))
    t = event.record(t, 2, Result(kind="win", winner=m2.a, points={str(m2.a): 5, str(m2.b): 0},
                                  scores={str(m2.a): 60}))
    table = standings(t)
    assert [s.team for s in table[:2]] == [m2.a, m1.a]  # 60 beats 90: lower is better
    assert champion(t) is not None and champion(t).team == m2.a  # type: ignore[union-attr]


def test_draws_modified_losses_and_byes_are_counted() -> None:
    t = a_tournament(5, rounds=1)
    t = event.start_round(event.pair_round(t))
    m1, m2, bye = t.rounds[0].matches
    t = event.organizer_result(t, 1, "draw")
    t = event.organizer_result(t, 2, "modified")
    by_team = {s.team: s for s in standings(t)}
    assert by_team[bye.a].points == 5 and by_team[bye.a].byes == 1
    assert by_team[m1.a].points == 2 and by_team[m1.a].draws == 1
    assert by_team[m2.b].points == 1 and by_team[m2.b].modified_losses == 1
    assert standings(t)[0].team == bye.a
