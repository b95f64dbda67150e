"""Muster: a test game that asks one kind of decision over and over, of the size a test chooses, so the bot's
buttons, menus and forms can be driven for every kind of decision and every size (the real games ask some of
them rarely: an order of five, a number from 0 to 40, a share-out among six, a choice among 60).

Options: `ask` (order, number, assign, many, one, vote), `size` (how many options; for a number, the highest),
`amount` (what an assignment shares out). Each answer is told to the table and the same kind is asked again;
`vote` asks every seat at once for the first player."""

from __future__ import annotations

from dataclasses import dataclass, field

from engines.core import (
    BaseState,
    Config,
    Decision,
    DecisionKind,
    Option,
    Rng,
    Rules,
    SeatView,
    Turn,
    View,
)
from engines.core.zones import Seat

PLACES = ["Bree", "Rivendell", "Moria", "Lórien", "Isengard", "Edoras", "Helm's Deep", "Minas Tirith", "Osgiliath",
          "Dol Amroth", "Pelargir", "Erebor", "Dale", "Esgaroth", "Beorn's House"]


def place(i: int) -> str:
    return PLACES[i] if i < len(PLACES) else f"Camp {i + 1}"


@dataclass(kw_only=True)
class MusterState(BaseState):
    ask: str = "order"
    size: int = 3
    amount: int = 2
    answers: list[str] = field(default_factory=list)


class Muster(Rules[MusterState]):
    name = "muster"
    title = "Muster (decision test game)"
    version = "1"
    min_seats = 1
    max_seats = 3
    state_type = MusterState
    options = {"ask": "order", "size": 3, "amount": 2}  # noqa: RUF012

    def setup(self, config: Config, seed: int) -> MusterState:
        opts = {**self.options, **config.options}
        state = MusterState(seats=list(config.seats), rng=Rng.seeded(seed), ask=str(opts["ask"]),
                            size=int(opts["size"]), amount=int(opts["amount"]))
        turn = Turn(state=state, seat="")
        if state.ask == "vote":
            for seat in state.seats:
                self._vote(turn, seat)
        else:
            self._ask(turn)
        return state

    def _vote(self, turn: Turn[MusterState], seat: Seat) -> None:
        options = [Option(id=s, label=s) for s in turn.state.seats]
        turn.ask(seat, DecisionKind.CHOOSE_ONE, "Vote for the first player", options, context="vote")

    def _ask(self, turn: Turn[MusterState]) -> None:
        state = turn.state
        options = [Option(id=f"c{i + 1}", label=place(i)) for i in range(state.size)]
        seat = state.seats[0]
        if state.ask == "order":
            turn.ask(seat, DecisionKind.ORDER, "March order: put the camps in order, first to last", options,
                     context="order")
        elif state.ask == "number":
            turn.ask(seat, DecisionKind.NUMBER, f"How many riders go out (0 to {state.size})?", [],
                     low=0, high=state.size, context="number")
        elif state.ask == "assign":
            capped = [Option(id=o.id, label=o.label, cap=1 if i == 0 else None) for i, o in enumerate(options)]
            turn.ask(seat, DecisionKind.ASSIGN, f"Share {state.amount} supplies among the camps", capped,
                     amount=state.amount, context="assign")
        elif state.ask == "many":
            turn.ask(seat, DecisionKind.CHOOSE_MANY, "Choose one or two camps to visit", options, low=1, high=2,
                     context="many")
        else:
            turn.ask(seat, DecisionKind.ACT_OR_PASS, "Muster at a camp, or pass", [*options, Option(id="pass",
                     label="Pass")], context="one")

    def resolve(self, turn: Turn[MusterState], decision: Decision, choice: tuple[str, ...]) -> None:
        said = " ".join(choice) or "nothing"
        turn.state.answers.append(f"{decision.seat} {decision.context}: {said}")
        turn.say(f"{decision.seat} answers {decision.context}: {said}.")
        if decision.context == "vote":
            self._vote(turn, decision.seat)
        else:
            self._ask(turn)

    def view(self, state: MusterState, seat: Seat | None) -> View:
        return View(game=self.name, seat=seat, title="Muster", status=f"{len(state.answers)} answers",
                    seats=[SeatView(seat=s) for s in state.seats], decisions=self.decisions_for(state, seat),
                    waiting_on=self.waiting_on(state))


GAME = Muster()
