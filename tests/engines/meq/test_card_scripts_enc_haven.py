"""Haven Encounter card scripts (meq spec 3.2 step 4: the Encounter step; spec 7.3: Encounter effects; spec 5.5:
favor, levels, training, Items and Corruption)."""

from __future__ import annotations

from engines.meq import enc_haven as haven
from engines.meq import flow, stock
from engines.meq.state import MeqState
from tests.engines.meq.enc_fixtures import at_encounter, corrupt, pending, run, shields, tokens
from tests.engines.meq.table import answer, contexts, on_top, options, turn_on


def test_encounter_step_resolves_a_haven_card_by_script() -> None:
    # meq spec 3.2 step 4: on a Haven, 3 Haven cards; the lowest matching one resolves (here The Court of Theoden)
    state = at_encounter("edoras")
    on_top(state, "encounter:haven", haven.COURT, haven.HEALING, haven.PALANTIRS)
    state.step = "encounter"
    flow.advance(turn_on(state))
    assert "boon" not in contexts(state)  # no Corruption card: the favor comes at once
    assert state.heroes[0].favor == 1 and "item-horse" in state.heroes[0].items


def test_court_of_theoden_horse_only_if_wiser_than_the_regions_tokens() -> None:
    # meq spec 5.5 (Items; Corruption): 1 favor or a Corruption card off; a Horse if wisdom > tokens in the region
    state = at_encounter("edoras")
    corrupt(state, 1)
    tokens(state, "rohan-gondor", "isengard", "helm-s-deep")  # Argalad's wisdom is 2: not above 2 tokens
    state = answer(run(state, haven.COURT), "boon", "cleanse")
    h = state.heroes[0]
    assert h.corruption.cards == [] and h.favor == 0 and "item-horse" not in h.items
    state = at_encounter("edoras")
    tokens(state, "rohan-gondor", "isengard")
    run(state, haven.COURT)
    assert "item-horse" in state.heroes[0].items


def test_intrigue_two_favor_when_wisdom_covers_the_regions_influence() -> None:
    # meq spec 5.4, 5.5: influence on the region's locations against the hero's wisdom (2)
    state = at_encounter("edoras")
    state.influence.update({"isengard": 1, "helm-s-deep": 1})
    assert run(state, haven.INTRIGUE).heroes[0].favor == 2
    state = at_encounter("edoras")
    state.influence.update({"isengard": 2, "helm-s-deep": 1})
    assert run(state, haven.INTRIGUE).heroes[0].favor == 0


def test_houses_of_healing_heal_or_favor_and_cleanse() -> None:
    # meq spec 1.3 (pools), 5.5: rest and damage pools back into the life pool, or 1 favor and 1 Corruption off
    state = at_encounter("minas-tirith")
    h = state.heroes[0]
    h.rest.cards.append(h.hand.cards.pop())
    stock.put(state, stock.damage(h), [h.hand.cards.pop()])
    life = stock.count(state, stock.life(h))
    state = answer(run(state, haven.HEALING), "card", "heal")
    h = state.heroes[0]
    assert stock.count(state, stock.life(h)) == life + 2 and not h.rest.cards
    assert not stock.count(state, stock.damage(h))
    state = at_encounter("minas-tirith")
    corrupt(state, 2)
    state = answer(run(state, haven.HEALING), "card", "favor")
    state = answer(state, "cleanse", state.heroes[0].corruption.cards[1].uid)
    assert state.heroes[0].favor == 1 and len(state.heroes[0].corruption.cards) == 1


def test_palantirs_corruption_buys_the_pool_and_a_look_at_the_plots() -> None:
    # meq spec 1.4 (hidden information): the hero alone sees Sauron's Plot hand; the Pool loses 1
    state = at_encounter("minas-tirith")
    state.pool = 3
    state.plot_hand.cards.append(state.new_card("A Plot", "plot-x"))
    state = answer(run(state, haven.PALANTIRS), "card", "yes")
    h = state.heroes[0]
    assert len(h.corruption.cards) == 1 and state.pool == 2
    assert h.seat in state.plot_hand.cards[0].known_to
    state = at_encounter("minas-tirith")
    state.pool = 3
    state = answer(run(state, haven.PALANTIRS), "card", "no")
    assert state.pool == 3 and not state.heroes[0].corruption.cards


