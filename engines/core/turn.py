"""`Rules`: the shared half of every engine. It owns the decision bookkeeping (ids, stale answers, the seat
check, answer validation), the copy-before-change of `apply`, barrier detection and the answer grammar, so
a game writes only what its rules say happens next."""

from __future__ import annotations

import re
import shlex
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Generic

from engines.core.codec import clone, dumps, loads
from engines.core.contract import Config, Event, OptionValue, Outcome, S, Step, View
from engines.core.decisions import (
    NONE,
    THEN,
    Answer,
    Decision,
    DecisionKind,
    Option,
    accepts,
    minimal_choices,
    validate,
    with_id,
)
from engines.core.errors import CommandError, NotACommand, NotYourDecision, RuleError, StaleDecision
from engines.core.orders import FORCED, KERNEL_ORDERS, MAX_FORCED, Order, only_answer, order_of
from engines.core.zones import Card, Seat, Zone, ZoneView

# A command of plain words, one space apart: no quote, escape or other whitespace that shlex would read otherwise.
_PLAIN = re.compile(r"[^\s'\"\\]+(?: [^\s'\"\\]+)*")


@dataclass(kw_only=True)
class Turn(Generic[S]):
    """The working copy of the state during one `apply`, and what the step has said so far."""

    state: S
    seat: Seat
    events: list[Event] = field(default_factory=list)
    barrier: bool = False
    checkpoint: bool = False
    # The questions answered without asking in this step, with their answers: the forced decisions the kernel
    # answered (`Rules._answer_forced`) and those the rules settled alone (`answered_alone`). A chained answer may
    # name one (`Rules._answered_itself`).
    settled: list[tuple[Decision, tuple[str, ...]]] = field(default_factory=list)

    def say(self, text: str, audience: list[Seat] | None = None) -> None:
        self.events.append(Event(text=text, audience=audience))

    def draw(self, source: Zone, to: Zone, count: int = 1) -> list[Card]:
        """Move the top `count` cards of an ordered hidden zone (a deck) into `to`. Drawing shows a card
        that was hidden, so it is an undo barrier even though no randomness is used."""
        drawn = [source.cards.pop() for _ in range(min(count, len(source.cards)))]
        to.cards.extend(drawn)
        if drawn:
            self.reveal()
        return drawn

    def reveal(self) -> None:
        """Mark that this step showed something hidden: undo past it needs the other seats' consent."""
        self.barrier = True

    def answered_alone(self, seat: Seat, kind: DecisionKind, options: list[Option], answer: tuple[str, ...], *,
                       amount: int = 0) -> None:
        """The rules settled a question of `seat` without asking it, for it had one answer (a cost with one card, or
        one hero, left to pay it): kept with that answer, as the kernel keeps a forced decision it answers, for a
        chained answer that names it (`Rules._answered_itself`). No decision id is used: the questions asked keep
        the ids they had."""
        decision = Decision(id=self.state.next_decision, seat=seat, kind=kind, prompt="", options=options,
                            amount=amount)
        self.settled.append((decision, answer))

    def ask(
        self,
        seat: Seat,
        kind: DecisionKind,
        prompt: str,
        options: list[Option] | None = None,
        *,
        low: int = 1,
        high: int = 1,
        amount: int = 0,
        private: bool = False,
        context: str = "",
        forced: str = "",
    ) -> Decision:
        decision = Decision(
            id=self.state.next_decision,
            seat=seat,
            kind=kind,
            prompt=prompt,
            options=_told_apart(options or []),
            low=low,
            high=high,
            amount=amount,
            private=private,
            context=context,
            forced=forced,
        )
        self.state.next_decision += 1
        self.state.decisions.append(decision)
        return decision

    def finish(self, outcome: Outcome) -> None:
        self.state.outcome = outcome
        self.state.decisions.clear()
        self.say(f"The game is over: {outcome.reason}")


