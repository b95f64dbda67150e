"""Plot card scripts (meq spec 5.3 Plot cards; spec 3.1 step 3 Plot step; spec 2 step 4c Starting Plot; scenarios
6.16, 6.17): each card's play condition, where its marker goes, what it does in play."""

from __future__ import annotations

import pytest

from engines.meq import flow, plots, rules, sauron, stock
from engines.meq.cards import index
from engines.meq.state import MeqState, Minion
from tests.engines.meq.table import a_table, answer, contexts, from_deck, hero_turn, options, place_token, turn_on


def bare(heroes: str = "argalad,beravor") -> MeqState:
    """A table with no active Plot and nothing open."""
    state = a_table(heroes)
    state.decisions.clear()
    state.queue.clear()
    state.plots.cards.clear()
    state.plot_slot.clear()
    state.plot_at.clear()
    state.characters.clear()
    for m in state.minions:
        m.status, m.at = "waiting", ""
    state.pool = 9
    return state


def in_hand(state: MeqState, ref: str) -> str:
    card = from_deck(state, "plot", ref)
    state.plot_hand.cards.append(card)
    return card.uid


def playable(state: MeqState, ref: str) -> bool:
    uid = in_hand(state, ref)
    ok = uid in sauron.playable_plots(state)
    state.plot_hand.cards = [c for c in state.plot_hand.cards if c.uid != uid]
    state.stock["plot"] = (*state.stock["plot"], stock.entry(state.new_card("x", ref)))
    return ok


def play(state: MeqState, ref: str, at: str = "") -> str:
    uid = in_hand(state, ref)
    sauron.play_plot(turn_on(state), uid, at)
    flow.advance(turn_on(state))
    return uid


def minion_at(state: MeqState, key: str, loc: str) -> None:
    m: Minion = state.minion(key)
    m.status, m.at = "in", loc


STARTING = [(plots.HUNTS, 2, 7, 1, (1, 2), (2, 5)), (plots.EAST, 2, 9, 0, (1, 3), (2, 3)),
            (plots.HUNGRY, 3, 3, 2, (2, 3), (2, 4))]


@pytest.mark.parametrize(("ref", "each", "extension", "pool", "shadows", "plot_cards"), STARTING,
                         ids=[s[0] for s in STARTING])
def test_a_starting_plot_sets_up_influence_and_sauron_keeps_some_cards(
        ref: str, each: int, extension: int, pool: int, shadows: tuple[int, int], plot_cards: tuple[int, int]) -> None:
    # meq spec 2 step 4c: the Starting Plot's own instructions run at setup
    state = bare()
    state.pool = 0
    state.influence.clear()
    card = state.new_card(index().plots[ref].name, ref)
    state.plots.cards.append(card)
    state.plot_slot[card.uid] = 1
    sauron.set_plot_marker(turn_on(state), card.uid, index().plots[ref].affects)
    flow.advance(turn_on(state))
    for loc in state.map.locations:
        if loc.stronghold:
            assert state.influence[loc.id] == each
    assert state.pool == pool
    assert f"place:{extension}" in [d.context for d in state.decisions]
    state = answer(state, "place", "stop")
    shadow_deck = stock.count(state, "shadow")
    assert len(options(state, "plot_keep")) == shadows[1]
    state = answer(state, "plot_keep", *sorted(options(state, "plot_keep"))[:shadows[0]])
    assert len(state.shadow_hand.cards) == shadows[0] and stock.count(state, "shadow") == shadow_deck + shadows[1] - \
        shadows[0]
    assert len(options(state, "plot_keep")) == plot_cards[1]
    state = answer(state, "plot_keep", *sorted(options(state, "plot_keep"))[:plot_cards[0]])
    assert len(state.plot_hand.cards) == plot_cards[0] and not state.plot_drawn.cards


def test_a_new_game_runs_its_starting_plot() -> None:
    # meq spec 2 step 4c: a real setup asks Sauron where the influence goes before his first turn
    state = a_table(plot_setup=True)
    assert any(state.influence.get(x.id, 0) >= 2 for x in state.map.locations if x.stronghold)
    assert "place" in contexts(state)


