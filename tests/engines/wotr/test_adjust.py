"""Adjustments belong to someone (issue 18; spec 8.3): War of the Ring is competitive, so an adjustment acts at
once only on the adjuster's own cards while the game waits on the adjuster; anything else (corruption,
tokens, opening or activating a location, another side's cards, or one's own cards out of turn) becomes a
proposal that one seat of the other side agrees to or refuses, announced either way."""

from __future__ import annotations

import pytest

from engines.core import RuleError
from engines.wotr import GAME
from engines.wotr.adjust import Adjust
from engines.wotr.state import WotrState
from tests.engines.wotr.table import answer, decision, opened, to_act


def adjust(state: WotrState, seat: str, text: str) -> tuple[WotrState, list[str]]:
    step = GAME.apply(state, seat, GAME.parse(text))
    return step.state, [e.text for e in step.events if e.audience is None]


def frodo_to_act() -> WotrState:
    """The Trilogy for 4: p1 runs Frodo's deck (to act), p2 the Witch-king's, p3 Aragorn's, p4 Saruman's."""
    state = opened()
    to_act(state, "frodo")
    assert [d.seat for d in state.decisions] == ["p1"]
    return state


def test_an_own_draw_while_the_game_waits_on_you_is_made_at_once() -> None:
    """spec 8.3: Frodo's player, whose turn it is, resolves their own card's draw by hand."""
    state = frodo_to_act()
    before = len(state.deck("frodo").hand.cards)
    state, lines = adjust(state, "p1", "draw frodo 1")
    assert len(state.deck("frodo").hand.cards) == before + 1
    assert not [d for d in state.decisions if d.context.startswith("propose")]
    assert any("draws by card text" in line for line in lines)


def test_a_draw_out_of_turn_waits_for_the_other_sides_consent() -> None:
    """Issue 18: the Witch-king's player draws while Frodo's player is to act: nothing is drawn; a Free
    Peoples seat is asked, with the reason in the prompt; on agreement the draw is made and announced."""
    state = frodo_to_act()
    before = len(state.deck("witch-king").hand.cards)
    state, lines = adjust(state, "p2", "draw witch-king 1")
    assert len(state.deck("witch-king").hand.cards) == before
    ask = decision(state, "propose")
    assert ask.seat in ("p1", "p3")  # the Free Peoples
    assert ask.prompt.startswith("p2 proposes an adjustment: draw witch-king 1") and ask.prompt.endswith("Agree?")
    assert [o.id for o in ask.options] == ["agree", "refuse"]
    assert any("p2 proposes an adjustment: draw witch-king 1" in line for line in lines)
    state = answer(state, "propose", "agree")
    assert len(state.deck("witch-king").hand.cards) == before + 1
    assert decision(state, "act:frodo")  # the game goes on where it was


def test_shared_state_needs_consent_even_on_your_own_turn_and_a_refusal_changes_nothing() -> None:
    """Issue 18: corruption is the whole table's; Frodo's player may not change it alone. The Shadow refuse,
    in clear words, and nothing changes."""
    state = frodo_to_act()
    state, _ = adjust(state, "p1", "corruption +1")
    ask = decision(state, "propose")
    assert ask.seat in ("p2", "p4") and "corruption +1" in ask.prompt
    assert state.corruption == 0
    step = GAME.apply(state, ask.seat, GAME.parse(f"answer {ask.id} refuse"))
    assert step.state.corruption == 0
    assert any(e.text == f"{ask.seat} refuses p1's adjustment (corruption +1): nothing changes." for e in step.events)
    assert not [d for d in step.state.decisions if d.context.startswith("propose")]


def test_an_agreed_corruption_change_is_applied_and_announced() -> None:
    state = frodo_to_act()
    state, _ = adjust(state, "p1", "corruption +1")
    ask = decision(state, "propose")
    step = GAME.apply(state, ask.seat, GAME.parse(f"answer {ask.id} agree"))
    assert step.state.corruption == 1
    assert any(e.text.startswith(f"{ask.seat} agrees to p1's adjustment (corruption +1)") for e in step.events)


def test_a_bad_adjustment_is_refused_at_once_not_proposed() -> None:
    """A proposal is checked before anyone is asked: a token on a location that is not active is refused."""
    state = frodo_to_act()
    with pytest.raises(RuleError, match="not an active location"):
        GAME.apply(state, "p1", Adjust(verb="token", args=("Nowhere", "atk", "+1")))


def test_another_decks_hand_cannot_be_named() -> None:
    """spec 1.5: a hand is hidden; naming a card in another deck's hand is refused with the same words whether
    the card is there or not, so the refusal tells nothing."""
    state = frodo_to_act()
    there = state.deck("witch-king").hand.cards[0]
    with pytest.raises(RuleError) as held:
        GAME.apply(state, "p1", Adjust(verb="cycle", args=("witch-king", there.name)))
    with pytest.raises(RuleError) as absent:
        GAME.apply(state, "p1", Adjust(verb="cycle", args=("witch-king", "No Such Card")))
    assert str(held.value).replace(there.name, "X") == str(absent.value).replace("No Such Card", "X")


