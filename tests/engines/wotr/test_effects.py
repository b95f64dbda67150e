"""Every scripted card (engines/wotr/effects.py), and the coverage list of cards resolved by adjustment
(spec 8.2, 8.3). Behaviour is described in our own words."""

from __future__ import annotations

from engines.core import Answer, Card
from engines.wotr import GAME, combat, scripts
from engines.wotr import procedures as proc
from engines.wotr.cards import SHADOW, fold
from engines.wotr.state import WotrState
from tests.engines.wotr.table import (
    answer,
    clear_active,
    decision,
    fetch,
    location,
    opened,
    options,
    put,
    quiet_locations,
    to_act,
    to_combat,
    to_hand,
)


def test_every_script_names_a_card_of_the_pack_and_the_coverage_list_is_the_rest() -> None:
    names = {fold(c.name) for c in GAME.cards.values()}
    assert set(scripts.SCRIPTS) <= names, set(scripts.SCRIPTS) - names
    todo = scripts.unscripted(list(GAME.cards.values()))
    assert todo and all(c.has_text for c in todo)
    assert "Elrond" not in [c.name for c in todo] and "The Red Arrow" in [c.name for c in todo]
    with_text = [c for c in GAME.cards.values() if c.has_text]
    assert len(with_text) - len(todo) == len(scripts.SCRIPTS)


def _play(state, deck: str, name: str, dest: str = "reserve"):
    card, *_ = to_hand(state, deck, name)
    to_act(state, deck)
    state = answer(state, f"act:{deck}", f"play-{card.uid}-{dest}")
    if [d for d in state.decisions if d.context.startswith("cost")]:
        state = answer(state, "cost", decision(state, "cost").options[0].id)
    return state


def test_reserve_carryover_elrond_and_gandalfs_staff() -> None:
    state = opened()
    aragorn = state.deck("aragorn")
    put(state, "aragorn", "Elrond", "reserve")
    assert proc.carryover(state, aragorn) == 3
    grey = put(state, "frodo", "Gandalf the Grey", "reserve")
    grey.attached.append(fetch(state, "frodo", "Gandalf's Staff"))
    assert proc.carryover(state, state.deck("frodo")) == 3


def test_the_lidless_eye_each_shadow_deck_draws_and_no_path_while_a_shadow_battleground_is_active() -> None:
    state = opened()
    before = {k: len(state.deck(k).hand.cards) for k in ("witch-king", "saruman")}
    state = _play(state, "witch-king", "The Lidless Eye")
    assert len(state.deck("saruman").hand.cards) == before["saruman"] + 1
    assert len(state.deck("witch-king").hand.cards) == before["witch-king"]  # +1 fetched, -1 played, -1 paid, +1 drawn
    assert proc.carryover(state, state.deck("witch-king")) == 3
    clear_active(state)
    path = location(state, "Crack of Doom")
    location(state, "Harad")
    from engines.wotr import actions

    eye = state.deck("witch-king").reserve.cards[0]
    assert not actions.may_enter(state, state.card_def(eye), path)


def test_extra_draws_in_the_draw_step() -> None:
    """Mouth of Sauron and The Witch-king in reserve: +1 card each in the draw step."""
    state = opened()
    clear_active(state)
    put(state, "witch-king", "Mouth of Sauron", "reserve")
    put(state, "witch-king", "The Witch-king", "reserve")
    hand = len(state.deck("witch-king").hand.cards)
    from engines.wotr import round
    from tests.engines.wotr.table import turn

    state.decisions.clear()
    round.draw_step(turn(state))
    assert len(state.deck("witch-king").hand.cards) == hand + 6


def test_forsaken_from_the_top_the_witch_king_is_cycled_instead() -> None:
    state = opened()
    wk = state.deck("witch-king")
    card = fetch(state, "witch-king", "The Witch-king")
    wk.draw.cards.append(card)
    from tests.engines.wotr.table import turn

    proc.forsake(turn(state), wk, "top")
    assert card in wk.cycle.cards and card.face_up


