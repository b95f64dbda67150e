"""The action step's actions (spec 4.2, L216-385): acceptance scenarios of spec 7, cited by number."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engines.core import CommandError, RuleError
from engines.wotr import GAME, actions
from engines.wotr import procedures as proc
from engines.wotr.state import IN_RESERVE_THIS_ROUND
from tests.engines.wotr.table import (
    agreed,
    answer,
    clear_active,
    decision,
    fetch,
    location,
    opened,
    options,
    put,
    to_act,
    to_hand,
    turn,
)


def hand_of(state, deck: str, *names: str):
    """Replace a deck's hand by these cards (the old hand goes back under the draw deck)."""
    d = state.deck(deck)
    d.draw.cards[:0] = d.hand.cards
    d.hand.cards = []
    return to_hand(state, deck, *names)


def test_7_10_and_7_11_pass_rules() -> None:
    """# spec 7.10, 7.11 (L236-239): pass at or under the carryover limit, or with fewer cards than *each*
    enemy deck (strictly)."""
    state = opened()
    frodo = state.deck("frodo")
    frodo.hand.cards = frodo.hand.cards[:2]
    assert actions.can_pass(state, frodo)
    frodo.hand.cards = [*frodo.hand.cards, *frodo.draw.cards[:2]]  # 4 cards
    wk, sar = state.deck("witch-king"), state.deck("saruman")
    sar.hand.cards.append(sar.draw.cards.pop())  # Witch-king 5, Saruman 6
    assert len(frodo.hand.cards) == 4 and len(wk.hand.cards) == 5 and len(sar.hand.cards) == 6
    assert actions.can_pass(state, frodo)
    wk.draw.cards.append(wk.hand.cards.pop())  # 4: not fewer than each enemy
    assert not actions.can_pass(state, frodo)
    to_act(state, "frodo")
    assert "pass" not in options(state)
    # Issue 16 (found playing): the prompt says why there is no pass, so the refusal below is no surprise.
    assert ("you may not pass: 4 cards in hand, more than your carryover of 2, and not fewer than the 4 of "
            "Witch-king's deck") in decision(state, "act").prompt
    with pytest.raises(RuleError, match="not an option"):
        answer(state, "act:frodo", "pass")


def test_7_14_the_cost_is_paid_before_the_text() -> None:
    """# spec 7.14 (L253-257): playing Elrond (who draws a card when played) asks first which card to cycle;
    the draw comes after; the cycled card is hidden from the others."""
    state = opened()
    elrond, x, y = hand_of(state, "aragorn", "Elrond", "Legolas", "Arwen")
    to_act(state, "aragorn")
    state = answer(state, "act:aragorn", f"play-{elrond.uid}-reserve")
    cost = decision(state, "cost")
    assert sorted(o.id for o in cost.options) == sorted([x.uid, y.uid]) and cost.private
    aragorn = state.deck("aragorn")
    assert len(aragorn.hand.cards) == 2 and elrond.uid in [c.uid for c in state.resolving.cards]
    cycled = len(aragorn.cycle.cards)
    state = answer(state, "cost", x.uid)
    aragorn = state.deck("aragorn")
    assert len(aragorn.cycle.cards) == cycled + 1
    top = aragorn.cycle.cards[-1]
    assert top.uid == x.uid and not top.face_up and top.known_to == [aragorn.seat]
    assert len(aragorn.hand.cards) == 2  # Y plus the card Elrond drew
    assert [c.name for c in aragorn.reserve.cards] == ["Elrond"]


