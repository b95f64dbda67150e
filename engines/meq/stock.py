"""Undrawn decks, token piles and the heroes' life and damage pools (spec 1.3): face down, seen by nobody, so
kept as tuples of short entries rather than as `Card` objects.

Every `apply` copies the state before changing it; some 700 face-down cards were most of that copy's cost.
A deck here is a tuple of entries `uid<TAB>ref<TAB>back<TAB>name`, top of the deck last. Tuples never change,
so copies of the state share them (`Meq.shared_fields`) and every change builds a new tuple: copy on write.
A card becomes a `Card` again when it is drawn, and an entry when it goes back into a deck (face down,
known to nobody: a shuffled card is a stranger again, with a new uid, see `shuffle`).
"""

from __future__ import annotations

from engines.core import Card, Turn, Zone
from engines.meq.state import Hero, MeqState

SEP = "\t"

NAMES = {"shadow": "Shadow deck", "plot": "Plot deck", "peril": "Peril deck", "corruption": "Corruption deck",
         "skill": "Skill deck"}


def life(hero: Hero) -> str:
    """The key of a hero's life pool (face down, its draw deck)."""
    return f"life:{hero.key}"


def damage(hero: Hero) -> str:
    """The key of a hero's damage pool (face down)."""
    return f"damage:{hero.key}"


def name(state: MeqState, key: str) -> str:
    """The deck's name in the log: "Shadow deck", "zealot combat deck", "Rohan and Gondor Encounter deck",
    "Argalad's life pool": a region's deck or pile by its regions' names and a hero's pool by the hero's name,
    from the map and the heroes in play, never by the key the state files it under."""
    if key in NAMES:
        return NAMES[key]
    kind, _, what = key.partition(":")
    if kind in ("encounter", "pile"):
        what = state.map.group_name(what)
    elif kind in ("life", "damage"):
        what = next((h.name for h in state.heroes if h.key == what), what)
    return {"life": f"{what}'s life pool", "damage": f"{what}'s damage pool", "pile": f"{what} token pile",
            "event": f"stage {what} Event deck",
            "encounter": f"{what} Encounter deck", "combat": f"{what} combat deck"}.get(kind, key)


def entry(card: Card) -> str:
    return SEP.join((card.uid, card.ref, card.back, card.name))


def card_of(text: str) -> Card:
    uid, ref, back, title = text.split(SEP, 3)
    return Card(uid=uid, name=title, ref=ref, back=back, face_up=False)


def count(state: MeqState, key: str) -> int:
    return len(state.stock.get(key, ()))


def cards(state: MeqState, key: str) -> list[Card]:
    """The deck as (new, face-down) cards, bottom first: for tests and the end-of-game reckoning."""
    return [card_of(e) for e in state.stock.get(key, ())]


def refs(state: MeqState, key: str) -> list[str]:
    return [e.split(SEP, 2)[1] for e in state.stock.get(key, ())]


def put(state: MeqState, key: str, added: list[Card], bottom: bool = False) -> None:
    """Put cards into a deck face down, on top (in the order given, the last on top) or at the bottom."""
    new = tuple(entry(c) for c in added)
    old = state.stock.get(key, ())
    state.stock[key] = new + old if bottom else old + new


def merge(state: MeqState, key: str, source: str) -> None:
    """Put a whole face-down pile on top of a deck (the damage pool into the life pool) and empty it."""
    state.stock[key] = state.stock.get(key, ()) + state.stock.get(source, ())
    state.stock[source] = ()


def shuffle(state: MeqState, key: str) -> None:
    """Shuffle a deck, and give every card in it a new uid, in its new order. A card's uid is seen by players who
    may not see its face: the heroes' options name the face-down monster tokens on the board by uid
    (events.py `sweep_options`). Uids handed out in deck-list order (setup) would say which face each one is,
    the same in every game, and a card seen face up (a token discarded, a card played) would keep its uid
    through a reshuffle into the deck; so a shuffled card is a stranger again, under a name nobody has seen."""
    items = list(state.stock.get(key, ()))
    state.rng.shuffle(items)
    state.stock[key] = tuple(state.new_uid() + SEP + e.split(SEP, 1)[1] for e in items)


def pop(state: MeqState, key: str) -> Card:
    """Take the top card (the deck must not be empty)."""
    deck = state.stock[key]
    state.stock[key] = deck[:-1]
    return card_of(deck[-1])


def draw(turn: Turn[MeqState], key: str, to: Zone, n: int = 1) -> list[Card]:
    """The top `n` cards into `to`, the top one first (as `Turn.draw` does for a zone). Drawing shows a card
    that was hidden: an undo barrier."""
    deck = turn.state.stock.get(key, ())
    k = min(n, len(deck))
    if k == 0:
        return []
    drawn = [card_of(e) for e in reversed(deck[len(deck) - k:])]
    turn.state.stock[key] = deck[:len(deck) - k]
    to.cards.extend(drawn)
    turn.reveal()
    return drawn


def draw_from(turn: Turn[MeqState], key: str, discard: Zone | None, to: Zone, n: int) -> list[Card]:
    """Draw `n` from a deck, shuffling its discard pile into it when it runs out (spec 5.12)."""
    state = turn.state
    out: list[Card] = []
    for _ in range(n):
        if not state.stock.get(key) and discard is not None and discard.cards:
            put(state, key, discard.cards)
            discard.cards.clear()
            shuffle(state, key)
            turn.say(f"The {name(state, key)} is empty: its discard pile is shuffled into a new deck.")
        if not state.stock.get(key):
            break
        out += draw(turn, key, to, 1)
    return out
