"""Tally: a tiny card game that exists only to exercise the kernel (hidden hands, a face-down
simultaneous bid, a shared deck, decisions of several kinds, a game-specific verb).

Rules. Eighteen cards, 1 to 9 in two suits, shuffled. Each player is dealt three. Every player at once bids
one card from hand face down; when all have bid, the bids turn face up onto the pile and the highest bid
(ties: the earlier seat) starts. On a turn a player plays a card from hand onto the pile, or draws (while
the deck lasts). The first player with an empty hand wins.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engines.core import (
    BaseState,
    CommandError,
    Config,
    Decision,
    DecisionKind,
    Option,
    Outcome,
    Rng,
    RuleError,
    Rules,
    SeatView,
    StaleDecision,
    Turn,
    View,
    Visibility,
    Zone,
    zone_view,
)
from engines.core.zones import Card, Seat

SUITS = ("Leaves", "Stones")


@dataclass(kw_only=True)
class TallyState(BaseState):
    deck: Zone = field(default_factory=lambda: Zone(name="deck", visibility=Visibility.HIDDEN, ordered=True))
    pile: Zone = field(default_factory=lambda: Zone(name="pile", visibility=Visibility.PUBLIC, ordered=True))
    bids: Zone = field(default_factory=lambda: Zone(name="bids", visibility=Visibility.PUBLIC))
    hands: dict[str, Zone] = field(default_factory=dict)
    active: str = ""
    turns: int = 0


@dataclass(frozen=True)
class Play:
    """`play <value> <suit>`: play that card from your hand on your turn."""

    card: str


def value(card: Card) -> int:
    return int(card.name.split()[0])


class Tally(Rules[TallyState]):
    name = "tally"
    title = "Tally (kernel test game)"
    version = "1"
    min_seats = 1
    max_seats = 4
    state_type = TallyState
    options = {"hand": 3}  # noqa: RUF012

    def setup(self, config: Config, seed: int) -> TallyState:
        if not self.min_seats <= len(config.seats) <= self.max_seats:
            raise RuleError(f"Tally needs {self.min_seats} to {self.max_seats} players.")
        state = TallyState(seats=list(config.seats), rng=Rng.seeded(seed))
        cards = [Card(uid=f"c{i}", name=f"{v} {s}") for i, (v, s) in enumerate(
            ((v, s) for s in SUITS for v in range(1, 10)), start=1)]
        state.rng.shuffle(cards)
        state.deck.cards = cards
        hand_size = int(config.options.get("hand", self.options["hand"]))
        turn = Turn(state=state, seat="")
        for seat in state.seats:
            hand = Zone(name="hand", visibility=Visibility.OWNER, owner=seat)
            hand.cards = [state.deck.cards.pop() for _ in range(hand_size)]
            state.hands[seat] = hand
            turn.ask(seat, DecisionKind.CHOOSE_ONE, "Bid a card face down", self._hand_options(state, seat),
                     private=True, context="bid")
        return state

    def _hand_options(self, state: TallyState, seat: Seat) -> list[Option]:
        return [Option(id=c.uid, label=c.name) for c in state.hands[seat].cards]

    def resolve(self, turn: Turn[TallyState], decision: Decision, choice: tuple[str, ...]) -> None:
        state, seat = turn.state, decision.seat
        if decision.context == "bid":
            card = state.hands[seat].take(choice[0])
            card.face_up = False
            card.known_to = [seat]
            card.flags = [seat]
            state.bids.cards.append(card)
            turn.say(f"{seat} bids a card face down.")
            turn.say(f"You bid {card.name}.", audience=[seat])
            if not any(d.context == "bid" for d in state.decisions):
                self._reveal_bids(turn)
            return
        if choice[0] == "draw":
            [card] = turn.draw(state.deck, state.hands[seat])
            turn.say(f"{seat} draws a card.")
            turn.say(f"You draw {card.name}.", audience=[seat])
        else:
            self._play(turn, seat, choice[0])
        self._next_turn(turn)

    def _reveal_bids(self, turn: Turn[TallyState]) -> None:
        state = turn.state
        bids = sorted(state.bids.cards, key=lambda c: (-value(c), state.seats.index(c.flags[0])))
        for card in state.bids.cards:
            card.face_up, card.known_to = True, []
        turn.reveal()
        turn.say("Bids: " + ", ".join(f"{c.flags[0]} {c.name}" for c in state.bids.cards) + ".")
        state.active = bids[0].flags[0]
        state.pile.cards.extend(state.bids.cards)
        state.bids.cards = []
        turn.say(f"{state.active} starts.")
        self._offer_turn(turn)

    def _play(self, turn: Turn[TallyState], seat: Seat, uid: str) -> None:
        card = turn.state.hands[seat].take(uid)
        turn.state.pile.cards.append(card)
        turn.say(f"{seat} plays {card.name}; the pile totals {sum(value(c) for c in turn.state.pile.cards)}.")

    def _next_turn(self, turn: Turn[TallyState]) -> None:
        state = turn.state
        state.turns += 1
        if not state.hands[state.active].cards:
            turn.finish(Outcome(winners=[state.active], reason=f"{state.active} emptied their hand."))
            return
        i = state.seats.index(state.active)
        state.active = state.seats[(i + 1) % len(state.seats)]
        self._offer_turn(turn)

    def _offer_turn(self, turn: Turn[TallyState]) -> None:
        state = turn.state
        options = [Option(id=c.uid, label=f"Play {c.name}") for c in state.hands[state.active].cards]
        if state.deck.cards:
            options.append(Option(id="draw", label="Draw"))
        turn.ask(state.active, DecisionKind.ACT_OR_PASS, "Play a card or draw", options, private=True,
                 context="turn")

    # A game-specific verb: `play 7 Leaves` answers the player's open turn decision.
    def parse_verb(self, words: list[str]) -> Any:
        if words[0].lower() == "play":
            if len(words) != 3:
                raise CommandError("Write 'play <value> <suit>', for example 'play 7 Leaves'.")
            return Play(card=f"{words[1]} {words[2].capitalize()}")
        return super().parse_verb(words)

    def format_verb(self, command: Any) -> str:
        if isinstance(command, Play):
            return f"play {command.card}"
        return super().format_verb(command)

    def perform(self, turn: Turn[TallyState], command: Any) -> None:
        if not isinstance(command, Play):
            super().perform(turn, command)
            return
        state, seat = turn.state, turn.seat
        decision = next((d for d in state.decisions if d.context == "turn"), None)
        if decision is None or decision.seat != seat:
            raise StaleDecision("It is not your turn to play a card.")
        card = next((c for c in state.hands[seat].cards if c.name == command.card), None)
        if card is None:
            raise RuleError(f"You have no {command.card} in hand.")
        state.decisions.remove(decision)
        self._play(turn, seat, card.uid)
        self._next_turn(turn)

    def view(self, state: TallyState, seat: Seat | None) -> View:
        waiting = self.waiting_on(state)
        if state.outcome:
            status = f"Game over: {state.outcome.reason}"
        elif any(d.context == "bid" for d in state.decisions):
            status = "Bidding: waiting on " + ", ".join(waiting)
        else:
            status = f"{state.active} to play"
        return View(
            game=self.name,
            seat=seat,
            title=f"Tally, turn {state.turns + 1}",
            status=status,
            table=[
                zone_view(state.deck, seat, back="Tally", counts_only=True),
                zone_view(state.bids, seat, back="Tally"),
                zone_view(state.pile, seat),
            ],
            private=[zone_view(state.hands[seat], seat)] if seat in state.hands else [],
            seats=[SeatView(seat=s, counters={"hand": len(state.hands[s].cards)}) for s in state.seats],
            counters={"pile": sum(value(c) for c in state.pile.cards)},
            decisions=self.decisions_for(state, seat),
            waiting_on=waiting,
            outcome=state.outcome,
        )


GAME = Tally()
