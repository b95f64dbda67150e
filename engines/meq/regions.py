"""The counts over the map a card weighs or picks from (spec 7.3): the locations of a region or within n paths,
the influence and the monster tokens in a region, the neighbours holding influence, whether enemies stand on a
location. Reads of the state with no effect of their own, kept apart so every card means the same by "in his
region" or "within 1"."""

from __future__ import annotations

from engines.meq.state import MeqState


def within(state: MeqState, loc: str, n: int = 1) -> list[str]:
    """`loc` and every location at most `n` paths away ("within n spaces"); within 1, the location first and
    then its neighbours in the map's order."""
    if n == 1:
        return [loc, *state.map.neighbours(loc)]
    return [k for k, d in state.map.distances(loc).items() if d <= n]


def region_of(state: MeqState, loc: str) -> list[str]:
    region = state.map.location(loc).region
    return [x.id for x in state.map.locations if x.region == region]


def in_region(state: MeqState, region: str) -> list[str]:
    return [x.id for x in state.map.locations if x.region == region]


def influenced_neighbours(state: MeqState, loc: str) -> int:
    return sum(1 for n in state.map.neighbours(loc) if state.influence.get(n, 0) > 0)


def influence_in(state: MeqState, *regions: str) -> int:
    """The influence on all the locations of `regions` (a Haven belongs to a region too)."""
    return sum(n for loc, n in state.influence.items() if state.map.location(loc).region in regions)


def region_influence(state: MeqState, loc: str) -> int:
    """`influence_in` the region of `loc`."""
    return influence_in(state, state.map.location(loc).region)


def tokens_in(state: MeqState, region: str) -> list[str]:
    """Uids of the monster tokens (blank or not: nobody but Sauron knows) on the locations of `region`."""
    return [uid for uid, loc in sorted(state.token_at.items()) if state.map.location(loc).region == region]


def region_tokens(state: MeqState, loc: str) -> int:
    """How many monster tokens are in the region of `loc`."""
    return len(tokens_in(state, state.map.location(loc).region))


def enemies_at(state: MeqState, loc: str) -> bool:
    """A monster token (blank or not) or a minion stands there."""
    return bool(state.tokens_at(loc) or state.minions_at(loc))
