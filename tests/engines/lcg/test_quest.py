"""The quest and travel phases (spec 10.2, 10.3), as the rulebook states them."""

from __future__ import annotations

import pytest

from engines.lcg.state import COMMITTED, PROGRESS, Task
from tests.engines.lcg.table import answer, card, hero, run, started


def questing(state, willpower: int):
    """Commit a character of exactly `willpower` for p1 (made to order, so the sum is what the test says)."""
    c = card(state, name="Quester", type="ally", willpower=willpower, hit_points=1)
    c.flags.append(COMMITTED)
    state.player("p1").play.cards.append(c)
    for h in state.player("p1").play.cards:
        if h is not c and COMMITTED in h.flags:
            h.flags.remove(COMMITTED)
    return c


def location(state, threat: int, quest_points: int, **more):
    return card(state, name=more.pop("name", "A Location"), type="location", threat=threat,
                quest_points=quest_points, **more)


def clear_staging(state) -> None:
    state.staging.cards.clear()


def test_a_tie_places_no_progress_and_raises_no_threat():
    """Spec 10.2.17 (RR p.15): willpower 7 against threat 7."""
    state = started(1)
    clear_staging(state)
    questing(state, 7)
    state.staging.cards.append(location(state, 7, 5))
    threat = state.player("p1").threat
    after, lines = run(state, Task(kind="quest-resolve"))
    assert after.player("p1").threat == threat
    assert after.quest.cards[0].tokens.get(PROGRESS, 0) == 0
    assert "A tie: no progress, no threat." in lines


def test_without_questers_each_player_raises_threat_by_the_staging_threat():
    """Spec 10.2.19 (C 14.3.3 Q&A): nobody commits, staging threat 4: +4 threat each."""
    state = started(2)
    clear_staging(state)
    state.staging.cards.append(location(state, 4, 5))
    before = [p.threat for p in state.players]
    after, _ = run(state, Task(kind="quest-resolve"))
    assert [p.threat for p in after.players] == [t + 4 for t in before]


def test_engaged_enemies_do_not_count_and_progress_goes_to_the_active_location_first():
    """Spec 10.2.20 (FAQ 1.20, RR p.15): an engaged enemy's threat is ignored; 1 progress on the location."""
    state = started(1)
    clear_staging(state)
    state.player("p1").engaged.cards.append(card(state, type="enemy", threat=3, hit_points=3))
    active = location(state, 2, 3)
    state.active.cards.append(active)
    questing(state, 1)
    after, _ = run(state, Task(kind="quest-resolve"))
    assert after.active.cards[0].tokens[PROGRESS] == 1
    assert after.quest.cards[0].tokens.get(PROGRESS, 0) == 0


def test_progress_explores_the_active_location_and_the_rest_goes_on_the_quest():
    """RR p.15: the location takes what it needs, is explored, and the rest goes to the quest."""
    state = started(1)
    clear_staging(state)
    state.active.cards.append(location(state, 2, 3, name="Short Road"))
    questing(state, 5)
    after, lines = run(state, Task(kind="quest-resolve"))
    assert not after.active.cards and any(c.name == "Short Road" for c in after.encounter_discard.cards)
    assert after.quest.cards[0].tokens[PROGRESS] == 2
    assert "Short Road is explored." in lines


def test_excess_progress_does_not_carry_over_to_the_next_stage():
    """Spec 10.2.22 (RR p.22): QP 8 with 6 progress, success by 5: advance; the 3 extra are lost."""
    state = started(1)
    clear_staging(state)
    stage = state.quest.cards[0]
    assert state.card_def(stage).quest_points == 8
    stage.tokens[PROGRESS] = 6
    questing(state, 5)
    after, lines = run(state, Task(kind="quest-resolve"))
    assert after.card_def(after.quest.cards[0]).stage == 2
    assert after.quest.cards[0].tokens.get(PROGRESS, 0) == 0
    assert any("Stage 1 is complete" in line for line in lines)


def test_passage_through_mirkwood_stage_2_leads_to_one_of_the_two_stage_3s_at_random():
    """The quest's own rule (2B, Forced): proceed to one of the 2 'A Chosen Path' stages at random."""
    seen = set()
    for seed in range(12):
        state = started(1, seed=seed)
        clear_staging(state)
        state.quest.cards = [state.quest_deck.cards.pop()]  # stage 2 (QP 2)
        questing(state, 10)
        after, _ = run(state, Task(kind="quest-resolve"))
        seen.add(after.card_def(after.quest.cards[0]).stage_name)
        assert after.card_def(after.quest.cards[0]).stage == 3
        assert not after.quest_deck.cards  # the other stage 3 leaves the game
    assert seen == {"Don't Leave the Path!", "Beorn's Path"}


