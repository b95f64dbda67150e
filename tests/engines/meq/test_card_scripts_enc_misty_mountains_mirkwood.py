"""Encounter cards of the Misty Mountains and Mirkwood deck (meq spec 3.2 step 4: an Encounter that applies is
resolved by its card; spec 7.3: Encounter effects are per-card scripts)."""

from __future__ import annotations

from engines.core import Answer
from engines.meq import GAME, flow, pools, sauron_cards, stock
from engines.meq import enc_misty_mirkwood as mm
from tests.engines.meq.enc_table import damage_due, hurt, life, no_damage, run, shields, table, wound
from tests.engines.meq.table import answer, contexts, on_top, open_decision, options, place_token, turn_on

GROUP = "misty-mountains-mirkwood"


def test_radagast_favor_and_gandalf_on_a_haven() -> None:
    # spec 5.5 (favor, characters placed by cards): wisdom at least the region's influence
    state = run(table("rhosgobel"), mm.RADAGAST)
    assert state.heroes[0].favor == 1
    assert "rivendell" in options(state, "card")
    state = answer(state, "card", "rivendell")
    assert state.characters[mm.GANDALF] == "rivendell"


def test_radagast_nothing_when_the_region_is_dark() -> None:
    # spec 5.4 (influence on locations): 3 influence in the region beats wisdom 2
    state = table("rhosgobel")
    state.influence["high-pass"] = 3
    run(state, mm.RADAGAST)
    assert state.heroes[0].favor == 0 and "card" not in contexts(state)


def test_beornings_clear_the_pool_and_the_neighbourhood() -> None:
    # spec 5.4 (Shadow Pool, removal and clean-up) and 5.8 (a token leaving goes to the discard face up)
    state = table("high-pass")
    state.heroes[0].favor = 1
    state.pool = 3
    near = state.map.neighbours("high-pass")[0]
    state.influence[near] = 1
    token = place_token(state, GROUP, "blank", near)
    run(state, mm.BEORNINGS)
    state = answer(state, "card", "pay")
    assert state.heroes[0].favor == 0 and state.pool == 1
    assert near not in state.influence
    assert token.uid not in state.token_at and any(c.uid == token.uid for c in state.token_discard.cards)


def test_town_of_dale_heals_by_wisdom_then_rest_into_life() -> None:
    # spec 1.3 (hero pools): damage to rest, one per wisdom (2); then the rest pool shuffled into the life pool
    state = table("lake-esgaroth")
    wound(state, 3)
    before = life(state)
    run(state, mm.DALE)
    assert hurt(state) == 1 and life(state) == before + 2 and not state.heroes[0].rest.cards


def test_agents_of_saruman_damage_or_yellow_marker() -> None:
    # spec 4.4 (damage outside combat) and 5.1 (the Story Track)
    state = answer(run(table("gladden-fields"), mm.AGENTS), "card", "yellow")
    assert state.markers["yellow"] == 1
    state = run(table("gladden-fields"), mm.AGENTS)
    state = answer(state, "card", "damage")
    assert damage_due(state, 5)


def test_do_not_stray_blocked_is_rewarded() -> None:
    # spec 4.4 (damage) and 5.5 (training): 7 damage, all blocked by shields: 2 favor and training
    state = table("the-forest-trail")
    picks = shields(state, 7)
    run(state, mm.STRAY)
    state = answer(state, "card", *picks)
    assert state.heroes[0].favor == 2 and "train" in contexts(state) and no_damage(state)


def test_do_not_stray_unblocked_hurts() -> None:
    # spec 4.4: nothing discarded, all 7 damage is taken
    state = answer(run(table("the-forest-trail"), mm.STRAY), "card")
    assert damage_due(state, 7) and state.heroes[0].favor == 0


def test_sarumans_fires_when_agility_is_low() -> None:
    # spec 5.4 (Shadow Pool) and 5.8: 4 tokens in the region beat agility 3; Sauron picks the Pool
    state = table("fangorn")
    for loc in ("rhosgobel", "high-pass", "gladden-fields", "rivendell"):
        place_token(state, GROUP, "blank", loc)
    run(state, mm.FIRES)
    assert open_decision(state, "card").seat == state.sauron
    state = answer(state, "card", "pool")
    assert state.pool == 1


def test_sarumans_fires_nothing_with_few_tokens() -> None:
    # spec 5.8: one token is not more than agility 3
    state = table("fangorn")
    place_token(state, GROUP, "blank", "rhosgobel")
    run(state, mm.FIRES)
    assert "card" not in contexts(state)


def test_lost_in_the_shadows_moved_by_sauron() -> None:
    # spec 3.3 (who decides): the hero picks; Sauron picks the neighbouring location
    state = run(table("the-forest-trail"), mm.LOST)
    state = answer(state, "card", "move")
    to = state.map.neighbours("the-forest-trail")[0]
    assert open_decision(state, "card").seat == state.sauron
    state = answer(state, "card", to)
    assert state.heroes[0].at == to