def test_the_last_card_is_paid_for_by_a_forsake() -> None:
    """# L260-261, L550-552: the card played was the last in hand -> forsake instead (reserve or deck top)."""
    state = opened()
    (legolas,) = hand_of(state, "aragorn", "Legolas")
    arwen = put(state, "aragorn", "Arwen", "reserve")
    state.deck("aragorn").draw.cards.append(fetch(state, "aragorn", "Soldiers of Gondor"))  # a plain top card
    to_act(state, "aragorn")
    state = answer(state, "act:aragorn", f"play-{legolas.uid}-reserve")
    forsake = decision(state, "forsake-cost")
    assert {o.id for o in forsake.options} == {arwen.uid, "top"}
    state = answer(state, "forsake-cost", "top")
    aragorn = state.deck("aragorn")
    assert [c.name for c in aragorn.reserve.cards] == ["Arwen", "Legolas"]
    assert not aragorn.eliminated.cards[-1].face_up  # forsaken unseen


def test_7_17_army_on_a_path_is_refused() -> None:
    """# spec 7.17 (L269-273)."""
    state = opened()
    clear_active(state)
    path = location(state, "Weathertop")
    (elves,) = hand_of(state, "aragorn", "High Elves")
    assert actions.destinations(state, state.card_def(elves)) == [("reserve", "to reserve")]
    assert actions.why_not_play(state, state.deck("aragorn"), elves, path.uid) == "Armies can never go to a path."


def test_7_19_path_number_gate() -> None:
    """# spec 7.19 (L278-279): Halbarad (paths 2-3) may not go to path 5, may go to path 3."""
    state = opened()
    clear_active(state)
    five = location(state, "Egladil")
    (halbarad,) = hand_of(state, "aragorn", "Halbarad")
    assert actions.why_not_play(state, state.deck("aragorn"), halbarad, five.uid)
    clear_active(state)
    three = location(state, "Imladris")
    assert not actions.why_not_play(state, state.deck("aragorn"), halbarad, three.uid)


def test_battleground_faction_gate() -> None:
    """# L269-279: Rohan may enter Edoras but not Dol Amroth."""
    state = opened()
    clear_active(state)
    edoras, amroth = location(state, "Edoras"), location(state, "Dol Amroth")
    (riders,) = hand_of(state, "frodo", "Riders of Rohan")
    dests = [d for d, _ in actions.destinations(state, state.card_def(riders))]
    assert edoras.uid in dests and amroth.uid not in dests


def test_a_battlegrounds_army_icons_gate_armies_and_its_character_icons_characters() -> None:
    """# L269-279 (spec 2.2): an army enters where its faction has an army icon, a character where it has a
    character icon. A made-to-order Dol Amroth shows Dúnedain as a character icon only: a Dúnedain army is
    refused there (by play and by move) and a Dúnedain character is let in."""
    state = opened()
    clear_active(state)
    amroth = location(state, "Dol Amroth")
    state.defs[amroth.ref] = replace(state.card_def(amroth), army_factions=("Southron",),
                                     character_factions=("Dúnedain", "Wizard", "Southron"))
    soldiers, halbarad = hand_of(state, "aragorn", "Soldiers of Gondor", "Halbarad")
    aragorn = state.deck("aragorn")
    assert "cannot be played there" in actions.why_not_play(state, aragorn, soldiers, amroth.uid)
    assert not actions.why_not_play(state, aragorn, halbarad, amroth.uid)
    rangers = put(state, "aragorn", "Dead Men of Dunharrow", "reserve")
    to_act(state, "aragorn")
    assert f"move-{rangers.uid}-{amroth.uid}" not in options(state)
    with pytest.raises(RuleError, match="cannot move there"):
        actions.move(turn(state), aragorn, rangers.uid, amroth.uid)
    # The same card printed with Dúnedain army icons too lets the army in.
    state.defs[amroth.ref] = replace(state.card_def(amroth), army_factions=("Dúnedain", "Southron"))
    assert not actions.why_not_play(state, aragorn, soldiers, amroth.uid)
    assert state.card_def(amroth).sides_of_entry("army") == (("Dúnedain",), ("Southron",))