class Rules(Generic[S]):
    """Base class for engines. Subclasses set the class attributes of `Game` and implement `setup`,
    `resolve` (what an answer does) and `view`; they may add verbs through `parse_verb`/`perform`."""

    name: str
    title: str
    version: str
    min_seats: int
    max_seats: int
    state_type: type[S]
    options: dict[str, str | int | bool] = {}  # noqa: RUF012 - read-only defaults, overridden per game
    # A game's own standing orders (`order <key> <value>`), each with its allowed values, the default first.
    standing_orders: dict[str, tuple[str, ...]] = {}  # noqa: RUF012 - read-only, overridden per game

    # --- what a game implements -------------------------------------------------------------
    def setup(self, config: Config, seed: int) -> S:
        """The state a game begins in. A game implements this, or `start` (whose state this is) when its setup
        speaks; implementing neither is refused at once rather than each calling the other forever."""
        if type(self).start is Rules.start:
            raise NotImplementedError(f"{type(self).__name__} implements neither setup nor start")
        return self.start(config, seed).state

    def resolve(self, turn: Turn[S], decision: Decision, choice: tuple[str, ...]) -> None:
        raise NotImplementedError

    def perform(self, turn: Turn[S], command: Any) -> None:
        """Carry out a game-specific (non-answer) command. The default knows none."""
        raise RuleError(f"{self.title} has no command {command!r}.")

    def parse_verb(self, words: list[str]) -> Any:
        """Parse a game-specific verb; the default knows none."""
        raise NotACommand(f"Unknown command '{words[0]}'. Try 'answer <decision> <option>'.")

    def format_verb(self, command: Any) -> str:
        raise CommandError(f"Cannot write {command!r} as text.")

    def view(self, state: S, seat: Seat | None) -> View:
        raise NotImplementedError

    def views(self, state: S, seats: Sequence[Seat]) -> tuple[View, dict[Seat, View]]:
        """The table's view and each seat's, one by one; a game whose audiences share costly work (the stats
        of every card on the table) overrides it to do that work once."""
        return self.view(state, None), {seat: self.view(state, seat) for seat in seats}

    def private(self, state: S, seat: Seat) -> list[ZoneView]:
        """`view(state, seat).private`, the seat's own hidden zones: what the service compares after every command
        to know whose hand changed, without the rest of the view. A game whose views are costly overrides it to
        build those zones alone (tests/engines/randomplay.py checks the two agree at every step)."""
        return self.view(state, seat).private

    def private_basis(self, state: S, seat: Seat) -> Sequence[object] | None:
        """What `private(state, seat)` is made from, to compare states by: where two states give equal bases,
        they give equal `private` views; empty exactly when `private` is. The service asks it after every command
        to know whose hand changed, before building any view. None (the default): compare the views themselves. A
        game whose private views are its zones redacted (`zone_view` depends on the zone alone) gives the zones,
        cheaper to compare than to redact."""
        return None

    # --- the contract, shared ----------------------------------------------------------------
    def seat_names(self, count: int) -> list[Seat]:
        return [f"p{i}" for i in range(1, count + 1)]

    def setting(self, options: dict[str, OptionValue]) -> str:
        """What the host's options make of the game, said when it is created; a game with a scenario says which
        (the default one is chosen unless the host names another, and nobody should learn it from the board)."""
        return ""

    def start(self, config: Config, seed: int) -> Step[S]:
        """`setup` and what it said: nothing, unless a game's setup speaks (then it implements this instead of
        `setup`, which is this state)."""
        return Step(state=self.setup(config, seed))

    def pending(self, state: S) -> tuple[Decision, ...]:
        return tuple(state.decisions)

    def outcome(self, state: S) -> Outcome | None:
        return state.outcome

    def apply(self, state: S, seat: Seat, command: Any) -> Step[S]:
        if state.outcome is not None:
            raise RuleError("The game is over; no more moves can be made.")
        work = self.copy(state)
        draws_before = work.rng.draws
        turn = Turn(state=work, seat=seat)
        if isinstance(command, Answer):
            decision = next((d for d in work.decisions if d.id == command.decision), None)
            if decision is None:
                if not 0 < command.decision < work.next_decision:  # a number never given, not a choice closed
                    raise StaleDecision.unknown(command.decision, work.next_decision - 1)
                raise StaleDecision.closed(command.decision)
            if decision.seat != seat:
                raise NotYourDecision.of(decision.id, decision.seat, seat)
            # A chained answer: each step as if typed alone, all within this one step (one refusal undoes all).
            opened = work.next_decision
            self._answer_one(turn, decision, command.choice)
            for step in command.then:
                if self._answered_itself(turn, opened, step):
                    continue
                decision = self._following(turn, opened, command.decision, step)
                opened = work.next_decision
                self._answer_one(turn, decision, step)
        elif isinstance(command, Order):
            self._set_order(turn, command)
            self._answer_forced(turn)
        else:
            self.perform(turn, command)
            self._answer_forced(turn)
        barrier = turn.barrier or work.rng.draws != draws_before
        return Step(state=work, events=turn.events, barrier=barrier, checkpoint=turn.checkpoint)

    def why_not(self, state: S, decision: Decision, option: str) -> str:
        """Why `option`, named in an answer to `decision`, is not one of its options, in the rules' words (a
        location at its cap of influence); "" leaves the kernel's refusal as it is: not an option, and those that
        are. A game that leaves out what its rules forbid overrides this to say why."""
        return ""

    def waiting_for(self, state: S, decision: Decision) -> str:
        """What `decision` asks of its seat, in words the whole table may read, said after "the game waits on p1"
        when another seat types a move ("to choose the next skirmish"; "for a choice of theirs" when the decision
        is private). "" (the default) names the seat alone."""
        return ""

    def _answer_one(self, turn: Turn[S], decision: Decision, choice: tuple[str, ...]) -> None:
        try:
            valid = validate(decision, choice)
        except RuleError as refused:
            known = {o.id for o in decision.options}
            named = [part.partition("=")[0] for part in choice]
            reason = next((why for oid in named if oid not in known
                           if (why := self.why_not(turn.state, decision, oid))), "")
            if reason:
                raise RuleError(f"{reason} {refused}") from None
            raise
        turn.state.decisions.remove(decision)
        self.resolve(turn, decision, valid)
        self._answer_forced(turn)

    def _answered_itself(self, turn: Turn[S], opened: int, step: tuple[str, ...]) -> bool:
        """Whether `step` of a chained answer names what a decision of the seat, opened by the steps before,
        answered by itself (a cost with one card left to pay it: `answer 6 play-c22 then c23`, as the prompt
        shows it, with c23 the last card). The step is that answer, passed over, where the chain was refused whole
        before; unless the seat's next open question takes it, as it would typed alone."""
        for i, (decision, answer) in enumerate(turn.settled):
            if decision.seat != turn.seat or decision.id < opened or not _same_answer(decision, step, answer):
                continue
            new = [d for d in turn.state.decisions if d.seat == turn.seat and d.id >= opened]
            if any(accepts(d, step) for d in new):  # (several: `_following` refuses it as unclear, as before)
                return False
            del turn.settled[i]
            return True
        return False

    def _following(self, turn: Turn[S], opened: int, first: int, step: tuple[str, ...]) -> Decision:
        """The one decision the previous step of a chained answer opened for the same seat: what `then` answers."""
        said = " ".join(step) or NONE
        if turn.state.outcome is not None:
            raise RuleError(f"The game ended before '{THEN} {said}' could be answered.")
        new = [d for d in turn.state.decisions if d.seat == turn.seat and d.id >= opened]
        if not new:
            itself = [" ".join(a) or NONE for d, a in turn.settled if d.seat == turn.seat and d.id >= opened]
            why = f" (what it asked next had one answer, {', '.join(itself)}, taken by itself)" if itself else ""
            raise RuleError(f"Nothing was asked of you after that answer{why}, so '{THEN} {said}' has nothing to "
                            f"answer (answer {first} alone).")
        if len(new) > 1:
            raise RuleError(f"Several questions follow that answer (decisions {', '.join(str(d.id) for d in new)}), "
                            f"so '{THEN} {said}' is unclear: answer them one at a time.")
        return new[0]

    # --- standing orders and forced decisions (engines/core/orders.py) ----------------------------
    def orders_allowed(self) -> dict[str, tuple[str, ...]]:
        return {**KERNEL_ORDERS, **self.standing_orders}

    def order(self, state: S, seat: Seat, key: str) -> str:
        """A seat's standing order for `key` (its default if the seat set none)."""
        return order_of(state.orders, seat, key, self.orders_allowed())

    def _set_order(self, turn: Turn[S], command: Order) -> None:
        allowed = self.orders_allowed()
        if command.key not in allowed:
            raise RuleError(f"There is no standing order '{command.key}'. Orders: "
                            + "; ".join(f"{k} {'|'.join(v)}" for k, v in allowed.items()) + ".")
        if command.value not in allowed[command.key]:
            raise RuleError(f"The order '{command.key}' takes {' or '.join(allowed[command.key])}.")
        turn.state.orders.setdefault(turn.seat, {})[command.key] = command.value
        turn.say(f"{turn.seat} sets a standing order: {command.key} {command.value}.")
        self.orders_changed(turn)

    def orders_changed(self, turn: Turn[S]) -> None:
        """A seat changed a standing order: a game whose open windows follow the orders moves on here."""

    def _answer_forced(self, turn: Turn[S]) -> None:
        """Answer every forced decision whose seat lets the kernel do it, in the order they were asked; the
        answers' own forced decisions too, all within this one step."""
        work = turn.state
        for _ in range(MAX_FORCED):
            if work.outcome is not None:
                return
            found = None
            for d in work.decisions:
                answer = only_answer(d) if d.forced else None
                if answer is not None and self.order(work, d.seat, FORCED) == "auto":
                    found = d, answer
                    break
            if found is None:
                return
            decision, answer = found
            work.decisions.remove(decision)
            turn.settled.append(found)
            turn.say(f"{decision.forced} ({decision.seat}: answered by itself).")
            self.resolve(turn, decision, validate(decision, answer))

    # Fields holding immutable data (card definitions): copies share their items instead of deep-copying
    # them, which is most of the cost of `apply`'s copy-then-change for a card game.
    shared_fields: tuple[str, ...] = ()

    def copy(self, state: S) -> S:
        shared = {name: getattr(state, name) for name in self.shared_fields}
        try:
            for name in shared:
                setattr(state, name, None)
            work = clone(state)
        finally:
            for name, value in shared.items():
                setattr(state, name, value)
        for name, value in shared.items():
            setattr(work, name, dict(value) if isinstance(value, dict) else value)
        return work

    def parse(self, text: str) -> Any:
        text = text.strip()
        try:
            # Most commands are plain words ("answer 12 c3"): split as shlex would, without its character-by-
            # character reader (a command's cost on a busy server); anything quoted or escaped goes to shlex.
            words = text.split(" ") if _PLAIN.fullmatch(text) else shlex.split(text)
        except ValueError as exc:
            raise CommandError(f"Could not read that command: {exc}.") from None
        if not words:
            raise CommandError("The command is empty.")
        if words[0].lower() == "answer":
            if len(words) < 3 or not (words[1].isascii() and words[1].isdigit()):
                raise CommandError("Write an answer as 'answer <decision number> <option> [option...]'.")
            steps = chained(words[2:])
            if any(not step for step in steps):
                raise CommandError(f"Write a chained answer as 'answer <decision number> <option> {THEN} <option>', "
                                   f"with an option (or '{NONE}') on each side of '{THEN}'.")
            first, *then = (() if step == (NONE,) else step for step in steps)
            return Answer(decision=int(words[1]), choice=first, then=tuple(then))
        if words[0].lower() == "order":
            if len(words) != 3:
                raise CommandError("Write a standing order as 'order <key> <value>', e.g. 'order forced ask'.")
            return Order(key=words[1].lower(), value=words[2].lower())
        return self.parse_verb(words)

    def format(self, command: Any) -> str:
        if isinstance(command, Answer | Order):
            return command.text()
        return self.format_verb(command)

    def dumps(self, state: S) -> str:
        return dumps(state)

    def loads(self, text: str) -> S:
        return loads(self.state_type, text)

    def default_answers(self, state: S, decision: Decision) -> list[Answer]:
        """What a seat that is not there answers (a skipped deadline, the automatic seat), best first: pass
        if offered, else the minimal legal choice; later ones are tried when the rules refuse earlier ones.
        The kernel's choice suits every game; a game may override it with something wiser."""
        return [Answer(decision=decision.id, choice=c) for c in minimal_choices(decision)]

    def default_answer(self, state: S, decision: Decision) -> Answer:
        return self.default_answers(state, decision)[0]

    def decisions_for(self, state: S, seat: Seat | None) -> list[Decision]:
        return [d for d in state.decisions if d.seat == seat]

    def waiting_on(self, state: S) -> list[Seat]:
        seen: list[Seat] = []
        for d in state.decisions:
            if d.seat not in seen:
                seen.append(d.seat)
        return seen


