"""The Core Set's quest cards (scripted in scenarios.py) and its cards with nothing to script (keywords and
numbers only): a test named for each, in this file's own words."""

from __future__ import annotations

from engines.core import Turn
from engines.lcg import scenarios
from engines.lcg.quest import check_advance, staging_threat
from engines.lcg.state import PRISONER, PROGRESS, Task
from engines.lcg.table import stat
from tests.engines.lcg.table import core_card, on_top, run, started


def stage(state, number, name=""):
    return next(c for c in [*state.quest_deck.cards, *state.quest.cards]
                if state.card_def(c).stage == number and (not name or state.card_def(c).stage_name.startswith(name)))


def at_stage(state, number, name=""):
    card = stage(state, number, name)
    if card in state.quest_deck.cards:
        state.quest_deck.cards.remove(card)
    state.quest.cards = [card]
    return card


# --- Passage Through Mirkwood -----------------------------------------------------------------------------------
def test_flies_and_spiders_sets_up_a_forest_spider_and_the_old_forest_road_in_staging():
    state = started(1)
    assert sorted(c.name for c in state.staging.cards) == ["Forest Spider", "Old Forest Road"]


def test_a_fork_in_the_road_leads_to_one_of_the_two_chosen_paths_at_random():
    state = started(1)
    fork = at_stage(state, 2)
    chosen = scenarios.next_stage(Turn(state=state, seat=""), fork)
    assert chosen is not None and state.card_def(chosen).stage == 3
    assert not [c for c in state.quest_deck.cards if state.card_def(c).stage == 3]  # the other is gone


def test_a_chosen_path_dont_leave_the_path_sends_each_player_for_a_spider_and_is_won_by_killing_the_spawn():
    state = started(1)
    path = at_stage(state, 3, "Don't Leave")
    state, _ = run(state, Task(kind="stage-revealed", ref=path.uid))
    assert state.decisions[0].context == "spider" and state.decisions[0].private
    assert "Ungoliant's Spawn" in [o.label for o in state.decisions[0].options]


def test_a_chosen_path_beorns_path_cannot_be_completed_while_the_spawn_lives_and_wins_when_completed():
    state = started(1)
    beorn = at_stage(state, 3, "Beorn")
    state.staging.cards.append(core_card(state, "Ungoliant's Spawn"))
    beorn.tokens[PROGRESS] = 20
    turn = Turn(state=state, seat="")
    check_advance(turn)
    assert state.outcome is None
    state.staging.cards.clear()
    check_advance(turn)
    assert state.outcome is not None and state.outcome.winners


# --- Escape from Dol Guldur ------------------------------------------------------------------------------------------
def test_the_necromancers_tower_takes_a_prisoner_and_needs_an_objective_to_advance():
    state = started(2, scenario="escape-from-dol-guldur")
    assert sum(PRISONER in h.flags for p in state.players for h in p.play.cards) == 1
    assert "at least 1 objective" in str(scenarios.cannot_advance(state))


def test_through_the_caverns_rescues_the_prisoner_on_a_successful_quest_and_needs_all_three_objectives():
    state = started(1, scenario="escape-from-dol-guldur")
    at_stage(state, 2)
    prisoner = next(h for h in state.player("p1").play.cards if PRISONER in h.flags)
    assert "rescue the prisoner" in str(scenarios.cannot_advance(state))
    scenarios.quested_successfully(Turn(state=state, seat=""))
    assert PRISONER not in prisoner.flags and prisoner.tokens["damage"] == 1


def test_out_of_the_dungeons_sends_orc_guards_each_quest_phase_and_waits_for_the_nazgul_to_go():
    state = started(2, scenario="escape-from-dol-guldur")
    at_stage(state, 3)
    scenarios.beginning_of_quest(Turn(state=state, seat=""))
    assert all(c.name == "Orc Guard" for p in state.players for c in p.engaged.cards)
    state.staging.cards.append(core_card(state, "Nazgûl of Dol Guldur"))
    assert "Nazgûl" in str(scenarios.cannot_advance(state))


# --- Journey Down the Anduin -------------------------------------------------------------------------------------
def test_to_the_river_reveals_a_card_per_player_fetches_a_hill_troll_and_waits_for_the_trolls():
    state = started(2, scenario="journey-down-the-anduin")
    assert any(c.name == "Hill Troll" for c in state.staging.cards)
    assert "Hill Troll" in str(scenarios.cannot_advance(state))


def test_anduin_passage_reveals_one_more_card_and_stops_engagement_checks():
    state = started(1, scenario="journey-down-the-anduin")
    at_stage(state, 2)
    assert scenarios.extra_staging(state) == 1 and not scenarios.engagement_checks(state)


def test_ambush_on_the_shore_reveals_two_per_player_skips_staging_and_is_won_with_no_enemy_left():
    state = started(1, scenario="journey-down-the-anduin")
    state.staging.cards.clear()
    ambush = at_stage(state, 3)
    on_top(state, core_card(state, "Wargs"), core_card(state, "Hill Troll"))
    state, _ = run(state, Task(kind="stage-revealed", ref=ambush.uid))
    assert state.skip_staging and sorted(c.name for c in state.staging.cards) == ["Hill Troll", "Wargs"]
    state.staging.cards.clear()
    state.phase = "quest"
    scenarios.check_victory(Turn(state=state, seat=""))
    assert state.outcome is not None and state.outcome.winners


# --- cards with nothing to script: their keywords and numbers do the work -----------------------------------------
def test_guard_of_the_citadel_and_veteran_axehand_are_plain_allies_whose_numbers_count():
    state = started(2)
    for title, seat in (("Guard of the Citadel", "p1"), ("Veteran Axehand", "p2")):
        ally = core_card(state, title, owner=seat)
        state.player(seat).play.cards.append(ally)
        d = state.card_def(ally)
        assert stat(state, ally, "willpower") == d.willpower and stat(state, ally, "attack") == d.attack
        assert not d.has_text


def test_silverlode_archer_and_horseback_archer_are_ranged_allies():
    from engines.lcg.player_attacks import attackable

    state = started(2)
    troll = core_card(state, "Hill Troll")
    state.player("p2").engaged.cards.append(troll)
    for title in ("Silverlode Archer", "Horseback Archer"):
        archer = core_card(state, title)
        assert state.card_def(archer).has("Ranged")
    state.player("p1").play.cards = [core_card(state, "Silverlode Archer")]
    assert troll in attackable(state, state.player("p1"))  # Ranged: another player's enemy


def test_endless_caverns_is_doomed_and_surges():
    state = started(1)
    state.staging.cards.clear()
    state.phase = "quest"
    threat = state.player("p1").threat
    on_top(state, core_card(state, "Hill Troll"), core_card(state, "Endless Caverns"))
    state, _ = run(state, Task(kind="reveal", note="staging"))
    assert state.player("p1").threat == threat + 1
    assert sorted(c.name for c in state.staging.cards) == ["Endless Caverns", "Hill Troll"]
    assert staging_threat(state) > 0

