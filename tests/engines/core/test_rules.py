"""The shared rules of every engine (`Rules.apply` and the command grammar), played out on Tally: stale and
foreign answers are refused with words, a refusal changes nothing, a finished game takes no more moves,
and a step that draws or reveals is an undo barrier."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from engines.core import (
    Answer,
    CommandError,
    Config,
    Decision,
    DecisionKind,
    NotYourDecision,
    RuleError,
    StaleDecision,
    Step,
    Turn,
    WestmarchError,
    dumps,
)
from tests.games.tally import GAME, Play, Tally, TallyState

# --- the table -------------------------------------------------------------------------------------


def a_table(seats: int = 2, seed: int = 1, hand: int = 3) -> TallyState:
    """A fresh game of Tally, everyone still to bid."""
    return GAME.setup(Config(seats=GAME.seat_names(seats), options={"hand": hand}), seed)


def open_decision(state: TallyState, seat: str) -> Decision:
    return next(d for d in GAME.pending(state) if d.seat == seat)


def answer(state: TallyState, seat: str, decision: int, *choice: str) -> Step[TallyState]:
    return GAME.apply(state, seat, Answer(decision=decision, choice=choice))


def bid_first_card(state: TallyState, seat: str) -> Step[TallyState]:
    decision = open_decision(state, seat)
    return answer(state, seat, decision.id, decision.options[0].id)


def after_bidding(seats: int = 2, seed: int = 1) -> TallyState:
    """A game in which every seat has bid its first card: the first turn is open."""
    state = a_table(seats, seed)
    for seat in state.seats:
        state = bid_first_card(state, seat).state
    return state


def refusal(state: TallyState, seat: str, command: Any, error: type[WestmarchError] = RuleError) -> str:
    """Apply a command that must be refused; check that the state is untouched; return the words."""
    before = dumps(state)
    with pytest.raises(error) as info:
        GAME.apply(state, seat, command)
    assert dumps(state) == before, "a refused command changed the state"
    assert info.value.message, "a refusal without words"
    return info.value.message


# --- answering decisions ---------------------------------------------------------------------------


def test_at_setup_every_seat_has_a_private_bid_to_make() -> None:
    """Given a new game of three, then each seat has one open bid decision, numbered from 1, and the game
    waits on all three at once."""
    state = a_table(seats=3)
    pending = GAME.pending(state)
    assert [(d.id, d.seat, d.context) for d in pending] == [(1, "p1", "bid"), (2, "p2", "bid"), (3, "p3", "bid")]
    assert all(d.private and d.kind is DecisionKind.CHOOSE_ONE for d in pending)
    assert GAME.waiting_on(state) == ["p1", "p2", "p3"]


def test_seats_may_answer_simultaneous_decisions_in_any_order() -> None:
    """Given both seats bidding, when p2 bids first, then p2's decision closes and p1's stays open with
    its id."""
    state = bid_first_card(a_table(), "p2").state
    assert [(d.id, d.seat) for d in GAME.pending(state)] == [(1, "p1")]


def test_answering_does_not_change_the_state_it_was_given() -> None:
    """Given a state, when a valid answer is applied, then the step carries a new state and the given one
    is untouched."""
    state = a_table()
    before = dumps(state)
    step = bid_first_card(state, "p1")
    assert dumps(state) == before
    assert dumps(step.state) != before


def test_an_answered_decision_is_stale() -> None:
    """Given p1 has already bid (decision 1), when p1 answers decision 1 again, then StaleDecision says
    the choice is no longer open, and the state is unchanged."""
    state = bid_first_card(a_table(), "p1").state
    message = refusal(state, "p1", Answer(decision=1, choice=("c1",)), StaleDecision)
    assert message == (
        "That choice is no longer open: decision 1 was already answered or the game has moved on."
    )


def test_a_decision_that_never_existed_is_said_to_be_none() -> None:
    """Given a new game (decisions 1 and 2 asked), when decision 99 (or 0) is answered, then the player reads that
    there is no such decision, not that it was answered, and which numbers there are."""
    message = refusal(a_table(), "p1", Answer(decision=99, choice=("c1",)), StaleDecision)
    assert message == "There is no decision 99: this game's decisions so far are numbered 1 to 2."
    message = refusal(a_table(), "p1", Answer(decision=0, choice=("c1",)), StaleDecision)
    assert message == "There is no decision 0: this game's decisions so far are numbered 1 to 2."
    state = bid_first_card(a_table(), "p1").state  # decision 1 did exist: closed, in the usual words
    assert refusal(state, "p1", Answer(decision=1, choice=("c1",)), StaleDecision).startswith(
        "That choice is no longer open: decision 1 was already answered")


def test_a_decision_for_another_seat_is_refused() -> None:
    """Given both seats bidding, when p2 answers p1's bid, then NotYourDecision names both seats, and the
    state is unchanged."""
    state = a_table()
    decision = open_decision(state, "p1")
    message = refusal(state, "p2", Answer(decision=decision.id, choice=(decision.options[0].id,)),
                      NotYourDecision)
    assert message == f"Decision {decision.id} is for p1, not for p2."


def test_stale_and_foreign_answers_are_rule_errors() -> None:
    """Given the two refusals of a decision, then both are RuleErrors, so callers need catch only one."""
    assert issubclass(StaleDecision, RuleError)
    assert issubclass(NotYourDecision, RuleError)


def test_bidding_a_card_you_do_not_hold_is_refused_with_your_options() -> None:
    """Given p1 to bid, when p1 bids a card from p2's hand, then the refusal lists p1's own cards, and the
    state is unchanged."""
    state = a_table()
    mine = open_decision(state, "p1")
    theirs = open_decision(state, "p2").options[0].id
    message = refusal(state, "p1", Answer(decision=mine.id, choice=(theirs,)))
    assert f"'{theirs}' is not an option of decision {mine.id}" in message
    for option in mine.options:
        assert f"{option.id} ({option.label})" in message


def test_bidding_two_cards_is_refused() -> None:
    """Given p1 to bid one card, when p1 names two, then the refusal quotes the prompt."""
    state = a_table()
    d = open_decision(state, "p1")
    message = refusal(state, "p1", Answer(decision=d.id, choice=(d.options[0].id, d.options[1].id)))
    assert message == "Choose exactly one option for: Bid a card face down"


def test_playing_a_card_not_in_hand_is_refused_by_name() -> None:
    """Given the first turn open, when the active seat plays a card it does not hold, then the refusal
    names the card, and the state is unchanged."""
    state = after_bidding()
    held = {c.name for c in state.hands[state.active].cards}
    missing = next(f"{v} {s}" for s in ("Leaves", "Stones") for v in range(1, 10) if f"{v} {s}" not in held)
    assert refusal(state, state.active, Play(card=missing)) == f"You have no {missing} in hand."


def test_playing_out_of_turn_is_refused() -> None:
    """Given the first turn open for one seat, when the other seat plays a card, then it is refused as
    not their turn."""
    state = after_bidding()
    other = next(s for s in state.seats if s != state.active)
    card = state.hands[other].cards[0].name
    assert refusal(state, other, Play(card=card), StaleDecision) == "It is not your turn to play a card."


def test_a_command_the_game_does_not_know_is_refused() -> None:
    """Given a game, when it is handed a command object it has no rule for, then RuleError names it."""
    message = refusal(after_bidding(), "p1", ("dance",))
    assert message.startswith("Tally (kernel test game) has no command")


def test_the_play_verb_does_what_answering_the_turn_would() -> None:
    """Given the first turn open, when the active seat types 'play <card>', then the card goes to the
    pile, the turn decision closes and the next seat's turn opens."""
    state = after_bidding()
    active = state.active
    card = state.hands[active].cards[0]
    step = GAME.apply(state, active, GAME.parse(f"play {card.name}"))
    assert step.state.pile.cards[-1].uid == card.uid
    assert card.uid not in {c.uid for c in step.state.hands[active].cards}
    [turn] = GAME.pending(step.state)
    assert turn.seat != active and turn.context == "turn"


