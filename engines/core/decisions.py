"""Typed decisions: the engine suspends on them and a command answers one by id.

A decision is data in the state (so its id survives restarts and is the same in every process), and the
kernel validates answers to it, so every game refuses a bad answer with the same clear words.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import combinations, islice

from engines.core.errors import RuleError
from engines.core.zones import Seat


class DecisionKind(StrEnum):
    CHOOSE_ONE = "choose_one"  # exactly one option
    CHOOSE_MANY = "choose_many"  # between `low` and `high` distinct options
    NUMBER = "number"  # an integer between `low` and `high`
    ORDER = "order"  # every option, in an order
    ASSIGN = "assign"  # distribute `amount` points among the options (each 0..amount)
    ACT_OR_PASS = "act_or_pass"  # one of the legal actions, or the option "pass"


PASS = "pass"
NONE = "none"  # the written form of choosing nothing (a choose-many with a minimum of 0); never an option id


@dataclass(kw_only=True)
class Option:
    id: str  # short and stable within its decision ("o3", "pass"); what a button sends
    label: str  # what the player reads on the button
    cap: int | None = None  # an assignment: the most this option may receive (a hero's resources)


ID_BEFORE = ": "  # between the id and the label of an option told apart from its twin ("c107: Forest Spider")


def with_id(option: Option) -> Option:
    """`option` with its id before its label: how a decision tells apart options that read the same (two copies of
    one enemy), on a button as in a typed answer (engines/core/turn.py)."""
    return Option(id=option.id, label=f"{option.id}{ID_BEFORE}{option.label}", cap=option.cap)


def plain_label(option: Option) -> str:
    """`option`'s label without the id `with_id` put before it: for a text that writes the id beside the label
    already ("c107=Forest Spider", not "c107=c107: Forest Spider")."""
    return option.label.removeprefix(f"{option.id}{ID_BEFORE}")


@dataclass(kw_only=True)
class Decision:
    id: int
    seat: Seat
    kind: DecisionKind
    prompt: str
    options: list[Option] = field(default_factory=list)
    low: int = 1
    high: int = 1
    amount: int = 0
    private: bool = False  # the prompt or options name hidden cards: show them to `seat` only
    context: str = ""  # the game's own tag: which step of the rules asked ("commit", "defend")
    # Not empty: the decision has one legal answer that follows from public facts, and this says why, for the
    # public log ("p2 has no cards in hand"). The kernel answers it unless the seat's order says ask
    # (engines/core/orders.py).
    forced: str = ""

    def option(self, option_id: str) -> Option:
        for o in self.options:
            if o.id == option_id:
                return o
        known = ", ".join(f"{o.id} ({plain_label(o)})" for o in self.options)
        # The name on a button typed for its id ("pelargir" for 'pelagir', Pelargir): said, not taken, so the
        # journal keeps ids only.
        near = [o for o in self.options if _folded(o.label) == _folded(option_id)]
        hint = f" Did you mean '{near[0].id}' ({plain_label(near[0])})?" if len(near) == 1 else ""
        raise RuleError(f"'{option_id}' is not an option of decision {self.id}.{hint} The options are: {known}.")


def _folded(text: str) -> str:
    """`text` as it might be typed: no accents, no case, a hyphen for each space ("Plains of Udûn": plains-of-udun)."""
    bare = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return bare.casefold().strip().replace(" ", "-")


THEN = "then"  # joins the steps of a chained answer; never an option id


@dataclass(frozen=True)
class Answer:
    """The universal command: answer decision `decision` with `choice` (option ids, a number, or
    `id=amount` pairs for an assignment). Text form: `answer 17 o3 o5`.

    `then` chains the answers to the questions that follow at once, when the player already knows them
    (`answer 6 play-c22-c123 then c23`: a play and the card cycled to pay for it). Each step answers the one
    decision the previous step opened for the same seat, by the same rules as typing it alone; if any step is
    refused, the whole command is, and nothing changes (one command, one journal row, one undo)."""

    decision: int
    choice: tuple[str, ...]
    then: tuple[tuple[str, ...], ...] = ()

    def text(self) -> str:
        words = ["answer", str(self.decision), *(self.choice or (NONE,))]
        for step in self.then:
            words += [THEN, *(step or (NONE,))]
        return " ".join(words)


def waits_on(decisions: Iterable[Decision], asking: Callable[[Decision], str]) -> str:
    """Whom `decisions` wait on, for "the game waits on ...": each seat once, with what `asking` says of its
    decisions ("p1 to choose the next skirmish"); "; " between seats whose words are said (those words may hold
    a comma: a card's name), ", " between bare seats."""
    said: dict[Seat, list[str]] = {}
    for d in decisions:
        words = said.setdefault(d.seat, [])
        if (what := asking(d)) and what not in words:
            words.append(what)
    parts = [" ".join([seat, " and ".join(words)]) if words else seat for seat, words in said.items()]
    return ("; " if any(said.values()) else ", ").join(parts)


def accepts(decision: Decision, choice: tuple[str, ...]) -> bool:
    """Whether `choice` is an answer `decision` takes (`validate` would not refuse it)."""
    try:
        validate(decision, choice)
    except RuleError:
        return False
    return True


def _for_example(decision: Decision, count: int) -> str:
    """How an answer of `count` options is typed, with the decision's own first options (the refusal goes to the
    decision's seat alone, as the decision does): " (for example 'c135 c122')."; "." without options."""
    ids = [o.id for o in decision.options[:count]]
    return f" (for example '{' '.join(ids)}')." if ids else "."


def validate(decision: Decision, choice: tuple[str, ...]) -> tuple[str, ...]:
    """Check an answer against its decision; return it normalized. Raises RuleError with the reason."""
    kind = decision.kind
    if kind in (DecisionKind.CHOOSE_ONE, DecisionKind.ACT_OR_PASS):
        if len(choice) != 1:
            raise RuleError(f"Choose exactly one option for: {decision.prompt}")
        decision.option(choice[0])
        return choice
    if kind is DecisionKind.CHOOSE_MANY:
        if len(set(choice)) != len(choice):
            raise RuleError("You chose the same option twice.")
        for c in choice:
            decision.option(c)
        if not decision.low <= len(choice) <= decision.high:
            low, high = decision.low, decision.high
            many = f"between {low} and {high} options" if low != high else f"exactly {low} option{'s' * (low != 1)}"
            raise RuleError(f"Choose {many} for: {decision.prompt}{_for_example(decision, max(low, 1))}")
        return choice
    if kind is DecisionKind.NUMBER:
        if len(choice) != 1 or not _is_int(choice[0]):
            raise RuleError(f"Answer with one number between {decision.low} and {decision.high}.")
        n = int(choice[0])
        if not decision.low <= n <= decision.high:
            raise RuleError(f"{n} is out of range: choose between {decision.low} and {decision.high}.")
        return (str(n),)
    if kind is DecisionKind.ORDER:
        ids = {o.id for o in decision.options}
        if sorted(choice) != sorted(ids):
            raise RuleError(f"Put every option in order, each exactly once{_for_example(decision, len(ids))}")
        return choice
    if kind is DecisionKind.ASSIGN:
        total = 0
        seen: set[str] = set()
        out: list[str] = []
        for part in choice:
            target, sep, amount = part.partition("=")
            if not sep or not _is_int(amount) or int(amount) < 0:
                raise RuleError(f"Write each assignment as target=amount, not '{part}'.")
            option = decision.option(target)
            if option.cap is not None and int(amount) > option.cap:
                raise RuleError(f"{option.label} can take at most {option.cap}.")
            if target in seen:
                raise RuleError(f"{target} is assigned twice.")
            seen.add(target)
            total += int(amount)
            out.append(f"{target}={int(amount)}")
        if total != decision.amount:
            raise RuleError(f"Assign exactly {decision.amount} in all (you assigned {total}).")
        return tuple(out)
    raise RuleError(f"Unknown decision kind {kind}.")  # pragma: no cover - the enum is closed


def _is_int(text: str) -> bool:
    """An optional minus and ASCII digits: what `int()` accepts ("--5" and "²" pass `isdigit` but not `int`)."""
    digits = text.removeprefix("-")
    return digits.isascii() and digits.isdigit()


MAX_CANDIDATES = 24  # enough fallbacks for a choice the rules refuse, few enough to try them all at once


def minimal_choices(decision: Decision) -> list[tuple[str, ...]]:
    """The answers a seat that is not there would give, best first: pass if the decision offers it, else the
    minimal legal choice (the first option, the fewest options, the lowest number, the order given, an even
    assignment). Later entries are fallbacks for when the rules refuse an earlier one (a card too dear).

    This is what "skip" and the automatic seat play, in every game; a game may offer better by overriding
    `Rules.default_answers`."""
    ids = [o.id for o in decision.options]
    kind = decision.kind
    if kind in (DecisionKind.CHOOSE_ONE, DecisionKind.ACT_OR_PASS):
        ordered = ([PASS] if PASS in ids else []) + [i for i in ids if i != PASS]
        return [(i,) for i in ordered[:MAX_CANDIDATES]]
    if kind is DecisionKind.CHOOSE_MANY:
        low = max(decision.low, 0)
        if low == 0:
            return [()]
        return [tuple(c) for c in islice(combinations(ids, low), MAX_CANDIDATES)]
    if kind is DecisionKind.NUMBER:
        return [(str(n),) for n in range(decision.low, min(decision.high, decision.low + MAX_CANDIDATES - 1) + 1)]
    if kind is DecisionKind.ORDER:
        return [tuple(ids)]
    if kind is DecisionKind.ASSIGN:
        return [_spread(decision, even=True), _spread(decision, even=False)]
    return []  # pragma: no cover - the enum is closed


def _spread(decision: Decision, *, even: bool) -> tuple[str, ...]:
    """Assign `amount` one point at a time, round robin (even) or filling each option in turn, within caps."""
    caps = {o.id: decision.amount if o.cap is None else o.cap for o in decision.options}
    given = dict.fromkeys(caps, 0)
    left = decision.amount
    while left > 0:
        room = [i for i in caps if given[i] < caps[i]]
        if not room:
            break  # the caps cannot hold it all; the rules will say so
        for i in room if even else room[:1]:
            if left == 0:
                break
            given[i] += 1
            left -= 1
    return tuple(f"{i}={n}" for i, n in given.items())
