"""Event card scripts (meq spec 3.1 step 4: the Event step resolves a card's ability, then places its favor and
characters, then keeps it in play or discards it; spec 3.2 step 3c: a hero exploring the Event's location may
use it, and it is then discarded; spec 7.3: Event abilities and location conditions)."""

from __future__ import annotations

from engines.core import Card
from engines.meq import flow, rules, sauron, scripts, stock
from engines.meq.cards import BLACK, RED, YELLOW, index
from engines.meq.state import HERO_MARKER, MeqState
from tests.engines.meq.table import (
    a_table,
    answer,
    contexts,
    from_deck,
    hero_turn,
    open_decision,
    options,
    place_token,
    turn_on,
)


def table(heroes: str = "argalad,beravor") -> MeqState:
    """Sauron's Event step of a later turn, nothing open and no Event in play."""
    state = a_table(heroes)
    state.decisions.clear()
    state.queue.clear()
    state.first_turn = False
    state.step = "action_start"
    for card in [*state.current_event.cards, *state.event_discard.cards]:  # the first turn's Event, back
        card.face_up = False
        stock.put(state, f"event:{index().events[card.ref].stage}", [card])
    state.current_event.cards.clear()
    state.event_discard.cards.clear()
    state.event_at = ""
    state.characters.clear()
    state.favor_at.clear()
    state.plot_discard.cards += state.plots.cards  # the Starting Plot would move a marker in the Story step
    state.plots.cards.clear()
    state.plot_slot.clear()
    state.plot_at.clear()
    return state


def event_card(state: MeqState, ref: str) -> Card:
    return from_deck(state, f"event:{index().events[ref].stage}", ref)


def draw(state: MeqState, ref: str) -> MeqState:
    """The Event step resolves `ref` (spec 3.1 step 4)."""
    card = event_card(state, ref)
    state.drawn.cards.append(card)
    sauron.resolve_event(turn_on(state), card)
    return state


def explore_with(state: MeqState, ref: str, who: int = 0, at: str = "") -> MeqState:
    """Hero `who` explores the location of `ref`, which is in play (spec 3.2 step 3c)."""
    where = at or index().events[ref].ongoing_at
    state = hero_turn(state, who, where)
    state.decisions.clear()
    state.queue[:] = ["explore"]
    state.step = "travel"
    state.current_event.cards[:] = [event_card(state, ref)]
    state.event_at = index().events[ref].ongoing_at
    flow.advance(turn_on(state))
    return state


def use(state: MeqState, ref: str, who: int = 0, at: str = "") -> MeqState:
    state = explore_with(state, ref, who, at)
    assert "event" in options(state, "explore")
    state = answer(state, "explore", "event")
    return state


def corrupt(state: MeqState, who: int, n: int = 1) -> None:
    for _ in range(n):
        rules.gain_corruption(turn_on(state), state.heroes[who])


def discarded(state: MeqState, ref: str) -> bool:
    return any(c.ref == ref for c in state.event_discard.cards)


# --- Stage I ---------------------------------------------------------------------------------------------------


def test_messengers_each_hero_pays_favor_or_is_corrupted() -> None:
    # spec 7.3 (favor, Corruption); each hero answers for himself; with no favor, the Corruption card
    state = table()
    state.heroes[0].favor = 2
    state = draw(state, "event-t1-messengers-of-the-stormcrow")
    assert len(state.heroes[1].corruption.cards) == 1  # no favor to pay
    state = answer(state, "card", "favor")
    assert state.heroes[0].favor == 1 and not state.heroes[0].corruption.cards
    assert state.favor_at.get("bree") and state.characters["char-theoden"] == "helm-s-deep"  # spec 3.1 step 4.2


