"""The Core Set's encounter cards, scripted: each test names its card and says in its own words what the
card does (never the printed text), then checks the table does it."""

from __future__ import annotations

import pytest

from engines.core import RuleError
from engines.lcg.state import COMMITTED, DAMAGE, EXHAUSTED, PROGRESS, RESOURCE, Task
from engines.lcg.table import stat
from tests.engines.lcg.table import answer, attack, card, core_card, hero, on_top, run, started


def a_table(players: int = 1, **options):
    state = started(players, **options)
    state.staging.cards.clear()
    state.phase = "quest"
    return state


def reveal(state):
    return run(state, Task(kind="reveal", note="staging"))


def an_ally(state, seat="p1", **stats):
    ally = card(state, name=stats.pop("name", f"Ally {state.next_uid}"), type="ally", owner=seat,
                hit_points=stats.pop("hit_points", 3), **stats)
    state.player(seat).play.cards.append(ally)
    return ally


def committed(state, *cards):
    for c in cards:
        c.flags += [EXHAUSTED, COMMITTED]


# --- treacheries ---------------------------------------------------------------------------------------------
def test_caught_in_a_web_holds_a_hero_of_the_highest_threat_player_until_its_player_pays_two():
    state = a_table(2)
    state.player("p2").threat = 40
    web = core_card(state, "Caught in a Web")
    on_top(state, web)
    state, _ = reveal(state)
    gimli = hero(state, "p2", "Gimli")
    state, _ = answer(state, (gimli.uid,), seat="p2")
    gimli = hero(state, "p2", "Gimli")
    assert [a.name for a in gimli.attached] == ["Caught in a Web"]
    gimli.flags.append(EXHAUSTED)
    gimli.tokens[RESOURCE] = 2
    state, _ = run(state, Task(kind="refresh"))
    assert EXHAUSTED in hero(state, "p2", "Gimli").flags  # not readied for free
    state, _ = answer(state, "pay", seat="p2")
    gimli = hero(state, "p2", "Gimli")
    assert EXHAUSTED not in gimli.flags and RESOURCE not in gimli.tokens


def test_caught_in_a_web_without_two_resources_the_hero_stays_exhausted():
    state = a_table(1)
    aragorn = hero(state, "p1", "Aragorn")
    on_top(state, core_card(state, "Caught in a Web"))
    state, _ = reveal(state)
    state, _ = answer(state, (aragorn.uid,))
    aragorn = hero(state, "p1", "Aragorn")
    aragorn.flags.append(EXHAUSTED)
    state, lines = run(state, Task(kind="refresh"))
    assert EXHAUSTED in hero(state, "p1", "Aragorn").flags and not state.decisions


def test_driven_by_shadow_adds_threat_to_staged_enemies_and_locations_for_the_phase():
    state = a_table(1)
    spider = core_card(state, "King Spider")
    road = core_card(state, "Old Forest Road")
    state.staging.cards += [spider, road]
    on_top(state, core_card(state, "Driven by Shadow"))
    state, lines = reveal(state)
    assert stat(state, state.staging.cards[0], "threat") == 3
    assert "Driven by Shadow: King Spider, Old Forest Road each get +1 threat for the rest of the phase." in lines
    # Issue 16 (found playing): one card reads "Mountains of Mirkwood gets", not "get".
    alone = a_table(1)
    alone.staging.cards.append(core_card(alone, "Old Forest Road"))
    on_top(alone, core_card(alone, "Driven by Shadow"))
    _, lines = reveal(alone)
    assert "Driven by Shadow: Old Forest Road gets +1 threat for the rest of the phase." in lines, lines
    assert stat(state, state.staging.cards[1], "threat") == 2
    state, _ = run(state, Task(kind="phase", note="travel"))
    assert stat(state, state.staging.cards[0], "threat") == 2  # the phase ended


def test_driven_by_shadow_surges_when_the_staging_area_is_empty():
    state = a_table(1)
    troll = core_card(state, "Hill Troll")
    on_top(state, troll, core_card(state, "Driven by Shadow"))
    state, lines = reveal(state)
    assert [c.name for c in state.staging.cards] == ["Hill Troll"]


def test_under_the_shadow_raises_the_staging_threat_by_the_number_of_players_this_phase():
    from engines.lcg.quest import staging_threat

    state = a_table(3)
    on_top(state, core_card(state, "Under the Shadow"))
    state, _ = reveal(state)
    state, _ = answer(state, "pass", seat="p3")  # p3's Eleanor could cancel it; she does not
    assert staging_threat(state) == 3


