"""Fixtures for the regional Encounter card tests: hero 0's turn on a chosen location, a card run on him, and
checks on the damage he is due."""

from __future__ import annotations

from engines.core import Card
from engines.meq import rules, scripts, stock
from engines.meq.cards import index
from engines.meq.state import MeqState
from tests.engines.meq.table import a_table, from_deck, hero_turn, turn_on


def table(at: str, heroes: str = "argalad,beravor") -> MeqState:
    """Hero 0's turn on `at` with 4 cards in hand and nothing open or queued."""
    state = hero_turn(a_table(heroes), 0, at)
    state.decisions.clear()
    state.queue.clear()
    rules.draw_cards(turn_on(state), state.heroes[0], 4)
    return state


def run(state: MeqState, ref: str) -> MeqState:
    scripts.run_card(turn_on(state), ref, state.heroes[0])
    return state


def damage_due(state: MeqState, n: int) -> bool:
    """Hero 0 is about to take `n` damage (queued, or asked how to take it)."""
    key = state.heroes[0].key
    return f"hero_damage:{key}:{n}" in state.queue or any(
        d.context.startswith(f"dmg_life:{key}:") and d.context.endswith(f":{n}") for d in state.decisions)


def no_damage(state: MeqState) -> bool:
    key = state.heroes[0].key
    return not any(e.startswith(f"hero_damage:{key}") for e in state.queue) and not any(
        d.context.startswith("dmg_") for d in state.decisions)


def shields(state: MeqState, need: int) -> list[str]:
    """Give hero 0 life pool cards, most shields first, until they hold `need` shields; their uids."""
    h = state.heroes[0]
    refs = sorted(stock.refs(state, stock.life(h)), key=lambda r: -index().combat[r].defense)
    got: list[Card] = []
    for ref in refs:
        if sum(index().combat[c.ref].defense for c in got) >= need:
            break
        got.append(from_deck(state, stock.life(h), ref))
    h.hand.cards.extend(got)
    assert sum(index().combat[c.ref].defense for c in got) >= need
    return [c.uid for c in got]


def wound(state: MeqState, n: int) -> None:
    """Hero 0 takes `n` damage from the top of his life pool."""
    rules.take_damage(state, state.heroes[0], n, [])


def life(state: MeqState) -> int:
    return stock.count(state, stock.life(state.heroes[0]))


def hurt(state: MeqState) -> int:
    return stock.count(state, stock.damage(state.heroes[0]))