def test_tempted_by_power_corruption_and_training_or_a_plot() -> None:
    # spec 7.3 (side choice, train, Sauron's draws): Sauron picks the hero, the hero picks
    state = draw(table(), "event-t1-tempted-by-power")
    state = answer(state, "card", state.heroes[1].key)
    assert open_decision(state, "card").seat == state.heroes[1].seat
    state = answer(state, "card", "corrupt")
    assert len(state.heroes[1].corruption.cards) == 1 and "train" in contexts(state)
    state = draw(table(), "event-t1-tempted-by-power")
    plots = len(state.plot_hand.cards)
    state = answer(state, "card", state.heroes[0].key)
    state = answer(state, "card", "plot")
    assert len(state.plot_hand.cards) == plots + 1


def test_trust_in_friendship_says_when_nobody_had_favor_to_put_on_it() -> None:
    # the first turn's Event: no hero has favor yet, and the table is told so in words, not "0 favor wait"
    state = table()
    turn = turn_on(state)
    card = event_card(state, "event-t1-trust-in-friendship")
    state.drawn.cards.append(card)
    sauron.resolve_event(turn, card)
    said = [e.text for e in turn.events]
    assert any(line.startswith("No hero has favor to put on") for line in said)
    assert not any(line.startswith("0 favor") for line in said)


def test_trust_in_friendship_holds_favor_for_a_hero_among_friends() -> None:
    # spec 3.1 step 4.3: it stays in play (no marker); spec 3.2 step 3c: used where a friend stands
    state = table()
    state.heroes[0].favor = state.heroes[1].favor = 2
    state = draw(state, "event-t1-trust-in-friendship")
    assert [h.favor for h in state.heroes] == [1, 1]
    assert state.current_event.cards[0].tokens["favor"] == 2 and state.event_at == ""
    state = hero_turn(state, 0, "bree")
    state.heroes[1].at = "tharbad"
    state.decisions.clear()
    state.queue[:] = ["explore"]
    state.step = "travel"
    flow.advance(turn_on(state))
    assert "event" not in options(state, "explore")  # alone
    state.decisions.clear()
    state.heroes[1].at = "bree"
    state.queue[:] = ["explore"]
    flow.advance(turn_on(state))
    state = answer(state, "explore", "event")
    assert state.heroes[0].favor == 3 and discarded(state, "event-t1-trust-in-friendship")


def test_thieves_of_tharbad_move_a_character() -> None:
    # spec 5.5 (characters): Sauron sends a character to the Mouth of the Greyflood
    state = table()
    state.characters = {"char-gandalf": "the-shire", "char-aragorn": "bree"}
    state = draw(state, "event-t1-the-thieves-of-tharbad")
    state = answer(state, "card", "char-aragorn")
    assert state.characters == {"char-gandalf": "the-shire", "char-aragorn": "mouth-of-the-greyflood"}
    assert state.favor_at.get("tharbad") and state.favor_at.get("the-bight")


def test_eomer_and_eowyn_orphaned_sauron_takes_from_rohan() -> None:
    # spec 5.5 (favor, characters): 1 favor or 1 character out of Rohan
    state = table()
    state.favor_at["edoras"] = 2
    state.characters["char-theoden"] = "helm-s-deep"
    state = draw(state, "event-t1-eomer-eowyn-are-orphaned")
    assert options(state, "card") == {"favor|edoras", "char|char-theoden", "skip"}
    state = answer(state, "card", "char|char-theoden")
    assert "char-theoden" not in state.characters and state.favor_at["edoras"] == 2
    state = draw(table(), "event-t1-eomer-eowyn-are-orphaned")
    assert "card" not in contexts(state)  # nothing in Rohan to take


def test_beornings_clear_tokens_or_wound_a_minion_in_mirkwood() -> None:
    # spec 5.8 (monster tokens), 5.7 (minion damage); the heroes choose as a side
    state = table()
    t1 = place_token(state, "misty-mountains-mirkwood", "blank", "the-forest-road")
    place_token(state, "misty-mountains-mirkwood", "blank", "south-eaves")
    state.minion("minion-black-serpent").at = "the-bight"
    state = draw(state, "event-t1-beorning-the-skin-changers")
    assert open_decision(state, "card").seat == state.heroes[0].seat
    state = answer(state, "card", "minion|minion-black-serpent")
    assert state.minion("minion-black-serpent").damage == 2
    state = table()
    t1 = place_token(state, "misty-mountains-mirkwood", "blank", "the-forest-road")
    state = draw(state, "event-t1-beorning-the-skin-changers")
    state = answer(state, "card", "sweep")
    state = answer(state, "card", f"tok|{t1.uid}")
    assert t1.uid not in state.token_at and any(c.uid == t1.uid and c.face_up for c in state.token_discard.cards)


