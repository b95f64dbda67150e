"""`apply` copies the state before changing it (DESIGN: apply never mutates its input). The kernel's copy is a
pickle round trip of the whole state, which was two thirds of the cost of a TCG command; this copies the TCG
state's known shape directly: every card, zone, list and dict that a step may change gets a new object.

Shared between the two states, because nothing ever changes them once made: card definitions (`defs`, the
kernel's `shared_fields`), shuffle commitments, the outcome, and each decision's options. A field this module
does not know (one added later) is copied by the kernel's deep copy, so a new field can never be shared by
mistake.

A player's zones (about 90% of the cards; a step touches few of them: the hand asked, a deck drawn from) are made
on first use (`Player.__getattr__`): until then the copy keeps, in `_lazy`, how to make each from the zone of
the state it was copied from. That zone is never changed afterwards, since `apply` never changes its input; so an
older state must not be changed by hand once a newer one was copied from it (no engine code does)."""

from __future__ import annotations

from functools import partial
from typing import Any

from engines.core import Card, Decision, Rng, Zone
from engines.core.codec import clone
from engines.tcg.state import Mod, Player, TcgState

_IMMUTABLE = (str, int, bool, float, type(None))
PLAYER_ZONES = ("hand", "draw", "discard", "dead", "adventure", "fellowship", "support")
LAZY_ZONES = PLAYER_ZONES  # every one of a player's zones is made on first use


def _card(c: Card) -> Card:
    n = Card.__new__(Card)
    d = n.__dict__
    d.update(c.__dict__)
    d["known_to"] = c.known_to[:]
    d["tokens"] = c.tokens.copy()
    d["flags"] = c.flags[:]
    d["attached"] = [_card(a) for a in c.attached] if c.attached else []
    return n


def _zone(z: Zone) -> Zone:
    n = Zone.__new__(Zone)
    n.__dict__.update(z.__dict__)
    n.seats = z.seats[:]
    n.cards = [_card(c) for c in z.cards]
    return n


def _player(p: Player) -> Player:
    """The player, each zone left to be made on first use (the module's docstring); a zone the player itself
    had left unmade is made, when used, from the same original."""
    n = Player.__new__(Player)
    d = n.__dict__
    d.update(p.__dict__)
    lazy = dict(p.__dict__.get("_lazy") or {})
    for name in LAZY_ZONES:
        if name in d:
            lazy[name] = partial(_zone, d.pop(name))
    d["_lazy"] = lazy
    return n


def _decision(d: Decision) -> Decision:
    n = Decision.__new__(Decision)
    n.__dict__.update(d.__dict__)
    n.options = d.options[:]
    return n


def _mod(m: Mod) -> Mod:
    n = Mod.__new__(Mod)
    n.__dict__.update(m.__dict__)
    return n


def _rng(r: Rng) -> Rng:
    n = Rng.__new__(Rng)
    n.__dict__.update(r.__dict__)
    return n


def _list(v: list[Any]) -> list[Any]:
    return v[:]


def _dict(v: dict[Any, Any]) -> dict[Any, Any]:
    return v.copy()


# Field -> how to copy it. Lists and dicts of plain values are copied one level; containers of objects by kind.
COPIERS: dict[str, Any] = {
    "seats": _list, "rng": _rng, "decisions": lambda v: [_decision(d) for d in v],
    "outcome": lambda v: v, "orders": lambda v: {k: dict(x) for k, x in v.items()},
    "options": _dict, "defs": _dict, "players": lambda v: [_player(p) for p in v], "path": _zone,
    "minions": _zone, "owners": _dict, "shuffles": _list, "shadow_seats": _list, "actors": _list,
    "assign": _dict, "fought": _list, "skirmish_wounds": _dict, "mods": lambda v: [_mod(m) for m in v],
    "flags": _list, "queue": _list,
}


def copy_state(state: TcgState) -> TcgState:
    n = TcgState.__new__(TcgState)
    d = n.__dict__
    for name, value in state.__dict__.items():
        if isinstance(value, _IMMUTABLE):
            d[name] = value
        elif name in COPIERS:
            d[name] = COPIERS[name](value)
        else:
            d[name] = clone(value)
    return n