def test_treacherous_fog_thickens_staged_locations_then_high_threat_players_discard_a_card():
    state = a_table(2)
    state.staging.cards.append(core_card(state, "Forest Gate"))
    state.player("p1").threat = 36
    on_top(state, core_card(state, "Treacherous Fog"))
    state, _ = reveal(state)
    assert stat(state, state.staging.cards[0], "threat") == 3
    assert [d.seat for d in state.decisions] == ["p1"]  # p2 is below 35
    hand = len(state.player("p1").hand.cards)
    state, _ = answer(state, (state.player("p1").hand.cards[0].uid,))
    assert len(state.player("p1").hand.cards) == hand - 1


def test_iron_shackles_takes_the_place_of_the_first_players_next_draw():
    state = a_table(1)
    on_top(state, core_card(state, "Iron Shackles"))
    state, _ = reveal(state)
    assert [c.name for c in state.set_aside.cards] == ["Iron Shackles"]
    hand = len(state.player("p1").hand.cards)
    state, _ = run(state, Task(kind="resource"))
    assert len(state.player("p1").hand.cards) == hand  # the draw was lost
    assert any(c.name == "Iron Shackles" for c in state.encounter_discard.cards)
    state, _ = run(state, Task(kind="resource"))
    assert len(state.player("p1").hand.cards) == hand + 1


def test_the_necromancers_reach_wounds_every_exhausted_character():
    state = a_table(1)
    aragorn = hero(state, "p1", "Aragorn")
    aragorn.flags.append(EXHAUSTED)
    on_top(state, core_card(state, "The Necromancer's Reach"))
    state, _ = reveal(state)
    assert hero(state, "p1", "Aragorn").tokens[DAMAGE] == 1
    assert DAMAGE not in hero(state, "p1", "Glóin").tokens


def test_evil_storm_wounds_every_character_of_players_at_35_threat_or_more():
    state = a_table(2)
    state.player("p2").threat = 35
    on_top(state, core_card(state, "Evil Storm"))
    state, _ = reveal(state)
    assert all(h.tokens.get(DAMAGE) == 1 for h in state.player("p2").play.cards)
    assert all(DAMAGE not in h.tokens for h in state.player("p1").play.cards)


def test_pursued_by_shadow_costs_a_threat_per_character_kept_from_the_quest():
    state = a_table(1)
    committed(state, hero(state, "p1", "Aragorn"))
    threat = state.player("p1").threat
    on_top(state, core_card(state, "Pursued by Shadow"))
    state, _ = reveal(state)
    assert state.player("p1").threat == threat + 2


def test_eyes_of_the_forest_empties_every_hand_of_its_events():
    state = a_table(1)
    event = card(state, name="Some Event", type="event", owner="p1")
    state.player("p1").hand.cards.append(event)
    on_top(state, core_card(state, "Eyes of the Forest"))
    state, _ = reveal(state)
    assert all(state.card_def(c).type != "event" for c in state.player("p1").hand.cards)
    assert any(c.uid == event.uid for c in state.player("p1").discard.cards)


def test_despair_takes_up_to_four_progress_off_the_quest():
    state = a_table(1)
    state.quest.cards[0].tokens[PROGRESS] = 3
    on_top(state, core_card(state, "Despair"))
    state, _ = reveal(state)
    assert PROGRESS not in state.quest.cards[0].tokens


def test_massing_at_night_reveals_one_more_card_per_player():
    state = a_table(2)
    on_top(state, core_card(state, "Hill Troll"), core_card(state, "Wargs"), core_card(state, "Massing at Night"))
    state, _ = reveal(state)
    assert sorted(c.name for c in state.staging.cards) == ["Hill Troll", "Wargs"]


# --- enemies --------------------------------------------------------------------------------------------------
def test_king_spider_makes_every_player_exhaust_a_character():
    state = a_table(1)
    on_top(state, core_card(state, "King Spider"))
    state, _ = reveal(state)
    aragorn = hero(state, "p1", "Aragorn")
    state, _ = answer(state, (aragorn.uid,))
    assert EXHAUSTED in hero(state, "p1", "Aragorn").flags
    assert sum(EXHAUSTED in h.flags for h in state.player("p1").play.cards) == 1


