"""The recycle (spec 4.6, seed L566-570): "When you deplete your draw deck, you must immediately recycle your
cycle pile. Shuffle your cycle pile and place it facedown on the table as your new draw deck." The new deck is
made the moment the last card leaves the draw deck, however it leaves (drawn, forsaken, removed, taken), not
when someone next draws: a card cycled in the meantime goes to the new cycle pile, not into the new deck.
Eliminated cards never come back (L578-580): they are not part of it."""

from __future__ import annotations

from engines.core import Card
from engines.wotr import GAME, scripts
from engines.wotr import procedures as proc
from engines.wotr.state import Deck, WotrState
from engines.wotr.view import WotrView
from tests.engines.wotr.table import answer, decision, fetch, opened, to_act, to_hand, turn


def _deck_with(deck: Deck, draw: list[Card], cycle: int) -> list[Card]:
    """The deck holds `draw` as its draw deck and `cycle` of its other deck cards in its cycle pile, face down
    as cycled cards lie; the rest go to its eliminated pile. Returns the cycle pile."""
    uids = {c.uid for c in draw}
    rest = [c for c in deck.draw.cards + deck.cycle.cards if c.uid not in uids]
    deck.draw.cards, deck.cycle.cards = list(draw), rest[:cycle]
    deck.eliminated.cards.extend(rest[cycle:])
    for c in deck.cycle.cards:
        c.face_up, c.known_to = False, [deck.seat]
    return list(deck.cycle.cards)


def _plain(state: WotrState, deck: Deck) -> Card:
    """A card of the deck's draw deck with no text about being eliminated or forsaken."""
    for card in deck.draw.cards:
        s = scripts.of(state.card_def(card))
        if not proc.cycled_instead(state, card) and not (s and s.forsaken_top_cycles):
            return card
    raise AssertionError("no plain card")


def test_drawing_the_last_card_recycles_at_once_not_at_the_next_draw() -> None:
    """# L566-570: the draw that empties the draw deck rebuilds it then, through the real apply (an adjustment
    draw by card text); the table sees a full draw deck, and a card cycled afterwards stays in the cycle pile."""
    state = opened()
    to_act(state, "frodo")
    frodo = state.deck("frodo")
    last_two = frodo.draw.cards[-2:]
    pile = _deck_with(frodo, last_two, 10)
    rng_before = state.rng.draws
    step = GAME.apply(state, frodo.seat, GAME.parse("adjust draw frodo 2"))
    after = step.state.deck("frodo")
    assert {c.uid for c in last_two} <= {c.uid for c in after.hand.cards}
    assert sorted(c.uid for c in after.draw.cards) == sorted(c.uid for c in pile) and not after.cycle.cards
    assert step.state.rng.draws > rng_before and step.barrier  # shuffled by the game's own generator
    view = GAME.view(step.state, None)
    assert isinstance(view, WotrView)
    table = next(d for d in view.decks if d.key == "frodo")
    assert (table.draw, table.cycle) == (10, 0)
    said = [e.text for e in step.events if e.audience is None]
    drew = said.index("Frodo's deck draws 2 cards.")
    assert said[drew + 1] == "Frodo's deck recycles its cycle pile: 10 cards in the draw deck."

    hand_card = after.hand.cards[0]
    proc.cycle_from_hand(turn(step.state), after, hand_card.uid)
    assert [c.uid for c in after.cycle.cards] == [hand_card.uid] and len(after.draw.cards) == 10