def test_gandalf_the_white_removes_the_grey_and_gothmog_the_witch_king() -> None:
    """# spec 7.53 and [EXT] 4.2.4: removal wherever the card is."""
    state = opened()
    put(state, "frodo", "Gandalf the Grey", "reserve")
    state = _play(state, "frodo", "Gandalf the White")
    frodo = state.deck("frodo")
    assert [c.name for c in frodo.reserve.cards] == ["Gandalf the White"]
    assert "Gandalf the Grey" in [c.name for c in frodo.eliminated.cards]
    state = opened(promos=True)
    state = _play(state, "witch-king", "Gothmog")
    assert "The Witch-king" in [c.name for c in state.deck("witch-king").eliminated.cards]


def test_the_black_easterling_draws_and_defends_dol_guldur() -> None:
    state = opened()
    clear_active(state)
    guldur = location(state, "Dol Guldur")
    east = put(state, "witch-king", "The Black Easterling", guldur)
    assert combat.unit_value(state, east, guldur, attacking=False, supported=False) == 1
    harad = location(state, "Harad")
    assert combat.unit_value(state, east, harad, attacking=False, supported=False) == 0
    state2 = opened()
    hand = len(state2.deck("witch-king").hand.cards)
    state2 = _play(state2, "witch-king", "The Black Easterling")
    assert len(state2.deck("witch-king").hand.cards) == hand  # +1 in hand, played, cost, drew 1


def test_corruption_uses_grishnakh_morgul_blade_black_breath() -> None:
    for name, wielded in (("Grishnákh", False), ("Morgul Blade", True), ("Black Breath", True)):
        state = opened()
        clear_active(state)
        path = location(state, "Weathertop")
        if wielded:
            rider = put(state, "witch-king", "The Hunter", path)
            card = fetch(state, "witch-king", name)
            rider.attached.append(card)
        else:
            card = put(state, "witch-king", name, path)
        to_act(state, "witch-king")
        assert f"use-{card.uid}" in options(state), name
        state = answer(state, "act:witch-king", f"use-{card.uid}")
        assert state.corruption == 1, name
        assert not state.active.find(path.uid).attached or name != "Black Breath"  # type: ignore[union-attr]


def test_reserve_uses_commander_narya_warrior_destroyer_hunter() -> None:
    state = opened()
    commander = put(state, "witch-king", "The Commander", "reserve")
    to_act(state, "witch-king")
    hands = [len(d.hand.cards) for d in state.side_decks(SHADOW)]
    state = answer(state, "act:witch-king", f"use-{commander.uid}")
    assert [len(d.hand.cards) for d in state.side_decks(SHADOW)] == [h + 1 for h in hands]
    assert commander.uid in [c.uid for c in state.deck("witch-king").cycle.cards]

    state = opened()
    grey = put(state, "frodo", "Gandalf the Grey", "reserve")
    narya = fetch(state, "frodo", "Narya, Ring of Fire")
    grey.attached.append(narya)
    to_act(state, "frodo")
    state = answer(state, "act:frodo", f"use-{narya.uid}")
    wk_cycle = len(state.deck("witch-king").cycle.cards)
    state = answer(state, "cycle1:witch-king", state.deck("witch-king").hand.cards[0].uid)
    assert len(state.deck("witch-king").cycle.cards) == wk_cycle + 1
    assert decision(state, "cycle1:saruman")

    state = opened()
    clear_active(state)
    bg = location(state, "Harad")
    path = location(state, "Weathertop")
    for name, where, key in (("The Warrior", bg, "def"), ("The Destroyer", bg, "atk"), ("The Hunter", path, "atk")):
        card = put(state, "witch-king", name, "reserve")
        to_act(state, "witch-king")
        state = answer(state, "act:witch-king", f"use-{card.uid}")
        assert state.active.find(where.uid).tokens.get(key) >= 1, name  # type: ignore[union-attr, operator]