# --- the end of the game ---------------------------------------------------------------------------


def a_finished_game() -> TallyState:
    """One player with a hand of one: bid it, draw a card, play it, and the hand is empty."""
    state = a_table(seats=1, hand=1)
    state = bid_first_card(state, "p1").state
    state = answer(state, "p1", open_decision(state, "p1").id, "draw").state
    state = answer(state, "p1", open_decision(state, "p1").id, state.hands["p1"].cards[0].uid).state
    return state


def test_emptying_your_hand_ends_the_game() -> None:
    """Given a lone player who has played their last card, then the game is over, p1 wins and nobody is
    asked anything more."""
    state = a_finished_game()
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == ["p1"]
    assert GAME.pending(state) == ()


@pytest.mark.parametrize(
    "command", [Answer(decision=1, choice=("c1",)), Answer(decision=4, choice=("draw",)), Play(card="1 Leaves")]
)
def test_a_finished_game_refuses_every_move(command: Any) -> None:
    """Given a finished game, when any command is applied, then it is refused because the game is over,
    and the state is unchanged."""
    assert refusal(a_finished_game(), "p1", command) == "The game is over; no more moves can be made."


# --- undo barriers ---------------------------------------------------------------------------------


def test_a_hidden_bid_is_not_a_barrier_but_the_reveal_is() -> None:
    """Given two seats bidding, when the first bids face down, then no barrier; when the last bid turns
    all bids face up, then the step is a barrier."""
    first = bid_first_card(a_table(), "p1")
    assert not first.barrier
    last = bid_first_card(first.state, "p2")
    assert last.barrier


