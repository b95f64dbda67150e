"""Acceptance scenarios of the hero turn (meq spec 6): Rest, Travel (move, peril, blank tokens), Explore
(characters, the Dark Path, trading), Encounter, training and a defeat by movement, each played through the
decisions the engine opens for the hero and for Sauron."""

from __future__ import annotations

import pytest

from engines.core import Answer, RuleError, codec
from engines.meq import GAME, stock
from engines.meq.cards import index
from engines.meq.state import MeqState
from tests.engines.meq.table import (
    a_table,
    answer,
    contexts,
    from_deck,
    give,
    hero_turn,
    on_top,
    open_decision,
    options,
    place_token,
)


def to_travel(state: MeqState) -> MeqState:
    """Decline the rest, if offered, to reach the Travel decision."""
    if "rest" in contexts(state):
        state = answer(state, "rest", "pass")
    open_decision(state, "travel")
    return state


def refuse(state: MeqState, context: str, choice: str) -> None:
    d = open_decision(state, context)
    with pytest.raises(RuleError):
        GAME.apply(state, d.seat, Answer(decision=d.id, choice=(choice,)))


# --- Rest --------------------------------------------------------------------------------------------------


def test_rest_on_a_normal_location() -> None:
    # meq spec 6.32; seed 004 The Rest Step (l.1536): the rest pool goes back, the damage pool stays, the
    # leftmost Sauron marker moves 1, and the hero picks among tied markers
    state = a_table()
    h = state.heroes[0]
    rested = give(state, 0, "cmb-argalad-overdraw", "cmb-argalad-volley")
    h.hand.cards.clear()
    h.rest.cards.extend(rested)
    stock.put(state, stock.damage(h), [from_deck(state, stock.life(h), "cmb-argalad-parry")])
    state = hero_turn(state, 0, at="bree")
    life = stock.count(state, stock.life(state.heroes[0]))
    assert state.markers["yellow"] == state.markers["red"] == state.markers["black"]
    state = answer(state, "rest", "rest")
    h = state.heroes[0]
    assert not h.rest.cards and stock.count(state, stock.life(h)) == life + 2
    assert stock.count(state, stock.damage(h)) == 1  # not a Haven: no healing
    tie = open_decision(state, "which_marker")
    assert tie.seat == h.seat and {o.id for o in tie.options} == {"yellow", "red", "black"}
    state = answer(state, "which_marker", "red")
    assert (state.markers["red"], state.markers["yellow"], state.markers["black"]) == (1, 0, 0)


def test_rest_moves_the_leftmost_marker_without_asking() -> None:
    # meq spec 6.32 (no tie: the marker furthest from the Finale moves); seed 004 l.1536
    state = a_table()
    state.markers.update({"yellow": 2, "red": 1, "black": 3})
    state = hero_turn(state, 0, at="bree")
    state = answer(state, "rest", "rest")
    assert "which_marker" not in contexts(state)
    assert (state.markers["yellow"], state.markers["red"], state.markers["black"]) == (2, 2, 3)


def test_rest_on_a_haven_heals() -> None:
    # meq spec 3.2 step 1 (heal, only on a Haven), beside scenario 6.32; seed 004 l.1536
    state = a_table()
    h = state.heroes[0]
    stock.put(state, stock.damage(h), [from_deck(state, stock.life(h), "cmb-argalad-parry")])
    life = stock.count(state, stock.life(h))
    state = hero_turn(state, 0, at="rivendell")
    state = answer(state, "rest", "rest")
    assert stock.count(state, stock.damage(state.heroes[0])) == 0
    assert stock.count(state, stock.life(state.heroes[0])) == life + 1


def test_one_corruption_card_paid_off_per_rest() -> None:
    # meq spec 6.34; seed 004 The Rest Step (l.1536): 3 favor, a card costing 2 -> 1 favor left; no second one
    state = a_table()
    h = state.heroes[0]
    h.favor = 3
    costly = from_deck(state, "corruption", "corr-distraught")  # 2 favor
    cheap = from_deck(state, "corruption", "corr-reckless")  # 1 favor
    h.corruption.cards.extend([costly, cheap])
    state.markers.update({"yellow": 1, "red": 1})
    state = hero_turn(state, 0, at="bree")
    state = answer(state, "rest", "rest")
    assert options(state, "pay_corruption") == {costly.uid, cheap.uid, "pass"}
    state = answer(state, "pay_corruption", costly.uid)
    h = state.heroes[0]
    assert h.favor == 1 and [c.uid for c in h.corruption.cards] == [cheap.uid]
    assert state.corruption_discard.cards[-1].uid == costly.uid
    assert "pay_corruption" not in contexts(state)  # 1 favor would pay for the other card: still refused
    assert "travel" in contexts(state)