def test_nazguls_mantle_and_smeagol_are_cycled_instead_of_eliminated() -> None:
    state = opened()
    clear_active(state)
    path = location(state, "Weathertop")
    hunter = put(state, "witch-king", "The Hunter", path)
    hunter.attached.append(fetch(state, "witch-king", "Nazgûl's Mantle"))
    smeagol = put(state, "frodo", "Sméagol", path)
    state = to_combat(state)  # 1 attack against Sméagol's 1: both lose, both are cycled instead
    assert hunter in state.deck("witch-king").cycle.cards and smeagol in state.deck("frodo").cycle.cards


def test_7_8_gandalf_the_grey_replaces_the_path_mid_step() -> None:
    """# spec 7.8 (L191-214): path 3 active, a card activates path 4: path 3's combat is resolved (and
    scored) at once, then path 4 is active and fights in the combat step; round 4 then picks a path 5."""
    state = opened()
    clear_active(state)
    state.round = 3
    three = location(state, "Imladris")
    state.last_path = 3
    grey = put(state, "frodo", "Gandalf the Grey", three)
    to_act(state, "frodo")
    with quiet_locations():  # path 4's own text would ask for a forsake first
        state = answer(state, "act:frodo", f"use-{grey.uid}")
        state = answer(state, "newpath", decision(state, "newpath").options[0].id) if [
            d for d in state.decisions if d.context.startswith("newpath")] else state
    assert three.uid in [c.uid for c in state.fp_area.cards]  # scored at once: nobody attacked it
    new = state.active_paths()[0]
    assert state.card_def(new).path_number == 4 and state.last_path == 4
    assert state.phase == "action" and state.decisions[0].context == "act:witch-king"
    from tests.engines.wotr.table import next_round

    state = next_round(state)
    assert state.card_def(state.active_paths()[0]).path_number == 5


def test_smeagol_corrupts_and_advances() -> None:
    state = opened()
    clear_active(state)
    location(state, "Weathertop")
    state.last_path = 2
    smeagol = put(state, "frodo", "Sméagol", state.active.cards[0])
    to_act(state, "frodo")
    state = answer(state, "act:frodo", f"use-{smeagol.uid}")
    if [d for d in state.decisions if d.context.startswith("newpath")]:
        state = answer(state, "newpath", decision(state, "newpath").options[0].id)
    assert state.corruption == 1 and state.card_def(state.active_paths()[0]).path_number == 3


def test_bag_end_gives_the_hobbit_deck_two_cards() -> None:
    state = opened()
    clear_active(state)
    hand = len(state.deck("frodo").hand.cards)
    bag_end = next(c for c in state.path_deck.cards if c.name == "Bag End")
    state.path_deck.cards.remove(bag_end)
    from engines.wotr import round
    from tests.engines.wotr.table import turn

    round.activate(turn(state), bag_end, "for the test")
    assert len(state.deck("frodo").hand.cards) == hand + 2


def test_7_16_extra_demands_stack_on_the_cost_paths_of_the_dead() -> None:
    """# spec 7.16 (L331-333, L546-547): the event's own forsakes come on top of the cost: hand [event, X, Y]
    -> cycle X to pay (before the text), then two forsakes, then the draw (4; 5 with Strider in reserve)."""
    state = opened()
    aragorn = state.deck("aragorn")
    aragorn.draw.cards[:0] = aragorn.hand.cards
    aragorn.hand.cards = []
    dead, x, y = to_hand(state, "aragorn", "Paths of the Dead", "Legolas", "Arwen")
    put(state, "aragorn", "Strider", "reserve")
    aragorn.draw.cards.append(fetch(state, "aragorn", "Soldiers of Gondor"))  # a plain card on top
    to_act(state, "aragorn")
    state = answer(state, "act:aragorn", f"play-{dead.uid}-now")
    assert {o.id for o in decision(state, "cost").options} == {x.uid, y.uid}
    state = answer(state, "cost", x.uid)
    first = decision(state, "forsake")  # the text's first forsake: Y in hand, Strider in reserve, or the deck top
    assert {o.id for o in first.options} >= {y.uid, "top"}
    assert first.prompt.startswith("Paths of the Dead (1 of 2): ")  # issue 16: the two prompts are told apart
    state = answer(state, "forsake", y.uid)
    assert decision(state, "forsake").prompt.startswith("Paths of the Dead (2 of 2): ")
    state = answer(state, "forsake", "top")
    aragorn = state.deck("aragorn")
    assert len(aragorn.hand.cards) == 5  # Strider still in reserve: 5 cards
    assert [c.name for c in aragorn.eliminated.cards if c.face_up] == ["Paths of the Dead"]
    assert len(aragorn.eliminated.cards) == 3 and len([c for c in aragorn.cycle.cards if c.uid == x.uid]) == 1


