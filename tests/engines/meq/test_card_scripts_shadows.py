"""Shadow card scripts (meq spec 7.3: Shadow cards with their timing windows; spec 3.1 and 5.12: one a
player-turn, paid for by the Shadow Pool)."""

from __future__ import annotations

from engines.meq import combat, rules, scripts, stock
from engines.meq.cards import BLACK, YELLOW
from engines.meq.state import MeqState
from tests.engines.meq.table import a_table, answer, contexts, from_deck, hero_turn, options, turn_on


def table() -> MeqState:
    """Hero 0's turn with 4 cards in hand and nothing open."""
    state = hero_turn(a_table(), 0)
    state.decisions.clear()
    state.queue.clear()
    rules.draw_cards(turn_on(state), state.heroes[0], 4)
    return state


def run(state: MeqState, ref: str, hero: int | None = 0) -> MeqState:
    scripts.run_card(turn_on(state), ref, state.heroes[hero] if hero is not None else None)
    return state


def corrupt(state: MeqState, who: int, n: int) -> None:
    for _ in range(n):
        rules.gain_corruption(turn_on(state), state.heroes[who])


def in_combat(foe: str = "mon-orc") -> MeqState:
    state = table()
    combat.start(turn_on(state), state.heroes[0], foe, "ambush")
    state.decisions.clear()
    state.queue.clear()
    return state


def test_betrayed_two_random_discards_and_less_strength() -> None:
    # meq spec 7.3 (discard; combat strength): 2 random hand cards away, -1 strength per Corruption card
    state = in_combat()
    corrupt(state, 0, 2)
    hand = len(state.heroes[0].hand.cards)
    run(state, "shadow-betrayed-1")
    assert len(state.heroes[0].hand.cards) == hand - 2
    assert state.combat is not None and state.combat.strength_mod == -2


def test_dark_promises_corruption_or_damage() -> None:
    # meq spec 7.3 (side choice): the hero picks a Corruption card or 5 damage
    for ref in ("shadow-dark-promises-7", "shadow-dark-promises-2-8"):
        state = run(in_combat(), ref)
        state = answer(state, "card", "corrupt")
        assert len(state.heroes[0].corruption.cards) == 1
    state = run(in_combat(), "shadow-dark-promises-7")
    state = answer(state, "card", "damage")
    assert any(d.context.startswith("dmg_life") and d.context.endswith(":5") for d in state.decisions)


def test_morgul_blade_five_per_corruption() -> None:
    # meq spec 7.3 (damage): Sauron picks 5 per Corruption card, or 3 and a Corruption card
    state = in_combat("minion-witch-king")
    corrupt(state, 0, 1)  # the Witch King adds none; one card for the test
    n = len(state.heroes[0].corruption.cards)
    run(state, "shadow-morgul-blade-14")
    state = answer(state, "card", "per")
    assert f"hero_damage:{state.heroes[0].key}:{5 * n}" in state.queue or any(
        d.context.endswith(f":{5 * n}") for d in state.decisions)
    state = run(in_combat("minion-witch-king"), "shadow-morgul-blade-14")
    before = len(state.heroes[0].corruption.cards)
    state = answer(state, "card", "one")
    assert len(state.heroes[0].corruption.cards) == before + 1


def test_black_breath_cuts_strength_and_agility_before_the_draw() -> None:
    # meq spec 7.3 and 4.2 a: played at the start of combat, before the hero spends agility
    state = in_combat("minion-witch-king")
    run(state, "shadow-the-black-breath-22")
    c = state.combat
    assert c is not None and len(state.heroes[0].corruption.cards) == 1
    assert (c.strength_mod, c.agility_mod) == (-1, -1)
    combat.agility_task(turn_on(state), [])
    agility = rules.attribute(state, state.heroes[0], "agility")
    assert state.decisions[-1].high == agility - 1


def test_crebain_fight_with_no_agility_and_no_ambush() -> None:
    # meq spec 7.3 (monsters): a Crebain fight at the start of the turn, agility 0, no Ambush step
    state = run(table(), "shadow-flocks-of-crebain-3")
    c = state.combat
    assert c is not None and c.foe == "mon-crebain" and c.agility_zero and c.keep_turn and state.skip_ambush
    assert state.decisions[-1].high == 0


