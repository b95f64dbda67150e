"""`apply`'s copy of a MEQ state (engines/meq/game.py `copy`, engines/meq/stock.py): decks shared as tuples, cards
copied by hand. DESIGN.md 'The engine contract': `apply` never mutates its argument."""

from __future__ import annotations

import dataclasses

from engines.core import Card, codec
from engines.meq import GAME, stock
from engines.meq.state import copy_card
from tests.engines.meq.table import a_table, turn_on


def test_copy_card_covers_every_field_of_card() -> None:
    # copy_card names Card's mutable fields one by one: a new field in engines/core must be added there too
    assert [f.name for f in dataclasses.fields(Card)] == [
        "uid", "name", "ref", "back", "face_up", "known_to", "tokens", "flags", "attached"]
    inner = Card(uid="c2", name="b", known_to=["p1"], tokens={"x": 1}, flags=["f"])
    card = Card(uid="c1", name="a", ref="r", back="k", face_up=False, known_to=["p2"], tokens={"d": 2},
                flags=["e"], attached=[inner])
    twin = copy_card(card)
    assert codec.to_data(twin) == codec.to_data(card)
    assert twin.known_to is not card.known_to and twin.tokens is not card.tokens and twin.flags is not card.flags
    assert twin.attached[0] is not inner and twin.attached[0].known_to is not inner.known_to


def test_a_copy_shares_decks_but_changes_none_of_the_original() -> None:
    state = a_table()
    before = GAME.dumps(state)
    work = GAME.copy(state)
    assert GAME.dumps(work) == before
    assert work.stock is not state.stock and work.stock["shadow"] is state.stock["shadow"]  # tuples, shared
    stock.pop(work, "shadow")
    work.plots.cards[0].known_to.append("p9")  # the starting Plot
    assert GAME.dumps(state) == before


def test_a_drawn_card_is_the_top_of_the_deck_face_down_until_the_rules_turn_it() -> None:
    # meq spec 1.3: a deck is face down; drawing takes its top card (the end of the tuple)
    state = a_table()
    top = stock.cards(state, "skill")[-1]
    left = stock.count(state, "skill")
    got = stock.draw(turn_on(state), "skill", state.skill_discard, 1)
    assert [c.uid for c in got] == [top.uid] and not got[0].face_up
    assert stock.count(state, "skill") == left - 1 and state.skill_discard.cards == got