def test_7_55_draw_eliminate_play_cycle_the_rest() -> None:
    """# spec 7.55 (L336-339): The Day Without Dawn draws 7: 1 is eliminated, armies among them may be played
    (up to 2) with no further cost, the rest is cycled, and that pays for the plays."""
    state = opened()
    wk = state.deck("witch-king")
    armies = [fetch(state, "witch-king", n) for n in ("Mordor Orcs", "Olog-Hai", "Black Uruks")]
    others = [fetch(state, "witch-king", n) for n in ("The Hunter", "The Warrior", "Morgul Blade", "Fell Beast")]
    wk.draw.cards.extend([*others, *armies])  # the top seven
    before = len(wk.hand.cards)
    state = _play(state, "witch-king", "The Day Without Dawn", "now")  # +1 fetched, -1 played, -1 paid
    assert len(state.deck("witch-king").hand.cards) == before - 1 + 7
    state = answer(state, "chain-elim", others[0].uid)
    plays = options(state, "chain-play")
    assert f"play-{armies[1].uid}-reserve" in plays and "done" in plays
    assert not [p for p in plays if others[1].uid in p]  # only armies may be played
    d = decision(state, "chain-play")
    step = GAME.apply(state, d.seat, Answer(decision=d.id, choice=(f"play-{armies[1].uid}-reserve",)))
    # Issue 16 (found playing): the log says where the drawn card goes.
    assert "Witch-king's deck plays Olog-Hai from the drawn cards to reserve." in [e.text for e in step.events]
    state = answer(step.state, "chain-play", "done")
    wk = state.deck("witch-king")
    assert [c.name for c in wk.reserve.cards] == ["Olog-Hai"]
    assert len(wk.hand.cards) == before - 1  # the five others were cycled; no cost for the play
    assert not [d for d in state.decisions if d.context.startswith("cycle1")]
    assert state.decisions[0].context == "act:aragorn"


def test_a_chain_with_nothing_left_to_cycle_costs_a_normal_cycle() -> None:
    """# ENGINE 10.11: the Ringwraiths draw only 2 (the deck is nearly empty): one eliminated, one Nazgûl
    played, nothing left to cycle -> that play costs a cycle from hand."""
    state = opened()
    wk = state.deck("witch-king")
    hunter, orcs = fetch(state, "witch-king", "The Hunter"), fetch(state, "witch-king", "Mordor Orcs")
    wk.draw.cards, wk.cycle.cards = [orcs, hunter], []
    from engines.wotr import chains, round
    from tests.engines.wotr.table import turn

    state.decisions.clear()
    state.acting = "witch-king"
    t = turn(state)
    chains.chain(7, "Nazgûl", 2, eliminate=True)(t, wk, hunter)  # type: ignore[operator]
    round.advance(t)
    state = answer(state, "chain-elim", orcs.uid)
    state = answer(state, "chain-play", f"play-{hunter.uid}-reserve")
    assert decision(state, "cycle1:witch-king")


