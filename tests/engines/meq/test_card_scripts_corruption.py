"""Corruption cards (meq spec 5.5: lasting penalties; 7.3: Item and Corruption effects), each checked through
the engine step it changes, with the card held or just received."""

from __future__ import annotations

from engines.core import Turn
from engines.meq import combat, explore, hero, rules, sauron, stock, travel
from engines.meq.state import Hero, MeqState
from tests.engines.meq.table import a_table, answer, from_deck, on_top, open_decision, options, turn_on


def table(*corruption: str, at: str = "bree") -> tuple[MeqState, Hero]:
    """Argalad's turn on `at` (a plain location), holding these Corruption cards."""
    state = a_table()
    state.decisions.clear()
    state.queue.clear()
    state.first_turn = False
    state.active, state.step = 0, "travel"
    h = state.heroes[0]
    h.at = at
    for ref in corruption:
        h.corruption.cards.append(from_deck(state, "corruption", ref))
    return state, h


def said(turn: Turn[MeqState]) -> list[str]:
    return [e.text for e in turn.events]


def test_attribute_cards_lower_one_attribute_each() -> None:
    # meq spec 5.5 (levels; Corruption penalties), 4.1 (hero stats)
    for ref, name in (("corr-deranged", "wisdom"), ("corr-helpless", "agility"), ("corr-weary", "fortitude"),
                      ("corr-weak", "strength")):
        state, h = table()
        before = rules.attribute(state, h, name)
        state, h = table(ref)
        assert rules.attribute(state, h, name) == before - 1, ref


def test_weak_lowers_the_strength_of_a_combat() -> None:
    # meq spec 4.2 step 2 (strength + unspent agility)
    state, h = table("corr-weak")
    combat.start(turn_on(state), h, "mon-orc", "ambush")
    state = answer(state, "agility", "0")
    assert state.combat is not None and state.combat.hero_strength == 5 - 1 + 3


def test_reckless_lets_sauron_draw_a_fourth_peril_card() -> None:
    # meq spec 3.2 step 3b (Sauron draws 3 Peril cards)
    for held, n in (((), 3), (("corr-reckless",), 4)):
        state, _ = table(*held)
        turn = turn_on(state)
        before = stock.count(state, "peril")
        travel.peril_task(turn, [])
        assert before - stock.count(state, "peril") == n


def test_indifferent_draws_two_encounter_cards() -> None:
    # meq spec 3.2 step 4 (three Encounter cards)
    for held, n in (((), 3), (("corr-indifferent",), 2)):
        state, h = table(*held)
        key = f"encounter:{state.map.group_of(h.at)}"
        before = stock.count(state, key)
        hero.encounter_step(turn_on(state))
        assert before - stock.count(state, key) == n


def test_distraught_caps_the_hand_at_seven() -> None:
    # meq spec 3.1 step 6 (Hero Draw up to fortitude)
    state, h = table("corr-distraught")
    while len(h.hand.cards) < 6:
        h.hand.cards.append(stock.pop(state, stock.life(h)))
    sauron.hero_draw(turn_on(state))
    assert open_decision(state, "draw").high == 1
    turn = turn_on(state)
    assert rules.draw_cards(turn, h, 3) == 1 and len(h.hand.cards) == 7


def test_despairing_keeps_favor_at_three() -> None:
    # meq spec 5.5 (favor)
    state, h = table()
    h.favor = 5
    on_top(state, "corruption", "corr-despairing")
    turn = turn_on(state)
    rules.gain_corruption(turn, h)
    assert h.favor == 3
    rules.gain_favor(turn, h, 2, "a test")
    assert h.favor == 3


def test_mistrusted_gains_one_favor_a_turn() -> None:
    # meq spec 5.5 (favor)
    state, h = table("corr-mistrusted")
    turn = turn_on(state)
    rules.gain_favor(turn, h, 2, "a test")
    rules.gain_favor(turn, h, 1, "a test")
    assert h.favor == 1
    state.hero_turns += 1  # a later turn of the same hero
    rules.gain_favor(turn, h, 2, "a test")
    assert h.favor == 2