def test_ungoliants_spawn_weakens_committed_characters_for_the_phase():
    state = a_table(1)
    aragorn = hero(state, "p1", "Aragorn")
    committed(state, aragorn)
    on_top(state, core_card(state, "Ungoliant's Spawn"))
    state, _ = reveal(state)
    assert stat(state, hero(state, "p1", "Aragorn"), "willpower") == 1
    assert stat(state, hero(state, "p1", "Glóin"), "willpower") == 2


def test_dol_guldur_orcs_wound_a_committed_character_the_first_player_picks():
    state = a_table(1)
    aragorn, gloin = hero(state, "p1", "Aragorn"), hero(state, "p1", "Glóin")
    committed(state, aragorn, gloin)
    on_top(state, core_card(state, "Dol Guldur Orcs"))
    state, _ = reveal(state)
    state, _ = answer(state, aragorn.uid, seat="p1")
    assert hero(state, "p1", "Aragorn").tokens[DAMAGE] == 2


def test_black_forest_bats_pull_a_committed_character_out_of_the_quest():
    state = a_table(1)
    aragorn = hero(state, "p1", "Aragorn")
    committed(state, aragorn)
    on_top(state, core_card(state, "Black Forest Bats"))
    state, _ = reveal(state)
    aragorn = hero(state, "p1", "Aragorn")
    assert COMMITTED not in aragorn.flags and EXHAUSTED in aragorn.flags


def test_hummerhorns_sting_a_hero_for_five_when_they_engage():
    state = a_table(1)
    state.staging.cards.append(core_card(state, "Hummerhorns"))
    state.player("p1").threat = 40
    state, _ = run(state, Task(kind="engagement-checks"))
    aragorn = hero(state, "p1", "Aragorn")
    state, lines = answer(state, (aragorn.uid,))
    assert "Aragorn (c1) takes 5 damage from Hummerhorns." in lines  # his 5 hit points: he is destroyed
    assert any(c.name == "Aragorn" for c in state.player("p1").discard.cards)


def test_forest_spider_gains_an_attack_for_the_round_when_it_engages():
    state = a_table(1)
    spider = core_card(state, "Forest Spider")
    state.staging.cards.append(spider)
    state.player("p1").threat = 30
    state, _ = run(state, Task(kind="engagement-checks"))
    engaged = state.player("p1").engaged.cards[0]
    assert stat(state, engaged, "attack") == 3
    state, _ = run(state, Task(kind="refresh"))
    assert stat(state, state.player("p1").engaged.cards[0], "attack") == 2


def test_marsh_adder_costs_a_threat_each_time_it_attacks():
    state = a_table(1)
    threat = state.player("p1").threat
    state, _ = attack(state, core_card(state, "Marsh Adder"))
    assert state.player("p1").threat == threat + 1


def test_dol_guldur_beastmaster_is_dealt_a_second_shadow_card_when_it_attacks():
    state = a_table(1)
    beast = core_card(state, "Dol Guldur Beastmaster")
    on_top(state, core_card(state, "Hill Troll"))
    state, _ = attack(state, beast, shadow=core_card(state, "Goblin Sniper"))
    beast = state.player("p1").engaged.cards[0]
    assert len([a for a in beast.attached if "shadow" in a.flags]) == 2


def test_chieftan_ufthak_grows_stronger_with_each_attack():
    state = a_table(1)
    ufthak = core_card(state, "Chieftan Ufthak")
    printed = state.card_def(ufthak).attack
    state, _ = attack(state, ufthak)
    state, _ = answer(state, hero(state, "p1", "Aragorn").uid)
    ufthak = state.player("p1").engaged.cards[0]
    assert ufthak.tokens[RESOURCE] == 1 and stat(state, ufthak, "attack") == printed + 2


def test_misty_mountain_goblins_take_a_progress_off_the_quest_after_attacking():
    state = a_table(1)
    state.quest.cards[0].tokens[PROGRESS] = 2
    state, _ = attack(state, core_card(state, "Misty Mountain Goblins"))
    state, _ = answer(state, hero(state, "p1", "Aragorn").uid)
    assert state.quest.cards[0].tokens[PROGRESS] == 1


def only_hero_left(state, seat: str, name: str, damage: int):
    """`seat` controls only its hero `name`, with `damage` on it."""
    player = state.player(seat)
    player.play.cards = [c for c in player.play.cards if state.card_def(c).type != "hero" or c.name == name]
    last = hero(state, seat, name)
    last.tokens[DAMAGE] = damage
    return last


