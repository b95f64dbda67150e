"""The Core Set Nightmare cards scripted so far: a test named for each, in this file's own words."""

from __future__ import annotations

from engines.core import Turn
from engines.lcg import GAME
from engines.lcg.state import COMMITTED, DAMAGE, EXHAUSTED, Task
from engines.lcg.table import deal_damage, stat
from tests.engines.lcg.table import answer, attack, core_card, hero, on_top, run, started


def nm(state, title):
    """A fresh copy of the Nightmare card with this title."""
    definition = next(d for d in GAME.library.cards.values() if d.pack == "Core Set - Nightmare" and d.name == title)
    state.defs[definition.id] = definition
    return state.new_card(definition.id)


def a_table(players=1, **options):
    state = started(players, **options)
    state.staging.cards.clear()
    state.decisions.clear()
    state.phase = "quest"
    return state


def test_nightmare_ungoliants_spawn_drains_two_willpower_and_discards_a_committed_character_left_with_none():
    state = a_table(1)
    gloin, aragorn = hero(state, "p1", "Glóin"), hero(state, "p1", "Aragorn")  # 2 willpower each
    gloin.flags += [EXHAUSTED, COMMITTED]
    on_top(state, nm(state, "Ungoliant's Spawn"))
    state, _ = run(state, Task(kind="reveal", note="staging"))
    assert any(c.name == "Glóin" for c in state.player("p1").discard.cards)
    assert stat(state, aragorn, "willpower") == 2  # not committed: untouched


def test_nightmare_ungoliants_spawn_shadow_costs_five_threat_or_ten_undefended():
    state = a_table(1)
    threat = state.player("p1").threat
    state, _ = attack(state, core_card(state, "Wargs"), shadow=nm(state, "Ungoliant's Spawn"))
    state, _ = answer(state, "undefended")
    assert state.player("p1").threat == threat + 10


def test_ungoliants_brood_stops_its_players_cards_readying_this_round():
    state = a_table(1)
    state.staging.cards.append(nm(state, "Ungoliant's Brood"))
    state.player("p1").threat = 45
    hero(state, "p1", "Aragorn").flags.append(EXHAUSTED)
    state, _ = run(state, Task(kind="engagement-checks"))
    state, _ = run(state, Task(kind="refresh"))
    assert EXHAUSTED in hero(state, "p1", "Aragorn").flags


def test_ungoliants_brood_shadow_exhausts_everyone_if_undefended():
    state = a_table(1)
    state, _ = attack(state, core_card(state, "Wargs"), shadow=nm(state, "Ungoliant's Brood"))
    state, _ = answer(state, "undefended")
    assert all(EXHAUSTED in c.flags for c in state.player("p1").play.cards)


def test_forest_flies_wound_exhausted_characters_when_they_engage():
    state = a_table(1)
    state.staging.cards.append(nm(state, "Forest Flies"))
    state.player("p1").threat = 49
    hero(state, "p1", "Aragorn").flags.append(EXHAUSTED)
    state, _ = run(state, Task(kind="engagement-checks"))
    assert hero(state, "p1", "Aragorn").tokens[DAMAGE] == 1 and DAMAGE not in hero(state, "p1", "Glóin").tokens


def test_forest_flies_shadow_deals_an_insect_two_more_shadow_cards():
    state = a_table(1)
    insect = nm(state, "Forest Flies")
    on_top(state, core_card(state, "Hill Troll"), core_card(state, "Goblin Sniper"))
    state, lines = attack(state, insect, shadow=nm(state, "Forest Flies"))
    state, lines = answer(state, hero(state, "p1", "Aragorn").uid)
    assert any("Shadow card on Forest Flies: Goblin Sniper" in line for line in lines)


def test_spiders_of_mirkwood_hit_harder_for_each_exhausted_character_of_their_player():
    state = a_table(1)
    spiders = nm(state, "Spiders of Mirkwood")
    state.player("p1").engaged.cards.append(spiders)
    base = stat(state, spiders, "attack")
    hero(state, "p1", "Aragorn").flags.append(EXHAUSTED)
    hero(state, "p1", "Glóin").flags.append(EXHAUSTED)
    assert stat(state, spiders, "attack") == base + 2