def test_halls_of_an_elven_king_boat_when_wisdom_covers_the_influence() -> None:
    # meq spec 5.5 (Items): after the opening choice, a Boat if wisdom >= influence in the region (Mirkwood)
    state = at_encounter("the-woodland-realm")
    state.influence["the-bight"] = 2
    state = run(state, haven.HALLS)
    assert "item-boat" in state.heroes[0].items and state.heroes[0].favor == 1
    state = at_encounter("the-woodland-realm")
    state.influence.update({"the-bight": 2, "the-forest-road": 1})
    assert "item-boat" not in run(state, haven.HALLS).heroes[0].items


def test_enchanted_stream_punishes_low_agility() -> None:
    # meq spec 5.5: agility (Argalad 3) below the region's influence: 1 favor lost and a Corruption card
    state = at_encounter("the-woodland-realm")
    state.heroes[0].favor = 2
    state.influence.update({"the-bight": 3, "the-forest-road": 1})
    run(state, haven.STREAM)
    assert state.heroes[0].favor == 1 and len(state.heroes[0].corruption.cards) == 1
    state = at_encounter("the-woodland-realm")
    state.influence["the-bight"] = 3
    assert not run(state, haven.STREAM).heroes[0].corruption.cards


def test_lonely_mountain_cleans_all_corruption_if_tough_enough() -> None:
    # meq spec 5.5: 1 favor; fortitude (5) above the Shadow Pool: every Corruption card goes
    state = at_encounter("erebor")
    corrupt(state, 3)
    state.pool = 4
    run(state, haven.MOUNTAIN)
    assert state.heroes[0].favor == 1 and not state.heroes[0].corruption.cards
    assert len(state.corruption_discard.cards) == 3
    state = at_encounter("erebor")
    corrupt(state, 3)
    state.pool = 5
    assert len(run(state, haven.MOUNTAIN).heroes[0].corruption.cards) == 3


def test_ancient_greed_corruption_for_favor_and_training() -> None:
    # meq spec 5.5 (training): a Corruption card for 2 favor and a training, or just 1 favor
    state = answer(run(at_encounter("erebor"), haven.GREED), "card", "yes")
    h = state.heroes[0]
    assert h.favor == 2 and len(h.corruption.cards) == 1 and "train" in contexts(state)
    state = answer(run(at_encounter("erebor"), haven.GREED), "card", "no")
    assert state.heroes[0].favor == 1 and "train" not in contexts(state)


def test_northern_fortress_trains_after_the_choice_if_wise_enough() -> None:
    # meq spec 5.5: the Corruption count is taken after the opening choice (3 cards, wisdom 2)
    state = at_encounter("fornost")
    corrupt(state, 3)
    state = answer(run(state, haven.FORTRESS), "boon", "favor")
    assert "train" not in contexts(state) and state.heroes[0].favor == 1
    state = at_encounter("fornost")
    corrupt(state, 3)
    state = answer(run(state, haven.FORTRESS), "boon", "cleanse")
    state = answer(state, "cleanse", state.heroes[0].corruption.cards[0].uid)
    assert len(state.heroes[0].corruption.cards) == 2 and "train" in contexts(state)


def test_deadmens_dike_shields_for_favor_and_training() -> None:
    # meq spec 4.4 (damage): 4 damage less 1 per shield thrown away; none through: 2 favor and a training
    state = at_encounter("fornost")
    picked = shields(state, 4)
    state = answer(run(state, haven.DIKE), "card", *[c.uid for c in picked])
    assert state.heroes[0].favor == 2 and "train" in contexts(state) and "dmg_life" not in contexts(state)
    state = answer(run(at_encounter("fornost"), haven.DIKE), "card")
    assert pending(state, "dmg_life").endswith(":4") and state.heroes[0].favor == 0