def test_dunadan_sweep_eriador_or_favor_on_the_shire() -> None:
    # spec 5.4 (influence removal) and 5.5 (favor): up to 4 pieces in Eriador, or 1 favor on the Shire
    state = table()
    state.influence.update({"bree": 2, "old-forest": 1})
    state = draw(state, "event-t1-the-dunadan-guards-the-shire")
    state = answer(state, "card", "sweep")
    state = answer(state, "card", "inf|bree")
    state = answer(state, "card", "inf|bree")
    state = answer(state, "card", "stop")
    assert "bree" not in state.influence and state.influence["old-forest"] == 1
    state = draw(table(), "event-t1-the-dunadan-guards-the-shire")
    state = answer(state, "card", "favor")
    assert state.favor_at["the-shire"] == 1


def test_courage_of_erkenbrand_one_token_or_favor() -> None:
    # spec 5.8: at most 1 monster token (Rohan), never influence; or 1 favor on Helm's Deep
    state = table()
    state.influence["isengard"] = 1
    tok = place_token(state, "rohan-gondor", "blank", "isengard")
    state = draw(state, "event-t1-the-courage-of-ekenbrand")
    state = answer(state, "card", "sweep")
    assert options(state, "card") == {f"tok|{tok.uid}", "stop"}
    state = answer(state, "card", f"tok|{tok.uid}")
    assert "card" not in contexts(state) and state.influence["isengard"] == 1
    state = answer(draw(table(), "event-t1-the-courage-of-ekenbrand"), "card", "favor")
    assert state.favor_at["helm-s-deep"] == 1


def test_from_argonath_to_the_sea_clears_around_minas_tirith() -> None:
    # spec 3.1 step 4.3 (kept, marker on its location) and 3.2 step 3c (used, then discarded)
    state = draw(table(), "event-t1-from-argonath-to-the-sea")
    assert state.event_at == "minas-tirith" and state.current_event.cards
    around = state.map.neighbours("minas-tirith")
    state = table()
    for loc in around:
        state.influence[loc] = 1
    state = use(state, "event-t1-from-argonath-to-the-sea")
    assert not any(state.influence.get(loc) for loc in around)
    assert discarded(state, "event-t1-from-argonath-to-the-sea") and state.event_at == ""


def test_lady_of_the_golden_wood_boat_or_the_pool() -> None:
    # spec 5.5 (Items) and 5.4 (the Shadow Pool)
    state = table()
    state.pool = 3
    state = answer(use(state, "event-t1-lady-of-the-golden-wood"), "card", "pool")
    assert state.pool == 2
    state = answer(use(table(), "event-t1-lady-of-the-golden-wood"), "card", "boat")
    assert "item-boat" in state.heroes[0].items


def test_arwens_message_favor_or_training() -> None:
    state = answer(use(table(), "event-t1-arwens-message-to-her-beloved"), "card", "favor")
    assert state.heroes[0].favor == 1
    state = answer(use(table(), "event-t1-arwens-message-to-her-beloved"), "card", "train")
    assert "train" in contexts(state)


def test_imladris_fortitude_or_a_corruption_card_away() -> None:
    # spec 5.5 (levels, Corruption cards)
    state = table()
    corrupt(state, 0, 2)
    state = use(state, "event-t1-imladris")
    state = answer(state, "card", "corrupt")
    state = answer(state, "card", state.heroes[0].corruption.cards[0].uid)
    assert len(state.heroes[0].corruption.cards) == 1 and len(state.corruption_discard.cards) == 1
    state = use(table(), "event-t1-imladris")
    assert options(state, "card") == {"level"}  # no Corruption card to lose
    state = answer(state, "card", "level")
    assert state.heroes[0].raises == {"fortitude": 1}


