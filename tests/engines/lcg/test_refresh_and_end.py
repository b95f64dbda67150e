"""Refresh, elimination, the end of the game and the score (spec 10.5), as the rulebook states them."""

from __future__ import annotations

import pytest

from engines.lcg import GAME
from engines.lcg.state import DAMAGE, EXHAUSTED, Task
from engines.lcg.table import group_score
from tests.engines.lcg.table import card, hero, run, started


def test_refresh_readies_everything_raises_threat_and_passes_the_first_player_token():
    """Spec 10.5.67 (RR p.22): three players; p1 first: all ready, threat +1, p2 becomes first."""
    state = started(3)
    for p in state.players:
        for c in p.play.cards:
            c.flags.append(EXHAUSTED)
    threats = [p.threat for p in state.players]
    after, _ = run(state, Task(kind="refresh"))
    assert all(EXHAUSTED not in c.flags for p in after.players for c in p.play.cards)
    assert [p.threat for p in after.players] == [t + 1 for t in threats]
    assert after.first_seat == "p2"


def test_reaching_the_elimination_level_eliminates_the_player():
    """Spec 10.5.68 (RR p.22): p2 at 49 fails a quest by 2; enemies return to staging with their damage."""
    state = started(2)
    state.staging.cards = [card(state, name="Heavy Fog", type="location", threat=2, quest_points=5)]
    p2 = state.player("p2")
    p2.threat = 49
    beast = card(state, name="Beast", type="enemy", engagement_cost=1, attack=1, hit_points=5)
    beast.tokens[DAMAGE] = 2
    p2.engaged.cards.append(beast)
    after, lines = run(state, Task(kind="quest-resolve"))
    p2 = after.player("p2")
    assert p2.eliminated and not p2.hand.cards and not p2.deck.cards and not p2.play.cards
    returned = next(c for c in after.staging.cards if c.name == "Beast")
    assert returned.tokens[DAMAGE] == 2
    assert "p2 is eliminated (threat 51)." in lines


def test_when_the_first_player_is_eliminated_the_token_passes_at_once():
    """Spec 10.5.70 (FAQ 1.30)."""
    state = started(3)
    state.player("p1").threat = 49
    state.staging.cards = [card(state, name="Heavy Fog", type="location", threat=1, quest_points=5)]
    after, _ = run(state, Task(kind="quest-resolve"))  # the quest fails by 1: p1 reaches 50
    assert after.player("p1").eliminated
    assert after.first_seat == "p2"


def test_the_game_is_lost_when_every_player_is_eliminated():
    """Spec 4.9 (RR p.22)."""
    state = started(1)
    state.player("p1").threat = 49
    after, _ = run(state, Task(kind="refresh"))
    assert after.outcome is not None and after.outcome.winners == []
    assert "lose" in after.outcome.reason


def test_a_player_with_no_heroes_left_is_eliminated():
    """Spec 4.8: 'controls zero heroes'. Allies do not save them."""
    state = started(2)
    p1 = state.player("p1")
    p1.play.cards = [hero(state, "p1", "Glóin")]
    p1.play.cards.append(card(state, name="Loyal Ally", type="ally", hit_points=3))
    from engines.lcg.adjust import Adjust

    step = GAME.apply(state, "p1", Adjust(verb="damage", args=(hero(state, "p1", "Glóin").uid, "+9")))
    assert step.state.player("p1").eliminated and step.state.outcome is None


def test_threat_never_goes_below_zero():
    """Spec 10.5.71 (C 4.12)."""
    state = started(1)
    state.player("p1").threat = 2
    after = GAME.apply(state, "p1", GAME.parse("threat -5")).state
    assert after.player("p1").threat == 0