def test_isolated_may_neither_consult_nor_trade() -> None:
    # meq spec 3.2 step 3c (consult characters, trade favor), 5.5
    for held, allowed in (((), True), (("corr-isolated",), False)):
        state, h = table(*held)
        state.characters["char-gandalf"] = h.at
        other = state.heroes[1]
        other.at, h.favor = h.at, 2
        explore.explore_task(turn_on(state), [])
        ids = options(state, "explore")
        assert ("consult:char-gandalf:favor" in ids) is allowed
        assert (f"give:{other.key}" in ids) is allowed


def test_hopeless_allows_three_moves_a_turn() -> None:
    # meq spec 3.2 step 3 (Travel repeats)
    state, h = table("corr-hopeless")
    h.hand.cards.extend([stock.pop(state, stock.life(h)) for _ in range(4)])  # cards to pay for a move
    state.moves_made = 2
    travel.travel_step(turn_on(state))
    assert any(i.startswith("move:") for i in options(state, "travel"))
    state.decisions.clear()
    state.moves_made = 3
    travel.travel_step(turn_on(state))
    assert not any(i.startswith("move:") for i in options(state, "travel"))


def test_cowardly_discards_a_random_card_as_combat_starts() -> None:
    # meq spec 4.2 step 2 (the hero's combat hand is the whole hand)
    state, h = table("corr-cowardly")
    h.hand.cards.extend([stock.pop(state, stock.life(h)) for _ in range(3)])
    hand, rest = len(h.hand.cards), len(h.rest.cards)
    combat.start(turn_on(state), h, "mon-orc", "ambush")
    assert (len(h.hand.cards), len(h.rest.cards)) == (hand - 1, rest + 1)


def test_greedy_gives_sauron_a_new_shadow_card() -> None:
    # meq spec 3.1 (Shadow cards: one a player-turn)
    for held, n in (((), 0), (("corr-greedy",), 1)):
        state, _ = table(*held)
        card = from_deck(state, "shadow", "shadow-an-evil-fog-2")
        state.shadow_hand.cards.append(card)
        before = stock.count(state, "shadow")
        sauron.play_shadow(turn_on(state), card.uid)
        assert before - stock.count(state, "shadow") == n


def test_despondent_moves_the_leftmost_marker_two() -> None:
    # meq spec 3.2 step 1 (a rest moves the leftmost Sauron marker 1), 4.4 (defeat)
    for held, n in (((), 1), (("corr-despondent",), 2)):
        state, h = table(*held)
        state.markers.update({"yellow": 3, "red": 1, "black": 2})
        hero.sauron_step(turn_on(state), [h.key, "a hero rested"])
        assert state.markers["red"] == 1 + n


def test_careless_costs_two_favor_and_goes_back_into_the_deck() -> None:
    # meq spec 5.5 (favor; Corruption cards)
    state, h = table()
    h.favor = 3
    state.corruption_discard.cards.append(from_deck(state, "corruption", "corr-weak"))
    on_top(state, "corruption", "corr-careless")
    deck = stock.count(state, "corruption")
    rules.gain_corruption(turn_on(state), h)
    assert h.favor == 1 and not h.corruption.cards and not state.corruption_discard.cards
    assert stock.count(state, "corruption") == deck + 1
    assert {"corr-careless", "corr-weak"} <= set(stock.refs(state, "corruption"))


def test_wretched_ends_the_turn_and_sauron_may_send_the_hero_to_a_haven() -> None:
    # meq spec 3.2 (the hero's turn), 4.4 (nearest Haven, counting locations)
    state, h = table()
    on_top(state, "corruption", "corr-wretched")
    rules.gain_corruption(turn_on(state), h)
    assert state.turn_over and not h.corruption.cards
    d = open_decision(state, "wretched")
    assert d.seat == state.sauron
    haven = next(o.id for o in d.options if o.id != "stay")
    state = answer(state, "wretched", haven)
    assert state.heroes[0].at == haven and state.map.location(haven).haven