def test_7_20_item_gate_and_owner() -> None:
    """# spec 7.20 (L283-308): Aragorn's deck holds the Phial (for Frodo or Sam). No Frodo in play: refused.
    Frodo in the Frodo deck's reserve: accepted; the Phial stays Aragorn's, Frodo stays the Frodo deck's."""
    state = opened()
    phial, _, _ = hand_of(state, "aragorn", "Phial of Galadriel", "Legolas", "Arwen")
    aragorn = state.deck("aragorn")
    assert "needs a wielder" in actions.why_not_play(state, aragorn, phial, "reserve")
    frodo = put(state, "frodo", "Frodo Baggins", "reserve")
    to_act(state, "aragorn")
    assert f"play-{phial.uid}-{frodo.uid}" in options(state)
    state = answer(state, "act:aragorn", f"play-{phial.uid}-{frodo.uid}")
    state = answer(state, "cost", state.deck("aragorn").hand.cards[0].uid)
    held = state.deck("frodo").reserve.cards[0]
    assert [i.name for i in held.attached] == ["Phial of Galadriel"]
    assert state.owners[phial.uid] == "aragorn" and state.owners[held.uid] == "frodo"


def test_7_22_reserve_lock_and_no_text_on_a_move() -> None:
    """# spec 7.22 (L319-325, L353-364): played to reserve this round -> no move; next round it may move,
    and its "when played" text (Elrond draws) does not fire."""
    state = opened()
    clear_active(state)
    rivendell = location(state, "Rivendell")
    elrond, _, _ = hand_of(state, "aragorn", "Elrond", "Legolas", "Arwen")
    to_act(state, "aragorn")
    state = answer(state, "act:aragorn", f"play-{elrond.uid}-reserve")
    state = answer(state, "cost", state.deck("aragorn").hand.cards[0].uid)
    assert IN_RESERVE_THIS_ROUND in state.deck("aragorn").reserve.cards[0].flags
    to_act(state, "aragorn")
    assert not [o for o in options(state) if o.startswith("move")]
    with pytest.raises(RuleError, match="cannot move until next round"):
        actions.move(turn(state), state.deck("aragorn"), elrond.uid, rivendell.uid)
    proc.clear_round_marks(state)
    to_act(state, "aragorn")
    hand = len(state.deck("aragorn").hand.cards)
    state = answer(state, "act:aragorn", f"move-{elrond.uid}-{rivendell.uid}")
    assert len(state.deck("aragorn").hand.cards) == hand
    assert [c.name for c in state.active.find(rivendell.uid).attached] == ["Elrond"]  # type: ignore[union-attr]


def test_7_23_the_same_card_twice_in_a_round_is_refused() -> None:
    """# spec 7.23 (L342-343)."""
    state = opened()
    legolas, _, _ = hand_of(state, "aragorn", "Legolas", "Arwen", "Elrond")
    to_act(state, "aragorn")
    state = answer(state, "act:aragorn", f"play-{legolas.uid}-reserve")
    state = answer(state, "cost", state.deck("aragorn").hand.cards[0].uid)
    back = state.deck("aragorn").reserve.cards.pop()
    state.deck("aragorn").hand.cards.append(back)
    assert "already played this round" in actions.why_not_play(state, state.deck("aragorn"), back, "reserve")
    to_act(state, "aragorn")
    assert not [o for o in options(state) if o.startswith(f"play-{legolas.uid}")]


def test_7_25_trilogy_ring_token() -> None:
    """# spec 7.25 (L373-377): discard it to draw 2, once a game."""
    state = opened()
    to_act(state, "frodo")
    hand = len(state.deck("frodo").hand.cards)
    state = answer(state, "act:frodo", "ring")
    assert len(state.deck("frodo").hand.cards) == hand + 2 and state.deck("frodo").ring == "used"
    to_act(state, "frodo")
    assert "ring" not in options(state)