def test_a_proposal_left_to_the_bot_is_refused() -> None:
    """A seat that does not answer (a skipped deadline, the automatic seat) never agrees by default."""
    state = frodo_to_act()
    state, _ = adjust(state, "p1", "corruption +1")
    ask = decision(state, "propose")
    assert GAME.default_answer(state, ask).choice == ("refuse",)


def test_the_words_the_log_suggests_are_accepted_as_written() -> None:
    """Issue 16 (found playing): the log says "resolve it with: adjust corruption +1"; typed as written in the
    console, 'adjust' was refused as an unknown command."""
    assert GAME.parse("adjust corruption +1") == GAME.parse("corruption +1")
    assert GAME.parse('adjust recover saruman "Saruman" hand') == GAME.parse("recover saruman Saruman hand")


def _played(state: WotrState, deck: str, name: str, dest: str) -> tuple[WotrState, list[str]]:
    """`deck`'s player plays a card of that name from hand (to `dest`: "reserve", "now" for an event) and pays
    its cost with the first option; the public lines said."""
    from engines.core import Answer
    from tests.engines.wotr.table import to_hand

    card, = to_hand(state, deck, name)
    to_act(state, deck)
    act = decision(state, f"act:{deck}")
    step = GAME.apply(state, act.seat, Answer(decision=act.id, choice=(f"play-{card.uid}-{dest}",)))
    lines = [e.text for e in step.events if e.audience is None]
    cost = next((d for d in step.state.decisions if d.context.startswith("cost")), None)
    if cost is not None:
        step = GAME.apply(step.state, cost.seat, Answer(decision=cost.id, choice=(cost.options[0].id,)))
        lines += [e.text for e in step.events if e.audience is None]
    return step.state, lines


def test_a_proposal_is_not_credited_to_another_players_card() -> None:
    """Play-tester: the Witch-king's player proposed a draw for their own deck and the table read it as 'card text
    of Fatty Bolger', the text of a card of Frodo's deck that only ever draws for its own player. The game cannot
    tell which card's text the draw resolves, and says so."""
    state, lines = _played(frodo_to_act(), "frodo", "Fatty Bolger", "reserve")
    assert any(line.startswith("Fatty Bolger's text is not scripted") for line in lines), lines
    to_act(state, "frodo")
    state, lines = adjust(state, "p2", "draw witch-king 1")
    ask = decision(state, "propose")
    assert "Fatty Bolger" not in ask.prompt and not [line for line in lines if "Fatty Bolger" in line]
    assert "(card text; the game cannot tell which card's)" in ask.prompt


def test_a_proposal_names_the_proposers_own_unscripted_card_and_its_choices_when_several() -> None:
    """The card credited is one of the proposer's own decks' announced this round: one is named, two are named as
    the choices they are, whatever another player or a location announced in between."""
    state, _ = _played(frodo_to_act(), "witch-king", "Fatty Bolger", "reserve")  # a made copy, the Witch-king's
    state, _ = _played(state, "frodo", "Fatty Bolger", "reserve")
    state.unscripted_texts += ["saruman|Orthanc Guard", "|Orthanc"]  # p4's card, and a location's: not named
    to_act(state, "frodo")
    state, _ = adjust(state, "p2", "draw witch-king 1")
    assert "(card text of Fatty Bolger)" in decision(state, "propose").prompt
    state.decisions.clear()
    state.unscripted_texts.append("witch-king|Gothmog")
    to_act(state, "frodo")
    state, _ = adjust(state, "p2", "draw witch-king 1")
    assert "(card text of Fatty Bolger or Gothmog)" in decision(state, "propose").prompt