def test_seem_fairer_agent_then_a_plot_if_corrupted() -> None:
    # meq spec 7.3 (monsters, Sauron's draws): an Agent; afterwards a Plot card if the hero is corrupted
    state = run(table(), "shadow-seem-fairer-feel-fouler-6")
    c = state.combat
    key = state.heroes[0].key
    assert c is not None and c.foe == "mon-agent" and c.on_end == [f"fx:plot_if_corrupt:{key}"]
    plots = len(state.plot_hand.cards)
    corrupt(state, 0, 1)
    state.combat = None
    state.queue = list(c.on_end)
    from engines.meq import flow

    state.decisions.clear()
    state.step = "hero_end"
    flow.TASKS["fx"](turn_on(state), state.queue.pop(0).split(":")[1:])
    assert len(state.plot_hand.cards) == plots + 1


def test_creatures_of_the_wild_troll_when_corrupted() -> None:
    # meq spec 7.3 (monsters): a Giant Spider, or a Cave Troll with 2 Corruption cards
    state = run(table(), "shadow-creatures-of-the-wild-18")
    assert state.combat is not None and state.combat.foe == "mon-giant-spider"
    state = table()
    corrupt(state, 0, 2)
    run(state, "shadow-creatures-of-the-wild-18")
    assert state.combat is not None and state.combat.foe == "mon-cave-troll"


def test_his_arm_has_grown_long_makes_the_location_perilous() -> None:
    # meq spec 7.3 and 5.4 (perilous): the place stays perilous for this turn
    for ref in ("shadow-his-arm-has-grown-long-4", "shadow-his-arm-has-grown-long-2-5"):
        state = table()
        h = state.heroes[0]
        state.influence.pop(h.at, None)
        assert not rules.perilous(state, h.at, h) or state.map.location(h.at).perilous
        run(state, ref)
        assert rules.perilous(state, h.at, h)


def test_winter_storm_one_move() -> None:
    # meq spec 7.3 (movement): after one move, Travel offers no further move
    state = run(table(), "shadow-winter-storm-23")
    state.moved_first = True
    state.step = "travel"
    from engines.meq import flow

    flow.STEPS["travel"](turn_on(state))
    assert not [o for o in state.decisions[-1].options if o.id.startswith("move:")]


def test_evil_wound_damage_grows_with_corruption() -> None:
    # meq spec 7.3 (damage): 4 plus 2 per Corruption card
    state = table()
    corrupt(state, 0, 2)
    run(state, "shadow-evil-wound-16")
    assert state.queue == [f"hero_damage:{state.heroes[0].key}:8"]


def test_grievous_loss_influence_and_a_shorter_story_move() -> None:
    # meq spec 7.3 (influence, story markers): per Corruption card 1 influence; the heroes move 1 less next Story
    state = table()
    corrupt(state, 0, 3)
    state.pool = 0
    run(state, "shadow-grievous-loss-24")
    state = answer(state, "card", "1")
    assert state.pool == 1 and state.story_cut == 1
    assert "place" in contexts(state)
    state.decisions.clear()
    state.queue.clear()
    before = state.markers["hero"]
    from engines.meq import flow

    flow.STEPS["story"](turn_on(state))
    assert state.markers["hero"] == before + int(state.opt("hero_advance")) - 1


def test_evil_fog_moves_and_discards() -> None:
    # meq spec 7.3 (movement, discard): Sauron picks a hero, may move him one step; 1 random discard per Corruption
    state = table()
    corrupt(state, 0, 1)
    h = state.heroes[0]
    hand = len(h.hand.cards)
    run(state, "shadow-an-evil-fog-2", None)
    state = answer(state, "card", h.key)
    dest = state.map.neighbours(h.at)[0]
    state = answer(state, "card", dest)
    assert state.heroes[0].at == dest and len(state.heroes[0].hand.cards) == hand - 1


def test_do_not_tempt_me_favor_per_corruption() -> None:
    # meq spec 7.3 (favor, influence): 1 favor lost per Corruption card
    state = table()
    corrupt(state, 1, 2)
    state.heroes[1].favor = 3
    run(state, "shadow-do-not-tempt-me-9", None)
    state = answer(state, "card", state.heroes[1].key)
    if "card" in contexts(state):
        state = answer(state, "card", "no")
    assert state.heroes[1].favor == 1


def test_a_new_power_tokens_or_mordor() -> None:
    # meq spec 7.3 (influence, monsters): Mordor influence within caps, or up to 2 monster tokens
    state = run(table(), "shadow-a-new-power-is-rising-10", None)
    state = answer(state, "card", "mordor")
    assert state.influence.get("barad-dur", 0) >= 2
    state = table()
    for loc in ("barad-dur", "dagorlad", "carn-dum", "isengard"):
        state.influence[loc] = 1
    run(state, "shadow-a-new-power-is-rising-10", None)
    tokens = len(state.tokens.cards)
    state = answer(state, "card", "tokens")
    for _ in range(2):
        spot = sorted(options(state, "card") - {"skip"})[0]
        state = answer(state, "card", spot)
    assert len(state.tokens.cards) == tokens + 2 and "card" not in contexts(state)


