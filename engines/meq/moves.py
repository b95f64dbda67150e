"""A hero moved by a card, or his turn changed by one (spec 3.2, 7.3): a move with no path paid and no combat or
Peril after it (and the neighbour it goes to), the turn ended at once, a new Encounter step where he now stands,
and an Encounter deck taking its discards back. The Travel step's paid moves are engines.meq.travel's; these are
the ones a card makes."""

from __future__ import annotations

from engines.core import Turn
from engines.meq import stock
from engines.meq.cards import index
from engines.meq.effects import ask_card
from engines.meq.flow import goto
from engines.meq.state import Hero, MeqState


def ask_neighbour(turn: Turn[MeqState], seat: str, ref: str, hero: Hero, stage: str, prompt: str, *,
                  stay: bool) -> None:
    """Pick a location next to the hero (or, with `stay`, none) for `move_to`."""
    state = turn.state
    options = [(loc, state.map.name(loc)) for loc in state.map.neighbours(hero.at)]
    ask_card(turn, seat, ref, hero, stage, prompt, options + ([("stay", "stay")] if stay else []))


def move_to(turn: Turn[MeqState], hero: Hero, loc: str, why: str) -> None:
    """A card moves the hero: no path is paid, and no combat or Peril follows."""
    state = turn.state
    if loc == "stay" or loc == hero.at:
        return
    turn.say(f"{hero.name} moves from {state.map.name(hero.at)} to {state.map.name(loc)} ({why}).")
    hero.at = loc


def move_hero_to(turn: Turn[MeqState], hero: Hero, loc: str, why: str) -> None:
    """A card moves a hero (no path, no cost, no combat). In the hero's own Explore, what is left of that
    Explore stays behind: the hero goes on with Travel from the new place."""
    state = turn.state
    move_to(turn, hero, loc, why)
    if state.active >= 0 and state.current is hero and state.queue and state.queue[0] == "explore":
        state.queue.pop(0)


def end_turn(turn: Turn[MeqState], hero: Hero) -> None:
    state = turn.state
    if state.active >= 0 and state.current is hero:
        state.turn_over = True
        turn.say(f"{hero.name}'s turn ends.")


def encounter_again(turn: Turn[MeqState], hero: Hero) -> None:
    """The hero whose turn it is has a new Encounter step where he now stands (after the card that sent him)."""
    state = turn.state
    if state.active >= 0 and state.current is hero and not state.turn_over:
        goto(state, "encounter")


def reshuffle_encounters(turn: Turn[MeqState], ref: str) -> None:
    """The card's Encounter deck takes back its discard pile (the card itself is already in it), shuffled."""
    state = turn.state
    deck = index().encounters[ref].deck
    pile = state.encounter_discards[deck]
    stock.put(state, f"encounter:{deck}", pile.cards)
    pile.cards.clear()
    stock.shuffle(state, f"encounter:{deck}")
    turn.say(f"The {stock.name(state, f'encounter:{deck}')} takes back its discard pile and is shuffled.")
