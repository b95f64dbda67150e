"""Peril card scripts (meq spec 7.3: Encounter and Peril effects; spec 3.2 step 3b: a Peril in Travel)."""

from __future__ import annotations

from engines.meq import rules, scripts, stock
from engines.meq.cards import BLACK, index
from engines.meq.state import MeqState
from tests.engines.meq.table import a_table, answer, contexts, give, hero_turn, options, turn_on


def at_peril(heroes: str = "argalad,beravor", at: str = "") -> MeqState:
    """Hero 0's turn, in Travel, with no decision open: the moment a Peril card is resolved."""
    state = hero_turn(a_table(heroes), 0, at)
    state.decisions.clear()
    state.queue.clear()
    state.step = "travel"
    rules.draw_cards(turn_on(state), state.heroes[0], 4)
    return state


def run(state: MeqState, ref: str) -> MeqState:
    scripts.run_card(turn_on(state), ref, state.heroes[0])
    return state


def test_hounds_shields_block_all_damage_for_a_reward() -> None:
    # meq spec 7.3 (damage, discard, favor): 6 damage less 1 per shield thrown away; 0 left: favor or training
    state = at_peril()
    h = state.heroes[0]
    by_shields = sorted(index().pack.combat, key=lambda c: -c.defense)
    h.hand.cards.clear()
    # a hand of at least 6 shields in total
    picked = []
    total = 0
    for c in by_shields:
        if c.deck == h.key and total < 6:
            picked += give(state, 0, c.id)
            total += c.defense
    run(state, "peril-hounds-of-sauron-1")
    state = answer(state, "card", *[c.uid for c in picked])
    assert "fx_reward" in contexts(state)
    state = answer(state, "fx_reward", "favor")
    assert state.heroes[0].favor == 1
    assert len(state.heroes[0].rest.cards) >= len(picked)


def test_hounds_without_discards_deal_6() -> None:
    # meq spec 7.3 (damage): no card thrown away, the full 6 damage
    state = run(at_peril(), "peril-hounds-of-sauron-1")
    state = answer(state, "card")
    assert "dmg_life" in contexts(state)
    assert open_n(state, "dmg_life") == "6"


def open_n(state: MeqState, context: str) -> str:
    d = next(d for d in state.decisions if d.context.startswith(context))
    return d.context.split(":")[2]


def test_unexpected_betrayal_lets_the_hero_choose() -> None:
    # meq spec 7.3 (side choice): 5 damage, or Sauron draws a Plot and a Shadow card
    state = run(at_peril(), "peril-an-unexpected-betrayal-2")
    plots, shadows = len(state.plot_hand.cards), len(state.shadow_hand.cards)
    state = answer(state, "card", "draw")
    assert (len(state.plot_hand.cards), len(state.shadow_hand.cards)) == (plots + 1, shadows + 1)
    state = run(at_peril(), "peril-an-unexpected-betrayal-2")
    state = answer(state, "card", "damage")
    assert open_n(state, "dmg_life") == "5"


def test_shadow_in_memories_compares_wisdom_with_influenced_neighbours() -> None:
    # meq spec 7.3 (corruption, favor): wisdom <= influenced neighbours -> a Corruption card and 1 favor lost
    state = at_peril()
    h = state.heroes[0]
    h.favor = 2
    for n in state.map.neighbours(h.at):
        state.influence[n] = 1
    wise = index().heroes[h.key].wisdom
    h.raises["wisdom"] = max(0, len(state.map.neighbours(h.at)) - wise)
    run(state, "peril-a-shadow-in-3")
    assert (len(h.corruption.cards), h.favor) == (1, 1)
    calm = at_peril()
    calm.influence.clear()
    run(calm, "peril-a-shadow-in-3")
    assert not calm.heroes[0].corruption.cards


def test_orc_scouts_shuffle_the_peril_discard_back() -> None:
    # meq spec 7.3 (corruption) and 5.12 (decks): a Corruption card; the Peril discard returns to the deck
    state = at_peril()
    before = stock.count(state, "peril")
    state.peril_discard.cards.append(state.new_card("x", "peril-orc-scouts-4"))
    run(state, "peril-orc-scouts-4")
    assert len(state.heroes[0].corruption.cards) == 1
    assert not state.peril_discard.cards and stock.count(state, "peril") == before + 1


def test_ill_met_company_sauron_picks_the_corruption_card() -> None:
    # meq spec 7.3 (side choice, corruption): Sauron draws 2 Corruption cards and gives one
    state = run(at_peril(), "peril-ill-met-company-5")
    state = answer(state, "card", "corrupt")
    two = options(state, "card")
    assert len(two) == 2
    pick = sorted(two)[0]
    state = answer(state, "card", pick)
    assert [c.uid for c in state.heroes[0].corruption.cards] == [pick]
    assert any(c.uid in two - {pick} for c in state.corruption_discard.cards)
    state = run(at_peril(), "peril-ill-met-company-5")
    state.heroes[0].favor = 3
    state = answer(state, "card", "favor")
    assert state.heroes[0].favor == 1


