"""Encounter cards of the Eriador and Enedwaith deck (meq spec 3.2 step 4: an Encounter that applies is resolved
by its card; spec 7.3: Encounter effects are per-card scripts)."""

from __future__ import annotations

from engines.meq import enc_eriador_enedwaith as ee
from engines.meq import pools, sauron_cards, sheet, stock
from tests.engines.meq.enc_table import damage_due, hurt, life, no_damage, run, shields, table, wound
from tests.engines.meq.table import answer, contexts, open_decision, options, place_token, turn_on

GROUP = "eriador-enedwaith"


def test_pipeweed_heals_by_wisdom_then_rest_into_life() -> None:
    # spec 1.3 (hero pools): damage to rest, one per wisdom (2); then the rest pool into the life pool
    state = table("the-shire")
    wound(state, 1)
    before = life(state)
    run(state, ee.PIPEWEED)
    assert hurt(state) == 0 and life(state) == before + 1 and not state.heroes[0].rest.cards


def test_cirdan_cleans_corruption_or_gives_a_boat() -> None:
    # spec 5.5 (Corruption cards leaving; an Item, one copy per title)
    state = table("the-grey-havens")
    sheet.corrupt(turn_on(state), state.heroes[0], 2)
    state = answer(run(state, ee.CIRDAN), "card", "clean")
    assert not state.heroes[0].corruption.cards and len(state.corruption_discard.cards) == 2
    state = answer(run(table("the-grey-havens"), ee.CIRDAN), "card", "boat")
    assert state.heroes[0].items == [ee.BOAT]


def test_cirdan_nothing_when_the_region_is_dark() -> None:
    # spec 5.4: 3 influence in Eriador beats wisdom 2
    state = table("the-grey-havens")
    state.influence["bree"] = 3
    run(state, ee.CIRDAN)
    assert "card" not in contexts(state)


def test_grey_company_two_cards_for_favor_and_training() -> None:
    # spec 5.5 (favor, training) and 1.3 (discards to the rest pool)
    state = answer(run(table("bree"), ee.GREY_COMPANY), "card", "yes")
    state = answer(state, "card", *[c.uid for c in state.heroes[0].hand.cards[:2]])
    assert state.heroes[0].favor == 1 and len(state.heroes[0].rest.cards) == 2 and "train" in contexts(state)
    state = answer(run(table("bree"), ee.GREY_COMPANY), "card", "no")
    assert state.heroes[0].favor == 0 and len(state.heroes[0].hand.cards) == 4


def test_cold_be_hand_blocked_is_rewarded() -> None:
    # spec 4.4 (damage) and 5.5: 4 damage all blocked: 1 favor and training
    state = table("old-forest")
    picks = shields(state, 4)
    state = answer(run(state, ee.COLD), "card", *picks)
    assert state.heroes[0].favor == 1 and "train" in contexts(state) and no_damage(state)


def test_cold_be_hand_part_blocked_hurts() -> None:
    # spec 4.4: the shields discarded cut the damage, the rest is taken
    state = table("old-forest", heroes="beravor,argalad")  # Beravor's cards hold 2 shields each
    picks = shields(state, 2)
    state = answer(run(state, ee.COLD), "card", picks[0])
    assert damage_due(state, 2) and state.heroes[0].favor == 0


def test_a_merry_fellow_corruption_token_and_favor() -> None:
    # spec 5.5 (Corruption) and 5.8 (a token discarded face up)
    state = table("old-forest")
    sheet.corrupt(turn_on(state), state.heroes[0], 2)
    a = place_token(state, GROUP, "blank", "bree")
    b = place_token(state, GROUP, "blank", "fornost")
    run(state, ee.MERRY)
    assert state.heroes[0].favor == 1
    state = answer(state, "card", state.heroes[0].corruption.cards[0].uid)
    assert len(state.heroes[0].corruption.cards) == 1
    assert options(state, "card") == {a.uid, b.uid}
    state = answer(state, "card", b.uid)
    assert b.uid not in state.token_at and a.uid in state.token_at


def test_remnants_of_the_road_heal_by_fortitude() -> None:
    # spec 1.3: damage to rest, one per fortitude (5), and no reshuffle
    state = table("enedwaith-plains")
    wound(state, 7)
    run(state, ee.ROAD)
    assert hurt(state) == 2 and len(state.heroes[0].rest.cards) == 5


