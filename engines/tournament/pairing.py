"""Swiss pairing exactly as C 15.3.5 spells it (spec 8.7).

Round 1 is drawn at random. Later rounds: the bye first, to the lowest-ranked team (fewest points, then the
lowest team number) that has not had one; then score groups from the most points down, each sorted by team
number and folded (first against last, ...), its odd team (the middle one) paired down against the
highest-ranked team of the next group. When that ideal pairing would repeat a match, the nearest team in
rank order that avoids it is taken instead (spec 8.7 ENGINE: the seed's "subtle adjustment"), found by a
search that reproduces the ideal pairing whenever it has no rematch.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engines.core import Rng

Pair = tuple[int, int]
SEARCH_LIMIT = 200_000  # nodes; past it a rematch is accepted as unavoidable rather than hang the bot


def random_pairs(teams: Sequence[int], rng: Rng) -> tuple[list[Pair], int]:
    """Round 1 (C 15.3.5: random pairings are allowed): a shuffle, consecutive teams paired; with an odd
    number, the last one drawn has the bye. Returns (pairs, the team with the bye or 0)."""
    order = list(teams)
    rng.shuffle(order)
    bye = order.pop() if len(order) % 2 else 0
    return [(order[i], order[i + 1]) for i in range(0, len(order), 2)], bye


def choose_bye(teams: Sequence[int], points: Mapping[int, int], byes: Mapping[int, int]) -> int:
    """C 15.3.5: the lowest-ranked team, the lowest team number among equals; spec 8.7 ENGINE: never a
    second bye while a team that had none remains."""
    ranked = sorted(teams, key=lambda t: (points.get(t, 0), t))
    fewest = min(byes.get(t, 0) for t in teams)
    return next(t for t in ranked if byes.get(t, 0) == fewest)


def score_groups(teams: Sequence[int], points: Mapping[int, int]) -> list[list[int]]:
    """Teams with equal points, most points first, each group sorted by team number."""
    values = sorted({points.get(t, 0) for t in teams}, reverse=True)
    return [sorted(t for t in teams if points.get(t, 0) == v) for v in values]


def ideal_pairs(teams: Sequence[int], points: Mapping[int, int]) -> list[Pair]:
    """The seed's procedure, ignoring past matches: fold each group, pair its odd team down."""
    pairs: list[Pair] = []
    down: list[int] = []
    for group in score_groups(teams, points):
        group = list(group)
        for team in down:  # against the highest-ranked team of this group (ranked by team number)
            if group:
                pairs.append((team, group.pop(0)))
        down = [t for t in down if all(t not in p for p in pairs)]
        n = len(group)
        pairs.extend((group[i], group[n - 1 - i]) for i in range(n // 2))
        if n % 2:
            down.append(group[n // 2])  # the middle one of an odd fold (spec 8.7 ENGINE)
    if len(down) > 1:
        pairs.extend((down[i], down[i + 1]) for i in range(0, len(down) - 1, 2))
    return pairs


def swiss_pairs(
    teams: Sequence[int], points: Mapping[int, int], played: set[frozenset[int]]
) -> list[Pair]:
    """Pair an even number of teams by C 15.3.5 with no rematch. The ideal pairing when it repeats no
    match; otherwise each team, from the top of the standings down, takes the free team nearest (in rank
    order) to its ideal partner that it has not met. A rematch only when no other pairing exists."""
    if len(teams) % 2:
        raise ValueError("the bye is given before the Swiss pairing")
    ideal = ideal_pairs(teams, points)
    partner = {x: y for p in ideal for x, y in (p, p[::-1])}
    rank = [t for group in score_groups(teams, points) for t in group]
    pos = {t: i for i, t in enumerate(rank)}
    found = _search(rank, partner, pos, played) or _search(rank, partner, pos, set())
    assert found is not None
    order = {frozenset(p): i for i, p in enumerate(ideal)}
    # Keep the ideal pairs' own order (and the first-named team) so the tables read like the fold.
    return sorted(found, key=lambda p: (order.get(frozenset(p), len(order)), pos[p[0]]))


def _search(
    rank: list[int], partner: dict[int, int], pos: dict[int, int], played: set[frozenset[int]]
) -> list[Pair] | None:
    budget = [SEARCH_LIMIT]

    def go(free: list[int]) -> list[Pair] | None:
        if not free:
            return []
        budget[0] -= 1
        if budget[0] < 0:
            return None
        team, rest = free[0], free[1:]
        target = pos[partner[team]]
        for other in sorted(rest, key=lambda u: (abs(pos[u] - target), pos[u])):
            if frozenset((team, other)) in played:
                continue
            tail = go([u for u in rest if u != other])
            if tail is not None:
                return [(team, other), *tail]
        return None

    return go(rank)