def test_battle_quests_count_attack():
    """Spec 10.2.37 (C 4.10.2): willpower 5 and attack 3 against threat 2: 1 progress."""
    state = started(1)
    clear_staging(state)
    stage = state.quest.cards[0]
    from dataclasses import replace

    state.defs[stage.ref] = replace(state.card_def(stage), keywords=("Battle",))
    c = questing(state, 5)
    state.defs[c.ref] = replace(state.card_def(c), attack=3)
    state.staging.cards.append(location(state, 2, 9))
    after, _ = run(state, Task(kind="quest-resolve"))
    assert after.quest.cards[0].tokens[PROGRESS] == 1


def test_committing_exhausts_the_characters_chosen():
    """RR p.14: committed characters exhaust; committed status ends with the phase."""
    state = started(1)
    after, _ = run(state, Task(kind="commit", seat="p1"))
    aragorn = hero(after, "p1", "Aragorn")
    after, lines = answer(after, (aragorn.uid,))
    assert {"exhausted", "committed"} <= set(hero(after, "p1", "Aragorn").flags)
    after, _ = run(after, Task(kind="quest-end"))
    assert hero(after, "p1", "Aragorn").flags == ["exhausted"]


# --- staging ------------------------------------------------------------------------------------------
def stack(state, *cards) -> None:
    """Stack cards on the encounter deck; the first one given is revealed first."""
    state.encounter_deck.cards.extend(reversed(cards))


def test_staging_reveals_one_card_per_player_with_surge_and_doomed():
    """Spec 4.3 step 2 (RR p.24): Surge reveals one more; Doomed X raises each player's threat by X."""
    state = started(2)
    clear_staging(state)
    doomed = card(state, name="Doomed Surger", type="location", threat=1, quest_points=2,
                  keywords=("Doomed 1", "Surge"))
    plain = [card(state, name=f"Plain {i}", type="location", threat=1, quest_points=2) for i in (1, 2)]
    stack(state, doomed, *plain)
    threats = [p.threat for p in state.players]
    after, lines = run(state, Task(kind="staging"))
    assert {c.name for c in after.staging.cards} == {"Doomed Surger", "Plain 1", "Plain 2"}
    assert [p.threat for p in after.players] == [t + 1 for t in threats]


def test_an_empty_encounter_deck_is_rebuilt_from_the_discard_pile_during_staging():
    """Spec 10.2.29 (RR p.14): the last card resolves, then the discard pile is shuffled into a new deck."""
    state = started(2)
    clear_staging(state)
    last = card(state, name="Last Card", type="location", threat=1, quest_points=1)
    state.encounter_deck.cards = [last]
    state.encounter_discard.cards = [card(state, name="Recycled", type="location", threat=1, quest_points=1)]
    after, lines = run(state, Task(kind="staging"))
    assert {c.name for c in after.staging.cards} == {"Last Card", "Recycled"}
    assert any("shuffled into a new one" in line for line in lines)


def test_guarded_objectives_are_guarded_by_the_next_card_which_still_counts_its_threat():
    """Spec 10.2.34 (RR p.24)."""
    state = started(1)
    clear_staging(state)
    objective = card(state, name="Treasure", type="objective", keywords=("Guarded",))
    guard = card(state, name="Guard Beast", type="enemy", threat=2, engagement_cost=50, hit_points=3)
    stack(state, objective, guard)
    after, _ = run(state, Task(kind="reveal", note="staging"))
    treasure = next(c for c in after.staging.cards if c.name == "Treasure")
    assert [a.name for a in treasure.attached] == ["Guard Beast"]
    from engines.lcg.quest import staging_threat

    assert staging_threat(after) == 2


def test_a_unique_encounter_card_already_in_play_is_discarded_without_effect():
    """C 3.4.4."""
    state = started(1)
    clear_staging(state)
    state.staging.cards.append(card(state, name="The One Beast", type="enemy", unique=True, threat=1))
    stack(state, card(state, name="The One Beast", type="enemy", unique=True, threat=1, keywords=("Doomed 3",)))
    threat = state.player("p1").threat
    after, lines = run(state, Task(kind="reveal", note="staging"))
    assert sum(c.name == "The One Beast" for c in after.staging.cards) == 1
    assert after.player("p1").threat == threat  # its Doomed is ignored with the rest of it


# --- travel -----------------------------------------------------------------------------------------------
def test_the_first_player_may_travel_only_when_there_is_no_active_location():
    """Spec 10.3.41 (RR p.15)."""
    state = started(2)
    road = next(c for c in state.staging.cards if state.card_def(c).type == "location")
    after, _ = run(state, Task(kind="travel"))
    assert after.decisions[0].seat == after.first_seat
    after, lines = answer(after, road.uid)
    assert after.active.cards[0].uid == road.uid
    again, _ = run(after, Task(kind="travel"))
    assert not again.decisions  # an active location: no travel


@pytest.mark.parametrize("players", [1, 3])
def test_the_staging_count_is_fixed_at_the_start_of_staging(players):
    """Spec 10.2.28 (C 14.3.2 Q&A): N counts the players still playing at the start of staging."""
    state = started(players)
    clear_staging(state)
    state.encounter_deck.cards = [card(state, type="location", threat=0, quest_points=1) for _ in range(6)]
    after, _ = run(state, Task(kind="staging"))
    assert len(after.staging.cards) == players
