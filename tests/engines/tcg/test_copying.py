"""The TCG's own copy for `apply` (engines/tcg/copying.py): the same state, and no mutable part shared (DESIGN:
apply never mutates its input)."""

from __future__ import annotations

import dataclasses
from typing import Any

from engines.core import Answer, Decision
from engines.tcg import GAME
from engines.tcg.copying import copy_state
from engines.tcg.state import Mod
from tests.engines.tcg.table import a_game, put

SHARED = {"defs", "shuffles", "outcome"}  # never changed once made (the module's docstring says why)


def _mutables(obj: Any, path: str, out: dict[int, str]) -> None:
    """Every list, dict and dataclass inside `obj`, by id, except what is shared by design."""
    if isinstance(obj, list | dict) or (dataclasses.is_dataclass(obj) and not isinstance(obj, type)):
        out[id(obj)] = path
    if isinstance(obj, list):
        for i, x in enumerate(obj):
            _mutables(x, f"{path}[{i}]", out)
    elif isinstance(obj, dict):
        for k, x in obj.items():
            _mutables(x, f"{path}[{k}]", out)
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            if f.name in SHARED or (isinstance(obj, Decision) and f.name == "options"):
                continue  # a decision's options are never changed; its list of them is copied (checked below)
            _mutables(getattr(obj, f.name), f"{path}.{f.name}", out)


def test_the_copy_equals_the_state_and_shares_nothing_that_changes() -> None:
    # DESIGN "The engine contract": apply never mutates its argument
    s = a_game()
    m = put(s, "7_134", "minions", "p2")
    put(s, "7_186", "", "p2", on=m)
    s.players[0].fellowship.cards[1].tokens["wounds"] = 1
    s.mods.append(Mod(uid=m.uid, stat="strength", amount=2, until="phase"))
    c = copy_state(s)
    assert GAME.dumps(c) == GAME.dumps(s)
    before: dict[int, str] = {}
    after: dict[int, str] = {}
    _mutables(s, "state", before)
    _mutables(c, "state", after)
    assert set(before) & set(after) == set()
    assert c.defs == s.defs and c.decisions[0].options is not s.decisions[0].options


def test_apply_leaves_its_input_alone() -> None:
    # DESIGN "The engine contract"
    s = a_game()
    text = GAME.dumps(s)
    d = s.decisions[0]
    GAME.apply(s, d.seat, Answer(decision=d.id, choice=("pass",)))
    assert GAME.dumps(s) == text


def test_the_zones_left_unmade_by_a_copy_are_made_from_the_original_and_never_change_it() -> None:
    # DESIGN "The engine contract": a player's zones are copied on first use (copying.LAZY_ZONES)
    s = a_game()
    text = GAME.dumps(s)
    c1 = copy_state(s)
    c2 = copy_state(c1)  # a copy of a copy whose decks were never used
    assert "draw" not in c2.players[0].__dict__
    top = c2.players[0].draw.cards.pop()
    c2.players[0].hand.cards.append(top)
    top.tokens["wounds"] = 1
    c2.players[1].adventure.cards.clear()
    assert GAME.dumps(s) == text and GAME.dumps(c1) == text  # neither the original nor the first copy changed
    assert c1.players[0].draw.cards[-1] is not top and len(c1.players[1].adventure.cards) == 9
    assert GAME.loads(GAME.dumps(c2)) == c2
