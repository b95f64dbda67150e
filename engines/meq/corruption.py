"""Corruption cards (spec 5.5, 7.3): lasting penalties on the hero who holds one, in our own words; no card text
is kept. The rules ask here while they run (an attribute, a favor gain, a hand size, a number of cards drawn,
whether a hero may consult or trade, how far a Sauron marker moves); two cards act once, when received, and go
into a reshuffled Corruption deck, with its discard pile.

This module sits below engines.meq.rules (which asks it), so it uses only the state, the decks and the loop."""

from __future__ import annotations

from engines.core import Card, Decision, Turn
from engines.meq import stock
from engines.meq.flow import answer, ask
from engines.meq.state import Hero, MeqState

ATTRIBUTE_LOSS = {"corr-deranged": "wisdom", "corr-helpless": "agility", "corr-weary": "fortitude",
                  "corr-weak": "strength"}
HAND_LIMIT = 7  # Distraught: hero cards in hand
FAVOR_CAP = 3  # Despairing: favor on the hero sheet
TRAVEL_CAP = 3  # Hopeless: moves a turn
FAVOR_A_TURN = 1  # Mistrusted: favor gained a turn
WHAT = {  # what `cards coverage meq` prints for each card, in our words
    "corr-reckless": "Sauron draws one more Peril card on the hero's turn",
    "corr-indifferent": "the hero's Encounter draw is one card smaller",
    "corr-distraught": f"the hand never holds more than {HAND_LIMIT} cards",
    "corr-deranged": "wisdom -1",
    "corr-helpless": "agility -1",
    "corr-weary": "fortitude -1",
    "corr-weak": "strength -1",
    "corr-despairing": f"favor never above {FAVOR_CAP}",
    "corr-isolated": "no consulting characters, no trading with heroes",
    "corr-hopeless": f"at most {TRAVEL_CAP} moves a turn",
    "corr-mistrusted": f"at most {FAVOR_A_TURN} favor gained a turn",
    "corr-cowardly": "a random hand card is discarded as each combat starts",
    "corr-greedy": "Sauron draws a Shadow card after playing one on the hero's turn",
    "corr-despondent": "resting or defeat moves the leftmost Sauron marker 2",
    "corr-careless": "lose 2 favor at once; the card goes back into the deck",
    "corr-wretched": "the turn ends at once, Sauron may send the hero to the nearest Haven; the card goes back",
}


def holds(hero: Hero, ref: str) -> bool:
    return any(c.ref == ref for c in hero.corruption.cards)


# --- the rules ask -------------------------------------------------------------------------------------------


def attribute_loss(hero: Hero, name: str) -> int:
    return sum(1 for c in hero.corruption.cards if ATTRIBUTE_LOSS.get(c.ref) == name)


def hand_room(hero: Hero) -> int | None:
    """How many more cards the hand may take (None: no limit)."""
    return max(0, HAND_LIMIT - len(hero.hand.cards)) if holds(hero, "corr-distraught") else None


def favor_room(state: MeqState, hero: Hero, n: int) -> int:
    """How much of `n` favor the hero may gain now (Despairing's cap, Mistrusted's once a turn)."""
    if holds(hero, "corr-despairing"):
        n = min(n, max(0, FAVOR_CAP - hero.favor))
    if holds(hero, "corr-mistrusted") and state.active >= 0 and state.current is hero:
        key = turn_key(state)
        if hero.favor_turn != key:
            hero.favor_turn, hero.favor_got = key, 0
        n = min(n, max(0, FAVOR_A_TURN - hero.favor_got))
    return n


def favor_gained(state: MeqState, hero: Hero, n: int) -> None:
    if state.active >= 0 and state.current is hero:
        key = turn_key(state)
        if hero.favor_turn != key:
            hero.favor_turn, hero.favor_got = key, 0
        hero.favor_got += n


