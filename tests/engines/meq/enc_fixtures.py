"""Fixtures for the Encounter card tests: a hero's turn at the moment an Encounter card resolves."""

from __future__ import annotations

from engines.core import Card
from engines.meq import flow, rules, scripts
from engines.meq.cards import index
from engines.meq.state import MeqState
from tests.engines.meq.table import a_table, give, hero_turn, on_top, place_token, turn_on


def at_encounter(at: str, heroes: str = "argalad,beravor") -> MeqState:
    """Hero 0's turn on `at` with 4 cards in hand, no decision open and no influence anywhere; answers then run
    into the Travel step's question, which is harmless here."""
    state = hero_turn(a_table(heroes), 0, at)
    state.decisions.clear()
    state.queue.clear()
    state.influence.clear()
    state.step = "travel"
    rules.draw_cards(turn_on(state), state.heroes[0], 4)
    return state


def run(state: MeqState, ref: str) -> MeqState:
    """Resolve the card for hero 0, then let the engine run on (its queued follow-ups) until someone decides."""
    turn = turn_on(state)
    scripts.run_card(turn, ref, state.heroes[0])
    flow.advance(turn)
    return state


# Corruption cards whose own effects (engines/meq/corruption.py) touch neither attributes, favor, hand nor the
# hero's turn: what an Encounter's test of "how corrupt" needs, without a card's side effect in the way.
BLAND = ("corr-reckless", "corr-greedy", "corr-despondent")


def corrupt(state: MeqState, n: int, who: int = 0) -> None:
    for i in range(n):
        on_top(state, "corruption", BLAND[i % len(BLAND)])
        rules.gain_corruption(turn_on(state), state.heroes[who])


def shields(state: MeqState, n: int) -> list[Card]:
    """Replace hero 0's hand by cards of his deck carrying at least `n` shields in all."""
    h = state.heroes[0]
    h.hand.cards.clear()
    picked: list[Card] = []
    total = 0
    for c in sorted(index().pack.combat, key=lambda c: -c.defense):
        while c.deck == h.key and total < n and c.defense:
            try:
                picked += give(state, 0, c.id)
            except StopIteration:  # no copy left in the life pool
                break
            total += c.defense
    assert total >= n
    return picked


def tokens(state: MeqState, group: str, *locs: str) -> None:
    """One blank monster token of `group` on each location."""
    for loc in locs:
        place_token(state, group, "blank", loc)


def pending(state: MeqState, context: str) -> str:
    """The arguments of the open decision `context` (e.g. the damage count of a `dmg_life`)."""
    d = next(d for d in state.decisions if d.context.split(":")[0] == context)
    return d.context.split(":", 1)[1]
