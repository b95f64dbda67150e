"""Setup (spec 3) and the round (spec 4.1, 4.2.1, 4.5, 4.6): acceptance scenarios of spec 7, cited by number."""

from __future__ import annotations

import pytest

from engines.core import Answer, Config, RuleError
from engines.wotr import GAME, round
from engines.wotr import procedures as proc
from engines.wotr.cards import FP, SHADOW
from engines.wotr.scenarios import FOTR, deck_list
from engines.wotr.state import Deck
from tests.engines.wotr.table import (
    answer,
    clear_active,
    decision,
    fetch,
    location,
    next_round,
    opened,
    options,
    to_act,
    to_combat,
    turn,
)


def test_7_1_trilogy_setup() -> None:
    """# spec 7.1 (L1117-1150, L118-121): each deck draws 7 and must cycle 2; Frodo starts; one Ring token each."""
    state = GAME.setup(Config(seats=GAME.seat_names(4), options={}), 5)
    openings = [d for d in state.decisions if d.context.startswith("opening")]
    assert len(openings) == 4 and all(d.low == d.high == 2 and d.private for d in openings)
    state = opened("trilogy", 4, seed=5)
    sizes = {d.key: len(d.draw.cards) + 7 for d in state.decks}
    # The community data lacks card 110 (a Nazgûl), so the Witch-king deck has 29 cards, not 30.
    assert sizes == {"frodo": 30, "witch-king": 29, "aragorn": 30, "saruman": 30}
    for d in state.decks:
        assert len(d.hand.cards) == 5 and len(d.cycle.cards) == 2
        assert proc.carryover(state, d) == 2 and d.ring == "unused" and d.ring_mode == "trilogy"
        assert all(not c.face_up and c.known_to == [d.seat] for c in d.cycle.cards)  # cycled face down
    assert state.order[state.start] == "frodo" and state.round == 1


def test_trilogy_seating_for_2_and_3_people() -> None:
    """# spec 1.3 (L1142-1145): with 3 people one runs both Shadow decks; with 2, each runs a whole team."""
    three = opened("trilogy", 3)
    assert {d.key: d.seat for d in three.decks} == {"frodo": "p1", "witch-king": "p2", "aragorn": "p3",
                                                    "saruman": "p2"}
    two = opened("trilogy", 2)
    assert {d.key: d.seat for d in two.decks} == {"frodo": "p1", "witch-king": "p2", "aragorn": "p1", "saruman": "p2"}


def test_a_scenario_refuses_the_wrong_number_of_people() -> None:
    with pytest.raises(RuleError, match="2 Player Duel is played by 2 players, not 3"):
        GAME.setup(Config(seats=GAME.seat_names(3), options={"scenario": "duel2"}), 1)


def test_7_2_duel_setup() -> None:
    """# spec 7.2 (L1152-1170): Gandalf 4 cards, Witch-king 6, nobody cycles; all FP / all Shadow cards."""
    state = opened("duel2", 2)
    gandalf, wk = state.deck("gandalf"), state.deck("witch-king")
    assert len(gandalf.hand.cards) == 4 and len(wk.hand.cards) == 6
    assert not gandalf.cycle.cards and not wk.cycle.cards
    fp_cards = [c for c in state.defs.values() if c.side == FP and not c.is_location and not c.promo]
    owned = [state.defs[c.ref] for z in gandalf.zones() for c in z.cards]
    assert sorted(c.id for c in owned) == sorted(c.id for c in fp_cards)
    assert all(state.defs[c.ref].side == SHADOW for z in wk.zones() for c in z.cards)
    assert gandalf.ring_mode == wk.ring_mode == "duel"


