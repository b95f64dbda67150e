"""Combat (meq spec 4.5 worked through the engine), hero movement, missions, hidden information, scripts."""

from __future__ import annotations

from pytest import MonkeyPatch

from engines.core import Answer, codec
from engines.meq import GAME, combat, finale, scripts, stock, travel
from engines.meq.cards import index
from tests.engines.meq.table import a_table, answer, card, open_decision, turn_on


def orc_fight():
    """Argalad (agility 3, strength 5) against an Orc in Travel, hands chosen to replay the 4.5 example."""
    state = a_table("argalad")
    h = state.heroes[0]
    state.decisions.clear()
    state.queue.clear()
    h.hand.cards = [card(state, "cmb-argalad-volley"), card(state, "cmb-argalad-aimed-shot")]
    wanted = ["cmb-monster-zealot-smash", "cmb-monster-zealot-aimed-shot"]
    # the two wanted cards on top (the end of the deck)
    state.stock["combat:zealot"] = tuple(sorted(state.stock["combat:zealot"],
                                                key=lambda e: stock.card_of(e).ref in wanted))
    state.active = 0
    state.step = "travel"
    combat.start(turn_on(state), h, "mon-orc", "travel")
    state.queue.clear()  # no Shadow card window in this example
    return state


def play_round(state, hero_ref: str, foe_ref: str):
    c = state.combat
    hc = next(x for x in state.heroes[0].hand.cards if x.ref == hero_ref)
    fc = next(x for x in c.foe_hand.cards if x.ref == foe_ref)
    d_hero, d_foe = open_decision(state, "commit"), next(d for d in state.decisions if d.context == "commit:foe")
    # meq spec 4.2: both decisions are open at once; the hero's view never shows Sauron's commit
    state = GAME.apply(state, d_hero.seat, Answer(decision=d_hero.id, choice=(hc.uid,))).state
    hero_view = codec.to_data(GAME.view(state, d_hero.seat))
    assert fc.name not in str(hero_view["decisions"])
    with_foe = GAME.apply(state, d_foe.seat, Answer(decision=d_foe.id, choice=(fc.uid,)))
    return with_foe.state


def test_combat_example_of_spec_4_5() -> None:
    # meq spec 4.5: 1 agility on a draw leaves strength 7; round 1 Argalad takes 2 and the Orc 1; round 2 the Orc
    # overspends (5 > 4), is exhausted and cancelled, Argalad deals 3 + 2 (Next Round) and the Orc falls.
    state = orc_fight()
    assert state.combat is not None and len(state.combat.foe_hand.cards) == 5  # meq spec 6.50: fortitude 5
    state = answer(state, "agility", "1")
    assert state.combat is not None and state.combat.hero_strength == 7
    life_before = stock.count(state, stock.life(state.heroes[0]))
    state = play_round(state, "cmb-argalad-volley", "cmb-monster-zealot-smash")
    state = answer(state, "dmg_life", "2")  # meq spec 6.52: the damage from the life pool, face down
    assert stock.count(state, stock.damage(state.heroes[0])) == 2
    assert stock.count(state, stock.life(state.heroes[0])) == life_before - 2
    assert state.combat is not None and state.combat.foe_damage == 1
    state = play_round(state, "cmb-argalad-aimed-shot", "cmb-monster-zealot-aimed-shot")
    assert state.combat is None  # the Orc took 1 + 5 = 6 >= 5 and is defeated
    assert [c.ref for c in state.heroes[0].rest.cards] == ["cmb-argalad-volley", "cmb-argalad-aimed-shot"]
    assert open_decision(state, "explore")  # the foe is defeated: the hero explores


def test_a_commit_cannot_be_changed() -> None:
    # meq spec 4.2: the decision closes on commit; answering it again is refused as stale
    state = answer(orc_fight(), "agility", "0")
    d = open_decision(state, "commit")
    first = state.heroes[0].hand.cards[0].uid
    state = GAME.apply(state, d.seat, Answer(decision=d.id, choice=(first,))).state
    import pytest

    from engines.core import StaleDecision
    with pytest.raises(StaleDecision):
        GAME.apply(state, d.seat, Answer(decision=d.id, choice=(state.heroes[0].hand.cards[0].uid,)))


def test_movement_cost_and_boat() -> None:
    # meq spec 6.37, 6.38
    state = a_table("argalad")
    h = state.heroes[0]
    h.at = "the-shire"
    assert travel.move_cost(state, h, "old-forest") == ("forest", 2)
    assert travel.move_cost(state, h, "the-grey-havens") == ("any", 1)
    h.at = "the-grey-havens"
    assert travel.move_cost(state, h, "harlindon") == ("forest", 2)  # water path, no Boat
    h.items.append("item-boat")
    assert travel.move_cost(state, h, "harlindon") == ("any", 1)