@pytest.mark.parametrize("defended", [True, False])
def test_after_attacking_effects_follow_an_attack_that_destroys_the_defending_players_last_hero(defended):
    """C 4.4: a Forced effect resolves whenever its prerequisite occurs; an attack whose damage destroys the
    defending character has been made, even when that character is its player's last hero and the player is
    eliminated by it (C 14.9: the enemy then returns to the staging area, still in play). Given p1 with only
    Théodred, 1 hit point left, when Misty Mountain Goblins' attack kills him (defended, or undefended), then p1 is
    eliminated and the Goblins still take a progress off the quest; Chieftan Ufthak still gains his resource."""
    state = a_table(2)
    state.phase = "combat"
    state.quest.cards[0].tokens[PROGRESS] = 2
    last = only_hero_left(state, "p1", "Théodred", damage=3)
    state, _ = attack(state, core_card(state, "Misty Mountain Goblins"))
    state, said = answer(state, last.uid if defended else "undefended")
    assert "Théodred is destroyed." in said and "p1 is eliminated (no heroes left)." in said
    assert "Misty Mountain Goblins: 1 progress is removed from the quest." in said
    assert state.quest.cards[0].tokens[PROGRESS] == 1

    state = a_table(2)
    state.phase = "combat"
    last = only_hero_left(state, "p1", "Théodred", damage=3)
    ufthak = core_card(state, "Chieftan Ufthak")
    state, _ = attack(state, ufthak)
    state, said = answer(state, last.uid if defended else "undefended")
    assert "p1 is eliminated (no heroes left)." in said
    assert [c.uid for c in state.staging.cards] == [ufthak.uid] and state.staging.cards[0].tokens[RESOURCE] == 1


def test_wargs_go_back_to_the_staging_area_when_their_shadow_card_does_nothing():
    state = a_table(1)
    wargs = core_card(state, "Wargs")
    state, _ = attack(state, wargs, shadow=core_card(state, "Hill Troll"))
    state, _ = answer(state, hero(state, "p1", "Aragorn").uid)
    assert [c.name for c in state.staging.cards] == ["Wargs"]


def test_eastern_crows_are_shuffled_back_into_the_deck_when_defeated():
    from engines.core import Turn
    from engines.lcg.table import deal_damage

    state = a_table(1)
    crows = core_card(state, "Eastern Crows")
    state.player("p1").engaged.cards.append(crows)
    size = len(state.encounter_deck.cards)
    deal_damage(Turn(state=state, seat=""), crows, 5)
    assert len(state.encounter_deck.cards) == size + 1 and crows not in state.encounter_discard.cards


def test_goblin_sniper_left_in_staging_makes_each_player_wound_a_character_after_combat():
    state = a_table(1)
    state.staging.cards.append(core_card(state, "Goblin Sniper"))
    state, _ = run(state, Task(kind="combat-end"))
    state, _ = answer(state, (hero(state, "p1", "Glóin").uid,))
    assert hero(state, "p1", "Glóin").tokens[DAMAGE] == 1


def test_goblin_sniper_cannot_be_engaged_by_choice_beside_other_enemies():
    state = a_table(1)
    sniper, troll = core_card(state, "Goblin Sniper"), core_card(state, "Hill Troll")
    state.staging.cards += [sniper, troll]
    state, _ = run(state, Task(kind="optional-engage", seat="p1"))
    assert sniper.uid not in [o.id for o in state.decisions[0].options]
    with pytest.raises(RuleError):
        answer(state, sniper.uid)


def test_hill_troll_turns_excess_damage_into_threat():
    state = a_table(1)
    ally = an_ally(state, defense=0, hit_points=1)
    threat = state.player("p1").threat
    state, _ = attack(state, core_card(state, "Hill Troll"))  # 6 attack
    state, _ = answer(state, ally.uid)
    assert state.player("p1").threat == threat + 5


def test_dungeon_jailor_sends_an_unclaimed_objective_back_when_the_quest_fails():
    state = a_table(1)
    jailor, key = core_card(state, "Dungeon Jailor"), core_card(state, "Shadow Key")
    state.staging.cards += [jailor, key]
    size = len(state.encounter_deck.cards)
    state, _ = run(state, Task(kind="quest-resolve"))  # nobody committed: the quest fails
    assert [c.name for c in state.staging.cards] == ["Dungeon Jailor"]
    assert len(state.encounter_deck.cards) == size + 1