CONSULT = [(plots.MESSENGER, "char-dain-ii", "erebor"), (plots.SARUMAN_FALLS, "char-saruman", "isengard"),
           (plots.WORMTONGUE, "char-theoden", "edoras"), (plots.DENETHOR, "char-denethor", "minas-tirith")]


@pytest.mark.parametrize(("ref", "char", "loc"), CONSULT, ids=[c[0] for c in CONSULT])
def test_consulting_a_character_a_plot_has_turned_gives_corruption(ref: str, char: str, loc: str) -> None:
    # meq spec 5.3 (ongoing rules) and 3.2 step 3c (consult characters)
    state = bare()
    minion_at(state, "minion-black-serpent", "erebor")  # A Dark Messenger's condition
    state.influence["isengard"] = 3
    if ref == plots.WORMTONGUE:  # its condition: Saruman has fallen
        play(state, plots.SARUMAN_FALLS)
    play(state, ref)
    assert any(c.ref == ref for c in state.plots.cards)
    state = hero_turn(state, 0, loc)
    state.decisions.clear()
    state.queue.clear()
    state.step = "travel"
    state.characters[char] = loc
    state.queue.append("explore")
    flow.advance(turn_on(state))
    state = answer(state, "explore", f"consult:{char}:favor")
    assert len(state.heroes[0].corruption.cards) == 1 and state.heroes[0].favor == 2


def test_a_dark_messenger_needs_a_minion_on_erebor() -> None:
    # meq spec 3.1 step 3: the card's italic condition must hold
    state = bare()
    assert not playable(state, plots.MESSENGER)
    minion_at(state, "minion-black-serpent", "erebor")
    assert playable(state, plots.MESSENGER)


def test_osgiliath_invaded_needs_a_token_there() -> None:
    state = bare()
    assert not playable(state, plots.OSGILIATH)
    place_token(state, state.map.group_of("osgiliath"), "blank", "osgiliath")
    assert playable(state, plots.OSGILIATH)
    play(state, plots.OSGILIATH)
    assert "osgiliath" in state.plot_at.values()


@pytest.mark.parametrize(("first", "second"), [(plots.TORTURED, plots.CAPTURED), (plots.CAPTURED, plots.TORTURED)])
def test_a_gollum_plot_discards_the_other_gollum_plots(first: str, second: str) -> None:
    # meq spec 5.3: a card effect takes a Plot out of play
    state = bare()
    play(state, first)
    play(state, second)
    assert [c.ref for c in state.plots.cards] == [second]
    assert state.plot_discard.cards[-1].ref == first


def test_saruman_falls_makes_isengard_perilous() -> None:
    # meq spec 3.2 step 3b (perilous locations) and 5.3
    state = bare()
    hero = state.heroes[0]
    assert not rules.perilous(state, "isengard", hero)
    play(state, plots.SARUMAN_FALLS)
    assert rules.perilous(state, "isengard", hero) and not rules.perilous(state, "edoras", hero)


def test_wormtongue_needs_influence_around_edoras_or_saruman_fallen() -> None:
    state = bare()
    assert not playable(state, plots.WORMTONGUE)
    for n, loc in enumerate(state.map.neighbours("edoras")):
        state.influence[loc] = 6 if n == 0 else 0
    assert playable(state, plots.WORMTONGUE)
    other = bare()
    play(other, plots.SARUMAN_FALLS)
    assert playable(other, plots.WORMTONGUE)


def test_orcs_in_the_mountains_need_eight_influence_around_gundabad() -> None:
    state = bare()
    state.influence["mount-gundabad"] = 3
    first = state.map.neighbours("mount-gundabad")[0]
    state.influence[first] = 4
    assert not playable(state, plots.ORCS)
    state.influence[first] = 5
    assert playable(state, plots.ORCS)