def test_missions() -> None:
    # meq spec 6.64, 6.68
    state = a_table("argalad,beravor")
    secret = next(m for m in index().pack.missions if m.test == "favor_at_least")
    assert finale.MISSIONS["favor_at_least"](state, secret) is False
    state.heroes[0].favor, state.heroes[1].favor = 3, 3
    assert finale.MISSIONS["favor_at_least"](state, secret) is True
    find = next(m for m in index().pack.missions if m.test == "find_them_all")
    assert not finale.MISSIONS["find_them_all"](state, find)
    state.influence["the-shire"] = 6
    assert finale.MISSIONS["find_them_all"](state, find)
    state.influence.clear()
    w = state.minion("minion-ringwraiths")
    w.status, w.at = "in", "the-shire"
    assert finale.MISSIONS["find_them_all"](state, find)


def test_hidden_information_in_views() -> None:
    # meq spec 1.4: token faces for Sauron only; each hand to its hero; the Hero Mission never to Sauron
    state = a_table("argalad,beravor")
    token = stock.pop(state, "pile:eriador-enedwaith")
    token.known_to = [state.sauron]
    state.tokens.cards.append(token)
    state.token_at[token.uid] = "bree"
    sauron_view = codec.to_data(GAME.view(state, state.sauron))
    public = codec.to_data(GAME.view(state, None))
    hero_view = codec.to_data(GAME.view(state, state.heroes[0].seat))
    bree = lambda v: next(p for p in v["places"] if p["id"] == "bree")  # noqa: E731
    assert bree(sauron_view)["tokens"][0]["name"] == token.name
    assert bree(public)["tokens"][0]["name"] is None and bree(public)["tokens"][0]["back"] == "eriador-enedwaith"
    mission = state.hero_mission.cards[0].name
    assert mission not in str(sauron_view) and mission in str(hero_view)
    assert state.sauron_mission.cards[0].name not in str(hero_view)


def test_scripted_encounter_corrupts() -> None:
    # meq spec 7.3: the encounter's script gives the hero a Corruption card (perils and shadows: their own tests)
    state = a_table("argalad")
    state.decisions.clear()
    state.queue.clear()
    h = state.heroes[0]
    scripts.run_card(turn_on(state), "enc-dangers-both-real-42", h)
    assert len(h.corruption.cards) == 1


def test_mouth_of_sauron_corrupts_at_the_start_of_combat() -> None:
    state = a_table("argalad")
    state.decisions.clear()
    state.active = 0
    combat.start(turn_on(state), state.heroes[0], "minion-mouth-of-sauron", "ambush")
    assert len(state.heroes[0].corruption.cards) == 1


def test_a_commit_prompt_shows_strength_and_card_numbers() -> None:
    # meq spec 4.2 c: a card that takes the spent total over the side's strength exhausts it, so each side is
    # asked knowing what it has spent and what each card costs
    state = answer(orc_fight(), "agility", "1")
    d_hero = open_decision(state, "commit")
    assert "strength spent 0 of 7" in d_hero.prompt
    assert any("(ranged, attack" in o.label and "cost" in o.label for o in d_hero.options)
    state = play_round(state, "cmb-argalad-volley", "cmb-monster-zealot-smash")
    state = answer(state, "dmg_life", "2")
    d_foe = next(d for d in state.decisions if d.context == "commit:foe")
    volley, smash = index().combat["cmb-argalad-volley"], index().combat["cmb-monster-zealot-smash"]
    assert f"strength spent {smash.cost} of 4" in d_foe.prompt
    assert f"strength spent {volley.cost} of 7" in open_decision(state, "commit").prompt


def test_a_monsters_own_ability_is_announced_for_adjust_and_listed_in_coverage(monkeypatch: MonkeyPatch) -> None:
    # a foe's own ability with no script (every one has one now: the Black Serpent's is taken away here) is said
    # at the start of its combat, as other unscripted text is, and `cards coverage meq` lists it by hand
    assert scripts.coverage()["monster and minion abilities by hand"] == []
    monkeypatch.delitem(scripts.OTHER_SCRIPTED, "minion-black-serpent")
    state = orc_fight()
    turn = turn_on(state)
    state.combat = None
    combat.start(turn, state.heroes[0], "minion-black-serpent", "travel")
    said = f"{index().foes['minion-black-serpent'].name}'s own ability is not scripted"
    assert any(e.text.startswith(said) for e in turn.events)
    state.combat = None
    turn = turn_on(state)
    combat.start(turn, state.heroes[0], "mon-orc", "travel")
    assert not any("own ability is not scripted" in e.text for e in turn.events)
    assert scripts.coverage()["monster and minion abilities by hand"] == ["minion-black-serpent"]