def _activate(state, name: str):
    """Activate a location with its text, as the location step does; run what it queues."""
    from engines.wotr import round
    from tests.engines.wotr.table import turn

    for zone in (state.bg_fp, state.bg_shadow, state.path_deck):
        card = next((c for c in zone.cards if c.name == name), None)
        if card is not None:
            zone.cards.remove(card)
            state.decisions.clear()
            t = turn(state)
            round.activate(t, card, "for the test")
            round.advance(t)
            return card
    raise KeyError(name)


def test_location_texts_draw_forsake_and_cycle_for_the_named_players() -> None:
    state = opened()
    clear_active(state)
    hands = {d.key: len(d.hand.cards) for d in state.decks}
    _activate(state, "Harad")  # each Shadow deck draws 1
    assert {k: len(state.deck(k).hand.cards) - hands[k] for k in hands} == {"frodo": 0, "witch-king": 1,
                                                                             "aragorn": 0, "saruman": 1}
    _activate(state, "Weathertop")  # the Mordor player (the Witch-king's deck) draws 2
    assert len(state.deck("witch-king").hand.cards) - hands["witch-king"] == 3
    state2 = opened()
    clear_active(state2)
    _activate(state2, "The Old Forest")  # each Free Peoples deck forsakes 1: Frodo's choice first
    assert decision(state2, "forsake:frodo") and not [d for d in state2.decisions if "aragorn" in d.context]
    duel = opened("duel2", 2)
    clear_active(duel)
    before = len(duel.deck("witch-king").hand.cards)
    _activate(duel, "Inn of the Prancing Pony")  # each Shadow player draws 2, done twice in the Duel
    assert len(duel.deck("witch-king").hand.cards) == before + 4


def test_may_forsake_to_draw_is_a_choice() -> None:
    state = opened()
    clear_active(state)
    hand = len(state.deck("aragorn").hand.cards)
    _activate(state, "Minas Tirith")  # the Dúnedain player may forsake 1 to draw 3
    assert {o.id for o in decision(state, "mayforsake").options} == {"forsake", "decline"}
    declined = answer(state, "mayforsake", "decline")
    assert len(declined.deck("aragorn").hand.cards) == hand
    took = answer(state, "mayforsake", "forsake")
    took = answer(took, "forsake:aragorn", took.deck("aragorn").hand.cards[0].uid)
    assert len(took.deck("aragorn").hand.cards) == hand - 1 + 3


def test_lorien_and_dol_guldur_call_each_other_once() -> None:
    """[EXT] spec 3.5 and ENGINE 10.6: activating one brings the other; neither comes twice."""
    state = opened()
    clear_active(state)
    _activate(state, "Lórien")
    assert sorted(c.name for c in state.active.cards) == ["Dol Guldur", "Lórien"]
    edoras = opened()
    clear_active(edoras)
    _activate(edoras, "Edoras")  # Helm's Deep comes too, and its own text (a chain for Rohan) starts
    assert sorted(c.name for c in edoras.active.cards) == ["Edoras", "Helm's Deep"]
    assert decision(edoras, "chain-play:frodo") or not [d for d in edoras.decisions if d.context.startswith("chain")]


def test_edoras_brings_helms_deep_only_from_the_free_peoples_deck() -> None:
    """Edoras (spec 8.3; activation by text, L163-170) pulls Helm's Deep only out of the FP battleground
    pile; once won and sitting in a scoring area it stays put (unlike Lórien's "or reactivated")."""
    for side in ("fp", "shadow"):
        state = opened()
        clear_active(state)
        helm = next(c for c in state.bg_fp.cards if c.name == "Helm's Deep")
        state.bg_fp.cards.remove(helm)
        state.area(side).cards.append(helm)
        _activate(state, "Edoras")
        assert [c.name for c in state.active.cards] == ["Edoras"]
        assert helm in state.area(side).cards
    back = opened()  # Lórien's text does reach into a scoring area
    clear_active(back)
    guldur = next(c for c in back.bg_shadow.cards if c.name == "Dol Guldur")
    back.bg_shadow.cards.remove(guldur)
    back.fp_area.cards.append(guldur)
    _activate(back, "Lórien")
    assert sorted(c.name for c in back.active.cards) == ["Dol Guldur", "Lórien"]


