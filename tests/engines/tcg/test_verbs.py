"""The typed verbs `play`, `use` and `heal` (engines/tcg/verbs.py): a play-tester wrote `play c60`, `play Morgul` and
`play Morgul Destroyer` as the README teaches for the LCG, and each was refused with "Choose exactly one option",
which said nothing of what to write; only `play:c60` worked. An id is taken; a name is answered with the command
that plays that card; a refusal changes nothing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.service import parse_for_seat
from engines.core import Answer, CommandError, RuleError
from engines.tcg import GAME
from engines.tcg.state import WOUNDS, TcgState
from engines.tcg.verbs import ANSWER_WORDS, answer_word
from tests.engines.tcg.table import a_game, put, window

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
                                        r"waits on p2\.$"):
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
    assert str(refused.value) == ("Nothing is asked of you (p1) right now: the game waits on p2. ('pass' is an "
                                  "answer: write it when a decision of yours is open ('answer <n> pass' names "
                                  "which).)")
    # the seat asked still answers with the bare word
    assert parse_for_seat(GAME, s, "p2", "pass") == Answer(decision=s.decisions[0].id, choice=("pass",))


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