# --- Travel ------------------------------------------------------------------------------------------------


def test_boat_on_a_water_path() -> None:
    # meq spec 6.38; seed 004 The Travel Step (l.1685), Items: The Grey Havens - Harlindon is water, forest 2
    for boat in (False, True):
        state = a_table("argalad")
        state.heroes[0].hand.cards.clear()
        forest, hill = give(state, 0, "cmb-argalad-overdraw", "cmb-argalad-parry")
        if boat:
            state.heroes[0].items.append("item-boat")
        state = to_travel(hero_turn(state, 0, at="the-grey-havens"))
        state = answer(state, "travel", "move:harlindon")
        offered = options(state, "pay")
        if boat:
            assert offered == {forest.uid, hill.uid}  # any one card
            state = answer(state, "pay", hill.uid)
            assert state.heroes[0].at == "harlindon" and [c.uid for c in state.heroes[0].hand.cards] == [forest.uid]
        else:
            assert offered == {forest.uid, "any"}  # the forest card, or any 2
            refuse(state, "pay", hill.uid)
            state = answer(state, "pay", "any")
            d = open_decision(state, "pay_any")
            assert (d.low, d.high) == (2, 2)
            state = answer(state, "pay_any", forest.uid, hill.uid)
            assert state.heroes[0].at == "harlindon"
        assert [c.uid for c in state.heroes[0].rest.cards][-1] in (forest.uid, hill.uid)


def test_peril_with_no_matching_card() -> None:
    # meq spec 6.40; seed 004 Peril Cards (l.1815): three cards, none for here, all discarded, nothing happens
    state = a_table("argalad")
    state.heroes[0].hand.cards.clear()
    paid = give(state, 0, "cmb-argalad-overdraw")[0]
    state.influence = {"weathertop": 3}  # more than Argalad's wisdom (2): perilous for him
    on_top(state, "peril", "peril-armies-underground-6", "peril-hill-of-black-7", "peril-dark-tower-8")
    state = to_travel(hero_turn(state, 0, at="bree"))
    state = answer(state, "travel", "move:weathertop")
    state = answer(state, "pay", paid.uid)
    h = state.heroes[0]
    assert [c.ref for c in state.peril_discard.cards] == [
        "peril-armies-underground-6", "peril-hill-of-black-7", "peril-dark-tower-8"]
    assert "peril" not in contexts(state) and not state.peril_drawn.cards
    assert stock.count(state, stock.damage(h)) == 0 and not h.corruption.cards
    assert open_decision(state, "explore")


def test_peril_offers_only_matching_cards() -> None:
    # meq spec 3.2 step 3b (the contrast to 6.40): Sauron chooses among the cards that match; all 3 discarded
    state = a_table("argalad")
    state.heroes[0].hand.cards.clear()
    paid = give(state, 0, "cmb-argalad-overdraw")[0]
    state.influence = {"weathertop": 3}
    on_top(state, "peril", "peril-armies-underground-6", "peril-trapped-11", "peril-ill-met-company-5")
    state = to_travel(hero_turn(state, 0, at="bree"))
    state = answer(state, "travel", "move:weathertop")
    state = answer(state, "pay", paid.uid)
    d = open_decision(state, "peril")
    assert d.seat == state.sauron and d.private
    assert {state.peril_drawn.find(o.id).ref for o in d.options} == {  # type: ignore[union-attr]
        "peril-trapped-11", "peril-ill-met-company-5"}  # Weathertop is in Rhudaur; the other is for Gundabad
    state = answer(state, "peril", d.options[0].id)
    assert len(state.peril_discard.cards) == 3 and not state.peril_drawn.cards


def test_a_blank_token_is_discarded_and_the_hero_explores() -> None:
    # meq spec 6.41; seed 004 The Travel Step (l.1732): flipped blank -> discarded, no combat, Explore
    state = a_table("argalad")
    state.heroes[0].hand.cards.clear()
    paid = give(state, 0, "cmb-argalad-overdraw")[0]
    blank = place_token(state, "rhudaur-grey-mountains", "blank", "weathertop")
    state = to_travel(hero_turn(state, 0, at="bree"))
    state = answer(state, "travel", "move:weathertop")
    state = answer(state, "pay", paid.uid)
    # Sauron must confront the hero with it, the only piece there: the question answers itself (README, "forced"
    # decisions; tests/engines/meq/test_forced_answers.py), and the flip shows the blank
    assert "attack" not in contexts(state)
    assert state.combat is None and not state.tokens.cards
    discarded = state.token_discard.cards[-1]
    assert discarded.uid == blank.uid and discarded.face_up
    public = codec.to_data(GAME.view(state, None))
    assert "Blank" in str(public["table"])  # face up in the discard, for everyone
    assert open_decision(state, "explore")