def test_a_location_chain_plays_only_where_its_text_says() -> None:
    """Minas Morgul: the Mordor player draws 5, may play 1 Nazgûl to reserve only, cycles the rest."""
    state = opened()
    clear_active(state)
    wk = state.deck("witch-king")
    hunter = fetch(state, "witch-king", "The Hunter")
    orcs = [fetch(state, "witch-king", "Mordor Orcs") for _ in range(4)]
    wk.draw.cards.extend([*orcs, hunter])
    hand = len(wk.hand.cards)
    _activate(state, "Minas Morgul")
    assert options(state, "chain-play") == [f"play-{hunter.uid}-reserve", "done"]
    state = answer(state, "chain-play", f"play-{hunter.uid}-reserve")
    wk = state.deck("witch-king")
    assert [c.name for c in wk.reserve.cards] == ["The Hunter"] and len(wk.hand.cards) == hand


def test_battle_bonuses_restrictions_and_path_items() -> None:
    state = opened()
    clear_active(state)
    tirith, pelargir = location(state, "Minas Tirith"), location(state, "Harad")
    gate = put(state, "aragorn", "The Great Gate", tirith)
    assert combat.unit_value(state, gate, tirith, attacking=False, supported=False) == 3
    from engines.wotr import actions

    assert not actions.may_enter(state, state.card_def(gate), pelargir)  # never to a Shadow battleground
    clear_active(state)
    path = location(state, "Weathertop")
    frodo = put(state, "frodo", "Frodo Baggins", path)
    phial = fetch(state, "aragorn", "Phial of Galadriel")
    sting = fetch(state, "frodo", "Sting")
    frodo.attached += [phial, sting]
    assert combat.location_defense(state, path) == 2  # the Phial's icons are the path's own
    assert combat.unit_value(state, frodo, path, attacking=False, supported=False) == 2  # 1 + Sting's 1
    put(state, "saruman", "Barrow-Wights", path)  # a Monstrous character: Sting gains 1
    assert combat.unit_value(state, frodo, path, attacking=False, supported=False) == 3


def test_elven_cloak_saves_on_a_path_only() -> None:
    state = opened()
    clear_active(state)
    path = location(state, "Weathertop")
    put(state, "witch-king", "The Witch-king", path)
    legolas = put(state, "aragorn", "Legolas", path)
    legolas.attached.append(fetch(state, "aragorn", "Elven Cloak"))
    state = to_combat(state)
    assert legolas in state.deck("aragorn").cycle.cards


def test_more_uses_trolls_vilya_sam_and_a_sidestep() -> None:
    state = opened()
    troll = put(state, "saruman", "Cave-Troll", "reserve")
    to_act(state, "saruman")
    state = answer(state, "act:saruman", f"use-{troll.uid}")
    assert decision(state, "forsake:frodo")
    assert troll.uid in [c.uid for c in state.deck("saruman").eliminated.cards]

    state = opened()
    elrond = put(state, "aragorn", "Elrond", "reserve")
    vilya = fetch(state, "aragorn", "Vilya, Ring of Air")
    elrond.attached.append(vilya)
    hands = [len(d.hand.cards) for d in state.side_decks("fp")]
    to_act(state, "aragorn")
    state = answer(state, "act:aragorn", f"use-{vilya.uid}")
    assert [len(d.hand.cards) for d in state.side_decks("fp")] == [h + 1 for h in hands]

    state = opened()
    clear_active(state)
    path = location(state, "Weathertop")
    sam = put(state, "frodo", "Sam Gamgee", "reserve")
    to_act(state, "frodo")
    state = answer(state, "act:frodo", f"use-{sam.uid}")
    assert state.active.find(path.uid).tokens == {"def": 1}  # type: ignore[union-attr]

    state = opened()
    clear_active(state)
    path = location(state, "Weathertop")
    state.last_path = 2
    ugluk = put(state, "saruman", "Uglúk", path)
    to_act(state, "saruman")
    with quiet_locations():
        state = answer(state, "act:saruman", f"use-{ugluk.uid}")
        if [d for d in state.decisions if d.context.startswith("newpath")]:
            state = answer(state, "newpath", decision(state, "newpath").options[0].id)
    new = state.active_paths()[0]
    assert state.card_def(new).path_number == 2 and new.name != "Weathertop"
    assert path.uid in [c.uid for c in state.shadow_area.cards]  # the old path was fought: Uglúk's 1 icon
    assert state.corruption == 1