def test_a_path_activated_by_an_agreed_adjustment_fights_the_old_path_at_once_and_asks_the_action_again() -> None:
    """Rulebook, Activating Paths (L191-196; glossary "Activate", L697-701): a path activated by card text
    replaces the active one, and the replaced path's combat is resolved at once, in the middle of the action
    step, before the new path's text. Play-tester (4-player Trilogy): p3 resolved unscripted text with 'adjust
    activate <path>' while p2 was to act; p4 agreed; the table said the old path's combat came first, yet nothing
    was fought until p2 answered the action question opened before, which still offered the old path. Now the
    combat is fought as soon as p4 agrees; p2's earlier question is withdrawn (an answer to it is refused as no
    longer open) and p2 is asked again, about the table as it now is."""
    from engines.core import Answer, StaleDecision
    from tests.engines.wotr.table import put

    state = opened()
    state.start = 2  # Aragorn's deck starts: Saruman's (p4) is the first Shadow seat, the one asked to agree
    old = state.active_paths()[0]
    put(state, "witch-king", "The Witch-king", old)
    new = next(c for c in state.path_deck.cards
               if state.card_def(c).path_number == state.card_def(old).path_number + 1)
    to_act(state, "witch-king")
    stale = decision(state, "act:witch-king")
    assert stale.seat == "p2"
    state, _ = adjust(state, "p3", f"activate {new.uid}")
    ask = decision(state, "propose")
    assert ask.seat == "p4"
    step = GAME.apply(state, "p4", Answer(decision=ask.id, choice=("agree",)))
    state, lines = step.state, [e.text for e in step.events if e.audience is None]
    fought = next(i for i, line in enumerate(lines) if line.startswith(f"Combat at {old.name}"))
    assert fought > next(i for i, line in enumerate(lines) if f"{new.name} will replace {old.name}" in line)
    assert state.active.find(old.uid) is None and (state.fp_area.find(old.uid) or state.shadow_area.find(old.uid))
    assert state.active.find(new.uid) is not None and state.phase == "action"
    assert any(f"Decision {stale.id}," in line and "withdrawn" in line and "p2" in line for line in lines), lines
    assert stale not in state.decisions
    again = decision(state, "act:witch-king")
    assert again.seat == "p2" and again.id > stale.id
    assert not [o for o in again.options if o.id.endswith(f"-{old.uid}")]
    with pytest.raises(StaleDecision, match=f"decision {stale.id}"):
        GAME.apply(state, "p2", Answer(decision=stale.id, choice=(stale.options[0].id,)))


def test_a_proposal_says_whom_the_game_waits_on_and_why_that_seat_is_asked() -> None:
    """Play-tester: "p4 is asked to agree, as the game is not waiting on them" was said while the game waited on
    p4 ("them" meant the proposer). The table now reads whom the game waits on, that it is not the proposer, and
    for which side the seat asked agrees; the other two reasons name what the adjustment touches."""
    state = opened()
    to_act(state, "witch-king")
    _, lines = adjust(state, "p3", "draw aragorn 1")
    assert any(line.endswith("The game is waiting on p2, not on p3: p2 is asked to agree, for the Shadow.")
               for line in lines), lines
    _, lines = adjust(state, "p3", "draw frodo 1")
    assert any(line.endswith("It touches Frodo's deck, which is p1's, not p3's: p2 is asked to agree, for the "
                             "Shadow.") for line in lines), lines
    _, lines = adjust(state, "p2", "corruption +1")
    assert any(line.endswith("It touches what both sides share: p1 is asked to agree, for the Free Peoples.")
               for line in lines), lines
    assert not [line for line in lines if "waiting on them" in line]


def test_a_path_is_not_activated_by_adjustment_in_the_combat_step_nor_during_a_replacement() -> None:
    """Rulebook, Location Step: faction cards activate paths during the action step. An agreed 'activate <path>'
    in the combat step, while the old path's own combat was asking for eliminations, queued that path's combat
    again and the game failed at the next answer; a second path activated while a replacement was under way
    would have lost the path set aside. Both are refused at once, in words."""
    state = opened()
    old = state.active_paths()[0]
    new = [c for c in state.path_deck.cards if state.card_def(c).path_number == state.card_def(old).path_number + 1]
    to_act(state, "witch-king")
    state.phase, state.incoming = "combat", new[0].uid
    state.path_deck.cards.remove(new[0])
    state.set_aside.cards.append(new[0])
    with pytest.raises(RuleError, match=f"{new[0].name} is already replacing the active path"):
        GAME.apply(state, "p3", GAME.parse(f"adjust activate {new[1].uid}"))
    state.incoming = ""
    with pytest.raises(RuleError, match="during the action step, and the combat step is under way"):
        GAME.apply(state, "p3", GAME.parse(f"adjust activate {new[1].uid}"))


def test_an_answer_typed_out_of_turn_is_said_to_be_one_not_an_unknown_command() -> None:
    # A play-tester typed 'pass' in another seat's turn and read "(Unknown command 'pass' ...)", as if the game had
    # no such word. The forms of War of the Ring's options are known by their text alone (no state: whether a card
    # answers another seat's private question is not the typist's to learn); any other word keeps the list of
    # commands, and a bare answer still reaches the decision it answers through the service.
    from engines.core import NotACommand
    from engines.wotr import GAME

    for text in ("pass", "decline", "winnow", "c17", "play-c15-c122", "play-c15-c122 then c56", "move-c3-c9",
                 "play-c4-reserve", "use-c9"):
        with pytest.raises(NotACommand) as refused:
            GAME.parse(text)
        assert str(refused.value) == (f"'{text}' is an answer: write it when a decision of yours is open "
                                      f"('answer <n> {text}' names which).")
    for text in ("dance", "passed", "play-c15", "anwser 15 c3"):
        with pytest.raises(NotACommand, match=r"^Unknown command '"):
            GAME.parse(text)