def test_defeat_by_movement() -> None:
    # meq spec 6.58; seed 004 Defeated Heroes (l.2533), Frequently Overlooked Rules: empty life pool, the last
    # card in hand spent to move -> defeated at once
    state = a_table()
    h = state.heroes[0]
    h.hand.cards.clear()
    last = give(state, 0, "cmb-argalad-overdraw")[0]
    in_life = stock.count(state, stock.life(h))
    stock.put(state, stock.damage(h), [stock.pop(state, stock.life(h)) for _ in range(in_life)])
    assert stock.count(state, stock.life(h)) == 0
    state.markers.update({"yellow": 1, "red": 1})
    state = to_travel(hero_turn(state, 0, at="bree"))
    state = answer(state, "travel", "move:weathertop")
    state = answer(state, "pay", last.uid)
    assert state.markers["black"] == 1  # the leftmost Sauron marker moved at once
    assert "explore" not in contexts(state) and "attack" not in contexts(state)
    if "haven" in contexts(state):  # Fornost and Rivendell are both two paths away: Sauron picks
        assert open_decision(state, "haven").seat == state.sauron
        state = answer(state, "haven", "fornost")
    h = state.heroes[0]
    assert state.map.location(h.at).haven
    assert stock.count(state, stock.life(h)) == in_life + 1 and stock.count(state, stock.damage(h)) == 0
    assert state.active == 1  # the turn ended: Beravor's turn


# --- Explore -----------------------------------------------------------------------------------------------


def exploring(state: MeqState, at: str) -> MeqState:
    state = to_travel(hero_turn(state, 0, at=at))
    return answer(state, "travel", "explore")


def test_consulting_a_character_gives_favor_or_ability_not_both() -> None:
    # meq spec 6.46; seed 004 Explore (l.1843), Characters
    state = a_table()
    state.characters = {"char-gandalf": "bree"}
    state = exploring(state, "bree")
    assert {"consult:char-gandalf:favor", "consult:char-gandalf:ability"} <= options(state, "explore")
    state = answer(state, "explore", "consult:char-gandalf:favor")
    assert state.heroes[0].favor == index().characters["char-gandalf"].value == 2
    assert "char-gandalf" not in state.characters  # back to the Favor and Character area
    refuse(state, "explore", "consult:char-gandalf:ability")


def test_dark_path() -> None:
    # meq spec 6.47; seed 004 Explore (l.1843), the Dark Path: at most 3 Corruption cards, once a turn
    state = a_table()
    h = state.heroes[0]
    h.corruption.cards.extend(from_deck(state, "corruption", r)
                              for r in ("corr-weary", "corr-weak", "corr-isolated", "corr-greedy"))
    four = exploring(state, "bree")
    refuse(four, "explore", "darkpath")
    h.corruption.cards.pop()
    state = exploring(state, "bree")
    assert "darkpath" in options(state, "explore")
    state = answer(state, "explore", "darkpath")
    h = state.heroes[0]
    assert h.favor == 1 and len(h.corruption.cards) == 4
    refuse(state, "explore", "darkpath")


def test_trading_encounter_quests_but_not_a_heros_own() -> None:
    # meq spec 6.49; seed 004 Explore (l.1843), Quests (l.1992): favor, Items and Encounter Quests change hands
    state = a_table()
    argalad, beravor = state.heroes
    beravor.at = "bree"
    argalad.favor = 2
    argalad.items.append("item-elven-cloak")
    own = argalad.quests[0]  # the Starting Quest
    assert index().quests[own].kind == "starting"
    argalad.quests.append("enc-quest-greenleaf-59")
    state = exploring(state, "bree")
    offered = options(state, "explore")
    assert {"give:beravor", "item:beravor:item-elven-cloak", "quest:beravor:enc-quest-greenleaf-59"} <= offered
    refuse(state, "explore", f"quest:beravor:{own}")
    state = answer(state, "explore", "quest:beravor:enc-quest-greenleaf-59")
    state = answer(state, "explore", "item:beravor:item-elven-cloak")
    state = answer(state, "explore", "give:beravor")
    argalad, beravor = state.heroes
    assert "enc-quest-greenleaf-59" in beravor.quests and "enc-quest-greenleaf-59" not in argalad.quests
    assert beravor.items == ["item-elven-cloak"] and not argalad.items
    assert (argalad.favor, beravor.favor) == (1, 1)
    assert own in argalad.quests


