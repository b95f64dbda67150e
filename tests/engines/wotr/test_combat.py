"""The combat step by the detailed rules (spec 4.3, L387-517; spec 9.8), scoring and victory (spec 4.4):
acceptance scenarios of spec 7, cited by number."""

from __future__ import annotations

from typing import Any

from engines.core import Answer
from engines.wotr import GAME, combat, round
from engines.wotr.cards import FP, SHADOW
from engines.wotr.state import DEF, FACE_DOWN, REACTIVATED_ACROSS, WotrState
from tests.engines.wotr.table import (
    agreed,
    answer,
    clear_active,
    decision,
    location,
    opened,
    options,
    put,
    quiet_locations,
    to_combat,
    turn,
)


def table(scenario: str = "trilogy", people: int = 4, **opts: Any) -> WotrState:
    state = opened(scenario, people, **opts)
    clear_active(state)
    return state


def test_7_28_path_combat_corruption() -> None:
    """# spec 7.28 (L428-458): path defense 1, Shadow 5, one FP unit of 2 -> R 4; the unit is lost, 2 icons
    stay uncancelled: the path goes face down to the Shadow with 2 corruption; every Shadow character goes."""
    state = table()
    path = location(state, "Buckleberry Ferry")  # path 1, defense 1
    wk = put(state, "witch-king", "The Witch-king", path)  # 2
    sar = put(state, "saruman", "Saruman", path)  # 2
    wights = put(state, "saruman", "Barrow-Wights", path)  # 1
    strider = put(state, "aragorn", "Strider", path)  # 2
    state = to_combat(state)
    assert path in state.shadow_area.cards and FACE_DOWN in path.flags
    assert state.corruption == 2 and combat.score(state, SHADOW) == 2 and combat.score(state, FP) == 0
    assert strider in state.deck("aragorn").eliminated.cards
    assert wk in state.deck("witch-king").eliminated.cards
    assert sar in state.deck("saruman").eliminated.cards and wights in state.deck("saruman").eliminated.cards


def test_7_29_empty_path_scores_for_the_free_peoples() -> None:
    """# spec 7.29 (L450-452): nothing on the path (Trilogy) -> the FP score its VP."""
    state = table()
    path = location(state, "Weathertop")
    state = to_combat(state)
    assert path in state.fp_area.cards and combat.score(state, FP) == 2


def test_7_31_no_over_elimination() -> None:
    """# spec 7.31 (L439-442): R 2 against units [3, 1, 1]. One at a time: choosing the 3 completes the
    cancellation at once, so {3, 1, 1} can never be chosen; {1, 1} can."""
    state = table()
    path = location(state, "Weathertop")  # defense 0
    put(state, "witch-king", "The Witch-king", path)  # 2 attack
    grey = put(state, "frodo", "Gandalf the Grey", path)  # 3
    gimli = put(state, "frodo", "Gimli", path)  # 1 (Frodo would be cycled instead by his own text)
    sam = put(state, "frodo", "Sam Gamgee", path)  # 1
    state = to_combat(state)
    assert sorted(options(state, "eliminate")) == sorted([grey.uid, gimli.uid, sam.uid])
    after = answer(state, "eliminate", grey.uid)
    assert not [d for d in after.decisions if d.context.startswith("eliminate")]
    frodo_deck = after.deck("frodo")
    assert [c.name for c in frodo_deck.eliminated.cards] == ["Gandalf the Grey"]
    assert {"Gimli", "Sam Gamgee"} <= {c.name for c in frodo_deck.cycle.cards}
    assert "Weathertop" in [c.name for c in after.fp_area.cards]
    # The other way: two units of 1 cancel exactly 2; Gandalf survives and is cycled.
    two = answer(answer(state, "eliminate", gimli.uid), "eliminate", sam.uid)
    assert {c.name for c in two.deck("frodo").eliminated.cards} == {"Gimli", "Sam Gamgee"}
    assert "Gandalf the Grey" in {c.name for c in two.deck("frodo").cycle.cards}