def test_7_26_duel_ring_token() -> None:
    """# spec 7.26 (L1165-1170): draw 3, eliminate 1 and cycle 1 from hand; once a round, back next round."""
    state = opened("duel2", 2)
    to_act(state, "gandalf")
    state = answer(state, "act:gandalf", "ring")
    gandalf = state.deck("gandalf")
    assert len(gandalf.hand.cards) == 7 and gandalf.ring == "flipped"
    state = answer(state, "eliminate1", gandalf.hand.cards[0].uid)
    state = answer(state, "cycle1", state.deck("gandalf").hand.cards[0].uid)
    gandalf = state.deck("gandalf")
    assert len(gandalf.hand.cards) == 5 and len(gandalf.eliminated.cards) == 1 and len(gandalf.cycle.cards) == 1
    to_act(state, "gandalf")
    assert "ring" not in options(state)
    proc.clear_round_marks(state)
    assert state.deck("gandalf").ring == "unused"


def test_winnow_eliminates_two_and_draws_one() -> None:
    """# L380-385: winnow = eliminate 2 from hand (face down), draw 1."""
    state = opened()
    to_act(state, "frodo")
    state = answer(state, "act:frodo", "winnow")
    hand = state.deck("frodo").hand.cards
    state = answer(state, "winnow", hand[0].uid, hand[1].uid)
    frodo = state.deck("frodo")
    assert len(frodo.hand.cards) == 4 and len(frodo.eliminated.cards) == 2
    assert all(not c.face_up for c in frodo.eliminated.cards)


def test_7_49_only_the_wielders_controller_forsakes_an_item_in_reserve() -> None:
    """# spec 7.49 (L309-310)."""
    state = opened()
    frodo = put(state, "frodo", "Frodo Baggins", "reserve")
    phial = fetch(state, "aragorn", "Phial of Galadriel")
    frodo.attached.append(phial)
    assert phial.uid in [i for i, _ in proc.forsake_options(state, state.deck("frodo"))]
    assert phial.uid not in [i for i, _ in proc.forsake_options(state, state.deck("aragorn"))]


def test_end_of_step_overflow_is_cycled_down_to_the_limit() -> None:
    """# ENGINE 10.1 (L246-248): a deck over its limit when the step ends cycles down to it."""
    state = opened()
    for d in state.decks:
        d.hand.cards = d.hand.cards[:2]
    state.deck("frodo").hand.cards += state.deck("frodo").draw.cards[:1]  # 3, but fewer than nobody's... forced
    from engines.wotr import round

    state.decisions.clear()
    round.end_action_step(turn(state))
    over = decision(state, "overflow:frodo")
    assert over.low == over.high == 1


def test_bad_commands_are_refused_with_words_and_change_nothing() -> None:
    """Adjustments are checked before anything is done or proposed (another deck's draw and a change of the
    shared corruption are proposals since issue 18: tests/engines/wotr/test_adjust.py)."""
    state = opened()
    with pytest.raises(RuleError, match="No deck 'nobody'"):
        GAME.apply(state, "p2", GAME.parse("draw nobody 1"))
    with pytest.raises(CommandError, match="number of cards from 1 to 20"):
        GAME.parse("draw frodo 0")
    assert agreed(state, "p2", "corruption -1")[0].corruption == 0  # L683-684: nothing
    after, _ = agreed(state, "p2", "corruption +2")
    assert after.corruption == 2 and state.corruption == 0
    assert GAME.format(GAME.parse('token c5 def +1')) == "token c5 def +1"


def test_every_option_id_fits_a_discord_button() -> None:
    """Option ids travel in button custom ids (bot/chat/components.py): they must match its pattern."""
    import random
    import re

    from bot.chat.components import OPTION_ID
    from engines.core import Config
    from tests.engines.randomplay import random_answer

    for scenario, people in (("trilogy", 4), ("duel3", 3)):
        state = GAME.setup(Config(seats=GAME.seat_names(people), options={"scenario": scenario}), 2)
        rnd = random.Random(2)
        while state.outcome is None:
            for d in state.decisions:
                bad = [o.id for o in d.options if not re.fullmatch(OPTION_ID, o.id)]
                assert not bad, bad
            d = rnd.choice(state.decisions)
            state = GAME.apply(state, d.seat, random_answer(d, rnd)).state
