"""Rohan and Gondor Encounter card scripts (meq spec 3.2 step 4: the Encounter step; spec 7.3: Encounter
effects; spec 1.4: hidden information; spec 4.4: damage; spec 5.4: the Shadow Pool; spec 5.5: favor, training,
Items, Corruption)."""

from __future__ import annotations

from engines.meq import enc_haven as haven
from engines.meq import enc_rohan_gondor as rg
from engines.meq import flow, stock
from tests.engines.meq.enc_fixtures import at_encounter, corrupt, pending, run, shields, tokens
from tests.engines.meq.table import answer, contexts, on_top, options, turn_on


def test_key_to_the_anduin_damage_or_corruption() -> None:
    # meq spec 3.3 (side choices), 4.4: the hero picks 5 damage or a Corruption card
    state = answer(run(at_encounter("osgiliath"), rg.KEY), "card", "damage")
    assert pending(state, "dmg_life").endswith(":5")
    state = answer(run(at_encounter("osgiliath"), rg.KEY), "card", "corrupt")
    assert len(state.heroes[0].corruption.cards) == 1


def test_prince_imrahil_rewards_wisdom_over_corruption() -> None:
    # meq spec 5.5: wisdom (2) >= Corruption cards: 2 favor or a Boat
    state = at_encounter("belfalas")
    corrupt(state, 2)
    state = answer(run(state, rg.IMRAHIL), "card", "boat")
    assert "item-boat" in state.heroes[0].items
    state = answer(run(at_encounter("belfalas"), rg.IMRAHIL), "card", "favor")
    assert state.heroes[0].favor == 2
    state = at_encounter("belfalas")
    corrupt(state, 3)
    assert "card" not in contexts(run(state, rg.IMRAHIL))


def test_seat_of_seeing_shows_the_tokens_around_amon_hen_to_the_hero() -> None:
    # meq spec 1.4: token faces are Sauron's; the card lets this hero see those next to Amon Hen
    state = at_encounter("amon-hen")
    tokens(state, "misty-mountains-mirkwood", "fangorn", "rhosgobel")
    tokens(state, "rohan-gondor", "isengard")
    state.heroes[0].favor = 1
    state.pool = 3
    state = run(state, rg.SEAT)
    seat = state.heroes[0].seat
    seen = {state.token_at[c.uid] for c in state.tokens.cards if seat in c.known_to}
    assert seen == {"fangorn", "rhosgobel"}
    state = answer(state, "card", "yes")
    assert state.heroes[0].favor == 0 and state.pool == 1
    assert "card" not in contexts(run(at_encounter("amon-hen"), rg.SEAT))  # no favor: nothing to pay


def test_sweet_words_hand_into_the_life_pool_then_damage() -> None:
    # meq spec 1.3 (pools), 4.4: the hand is shuffled away; 2 damage per Corruption card (from the life pool)
    state = at_encounter("isengard")
    corrupt(state, 2)
    h = state.heroes[0]
    life = stock.count(state, stock.life(h))
    run(state, rg.SWEET)
    assert not h.hand.cards and stock.count(state, stock.damage(h)) == 4
    assert stock.count(state, stock.life(h)) == life + 4 - 4


def test_they_come_from_umbar_six_blocked_for_favor_and_training() -> None:
    # meq spec 4.4, 5.5: 6 damage less 1 per shield; none through: 1 favor and a training
    state = at_encounter("pelagir", "beravor,argalad")
    picked = shields(state, 6)
    state = answer(run(state, rg.UMBAR), "card", *[c.uid for c in picked])
    assert state.heroes[0].favor == 1 and "train" in contexts(state)
    state = answer(run(at_encounter("pelagir"), rg.UMBAR), "card")
    assert pending(state, "dmg_life").endswith(":6") and state.heroes[0].favor == 0


def test_eored_rest_pool_back_or_a_ride_to_edoras_and_its_encounter() -> None:
    # meq spec 3.2 step 4: a second Encounter, at Edoras (a Haven: the Haven deck), after the ride
    state = at_encounter("gap-of-rohan")
    h = state.heroes[0]
    h.rest.cards.append(h.hand.cards.pop())
    state = answer(run(state, rg.EORED), "card", "rest")
    assert not state.heroes[0].rest.cards
    assert options(run(at_encounter("gap-of-rohan"), rg.EORED), "card") == {"rest"}  # no favor to pay
    state = at_encounter("gap-of-rohan")
    state.heroes[0].favor = 1
    on_top(state, "encounter:rohan-gondor", rg.EORED, rg.KEY, rg.IMRAHIL)
    on_top(state, "encounter:haven", haven.COURT, haven.HEALING, haven.PALANTIRS)
    state.step = "encounter"
    flow.advance(turn_on(state))
    state = answer(state, "card", "ride")
    h = state.heroes[0]
    assert h.at == "edoras" and "item-horse" in h.items and h.favor == 1  # 1 paid, 1 from the Court
    assert len(state.encounter_discards["haven"].cards) == 3


