"""Match scoring, every case of C 15.3.4 (spec 8.6 R1 to R9; acceptance 10.6 #95)."""

from __future__ import annotations

from engines.tournament.model import Match
from engines.tournament.scoring import (
    COMPLETED,
    ELIMINATED,
    FLAGGED,
    Finish,
    Progress,
    bye,
    judge,
    no_completion,
    waiting_for,
)

# Team 4 plays first (side a), team 9 second (side b).
MATCH = Match(table=1, a=4, b=9)


def at(r: int, g: int, finish: Finish | None = None) -> Progress:
    return Progress(round=r, group=g, finish=finish)


def done(r: int, g: int, score: int = 0) -> Finish:
    return Finish(how=COMPLETED, round=r, group=g, score=score)


def test_nothing_decided_while_both_race() -> None:
    assert judge(MATCH, at(3, 2), at(3, 1)) is None


def test_r1_b_completes_after_a_played_the_same_group() -> None:
    # C 15.3.4: the team that finishes without the other finishing in the same phase group wins
    result = judge(MATCH, at(6, 3), at(6, 2, done(6, 2, 80)))
    assert result is not None and result.winner == 9 and result.points == {"9": 5, "4": 0}
    assert result.rule == "R1" and result.kind == "win"


def test_r2_a_completes_and_b_gets_its_next_phase_group() -> None:
    # C 15.3.4: the other team has its next phase group to attempt to complete (10.6 #95)
    a = at(6, 2, done(6, 2, 70))
    assert judge(MATCH, a, at(6, 2)) is None
    assert "its own Quest and Travel of round 6" in waiting_for(MATCH, a, at(6, 2))
    result = judge(MATCH, a, at(6, 3))  # B finished its Quest and Travel without completing
    assert result is not None and result.winner == 4 and result.rule == "R2" and result.points["4"] == 5


def test_r3_both_complete_in_the_same_group_and_the_lower_score_wins() -> None:
    # C 15.3.4: "the team with the lower score wins"
    result = judge(MATCH, at(6, 2, done(6, 2, 70)), at(6, 2, done(6, 2, 64)))
    assert result is not None and result.winner == 9 and result.rule == "R3"
    assert result.scores == {"4": 70, "9": 64}


def test_r4_equal_scores_are_a_draw() -> None:
    # C 15.3.4: 2 points each
    result = judge(MATCH, at(6, 2, done(6, 2, 70)), at(6, 2, done(6, 2, 70)))
    assert result is not None and result.kind == "draw" and result.points == {"4": 2, "9": 2}
    assert result.winner == 0 and result.rule == "R4"


def test_a_completion_in_an_earlier_group_wins_outright() -> None:
    result = judge(MATCH, at(5, 3, done(5, 3, 90)), at(6, 1, done(6, 1, 40)))
    assert result is not None and result.winner == 4 and result.rule == "R2"


def test_r5_both_eliminated_in_the_same_round() -> None:
    # C 15.3.4: a Modified Loss, 1 point each
    a = at(4, 1, Finish(how=ELIMINATED, round=4, group=1))
    assert judge(MATCH, a, at(4, 2)) is None  # B finishes the round first (spec 8.6 ENGINE)
    result = judge(MATCH, a, at(4, 3, Finish(how=ELIMINATED, round=4, group=3)))
    assert result is not None and result.kind == "modified loss" and result.points == {"4": 1, "9": 1}
    assert result.rule == "R5"


def test_r6_neither_team_completes() -> None:
    result = no_completion(MATCH)
    assert result.kind == "modified loss" and result.points == {"4": 1, "9": 1} and result.rule == "R6"


def test_r7_one_team_eliminated_and_the_other_survives_the_round() -> None:
    # C 15.3.4: the other team is awarded a Match Win
    a = at(4, 1, Finish(how=ELIMINATED, round=4, group=1))
    assert "finishes round 4" in waiting_for(MATCH, a, at(4, 3))
    result = judge(MATCH, a, at(5, 1))
    assert result is not None and result.winner == 9 and result.rule == "R7"


def test_r7_b_eliminated_in_the_last_group_after_a_played_its_round() -> None:
    b = at(4, 3, Finish(how=ELIMINATED, round=4, group=3))
    result = judge(MATCH, at(5, 1), b)
    assert result is not None and result.winner == 4


def test_the_survivor_may_still_complete_within_the_round() -> None:
    a = at(4, 1, Finish(how=ELIMINATED, round=4, group=1))
    result = judge(MATCH, a, at(4, 2, done(4, 2, 55)))
    assert result is not None and result.winner == 9 and result.scores == {"9": 55}


def test_r8_a_flag_fall_eliminates_at_once() -> None:
    # C 15.3.4: a team that exhausts its time is eliminated and the opponent wins
    result = judge(MATCH, at(3, 2, Finish(how=FLAGGED, round=3, group=2)), at(3, 1))
    assert result is not None and result.winner == 9 and result.rule == "R8"


def test_a_flag_fall_in_the_group_b_gets_after_a_completed() -> None:
    result = judge(MATCH, at(6, 2, done(6, 2, 70)), at(6, 2, Finish(how=FLAGGED, round=6, group=2)))
    assert result is not None and result.winner == 4


def test_a_flag_fall_while_finishing_the_round_of_an_eliminated_team_is_r5() -> None:
    a = at(4, 1, Finish(how=ELIMINATED, round=4, group=1))
    result = judge(MATCH, a, at(4, 2, Finish(how=FLAGGED, round=4, group=2)))
    assert result is not None and result.rule == "R5"


def test_r9_a_bye_is_a_match_win() -> None:
    # C 15.3.5: a bye counts as a Match Win
    result = bye(Match(table=3, a=7))
    assert result.kind == "bye" and result.winner == 7 and result.points == {"7": 5}