def test_nazgul_of_dol_guldur_takes_no_attachments_and_punishes_its_shadow_effects():
    from engines.lcg.playing import hosts

    state = a_table(1)
    nazgul = core_card(state, "Nazgûl of Dol Guldur")
    snare = core_card(state, "Forest Snare")
    state.player("p1").engaged.cards.append(nazgul)
    assert nazgul not in hosts(state, state.player("p1"), snare)
    state, _ = attack(state, nazgul, shadow=core_card(state, "Wargs"))
    state, _ = answer(state, hero(state, "p1", "Aragorn").uid)  # defend; the shadow resolves
    assert state.decisions and "discard" in state.decisions[0].prompt
    state, _ = answer(state, (hero(state, "p1", "Glóin").uid,))
    assert any(c.name == "Glóin" for c in state.player("p1").discard.cards)


def test_nazgul_of_dol_guldur_enters_the_staging_area_when_the_prisoner_is_rescued():
    from engines.core import Turn
    from engines.lcg import scenarios
    from engines.lcg.state import PRISONER

    state = a_table(1, scenario="escape-from-dol-guldur")
    assert any(c.name == "Nazgûl of Dol Guldur" for c in state.set_aside.cards)
    state.quest.cards = [next(c for c in state.quest_deck.cards if state.card_def(c).stage == 2)]
    hero(state, "p1", "Glóin").flags.append(PRISONER)
    scenarios.quested_successfully(Turn(state=state, seat=""))
    assert any(c.name == "Nazgûl of Dol Guldur" for c in state.staging.cards)


# --- shadow effects -----------------------------------------------------------------------------------------------
def test_king_spider_shadow_exhausts_one_character_or_two_if_undefended():
    state = a_table(1)
    state, _ = attack(state, core_card(state, "Hill Troll"), shadow=core_card(state, "King Spider"))
    state, _ = answer(state, "undefended")
    decision = state.decisions[0]
    assert decision.low == 2
    state, _ = answer(state, tuple(o.id for o in decision.options[:2]))
    assert sum(EXHAUSTED in h.flags for h in state.player("p1").play.cards) == 2


def test_hummerhorns_shadow_wounds_each_of_the_defending_players_characters():
    state = a_table(1)
    state, _ = attack(state, core_card(state, "Wargs"), shadow=core_card(state, "Hummerhorns"))
    state, _ = answer(state, hero(state, "p1", "Aragorn").uid)
    assert hero(state, "p1", "Glóin").tokens[DAMAGE] == 1


def test_ungoliants_spawn_shadow_raises_threat_by_four_or_eight_undefended():
    state = a_table(1)
    threat = state.player("p1").threat
    state, _ = attack(state, core_card(state, "Wargs"), shadow=core_card(state, "Ungoliant's Spawn"))
    state, _ = answer(state, "undefended")
    assert state.player("p1").threat == threat + 8


def test_wargs_and_dol_guldur_orcs_shadows_strengthen_the_attack_more_when_undefended():
    state = a_table(1)
    troll = core_card(state, "Hill Troll")
    state, _ = attack(state, troll, shadow=core_card(state, "Dol Guldur Orcs"))
    state, lines = answer(state, "undefended")
    assert any("+3 attack" in line for line in lines)


def test_east_bight_patrol_shadow_adds_attack_and_threat_if_undefended():
    state = a_table(1)
    threat = state.player("p1").threat
    state, _ = attack(state, core_card(state, "Wargs"), shadow=core_card(state, "East Bight Patrol"))
    state, _ = answer(state, "undefended")
    assert state.player("p1").threat == threat + 3


def test_eastern_crows_shadow_is_stronger_against_high_threat():
    state = a_table(1)
    state.player("p1").threat = 36
    state, _ = attack(state, core_card(state, "Wargs"), shadow=core_card(state, "Eastern Crows"))
    state, lines = answer(state, hero(state, "p1", "Aragorn").uid)
    assert any("+2 attack" in line for line in lines)


def test_despair_shadow_leaves_the_defender_without_defense():
    state = a_table(1)
    aragorn = hero(state, "p1", "Aragorn")
    state, _ = attack(state, core_card(state, "Wargs"), shadow=core_card(state, "Despair"))  # 3 attack
    state, _ = answer(state, aragorn.uid)
    assert hero(state, "p1", "Aragorn").tokens[DAMAGE] == 3  # his 2 defense does not count