def test_the_recycle_is_the_whole_cycle_pile_shuffled_and_never_the_eliminated_pile() -> None:
    """# L566-570, L578-580: every card of the cycle pile, in an order of the seeded generator (the same game
    replays the same), face down again; the eliminated pile stays where it is."""
    orders = []
    for _ in range(2):
        state = opened(seed=3)
        frodo = state.deck("frodo")
        pile = _deck_with(frodo, frodo.draw.cards[-1:], 12)
        eliminated = [c.uid for c in frodo.eliminated.cards]
        proc.draw(turn(state), frodo, 1)
        assert sorted(c.uid for c in frodo.draw.cards) == sorted(c.uid for c in pile)
        assert [c.uid for c in frodo.eliminated.cards] == eliminated and eliminated
        assert all(not c.known_to for c in frodo.draw.cards)
        orders.append([c.uid for c in frodo.draw.cards])
    assert orders[0] == orders[1] and orders[0] != [c.uid for c in pile]


def test_forsaking_the_last_card_of_the_draw_deck_recycles_at_once() -> None:
    """# L566-570, L596-611: the forsaken top card goes to the eliminated pile; the cycle pile becomes the new
    draw deck then, without the forsaken card."""
    state = opened()
    frodo = state.deck("frodo")
    top = _plain(state, frodo)
    pile = _deck_with(frodo, [top], 8)
    t = turn(state)
    proc.forsake(t, frodo, "top")
    assert top in frodo.eliminated.cards and top not in frodo.draw.cards
    assert sorted(c.uid for c in frodo.draw.cards) == sorted(c.uid for c in pile) and not frodo.cycle.cards
    assert t.events[-1].text == "Frodo's deck recycles its cycle pile: 8 cards in the draw deck."


def test_removing_the_last_card_of_the_draw_deck_recycles_at_once() -> None:
    """# L566-570, L627-633: Gandalf the Grey removed from a draw deck that held only him."""
    state = opened()
    frodo = state.deck("frodo")
    grey = fetch(state, "frodo", "Gandalf the Grey")
    pile = _deck_with(frodo, [grey], 6)
    proc.remove(turn(state), "Gandalf the Grey")
    assert grey in frodo.eliminated.cards
    assert sorted(c.uid for c in frodo.draw.cards) == sorted(c.uid for c in pile) and not frodo.cycle.cards


def test_taking_the_last_card_of_the_draw_deck_recycles_at_once() -> None:
    """# L566-570, L644-650: Legolas takes the Bow, the only card left in the draw deck."""
    state = opened()
    aragorn = state.deck("aragorn")
    (legolas,) = to_hand(state, "aragorn", "Legolas")
    bow = fetch(state, "aragorn", "Bow of the Galadhrim")
    pile = _deck_with(aragorn, [bow], 5)
    to_act(state, "aragorn")
    state = answer(state, "act:aragorn", f"play-{legolas.uid}-reserve")
    if [d for d in state.decisions if d.context.startswith("cost")]:
        state = answer(state, "cost", decision(state, "cost").options[0].id)
    paid = [c.uid for c in state.deck("aragorn").cycle.cards]
    take = decision(state, "take:aragorn:draw")
    step = GAME.apply(state, take.seat, GAME.parse(f"answer {take.id} {take.options[0].id}"))
    after = step.state.deck("aragorn")
    assert bow.uid in [c.uid for c in after.hand.cards]
    assert sorted(c.uid for c in after.draw.cards) == sorted(paid) and len(paid) == len(pile) + 1
    assert not after.cycle.cards


def test_a_deck_run_dry_rebuilds_from_cards_cycled_later_when_it_next_draws() -> None:
    """# L638-642: with both piles empty nothing is recycled; a card cycled later waits in the cycle pile (there
    was nothing to recycle when the deck ran out) and makes the draw deck when the deck next draws."""
    state = opened()
    frodo = state.deck("frodo")
    _deck_with(frodo, [], 0)
    card = frodo.hand.cards[0]
    proc.cycle_from_hand(turn(state), frodo, card.uid)
    assert not frodo.draw.cards and [c.uid for c in frodo.cycle.cards] == [card.uid]
    assert [c.uid for c in proc.draw(turn(state), frodo, 2)] == [card.uid]
    assert not frodo.draw.cards and not frodo.cycle.cards