def test_7_32_a_zero_icon_defender_is_never_offered() -> None:
    """# spec 7.32 (ENGINE 10.8): a defender with 0 path icons cannot cancel; it is cycled after combat."""
    state = table()
    path = location(state, "Weathertop")
    put(state, "saruman", "Barrow-Wights", path)  # 1
    arwen = put(state, "aragorn", "Arwen", path)  # 0 path icons
    gimli = put(state, "frodo", "Gimli", path)  # 1
    state = to_combat(state)  # Gimli alone can cancel: no choice to make
    assert gimli in state.deck("frodo").eliminated.cards and arwen in state.deck("aragorn").cycle.cards


def test_7_34_duel_path_majority_and_tie() -> None:
    """# spec 7.34 and 4.3.4 (L1173-1176, ENGINE 10.3): Duel paths go to the FP only on a strict majority of
    icons (path defense plus every FP unit); a tie scores for nobody and gives no corruption."""
    state = table("duel2", 2)
    path = location(state, "Buckleberry Ferry")  # defense 1
    put(state, "witch-king", "The Witch-king", path)  # 2
    put(state, "witch-king", "Barrow-Wights", path)  # 1
    strider = put(state, "gandalf", "Strider", path)  # 2
    put(state, "gandalf", "Frodo Baggins", path)  # 1
    state = to_combat(state)
    state = answer(state, "eliminate", strider.uid)  # R = 2: Strider cancels it
    assert "Buckleberry Ferry" in [c.name for c in state.fp_area.cards]  # 4 against 3
    tie = table("duel2", 2)
    path = location(tie, "Buckleberry Ferry")
    put(tie, "witch-king", "The Witch-king", path)
    put(tie, "witch-king", "Balrog of Moria", path)  # 4 attack
    put(tie, "gandalf", "Strider", path)
    put(tie, "gandalf", "Frodo Baggins", path)  # 1 + 3 = 4: a tie
    tie = to_combat(tie)
    assert path in tie.set_aside.cards and tie.corruption == 0
    assert path not in tie.fp_area.cards and path not in tie.shadow_area.cards


def test_the_trilogy_gives_ties_on_a_path_to_the_defender() -> None:
    """# L450-452 (spec 9.8): in the Trilogy all icons cancelled is enough (the same 4 against 4 scores)."""
    state = table()
    path = location(state, "Buckleberry Ferry")
    put(state, "witch-king", "The Witch-king", path)
    put(state, "saruman", "Balrog of Moria", path)
    put(state, "aragorn", "Strider", path)
    put(state, "frodo", "Frodo Baggins", path)
    state = to_combat(state)
    assert path in state.fp_area.cards


def test_7_35_an_uncontested_battleground_goes_to_its_defender() -> None:
    """# spec 7.35 (L494-498)."""
    state = table()
    harad = location(state, "Harad")
    state = to_combat(state)
    assert harad in state.shadow_area.cards and combat.score(state, SHADOW) == 1


def test_7_37_the_attacker_wins_a_battleground_and_still_loses_every_attacker() -> None:
    """# spec 7.37 (L480-498): attack 6, defense 1, defender [2] -> R 5, 3 uncancelled: the FP take Harad;
    all their attacking armies are eliminated anyway."""
    state = table()
    harad = location(state, "Harad")  # Shadow, defense 1
    elves = [put(state, "aragorn", "High Elves", harad) for _ in range(2)]  # 2 + 2
    riders = put(state, "frodo", "Riders of Rohan", harad)  # 2
    olog = put(state, "witch-king", "Olog-Hai", harad)  # defense 2
    state = to_combat(state)
    assert harad in state.fp_area.cards and combat.score(state, FP) == 1
    assert olog in state.deck("witch-king").eliminated.cards
    assert all(e in state.deck("aragorn").eliminated.cards for e in elves)
    assert riders in state.deck("frodo").eliminated.cards