def test_driven_by_shadow_shadow_strips_an_attachment_from_the_defender():
    state = a_table(1)
    aragorn = hero(state, "p1", "Aragorn")
    aragorn.attached.append(core_card(state, "Citadel Plate"))
    state, _ = attack(state, core_card(state, "Wargs"), shadow=core_card(state, "Driven by Shadow"))
    state, _ = answer(state, aragorn.uid)
    assert not hero(state, "p1", "Aragorn").attached


def test_cavern_guardian_shadow_discards_every_attachment_if_undefended_and_objectives_return():
    state = a_table(1)
    aragorn, gloin = hero(state, "p1", "Aragorn"), hero(state, "p1", "Glóin")
    aragorn.attached.append(core_card(state, "Citadel Plate"))
    gloin.attached.append(core_card(state, "Shadow Key"))
    state, _ = attack(state, core_card(state, "Wargs"), shadow=core_card(state, "Cavern Guardian"))
    state, _ = answer(state, "undefended")
    assert all(not h.attached for h in state.player("p1").play.cards)
    assert any(c.name == "Shadow Key" for c in state.staging.cards)


def test_forest_spider_shadow_makes_the_defending_player_discard_an_attachment():
    state = a_table(1)
    hero(state, "p1", "Glóin").attached.append(core_card(state, "Citadel Plate"))
    state, _ = attack(state, core_card(state, "Wargs"), shadow=core_card(state, "Forest Spider"))
    state, _ = answer(state, hero(state, "p1", "Aragorn").uid)
    assert not hero(state, "p1", "Glóin").attached


def test_under_the_shadow_shadow_costs_a_threat_per_engaged_enemy():
    state = a_table(1)
    state.player("p1").engaged.cards.append(core_card(state, "Hill Troll"))
    threat = state.player("p1").threat
    state, _ = attack(state, core_card(state, "Wargs"), shadow=core_card(state, "Under the Shadow"))
    state, _ = answer(state, hero(state, "p1", "Aragorn").uid)
    assert state.player("p1").threat == threat + 2


def test_iron_shackles_shadow_shackles_the_first_players_deck():
    state = a_table(1)
    state, _ = attack(state, core_card(state, "Wargs"), shadow=core_card(state, "Iron Shackles"))
    state, _ = answer(state, hero(state, "p1", "Aragorn").uid)
    assert [c.name for c in state.set_aside.cards] == ["Iron Shackles"]


def test_massing_at_night_shadow_deals_the_attacker_more_shadow_cards():
    state = a_table(2)
    on_top(state, core_card(state, "Hill Troll"), core_card(state, "Goblin Sniper"))
    state, lines = attack(state, core_card(state, "Wargs"), shadow=core_card(state, "Massing at Night"))
    state, lines = answer(state, hero(state, "p1", "Aragorn").uid)
    assert any("Shadow card on Wargs: Goblin Sniper" in line for line in lines)
    assert any("Shadow card on Wargs: Hill Troll" in line for line in lines)


def test_pursued_by_shadow_shadow_sends_an_exhausted_ally_home_or_costs_three_threat():
    state = a_table(1)
    threat = state.player("p1").threat
    state, _ = attack(state, core_card(state, "Wargs"), shadow=core_card(state, "Pursued by Shadow"))
    state, _ = answer(state, hero(state, "p1", "Aragorn").uid)
    assert state.player("p1").threat == threat + 3
    state = a_table(1)
    ally = an_ally(state)
    ally.flags.append(EXHAUSTED)
    state, _ = attack(state, core_card(state, "Wargs"), shadow=core_card(state, "Pursued by Shadow"))
    state, _ = answer(state, hero(state, "p1", "Aragorn").uid)
    assert any(c.uid == ally.uid for c in state.player("p1").hand.cards)


def test_misty_mountain_goblins_shadow_removes_quest_progress():
    state = a_table(1)
    state.quest.cards[0].tokens[PROGRESS] = 5
    state, _ = attack(state, core_card(state, "Wargs"), shadow=core_card(state, "Misty Mountain Goblins"))
    state, _ = answer(state, "undefended")
    assert state.quest.cards[0].tokens[PROGRESS] == 2


