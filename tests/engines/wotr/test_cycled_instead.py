"""Cards whose own text cycles them instead of eliminating them (spec 8.3 "eliminate and forsake triggers";
L576-588): Frodo and Bilbo for any reason at all (combat, forsaken from hand, reserve or the top of the deck,
winnowed), Merry and Pippin in path combat only. A card from a hand or a deck saved this way is revealed
(L582-588); Frodo's items are not saved with him, Bilbo's, Merry's and Pippin's go along."""

from __future__ import annotations

from engines.wotr import actions, combat
from engines.wotr import procedures as proc
from engines.wotr.state import WotrState
from tests.engines.wotr.table import (
    answer,
    clear_active,
    fetch,
    location,
    opened,
    put,
    to_act,
    to_combat,
    to_hand,
    turn,
)


def table() -> WotrState:
    state = opened()
    clear_active(state)
    return state


def public_lines(t: object) -> list[str]:
    return [e.text for e in t.events if e.audience is None]  # type: ignore[attr-defined]


def test_frodo_lost_in_path_combat_is_cycled_and_his_items_are_eliminated() -> None:
    """# L444-448 with Frodo's text: he cancels, he is cycled instead; Sting (his item) is not saved."""
    state = table()
    path = location(state, "Weathertop")
    put(state, "witch-king", "The Witch-king", path)  # 2 attack
    frodo = put(state, "frodo", "Frodo Baggins", path)
    sting = fetch(state, "frodo", "Sting")
    frodo.attached.append(sting)  # 1 + 1 = 2: Frodo must cancel
    state = to_combat(state)
    deck = state.deck("frodo")
    assert [c.name for c in deck.cycle.cards if c.name == "Frodo Baggins"] == ["Frodo Baggins"]
    assert "Frodo Baggins" not in [c.name for c in deck.eliminated.cards]
    assert "Sting" in [c.name for c in deck.eliminated.cards]


def test_bilbo_in_path_combat_is_cycled_with_his_items() -> None:
    """# L297-299: an item goes where its wielder goes; Bilbo is cycled, so his item is cycled with him."""
    state = table()
    path = location(state, "Weathertop")
    put(state, "witch-king", "The Witch-king", path)  # 2 attack
    bilbo = put(state, "frodo", "Bilbo Baggins", path)
    bilbo.attached.append(fetch(state, "frodo", "Sting"))
    state = to_combat(state)
    cycled = [c.name for c in state.deck("frodo").cycle.cards]
    assert "Bilbo Baggins" in cycled and "Sting" in cycled


def test_merry_is_saved_in_path_combat_but_not_on_a_battleground() -> None:
    """# Merry's and Pippin's texts cover path combat only: lost on a battleground, Merry is eliminated. He
    may stand at a Rohan battleground (Edoras, not Dol Amroth) and a Rohan army supports him there."""
    state = table()
    path = location(state, "Weathertop")
    put(state, "witch-king", "The Witch-king", path)
    put(state, "frodo", "Merry Brandybuck", path)
    put(state, "frodo", "Pippin Took", path)
    state = to_combat(state)
    cycled = [c.name for c in state.deck("frodo").cycle.cards]
    assert "Merry Brandybuck" in cycled and "Pippin Took" in cycled
    assert not {"Merry Brandybuck", "Pippin Took"} & {c.name for c in state.deck("frodo").eliminated.cards}

    state = table()
    edoras = location(state, "Edoras")  # defense 1
    put(state, "saruman", "Devilry of Saruman", edoras)  # 3
    put(state, "saruman", "Wolf-Riders", edoras)  # 2: 4 left to cancel, more than the defenders hold
    merry = put(state, "frodo", "Merry Brandybuck", edoras)
    assert actions.may_enter(state, state.card_def(merry), edoras)
    assert not actions.may_enter(state, state.card_def(merry), location(state, "Dol Amroth"))
    riders = put(state, "frodo", "Riders of Rohan", edoras)
    assert combat.supports(state, [merry, riders], attacking=False) == {merry.uid: riders.uid}
    assert combat.unit_value(state, merry, edoras, attacking=False, supported=True) == 1  # his leadership
    state.active.cards = [c for c in state.active.cards if c.name != "Dol Amroth"]
    state = to_combat(state)
    assert "Merry Brandybuck" in [c.name for c in state.deck("frodo").eliminated.cards]


def test_frodo_forsaken_from_hand_is_revealed_and_cycled() -> None:
    """# L596-611, L582-588: forsaken from hand, Frodo is shown to all and goes to the cycle pile."""
    state = opened()
    (frodo,) = to_hand(state, "frodo", "Frodo Baggins")
    t = turn(state)
    proc.forsake(t, state.deck("frodo"), frodo.uid)
    deck = state.deck("frodo")
    assert frodo in deck.cycle.cards and frodo.face_up and frodo not in deck.eliminated.cards
    assert any("Frodo Baggins is revealed and cycled instead" in line for line in public_lines(t))
    assert t.barrier


def test_bilbo_forsaken_from_the_top_of_the_deck_or_from_reserve_is_cycled() -> None:
    """# L608-611: the blind top card is looked at after; Bilbo's text shows him and cycles him."""
    state = opened()
    deck = state.deck("frodo")
    bilbo = fetch(state, "frodo", "Bilbo Baggins")
    deck.draw.cards.append(bilbo)
    t = turn(state)
    proc.forsake(t, deck, "top")
    assert bilbo in deck.cycle.cards and bilbo.face_up
    assert any("Bilbo Baggins is revealed" in line for line in public_lines(t))

    state = opened()
    bilbo = put(state, "frodo", "Bilbo Baggins", "reserve")
    proc.forsake(turn(state), state.deck("frodo"), bilbo.uid)
    assert bilbo in state.deck("frodo").cycle.cards


def test_a_winnowed_frodo_is_revealed_and_cycled_the_other_card_stays_hidden() -> None:
    """# spec 4.2.3 winnow, L582-588: of the two cards eliminated from hand, Frodo is shown and cycled; the
    other goes face down to the eliminated pile, unnamed in the table's log."""
    state = opened()
    frodo, sam = to_hand(state, "frodo", "Frodo Baggins", "Sam Gamgee")
    to_act(state, "frodo")
    state = answer(state, "act:frodo", "winnow")
    state = answer(state, "winnow", frodo.uid, sam.uid)
    deck = state.deck("frodo")
    assert "Frodo Baggins" in [c.name for c in deck.cycle.cards]
    assert [c.name for c in deck.eliminated.cards] == ["Sam Gamgee"] and not deck.eliminated.cards[0].face_up