def test_playing_a_card_from_hand_is_not_a_barrier() -> None:
    """Given the first turn open, when the active seat plays a card from hand, then the step is no
    barrier: it may be undone freely."""
    state = after_bidding()
    d = open_decision(state, state.active)
    card = next(o.id for o in d.options if o.id != "draw")
    step = answer(state, state.active, d.id, card)
    assert not step.barrier


def test_drawing_a_card_is_a_barrier() -> None:
    """Given the first turn open, when the active seat draws, then the step is a barrier: the drawn card
    was hidden and is now known."""
    state = after_bidding()
    d = open_decision(state, state.active)
    step = answer(state, state.active, d.id, "draw")
    assert step.barrier


def test_a_draw_is_announced_to_all_but_named_only_to_the_drawer() -> None:
    """Given the first turn open, when the active seat draws, then the table reads that a card was
    drawn, and only the drawer reads which."""
    state = after_bidding()
    seat = state.active
    other = next(s for s in state.seats if s != seat)
    drawn = state.deck.cards[-1].name
    step = answer(state, seat, open_decision(state, seat).id, "draw")
    assert [e.text for e in step.events if e.visible_to(None)] == [f"{seat} draws a card."]
    assert not any(drawn in e.text for e in step.events if e.visible_to(other) or e.visible_to(None))
    assert any(drawn in e.text for e in step.events if e.visible_to(seat))


@dataclass(frozen=True)
class Roll:
    """`roll`: a die roll, to show that using randomness alone makes a barrier."""


@dataclass(frozen=True)
class Shout:
    """`shout`: words and nothing else."""


class DiceTally(Tally):
    def perform(self, turn: Turn[TallyState], command: Any) -> None:
        if isinstance(command, Roll):
            turn.say(f"{turn.seat} rolls {turn.state.rng.randint(1, 6)}.")
        elif isinstance(command, Shout):
            turn.say(f"{turn.seat} shouts.")
        else:
            super().perform(turn, command)


def test_a_step_that_uses_randomness_is_a_barrier_without_saying_so() -> None:
    """Given a game whose rules roll a die without calling reveal(), when the die is rolled, then the
    kernel still marks the step a barrier because the generator was used."""
    state = a_table()
    step = DiceTally().apply(state, "p1", Roll())
    assert step.barrier
    assert step.state.rng.draws > state.rng.draws


def test_a_step_without_randomness_or_reveal_is_not_a_barrier() -> None:
    """Given the same game, when a command neither draws nor reveals, then the step is no barrier."""
    step = DiceTally().apply(a_table(), "p1", Shout())
    assert not step.barrier
    assert [e.text for e in step.events] == ["p1 shouts."]


# --- the command grammar ---------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "card"), [("play 7 Leaves", "7 Leaves"), ("play 7 leaves", "7 Leaves"),
                                             ("PLAY 3 stones", "3 Stones"), ("  play 9 Stones  ", "9 Stones")])