def test_spiders_of_mirkwood_shadow_exhausts_a_character_and_wounds_it_if_undefended():
    state = a_table(1)
    state, _ = attack(state, core_card(state, "Wargs"), shadow=nm(state, "Spiders of Mirkwood"))
    state, _ = answer(state, "undefended")
    state, _ = answer(state, hero(state, "p1", "Glóin").uid)
    gloin = hero(state, "p1", "Glóin")
    assert EXHAUSTED in gloin.flags and gloin.tokens[DAMAGE] >= 2


def test_backtrack_brings_the_latest_discarded_enemy_or_location_back_to_staging():
    state = a_table(1)
    troll = core_card(state, "Hill Troll")
    state.encounter_discard.cards += [troll, core_card(state, "Despair")]
    on_top(state, core_card(state, "Forest Gate"), nm(state, "Backtrack!"))
    state, _ = run(state, Task(kind="reveal", note="staging"))
    assert {c.name for c in state.staging.cards} == {"Hill Troll", "Forest Gate"}  # it surges too


def test_backtrack_shadow_replays_the_latest_discarded_shadow_effect():
    state = a_table(1)
    state.encounter_discard.cards.append(core_card(state, "Ungoliant's Spawn"))  # 4 threat, 8 undefended
    threat = state.player("p1").threat
    state, _ = attack(state, core_card(state, "Wargs"), shadow=nm(state, "Backtrack!"))
    state, _ = answer(state, "undefended")
    assert state.player("p1").threat == threat + 8


def test_crazed_captive_costs_everyone_seven_threat_when_defeated():
    state = a_table(2)
    captive = nm(state, "Crazed Captive")
    state.player("p1").engaged.cards.append(captive)
    threats = [p.threat for p in state.players]
    deal_damage(Turn(state=state, seat=""), captive, 10)
    assert [p.threat for p in state.players] == [t + 7 for t in threats]


def test_crazed_captive_shadow_costs_seven_threat_if_the_attacker_survives_the_phase():
    state = a_table(1)
    state.phase = "combat"
    threat = state.player("p1").threat
    state, _ = attack(state, core_card(state, "Hill Troll"), shadow=nm(state, "Crazed Captive"))
    state, _ = answer(state, hero(state, "p1", "Aragorn").uid)
    state, _ = run(state, Task(kind="phase", note="refresh"))
    assert state.player("p1").threat >= threat + 7


def test_spider_of_dol_guldur_surges_and_strikes_harder_while_objectives_lie_unclaimed():
    state = a_table(1, scenario="escape-from-dol-guldur")
    state.staging.cards.append(core_card(state, "Shadow Key"))
    on_top(state, core_card(state, "Forest Gate"), nm(state, "Spider of Dol Guldur"))
    state, _ = run(state, Task(kind="reveal", note="staging"))
    assert any(c.name == "Forest Gate" for c in state.staging.cards)
    state, lines = attack(state, core_card(state, "Wargs"), shadow=nm(state, "Spider of Dol Guldur"))
    state, lines = answer(state, hero(state, "p1", "Aragorn").uid)
    assert any("+3 attack" in line for line in lines)


def test_sentinel_of_shadow_cannot_be_cancelled_and_a_failed_quest_brings_the_nazgul():
    state = a_table(3, scenario="escape-from-dol-guldur")
    state.staging.cards.clear()
    on_top(state, nm(state, "Sentinel of Shadow"))
    state, _ = run(state, Task(kind="reveal", note="staging"))
    assert not state.decisions  # Eleanor is not offered a cancel
    state, _ = run(state, Task(kind="quest-resolve"))
    first = state.player(state.first_seat)
    assert any(c.name == "Nazgûl of Dol Guldur" for c in first.engaged.cards)


def test_pursuit_on_the_shore_brings_back_the_toughest_beaten_enemy_or_surges():
    state = a_table(3)
    troll, wargs = core_card(state, "Hill Troll"), core_card(state, "Wargs")
    state.victory.cards.append(troll)
    state.encounter_discard.cards.append(wargs)
    on_top(state, nm(state, "Pursuit on the Shore"))
    state, _ = run(state, Task(kind="reveal", note="staging"))
    assert not state.decisions  # no cancel offered to Eleanor
    assert [c.name for c in state.staging.cards] == ["Hill Troll"]


