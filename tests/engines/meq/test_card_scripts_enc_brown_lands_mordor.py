"""Brown Lands and Mordor Encounter card scripts (meq spec 3.2 step 4: the Encounter step; spec 7.3: Encounter
effects; spec 4.4: damage; spec 5.4: influence and the Shadow Pool; spec 5.5: favor, training, Items)."""

from __future__ import annotations

from engines.meq import enc_brown_lands_mordor as bm
from engines.meq import flow, stock
from tests.engines.meq.enc_fixtures import at_encounter, corrupt, pending, run, shields, tokens
from tests.engines.meq.table import answer, contexts, on_top, options, turn_on

GROUP = "brown-lands-mordor"


def test_encounter_step_resolves_a_brown_lands_card_by_script() -> None:
    # meq spec 3.2 step 4: the regional deck of the location's colour; the lowest matching card resolves
    state = at_encounter("emyn-muil")
    state.pool = 2
    on_top(state, "encounter:brown-lands-mordor", bm.SHADOWS, bm.HIDDEN, bm.FACES)
    state.step = "encounter"
    flow.advance(turn_on(state))
    assert state.pool == 1  # A Hidden Path (7) resolves; Where the Shadows Lie (12) does not
    assert [c.ref for c in state.encounter_discards[GROUP].cards] == [bm.FACES, bm.HIDDEN, bm.SHADOWS]


def test_faces_in_the_water_an_item_lost_then_damage_per_corruption() -> None:
    # meq spec 5.5 (Items), 4.4 (damage): the hero picks the Item lost; 1 damage per Corruption card
    state = at_encounter("the-dead-marshes")
    h = state.heroes[0]
    h.items += ["item-boat", "item-horse"]
    state.item_supply["item-boat"] -= 1
    corrupt(state, 2)
    state = answer(run(state, bm.FACES), "card", "item-boat")
    assert state.heroes[0].items == ["item-horse"] and state.item_supply["item-boat"] == 3
    assert pending(state, "dmg_life").endswith(":2")
    state = run(at_encounter("the-dead-marshes"), bm.FACES)
    assert "dmg_life" not in contexts(state) and "card" not in contexts(state)


def test_shapes_in_the_mist_six_blocked_for_favor_or_a_horse() -> None:
    # meq spec 4.4, 5.5: 6 damage less 1 per shield discarded; none through: 1 favor or a Horse
    state = at_encounter("emyn-muil", "beravor,argalad")
    picked = shields(state, 6)
    state = answer(run(state, bm.SHAPES), "card", *[c.uid for c in picked])
    assert options(state, "card") == {"favor", "horse"}
    state = answer(state, "card", "horse")
    assert "item-horse" in state.heroes[0].items
    state = answer(run(at_encounter("emyn-muil"), bm.SHAPES), "card")
    assert pending(state, "dmg_life").endswith(":6")


def test_saurons_road_a_free_step_if_agile_enough() -> None:
    # meq spec 3.2 step 3a (movement) set aside by the card: agility (3) >= tokens in the region
    state = run(at_encounter("mount-doom"), bm.ROAD)
    state = answer(state, "card", "barad-dur")
    assert state.heroes[0].at == "barad-dur"
    state = at_encounter("mount-doom")
    tokens(state, GROUP, "rhun", "dagorlad", "the-nindalf", "emyn-muil")
    assert "card" not in contexts(run(state, bm.ROAD))


def test_thirst_and_despair_six_blocked_for_favor_or_training() -> None:
    # meq spec 4.4, 5.5: none through: the hero takes 1 favor or trains
    state = at_encounter("plains-of-gorgoroth", "beravor,argalad")
    picked = shields(state, 6)
    state = answer(run(state, bm.THIRST), "card", *[c.uid for c in picked])
    assert "fx_reward" in contexts(state)
    state = answer(run(at_encounter("plains-of-gorgoroth"), bm.THIRST), "card")
    assert pending(state, "dmg_life").endswith(":6")


def test_heavy_rains_three_cards_or_sauron_moves_the_hero() -> None:
    # meq spec 3.3 (side choices): the hero picks; a move is Sauron's to aim
    state = answer(run(at_encounter("dagorlad"), bm.RAINS), "card", "discard")
    state = answer(state, "card", *[c.uid for c in state.heroes[0].hand.cards[:3]])
    assert len(state.heroes[0].hand.cards) == 1 and len(state.heroes[0].rest.cards) == 3
    state = answer(run(at_encounter("dagorlad"), bm.RAINS), "card", "move")
    assert next(d for d in state.decisions if d.context.startswith("card")).seat == state.sauron
    state = answer(state, "card", "rhun")
    assert state.heroes[0].at == "rhun"
    state = at_encounter("dagorlad")
    del state.heroes[0].hand.cards[2:]
    assert options(run(state, bm.RAINS), "card") == set(state.map.neighbours("dagorlad"))  # Sauron moves at once