def _told_apart(options: list[Option]) -> list[Option]:
    """Options whose labels are the same (two Gondorian Captains in play: "Gondorian Captain defends against Morgul
    Destroyer" twice) each with its id before the label (a button's label is cut at 80 characters), which tells
    them apart on a button as in a typed answer.
    An option's id is shown with it wherever it is (the prompt's list, what a button sends), so this adds nothing
    the seat did not see."""
    labels = [o.label for o in options]
    if len(set(labels)) == len(labels):
        return options
    twins = {label for label in labels if labels.count(label) > 1}
    return [with_id(o) if o.label in twins else o for o in options]


def _same_answer(decision: Decision, step: tuple[str, ...], answer: tuple[str, ...]) -> bool:
    """`step`, typed for `decision`, is `answer`, as validation reads them: in any order (but an ORDER's), and
    leaving out an assignment's shares of 0."""
    try:
        typed, settled = validate(decision, step), validate(decision, answer)
    except RuleError:
        return False
    if decision.kind is DecisionKind.ORDER:
        return typed == settled
    return sorted(x for x in typed if not x.endswith("=0")) == sorted(x for x in settled if not x.endswith("=0"))


def chained(words: list[str]) -> list[tuple[str, ...]]:
    """`words` cut at each `then`: the steps of a chained command (a step left empty is the caller's to refuse)."""
    steps: list[tuple[str, ...]] = [()]
    for word in words:
        if word.lower() == THEN:
            steps.append(())
        else:
            steps[-1] += (word,)
    return steps
