"""Swiss pairing exactly as C 15.3.5 describes it (spec 8.7, acceptance 10.6 #98)."""

from __future__ import annotations

import pytest

from engines.core import Rng, RuleError
from engines.tournament import event
from engines.tournament.pairing import choose_bye, ideal_pairs, random_pairs, score_groups, swiss_pairs
from tests.engines.tournament.fixtures import a_tournament, bye_of, pairs_of, play_round


def fs(*pairs: tuple[int, int]) -> set[frozenset[int]]:
    return {frozenset(p) for p in pairs}


def test_bye_case_of_the_acceptance_scenario() -> None:
    # spec 10.6 #98: 7 teams after round 1; T7 had the bye
    points = {1: 5, 3: 5, 6: 5, 7: 5, 2: 0, 4: 0, 5: 0}
    teams = sorted(points)
    assert choose_bye(teams, points, {7: 1}) == 2  # lowest points, lowest number (C 15.3.5)
    pairs = swiss_pairs([t for t in teams if t != 2], points, set())
    assert pairs == [(1, 7), (3, 6), (4, 5)]  # folded by team number


def test_pair_down_case_of_the_acceptance_scenario() -> None:
    # spec 10.6 #98: {10: T2}, {5: T1, T3, T4, T6}, {0: T5}
    points = {2: 10, 1: 5, 3: 5, 4: 5, 6: 5, 5: 0}
    assert score_groups(list(points), points) == [[2], [1, 3, 4, 6], [5]]
    assert ideal_pairs(list(points), points) == [(2, 1), (3, 6), (4, 5)]
    assert swiss_pairs(list(points), points, set()) == [(2, 1), (3, 6), (4, 5)]


def test_a_fold_that_would_repeat_a_match_swaps_with_the_nearest_team() -> None:
    # spec 8.7 ENGINE: 1 and 7 have met, so 1 takes 6 (nearest to 7) and 3 takes 7
    points = {1: 5, 3: 5, 6: 5, 7: 5}
    assert fs(*swiss_pairs([1, 3, 6, 7], points, fs((1, 7)))) == fs((1, 6), (3, 7))


def test_a_pair_down_that_would_repeat_a_match_takes_the_next_team_down() -> None:
    points = {2: 10, 1: 5, 3: 5, 4: 5, 6: 5, 5: 0}
    pairs = fs(*swiss_pairs(list(points), points, fs((2, 1))))
    assert frozenset((2, 1)) not in pairs and frozenset((2, 3)) in pairs


def test_a_rematch_only_when_nothing_else_is_possible() -> None:
    # two teams that have met can only meet again
    assert swiss_pairs([1, 2], {1: 5, 2: 0}, fs((1, 2))) == [(1, 2)]


def test_the_bye_never_goes_twice_while_a_team_has_had_none() -> None:
    # spec 8.7 ENGINE: T2 is lowest but had a bye; T4 is next lowest
    points = {1: 5, 2: 0, 3: 5, 4: 0, 5: 5}
    assert choose_bye(sorted(points), points, {2: 1}) == 4


def test_round_one_is_drawn_from_the_seed() -> None:
    # C 15.3.5: random pairings for the first match; the same seed draws the same round
    first = random_pairs([1, 2, 3, 4, 5], Rng.seeded(3))
    again = random_pairs([1, 2, 3, 4, 5], Rng.seeded(3))
    assert first == again
    pairs, bye = first
    assert bye and len(pairs) == 2 and {t for p in pairs for t in p} | {bye} == {1, 2, 3, 4, 5}


def test_a_seven_team_tournament_gives_one_bye_a_round_and_the_bye_is_a_win() -> None:
    t = play_round(a_tournament(7), {})
    first_bye = bye_of(t)
    assert first_bye
    bye_match = next(m for m in t.rounds[-1].matches if m.bye)
    assert bye_match.result is not None and bye_match.result.points == {str(first_bye): 5}  # C 15.3.5
    losers = {m.b for m in t.rounds[0].matches if not m.bye}  # play_round: the first team wins
    t = play_round(t, {})
    assert bye_of(t) == min(losers)  # fewest points, then the lowest number (C 15.3.5)


def test_round_two_pairs_by_score_groups() -> None:
    t = play_round(a_tournament(4), {})
    winners = {m.result.winner for m in t.rounds[0].matches if m.result}
    t = event.pair_round(t)
    for pair in pairs_of(t):
        assert len(pair & winners) in (0, 2)  # winners meet winners (C 15.3.5)


def test_a_round_is_paired_only_after_the_last_one_is_decided() -> None:
    t = event.start_round(event.pair_round(a_tournament(4)))
    with pytest.raises(RuleError, match="without a result"):
        event.pair_round(t)


def test_no_more_rounds_than_planned() -> None:
    t = a_tournament(2, rounds=1)
    t = play_round(t, {})
    with pytest.raises(RuleError, match="All 1 rounds"):
        event.pair_round(t)


def test_each_round_announces_its_scenario_from_the_pool() -> None:
    # C 15.3.5: the TO announces the next scenario with the pairings
    t = play_round(a_tournament(4), {})
    t = event.pair_round(t)
    assert [r.scenario for r in t.rounds] == ["passage-through-mirkwood", "journey-down-the-anduin"]


def test_dropped_teams_are_not_paired() -> None:
    t = play_round(a_tournament(5), {})
    t = event.drop(t, 3)
    t = event.pair_round(t)
    assert 3 not in {n for m in t.rounds[-1].matches for n in m.teams()}
    assert bye_of(t) == 0  # four teams left: no bye


def test_repairing_a_round_before_it_starts() -> None:
    t = play_round(a_tournament(6), {})
    t = event.pair_round(t)
    t = event.drop(t, next(iter(next(iter(pairs_of(t))))))
    t = event.repair_round(t)
    assert len(t.rounds) == 2 and bye_of(t)  # five teams now: somebody has the bye
    t = event.start_round(t)
    with pytest.raises(RuleError, match="has started"):
        event.repair_round(t)