def test_the_play_verb_is_read_from_text(text: str, card: str) -> None:
    """Given 'play <value> <suit>' in any case, when parsed, then it is a Play of that card with the suit
    capitalized."""
    assert GAME.parse(text) == Play(card=card)


def test_the_play_verb_round_trips_through_text() -> None:
    """Given the command Play('7 Leaves'), when written and read back, then it is the same command and
    reads 'play 7 Leaves'."""
    command = Play(card="7 Leaves")
    assert GAME.format(command) == "play 7 Leaves"
    assert GAME.parse(GAME.format(command)) == command


@pytest.mark.parametrize("text", ["play", "play 7", "play 7 Leaves now"])
def test_a_malformed_play_is_refused_with_an_example(text: str) -> None:
    """Given 'play' with too few or too many words, when parsed, then CommandError shows the form."""
    with pytest.raises(CommandError) as info:
        GAME.parse(text)
    assert info.value.message == "Write 'play <value> <suit>', for example 'play 7 Leaves'."


@pytest.mark.parametrize("text", ["", "   ", "\t\n"])
def test_an_empty_command_is_refused(text: str) -> None:
    """Given nothing but whitespace, when parsed, then CommandError says the command is empty."""
    with pytest.raises(CommandError) as info:
        GAME.parse(text)
    assert info.value.message == "The command is empty."


@pytest.mark.parametrize("text", ["answer", "answer 3", "answer o1 o2", "answer -3 o1", "answer 3x o1",
                                  "answer ² o1", "answer ٣ o1"])
def test_an_answer_without_a_decision_number_and_an_option_is_refused(text: str) -> None:
    """Given 'answer' missing its decision number (or with something else in its place) or its option,
    when parsed, then CommandError shows the form, never a crash."""
    with pytest.raises(CommandError) as info:
        GAME.parse(text)
    assert info.value.message == "Write an answer as 'answer <decision number> <option> [option...]'."


def test_an_answer_is_read_from_text_and_round_trips() -> None:
    """Given 'answer 17 o1 o3', when parsed, then it answers decision 17 with o1 and o3, and writing it
    back gives the same text."""
    command = GAME.parse("Answer 17 o1 o3")
    assert command == Answer(decision=17, choice=("o1", "o3"))
    assert GAME.format(command) == "answer 17 o1 o3"
    assert GAME.parse(GAME.format(command)) == command


def test_quoted_words_stay_together() -> None:
    """Given an option written in quotes, when parsed, then it is one word; an unclosed quote is a
    CommandError, not a crash."""
    assert GAME.parse('answer 4 "o1=2"') == Answer(decision=4, choice=("o1=2",))
    with pytest.raises(CommandError, match="Could not read that command"):
        GAME.parse('answer 4 "o1')


def test_an_unknown_verb_is_refused_by_name() -> None:
    """Given a verb Tally does not know, when parsed, then CommandError names it and suggests 'answer'."""
    with pytest.raises(CommandError) as info:
        GAME.parse("dance wildly")
    assert info.value.message == "Unknown command 'dance'. Try 'answer <decision> <option>'."


def test_a_command_without_a_text_form_cannot_be_written() -> None:
    """Given a command object the game has no grammar for, when formatted, then CommandError."""
    with pytest.raises(CommandError, match="Cannot write"):
        GAME.format(Roll())


@pytest.mark.parametrize("text", [
    "answer 12 c3", "answer 3 a then b", "play  7 Leaves", "play\t7 Leaves", "play 7 'Leaves'", 'play "7 Leaves"',
    "play 7 Lea\\ ves", "answer 4 Úlairë", "answer 4 a\u00a0b", "answer 4 x#y", "play 7 Leaves\x0b", "a",
])
def test_words_are_split_as_shlex_splits_them(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Plain words are split without shlex's reader (a busy server's cost), into exactly the words shlex gives:
    whatever is quoted, escaped or spaced otherwise is left to shlex."""
    import shlex

    seen: list[list[str]] = []

    def record(self: Tally, words: list[str]) -> Any:
        seen.append(words)
        raise CommandError("recorded")

    monkeypatch.setattr(Tally, "parse_verb", record)
    with pytest.raises(CommandError):
        GAME.parse(text.replace("answer", "verb"))
    assert seen == [shlex.split(text.replace("answer", "verb").strip())]
