"""Monsters' own abilities (engines.meq.foes; meq spec 4.2 steps c-f, 4.3, 4.4): each fought through the real
engine with the hero's hand and the top of the foe's combat deck arranged, so the numbers differ from a combat
without the ability."""

from __future__ import annotations

from engines.meq import abilities, rules, sauron, scripts, stock, tokens
from engines.meq import hero as hero_rules
from engines.meq.state import MeqState
from tests.engines.meq.table import a_table, answer, contexts, open_decision, turn_on
from tests.engines.meq.test_card_scripts_combat import c_of, commit, damage_line, fight, settle


def test_snaga_ranged_cards_gain_one_attack() -> None:
    # spec 4.2 f: Quick Shot 1 (+1) against Parry's defense 1 (no bonus against Ranged): 1 damage, not 0
    state = fight("mon-snaga", ("cmb-argalad-parry",), ("cmb-monster-zealot-quick-shot",))
    _, said = commit(state, "cmb-argalad-parry", "cmb-monster-zealot-quick-shot")
    assert damage_line(said).startswith("Damage: Argalad takes 1, Snaga takes 1 ")


def test_huorn_melee_cards_gain_one_attack() -> None:
    # spec 4.2 f: Sweep 3 (+1) against Parry's 1 + 2 (vs Melee): 1 damage, not 0
    state = fight("mon-huorn", ("cmb-argalad-parry",), ("cmb-monster-behemoth-sweep",))
    _, said = commit(state, "cmb-argalad-parry", "cmb-monster-behemoth-sweep")
    assert damage_line(said).startswith("Damage: Argalad takes 1, Huorn takes 1 ")


def test_cave_troll_ranged_card_cancels_the_heros_melee_card() -> None:
    # spec 4.2 e, 4.3 (a cancelled card has attack and defense 0): Aimed Shot's 3 meets no defense and the
    # Parry deals nothing (uncancelled: 2 to the hero, 1 to the troll)
    state = fight("mon-cave-troll", ("cmb-argalad-parry",), ("cmb-monster-behemoth-aimed-shot",))
    _, said = commit(state, "cmb-argalad-parry", "cmb-monster-behemoth-aimed-shot")
    assert any("Parry is cancelled" in t for t in said)
    assert damage_line(said).startswith("Damage: Argalad takes 3, Cave Troll takes 0 ")


def test_cave_troll_leaves_a_ranged_card_alone() -> None:
    state = fight("mon-cave-troll", ("cmb-argalad-volley",), ("cmb-monster-behemoth-aimed-shot",))
    _, said = commit(state, "cmb-argalad-volley", "cmb-monster-behemoth-aimed-shot")
    assert not any("cancelled" in t for t in said)
    assert damage_line(said).startswith("Damage: Argalad takes 1, Cave Troll takes 2 ")


def test_dunlending_strikes_back_when_its_melee_defense_stops_damage() -> None:
    # spec 4.2 f: Parry's defense 1 stops Quick Shot's 1, so the hero takes Parry's 1 plus 1
    state = fight("mon-dunlending", ("cmb-argalad-quick-shot",), ("cmb-monster-ravager-parry",))
    _, said = commit(state, "cmb-argalad-quick-shot", "cmb-monster-ravager-parry")
    assert damage_line(said).startswith("Damage: Argalad takes 2, Dunlending takes 0 ")


def test_giant_spider_melee_hit_of_two_costs_a_random_hand_card() -> None:
    # spec 4.2 f, 4.4: Sweep deals 3 to the hero; the hero's other hand card goes to the rest pool at random
    state = fight("mon-giant-spider", ("cmb-argalad-quick-shot", "cmb-argalad-volley"),
                  ("cmb-monster-behemoth-sweep",))
    state, said = commit(state, "cmb-argalad-quick-shot", "cmb-monster-behemoth-sweep")
    hero = state.heroes[0]
    assert any("discards at random: Volley" in t for t in said)
    assert "cmb-argalad-volley" in [k.ref for k in hero.rest.cards]
    assert "cmb-argalad-volley" not in [k.ref for k in hero.hand.cards]


def test_agent_corrupts_the_hero_once_a_combat_after_a_ranged_hit() -> None:
    # spec 4.2 f: Aimed Shot wounds the hero: one Corruption card; the next Ranged hit gives none
    state = fight("mon-agent", ("cmb-argalad-parry", "cmb-argalad-quick-shot"),
                  ("cmb-monster-zealot-aimed-shot", "cmb-monster-zealot-quick-shot"))
    before = len(state.heroes[0].corruption.cards)
    state, said = commit(state, "cmb-argalad-parry", "cmb-monster-zealot-aimed-shot")
    assert any("corrupts Argalad" in t for t in said)
    assert len(state.heroes[0].corruption.cards) == before + 1
    state = settle(state)
    state, said = commit(state, "cmb-argalad-quick-shot", "cmb-monster-zealot-quick-shot")
    assert damage_line(said).startswith("Damage: Argalad takes 1,")
    assert len(state.heroes[0].corruption.cards) == before + 1