def test_7_4_fotr_setup() -> None:
    """# spec 7.4 (L1216-1273): the listed decks (one card per ring), Balrog starts, Minas Morgul in round 1,
    a path from the two listed path-1 cards, no Ring tokens."""
    state = opened("fotr", 2)
    gandalf = state.deck("gandalf")
    names = sorted(c.name for z in gandalf.zones() for c in z.cards)
    assert len(names) == 30 and names.count("High Elves") == 2
    assert [n for n in names if n.startswith(("Nenya", "Vilya", "Narya"))] == [
        "Narya, Ring of Fire", "Nenya, Ring of Adamant", "Vilya, Ring of Air"]
    _, missing = deck_list(FOTR.role("balrog"), list(state.defs.values()))
    assert missing == []  # the list names the eight Nazgûl the data has; the ninth (card 110) is absent
    assert sum(len(z.cards) for z in state.deck("balrog").zones()) == 29
    assert state.order[state.start] == "balrog"
    active = [c.name for c in state.active.cards]
    assert active[0] == "Minas Morgul" and active[1] in ("Buckleberry Ferry", "Gildor's Encampment")
    assert all(d.ring == "none" for d in state.decks)
    assert len(state.path_deck.cards) == 12 and len(state.bg_fp.cards) + len(state.bg_shadow.cards) == 6


def test_7_5_battleground_deck_follows_the_starting_team() -> None:
    """# spec 7.5 (L154-156): round 1 (Frodo starts) from the FP deck; round 2 (Witch-king) from the Shadow."""
    state = opened("trilogy", 4)
    assert state.card_def(state.active_battlegrounds()[0]).side == FP
    state = next_round(state)
    assert state.order[state.start] == "witch-king"
    assert state.card_def(state.active_battlegrounds()[0]).side == SHADOW


def test_fallback_to_the_other_battleground_deck_when_empty() -> None:
    """# L157-161: the starting team's deck is empty -> the other team's; both empty -> none."""
    state = opened("trilogy", 4)
    clear_active(state)
    state.bg_fp.cards.clear()
    round.location_step(turn(state))
    assert state.card_def(state.active_battlegrounds()[0]).side == SHADOW
    clear_active(state)
    state.bg_shadow.cards.clear()
    state.last_path = 1
    round.location_step(turn(state))
    assert state.active_battlegrounds() == []


def test_7_7_path_sequencing() -> None:
    """# spec 7.7 (L183-188): round 2's path is one of the unused number-2 paths."""
    state = opened("trilogy", 4, seed=3)
    assert state.card_def(state.active_paths()[0]).path_number == 1
    state = next_round(state)
    assert state.card_def(state.active_paths()[0]).path_number == 2
    assert sum(state.card_def(c).path_number == 2 for c in state.path_deck.cards) == 2


def test_7_13_the_step_ends_when_everyone_passes_in_a_row() -> None:
    """# spec 7.13 (L221-223): four passes in a row end the action step; combat begins."""
    state = opened("trilogy", 4)
    for d in state.decks:  # hands at the limit: everyone may pass
        while len(d.hand.cards) > 2:
            d.cycle.cards.append(d.hand.cards.pop())
    to_act(state, "frodo")
    events = []
    for _ in range(4):
        act = state.decisions[0]
        assert act.context.startswith("act") and "pass" in [o.id for o in act.options]
        step = GAME.apply(state, act.seat, Answer(decision=act.id, choice=("pass",)))
        state = step.state
        events += [e.text for e in step.events]
    assert "Every player has passed: the action step ends." in events
    # L395-396: the starting player (Frodo) puts the round's two combats in order.
    assert state.phase == "combat" and decision(state, "order").seat == state.deck("frodo").seat


def test_a_pass_is_not_final() -> None:
    """# L242-243: a deck that passed acts again on its next turn if the step goes on."""
    state = opened("trilogy", 4)
    for d in state.decks:
        while len(d.hand.cards) > 2:
            d.cycle.cards.append(d.hand.cards.pop())
    to_act(state, "frodo")
    state = answer(state, "act:frodo", "pass")
    cycle = next(o for o in options(state, "act:witch-king") if o.startswith("cycle"))
    state = answer(state, "act:witch-king", cycle)
    state = answer(state, "act:aragorn", "pass")
    state = answer(state, "act:saruman", "pass")
    assert state.decisions[0].context == "act:frodo"  # the step goes on: Frodo acts again
    assert state.passed == ["aragorn", "saruman"]