def test_7_38_leadership_needs_an_army_of_its_faction() -> None:
    """# spec 7.38 (L500-514): Boromir (battleground attack 0, leadership attack 1) adds nothing alone; with a
    Dúnedain army at the battleground he adds his leadership, and the army its own icons."""
    state = table()
    harad = location(state, "Harad")
    boromir = put(state, "aragorn", "Boromir", harad)
    assert combat.supports(state, [boromir], attacking=True) == {}
    assert combat.unit_value(state, boromir, harad, attacking=True, supported=False) == 0
    soldiers = put(state, "aragorn", "Soldiers of Gondor", harad)
    sup = combat.supports(state, [boromir, soldiers], attacking=True)
    assert sup == {boromir.uid: soldiers.uid}
    assert combat.unit_value(state, boromir, harad, attacking=True, supported=True) == 1
    state = to_combat(state)  # A = 1 + 1 against Harad's 1: 1 uncancelled, the FP win it
    assert harad in state.fp_area.cards


def test_one_army_supports_one_character() -> None:
    """# L506-509: two leaders, one army: only one leader is supported (the one with more leadership)."""
    state = table()
    tirith = location(state, "Minas Tirith")
    denethor = put(state, "aragorn", "Denethor", tirith)  # leadership defense 1
    aragorn = put(state, "aragorn", "Aragorn", tirith)  # leadership defense 1
    guards = put(state, "aragorn", "Guards of the Citadel", tirith)
    sup = combat.supports(state, [denethor, aragorn, guards], attacking=False)
    assert list(sup.values()) == [guards.uid] and len(sup) == 1


def test_7_40_leadership_is_frozen_when_the_supporting_army_falls() -> None:
    """# spec 7.40 (L511-514): the defender eliminates the supporting army first; the leader's leadership
    still counts for the rest of the combat."""
    state = table()
    tirith = location(state, "Pelargir")  # FP, defense 1
    denethor = put(state, "aragorn", "Denethor", tirith)  # 0 + leadership 1
    guards = put(state, "aragorn", "Guards of the Citadel", tirith)  # 1 (its bonus is for Minas Tirith)
    knights = put(state, "aragorn", "Knights of Dol Amroth", tirith)  # 1 (its bonus is for Dol Amroth)
    for _ in range(3):
        put(state, "witch-king", "Mordor Orcs", tirith)  # 3 attack -> R = 2
    state = to_combat(state)
    supporter = state.combat.supports[denethor.uid] if state.combat else ""
    assert supporter in (guards.uid, knights.uid)
    state = answer(state, "eliminate", supporter)
    labels = [o.label for o in decision(state, "eliminate").options]
    assert "Denethor (1)" in labels  # still worth 1 though his army is gone
    state = answer(state, "eliminate", denethor.uid)
    assert tirith.uid in [c.uid for c in state.fp_area.cards]


def test_7_41_reactivation_across_sides_ignores_printed_icons() -> None:
    """# spec 7.41 (L471-473): a Shadow battleground taken back from the FP area is still defended by the
    Shadow, without its printed icons; the winner takes it."""
    state = table()
    guldur = location(state, "Dol Guldur")  # Shadow, defense 2
    state.active.cards.remove(guldur)
    state.fp_area.cards.append(guldur)
    with quiet_locations():  # Dol Guldur's own text would bring Lórien along; the Shadow agree (issue 18)
        state, _ = agreed(state, "p1", f"reactivate {guldur.uid}")
    again = state.active.find(guldur.uid)
    assert again is not None and REACTIVATED_ACROSS in again.flags
    guldur = again
    assert combat.defender_of(state, guldur) == SHADOW and combat.location_defense(state, guldur) == 0
    put(state, "aragorn", "Legolas", guldur)  # 1 attack against 0
    state = to_combat(state)
    won = next(c for c in state.fp_area.cards if c.uid == guldur.uid)
    assert REACTIVATED_ACROSS not in won.flags