def test_lost_in_the_shadows_discard_two() -> None:
    # spec 1.3 (discards go to the rest pool)
    state = answer(run(table("the-forest-trail"), mm.LOST), "card", "discard")
    hand = [c.uid for c in state.heroes[0].hand.cards]
    state = answer(state, "card", *hand[:2])
    assert len(state.heroes[0].hand.cards) == 2 and len(state.heroes[0].rest.cards) == 2


def test_trapped_by_storm_hand_into_life_and_turn_ends() -> None:
    # spec 1.3 (life pool) and 3.2 step 4 (the turn ends)
    state = table("high-pass")
    before = life(state)
    run(state, mm.STORM)
    assert not state.heroes[0].hand.cards and life(state) == before + 4 and state.turn_over


def test_escorted_rest_or_a_trip_to_the_woodland_realm() -> None:
    # spec 3.2 step 4: the hero goes to the Woodland Realm (a Haven) and draws from the Haven deck
    state = table("the-forest-road")
    state.heroes[0].favor = 1
    deck = stock.count(state, "encounter:haven")
    run(state, mm.ESCORT)
    d = open_decision(state, "card")
    step = GAME.apply(state, d.seat, Answer(decision=d.id, choice=("go",)))
    state = step.state
    # The favor is paid before the move (the Haven Encounter drawn there is scripted and may give some back).
    said = [e.text for e in step.events]
    paid = next(i for i, t in enumerate(said) if "favor" in t and "Argalad" in t)
    assert paid < next(i for i, t in enumerate(said) if "Woodland Realm" in t)
    assert state.heroes[0].at == mm.WOODLAND
    assert stock.count(state, "encounter:haven") == deck - 3


def test_escorted_shuffles_the_rest_pool() -> None:
    # spec 1.3: rest pool into life pool (no favor: no choice)
    state = table("the-forest-road")
    pools.discard(turn_on(state), state.heroes[0], [state.heroes[0].hand.cards[0].uid], "test")
    before = life(state)
    run(state, mm.ESCORT)
    assert not state.heroes[0].rest.cards and life(state) == before + 1


def test_conquered_by_fear_costs_favor_or_corruption() -> None:
    # spec 5.5 (favor, Corruption): wisdom 2 below 3 influence in the region
    state = table("the-bight")
    state.influence["the-forest-road"] = 3
    state.heroes[0].favor = 1
    run(state, mm.FEAR)
    state = answer(state, "card", "corrupt")
    assert len(state.heroes[0].corruption.cards) == 1 and state.heroes[0].favor == 1
    state.heroes[0].favor = 0
    run(state, mm.FEAR)
    assert len(state.heroes[0].corruption.cards) == 2


def test_a_desperate_bargain() -> None:
    # spec 5.4 (Shadow Pool) and 5.5 (Corruption): Sauron also loses a random Shadow card
    state = table("the-bight")
    sauron_cards.draw_shadow(turn_on(state), 2)
    state.pool = 3
    run(state, mm.BARGAIN)
    state = answer(state, "card", "yes")
    assert len(state.heroes[0].corruption.cards) == 1 and state.pool == 1
    assert len(state.shadow_hand.cards) == 1 and len(state.shadow_discard.cards) == 1


def test_i_sang_of_leaves_reshuffles_the_deck() -> None:
    # spec 5.12 (a discard pile shuffled into its deck) and 5.4 (Shadow Pool)
    state = table("the-bight")
    state.pool = 2
    pile = state.encounter_discards[GROUP]
    for _ in range(3):
        pile.cards.append(stock.pop(state, f"encounter:{GROUP}"))
    deck = stock.count(state, f"encounter:{GROUP}")
    run(state, mm.LEAVES)
    assert not pile.cards and stock.count(state, f"encounter:{GROUP}") == deck + 3
    state = answer(state, "card", "pool")
    assert state.pool == 1


def test_encounter_step_runs_the_script() -> None:
    # spec 3.2 step 4: of the 3 drawn, the one that applies here is resolved by its script
    state = table("high-pass")
    before = life(state)
    on_top(state, f"encounter:{GROUP}", mm.STORM, mm.RADAGAST, mm.DALE)
    flow.STEPS["encounter"](turn_on(state))
    assert not state.heroes[0].hand.cards and life(state) == before + 4 and state.turn_over


def test_sarumans_fires_sauron_may_pick_nothing() -> None:
    # spec 5.4: Sauron may take neither; the option's word reads back as itself (not the empty answer's "none")
    from engines.core import Answer
    from engines.meq import GAME

    state = table("fangorn")
    for loc in ("rhosgobel", "high-pass", "gladden-fields", "rivendell"):
        place_token(state, GROUP, "blank", loc)
    run(state, mm.FIRES)
    d = open_decision(state, "card")
    damage = len(state.queue)
    state = GAME.apply(state, d.seat, GAME.parse(GAME.format(Answer(decision=d.id, choice=("nothing",))))).state
    assert state.pool == 0 and "card" not in contexts(state) and len(state.queue) <= damage
