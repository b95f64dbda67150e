"""Acceptance scenarios of the Finale (meq spec 6): no dominant side, the Finale combat, and the Sauron Mission
"To Find Them All", played from the Finale step with the markers and Missions set as the spec gives them."""

from __future__ import annotations

from engines.core import Answer
from engines.meq import GAME, flow, rules
from engines.meq.cards import index
from engines.meq.state import MeqState
from tests.engines.meq.table import a_table, answer, open_decision, turn_on

TIE = {"hero": 14, "yellow": 14, "red": 0, "black": 0}  # H = 4; S = min(4, 1 + 15 + 15) = 4


def finale(markers: dict[str, int], sauron_mission: str, hero_mission: str) -> MeqState:
    state = a_table()
    state.decisions.clear()
    state.queue.clear()
    state.first_turn = False
    state.markers = dict(markers)
    for zone, mid in ((state.sauron_mission, sauron_mission), (state.hero_mission, hero_mission)):
        m = index().missions[mid]
        zone.cards = [state.new_card(m.name, m.id)]
    return state


def run(state: MeqState) -> MeqState:
    state.step = "finale"
    flow.advance(turn_on(state))
    return state


def three_plots(state: MeqState) -> None:
    for slot, pid in ((2, "gollum-is-captured-6"), (3, "a-dark-messenger-4")):
        p = index().plots[pid]
        c = state.new_card(p.name, p.id)
        state.plots.cards.append(c)
        state.plot_slot[c.uid] = slot


THRONE, ISILDUR = "mission-sauron-his-dark-throne", "mission-hero-isildur-s-secret"


def test_no_dominant_side_only_sauron_meets_his_mission() -> None:
    # meq spec 6.65; seed 004 Finale (l.2592) step 1: both reveal, exactly one met -> that side wins
    state = finale(TIE, THRONE, ISILDUR)
    assert rules.dominant(state) == ""
    three_plots(state)  # His Dark Throne: 3 Plots active
    state.heroes[0].favor = 4  # Isildur's Secret needs 5
    state = run(state)
    assert state.outcome is not None and state.outcome.winners == [state.sauron]


def test_no_dominant_side_both_missions_met_goes_on_to_step_two() -> None:
    # meq spec 6.65 (both met): nobody wins yet; each Sauron marker and the heroes' marker move 1 (step 2)
    state = finale(TIE, THRONE, ISILDUR)
    three_plots(state)
    state.heroes[0].favor, state.heroes[1].favor = 3, 2
    state = run(state)
    assert state.outcome is None
    assert state.markers == {"hero": 15, "yellow": 15, "red": 1, "black": 1}
    assert open_decision(state, "champion").seat == state.heroes[0].seat


def test_no_dominant_side_neither_mission_met_goes_on_to_step_two() -> None:
    # meq spec 6.65 (neither met): on to step 2 with no marker moving, then the champion
    state = finale(TIE, THRONE, ISILDUR)
    state = run(state)
    assert state.outcome is None and state.markers == TIE
    assert open_decision(state, "champion")
    for h in state.heroes:  # step 3: every card back in the life pool, then a draw up to fortitude
        assert len(h.hand.cards) == rules.attribute(state, h, "fortitude") and not h.rest.cards


def test_finale_combat_both_exhausted_is_a_sauron_win() -> None:
    # meq spec 6.67; seed 004 Finale (l.2592) step 7
    state = run(finale(TIE, THRONE, ISILDUR))
    state = answer(state, "champion", "argalad")
    c = state.combat
    assert c is not None and c.foe == "minion-ringwraiths" and c.context == "finale"
    state = answer(state, "agility", "3")
    for side in ("hero", "foe"):
        d = next(d for d in state.decisions if d.context == f"commit:{side}")
        state = GAME.apply(state, d.seat, Answer(decision=d.id, choice=("exhaust",))).state
    assert state.outcome is not None and state.outcome.winners == [state.sauron]


def test_finale_ringwraiths_weakened_by_hero_dominance_can_fall() -> None:
    # meq spec 5.9 step 4 with the floors of 7.5.7 (the contrast to 6.67): heroes dominant by far, so the
    # Ringwraiths have health 1 and fortitude 0; any hit wins the game for the heroes
    state = finale({"hero": 16, "yellow": 0, "red": 0, "black": 0}, THRONE, ISILDUR)
    assert rules.dominant(state) == "heroes"
    state = run(state)  # the heroes' Mission is not met: on to the fight
    state = answer(state, "champion", "argalad")
    c = state.combat
    assert c is not None and (c.health, c.fortitude) == (1, 0) and not c.foe_hand.cards
    state = answer(state, "agility", "0")
    assert [d.context for d in state.decisions] == ["commit:hero"]  # Sauron has no cards: exhausted
    card = state.heroes[0].hand.cards[0]
    state = answer(state, "commit", card.uid)
    assert state.outcome is not None and state.outcome.winners == [h.seat for h in state.heroes]


FIND = "mission-sauron-to-find-them-all"
SAURON_AHEAD = {"hero": 0, "yellow": 0, "red": 0, "black": 14}  # H = 18; S = min(4, 15 + 15 + 1) = 4


def test_to_find_them_all_by_the_ringwraiths_on_the_shire() -> None:
    # meq spec 6.68; seed 004 Mission Card Reference (l.2873): the Ringwraiths on The Shire, no influence there
    state = finale(SAURON_AHEAD, FIND, ISILDUR)
    assert rules.dominant(state) == "sauron"
    wraiths = state.minion("minion-ringwraiths")
    wraiths.status, wraiths.at = "in", "the-shire"
    state.influence.pop("the-shire", None)
    state = run(state)
    assert state.outcome is not None and state.outcome.winners == [state.sauron]


def test_to_find_them_all_by_six_influence_on_the_shire() -> None:
    # meq spec 6.68 (the other way): the Ringwraiths elsewhere, 6 influence on The Shire; 5 is not enough
    for shire, won in ((6, True), (5, False)):
        state = finale(SAURON_AHEAD, FIND, ISILDUR)
        wraiths = state.minion("minion-ringwraiths")
        wraiths.status, wraiths.at = "in", "minas-morgul"
        state.influence["the-shire"] = shire
        state = run(state)
        assert (state.outcome is not None and state.outcome.winners == [state.sauron]) is won