def test_not_all_who_wander_moves_the_hero_anywhere() -> None:
    # spec 7.3 (move a figure): the hero leaves the rest of that Explore and goes on with Travel
    state = use(table(), "event-t1-not-all-those-who-wanders-are-lost")
    state = answer(state, "card", "the-grey-havens")
    assert state.heroes[0].at == "the-grey-havens" and "travel" in contexts(state)


def test_gandalf_visits_frodo_three_favor_for_a_story_space() -> None:
    # spec 5.1 (the heroes' marker); unusable without the favor (spec 3.2 step 3c: the card stays)
    for ref in ("event-t1-gandalf-visits-frodo", "event-t2-aragorn-hunts-gollum", "event-t3-the-account-of-isildur"):
        state = explore_with(table(), ref)
        assert "event" not in options(state, "explore")
        state = table()
        state.heroes[0].favor = 4
        before = state.markers[HERO_MARKER]
        state = use(state, ref)
        assert state.heroes[0].favor == 1 and state.markers[HERO_MARKER] == before + 1 and discarded(state, ref)


# --- Stage II --------------------------------------------------------------------------------------------------


def test_plot_like_events_move_a_marker_each_story_step_until_explored() -> None:
    # spec 3.1 step 2 (Story step: Plots move markers; these Events do too while in play)
    for ref, marker in (("event-t2-of-serpents-and-sand", RED), ("event-t2-the-glades-of-orthanc-darken", RED),
                        ("event-t3-dark-news-from-erebor", BLACK), ("event-t3-the-blood-of-rh-n", RED)):
        state = draw(table(), ref)
        before = state.markers[marker]
        state.step = "story"
        flow.STEPS["story"](turn_on(state))
        assert state.markers[marker] == before + 1
        state = use(table(), ref)
        assert discarded(state, ref) and not state.current_event.cards


def test_stone_figures_tokens_in_rhudaur_without_influence() -> None:
    # spec 3.1 step 5.3 (token placement; the card waives the influence)
    state = draw(table(), "event-t2-stone-figures-in-the-trollshaws")
    state = answer(state, "card", "weathertop", "the-trollshaws")
    assert sorted(state.token_at.values()) == ["the-trollshaws", "weathertop"]
    assert not state.influence.get("weathertop")


def test_there_is_strength_yet_only_places_favor() -> None:
    state = draw(table(), "event-t2-there-is-strength-yet")
    assert state.favor_at == {"mouth-of-the-greyflood": 1, "amon-hen": 1} and not state.decisions
    assert "event-t2-there-is-strength-yet" in scripts.CARD_SCRIPTS


def test_cirdan_boat_and_a_voyage_to_belfalas() -> None:
    state = use(table(), "event-t2-cirdan-the-shipwrigth")
    assert "item-boat" in state.heroes[0].items
    state = answer(state, "card", "go")
    assert state.heroes[0].at == "belfalas"


def test_foe_hammer_gandalf_clears_a_location() -> None:
    # spec 6.14: Gandalf moves there even from elsewhere; every monster token there goes
    state = table()
    state.influence["moria"] = 1
    place_token(state, "eriador-enedwaith", "blank", "moria")
    state = draw(state, "event-t2-the-foe-hammer")
    state = answer(state, "card", "moria")
    assert state.characters["char-gandalf"] == "moria" and not state.tokens_at("moria")


def test_under_the_shadow_corruption_and_a_move_or_a_plot() -> None:
    state = draw(table(), "event-t2-under-the-shadow")
    state = answer(state, "card", state.heroes[0].key)
    state = answer(state, "card", "corrupt")
    state = answer(state, "card", "rivendell")
    assert state.heroes[0].at == "rivendell" and len(state.heroes[0].corruption.cards) == 1