def test_the_score_is_threat_plus_dead_heroes_plus_damage_minus_victory_points():
    """Spec 10.5.73 (RR p.22): solo, threat 43, a dead hero of cost 8, 6 damage, 5 VP: 52."""
    state = started(1)
    p1 = state.player("p1")
    p1.threat = 43
    theodred = hero(state, "p1", "Théodred")  # threat cost 8
    p1.play.cards.remove(theodred)
    p1.discard.cards.append(theodred)
    hero(state, "p1", "Aragorn").tokens[DAMAGE] = 4
    hero(state, "p1", "Glóin").tokens[DAMAGE] = 2
    state.victory.cards = [card(state, name="Trophy", type="enemy", victory=5)]
    assert group_score(state) == 52
    # said with its parts, and the win line reads as a sentence (found playing: "...Beorn's Path Score 101")
    from engines.core import Turn
    from engines.lcg.table import win

    turn = Turn(state=state, seat="")
    win(turn, "they completed the final stage")
    assert state.outcome is not None and state.outcome.reason == (
        "The players win: they completed the final stage. Score 52 (lower is better): p1 57 (threat 43, dead heroes "
        "8, damage 6); victory points -5.")


def test_an_eliminated_players_threat_counts_as_the_elimination_level():
    """RR p.22: never more than 50, and all their heroes count as dead."""
    state = started(2)
    p2 = state.player("p2")
    p2.threat, p2.eliminated = 57, True
    dead = sum(state.card_def(c).threat_cost for c in p2.play.cards)
    p2.discard.cards.extend(p2.play.cards)
    p2.play.cards = []
    from engines.lcg.table import player_score

    assert player_score(state, p2) == 50 + dead


def test_completing_the_final_stage_wins_with_a_score():
    """Spec 4.9 and Beorn's Path (3B): defeating the stage wins the game."""
    state = started(1)
    state.staging.cards.clear()
    beorns_path = next(c for c in state.quest_deck.cards if state.card_def(c).stage_name == "Beorn's Path")
    state.quest_deck.cards = []
    state.quest.cards = [beorns_path]
    quester = card(state, name="Hero of the Day", type="ally", willpower=12, hit_points=1)
    quester.flags.append("committed")
    state.player("p1").play.cards.append(quester)
    after, lines = run(state, Task(kind="quest-resolve"))
    assert after.outcome is not None and after.outcome.winners == ["p1"]
    assert "Score" in after.outcome.reason


@pytest.mark.parametrize("present", [True, False])
def test_beorns_path_cannot_be_defeated_while_ungoliants_spawn_is_in_play(present):
    state = started(1)
    state.staging.cards.clear()
    beorns_path = next(c for c in state.quest_deck.cards if state.card_def(c).stage_name == "Beorn's Path")
    state.quest_deck.cards, state.quest.cards = [], [beorns_path]
    if present:
        spawn = next(c for c in state.encounter_deck.cards if c.name == "Ungoliant's Spawn")
        state.encounter_deck.cards.remove(spawn)
        state.player("p1").engaged.cards.append(spawn)
    quester = card(state, name="Hero of the Day", type="ally", willpower=12, hit_points=1)
    quester.flags.append("committed")
    state.player("p1").play.cards.append(quester)
    after, lines = run(state, Task(kind="quest-resolve"))
    assert (after.outcome is None) == present


def test_time_counters_go_on_when_revealed_and_one_leaves_at_each_refresh():
    """Spec 5.1 Time X (C 4.10.14): the last counter leaving triggers the card's effect."""
    state = started(1)
    state.staging.cards.clear()
    timer = card(state, name="Hourglass", type="location", threat=1, quest_points=3, keywords=("Time 2",))
    state.encounter_deck.cards.append(timer)
    state, _ = run(state, Task(kind="reveal", note="staging"))
    assert next(c for c in state.staging.cards if c.name == "Hourglass").tokens["time"] == 2
    state, _ = run(state, Task(kind="refresh"))
    assert next(c for c in state.staging.cards if c.name == "Hourglass").tokens["time"] == 1
    state, lines = run(state, Task(kind="refresh"))
    assert "time" not in next(c for c in state.staging.cards if c.name == "Hourglass").tokens
    assert "The last time counter leaves Hourglass." in lines