def test_city_by_the_greyflood_costs_an_item_and_the_turn() -> None:
    # spec 5.5 (Items) and 3.2 step 4: fortitude 5 below 6 influence in Eriador and Enedwaith
    state = table("tharbad")
    state.heroes[0].items = ["item-boat", "item-horse"]
    state.influence.update({"bree": 3, "dunland": 3})
    boats = state.item_supply["item-boat"]
    run(state, ee.GREYFLOOD)
    assert state.turn_over
    state = answer(state, "card", "item-boat")
    assert state.heroes[0].items == ["item-horse"] and state.item_supply["item-boat"] == boats + 1


def test_city_by_the_greyflood_nothing_when_strong() -> None:
    # spec 5.4: 5 influence is not above fortitude 5
    state = table("tharbad")
    state.influence.update({"bree": 3, "dunland": 2})
    run(state, ee.GREYFLOOD)
    assert not state.turn_over


def test_raiders_blocked_drain_the_pool() -> None:
    # spec 4.4 and 5.4: 5 damage all blocked: 2 off the Shadow Pool
    state = table("dunland")
    state.pool = 3
    picks = shields(state, 5)
    state = answer(run(state, ee.RAIDERS), "card", *picks)
    assert state.pool == 1 and no_damage(state)
    state = answer(run(table("dunland"), ee.RAIDERS), "card")
    assert damage_due(state, 5)


def test_mad_baggins_corruption_for_cards_or_favor() -> None:
    # spec 5.5 (Corruption) and 1.3 (drawing from the life pool): fortitude 5 cards
    state = answer(run(table("the-shire"), ee.BAGGINS), "card", "draw")
    assert len(state.heroes[0].corruption.cards) == 1 and len(state.heroes[0].hand.cards) == 4 + 5
    state = answer(run(table("the-shire"), ee.BAGGINS), "card", "favor")
    assert state.heroes[0].favor == 1 and not state.heroes[0].corruption.cards


def test_sarumans_agents_corruption_for_a_plot_card() -> None:
    # spec 5.3 (Sauron's Plot hand) and 5.5: Sauron picks the Plot card he loses
    state = table("bree")
    sauron_cards.draw_plot(turn_on(state), 2)
    state = answer(run(state, ee.AGENTS), "card", "yes")
    assert len(state.heroes[0].corruption.cards) == 1
    assert open_decision(state, "card").seat == state.sauron
    state = answer(state, "card", state.plot_hand.cards[1].uid)
    assert len(state.plot_hand.cards) == 1 and len(state.plot_discard.cards) == 1


def test_the_ranger_trip_to_fornost_and_its_encounter() -> None:
    # spec 3.2 step 4: the hero goes to Fornost (a Haven) and draws from the Haven deck
    state = table("tharbad")
    state.heroes[0].favor = 2
    deck = stock.count(state, "encounter:haven")
    state = answer(run(state, ee.RANGER), "card", "go")
    assert state.heroes[0].at == ee.FORNOST and state.heroes[0].favor <= 1
    assert stock.count(state, "encounter:haven") == deck - 3


def test_the_ranger_rest_pool_into_life() -> None:
    # spec 1.3: the rest pool shuffled into the life pool
    state = table("tharbad")
    state.heroes[0].favor = 1
    pools.discard(turn_on(state), state.heroes[0], [state.heroes[0].hand.cards[0].uid], "test")
    before = life(state)
    state = answer(run(state, ee.RANGER), "card", "rest")
    assert not state.heroes[0].rest.cards and life(state) == before + 1 and state.heroes[0].favor == 1


def test_the_road_goes_ever_on_favor_and_reshuffle() -> None:
    # spec 5.12 (a discard pile into its deck) and 5.5 (favor)
    state = table("bree")
    pile = state.encounter_discards[GROUP]
    pile.cards.append(stock.pop(state, f"encounter:{GROUP}"))
    deck = stock.count(state, f"encounter:{GROUP}")
    run(state, ee.EVER_ON)
    assert state.heroes[0].favor == 2 and not pile.cards
    assert stock.count(state, f"encounter:{GROUP}") == deck + 1