def test_armies_underground_discard_per_corruption_then_an_orc() -> None:
    # meq spec 7.3 (discard, monsters): 1 random hand card per Corruption card, then combat with an Orc
    state = at_peril()
    h = state.heroes[0]
    run(state, "peril-orc-scouts-4")  # one Corruption card
    hand = len(h.hand.cards)
    run(state, "peril-armies-underground-6")
    assert len(h.hand.cards) == hand - 1
    assert state.combat is not None and state.combat.foe == "mon-orc" and not state.combat.keep_turn


def test_hill_of_black_magic_with_enough_plots() -> None:
    # meq spec 7.3 (damage): wisdom <= active Plots -> 5 damage and the turn ends
    state = at_peril()
    h = state.heroes[0]
    for _ in range(index().heroes[h.key].wisdom):
        state.plots.cards.append(state.new_card("p", "a-dark-messenger-4"))
    run(state, "peril-hill-of-black-7")
    assert state.queue == [f"hero_damage:{h.key}:5"] and state.turn_over
    calm = run(at_peril(), "peril-hill-of-black-7")
    assert not calm.queue and not calm.turn_over


def test_dark_tower_minion_fights_and_a_win_pays_2_favor() -> None:
    # meq spec 7.3 (minions, favor): Sauron's chosen minion fights; the turn goes on either way
    state = at_peril()
    m = state.minions[0]
    m.status, m.at = "in", "barad-dur"
    run(state, "peril-dark-tower-8")
    state = answer(state, "card", m.key)
    c = state.combat
    assert c is not None and c.foe == m.key and c.keep_turn and c.on_win == [f"fx:favor:{state.heroes[0].key}:2"]


def test_khazad_dum_balrog_reward() -> None:
    # meq spec 7.3 (monsters, favor, training): a Balrog; if it falls, 2 favor and training
    state = run(at_peril(), "peril-khazad-dum-9")
    c = state.combat
    key = state.heroes[0].key
    assert c is not None and c.foe == "mon-balrog" and c.on_win == [f"fx:favor:{key}:2", f"fx:train:{key}"]


def test_enduring_evil_needs_influence_here() -> None:
    # meq spec 7.3 (corruption): influence here -> a Corruption card and the turn ends
    state = at_peril()
    h = state.heroes[0]
    state.influence[h.at] = 1
    run(state, "peril-an-enduring-evil-10")
    assert len(h.corruption.cards) == 1 and state.turn_over
    state.influence.clear()
    calm = run(at_peril(), "peril-an-enduring-evil-10")
    assert not calm.heroes[0].corruption.cards and not calm.turn_over


def test_trapped_pool_and_two_discards() -> None:
    # meq spec 7.3 (influence, discard): 2 to the Shadow Pool, the hero discards 2 of his choice
    state = at_peril()
    pool = state.pool
    run(state, "peril-trapped-11")
    two = sorted(options(state, "card"))[:2]
    state = answer(state, "card", *two)
    assert state.pool == pool + 2
    assert {c.uid for c in state.heroes[0].rest.cards} >= set(two)


def test_weakness_of_men_black_marker() -> None:
    # meq spec 7.3 (story markers): the hero may let the black marker move 1 instead of 5 damage
    state = run(at_peril(), "peril-weakness-of-men-12")
    before = state.markers[BLACK]
    state = answer(state, "card", "black")
    assert state.markers[BLACK] == before + 1


def test_dangerous_business_up_to_3_influence_in_the_region() -> None:
    # meq spec 7.3 (influence): 2 to the Pool, then 1 influence on up to 3 locations of the hero's region
    state = run(at_peril(at="bree"), "peril-its-a-dangerous-13")
    spots = sorted(options(state, "card"))
    region = state.map.location("bree").region
    assert all(state.map.location(s).region == region for s in spots)
    state = answer(state, "card", *spots[:3])
    assert all(state.influence.get(s, 0) >= 1 for s in spots[:3])


def test_undying_regret_never_on_the_hero() -> None:
    # meq spec 7.3 (influence, monsters): influence and a token in the region, never where the hero stands
    state = run(at_peril(at="rhosgobel"), "peril-undying-regret-14")
    spots = options(state, "card")
    assert "rhosgobel" not in spots and "skip" in spots
    target = sorted(spots - {"skip"})[0]
    state = answer(state, "card", target)
    assert state.influence.get(target, 0) >= 1
    tokens = len(state.tokens.cards)
    spot = sorted(options(state, "card") - {"skip"})[0]
    state = answer(state, "card", spot)
    assert len(state.tokens.cards) == tokens + 1


def test_nine_for_mortal_men_minion_onto_the_hero_fights() -> None:
    # meq spec 7.3 (corruption, minions): a Corruption card; a minion moved onto the hero fights at once
    state = at_peril()
    h = state.heroes[0]
    m = state.minions[0]
    m.status, m.at = "in", state.map.neighbours(h.at)[0]
    run(state, "peril-nine-for-mortal-15")
    assert len(h.corruption.cards) == 1
    state = answer(state, "card", f"{m.key}|{h.at}")
    assert state.combat is not None and state.combat.foe == m.key and state.combat.keep_turn