def test_text_on_entering_a_location_fires_on_a_move_too() -> None:
    """Shelob arriving on a path, by a play or by a move, makes every Free Peoples deck forsake a card (text that
    fires on entering, unlike "when played" text)."""
    from engines.wotr.cards import FP

    state = opened()
    clear_active(state)
    path = location(state, "Shelob's Lair")
    shelob = put(state, "saruman", "Shelob", "reserve")
    assert combat.unit_value(state, shelob, path, attacking=True, supported=False) == 2  # 1 + 1 at her lair
    to_act(state, "saruman")
    state = answer(state, "act:saruman", f"move-{shelob.uid}-{path.uid}")
    assert [d.context for d in state.decisions] == ["forsake:frodo"]
    state = answer(state, "forsake:frodo", "top")
    assert decision(state, "forsake:aragorn")
    assert len(state.side_decks(FP)) == 2


def test_taking_a_named_card_from_the_draw_deck_or_the_cycle_pile() -> None:
    """L644-650: Legolas may take the Bow from the draw deck (shown to all, the deck shuffled after); Gwaihir,
    cycled from reserve, takes a Gandalf from the cycle pile."""
    state = opened()
    state.deck("aragorn").draw.cards.insert(0, fetch(state, "aragorn", "Bow of the Galadhrim"))
    state = _play(state, "aragorn", "Legolas")
    take = decision(state, "take:aragorn:draw")
    assert take.private and [o.label for o in take.options] == ["Bow of the Galadhrim", "Take nothing"]
    # Issue 16 (found playing): the prompt says which card asks and which pile is searched.
    assert take.prompt.startswith("Legolas: Aragorn's deck, take a card from your draw deck into hand")
    step = GAME.apply(state, take.seat, GAME.parse(f"answer {take.id} {take.options[0].id}"))
    aragorn = step.state.deck("aragorn")
    assert "Bow of the Galadhrim" in [c.name for c in aragorn.hand.cards]
    shown = [e for e in step.events if "takes Bow of the Galadhrim from its draw deck" in e.text]
    assert shown and shown[0].audience == step.state.seats  # every player sees it
    assert all(not c.known_to for c in aragorn.draw.cards)

    state = opened()
    gwaihir = put(state, "frodo", "Gwaihir the Windlord", "reserve")
    grey = fetch(state, "frodo", "Gandalf the Grey")
    state.deck("frodo").cycle.cards.append(grey)
    to_act(state, "frodo")
    state = answer(state, "act:frodo", f"use-{gwaihir.uid}")
    state = answer(state, "take:frodo:cycle", grey.uid)
    assert "Gandalf the Grey" in [c.name for c in state.deck("frodo").hand.cards]


def test_activation_texts_resolve_in_the_order_the_locations_were_activated() -> None:
    """L142-147, L180-190: the location step activates the battleground, resolves its text, then the path.
    Dol Amroth's choice (the Dúnedain player may forsake to draw) comes before The Old Forest's forsakes."""
    from engines.wotr import round
    from tests.engines.wotr.table import turn

    state = opened()
    clear_active(state)
    amroth = next(c for c in state.bg_fp.cards if c.name == "Dol Amroth")
    forest = next(c for c in state.path_deck.cards if c.name == "The Old Forest")
    state.bg_fp.cards.remove(amroth)
    state.path_deck.cards.remove(forest)
    state.decisions.clear()
    t = turn(state)
    round.activate(t, amroth, "first")
    round.activate(t, forest, "second")
    round.advance(t)
    assert [d.context for d in state.decisions] == ["mayforsake:aragorn:1:Dol Amroth"]  # the prompt names it
    state = answer(state, "mayforsake", "decline")
    assert decision(state, "forsake:frodo")