def test_brand_and_commander_of_edoras_sweep_near_a_place() -> None:
    # spec 5.8: Dale takes up to 2 tokens near Lake Esgaroth; Edoras 1 token and 1 influence near Edoras
    state = table()
    near = state.map.neighbours("edoras")[0]
    state.influence[near] = 2
    tok = place_token(state, "rohan-gondor", "blank", near)
    state = draw(state, "event-t2-commander-of-edoras")
    state = answer(state, "card", "sweep")
    state = answer(state, "card", f"inf|{near}")
    assert options(state, "card") == {f"tok|{tok.uid}", "stop"}  # one influence only
    state = answer(state, "card", f"tok|{tok.uid}")
    assert state.influence[near] == 1 and not state.tokens_at(near) and "card" not in contexts(state)
    state = answer(draw(table(), "event-t2-brand-becomes-king-of-dale"), "card", "favor")
    assert state.favor_at["lake-esgaroth"] == 1


def test_iarwain_and_athelas_heal_into_the_rest_pool() -> None:
    for ref in ("event-t2-iarwain-ben-adar", "event-t2-athelas-kingsfoil"):
        state = table()
        h = state.heroes[0]
        rules.take_damage(state, h, 3, [])
        state = use(state, ref)
        state = answer(state, "card", "heal")
        h = state.heroes[0]
        assert stock.count(state, stock.damage(h)) == 0 and len(h.rest.cards) == 3


def test_aragorn_meets_gandalf_at_bree() -> None:
    state = table()
    state.characters["char-gandalf"] = "the-shire"
    state = draw(state, "event-t2-aragorn-meets-w-gandalf")
    assert state.characters == {"char-gandalf": "bree", "char-aragorn": "bree"}


def test_beregond_pays_three_favor_for_a_plot_on_a_haven() -> None:
    state = table()
    plot = from_deck(state, "plot", "denethor-falls-into-madness-9")
    state.plots.cards.append(plot)
    state.plot_slot[plot.uid], state.plot_at[plot.uid] = 1, "minas-tirith"
    state.heroes[1].favor = 3
    state = draw(state, "event-t2-beregond-guard-of-the-citadel")
    state = answer(state, "card", f"{state.heroes[1].key}|{plot.uid}")
    assert not state.plots.cards and state.heroes[1].favor == 0 and plot.uid not in state.plot_at


# --- Stage III -------------------------------------------------------------------------------------------------


def test_radagast_favor_and_gandalf_to_isengard() -> None:
    state = table()
    state.heroes[0].favor, state.heroes[1].favor = 4, 3
    state.characters["char-gandalf"] = "bree"
    state = draw(state, "event-t3-radagast-the-brown")
    assert [h.favor for h in state.heroes] == [3, 3] and state.characters["char-gandalf"] == "isengard"


def test_he_has_at_least_heard_influence_round_the_shire_and_a_minion() -> None:
    state = draw(table(), "event-t3-he-has-at-least-heard")
    around = [loc for loc in state.map.neighbours("the-shire") if not state.map.location(loc).haven]
    assert around and all(state.influence.get(loc) == 1 for loc in around)
    state = answer(state, "card", "minion-black-serpent")
    assert state.minion("minion-black-serpent").at == "the-shire"


def test_warrior_of_the_lidless_eye_around_gothmog() -> None:
    state = table()
    m = state.minion("minion-gothmog")
    m.status, m.at = "in", "mount-gundabad"
    state = draw(state, "event-t3-warrior-of-the-lidless-eye")
    spot = sorted(options(state, "card"))[0]
    state = answer(state, "card", spot)
    assert state.influence[spot] == 1 and len(state.tokens_at(spot)) == 1
    state = draw(table(), "event-t3-warrior-of-the-lidless-eye")
    assert "card" not in contexts(state)  # Gothmog has not arrived


def test_trees_of_fangorn_favor_and_no_monster_near() -> None:
    state = table()
    near = state.map.neighbours("fangorn")[0]
    place_token(state, state.map.group_of(near), "blank", near)
    state = use(state, "event-t3-the-trees-of-fangorn")
    assert state.heroes[0].favor == 1 and not state.tokens_at(near)