def test_7_43_a_location_defense_token_cancels_first() -> None:
    """# spec 7.43 (L399-418): one DEF token on a path of printed defense 0 against 1 Shadow icon: R 0, the
    FP units are cycled and the FP score the path."""
    state = table()
    path = location(state, "Weathertop")
    path.tokens[DEF] = 1
    put(state, "saruman", "Barrow-Wights", path)
    frodo = put(state, "frodo", "Frodo Baggins", path)
    state = to_combat(state)
    assert path in state.fp_area.cards and frodo in state.deck("frodo").cycle.cards and path.tokens == {}


def test_7_44_victory_margin() -> None:
    """# spec 7.44 (L521-528): 19 to 9 wins at once (10 ahead); 18 to 9 plays on."""
    state = table()
    state.corruption = 9
    state.fp_area.cards.extend(c for c in list(state.path_deck.cards)[:9])  # 9 paths, 1 + 1 + 1 + 2 + ...
    while combat.score(state, FP) > 18:
        state.fp_area.cards.pop()
    while combat.score(state, FP) < 18:
        state.fp_area.cards.append(state.bg_fp.cards.pop())
    assert combat.score(state, FP) == 18
    round.victory_check(turn(state))
    assert state.outcome is None
    state.fp_area.cards.append(next(c for c in state.bg_fp.cards if state.card_def(c).vp == 1))
    round.victory_check(turn(state))
    assert state.outcome is not None and state.outcome.winners == ["p1", "p3"]
    assert state.outcome.scores == {"p1": 19, "p2": 9, "p3": 19, "p4": 9}


def test_final_scoring_ties_go_to_the_shadow_and_unused_ring_tokens_count() -> None:
    """# spec 4.4, 5 (L526-528, L687-692): after the last path's combat the higher score wins, ties to the
    Shadow; each unused Trilogy Ring token adds 1 at final scoring only."""
    state = table()
    state.final_fought = True
    state.corruption = 2
    state.deck("frodo").ring = state.deck("aragorn").ring = "used"
    round.victory_check(turn(state))  # FP 0, Shadow 2 + 2 tokens
    assert state.outcome is not None and "Shadow win" in state.outcome.reason
    tie = table()
    tie.final_fought = True
    tie.deck("witch-king").ring = tie.deck("saruman").ring = "used"
    tie.corruption = 2  # FP 0 + 2 tokens = Shadow 2
    round.victory_check(turn(tie))
    assert tie.outcome is not None and tie.outcome.winners == ["p2", "p4"]
    assert "a tie goes to the Shadow" in tie.outcome.reason


def test_the_eliminations_option_gives_the_choice_to_the_attackers() -> None:
    """# ENGINE 10.16 (L447-448): on disagreement or timeout the attacking team chooses."""
    state = table(eliminations="attacker")
    path = location(state, "Weathertop")
    put(state, "witch-king", "The Witch-king", path)
    put(state, "frodo", "Gandalf the Grey", path)
    put(state, "frodo", "Frodo Baggins", path)
    state = to_combat(state)
    assert decision(state, "eliminate").seat == state.deck("witch-king").seat


def test_engine_options_for_ring_tokens_and_reactivated_tokens() -> None:
    """# ENGINE 10.5 and 10.9, as options: 3PD Shadow tokens score +1 by default, not when switched off;
    DEF tokens on a battleground reactivated across sides count by default, not when switched off."""
    on, off = table("duel3", 3), table("duel3", 3, duel3_shadow_ring_vp=False)
    assert combat.score(on, SHADOW, final=True) == 2 and combat.score(off, SHADOW, final=True) == 0
    assert combat.score(on, FP, final=True) == 0  # the Duel token is worth nothing (duel_ring_vp 0)
    assert combat.score(table("duel3", 3, duel_ring_vp=1), FP, final=True) == 1
    for setting, expected in ((True, 1), (False, 0)):
        state = table(reactivated_tokens=setting)
        guldur = location(state, "Dol Guldur")
        guldur.flags.append(REACTIVATED_ACROSS)
        guldur.tokens[DEF] = 1
        assert combat.location_defense(state, guldur) == expected


