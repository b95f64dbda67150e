"""Small builders for War of the Ring tests: a started game, cards fetched by name into any place, and one
step of play at a time through the real `apply`."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import replace
from typing import Any

from engines.core import Answer, Card, Config, Decision, Turn
from engines.wotr import GAME, scripts
from engines.wotr.cards import fold
from engines.wotr.state import WotrState


@contextmanager
def quiet_locations() -> Iterator[None]:
    """Locations activate without their text for a while (round 1's texts would change the hands a test
    sets up); the registry is restored afterwards."""
    saved = dict(scripts.SCRIPTS)
    for key, s in saved.items():
        if s.on_activate is not None:
            scripts.SCRIPTS[key] = replace(s, on_activate=None)
    try:
        yield
    finally:
        scripts.SCRIPTS.clear()
        scripts.SCRIPTS.update(saved)


def opened(scenario: str = "trilogy", people: int = 4, seed: int = 1, *, texts: bool = False,
           **options: Any) -> WotrState:
    """A game after setup, the opening cycles answered with each deck's first cards: round 1's action step,
    its locations active without their texts (unless `texts`)."""
    with nullcontext() if texts else quiet_locations():
        state = GAME.setup(Config(seats=GAME.seat_names(people), options={"scenario": scenario, **options}), seed)
        while state.decisions and state.decisions[0].context.startswith("opening"):
            d = state.decisions[0]
            choice = tuple(o.id for o in d.options[:d.low])
            state = GAME.apply(state, d.seat, Answer(decision=d.id, choice=choice)).state
    return state


def decision(state: WotrState, context: str = "") -> Decision:
    found = [d for d in state.decisions if d.context.startswith(context)]
    assert found, f"no decision {context!r} open: {[d.context for d in state.decisions]}"
    return found[0]


def answer(state: WotrState, context: str, *choice: str) -> WotrState:
    d = decision(state, context)
    return GAME.apply(state, d.seat, Answer(decision=d.id, choice=choice)).state


def options(state: WotrState, context: str = "act") -> list[str]:
    return [o.id for o in decision(state, context).options]


def fetch(state: WotrState, deck: str, name: str) -> Card:
    """Take a card of `deck` by name from wherever it is (draw deck, hand, piles), or make one if the deck has
    none (a card from another scenario's list)."""
    d = state.deck(deck)
    for zone in d.zones():
        for c in zone.cards:
            if fold(c.name) == fold(name):
                zone.cards.remove(c)
                c.flags, c.tokens, c.attached, c.face_up, c.known_to = [], {}, [], True, []
                return c
    ref = next(k for k, v in state.defs.items() if fold(v.name) == fold(name))
    card = state.new_card(ref)
    state.owners[card.uid] = deck
    return card


def to_hand(state: WotrState, deck: str, *names: str) -> list[Card]:
    cards = [fetch(state, deck, n) for n in names]
    state.deck(deck).hand.cards.extend(cards)
    return cards


def location(state: WotrState, name: str) -> Card:
    """Make the named location active (taken from its deck, or from wherever it is)."""
    for zone in (state.bg_fp, state.bg_shadow, state.path_deck, state.active, state.fp_area, state.shadow_area):
        for c in zone.cards:
            if fold(c.name) == fold(name):
                zone.cards.remove(c)
                state.active.cards.append(c)
                return c
    raise KeyError(name)


def clear_active(state: WotrState) -> None:
    """Put the round's random locations back, so a test sets its own table."""
    for c in list(state.active.cards):
        state.active.cards.remove(c)
        (state.path_deck if state.card_def(c).kind == "path" else state.bg_deck(state.card_def(c).side)).cards.append(c)


def put(state: WotrState, deck: str, name: str, where: Card | str) -> Card:
    """Put a card of `deck` into play: on a location or wielder card, or "reserve"."""
    card = fetch(state, deck, name)
    if where == "reserve":
        state.deck(deck).reserve.cards.append(card)
    else:
        assert isinstance(where, Card)
        where.attached.append(card)
    return card


def turn(state: WotrState) -> Turn[WotrState]:
    return Turn(state=state, seat="")


def to_act(state: WotrState, deck: str) -> None:
    """Make it `deck`'s turn in the action step, re-asking for its action."""
    state.decisions.clear()
    state.turn = state.order.index(deck)
    from engines.wotr import actions

    actions.ask_action(turn(state), state.deck(deck))


def to_combat(state: WotrState) -> WotrState:
    """End the action step now (as if everyone passed, hands aside) and run the combat step until a choice is
    needed."""
    from engines.wotr import round as round_

    state.decisions.clear()
    state.acting = ""
    state.phase = "combat"
    t = turn(state)
    with quiet_locations():  # the next round's location texts would open choices of their own
        round_.order_combats(t)
        round_.advance(t)
    return state


def next_round(state: WotrState) -> WotrState:
    """Finish the combat step with the default answers (first options, orders as given): to the next round."""
    start = state.round
    state = to_combat(state) if state.phase == "action" else state
    with quiet_locations():
        while state.round == start and state.outcome is None:
            d = state.decisions[0]
            state = GAME.apply(state, d.seat, GAME.default_answer(state, d)).state
    return state


def agreed(state: WotrState, seat: str, text: str) -> tuple[WotrState, list[str]]:
    """An adjustment by `seat` carried out: at once if it is theirs to make, else proposed and agreed to by
    the seat of the other side that is asked (issue 18). Returns the state and every public line said."""
    step = GAME.apply(state, seat, GAME.parse(text))
    lines = [e.text for e in step.events if e.audience is None]
    ask = next((d for d in step.state.decisions if d.context.startswith("propose")), None)
    if ask is not None:
        step = GAME.apply(step.state, ask.seat, Answer(decision=ask.id, choice=("agree",)))
        lines += [e.text for e in step.events if e.audience is None]
    return step.state, lines