def test_golden_wood_cloak_when_wisdom_covers_the_plots() -> None:
    # meq spec 5.3 (active Plots), 5.5 (Items): wisdom 2 against the Plots in play
    state = at_encounter("lothl-rien")
    assert len(state.plots.cards) <= 2
    assert "item-elven-cloak" in run(state, haven.GOLDEN).heroes[0].items
    state = at_encounter("lothl-rien")
    while len(state.plots.cards) < 3:
        state.plots.cards.append(state.new_card("A Plot", "plot-x"))
    assert "item-elven-cloak" not in run(state, haven.GOLDEN).heroes[0].items


def test_imladris_heals_once_free_of_corruption() -> None:
    # meq spec 1.3 (pools), 5.5: the last Corruption card off, then rest and damage pools into the life pool
    state = at_encounter("rivendell")
    corrupt(state, 1)
    h = state.heroes[0]
    stock.put(state, stock.damage(h), [h.hand.cards.pop()])
    state = answer(run(state, haven.IMLADRIS), "boon", "cleanse")
    assert not stock.count(state, stock.damage(state.heroes[0]))
    state = at_encounter("rivendell")
    corrupt(state, 1)
    h = state.heroes[0]
    stock.put(state, stock.damage(h), [h.hand.cards.pop()])
    state = answer(run(state, haven.IMLADRIS), "boon", "favor")
    assert stock.count(state, stock.damage(state.heroes[0])) == 1


def test_redeemed_by_grace_buys_off_corruption_one_favor_each() -> None:
    # meq spec 5.5 (favor spent on Corruption): any number of Corruption cards, 1 favor each
    state = at_encounter("edoras")
    corrupt(state, 3)
    state.heroes[0].favor = 2
    state = answer(run(state, haven.GRACE), "card", "cleanse")
    assert open_high(state, "cleanse") == 2
    state = answer(state, "cleanse", *[c.uid for c in state.heroes[0].corruption.cards[:2]])
    assert state.heroes[0].favor == 0 and len(state.heroes[0].corruption.cards) == 1
    state = at_encounter("edoras")
    assert options(run(state, haven.GRACE), "card") == {"favor"}  # no favor, no Corruption: only the favor


def open_high(state: MeqState, context: str) -> int:
    return next(d.high for d in state.decisions if d.context.split(":")[0] == context)


def test_steadfast_defender_pool_or_a_bought_level() -> None:
    # meq spec 5.4 (Shadow Pool), 5.5 (levels): 1 out of the Pool, or 2 favor for a level
    state = at_encounter("edoras")
    state.pool = 2
    assert answer(run(state, haven.DEFENDER), "card", "pool").pool == 1
    state = at_encounter("edoras")
    state.heroes[0].favor = 3
    state = answer(run(state, haven.DEFENDER), "card", "level")
    state = answer(state, "card", "wisdom")
    assert state.heroes[0].favor == 1 and state.heroes[0].raises == {"wisdom": 1}
    state = at_encounter("edoras")
    state.heroes[0].favor = 2
    state.heroes[0].raises = dict.fromkeys(("fortitude", "strength", "agility", "wisdom"), 2)
    assert options(run(state, haven.DEFENDER), "card") == {"pool"}  # every attribute raised twice already


def test_i_will_not_say_favor_and_the_deck_takes_back_its_discards() -> None:
    # meq spec 5.12 (reshuffles): 2 favor, then the Haven discard pile (this card in it) goes back into the deck
    state = at_encounter("edoras")
    on_top(state, "encounter:haven", haven.NOT_DONE, haven.COURT, haven.HEALING)
    state.step = "encounter"
    state.heroes[0].at = "rivendell"  # only the any-location card applies there
    deck = stock.count(state, "encounter:haven")
    flow.advance(turn_on(state))
    assert state.heroes[0].favor == 2
    assert not state.encounter_discards["haven"].cards and stock.count(state, "encounter:haven") == deck