def test_a_draw_from_a_card_text_names_the_card_in_the_log() -> None:
    """Issue 16 (found playing): "Aragorn's deck draws 1 card." right after Minas Tirith's own draw left the
    table guessing that Gildor's Encampment asked it; every draw a text makes now names that text."""
    from engines.core import Answer

    state = opened()
    card, *_ = to_hand(state, "witch-king", "The Black Easterling")
    to_act(state, "witch-king")
    d = decision(state, "act:witch-king")
    result = GAME.apply(state, d.seat, Answer(decision=d.id, choice=(f"play-{card.uid}-reserve",)))
    cost = [d for d in result.state.decisions if d.context.startswith("cost")]
    if cost:
        result = GAME.apply(result.state, cost[0].seat, Answer(decision=cost[0].id, choice=(cost[0].options[0].id,)))
    said = [e.text for e in result.events]
    assert "The Black Easterling: Witch-king's deck draws 1 card." in said, said
    from engines.wotr import round
    from tests.engines.wotr.table import turn

    state = opened()
    clear_active(state)
    harad = next(c for c in state.bg_shadow.cards if c.name == "Harad")
    state.bg_shadow.cards.remove(harad)
    state.decisions.clear()
    t = turn(state)
    round.activate(t, harad, "for the test")
    round.advance(t)
    assert "Harad: Saruman's deck draws 1 card." in [e.text for e in t.events]


def _day_without_dawn(state: WotrState) -> tuple[list[str], Card]:
    """The Witch-king's The Day Without Dawn begun: draw 2 (Mordor Orcs, The Hunter), eliminate 1, play up to 1
    Nazgûl; what it said, and the Orcs (to eliminate)."""
    from engines.wotr import chains, round
    from tests.engines.wotr.table import turn

    wk = state.deck("witch-king")
    hunter, orcs = fetch(state, "witch-king", "The Hunter"), fetch(state, "witch-king", "Mordor Orcs")
    wk.draw.cards.extend([orcs, hunter])
    state.decisions.clear()
    state.acting = "witch-king"
    t = turn(state)
    chains.chain(2, "Nazgûl", 1, eliminate=True)(t, wk, fetch(state, "witch-king", "The Day Without Dawn"))  # type: ignore[operator]
    round.advance(t)
    return [e.text for e in t.events], orcs


def test_a_draw_and_play_chain_names_its_card_in_the_log_and_the_prompts() -> None:
    """Issue 16 (found playing): Helm's Deep's "Frodo's deck draws 5 cards" and "play one of the drawn cards"
    did not say which text asked, right after two locations were activated."""
    state = opened()
    said, orcs = _day_without_dawn(state)
    assert "The Day Without Dawn: Witch-king's deck draws 2 cards." in said
    assert decision(state, "chain-elim").prompt.startswith("The Day Without Dawn: Witch-king's deck, eliminate")
    state = answer(state, "chain-elim", orcs.uid)
    assert decision(state, "chain-play").prompt.startswith("The Day Without Dawn: Witch-king's deck, play")


def test_a_chain_that_played_nothing_cycles_the_remaining_cards_not_the_other_ones() -> None:
    """Found playing: "Helm's Deep: Gandalf's deck cycles the other 5 drawn cards" when nothing was played."""
    state = opened()
    _, orcs = _day_without_dawn(state)
    state = answer(state, "chain-elim", orcs.uid)
    stop = decision(state, "chain-play")
    step = GAME.apply(state, stop.seat, Answer(decision=stop.id, choice=("done",)))
    assert "The Day Without Dawn: Witch-king's deck cycles the remaining 1 drawn card." in [e.text for e in step.events]
