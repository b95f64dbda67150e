"""Match scoring (C 15.3.4; spec 8.6, R1 to R9): who won a race, from how far each team has got.

`judge` is a pure function of the two teams' progress, asked again after every change; it answers a
`Result`, or None while the rules still give a team time ("the other team gets its next phase group"; an
eliminated team's opponent finishes the round). Sides: "a" plays first in every phase group, "b" second.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.tournament.model import (
    BYE,
    DRAW,
    DRAW_POINTS,
    LOSS_POINTS,
    MODIFIED_LOSS,
    MODIFIED_LOSS_POINTS,
    WIN,
    WIN_POINTS,
    Match,
    Result,
)

COMPLETED, ELIMINATED, FLAGGED = "completed", "eliminated", "flagged"
GROUP_NAMES = {1: "Resource and Planning", 2: "Quest and Travel", 3: "Encounter, Combat and Refresh"}


@dataclass(frozen=True)
class Finish:
    """How a team's game ended: it completed the scenario (with its score), all its players were
    eliminated, or its time ran out; in which game round and phase group (1 to 3) that happened."""

    how: str
    round: int
    group: int
    score: int = 0


@dataclass(frozen=True)
class Progress:
    """Where a team's game is: the phase group it is playing (or is due to play next), and its finish."""

    round: int = 1
    group: int = 1
    finish: Finish | None = None

    @property
    def at(self) -> tuple[int, int]:
        return self.round, self.group


def judge(match: Match, a: Progress, b: Progress) -> Result | None:
    """The match's result by the rules of C 15.3.4, or None while it is still being played."""
    fa, fb = a.finish, b.finish
    if fa is None and fb is None:
        return None
    if fa is not None and fb is not None:
        return _both(match, fa, fb)
    side, done, other = ("a", fa, b) if fa is not None else ("b", fb, a)
    assert done is not None
    rival = "b" if side == "a" else "a"
    if done.how == FLAGGED:  # R8: eliminated at once, the opponent wins at once
        return win(match, rival, "R8", f"{_team(match, side)} ran out of time")
    if done.how == COMPLETED:
        if side == "b":  # R1: A has already played this phase group without completing
            return win(match, "b", "R1", f"{_team(match, 'b')} completed the scenario first")
        if other.at > (done.round, done.group):  # R2: B had its phase group and did not complete
            return win(match, "a", "R2", f"{_team(match, 'a')} completed the scenario and "
                       f"{_team(match, 'b')} did not in its own {GROUP_NAMES[done.group]}")
        return None  # R2: B gets its next phase group
    # One team eliminated by the game (R7): its opponent finishes the current round first (spec 8.6 ENGINE).
    if other.round > done.round:
        return win(match, rival, "R7", f"every player of {_team(match, side)} was eliminated")
    return None


def _both(match: Match, fa: Finish, fb: Finish) -> Result:
    if fa.how == COMPLETED and fb.how == COMPLETED:
        if (fa.round, fa.group) == (fb.round, fb.group):  # R3, R4: the lower score wins
            scores = {"a": fa.score, "b": fb.score}
            if fa.score == fb.score:
                return draw(match, scores)
            side = "a" if fa.score < fb.score else "b"
            return win(match, side, "R3", f"both completed in the same phase group and {_team(match, side)} "
                       f"scored lower ({scores[side]} against {scores['b' if side == 'a' else 'a']})", scores)
        side = "a" if (fa.round, fa.group) < (fb.round, fb.group) else "b"
        return win(match, side, "R1" if side == "b" else "R2", f"{_team(match, side)} completed the scenario first",
                   {side: (fa if side == "a" else fb).score})
    if fa.how == COMPLETED or fb.how == COMPLETED:  # a completion beats an elimination or a flag fall
        side = "a" if fa.how == COMPLETED else "b"
        loser = fb if side == "a" else fa
        rule = "R8" if loser.how == FLAGGED else "R7"
        return win(match, side, rule, f"{_team(match, side)} completed the scenario",
                   {side: (fa if side == "a" else fb).score})
    if fa.round == fb.round:  # R5 (a flag fall counts as an elimination, C 15.3.4)
        return modified_loss(match, "R5", f"both teams were eliminated in round {fa.round}")
    side = "a" if fa.round > fb.round else "b"  # the later one survived the other's round
    return win(match, side, "R7", f"every player of {_team(match, 'b' if side == 'a' else 'a')} was eliminated")


def win(match: Match, side: str, rule: str, reason: str, scores: dict[str, int] | None = None) -> Result:
    winner = match.team_of(side)
    loser = match.team_of("b" if side == "a" else "a")
    return Result(kind=WIN, winner=winner, points={str(winner): WIN_POINTS, str(loser): LOSS_POINTS},
                  scores={str(match.team_of(s)): v for s, v in (scores or {}).items()}, rule=rule,
                  reason=reason)


def draw(match: Match, scores: dict[str, int]) -> Result:
    """R4: both completed in the same phase group with equal scores."""
    return Result(kind=DRAW, points={str(match.a): DRAW_POINTS, str(match.b): DRAW_POINTS},
                  scores={str(match.team_of(s)): v for s, v in scores.items()}, rule="R4",
                  reason=f"both completed in the same phase group with a score of {scores['a']}")


def modified_loss(match: Match, rule: str, reason: str) -> Result:
    """R5 and R6: 1 point each."""
    return Result(kind=MODIFIED_LOSS, points={str(match.a): MODIFIED_LOSS_POINTS, str(match.b): MODIFIED_LOSS_POINTS},
                  rule=rule, reason=reason)


def no_completion(match: Match) -> Result:
    """R6: the organizer ends a match in which neither team completed the scenario."""
    return modified_loss(match, "R6", "neither team completed the scenario")


def bye(match: Match) -> Result:
    """R9; C 15.3.5: a bye counts as a Match Win."""
    return Result(kind=BYE, winner=match.a, points={str(match.a): WIN_POINTS}, rule="R9", reason="a bye")


def waiting_for(match: Match, a: Progress, b: Progress) -> str:
    """Why an undecided match with a finish in it goes on, in words for the table ("" if nothing waits)."""
    if judge(match, a, b) is not None:
        return ""
    if a.finish is not None and a.finish.how == COMPLETED:
        return (f"{_team(match, 'a')} completed the scenario; {_team(match, 'b')} has its own "
                f"{GROUP_NAMES[a.finish.group]} of round {a.finish.round} to complete it too.")
    for side, p in (("a", a), ("b", b)):
        if p.finish is not None and p.finish.how == ELIMINATED:
            rival = "b" if side == "a" else "a"
            return (f"every player of {_team(match, side)} was eliminated; {_team(match, rival)} finishes "
                    f"round {p.finish.round} (if it is eliminated too, the match is a Modified Loss).")
    return ""


def _team(match: Match, side: str) -> str:
    return f"team {match.team_of(side)}"