def test_dark_interrogation_leaves_each_player_two_cards_in_hand():
    state = a_table(1)
    on_top(state, nm(state, "Dark Interrogation"))
    state, _ = run(state, Task(kind="reveal", note="staging"))
    d = state.decisions[0]
    state, _ = answer(state, tuple(o.id for o in d.options[:d.low]))
    assert len(state.player("p1").hand.cards) == 2


def test_dark_interrogation_shadow_discards_cards_with_a_copy_in_the_discard_pile():
    state = a_table(1)
    aragorn = hero(state, "p1", "Aragorn")
    plate = core_card(state, "Citadel Plate")
    aragorn.attached.append(plate)
    state.player("p1").discard.cards.append(core_card(state, "Citadel Plate"))
    state, _ = attack(state, core_card(state, "Wargs"), shadow=nm(state, "Dark Interrogation"))
    state, _ = answer(state, aragorn.uid)
    assert not hero(state, "p1", "Aragorn").attached


def test_glade_of_the_spawn_makes_each_player_exhaust_a_character_when_a_spider_arrives():
    state = a_table(1)
    state.active.cards.append(nm(state, "Glade of the Spawn"))
    on_top(state, core_card(state, "King Spider"))
    state, _ = run(state, Task(kind="reveal", note="staging"))
    prompts = [d.prompt for d in state.decisions]
    assert any("Glade of the Spawn" in p for p in prompts) and any("King Spider" in p for p in prompts)


def test_a_flooded_ford_dooms_each_revealed_card_by_its_progress_and_its_shadow_floods_the_staging_area():
    state = a_table(1)
    ford = nm(state, "A Flooded Ford")
    ford.tokens["progress"] = 2
    state.active.cards.append(ford)
    threat = state.player("p1").threat
    on_top(state, core_card(state, "Hill Troll"))
    state, _ = run(state, Task(kind="reveal", note="staging"))
    assert state.player("p1").threat == threat + 2
    state, _ = attack(state, core_card(state, "Wargs"), shadow=nm(state, "A Flooded Ford"))
    state, _ = answer(state, "undefended")
    assert any(c.name == "A Flooded Ford" and c.tokens.get("progress") == 1 for c in state.staging.cards)


def test_anduin_troll_spawn_surges_without_a_hill_troll_and_joins_a_hill_trolls_player_in_combat():
    state = a_table(2)
    spawn = nm(state, "Anduin Troll Spawn")
    on_top(state, core_card(state, "Wargs"), spawn)
    state, _ = run(state, Task(kind="reveal", note="staging"))
    assert {c.name for c in state.staging.cards} == {"Anduin Troll Spawn", "Wargs"}
    state.player("p2").engaged.cards.append(core_card(state, "Hill Troll"))
    state, _ = run(state, Task(kind="archery"))
    assert any(c.name == "Anduin Troll Spawn" for c in state.player("p2").engaged.cards)


# --- the Nightmare rules cards ----------------------------------------------------------------------------------
def test_passage_through_mirkwood_nightmare_reveals_a_card_per_player_during_setup():
    from engines.lcg import scenarios

    for difficulty, reveals in (("standard", 0), ("nightmare", 2)):
        state = started(2, difficulty=difficulty)
        state.tasks = []
        scenarios.setup(Turn(state=state, seat=""))
        assert [t.kind for t in state.tasks].count("reveal") == reveals


def test_journey_along_the_anduin_nightmare_refills_the_encounter_deck_at_any_time_and_trolls_take_no_attachments():
    from engines.lcg.playing import hosts

    state = started(1, scenario="journey-down-the-anduin", difficulty="nightmare")
    state.phase = "combat"
    state.encounter_discard.cards.extend(state.encounter_deck.cards)
    state.encounter_deck.cards = []
    troll = core_card(state, "Hill Troll")
    state.player("p1").engaged.cards = [troll]
    state, _ = run(state, Task(kind="deal-shadows"))
    assert state.player("p1").engaged.cards[0].attached  # the deck was refilled outside the quest phase
    assert troll not in hosts(state, state.player("p1"), core_card(state, "Forest Snare"))