def test_barrow_wight_heals_after_a_ranged_round_it_survives() -> None:
    # spec 4.2 f, 4.4: Aimed Shot deals 3 - 1 = 2 to it; it played Fall Back (Ranged) and stands: 1 is healed
    state = fight("mon-barrow-wight", ("cmb-argalad-aimed-shot",), ("cmb-monster-ravager-fall-back",))
    state, said = commit(state, "cmb-argalad-aimed-shot", "cmb-monster-ravager-fall-back")
    assert any("heals 1" in t for t in said)
    assert damage_line(said).startswith("Damage: Argalad takes 1, Barrow Wight takes 1 ")
    assert c_of(state).foe_damage == 1


def test_scripted_monsters_are_not_announced_nor_listed_by_hand() -> None:
    by_hand = scripts.coverage()["monster and minion abilities by hand"]
    assert {"mon-snaga", "mon-huorn", "mon-cave-troll", "mon-dunlending", "mon-giant-spider", "mon-agent",
            "mon-barrow-wight", "mon-southron", "mon-warg-rider", "mon-orc", "mon-oliphaunt",
            "mon-uruk-hai", "mon-balrog", "mon-crebain"}.isdisjoint(by_hand)
    assert not by_hand


def exhausted(said: list[str]) -> bool:
    return any(t.startswith("Sauron has spent") for t in said)


def test_southron_melee_cards_cost_one_strength_less() -> None:
    # spec 4.2 c: Eviscerate (2) then Attack of Opportunity (3) is 5 over strength 3, but 1 + 2 = 3 here
    state = fight("mon-southron", ("cmb-argalad-quick-shot", "cmb-argalad-overdraw"),
                  ("cmb-monster-ravager-eviscerate", "cmb-monster-ravager-attack-of-opportunity"))
    state, said = commit(state, "cmb-argalad-quick-shot", "cmb-monster-ravager-eviscerate")
    state = settle(state)
    state, said = commit(state, "cmb-argalad-overdraw", "cmb-monster-ravager-attack-of-opportunity")
    assert not exhausted(said)
    assert abilities.spent(c_of(state).foe_stack, "mon-southron") == 3


def test_warg_rider_bottom_melee_card_costs_nothing() -> None:
    # spec 4.2 c: Attack of Opportunity (3) at the bottom is free, so Poison Arrow (2) stays within strength 4
    state = fight("mon-warg-rider", ("cmb-argalad-quick-shot", "cmb-argalad-overdraw"),
                  ("cmb-monster-ravager-attack-of-opportunity", "cmb-monster-ravager-poison-arrow"))
    state, said = commit(state, "cmb-argalad-quick-shot", "cmb-monster-ravager-attack-of-opportunity")
    state = settle(state)
    state, said = commit(state, "cmb-argalad-overdraw", "cmb-monster-ravager-poison-arrow")
    assert not exhausted(said)
    assert abilities.spent(c_of(state).foe_stack, "mon-warg-rider") == 2


def test_orc_melee_against_melee_costs_the_hero_one_more() -> None:
    # spec 4.2 f: Hack 1 + 1 (vs Melee) against Parry's 1 + 2 (vs Melee) is 0; Melee met Melee: 1
    state = fight("mon-orc", ("cmb-argalad-parry",), ("cmb-monster-zealot-hack",))
    _, said = commit(state, "cmb-argalad-parry", "cmb-monster-zealot-hack")
    assert damage_line(said).startswith("Damage: Argalad takes 1, Orc takes 1 ")


def test_orc_leaves_a_ranged_round_alone() -> None:
    state = fight("mon-orc", ("cmb-argalad-quick-shot",), ("cmb-monster-zealot-hack",))
    _, said = commit(state, "cmb-argalad-quick-shot", "cmb-monster-zealot-hack")
    assert damage_line(said).startswith("Damage: Argalad takes 1, Orc takes 1 ")


def test_oliphaunt_melee_wound_takes_a_point_from_the_hand() -> None:
    # spec 4.4: the hero picks how much of the damage comes off the life pool; after Sweep's 3 that is at most 2
    state = fight("mon-oliphaunt", ("cmb-argalad-quick-shot", "cmb-argalad-volley"),
                  ("cmb-monster-behemoth-sweep",))
    state, said = commit(state, "cmb-argalad-quick-shot", "cmb-monster-behemoth-sweep")
    assert damage_line(said).startswith("Damage: Argalad takes 3, Oliphaunt takes 1 ")
    d = open_decision(state, "dmg_life")
    assert (d.low, d.high) == (2, 2)
    state = answer(state, "dmg_life", "2")
    assert "dmg_hand" in contexts(state)


def test_uruk_hai_melee_wound_lets_sauron_draw_a_combat_card() -> None:
    # spec 4.2 f: Eviscerate (Melee) wounds the hero; Sauron chooses to draw, his hand grows by one
    state = fight("mon-uruk-hai", ("cmb-argalad-quick-shot",), ("cmb-monster-ravager-eviscerate",))
    state, said = commit(state, "cmb-argalad-quick-shot", "cmb-monster-ravager-eviscerate")
    assert damage_line(said).startswith("Damage: Argalad takes 4, Uruk-hai takes 1 ")
    before = len(c_of(state).foe_hand.cards)
    state = answer(state, "foe_draw", "draw")
    assert len(c_of(state).foe_hand.cards) == before + 1