def test_lies_and_deceit_favor_or_a_random_shadow_card_lost() -> None:
    # meq spec 1.4 (Sauron's hand), 5.4: wisdom (2) >= the region's influence
    state = at_encounter("pelagir")
    state.shadow_hand.cards += [state.new_card("S1", "shadow-x"), state.new_card("S2", "shadow-y")]
    state = answer(run(state, rg.LIES), "card", "shadow")
    assert len(state.shadow_hand.cards) == 1 and len(state.shadow_discard.cards) == 1
    state = at_encounter("pelagir")
    assert options(run(state, rg.LIES), "card") == {"favor"}
    state = at_encounter("pelagir")
    state.influence.update({"morthond": 2, "anfalas": 1})
    assert "card" not in contexts(run(state, rg.LIES))


def test_smugglers_corruption_for_the_pool_and_training() -> None:
    # meq spec 5.4, 5.5: a Corruption card, 1 out of the Shadow Pool and a training; or nothing
    state = at_encounter("pelagir")
    state.pool = 2
    state = answer(run(state, rg.SMUGGLERS), "card", "yes")
    assert state.pool == 1 and len(state.heroes[0].corruption.cards) == 1 and "train" in contexts(state)
    state = at_encounter("pelagir")
    state.pool = 2
    state = answer(run(state, rg.SMUGGLERS), "card", "no")
    assert state.pool == 2 and not state.heroes[0].corruption.cards


def test_allies_of_the_dark_lord_damage_or_a_plot_for_sauron() -> None:
    # meq spec 3.3: the hero picks 4 damage or a Plot card drawn by Sauron
    state = at_encounter("pelagir")
    plots = len(state.plot_hand.cards)
    state = answer(run(state, rg.ALLIES), "card", "plot")
    assert len(state.plot_hand.cards) == plots + 1
    state = answer(run(at_encounter("pelagir"), rg.ALLIES), "card", "damage")
    assert pending(state, "dmg_life").endswith(":4")


def test_dangers_both_real_and_imagined_corrupts() -> None:
    # meq spec 5.5 (Corruption): the hero receives a Corruption card
    assert len(run(at_encounter("pelagir"), rg.DANGERS).heroes[0].corruption.cards) == 1


def test_words_spoken_from_the_heart() -> None:
    # meq spec 5.5: 1 favor with no Corruption card; otherwise 1 favor may buy one off
    assert run(at_encounter("pelagir"), rg.WORDS).heroes[0].favor == 1
    state = at_encounter("pelagir")
    corrupt(state, 1)
    state.heroes[0].favor = 1
    state = answer(run(state, rg.WORDS), "cleanse", state.heroes[0].corruption.cards[0].uid)
    assert state.heroes[0].favor == 0 and not state.heroes[0].corruption.cards
    state = at_encounter("pelagir")
    corrupt(state, 1)
    state = run(state, rg.WORDS)
    assert "cleanse" not in contexts(state) and state.heroes[0].favor == 0


def test_days_have_gone_down_two_cards_for_two_favor_and_a_reshuffle() -> None:
    # meq spec 5.12 (reshuffles): the discard pile (this card in it) goes back into the deck
    state = at_encounter("pelagir")
    pile = state.encounter_discards["rohan-gondor"]
    pile.cards.append(state.new_card("The Days", rg.DAYS))
    before = stock.count(state, "encounter:rohan-gondor")
    state = answer(run(state, rg.DAYS), "card", "yes")
    state = answer(state, "card", *[c.uid for c in state.heroes[0].hand.cards[:2]])
    h = state.heroes[0]
    assert h.favor == 2 and len(h.rest.cards) == 2 and len(h.hand.cards) == 2
    assert not state.encounter_discards["rohan-gondor"].cards
    assert stock.count(state, "encounter:rohan-gondor") == before + 1
