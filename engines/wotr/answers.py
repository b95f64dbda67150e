"""What each answer does, by the decision's context ("act:frodo", "cost:frodo:c12:reserve", ...)."""

from __future__ import annotations

from collections.abc import Callable

from engines.core import Decision, card_list
from engines.wotr import actions, combat
from engines.wotr import procedures as proc
from engines.wotr.state import Deck

T = proc.T
Handler = Callable[[T, Deck, list[str], tuple[str, ...]], None]
ANSWERS: dict[str, Handler] = {}


def answer(context: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        ANSWERS[context] = fn
        return fn

    return register


def resolve(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    verb, *args = decision.context.split(":")
    state = turn.state
    deck = state.deck(args[0]) if args and any(d.key == args[0] for d in state.decks) else \
        state.deck(state.order[state.start])
    ANSWERS[verb](turn, deck, args, choice)


@answer("opening")
def _opening(turn: T, deck: Deck, args: list[str], choice: tuple[str, ...]) -> None:
    for uid in choice:
        proc.cycle(turn, deck.hand.take(uid), public=False)
    turn.say(f"{deck.name}'s deck cycles {proc.plural(len(choice), 'card')} from its opening hand.")


@answer("act")
def _act(turn: T, deck: Deck, args: list[str], choice: tuple[str, ...]) -> None:
    state = turn.state
    if choice[0] == "pass":
        turn.say(f"{deck.name}'s deck passes.")
        if deck.key not in state.passed:
            state.passed.append(deck.key)
        state.streak += 1
    else:
        state.passed, state.streak = [], 0
    actions.perform(turn, deck, choice[0])


@answer("cost")
def _cost(turn: T, deck: Deck, args: list[str], choice: tuple[str, ...]) -> None:
    proc.cycle_from_hand(turn, deck, choice[0], " to pay for it")
    actions.place(turn, deck, args[1], args[2])


@answer("forsake-cost")
def _forsake_cost(turn: T, deck: Deck, args: list[str], choice: tuple[str, ...]) -> None:
    proc.forsake(turn, deck, choice[0])
    actions.place(turn, deck, args[1], args[2])


@answer("forsake")
def _forsake(turn: T, deck: Deck, args: list[str], choice: tuple[str, ...]) -> None:
    proc.forsake(turn, deck, choice[0])


@answer("mayforsake")
def _may_forsake(turn: T, deck: Deck, args: list[str], choice: tuple[str, ...]) -> None:
    if choice[0] == "forsake":
        source = ":".join(args[2:]) or "card text"
        turn.state.queue[:0] = [f"forsake1:{deck.key}|{source}", f"draw{args[1]}:{deck.key}|{source}"]
    else:
        turn.say(f"{deck.name}'s deck declines.")


@answer("winnow")
def _winnow(turn: T, deck: Deck, args: list[str], choice: tuple[str, ...]) -> None:
    for uid in choice:
        proc.eliminate_from_hand(turn, deck, uid, " (winnowing)")
    proc.draw(turn, deck, 1)


@answer("cycle1")
def _cycle1(turn: T, deck: Deck, args: list[str], choice: tuple[str, ...]) -> None:
    proc.cycle_from_hand(turn, deck, choice[0])


@answer("eliminate1")
def _eliminate1(turn: T, deck: Deck, args: list[str], choice: tuple[str, ...]) -> None:
    proc.eliminate_from_hand(turn, deck, choice[0])


@answer("overflow")
def _overflow(turn: T, deck: Deck, args: list[str], choice: tuple[str, ...]) -> None:
    for uid in choice:
        if turn.state.opt("overflow") == "cycle":
            proc.cycle_from_hand(turn, deck, uid, " (over the carryover limit)")
        else:
            proc.eliminate_from_hand(turn, deck, uid, " (over the carryover limit)")


@answer("order")
def _order(turn: T, deck: Deck, args: list[str], choice: tuple[str, ...]) -> None:
    turn.state.combat_queue = list(choice)
    turn.say("Combat order: " + card_list(turn.state.locate(u)[1].name for u in choice) + ".")


@answer("eliminate")
def _eliminate(turn: T, deck: Deck, args: list[str], choice: tuple[str, ...]) -> None:
    """One defending player's choice: their teammates' open questions about this combat are withdrawn (the
    combat asks again if more must go)."""
    state = turn.state
    state.decisions = [d for d in state.decisions if not d.context.startswith("eliminate:")]
    combat.choose(turn, choice[0])
