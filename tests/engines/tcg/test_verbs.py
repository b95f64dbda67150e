"""The typed verbs `play`, `use` and `heal` (engines/tcg/verbs.py): a play-tester wrote `play c60`, `play Morgul` and
`play Morgul Destroyer` as the README teaches for the LCG, and each was refused with "Choose exactly one option",
which said nothing of what to write; only `play:c60` worked. An id is taken; a name is answered with the command
that plays that card; a refusal changes nothing."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from bot.service import parse_for_seat
from engines.core import Answer, CommandError, Decision, DecisionKind, RuleError, waits_on
from engines.tcg import GAME, flow
from engines.tcg.state import WOUNDS, TcgState
from engines.tcg.verbs import ANSWER_WORDS, answer_word
from engines.tcg.view import waiting_for
from tests.engines.tcg.table import a_game, put, turn_of, window

MERRY, CUR, SNEAK, RUNNER, JAVELIN = "8_121", "7_189", "7_135", "7_133", "7_248"


def shadow_phase() -> TcgState:
    """p2's Shadow phase (spec 4.3) with twilight to spare, two Morgul Curs and a Desert Sneak in hand."""
    s = a_game()
    s.twilight = 20
    s.players[1].hand.cards.clear()
    for ref in (CUR, CUR, SNEAK, RUNNER):
        put(s, ref, "hand", "p2")
    window(s, "shadow", "p2")
    return s


def hand(s: TcgState, name: str) -> list[str]:
    return [c.uid for c in s.players[1].hand.cards if c.name == name]


def test_play_with_a_cards_id_plays_it_as_its_option_does() -> None:
    # spec 4.3: the Shadow player plays minions in his Shadow phase
    s = shadow_phase()
    sneak = hand(s, "Desert Sneak")[0]
    typed = GAME.apply(s, "p2", GAME.parse(f"play {sneak}"))
    by_option = GAME.apply(s, "p2", Answer(decision=s.decisions[0].id, choice=(f"play:{sneak}",)))
    assert [e.text for e in typed.events] == [e.text for e in by_option.events]
    assert sneak in {c.uid for c in typed.state.minions.cards}
    assert GAME.format(GAME.parse(f"PLAY {sneak}")) == f"play {sneak}"  # the journal keeps the id


@pytest.mark.parametrize("typed", ["Desert Sneak", "desert sneak", "Desert S"])
def test_a_name_is_answered_with_the_command_that_plays_that_card(typed: str) -> None:
    s = shadow_phase()
    sneak = hand(s, "Desert Sneak")[0]
    with pytest.raises(RuleError, match=f"Name the card by its id: write 'play {sneak}' \\(Play Desert Sneak"):
        GAME.apply(s, "p2", GAME.parse(f"play {typed}"))
    assert sneak in hand(s, "Desert Sneak") and not s.minions.cards  # nothing changed


def test_copies_of_one_card_are_one_play_and_a_shared_start_lists_each_play() -> None:
    s = shadow_phase()
    first, second = hand(s, "Morgul Cur")
    with pytest.raises(RuleError, match=f"write 'play {first}'"):
        GAME.apply(s, "p2", GAME.parse("play morgul cur"))
    with pytest.raises(RuleError, match="could be any of 2 options") as refused:
        GAME.apply(s, "p2", GAME.parse("play Desert"))
    assert "'play " in str(refused.value) and "Desert Runner" in str(refused.value)
    assert first in {c.uid for c in GAME.apply(s, "p2", GAME.parse(f"play {first}")).state.minions.cards}
    assert second in hand(s, "Morgul Cur")


def test_a_card_that_cannot_be_played_now_is_named_with_what_can() -> None:
    s = shadow_phase()
    put(s, JAVELIN, "hand", "p2")  # a Free Peoples possession: never in a Shadow phase
    with pytest.raises(RuleError, match=r"^Rohirrim Javelin cannot be played now\. You may write: .play c"):
        GAME.apply(s, "p2", GAME.parse("play rohirrim"))
    with pytest.raises(RuleError, match="'play c999' names none of your options"):
        GAME.apply(s, "p2", GAME.parse("play c999"))
    with pytest.raises(RuleError, match=r"You have nothing to play now\. Nothing is asked of you \(p1\): the game "
                                        r"waits on p2 for a choice of theirs\.$"):
        GAME.apply(s, "p1", GAME.parse("play c1"))


