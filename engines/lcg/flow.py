"""The round as a stack of tasks. `run` pops and performs tasks until one opens a decision (the game then
waits for a player) or the game ends. Answers are routed by the decision's context to their handler, which
pushes whatever comes next. Everything here is data in the state, so a game can stop and resume anywhere."""

from __future__ import annotations

from collections.abc import Callable

from engines.core import Decision, Turn
from engines.lcg.state import LcgState, Task

T = Turn[LcgState]
TaskHandler = Callable[[T, Task], None]
AnswerHandler = Callable[[T, Decision, tuple[str, ...]], None]

TASKS: dict[str, TaskHandler] = {}
ANSWERS: dict[str, AnswerHandler] = {}


def task(kind: str) -> Callable[[TaskHandler], TaskHandler]:
    def register(fn: TaskHandler) -> TaskHandler:
        TASKS[kind] = fn
        return fn

    return register


def answer(context: str) -> Callable[[AnswerHandler], AnswerHandler]:
    def register(fn: AnswerHandler) -> AnswerHandler:
        ANSWERS[context] = fn
        return fn

    return register


def push(state: LcgState, *tasks: Task) -> None:
    """Schedule `tasks` to run next, in the order given."""
    state.tasks.extend(reversed(tasks))


def run(turn: T) -> None:
    state = turn.state
    guard = 0
    while not state.decisions and state.outcome is None and state.tasks:
        guard += 1
        if guard > 100_000:  # a loop in the procedure is a bug; fail loudly rather than hang the bot
            raise RuntimeError("the round procedure did not settle")
        current = state.tasks.pop()
        TASKS[current.kind](turn, current)


def dispatch(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    kind = decision.context.split(":", 1)[0]
    ANSWERS[kind](turn, decision, choice)
    run(turn)


def arg(decision: Decision, index: int = 1) -> str:
    """The `index`th ':'-separated part of a decision's context ("pay:c12:c5" -> "c12" for 1)."""
    parts = decision.context.split(":")
    return parts[index] if len(parts) > index else ""