def test_3pd_counts_decks_not_seats_for_the_end_of_the_step() -> None:
    """# spec 10.2: in the 3 Player Duel Gandalf sits twice; by default every deck passing ends the step."""
    state = opened("duel3", 3)
    for d in state.decks:
        d.hand.cards = d.hand.cards[:1]
    to_act(state, "gandalf")
    state = answer(state, "act:gandalf", "pass")
    state = answer(state, "act:witch-king", "pass")
    state = answer(state, "act:gandalf", "pass")
    assert state.phase == "action" and state.decisions[0].context == "act:saruman"
    state = answer(state, "act:saruman", "pass")
    assert state.round == 2 or state.phase == "combat"


def _deck_with(state_deck: Deck, draw: int, cycle: int) -> None:
    pool = state_deck.draw.cards + state_deck.cycle.cards
    state_deck.draw.cards, state_deck.cycle.cards = pool[:draw], pool[draw:draw + cycle]


def test_7_46_mid_draw_recycle() -> None:
    """# spec 7.46 (L566-570): 1 in the deck, 10 in the cycle pile, draw 3 -> deck 8 left."""
    state = opened()
    frodo = state.deck("frodo")
    _deck_with(frodo, 1, 10)
    hand = len(frodo.hand.cards)
    proc.draw(turn(state), frodo, 3)
    assert len(frodo.hand.cards) == hand + 3 and len(frodo.draw.cards) == 8 and not frodo.cycle.cards


def test_7_47_running_dry() -> None:
    """# spec 7.47 (L638-642, L590): nothing to draw -> nothing drawn, no penalty; forced elimination -> no-op."""
    state = opened()
    frodo = state.deck("frodo")
    frodo.draw.cards, frodo.cycle.cards, frodo.hand.cards = [], [], []
    assert proc.draw(turn(state), frodo, 4) == []
    state.queue.append("eliminate1:frodo")
    round.demand(turn(state), state.queue.pop())
    assert not [d for d in state.decisions if d.context.startswith("eliminate1")]


def test_7_50_draw_step_and_rotation() -> None:
    """# spec 7.50 (L530-535, L1130-1135): FP decks draw 3, Shadow decks 4; the token moves to Witch-king."""
    state = opened()
    clear_active(state)
    before = {d.key: len(d.hand.cards) for d in state.decks}
    state.decisions.clear()
    round.draw_step(turn(state))
    after = {d.key: len(d.hand.cards) for d in state.decks}
    assert {k: after[k] - before[k] for k in after} == {"frodo": 3, "witch-king": 4, "aragorn": 3, "saruman": 4}
    assert state.order[state.start] == "witch-king" and state.round == 2


def test_7_52_duel_doubling() -> None:
    """# spec 7.52 (L1178-1184): "each Shadow player" is done twice in the 2 Player Duel; in the 3PD only
    "each Free Peoples player" is doubled (ENGINE 10.4); never in the Trilogy."""
    duel = opened("duel2", 2)
    assert [d.key for d in proc.each_side_player(duel, SHADOW)] == ["witch-king", "witch-king"]
    three = opened("duel3", 3)
    assert [d.key for d in proc.each_side_player(three, SHADOW)] == ["witch-king", "saruman"]
    assert [d.key for d in proc.each_side_player(three, FP)] == ["gandalf", "gandalf"]
    assert [d.key for d in proc.each_side_player(opened(), SHADOW)] == ["witch-king", "saruman"]


def test_7_53_remove_from_a_draw_deck_reshuffles() -> None:
    """# spec 7.53 (L627-633): a removed card is eliminated wherever it is; a draw deck it left is shuffled."""
    state = opened()
    frodo = state.deck("frodo")
    grey = fetch(state, "frodo", "Gandalf the Grey")
    frodo.draw.cards.insert(3, grey)
    order = [c.uid for c in frodo.draw.cards if c is not grey]
    proc.remove(turn(state), "Gandalf the Grey")
    assert grey in frodo.eliminated.cards and grey.face_up
    assert sorted(c.uid for c in frodo.draw.cards) == sorted(order)


