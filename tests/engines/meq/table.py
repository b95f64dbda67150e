"""Small fixtures for MEQ tests: a game set up with chosen heroes, and helpers to answer its decisions."""

from __future__ import annotations

from typing import Any

from engines.core import Answer, Card, Config, Decision, Turn
from engines.meq import GAME, flow, stock
from engines.meq.cards import index
from engines.meq.state import MeqState


def a_table(heroes: str = "argalad,beravor", **options: Any) -> MeqState:
    """A new game. Unless `plot_setup=True`, the Starting Plot's own setup (influence, Sauron's first cards, spec
    2 step 4c) is skipped, so a test starts from an empty board and Sauron's first turn."""
    plot_setup = bool(options.pop("plot_setup", False))
    seats = GAME.seat_names(1 + len(heroes.split(",")))
    state = GAME.setup(Config(seats=seats, options={"heroes": heroes, **options}), 7)
    if not plot_setup:
        state.decisions.clear()
        state.queue = [q for q in state.queue if not q.startswith("plot_keep:")]
        state.influence.clear()
        state.pool = 0
        flow.advance(turn_on(state))
    return state


def turn_on(state: MeqState) -> Turn[MeqState]:
    return Turn(state=state, seat="")


def open_decision(state: MeqState, context: str) -> Decision:
    found = [d for d in state.decisions if d.context.split(":")[0] == context]
    assert found, f"no open '{context}' decision; open: {[d.context for d in state.decisions]}"
    return found[0]


def answer(state: MeqState, context: str, *choice: str) -> MeqState:
    d = open_decision(state, context)
    return GAME.apply(state, d.seat, Answer(decision=d.id, choice=tuple(choice))).state


def card(state: MeqState, ref: str) -> Any:
    """A new card of definition `ref` (a combat card id)."""
    return state.new_card(index().combat[ref].name, ref)


def hero_turn(state: MeqState, who: int = 0, at: str = "") -> MeqState:
    """Jump to the start of hero `who`'s turn (after Sauron's first turn), on `at` if given: the open Sauron
    decisions are dropped and the engine runs until the hero's first decision."""
    state.decisions.clear()
    state.queue.clear()
    state.first_turn = False
    state.active = who
    if at:
        state.heroes[who].at = at
    state.step = "hero_start"
    flow.advance(turn_on(state))
    return state


def from_deck(state: MeqState, key: str, ref: str) -> Card:
    """Take the first card of definition `ref` out of a face-down deck, face up (a card a test hands out)."""
    deck = list(state.stock[key])
    at = next(i for i, e in enumerate(deck) if stock.card_of(e).ref == ref)
    got = stock.card_of(deck.pop(at))
    state.stock[key] = tuple(deck)
    got.face_up = True
    return got


def on_top(state: MeqState, key: str, *refs: str) -> None:
    """Put one card of each definition on top of a deck, the first named on the very top."""
    cards = [from_deck(state, key, ref) for ref in refs]
    for c in cards:
        c.face_up = False
    stock.put(state, key, list(reversed(cards)))


def give(state: MeqState, who: int, *refs: str) -> list[Card]:
    """Put cards of these definitions into a hero's hand, taken from the hero's life pool."""
    h = state.heroes[who]
    got = [from_deck(state, stock.life(h), ref) for ref in refs]
    h.hand.cards.extend(got)
    return got


def place_token(state: MeqState, group: str, face: str, loc: str) -> Card:
    """A monster token of `face` (a monster id or "blank") from `group`'s pile, face down on `loc`."""
    token = from_deck(state, f"pile:{group}", f"{group}|{face}")
    token.face_up = False
    token.known_to = [state.sauron]
    state.tokens.cards.append(token)
    state.token_at[token.uid] = loc
    return token


def options(state: MeqState, context: str) -> set[str]:
    return {o.id for o in open_decision(state, context).options}


def contexts(state: MeqState) -> list[str]:
    return [d.context.split(":")[0] for d in state.decisions]
