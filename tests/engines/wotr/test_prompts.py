"""Every prompt says why it is asked (issue 16): the card or the rule that asks is named in the prompt itself,
not only in the log, so a player reading a private message out of context knows what it is for."""

from __future__ import annotations

from engines.wotr import round as round_
from tests.engines.wotr.table import (
    answer,
    clear_active,
    decision,
    location,
    opened,
    put,
    to_act,
    to_combat,
    to_hand,
    turn,
)


def test_a_cards_forsake_names_the_card() -> None:
    """Cave-Troll's use (each Free Peoples deck forsakes 1): Frodo's question begins with the card's name."""
    state = opened()
    troll = put(state, "saruman", "Cave-Troll", "reserve")
    to_act(state, "saruman")
    state = answer(state, "act:saruman", f"use-{troll.uid}")
    assert decision(state, "forsake:frodo").prompt.startswith("Cave-Troll: ")


def test_a_locations_optional_forsake_names_the_location() -> None:
    """Dol Amroth's activation text (the Dúnedain player may forsake 1 to draw 1): its question names it."""
    state = opened()
    clear_active(state)
    card = next(c for c in state.bg_fp.cards if c.name == "Dol Amroth")
    state.bg_fp.cards.remove(card)
    state.decisions.clear()
    t = turn(state)
    round_.activate(t, card, "by the test")
    round_.advance(t)
    prompt = decision(state, "mayforsake").prompt
    assert prompt.startswith("Dol Amroth: ") and prompt.endswith("?")


def test_the_rules_questions_name_their_rule() -> None:
    """# spec 4.2 (the action step), 4.2.4 (the cost of a play) and 4.2.3 (winnow): each question says which."""
    state = opened()
    to_act(state, "aragorn")
    assert decision(state, "act:aragorn").prompt.startswith("Action step: ")
    strider, _, _ = to_hand(state, "aragorn", "Strider", "Legolas", "Arwen")
    to_act(state, "aragorn")
    paid = answer(state, "act:aragorn", f"play-{strider.uid}-reserve")
    assert decision(paid, "cost").prompt.startswith("Cost of Strider: ")
    winnow = answer(state, "act:aragorn", "winnow")
    assert decision(winnow, "winnow").prompt.startswith("Winnow: ")


def test_an_elimination_names_the_combat() -> None:
    """# spec 4.3: the combat and its location are named."""
    state = opened()
    clear_active(state)
    path = location(state, "Weathertop")
    put(state, "witch-king", "The Witch-king", path)
    put(state, "frodo", "Gimli", path)
    put(state, "frodo", "Gandalf the Grey", path)
    state = to_combat(state)
    assert decision(state, "eliminate").prompt.startswith("Combat at Weathertop: ")