def test_teammates_never_see_each_others_hands() -> None:
    """# spec 1.5 (L137-138): Frodo's person sees Frodo's hand only; Aragorn's hand stays hidden from them."""
    state = opened()
    frodo_view = GAME.view(state, "p1")
    aragorn_hand = {c.uid for c in state.deck("aragorn").hand.cards}
    shown = {c.uid for z in frodo_view.private for c in z.cards} | {c.uid for z in frodo_view.table for c in z.cards}
    assert not shown & aragorn_hand
    assert {c.uid for c in frodo_view.private[0].cards} == {c.uid for c in state.deck("frodo").hand.cards}
    two = opened("trilogy", 2)
    both = GAME.view(two, "p1")  # one person running two decks sees both hands, as the rules accept
    assert {z.name for z in both.private if z.name.endswith("hand")} == {"Frodo: hand", "Aragorn: hand"}


def test_location_activation_from_a_schedule_and_an_empty_location_still_fights() -> None:
    """# L395-397: a combat is resolved even where nobody played; the FotR battleground is scheduled."""
    state = opened("fotr", 2)
    morgul = state.active_battlegrounds()[0]
    assert morgul.name == "Minas Morgul"
    clear_active(state)
    location(state, "Minas Morgul")
    state = to_combat(state)
    assert morgul in state.shadow_area.cards  # uncontested: the defender (Shadow) wins it (spec 7.35)


def test_every_engine_default_of_spec_10_is_an_option_and_bad_values_are_refused() -> None:
    """# spec 10: each [ENGINE] decision is an option with the spec's default."""
    from engines.core import CommandError

    defaults = GAME.options
    assert defaults["overflow"] == "cycle" and defaults["pass_count"] == "decks"  # 10.1, 10.2
    assert defaults["duel_path"] == "majority" and defaults["doubling"] == "fp"  # 10.3, 10.4
    assert defaults["duel3_shadow_ring_vp"] is True and defaults["duel_ring_vp"] == 0  # 10.5
    assert defaults["duel_ring_reset"] is True and defaults["fotr_path"] == "trilogy"  # 10.5, 10.6
    assert defaults["support"] == "auto" and defaults["zero_cancel"] is False  # 10.7, 10.8
    assert defaults["reactivated_tokens"] is True and defaults["item_pile"] == "owner"  # 10.9, 10.10
    assert defaults["forsake_recycle"] is True and defaults["missing_path"] == "skip"  # 10.12, 10.13
    assert defaults["public_hand_sizes"] is True and defaults["corruption_supply"] == 0  # 10.14, 10.15
    assert defaults["eliminations"] == "defender" and defaults["draw_order"] == "seat"  # 10.16, 10.17
    with pytest.raises(CommandError, match="Unknown option 'speed'"):
        GAME.setup(Config(seats=GAME.seat_names(4), options={"speed": 1}), 1)
    with pytest.raises(CommandError, match="overflow must be one of cycle, eliminate"):
        GAME.setup(Config(seats=GAME.seat_names(4), options={"overflow": "burn"}), 1)
    with pytest.raises(CommandError, match="corruption_supply takes a whole number"):
        GAME.setup(Config(seats=GAME.seat_names(4), options={"corruption_supply": -1}), 1)


def test_the_missing_path_option_and_the_corruption_supply() -> None:
    """# ENGINE 10.13, 10.15: no path of the next number -> none this round, or the next number; a finite
    corruption supply caps what combat adds."""
    state = opened()
    state.path_deck.cards = [c for c in state.path_deck.cards if state.card_def(c).path_number != 2]
    state.last_path = 1
    assert round.next_path_number(state) == 0
    state.options["missing_path"] = "next"
    assert round.next_path_number(state) == 3
    capped = opened(corruption_supply=1)
    clear_active(capped)
    from tests.engines.wotr.table import put

    path = location(capped, "Weathertop")
    put(capped, "witch-king", "The Witch-king", path)  # 2 uncancelled icons, but one token left in the supply
    capped = to_combat(capped)
    assert capped.corruption == 1