def test_hand_sizes_can_be_kept_from_the_table() -> None:
    """# ENGINE 10.14: hand sizes are public by default; the option hides them from the table's view."""
    from engines.wotr import GAME
    from engines.wotr.view import WotrView

    hidden = GAME.view(table(public_hand_sizes=False), None)
    assert isinstance(hidden, WotrView)
    assert all(d.hand == -1 for d in hidden.decks) and all(not s.counters for s in hidden.seats)
    shown = GAME.view(table(), None)
    assert isinstance(shown, WotrView)
    assert all(d.hand == 5 for d in shown.decks)


def test_when_two_decks_defend_together_each_owner_chooses_its_own_eliminations() -> None:
    """L439-448: the defending players choose the losses; a card is eliminated by the player who owns it.
    Frodo's Gimli and Aragorn's Legolas and Strider defend a path against 2: each owner is asked about its
    own cards only, and once one answers the other's question is withdrawn (re-asked if more is needed)."""
    state = table()
    path = location(state, "Weathertop")  # defense 0
    put(state, "witch-king", "The Witch-king", path)  # 2 attack
    gimli = put(state, "frodo", "Gimli", path)  # 1
    legolas = put(state, "aragorn", "Legolas", path)  # 1
    strider = put(state, "aragorn", "Strider", path)  # 2
    state = to_combat(state)
    asked = {d.seat: sorted(o.id for o in d.options) for d in state.decisions}
    assert asked == {"p1": [gimli.uid], "p3": sorted([legolas.uid, strider.uid])}
    after = answer(state, "eliminate", gimli.uid)  # Frodo's player gives Gimli: 1 left, only Aragorn has cards
    assert [(d.seat, sorted(o.id for o in d.options)) for d in after.decisions] == [
        ("p3", sorted([legolas.uid, strider.uid]))]
    strider_lost = next(d for d in state.decisions if d.seat == "p3")
    done = GAME.apply(state, "p3", Answer(decision=strider_lost.id, choice=(strider.uid,))).state
    assert not [d for d in done.decisions if d.context.startswith("eliminate")]
    assert strider in done.deck("aragorn").eliminated.cards and gimli in done.deck("frodo").cycle.cards
    # One person running both decks (Trilogy for 2) gets one question with all of that person's cards.
    two = table(people=2)
    path = location(two, "Weathertop")
    put(two, "witch-king", "The Witch-king", path)
    for deck, name in (("frodo", "Gimli"), ("aragorn", "Legolas"), ("aragorn", "Strider")):
        put(two, deck, name, path)
    two = to_combat(two)
    assert [(d.seat, len(d.options)) for d in two.decisions] == [("p1", 3)]


def test_a_card_worth_more_than_the_attack_left_is_said_to_cancel_only_what_is_left() -> None:
    # Rulebook, "Battleground Combat" and "Path Combat": each card eliminated cancels attack up to its value, and
    # combat ends when none is left. A play-tester read "Gandalf the White is chosen to cancel 3 attack." with 1 left.
    import random
    import re

    from engines.core import Config
    from engines.wotr import GAME
    from tests.engines.randomplay import random_answer

    said: list[tuple[int, int]] = []
    for seed in range(12):
        state = GAME.setup(Config(seats=GAME.seat_names(4), options={"scenario": "trilogy"}), seed)
        rnd = random.Random(seed)
        while GAME.outcome(state) is None and len(said) < 3:
            d = rnd.choice(GAME.pending(state))
            step = GAME.apply(state, d.seat, random_answer(d, rnd))
            state = step.state
            for e in step.events:
                if (m := re.search(r"is chosen to cancel the last (\d+) attack \(it could cancel (\d+)\)\.", e.text)):
                    said.append((int(m[1]), int(m[2])))
                m = re.search(r"is chosen to cancel (\d+) attack\.", e.text)
                assert m is None or int(m[1]) > 0
        if len(said) >= 3:
            break
    assert said and all(0 < last < could for last, could in said), said