def test_a_card_id_alone_as_an_answer_says_to_write_the_verb() -> None:
    s = shadow_phase()
    sneak = hand(s, "Desert Sneak")[0]
    with pytest.raises(RuleError, match=f"'{sneak}' is a card: write 'play {sneak}'"):
        GAME.apply(s, "p2", Answer(decision=s.decisions[0].id, choice=(sneak,)))


def test_heal_names_the_companion_healed() -> None:
    # spec 4.1: discard a card of the same title from hand to heal a wounded unique companion
    s = a_game()
    merry = next(c for c in s.players[0].fellowship.cards if c.ref == MERRY)
    merry.tokens[WOUNDS] = 1
    put(s, MERRY, "hand")
    window(s, "fellowship")
    step = GAME.apply(s, "p1", GAME.parse(f"heal {merry.uid}"))
    assert "p1 discards Merry, Noble Warrior from hand to heal." in [e.text for e in step.events]
    with pytest.raises(RuleError, match="You have nothing to use now"):
        GAME.apply(s, "p1", GAME.parse(f"use {merry.uid}"))


def test_a_verb_without_a_card_says_how_to_write_it() -> None:
    for text in ("play", "use then c3", "play c5 then"):
        with pytest.raises(CommandError, match="with the card's id as your options show it"):
            GAME.parse(text)


def test_an_answer_typed_when_nothing_is_asked_is_not_called_unknown() -> None:
    # Play-tested: 'pass' typed in the other seat's turn read "Unknown command 'pass'", as if the game had no such
    # word. Spec 4.10-4.11: one seat decides at a time and the others wait; what they type is refused, but truly.
    for word in ("pass", "Yes", "move", "end", "none", "c17", "play:c17", "ev:c5:c3", "c119>c17", "c5=2", "none=3"):
        with pytest.raises(CommandError) as refused:
            GAME.parse(word)
        assert str(refused.value) == (f"'{word}' is an answer: write it when a decision of yours is open "
                                      f"('answer <n> {word}' names which).")
    # through the service, as a player reads it: who the game waits on, then what the word is
    s = shadow_phase()
    with pytest.raises(CommandError) as refused:
        parse_for_seat(GAME, s, "p1", "pass")
    assert str(refused.value) == ("Nothing is asked of you (p1) right now: the game waits on p2 for a choice of "
                                  "theirs. ('pass' is an answer: write it when a decision of yours is open ('answer "
                                  "<n> pass' names which).)")
    # the seat asked still answers with the bare word
    assert parse_for_seat(GAME, s, "p2", "pass") == Answer(decision=s.decisions[0].id, choice=("pass",))


def skirmish_pick() -> TcgState:
    """The assignment phase over (spec 4.8): two minions of p2's against two companions, p1 to choose which
    skirmish is fought next, a question whose words and options the whole table sees."""
    s = a_game()
    _, merry, horseman = s.players[0].fellowship.cards
    for minion, companion in ((SNEAK, merry), (RUNNER, horseman)):
        s.assign[put(s, minion, "minions", "p2").uid] = companion.uid
    s.phase, s.step, s.fought = "assignment", "skirmish_pick", []
    s.decisions.clear()
    flow.advance(turn_of(s))
    (asked,) = s.decisions
    assert asked.seat == "p1" and asked.prompt == "Choose the next skirmish." and not asked.private
    return s


def test_a_move_out_of_turn_says_what_the_waited_on_seat_is_deciding() -> None:
    # Play-tested: "the game waits on p1" said whom but not what, so p2 could not tell whether p1 had a skirmish to
    # choose or a window to pass. Spec 4.8: the Free Peoples player chooses the order of the skirmishes. The
    # refusal now says it in the prompt's own words, from the other seat's side, and changes nothing.
    s = skirmish_pick()
    with pytest.raises(CommandError) as refused:
        parse_for_seat(GAME, s, "p2", "pass")
    assert str(refused.value).startswith("Nothing is asked of you (p2) right now: the game waits on p1 to choose "
                                         "the next skirmish. ('pass' is an answer")
    with pytest.raises(RuleError, match=r"^You have nothing to play now\. Nothing is asked of you \(p2\): the game "
                                        r"waits on p1 to choose the next skirmish\.$"):
        GAME.apply(s, "p2", GAME.parse("play c1"))


