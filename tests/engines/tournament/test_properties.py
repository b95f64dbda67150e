"""Properties of the Swiss procedure over random tournaments (C 15.3.5; spec 8.7): odd and even numbers
of teams, drops between rounds, any results. No two teams meet twice, and no team gets a second bye while
another team still in the tournament has had none."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines.tournament import event
from engines.tournament.model import Tournament
from tests.engines.tournament.fixtures import a_tournament

OUTCOMES = ("a", "b", "draw", "modified")


@st.composite
def tournaments(draw: st.DrawFn) -> tuple[Tournament, list[list[str]], dict[int, list[int]]]:
    teams = draw(st.integers(min_value=2, max_value=14))
    drops = draw(st.integers(min_value=0, max_value=min(2, teams - 2)))
    # Enough rounds to stress the procedure, few enough that a pairing without rematch always exists
    # (each team has met at most k others; with k <= m/2 - 1 of m teams a perfect matching remains).
    rounds = max(1, (teams - drops - 1) // 2)
    seed = draw(st.integers(min_value=0, max_value=2**32))
    results = [draw(st.lists(st.sampled_from(OUTCOMES), min_size=7, max_size=7)) for _ in range(rounds)]
    drop_at: dict[int, list[int]] = {}
    for _ in range(drops):
        drop_at.setdefault(draw(st.integers(min_value=2, max_value=max(2, rounds))), []).append(
            draw(st.integers(min_value=1, max_value=teams)))
    return a_tournament(teams, rounds=rounds, seed=seed), results, drop_at


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tournaments())
def test_no_rematch_and_no_second_bye_while_another_has_none(case: tuple[Tournament, list[list[str]],
                                                                          dict[int, list[int]]]) -> None:
    t, results, drop_at = case
    met: set[frozenset[int]] = set()
    byes: dict[int, int] = {}
    for number, outcomes in enumerate(results, start=1):
        for team in drop_at.get(number, []):
            if not t.team(team).dropped and len(t.active_teams()) > 2:
                t = event.drop(t, team)
        t = event.start_round(event.pair_round(t))
        rnd = t.rounds[-1]
        active = {team.number for team in t.active_teams()}
        assert {n for m in rnd.matches for n in m.teams()} == active  # everyone plays, once
        assert sum(len(m.teams()) for m in rnd.matches) == len(active)
        for m in rnd.matches:
            if m.bye:
                byes[m.a] = byes.get(m.a, 0) + 1
                if byes[m.a] > 1:
                    assert all(byes.get(n, 0) >= 1 for n in active), "a second bye while a team had none"
                continue
            pair = frozenset(m.teams())
            assert pair not in met, f"teams {sorted(pair)} met twice"
            met.add(pair)
        for m, outcome in zip([m for m in rnd.matches if not m.bye], outcomes, strict=False):
            word = {"a": f"win {m.a}", "b": f"win {m.b}"}.get(outcome, outcome)
            t = event.organizer_result(t, m.table, word)
    assert t.over
