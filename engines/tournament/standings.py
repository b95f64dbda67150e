"""Standings and the champion (C 15.3.5: the most points after the Swiss rounds).

The seed gives no tie-breaks; spec 8.7 [ENGINE] does: head-to-head (the points a team took from the other
teams on the same points), then the total scenario score (lower is better, like the score itself; the
scores of the scenarios a team completed), then the team number.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.tournament.event import points
from engines.tournament.model import BYE, DRAW, MODIFIED_LOSS, WIN, Team, Tournament


@dataclass(frozen=True)
class Standing:
    rank: int
    team: int
    name: str
    points: int
    head_to_head: int
    scenario_score: int
    wins: int
    draws: int
    modified_losses: int
    losses: int
    byes: int
    dropped: bool


def standings(t: Tournament) -> list[Standing]:
    total = points(t)
    h2h = {team.number: 0 for team in t.teams}
    scenario = {team.number: 0 for team in t.teams}
    tally = {team.number: {WIN: 0, DRAW: 0, MODIFIED_LOSS: 0, "loss": 0, BYE: 0} for team in t.teams}
    for rnd in t.rounds:
        for m in rnd.matches:
            r = m.result
            if r is None:
                continue
            for k, v in r.scores.items():
                scenario[int(k)] += v
            if r.kind == BYE:
                tally[m.a][BYE] += 1
                continue
            for n in m.teams():
                rival = m.b if n == m.a else m.a
                kind = r.kind if r.kind != WIN else (WIN if r.winner == n else "loss")
                tally[n][kind] += 1
                if total[n] == total[rival]:
                    h2h[n] += r.points.get(str(n), 0)

    def key(team: Team) -> tuple[int, int, int, int]:
        n = team.number
        return (-total[n], -h2h[n], scenario[n], n)

    ordered = sorted(t.teams, key=key)
    out: list[Standing] = []
    for i, team in enumerate(ordered):
        n = team.number
        c = tally[n]
        out.append(Standing(rank=i + 1, team=n, name=team.name, points=total[n], head_to_head=h2h[n],
                            scenario_score=scenario[n], wins=c[WIN], draws=c[DRAW],
                            modified_losses=c[MODIFIED_LOSS], losses=c["loss"], byes=c[BYE],
                            dropped=team.dropped))
    return out


def champion(t: Tournament) -> Standing | None:
    """The champion once every planned round has a result; None before."""
    if not t.over:
        return None
    table = [s for s in standings(t) if not s.dropped]
    return table[0] if table else None