def test_wolf_rider_shadow_attacks_too_and_rides_back_onto_the_deck_after_combat():
    state = a_table(1)
    on_top(state, core_card(state, "Hill Troll"))
    state, _ = attack(state, core_card(state, "Wargs"), shadow=core_card(state, "Wolf Rider"))
    state, _ = answer(state, hero(state, "p1", "Aragorn").uid)  # defend the Wargs
    assert any(c.name == "Wolf Rider" for c in state.player("p1").engaged.cards)
    state, _ = answer(state, "undefended")  # the Wolf Rider's own attack
    state, _ = answer(state, hero(state, "p1", "Glóin").uid) if state.decisions else (state, [])
    state, _ = run(state, Task(kind="combat-end"))
    assert state.encounter_deck.cards[-1].name == "Wolf Rider"


# --- locations -------------------------------------------------------------------------------------------------
def travel_to(state, location):
    state.staging.cards.append(location)
    state, _ = run(state, Task(kind="travel"))
    return answer(state, location.uid)


def test_great_forest_web_costs_each_player_an_exhausted_hero():
    state = a_table(1)
    state, _ = travel_to(state, core_card(state, "Great Forest Web"))
    state, _ = answer(state, (hero(state, "p1", "Aragorn").uid,))
    assert EXHAUSTED in hero(state, "p1", "Aragorn").flags
    assert [c.name for c in state.active.cards] == ["Great Forest Web"]


def test_the_players_travel_to_great_forest_web_once_each_of_them_has_exhausted_a_hero():
    """RR p.23 (spec 4.4): a Travel cost is paid in order to travel. Each player chooses their own hero, so the
    players arrive, and the log says so, after the last player's part of the cost, not before."""
    state = a_table(2)
    web = core_card(state, "Great Forest Web")
    state, said = travel_to(state, web)
    assert not said and {d.seat for d in state.decisions} == {"p1", "p2"}  # each chooses a hero at once
    state, said = answer(state, (hero(state, "p1", "Aragorn").uid,), seat="p1")
    assert said == ["Great Forest Web: p1 exhausts Aragorn."]
    assert not state.active.cards and web.uid in [c.uid for c in state.staging.cards]
    state, said = answer(state, (hero(state, "p2", "Gimli").uid,), seat="p2")
    assert said == ["Great Forest Web: p2 exhausts Gimli.", "The players travel to Great Forest Web."]
    assert [c.uid for c in state.active.cards] == [web.uid]


def test_great_forest_web_cannot_be_travelled_to_without_a_ready_hero():
    state = a_table(1)
    for h in state.player("p1").play.cards:
        h.flags.append(EXHAUSTED)
    web = core_card(state, "Great Forest Web")
    state.staging.cards.append(web)
    state, _ = run(state, Task(kind="travel"))
    assert not state.decisions  # the only location's travel cost cannot be paid: nowhere to travel
    from engines.lcg.effects.locations import why_not_travel

    assert "exhaust a hero" in why_not_travel(state, state.staging.cards[0])


def test_mountains_of_mirkwood_reveal_a_card_to_travel_and_offer_a_search_when_explored():
    state = a_table(1)
    on_top(state, core_card(state, "Hill Troll"))
    mountains = core_card(state, "Mountains of Mirkwood")
    state, said = travel_to(state, mountains)
    assert any(c.name == "Hill Troll" for c in state.staging.cards)
    # RR p.23: the card is revealed to pay the Travel cost; the players travel there after it.
    assert said[0].startswith("Revealed: Hill Troll") and said[-1] == "The players travel to Mountains of Mirkwood."
    from engines.core import Turn
    from engines.lcg.quest import place_progress

    turn = Turn(state=state, seat="")
    place_progress(turn, 10)
    state, _ = run(state, *reversed(state.tasks))
    decision = state.decisions[0]
    assert decision.private and len(decision.options) == 6
    hand = len(state.player("p1").hand.cards)
    state, _ = answer(state, decision.options[0].id)
    assert len(state.player("p1").hand.cards) == hand + 1


def test_necromancers_pass_costs_the_first_player_two_random_cards():
    state = a_table(1)
    hand = len(state.player("p1").hand.cards)
    state, _ = travel_to(state, core_card(state, "Necromancer's Pass"))
    assert len(state.player("p1").hand.cards) == hand - 2


def test_the_brown_lands_get_a_progress_when_the_players_arrive():
    state = a_table(1)
    lands = core_card(state, "The Brown Lands")
    state, lines = travel_to(state, lands)
    assert any("1 progress on The Brown Lands" in line for line in lines)
    assert not state.active.cards  # its single quest point is done: explored at once


