"""The engine's loop: run steps and queued follow-ups until someone must decide (the engine suspends, it never
asks). Steps, answers and tasks register here by name, so the turn modules never import each other's
internals and the loop stays one small function."""

from __future__ import annotations

import re
from collections.abc import Callable

from engines.core import Decision, DecisionKind, Option, RuleError, Turn
from engines.core.decisions import NONE
from engines.meq.state import MeqState

Step = Callable[[Turn[MeqState]], None]
Answer = Callable[[Turn[MeqState], Decision, tuple[str, ...], list[str]], None]
Task = Callable[[Turn[MeqState], list[str]], None]

STEPS: dict[str, Step] = {}
ANSWERS: dict[str, Answer] = {}
TASKS: dict[str, Task] = {}
COMBAT: list[Step] = []  # the combat stepper (engines.meq.combat registers it)
# Starts a combat (engines.meq.combat registers it): card effects start fights without importing the combat
# module, which imports the card scripts.
FIGHTS: list[Callable[..., None]] = []
# Named moments the rules fire and card scripts (Plots, Quests) register for, so a rule module never imports the
# card families: a hook returns True when it takes over (the rule then does not do its usual thing).
MOMENTS: dict[str, list[Callable[..., bool]]] = {}
# A card's id as `MeqState.new_uid` writes it ("c42"). A forced decision's reason is told to the whole table (the
# kernel's "<reason> (<seat>: answered by itself)." line has no audience), and a hidden card's id there would
# tell whoever once saw that id on a face which card it is: no reason names a card by its id.
CARD_ID = re.compile(r"\bc\d+\b")


def step(name: str) -> Callable[[Step], Step]:
    def deco(fn: Step) -> Step:
        STEPS[name] = fn
        return fn
    return deco


def answer(name: str) -> Callable[[Answer], Answer]:
    def deco(fn: Answer) -> Answer:
        ANSWERS[name] = fn
        return fn
    return deco


def task(name: str) -> Callable[[Task], Task]:
    def deco(fn: Task) -> Task:
        TASKS[name] = fn
        return fn
    return deco


def moment(name: str) -> Callable[[Callable[..., bool]], Callable[..., bool]]:
    def deco(fn: Callable[..., bool]) -> Callable[..., bool]:
        MOMENTS.setdefault(name, []).append(fn)
        return fn
    return deco


def fire(name: str, *args: object) -> bool:
    """Run the hooks of a moment in registration order until one takes over (returns True): a card that
    forbids an Encounter step leaves no other card to replace it."""
    return any(fn(*args) for fn in MOMENTS.get(name, []))


def ask(turn: Turn[MeqState], seat: str, context: str, prompt: str, options: list[tuple[str, str]],
        kind: DecisionKind = DecisionKind.CHOOSE_ONE, *, low: int = 1, high: int = 1,
        private: bool = False, forced: str = "") -> Decision:
    """Open a decision; `context` is "<answer name>:<args...>" and routes the answer back. `forced` (the public
    reason it has one legal answer, told to the whole table, so in words and never a card's id) lets the kernel
    answer it (engines/core/orders.py). No option may be the word the command grammar writes for an empty answer:
    it would read back as choosing nothing."""
    assert all(i != NONE for i, _ in options), f"option id '{NONE}' in decision {context}"
    assert not CARD_ID.search(forced), f"the forced reason of decision {context} names a card by its id: {forced}"
    return turn.ask(seat, kind, prompt, [Option(id=i, label=label) for i, label in options], low=low, high=high,
                    private=private, context=context, forced=forced)


def resolve(turn: Turn[MeqState], decision: Decision, choice: tuple[str, ...]) -> None:
    head, *args = decision.context.split(":")
    ANSWERS[head](turn, decision, choice, args)
    advance(turn)


def advance(turn: Turn[MeqState]) -> None:
    state = turn.state
    for _ in range(100_000):
        if state.decisions or state.outcome is not None:
            return
        if state.queue:
            head, *args = state.queue.pop(0).split(":")
            TASKS[head](turn, args)
        elif state.combat is not None:
            COMBAT[0](turn)
        else:
            state.running = state.step
            STEPS[state.step](turn)
    raise RuleError("The engine went round in circles; this is a bug, please report the game.")  # pragma: no cover


def goto(state: MeqState, name: str) -> None:
    state.step = name
