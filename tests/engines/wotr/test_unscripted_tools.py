"""Unscripted text gets the right tools (issue 16; spec 8.3): the announcement of a card whose text the engine
does not script names the adjust verbs that fit it, ready to type for its own deck, and adjust can take a
card back from any pile a text names (a card in an eliminated pile, or one cycled instead of eliminated)."""

from __future__ import annotations

from engines.core import Answer
from engines.wotr import GAME
from engines.wotr import procedures as proc
from engines.wotr.state import WotrState
from tests.engines.wotr.table import agreed, decision, opened, to_act, to_hand, turn


def _play(state: WotrState, deck: str, name: str, dest: str) -> tuple[WotrState, list[str]]:
    card, _ = to_hand(state, deck, name, "Legolas")
    to_act(state, deck)
    act = decision(state, f"act:{deck}")
    step = GAME.apply(state, act.seat, Answer(decision=act.id, choice=(f"play-{card.uid}-{dest}",)))
    cost = decision(step.state, "cost")
    step2 = GAME.apply(step.state, cost.seat, Answer(decision=cost.id, choice=(cost.options[0].id,)))
    return step2.state, [e.text for e in [*step.events, *step2.events] if e.audience is None]


def test_an_unscripted_events_announcement_offers_the_verbs_that_fit() -> None:
    """spec 8.3: The Red Arrow's text is resolved by hand; its announcement lists the verbs for Aragorn's own
    deck and the shared ones, and a later proposal names the card whose text it resolves."""
    state, lines = _play(opened(), "aragorn", "The Red Arrow", "now")
    said = next(line for line in lines if line.startswith("The Red Arrow is not scripted"))
    for verb in ("adjust draw aragorn <n>", "adjust recover aragorn <card>", "adjust open <faction>",
                 "adjust corruption"):
        assert verb in said, said
    step = GAME.apply(state, "p3", GAME.parse("open Rohan"))
    ask = decision(step.state, "propose")
    assert "(card text of The Red Arrow)" in ask.prompt


def test_a_card_in_the_eliminated_pile_is_recovered_into_hand_and_named() -> None:
    """spec 8.3, L582-588: a text that takes a card back from the eliminated pile; the table is told which."""
    state = opened()
    to_act(state, "aragorn")
    deck = state.deck("aragorn")
    gone = deck.hand.cards[0]
    proc.eliminate_from_hand(turn(state), deck, gone.uid)
    assert gone in deck.eliminated.cards and not gone.face_up
    step = GAME.apply(state, "p3", GAME.parse(f"recover aragorn {gone.uid}"))
    assert gone.uid in [c.uid for c in step.state.deck("aragorn").hand.cards]
    assert step.barrier  # a face-down card was shown
    assert any(f"takes {gone.name} back from its eliminated pile into its hand" in e.text
               for e in step.events if e.audience is None)


def test_a_frodo_cycled_instead_is_recovered_from_the_cycle_pile_to_reserve() -> None:
    """Issue 16: Frodo forsaken is cycled instead of eliminated (his own text); a text that would take him back
    finds him in the cycle pile. Out of turn, it needs the Shadow's agreement (issue 18)."""
    state = opened()
    deck = state.deck("frodo")
    frodo, = to_hand(state, "frodo", "Frodo Baggins")
    proc.forsake(turn(state), deck, frodo.uid)
    assert frodo in deck.cycle.cards
    state, lines = agreed(state, "p1", "recover frodo \"Frodo Baggins\" reserve")
    assert frodo.uid in [c.uid for c in state.deck("frodo").reserve.cards]
    assert any("takes Frodo Baggins back from its cycle pile into its reserve" in line for line in lines), lines