def test_old_forest_road_lets_the_first_player_ready_a_character():
    state = a_table(1)
    hero(state, "p1", "Aragorn").flags.append(EXHAUSTED)
    state, _ = travel_to(state, core_card(state, "Old Forest Road"))
    state, _ = answer(state, hero(state, "p1", "Aragorn").uid)
    assert EXHAUSTED not in hero(state, "p1", "Aragorn").flags


def test_forest_gate_lets_the_first_player_draw_two():
    state = a_table(1)
    hand = len(state.player("p1").hand.cards)
    state, _ = travel_to(state, core_card(state, "Forest Gate"))
    state, _ = answer(state, "draw")
    assert len(state.player("p1").hand.cards) == hand + 2


def test_the_east_bight_must_be_travelled_to_when_there_is_no_active_location():
    state = a_table(1)
    bight = core_card(state, "The East Bight")
    state.staging.cards += [core_card(state, "Forest Gate"), bight]
    state, _ = run(state, Task(kind="travel"))
    assert [o.id for o in state.decisions[0].options] == [bight.uid]


def test_enchanted_stream_stops_all_drawing_while_active():
    state = a_table(1)
    state.active.cards.append(core_card(state, "Enchanted Stream"))
    hand = len(state.player("p1").hand.cards)
    state, _ = run(state, Task(kind="resource"))
    assert len(state.player("p1").hand.cards) == hand


def test_tower_gate_sends_an_orc_guard_from_each_deck_when_the_players_arrive():
    state = a_table(2)
    state, _ = travel_to(state, core_card(state, "Tower Gate"))
    assert all([c.name for c in p.engaged.cards] == ["Orc Guard"] for p in state.players)


def test_banks_of_the_anduin_go_back_on_top_of_the_encounter_deck_when_explored():
    from engines.core import Turn
    from engines.lcg.quest import place_progress

    state = a_table(1)
    banks = core_card(state, "Banks of the Anduin")
    state.active.cards.append(banks)
    place_progress(Turn(state=state, seat=""), 10)
    assert state.encounter_deck.cards[-1].uid == banks.uid


def test_gladden_fields_add_a_threat_in_the_refresh_phase_while_active():
    state = a_table(1)
    state.active.cards.append(core_card(state, "Gladden Fields"))
    threat = state.player("p1").threat
    state, _ = run(state, Task(kind="refresh"))
    assert state.player("p1").threat == threat + 2


# --- objectives -----------------------------------------------------------------------------------------------
def claim(state, title, bearer):
    from engines.lcg import GAME
    from engines.lcg.adjust import Adjust

    objective = core_card(state, title)
    state.staging.cards.append(objective)
    return GAME.apply(state, "p1", Adjust(verb="claim", args=(objective.uid, bearer.uid))).state


def test_dungeon_torch_costs_its_bearers_player_two_threat_each_round():
    state = a_table(1, scenario="escape-from-dol-guldur")
    state = claim(state, "Dungeon Torch", hero(state, "p1", "Aragorn"))
    threat = state.player("p1").threat
    state, _ = run(state, Task(kind="round-end"))
    assert state.player("p1").threat == threat + 2


def test_shadow_key_wounds_its_bearer_each_round():
    state = a_table(1, scenario="escape-from-dol-guldur")
    state = claim(state, "Shadow Key", hero(state, "p1", "Glóin"))
    state, _ = run(state, Task(kind="round-end"))
    assert hero(state, "p1", "Glóin").tokens[DAMAGE] == 1


def test_gandalfs_map_keeps_its_bearer_from_attacking_or_defending():
    state = a_table(1, scenario="escape-from-dol-guldur")
    state = claim(state, "Gandalf's Map", hero(state, "p1", "Aragorn"))
    aragorn = hero(state, "p1", "Aragorn")
    state, _ = attack(state, core_card(state, "Wargs"))
    assert aragorn.uid not in [o.id for o in state.decisions[0].options]


def test_an_escape_from_dol_guldur_objective_is_claimed_onto_a_hero_only():
    from engines.lcg import GAME
    from engines.lcg.adjust import Adjust

    state = a_table(1, scenario="escape-from-dol-guldur")
    torch = core_card(state, "Dungeon Torch")
    state.staging.cards.append(torch)
    with pytest.raises(RuleError, match="onto a hero"):
        GAME.apply(state, "p1", Adjust(verb="claim", args=(torch.uid,)))