# --- Encounter ---------------------------------------------------------------------------------------------


def test_no_encounter_on_a_perilous_location() -> None:
    # meq spec 6.43; seed 004 The Encounter Step (l.1913)
    state = a_table()
    state.influence = {"dagorlad": 3}  # Argalad's wisdom is 2
    deck = stock.count(state, "encounter:brown-lands-mordor")
    state = to_travel(hero_turn(state, 0, at="dagorlad"))
    state = answer(state, "travel", "pass")
    assert stock.count(state, "encounter:brown-lands-mordor") == deck
    assert not state.encounter_discards["brown-lands-mordor"].cards
    assert state.active == 1  # on to the next hero


def test_encounter_resolves_the_lowest_matching_card_and_a_quest_stays() -> None:
    # meq spec 6.44; seed 004 The Encounter Step (l.1913): on Gladden Fields (Misty Mountains, the green deck),
    # 3 (a Mirkwood card), 8 (any location, a Quest) and 9 (any location): the Quest goes to the hero
    state = a_table()
    green = "encounter:misty-mountains-mirkwood"
    on_top(state, green, "enc-lost-in-the-53", "enc-quest-greenleaf-59", "enc-i-sang-of-60")
    assert [index().encounters[r].priority for r in stock.refs(state, green)[-3:]] == [9, 8, 3]
    state = to_travel(hero_turn(state, 0, at="gladden-fields"))
    state = answer(state, "travel", "pass")
    argalad = state.heroes[0]
    assert "enc-quest-greenleaf-59" in argalad.quests
    assert sorted(c.ref for c in state.encounter_discards["misty-mountains-mirkwood"].cards) == [
        "enc-i-sang-of-60", "enc-lost-in-the-53"]
    panel = next(p for p in GAME.view(state, None).heroes if p.seat == argalad.seat)  # type: ignore[attr-defined]
    assert "Quest: Greenleaf" in panel.quests


def test_an_empty_encounter_deck_is_rebuilt_from_its_discards() -> None:
    # meq spec 6.70; seed 004 Reshuffling (l.2698)
    state = a_table()
    key, group = "encounter:eriador-enedwaith", "eriador-enedwaith"
    deck = list(stock.cards(state, key))
    state.stock[key] = tuple(stock.entry(c) for c in deck[-1:])
    for c in deck[:-1]:
        c.face_up = True
    state.encounter_discards[group].cards = deck[:-1]
    state = to_travel(hero_turn(state, 0, at="bree"))
    state = answer(state, "travel", "pass")
    in_deck = stock.count(state, key)
    discarded = len(state.encounter_discards[group].cards)
    held = [q for q in state.heroes[0].quests if q in index().encounters]
    assert in_deck == len(deck) - 3 and discarded + len(held) == 3


# --- levels and skills -------------------------------------------------------------------------------------


def test_training_keeps_one_skill_secret_and_discards_the_other() -> None:
    # meq spec 6.62; seed 004 Training (l.~2050 Skills): 2 Skill cards, 1 to the hand (hidden), 1 face up
    state = a_table()
    h = state.heroes[0]
    skills = stock.count(state, "skill")
    hand = len(h.hand.cards)
    state = GAME.apply(state, h.seat, GAME.parse("adjust train argalad")).state
    d = open_decision(state, "train")
    assert d.seat == h.seat and d.private and len(d.options) == 2
    keep, drop = d.options[0].id, d.options[1].id
    state = answer(state, "train", keep)
    h = state.heroes[0]
    assert stock.count(state, "skill") == skills - 2
    assert len(h.hand.cards) == hand + 1 and h.hand.find(keep) is not None
    assert [c.uid for c in state.skill_discard.cards] == [drop] and state.skill_discard.cards[0].face_up
    for seat in (None, state.sauron, state.heroes[1].seat):  # nobody else sees the kept card
        view = GAME.view(state, seat)
        assert keep not in [c.uid for z in view.table + view.private for c in z.cards]
    mine = GAME.view(state, h.seat)
    assert keep in [c.uid for z in mine.private for c in z.cards]