def test_escape_from_dol_guldur_nightmare_takes_more_prisoners_with_more_players():
    from engines.lcg.state import PRISONER

    state = started(3, scenario="escape-from-dol-guldur", difficulty="nightmare")
    assert sum(PRISONER in h.flags for p in state.players for h in p.play.cards) == 2


def test_catacomb_inspection_feeds_dol_guldur_locations_and_its_shadow_takes_resources_to_them():
    state = a_table(1, scenario="escape-from-dol-guldur")
    chamber = nm(state, "Torture Chamber")
    state.staging.cards = [chamber]
    on_top(state, core_card(state, "Forest Gate"), nm(state, "Catacomb Inspection"))
    state, _ = run(state, Task(kind="reveal", note="staging"))
    assert state.staging.cards[0].tokens["resource"] == 1
    hero(state, "p1", "Aragorn").tokens["resource"] = 1
    state, _ = attack(state, core_card(state, "Wargs"), shadow=nm(state, "Catacomb Inspection"))
    state, _ = answer(state, hero(state, "p1", "Aragorn").uid)
    assert state.staging.cards[0].tokens["resource"] >= 2


def test_torture_chamber_fills_each_round_and_four_tokens_lose_the_game():
    state = a_table(1, scenario="escape-from-dol-guldur")
    chamber = nm(state, "Torture Chamber")
    chamber.tokens["resource"] = 3
    state.staging.cards = [chamber]
    state, _ = run(state, Task(kind="round-end"))
    assert state.outcome is not None and not state.outcome.winners


def test_dungeon_labyrinth_grows_a_token_per_player_each_round_each_adding_threat_and_quest_points():
    state = a_table(2, scenario="escape-from-dol-guldur")
    labyrinth = nm(state, "Dungeon Labyrinth")
    state.staging.cards = [labyrinth]
    base_threat, base_points = stat(state, labyrinth, "threat"), stat(state, labyrinth, "quest_points")
    state, _ = run(state, Task(kind="round-end"))
    labyrinth = state.staging.cards[0]
    assert stat(state, labyrinth, "threat") == base_threat + 2
    assert stat(state, labyrinth, "quest_points") == base_points + 2


def test_brown_water_rats_cannot_be_damaged_and_leave_when_only_rats_remain_on_stage_three():
    from engines.lcg import scenarios

    state = a_table(1, scenario="journey-down-the-anduin", difficulty="nightmare")
    rats = nm(state, "Brown Water Rats")
    state.player("p1").engaged.cards = [rats]
    deal_damage(Turn(state=state, seat=""), rats, 5)
    assert "damage" not in rats.tokens
    stage3 = next(c for c in state.quest_deck.cards if state.card_def(c).stage == 3)
    state.quest.cards = [stage3]
    scenarios.check_victory(Turn(state=state, seat=""))
    assert not state.player("p1").engaged.cards and state.outcome is not None


def test_brown_water_rats_shadow_shields_the_attacker_for_the_round():
    state = a_table(1)
    wargs = core_card(state, "Wargs")
    state, _ = attack(state, wargs, shadow=nm(state, "Brown Water Rats"))
    state, _ = answer(state, hero(state, "p1", "Aragorn").uid)
    wargs = state.player("p1").engaged.cards[0] if state.player("p1").engaged.cards else state.staging.cards[0]
    deal_damage(Turn(state=state, seat=""), wargs, 3)
    assert "damage" not in wargs.tokens


def test_gladden_marshlands_any_player_may_wound_a_hero_to_lower_its_threat_and_its_shadow_strengthens_enemies():
    state = a_table(1)
    marsh = nm(state, "Gladden Marshlands")
    state.staging.cards = [marsh]
    before = stat(state, marsh, "threat")
    state, _ = run(state, Task(kind="window", note="test"))
    state, _ = answer(state, marsh.uid)
    state, _ = answer(state, hero(state, "p1", "Aragorn").uid)
    assert stat(state, state.staging.cards[0], "threat") == before - 1
    assert hero(state, "p1", "Aragorn").tokens["damage"] == 1
    state, lines = attack(state, core_card(state, "Wargs"), shadow=nm(state, "Gladden Marshlands"))
    state, lines = answer(state, "undefended")
    assert any("+2 attack" in line for line in lines)
