"""Standing orders and forced decisions: asking a player by post only when there is something to decide.

A decision is *forced* when it has exactly one legal answer that follows from what the whole table can see
(pass with an empty hand, the only candidate for an elimination, an order with one item). The engine says so
by giving the decision a `forced` reason, worded for the public log, and the kernel answers it at once, in the
same step as the command that opened it, so a long forced loop costs no message at all. A seat may turn this
off with the standing order `order forced ask`; the engine alone decides what is forced, because a single
answer that follows from a hidden hand would tell the table what the hand holds (issue 16; TCG spec 1.3).

Orders are part of the state (so replays and undo see them), set by the command `order <key> <value>`.
Games add their own keys (`Rules.standing_orders`), each with its allowed values, the first the default.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.core.decisions import Decision, DecisionKind

FORCED = "forced"
# The kernel's own order: answer forced decisions by themselves ("auto"), or ask ("ask").
KERNEL_ORDERS: dict[str, tuple[str, ...]] = {FORCED: ("auto", "ask")}
MAX_FORCED = 2000  # forced answers after one command: a loop that never asks anyone still stops


@dataclass(frozen=True)
class Order:
    """`order <key> <value>`: a seat's standing order (`order forced ask`)."""

    key: str
    value: str

    def text(self) -> str:
        return f"order {self.key} {self.value}"


def only_answer(decision: Decision) -> tuple[str, ...] | None:
    """The single legal answer of a decision, or None if it has several (then it is not forced)."""
    options = [o.id for o in decision.options]
    kind = decision.kind
    if kind in (DecisionKind.CHOOSE_ONE, DecisionKind.ACT_OR_PASS) and len(options) == 1:
        return (options[0],)
    if kind is DecisionKind.ORDER and len(options) <= 1:
        return tuple(options)
    if kind is DecisionKind.CHOOSE_MANY and decision.low == decision.high == len(options):
        return tuple(options)
    if kind is DecisionKind.NUMBER and decision.low == decision.high:
        return (str(decision.low),)
    return None


def order_of(orders: dict[str, dict[str, str]], seat: str, key: str, allowed: dict[str, tuple[str, ...]]) -> str:
    return orders.get(seat, {}).get(key, allowed[key][0])
