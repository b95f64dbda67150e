"""The game procedures (spec 4.6, L537-650): draw with recycle, cycle, eliminate, forsake, remove, and the
carryover limit. Every card movement goes through here, so the face-down rules hold everywhere: a card from
a hand or a draw deck goes to its pile face down (known to its owner), a card from play goes face up."""

from __future__ import annotations

from engines.core import Card, Turn, Zone, card_list
from engines.wotr import scripts
from engines.wotr.cards import FP
from engines.wotr.state import IN_RESERVE_THIS_ROUND, Deck, WotrState

T = Turn[WotrState]
BASE_CARRYOVER = 2  # L246-248


def names(cards: list[Card]) -> str:
    """Card names as a list to read (engines/core/words.py: "; " between them, since some names hold a comma;
    spec 3.5 warns of the same in the rulebook's lists)."""
    return card_list((c.name for c in cards), "nothing")


def with_items(card: Card) -> str:
    """A unit's name with the items that go where it goes: "The Witch-king (with Morgul Blade)"."""
    return f"{card.name} (with {names(card.attached)})" if card.attached else card.name


def possessive(name: str) -> str:
    """"Coastal Raiders' text", not "Coastal Raiders's": a name ending in s takes the apostrophe alone."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def carryover(state: WotrState, deck: Deck) -> int:
    """The deck's carryover limit: 2, plus reserve text of its cards (Elrond), plus in-play items' text."""
    limit = BASE_CARRYOVER
    for card in deck.reserve.cards:
        s = scripts.of(state.card_def(card))
        limit += s.carryover + s.carryover_in_play if s else 0
    for card, _ in state.in_play():
        for item in card.attached:
            s = scripts.of(state.card_def(item))
            if s and s.carryover_in_play and state.owners[item.uid] == deck.key:
                limit += s.carryover_in_play
        if not _in_reserve(state, card):
            s = scripts.of(state.card_def(card))
            if s and s.carryover_in_play and state.owners[card.uid] == deck.key:
                limit += s.carryover_in_play
    return limit


def _in_reserve(state: WotrState, card: Card) -> bool:
    # By uid (unique in a game), not `in`: that compares whole dataclasses, field by field, for every card.
    return any(c.uid == card.uid for d in state.decks for c in d.reserve.cards)


def recycle(turn: T, deck: Deck, *, into_existing: bool = False) -> None:
    """Shuffle the cycle pile to form the draw deck (by text: into what is left of it, L573-574)."""
    cards = deck.cycle.cards
    deck.cycle.cards = []
    for c in cards:
        _reset(c)
    pile = (deck.draw.cards + cards) if into_existing else cards
    turn.state.rng.shuffle(pile)
    deck.draw.cards = pile
    turn.say(f"{deck.name}'s deck recycles its cycle pile: {plural(len(deck.draw.cards), 'card')} in the draw deck.")


def refill(turn: T, deck: Deck) -> None:
    """The moment the deck's draw deck runs out, its cycle pile is shuffled into a new one (L566-570): called
    wherever a card leaves a draw deck (drawn, forsaken, removed, taken), not at the next draw, so the table
    never shows an empty draw deck beside a cycle pile that should have become it. With the cycle pile empty
    too nothing happens: the deck plays on with what it holds (L638-642)."""
    if not deck.draw.cards and deck.cycle.cards:
        recycle(turn, deck)


def draw(turn: T, deck: Deck, count: int, source: str = "") -> list[Card]:
    """Draw one at a time; an empty draw deck is rebuilt from the cycle pile at once, even mid-draw, and after
    the draw that empties it; with both empty drawing stops, without penalty (L566-570, L638-642). `source`:
    the card or rule that draws, named in the log, else a draw in the middle of a location's text reads as if
    from nowhere."""
    drawn: list[Card] = []
    for _ in range(count):
        # Mid-draw (L569-570); or at the start, for a deck that ran dry with an empty cycle pile and has
        # cycled cards since (nothing was there to recycle when it ran out).
        refill(turn, deck)
        if not deck.draw.cards:
            break
        drawn.extend(turn.draw(deck.draw, deck.hand, 1))
    for c in drawn:
        _reset(c)
    if count:
        short = f" (asked for {count})" if len(drawn) < count else ""
        why = f"{source}: " if source else ""
        turn.say(f"{why}{deck.name}'s deck draws {plural(len(drawn), 'card')}{short}.")
        if drawn:
            turn.say(f"{deck.name}'s deck drew {names(drawn)}.", audience=[deck.seat])
    if drawn:
        refill(turn, deck)  # the last card drawn emptied it: rebuilt now, said after the draw
    return drawn


def _reset(card: Card) -> None:
    card.face_up = True
    card.known_to = []
    card.flags = []
    card.tokens = {}


def _to_pile(state: WotrState, card: Card, pile: str, *, public: bool) -> None:
    """Put a card (and, separately, its items) on its owner's pile. Items go to their own owner (L306-308;
    ENGINE 10: eliminated items too, unless the option sends them with the wielder)."""
    owner = state.deck(state.owners[card.uid])
    items, card.attached = card.attached, []
    _reset(card)
    if not public:
        card.face_up = False
        card.known_to = [owner.seat]
    getattr(owner, pile).cards.append(card)
    for item in items:
        if pile == "eliminated" and state.opt("item_pile") == "wielder":
            state.owners[item.uid] = owner.key
        _to_pile(state, item, pile, public=public)


def cycle(turn: T, card: Card, *, public: bool) -> None:
    _to_pile(turn.state, card, "cycle", public=public)


def cycled_instead(state: WotrState, card: Card, context: str = "any") -> bool:
    """Whether the card's own text cycles it instead of eliminating it here: `context` is "path" (path
    combat), "combat" (battleground combat) or "any" (outside combat: forsaken, winnowed, removed...)."""
    s = scripts.of(state.card_def(card))
    where = s.cycle_when_eliminated_in if s else ""
    return where == "any" or (where == "combat" and context in ("path", "combat")) or (
        where == "path" and context == "path")


def eliminate(turn: T, card: Card, *, public: bool) -> bool:
    """Eliminate a card (face down if it comes from a hand or deck). A card whose text applies when it is
    eliminated is revealed (L582-588): one that is cycled instead "for any reason" (Frodo, Bilbo) goes to the
    cycle pile face up, its items with it unless its text keeps them out. True if it was cycled instead."""
    state = turn.state
    if not cycled_instead(state, card):
        _to_pile(state, card, "eliminated", public=public)
        return False
    save_instead(turn, card, hidden=not public)
    return True


def save_instead(turn: T, card: Card, *, hidden: bool = False) -> None:
    """Cycle a card its own text saves from elimination, face up, and say so to everyone (a `hidden` card,
    from a hand or a deck, is revealed by this: L582-588)."""
    state = turn.state
    s = scripts.of(state.card_def(card))
    lost = card.attached if s and s.items_not_saved else []
    card.attached = [i for i in card.attached if i not in lost]
    for item in lost:
        _to_pile(state, item, "eliminated", public=True)
    _to_pile(state, card, "cycle", public=True)
    also = f"; {names(lost)} {'is' if len(lost) == 1 else 'are'} eliminated all the same" if lost else ""
    turn.say(f"{card.name} is {'revealed and ' if hidden else ''}cycled instead of eliminated, by its own "
             f"text{also}.")
    if hidden:
        turn.reveal()


def detach(state: WotrState, uid: str) -> Card:
    """Take a card out of wherever it is (hand, pile, deck, reserve, a location, a wielder)."""
    zone, card, host = state.locate(uid)
    if host is not None:
        host.attached.remove(card)
    else:
        zone.cards.remove(card)
    return card


def cycle_from_hand(turn: T, deck: Deck, uid: str, why: str = "") -> None:
    card = deck.hand.take(uid)
    cycle(turn, card, public=False)
    turn.say(f"{deck.name}'s deck cycles a card from hand{why}.")
    turn.say(f"(You cycled {card.name}.)", audience=[deck.seat])


def eliminate_from_hand(turn: T, deck: Deck, uid: str, why: str = "") -> None:
    card = deck.hand.take(uid)
    turn.say(f"{deck.name}'s deck eliminates a card from hand{why}.")
    if not eliminate(turn, card, public=False):
        turn.say(f"(You eliminated {card.name}.)", audience=[deck.seat])


def forsake_options(state: WotrState, deck: Deck) -> list[tuple[str, str]]:
    """What the deck may forsake (L596-611): a card in hand, a card or item in its reserve (an item on a
    wielder in its reserve only: the wielder's controller forsakes it), or the blind top of its draw deck."""
    options = [(c.uid, f"{c.name} (hand)") for c in deck.hand.cards]
    for c in deck.reserve.cards:
        options.append((c.uid, f"{c.name} (reserve)"))
        options.extend((i.uid, f"{i.name} on {c.name} (reserve)") for i in c.attached)
    if deck.draw.cards or (deck.cycle.cards and state.opt("forsake_recycle")):
        options.append(("top", "your draw deck's top card, unseen"))
    return options


def forsake(turn: T, deck: Deck, choice: str) -> None:
    state = turn.state
    if choice == "top":
        if not deck.draw.cards:
            recycle(turn, deck)  # ENGINE 10.12
        card = deck.draw.cards.pop()
        s = scripts.of(state.card_def(card))
        if s and s.forsaken_top_cycles:
            cycle(turn, card, public=True)
            turn.say(f"{deck.name}'s deck forsakes the top card of its draw deck: {card.name}, which is cycled "
                     "instead by its own text.")
            turn.reveal()
        else:
            turn.say(f"{deck.name}'s deck forsakes the top card of its draw deck, unseen.")
            if not eliminate(turn, card, public=False):
                turn.say(f"(It was {card.name}.)", audience=[deck.seat])
            turn.reveal()
        refill(turn, deck)  # L566-570: it was the last card (once it lies on its pile, as a drawn card in hand)
        return
    if deck.hand.find(choice):
        eliminate_from_hand(turn, deck, choice, " (forsaken)")
        return
    card = detach(state, choice)
    turn.say(f"{deck.name}'s deck forsakes {with_items(card)} from its reserve.")
    eliminate(turn, card, public=True)


def remove(turn: T, name: str) -> None:
    """Eliminate every copy of a named card wherever it is; reshuffle a draw deck it came from (L627-633).
    A copy already in an eliminated pile is left alone, unannounced: it may lie there face down (spec 1.5)."""
    state = turn.state
    depleted: list[Deck] = []
    for deck in state.decks:
        for zone in [z for z in deck.zones() if z is not deck.eliminated]:
            for card in [c for c in zone.cards if c.name == name]:
                zone.cards.remove(card)
                eliminate(turn, card, public=True)
                turn.say(f"{name} is removed from {deck.name}'s {zone.name.split(': ')[-1]}.")
                if zone is deck.draw:
                    state.rng.shuffle(deck.draw.cards)
                    depleted += [deck] if not deck.draw.cards else []
    for holder, _ in state.in_play():
        for item in [i for i in holder.attached if i.name == name]:
            holder.attached.remove(item)
            eliminate(turn, item, public=True)
            turn.say(f"{name} is removed from play.")
    for loc in state.active.cards:
        for card in [c for c in loc.attached if c.name == name]:
            loc.attached.remove(card)
            eliminate(turn, card, public=True)
            turn.say(f"{name} is removed from {loc.name}.")
    for deck in depleted:  # L566-570: once every copy is gone (a copy in the cycle pile is not recycled)
        refill(turn, deck)


def add_corruption(turn: T, n: int, why: str = "") -> int:
    """Corruption tokens to the Shadow scoring area (L673-685): no more than the supply holds when the option
    'corruption_supply' sets one (ENGINE 10.15; 0 means unlimited). Returns how many were added."""
    state = turn.state
    supply = int(state.opt("corruption_supply"))
    gained = n if not supply else max(0, min(n, supply - state.corruption))
    state.corruption += gained
    short = f" (the supply of {supply} allows no more)" if gained < n else ""
    turn.say(f"The Shadow gain {plural(gained, 'corruption token')}{why}{short}.")
    return gained


def remove_corruption(turn: T, n: int, who: str) -> int:
    """Remove up to n tokens; a removal with nothing to remove does nothing (L683-684). Returns how many."""
    state = turn.state
    removed = min(n, state.corruption)
    state.corruption -= removed
    if removed:
        turn.say(f"{who} removes {plural(removed, 'corruption token')}: now {state.corruption}.")
    else:
        turn.say(f"{who} would remove corruption, but there is no corruption to remove.")
    return removed


def each_side_player(state: WotrState, side: str) -> list[Deck]:
    """"Each Free Peoples/Shadow player": every deck of that side, each twice where the Duel doubling applies
    (L1178-1184; ENGINE 10.4: in the 3 Player Duel only the Free Peoples side, whose one deck stands alone)."""
    decks = state.side_decks(side)
    doubling = str(state.opt("doubling"))
    from engines.wotr.scenarios import scenario

    if not scenario(state.scenario).duel_rules or doubling == "none":
        return decks
    if state.scenario == "duel3" and doubling == "fp" and side != FP:
        return decks
    return decks + decks


def clear_round_marks(state: WotrState) -> None:
    for deck in state.decks:
        for card in deck.reserve.cards:
            if IN_RESERVE_THIS_ROUND in card.flags:
                card.flags.remove(IN_RESERVE_THIS_ROUND)
        if deck.ring == "flipped" and state.opt("duel_ring_reset"):
            deck.ring = "unused"
    state.played = []
    state.round_flags = []
    state.unscripted_texts = []


def unscripted(turn: T, card: Card, deck: str, head: str) -> None:
    """Announce a card whose text the engine does not script, with the adjust verbs that fit it, ready to type
    for `deck` (its own cards) and for what both sides share (spec 8.3; issue 16), and remember the card and
    whose it is, so a proposal to resolve it can name it (issue 18; adjust.credit)."""
    state = turn.state
    kind = state.card_def(card).kind
    own = [f"adjust draw {deck} <n>", f"adjust cycle {deck} <card>", f"adjust eliminate {deck} <card>",
           f"adjust recover {deck} <card> [hand|reserve|deck]"] if deck else []
    shared = ["adjust corruption +1", "adjust token <location> atk|def +1"]
    if kind in ("event", "battleground", "path"):
        shared += ["adjust open <faction>", "adjust activate <location>", "adjust reactivate <battleground>"]
    state.unscripted_texts.append(f"{deck}|{card.name}")
    turn.say(f"{head}: {'; '.join(own + shared)} (your own cards while the game waits on you; the rest asks the "
             "other side to agree).")


def hand_zone_names(zone: Zone) -> str:
    return names(zone.cards)


def faction_player(state: WotrState, faction: str) -> Deck | None:
    """"The <faction> player": the deck holding that faction's cards (Trilogy: Mordor is the Witch-king; in the
    Duels one deck holds a whole side)."""
    for deck in state.decks:
        if any(state.defs[c.ref].faction == faction for z in deck.zones() for c in z.cards) or any(
                state.defs[c.ref].faction == faction for c, _ in state.in_play() if state.owners[c.uid] == deck.key):
            return deck
    return None