def test_balrog_melee_hit_of_three_makes_the_heros_next_card_random() -> None:
    # spec 4.2 a-b: Sweep deals 3; next round the hero is not asked, a hand card is committed for them
    state = fight("mon-balrog", ("cmb-argalad-quick-shot", "cmb-argalad-volley", "cmb-argalad-parry"),
                  ("cmb-monster-behemoth-sweep", "cmb-monster-behemoth-rush"))
    state, said = commit(state, "cmb-argalad-quick-shot", "cmb-monster-behemoth-sweep")
    assert damage_line(said).startswith("Damage: Argalad takes 3, Balrog takes 1 ")
    state = settle(state)
    open_now = [d.context for d in state.decisions]
    assert "commit:hero" not in open_now and "commit:foe" in open_now
    assert len(state.heroes[0].hand.cards) == 1 and len(c_of(state).committed.cards) == 1
    assert c_of(state).hero_card == c_of(state).committed.cards[0].uid


def test_crebain_ranged_hit_becomes_influence_for_sauron() -> None:
    # spec 4.2 f, 5.4: Aimed Shot's 3 against Parry's 1 would deal 2; the hero takes none, Sauron places 2
    state = fight("mon-crebain", ("cmb-argalad-parry",), ("cmb-monster-zealot-aimed-shot",))
    state, said = commit(state, "cmb-argalad-parry", "cmb-monster-zealot-aimed-shot")
    assert damage_line(said).startswith("Damage: Argalad takes 0, Crebain takes 1 ")
    d = next(d for d in state.decisions if d.context == "place:2")
    assert d.seat == state.sauron
    where = d.options[0].id
    state = answer(state, "place", where)
    assert state.influence.get(where, 0) == 1


# --- minions' own abilities outside combat -------------------------------------------------------------------


def minion_on_board(key: str) -> tuple[MeqState, str, str, str]:
    """A new table with the minion on a non-Haven location that has a non-Haven, non-perilous neighbour and a
    location two steps away; returns (state, its location, the neighbour, the far location)."""
    state = a_table()
    board = state.map
    for loc in board.locations:
        near = [n for n in board.neighbours(loc.id) if not board.location(n).haven and not board.location(n).perilous]
        dist = board.distances(loc.id)
        far = [x for x, k in dist.items() if k == 2 and not board.location(x).haven and not board.location(x).perilous]
        if not loc.haven and near and far:
            m = state.minion(key)
            m.status, m.at = "in", loc.id
            return state, loc.id, near[0], far[0]
    raise AssertionError("no such location")


def test_gothmog_makes_the_locations_around_it_perilous() -> None:
    # spec 5.4 (perilous locations): influence 0 would not make them perilous; only those within one step do
    state, at, near, far = minion_on_board("minion-gothmog")
    hero = state.heroes[0]
    assert rules.perilous(state, near, hero) and rules.perilous(state, at, hero)
    assert not rules.perilous(state, far, hero)
    state.minion("minion-gothmog").status = "gone"
    assert not rules.perilous(state, near, hero)


def test_witch_king_forbids_resting_and_healing_next_to_it() -> None:
    # spec 3.2 (Rest step: the hero may rest where nothing forbids it), 5.5 (heal)
    state, _, near, far = minion_on_board("minion-witch-king")
    hero = state.heroes[0]
    hero.at = far
    assert hero_rules.may_rest(state, hero)
    hero.at = near
    assert not hero_rules.may_rest(state, hero)
    rules.take_damage(state, hero, 2, [])
    turn = turn_on(state)
    rules.heal(turn, hero, "a test")
    assert stock.count(turn.state, stock.damage(hero)) == 2
    hero.at = far
    rules.heal(turn, hero, "a test")
    assert stock.count(turn.state, stock.damage(hero)) == 0


def test_black_serpent_and_ringwraiths_move_two_locations_in_one_command() -> None:
    # spec 3.1 step 5 (Command: a minion moves to an adjacent location); these two reach two steps away
    for key in ("minion-black-serpent", "minion-ringwraiths"):
        state, _, near, far = minion_on_board(key)
        assert {near, far} <= set(sauron.move_targets(state, key))
    state, _, near, far = minion_on_board("minion-gothmog")
    reach = sauron.move_targets(state, "minion-gothmog")
    assert near in reach and far not in reach


def test_black_serpent_lets_a_token_go_next_to_it_without_influence() -> None:
    # spec 3.1 step 5.3 (a new token goes where there is influence); no influence is on the board here
    state, _, near, _ = minion_on_board("minion-black-serpent")
    group = state.map.region(state.map.location(near).region).group
    assert not state.heroes_at(near) and not state.influence.get(near, 0)
    assert near in tokens.token_targets(state, group)
    state.minion("minion-black-serpent").status = "gone"
    assert near not in tokens.token_targets(state, group)