def test_a_private_decision_waited_on_is_named_without_its_words() -> None:
    # Spec 1.3 (a hand is hidden): p2's Shadow phase offers the cards in p2's hand, so the refusal p1 reads says
    # only that p2 has a choice to make, neither the prompt nor a card of the options.
    s = shadow_phase()
    (asked,) = s.decisions
    assert asked.private
    for typed in ("pass", "yes", "c1"):
        with pytest.raises(CommandError) as refused:
            parse_for_seat(GAME, s, "p1", typed)
        said = str(refused.value)
        assert "the game waits on p2 for a choice of theirs." in said
        assert not any(hidden in said for hidden in ("Shadow phase", "Morgul Cur", "Desert", "twilight"))


@pytest.mark.parametrize(("prompt", "said"), [
    ("Choose the next skirmish.", "to choose the next skirmish"),
    ("Assign your companions to minions, then say done. Companions: Merry (strength 5).",
     "to assign their companions to minions"),
    ("Move again (1 of 2 moves made) or end your turn?", "to decide whether to move again or end their turn"),
    ("Ambush: add 1 twilight for Desert Runner?", "to decide whether to add 1 twilight for Desert Runner (Ambush)"),
    ("Desert Scout: wound Enraged Horseman (c21)?",
     "to decide whether to wound Enraged Horseman (c21), for Desert Scout"),
    ("Sanctuary: heal up to 3 wounds from your companions.",
     "to heal up to 3 wounds from their companions (Sanctuary)"),
    ("A wound is about to be placed on Frodo, Hope of Free Peoples: put on The One Ring (burdens instead)?",
     "to decide whether to put on The One Ring"),
    ("Which Shadow player places the fellowship's 2 archery wounds on his minions?",
     "to decide which Shadow player places the fellowship's 2 archery wounds on his minions"),
    ("Exert which two companions?", "to choose which two companions to exert"),
])
def test_what_a_public_decision_asks_is_said_from_the_waited_on_seats_side(prompt: str, said: str) -> None:
    # The engine's own prompts, shortened to what is asked: its first sentence, no asides, no how-to-answer, no
    # numbers of an assignment (the board shows them); a card's name before a colon after it, as whose question.
    decision = Decision(id=1, seat="p1", kind=DecisionKind.CHOOSE_ONE, prompt=prompt)
    assert waiting_for(decision) == said
    assert waiting_for(replace(decision, private=True)) == "for a choice of theirs"


def test_several_seats_waited_on_are_each_named_with_what_they_decide() -> None:
    def asked(seat: str, prompt: str, *, private: bool = False) -> Decision:
        return Decision(id=1, seat=seat, kind=DecisionKind.CHOOSE_ONE, prompt=prompt, private=private)

    decisions = [asked("p2", "Ambush: add 1 twilight for Desert Runner?"), asked("p3", "Hand", private=True),
                 asked("p3", "More", private=True)]
    assert waits_on(decisions, waiting_for) == ("p2 to decide whether to add 1 twilight for Desert Runner (Ambush); "
                                                "p3 for a choice of theirs")
    assert waits_on(decisions, lambda d: "") == "p2, p3"  # a game that says nothing more: the seats alone


def test_a_word_the_game_does_not_know_is_unknown_and_the_verbs_are_listed() -> None:
    with pytest.raises(CommandError) as refused:
        GAME.parse("dance")
    said = str(refused.value)
    assert said.startswith("Unknown command 'dance'. Answer a decision ('answer <n> <option>'), play a card")
    assert all(verb in said for verb in ("use", "heal", "order", "adjust"))


def test_every_fixed_answer_of_a_tcg_decision_is_known_as_an_answer() -> None:
    # The words `answer_word` knows are those the engine's options are made with: a new one is added there too.
    root = Path(__file__).resolve().parents[3] / "engines" / "tcg"
    ids = {m for p in root.glob("*.py") for m in re.findall(r'Option\(id="([a-z_]+)"', p.read_text(encoding="utf-8"))}
    assert ids and ids <= ANSWER_WORDS
    assert all(answer_word(w) for w in ids) and not answer_word("dance")