def test_nest_is_stirred_sauron_places_influence() -> None:
    # meq spec 5.4 (influence on locations and in the Pool): two locations of the region, or the Pool
    state = answer(run(at_encounter("dagorlad"), bm.NEST), "card", "region")
    state = answer(state, "card", "rhun", "emyn-muil")
    assert state.influence == {"rhun": 1, "emyn-muil": 1}
    state = answer(run(at_encounter("dagorlad"), bm.NEST), "card", "pool")
    assert state.pool == 1 and not state.influence
    state = answer(run(at_encounter("dagorlad"), bm.NEST), "card", "nothing")  # not "none": the empty answer
    assert state.pool == 0 and not state.influence


def test_olog_hai_eight_blocked_for_favor_and_two_trainings() -> None:
    # meq spec 5.5 (training): two trainings, one after the other
    state = at_encounter("dagorlad", "beravor,argalad")
    picked = shields(state, 8)
    state = answer(run(state, bm.OLOG), "card", *[c.uid for c in picked])
    assert state.heroes[0].favor == 1 and contexts(state).count("train") == 1
    state = answer(state, "train", state.heroes[0].hand.cards[-1].uid)
    assert "train" in contexts(state)
    state = answer(run(at_encounter("dagorlad"), bm.OLOG), "card")
    assert pending(state, "dmg_life").endswith(":8")


def test_hidden_path_pool_down_if_wise_enough() -> None:
    # meq spec 5.4: wisdom (2) >= the region's monster tokens: 1 out of the Shadow Pool
    state = at_encounter("dagorlad")
    state.pool = 2
    tokens(state, GROUP, "rhun", "emyn-muil")
    assert run(state, bm.HIDDEN).pool == 1
    state = at_encounter("dagorlad")
    state.pool = 2
    tokens(state, GROUP, "rhun", "emyn-muil", "the-nindalf")
    assert run(state, bm.HIDDEN).pool == 2


def test_sting_of_the_west_removes_influence_from_the_region() -> None:
    # meq spec 5.4 (removal and clean-up): up to 3 influence off the region's locations, the hero's pick
    state = at_encounter("emyn-muil")
    state.influence.update({"dol-guldur": 3, "dagorlad": 2, "rhun": 1})
    state = run(state, bm.STING)
    state = answer(state, "card", "dagorlad|1", "dagorlad|2", "rhun|1")
    assert state.influence == {"dol-guldur": 3}
    state = at_encounter("emyn-muil")
    state.influence["dagorlad"] = 1
    tokens(state, GROUP, "rhun", "the-nindalf", "dagorlad", "the-dead-marshes")  # 4 tokens: agility 3 fails
    assert "card" not in contexts(run(state, bm.STING))


def test_shadow_under_the_shadow_favor_or_two_from_the_pool() -> None:
    # meq spec 5.4: strength (5) >= the region's influence, then the hero's pick
    state = at_encounter("dagorlad")
    state.pool = 3
    state.influence.update({"dol-guldur": 3, "dagorlad": 2})
    assert answer(run(state, bm.UNDER), "card", "pool").pool == 1
    state = at_encounter("dagorlad")
    state.influence.update({"dol-guldur": 3, "dagorlad": 3})
    assert "card" not in contexts(run(state, bm.UNDER))


def test_land_of_the_great_eye_mills_five_to_the_rest_pool() -> None:
    # meq spec 1.3 (pools): fortitude (5) below the region's influence: 5 life cards face up on the rest pool
    state = at_encounter("dagorlad")
    state.influence.update({"dol-guldur": 3, "dagorlad": 3})
    h = state.heroes[0]
    life = stock.count(state, stock.life(h))
    run(state, bm.EYE)
    assert stock.count(state, stock.life(h)) == life - 5 and len(h.rest.cards) == 5
    assert all(c.face_up for c in h.rest.cards)
    state = at_encounter("dagorlad")
    state.influence.update({"dol-guldur": 3, "dagorlad": 2})
    assert not run(state, bm.EYE).heroes[0].rest.cards


def test_where_the_shadows_lie_pool_down_and_the_deck_takes_back_its_discards() -> None:
    # meq spec 5.4, 5.12 (reshuffles)
    state = at_encounter("dagorlad")
    state.pool = 2
    before = stock.count(state, "encounter:brown-lands-mordor")
    pile = state.encounter_discards[GROUP]
    pile.cards.append(state.new_card("Where the Shadows Lie", bm.SHADOWS))
    run(state, bm.SHADOWS)
    assert state.pool == 1 and not pile.cards
    assert stock.count(state, "encounter:brown-lands-mordor") == before + 1