def test_storms_of_mordor_hand_to_five_then_random() -> None:
    # meq spec 7.3 (discard): each hero down to 5 by choice, then 1 random card per Corruption card
    state = table()
    rules.draw_cards(turn_on(state), state.heroes[0], 3)  # 7 cards
    corrupt(state, 0, 1)
    run(state, "shadow-storms-of-mordor-11", None)
    two = sorted(options(state, "card"))[:2]
    state = answer(state, "card", *two)
    assert len(state.heroes[0].hand.cards) == 4


def test_sarumans_lies_bottom_and_black_marker() -> None:
    # meq spec 7.3 (story markers): top Plot to the bottom; a hero with Corruption >= wisdom moves black 1
    state = table()
    h = state.heroes[0]
    corrupt(state, 0, rules.attribute(state, h, "wisdom"))
    top = stock.cards(state, "plot")[-1].uid
    before = state.markers[BLACK]
    run(state, "shadow-saruman-s-lies-13", None)
    state = answer(state, "card", "bottom")
    assert stock.cards(state, "plot")[0].uid == top and state.markers[BLACK] == before + 1


def test_lord_of_the_rings_takes_back_a_discard() -> None:
    # meq spec 7.3 (Sauron's cards): a discarded Shadow card back to hand; A Dark Messenger active: yellow +1
    state = table()
    old = from_deck(state, "shadow", "shadow-winter-storm-23")
    state.shadow_discard.cards.append(old)
    messenger = state.new_card("m", "a-dark-messenger-4")
    state.plots.cards.append(messenger)
    before = state.markers[YELLOW]
    run(state, "shadow-lord-of-the-rings-15", None)
    state = answer(state, "card", old.uid)
    assert any(c.uid == old.uid for c in state.shadow_hand.cards) and state.markers[YELLOW] == before + 1


def test_ithil_stone_fetches_a_named_plot() -> None:
    # meq spec 7.3 (Sauron's cards): one of two named Plots from the Plot deck into his hand
    state = run(table(), "shadow-the-ithil-stone-19", None)
    pick = sorted(options(state, "card"))[0]  # named by definition (tests/attack/test_meq_card_ids.py)
    state = answer(state, "card", pick)
    assert any(c.ref == pick for c in state.plot_hand.cards)
    assert all(stock.card_of(e).ref != pick for e in state.stock["plot"])


def test_they_are_terrible_returns_a_defeated_minion() -> None:
    # meq spec 7.3 (minions): a defeated minion comes back healed on a location with influence
    state = table()
    m = state.minions[0]
    m.status, m.damage, m.at = "gone", 3, ""
    state.influence["barad-dur"] = 2
    run(state, "shadow-they-are-terrible-20", None)
    state = answer(state, "card", m.key)
    loc = sorted(options(state, "card"))[0]
    state = answer(state, "card", loc)
    back = state.minion(m.key)
    assert (back.status, back.damage, back.at) == ("in", 0, loc)


def test_lidless_eye_shares_and_adds_corruption() -> None:
    # meq spec 7.3 (corruption): two heroes' Corruption cards shared out, then one more to a hero
    state = table()
    corrupt(state, 0, 2)
    a, b = state.heroes
    run(state, "shadow-the-lidless-eye-21", None)
    state = answer(state, "card", a.key, b.key)
    state = answer(state, "card")  # none to the first: all to the second
    state = answer(state, "card", b.key)
    assert (len(state.heroes[0].corruption.cards), len(state.heroes[1].corruption.cards)) == (0, 3)


def test_shire_baggins_yellow_marker() -> None:
    # meq spec 7.3 (influence, story markers): Pool +1 and Shire +1; 3 there -> yellow +2
    state = table()
    state.influence["the-shire"] = 2
    before = state.markers[YELLOW]
    run(state, "shadow-shire-baggins-17", None)
    assert state.influence["the-shire"] == 3 and state.markers[YELLOW] == before + 2
    calm = table()
    calm.influence.pop("the-shire", None)
    b2 = calm.markers[YELLOW]
    run(calm, "shadow-shire-baggins-17", None)
    assert calm.markers[YELLOW] == b2