def turn_key(state: MeqState) -> str:
    return f"{state.round}.{state.hero_turns}.{state.active}"


def encounter_draw(hero: Hero) -> int:
    return 2 if holds(hero, "corr-indifferent") else 3


def peril_draw(state: MeqState, hero: Hero) -> int:
    """Drawing more is only to Sauron's good (he still picks one), so he always takes the extra card."""
    return 4 if holds(hero, "corr-reckless") and state.active >= 0 and state.current is hero else 3


def may_trade(hero: Hero) -> bool:
    """Isolated: no consulting characters and no trading with other heroes (either way)."""
    return not holds(hero, "corr-isolated")


def moves_left(state: MeqState, hero: Hero) -> bool:
    return not holds(hero, "corr-hopeless") or state.moves_made < TRAVEL_CAP


def marker_steps(hero: Hero) -> int:
    """How far the leftmost Sauron marker moves when this hero rests or is defeated."""
    return 2 if holds(hero, "corr-despondent") else 1


def shadow_redraw(state: MeqState) -> bool:
    """Greedy: a Shadow card played on this hero's turn is replaced (the draw is only to Sauron's good)."""
    return state.active >= 0 and holds(state.current, "corr-greedy")


def combat_starts(turn: Turn[MeqState], hero: Hero) -> None:
    """Cowardly: a random hand card goes to the rest pool as the combat starts."""
    if not holds(hero, "corr-cowardly") or not hero.hand.cards:
        return
    card = hero.hand.cards.pop(turn.state.rng.below(len(hero.hand.cards)))
    turn.reveal()
    hero.rest.cards.append(card)
    turn.say(f"{hero.name} is cowardly: {card.name} is discarded at random.")


# --- a card just received -----------------------------------------------------------------------------------


def received(turn: Turn[MeqState], hero: Hero, card: Card) -> None:
    state = turn.state
    if card.ref == "corr-despairing" and hero.favor > FAVOR_CAP:
        turn.say(f"{hero.name} drops to {FAVOR_CAP} favor (Despairing).")
        hero.favor = FAVOR_CAP
    elif card.ref == "corr-careless":
        gone = min(2, hero.favor)
        hero.favor -= gone
        turn.say(f"{hero.name} loses {gone} favor (Careless): now {hero.favor}.")
        back_to_deck(turn, hero, card)
    elif card.ref == "corr-wretched":
        if state.active >= 0 and state.current is hero:
            state.turn_over = True
            turn.say(f"{hero.name}'s turn ends (Wretched).")
        havens = nearest_havens(state, hero.at)
        if havens and hero.at not in havens:
            ask(turn, state.sauron, f"wretched:{hero.key}", f"Wretched: send {hero.name} to the nearest Haven?",
                [("stay", "leave the hero there")] + [(h, state.map.name(h)) for h in havens])
        back_to_deck(turn, hero, card)


def back_to_deck(turn: Turn[MeqState], hero: Hero, card: Card) -> None:
    state = turn.state
    hero.corruption.cards.remove(card)
    back = [card, *state.corruption_discard.cards]
    state.corruption_discard.cards.clear()
    stock.put(state, "corruption", back)
    stock.shuffle(state, "corruption")
    turn.reveal()
    turn.say(f"{card.name} and the Corruption discards make a new, shuffled Corruption deck.")


def nearest_havens(state: MeqState, loc: str) -> list[str]:
    dist = state.map.distances(loc)
    found = [(d, k) for k, d in dist.items() if state.map.location(k).haven]
    best = min((d for d, _ in found), default=None)
    return sorted(k for d, k in found if d == best)


@answer("wretched")
def wretched(turn: Turn[MeqState], d: Decision, choice: tuple[str, ...], args: list[str]) -> None:
    hero = turn.state.hero(args[0])
    if choice[0] != "stay":
        hero.at = choice[0]
        turn.say(f"Sauron sends {hero.name} to {turn.state.map.name(choice[0])}.")