def test_gandalf_stormcrow_sends_gandalf_far_and_drains_the_pool() -> None:
    state = table()
    state.pool = 2
    state.characters["char-gandalf"] = "plains-of-rohan"
    state = use(state, "event-t3-gandalf-stormcrow")
    assert state.pool == 1
    far = options(state, "card")
    dist = state.map.distances("plains-of-rohan")
    assert far and all(dist[loc] >= 4 for loc in far)
    loc = sorted(far)[0]
    state = answer(state, "card", loc)
    assert state.characters["char-gandalf"] == loc


def test_arnor_clears_around_fornost_and_is_not_kept() -> None:
    state = table()
    near = state.map.neighbours("fornost")[0]
    state.influence[near] = 1
    state = draw(state, "event-t3-arnor-that-was-of-old")
    assert not state.current_event.cards and discarded(state, "event-t3-arnor-that-was-of-old")
    state = answer(state, "card", "sweep")
    assert not state.influence.get(near)


def test_boromirs_dream_favor_for_the_poor_and_the_yellow_marker() -> None:
    state = table()
    state.heroes[1].favor = 2
    state.markers.update({YELLOW: 1, RED: 3, BLACK: 2})
    state = draw(state, "event-t3-boromir-s-dream")
    assert [h.favor for h in state.heroes] == [1, 2] and state.markers[YELLOW] == 2
    state = table()
    state.markers.update({YELLOW: 3, RED: 1, BLACK: 2})
    state = draw(state, "event-t3-boromir-s-dream")
    assert state.markers[YELLOW] == 3


def test_elladan_and_elrohir_two_favor_and_a_token_away() -> None:
    state = table()
    tok = place_token(state, "brown-lands-mordor", "blank", "dagorlad")
    state = use(state, "event-t3-elladan-elrohir")
    state = answer(state, "card", tok.uid)
    assert state.heroes[0].favor == 2 and tok.uid not in state.token_at


def test_eowyn_theoden_to_edoras_and_influence_away() -> None:
    state = table()
    near = state.map.neighbours("edoras")
    for loc in near:
        state.influence[loc] = 1
    state.characters["char-theoden"] = "helm-s-deep"
    state = draw(state, "event-t3-eowyn-sister-daughter")
    assert state.characters["char-theoden"] == "edoras" and not any(state.influence.get(loc) for loc in near)


def test_the_argonath_fortitude_or_corruption() -> None:
    state = table()
    corrupt(state, 0, 1)
    state = use(state, "event-t3-the-argonath")
    state = answer(state, "card", "corrupt")
    assert not state.heroes[0].corruption.cards


def test_theoden_warned_two_favor_black_marker_back() -> None:
    state = table()
    state.markers[BLACK] = 3
    state = explore_with(state, "event-t3-theoden-warned-of-saruman")
    assert "event" not in options(state, "explore")
    state = table()
    state.markers[BLACK] = 3
    state.heroes[0].favor = 2
    state = use(state, "event-t3-theoden-warned-of-saruman")
    assert state.markers[BLACK] == 2 and state.heroes[0].favor == 0


def test_every_event_is_scripted() -> None:
    # spec 7.3: no Event is left to resolve by hand
    assert not scripts.coverage()["events by hand"]


def test_card_decisions_never_offer_the_word_for_an_empty_answer() -> None:
    # the command grammar writes an empty answer as "none" (engines.core.decisions.NONE): no option may use it
    # (random play found one in A New Power Is Rising's token stage)
    from engines.core import Answer
    from engines.core.decisions import NONE
    from engines.meq import GAME

    state = table()
    state.influence["barad-dur"] = 2
    scripts.run_card(turn_on(state), "shadow-a-new-power-is-rising-10", None)
    state = answer(state, "card", "tokens")
    d = open_decision(state, "card")
    assert NONE not in {o.id for o in d.options} and "skip" in {o.id for o in d.options}
    said = Answer(decision=d.id, choice=("skip",))
    assert GAME.parse(GAME.format(said)) == said