@pytest.mark.parametrize("ref", [plots.BROKEN, plots.BROKEN_2])
def test_a_broken_line_of_kings_closes_a_haven_to_rest_and_encounters(ref: str) -> None:
    # meq spec 3.2 step 1 (rest) and step 4 (encounter), 5.3
    state = bare()
    assert not playable(state, ref)
    around = state.map.neighbours("edoras")
    state.influence[around[0]] = 6
    assert playable(state, ref)
    play(state, ref)
    if "plot_at" in contexts(state):
        assert "edoras" in options(state, "plot_at")
        state = answer(state, "plot_at", "edoras")
    assert "edoras" in state.plot_at.values()
    hero = state.heroes[0]
    hero.at = "edoras"
    from engines.meq import hero as turns

    assert not turns.may_rest(state, hero)
    state = hero_turn(state, 0, "edoras")
    state.decisions.clear()
    state.queue.clear()
    state.step = "encounter"
    discard = len(state.encounter_discards["haven"].cards)
    flow.advance(turn_on(state))
    assert len(state.encounter_discards["haven"].cards) == discard


def test_smeagol_escapes_fetches_a_gollum_plot() -> None:
    # meq spec 5.3: the card's condition, then Sauron takes a Gollum Plot into his hand
    state = bare()
    assert not playable(state, plots.SMEAGOL)
    minion_at(state, "minion-black-serpent", state.map.neighbours("the-woodland-realm")[0])
    assert playable(state, plots.SMEAGOL)
    tortured = from_deck(state, "plot", plots.TORTURED)
    state.plot_discard.cards.append(tortured)
    play(state, plots.SMEAGOL)
    assert f"discard:{tortured.uid}" in options(state, "smeagol")
    state = answer(state, "smeagol", f"discard:{tortured.uid}")
    assert tortured.uid in [c.uid for c in state.plot_hand.cards]


def test_smeagol_escapes_names_a_plot_in_the_deck_by_definition() -> None:
    # A Plot in the deck is offered by its definition, not its id: one Sauron put at the bottom keeps the id he
    # read it with (tests/attack/test_meq_card_ids.py)
    state = bare()
    minion_at(state, "minion-black-serpent", state.map.neighbours("the-woodland-realm")[0])
    play(state, plots.SMEAGOL)
    assert f"deck:{plots.CAPTURED}" in options(state, "smeagol")
    state = answer(state, "smeagol", f"deck:{plots.CAPTURED}")
    assert plots.CAPTURED in [c.ref for c in state.plot_hand.cards]
    assert all(stock.card_of(e).ref != plots.CAPTURED for e in state.stock["plot"])


def test_loss_of_an_heir_goes_where_an_enemy_is_near() -> None:
    state = bare()
    assert not playable(state, plots.HEIR)
    minion_at(state, "minion-black-serpent", "edoras")
    play(state, plots.HEIR)
    assert "edoras" in state.plot_at.values()


def test_a_promise_of_rings_needs_a_character_and_an_enemy_together() -> None:
    state = bare()
    state.characters["char-gandalf"] = "bree"
    assert not playable(state, plots.PROMISE)
    place_token(state, state.map.group_of("bree"), "blank", "bree")
    play(state, plots.PROMISE)
    assert "bree" in state.plot_at.values()


def test_rise_of_the_uruk_hai_lets_sauron_fight_as_uruk_hai_in_rohan() -> None:
    # meq spec 5.3 (ongoing rule) and 3.2 step 2 (the token Sauron turns up is fought)
    state = bare()
    assert not playable(state, plots.URUK)
    state.influence["isengard"] = 3
    play(state, plots.URUK)
    group = state.map.group_of("helm-s-deep")
    face = next(m for m, _ in index().piles[group].tokens if m != "mon-uruk-hai")
    place_token(state, group, face, "helm-s-deep")
    state = hero_turn(state, 0, "helm-s-deep")
    state = answer(state, "attack", state.tokens.cards[0].uid)
    assert "uruk" in contexts(state)
    state = answer(state, "uruk", "uruk")
    assert state.combat is not None and state.combat.foe == "mon-uruk-hai"


def test_urgent_summons_sends_the_characters_home() -> None:
    state = bare()
    assert not playable(state, plots.SUMMONS)
    state.characters["char-gandalf"] = "bree"
    play(state, plots.SUMMONS)
    assert "bree" in state.plot_at.values() and "char-gandalf" not in state.characters
