"""Acceptance scenarios of combat (meq spec 6): the Ambush, printed values, minion damage, the Ringwraiths'
return, declaring exhaustion, and the monster token that always leaves; each fought through the engine with
the hands and combat decks arranged so the spec's numbers come out."""

from __future__ import annotations

import pytest

from engines.core import Answer, DecisionKind
from engines.core.contract import Event
from engines.meq import GAME, combat, sauron, stock
from engines.meq.state import MeqState
from tests.engines.meq.table import (
    a_table,
    answer,
    contexts,
    give,
    hero_turn,
    on_top,
    open_decision,
    options,
    place_token,
    turn_on,
)

EXHAUST = combat.EXHAUST


def commit(state: MeqState, hero_ref: str, foe_ref: str) -> tuple[MeqState, list[Event]]:
    """One round: the hero commits (a card of `hero_ref`, or exhaustion), then Sauron; returns the state and
    what the reveal said."""
    c = state.combat
    assert c is not None
    events: list[Event] = []
    for side, ref in (("hero", hero_ref), ("foe", foe_ref)):
        d = next((d for d in state.decisions if d.context == f"commit:{side}"), None)
        if d is None:
            continue
        zone = state.hero(c.hero).hand if side == "hero" else c.foe_hand
        pick = EXHAUST if ref == EXHAUST else next(x.uid for x in zone.cards if x.ref == ref)
        step = GAME.apply(state, d.seat, Answer(decision=d.id, choice=(pick,)))
        state, events = step.state, events + step.events
    return state, events


def ambush_table(**opts: str) -> tuple[MeqState, list[str]]:
    """Argalad starts his turn on Dagorlad with an Orc token, a blank token and the Black Serpent."""
    state = a_table(**opts)
    orc = place_token(state, "brown-lands-mordor", "mon-orc", "dagorlad")
    blank = place_token(state, "brown-lands-mordor", "blank", "dagorlad")
    state.minion("minion-black-serpent").at = "dagorlad"
    state.heroes[0].hand.cards.clear()
    return hero_turn(state, 0, at="dagorlad"), [orc.uid, blank.uid, "minion-black-serpent"]


def test_ambush_one_enemy_then_the_turn_goes_on_exploring_in_place() -> None:
    # meq spec 6.35; seed 004 The Ambush Step (l.1675), Exploring where the turn began (l.1843)
    state, pieces = ambush_table()
    orc, blank, serpent = pieces
    assert "rest" not in contexts(state)  # tokens and a minion: no rest
    d = open_decision(state, "attack")
    assert d.seat == state.sauron and d.kind == DecisionKind.CHOOSE_ONE
    assert {o.id for o in d.options} == set(pieces)  # exactly one of them, no pass
    # spec 1.4: Sauron reads his tokens' faces in his options, and the decision is his alone
    labels = {o.id: o.label for o in d.options}
    assert labels[orc].endswith("(Orc)") and labels[blank].endswith("(Blank)") and d.private
    hero_view = GAME.view(state, state.heroes[0].seat)
    assert not any(x.id == d.id for x in hero_view.decisions)
    state = answer(state, "attack", orc)
    assert state.combat is not None and state.combat.foe == "mon-orc" and state.combat.context == "ambush"
    state = answer(state, "agility", "0")  # an empty hand: Argalad is exhausted at once
    state, _ = commit(state, EXHAUST, EXHAUST)
    assert state.combat is None  # both exhausted: nobody is defeated
    place = open_decision(state, "place")  # the Orc's wisdom (2) in influence, Sauron's choice
    assert place.seat == state.sauron and place.prompt.startswith("Place influence: 2 left")
    state = answer(state, "place", "stop")
    assert not state.turn_over
    assert "explore" in options(state, "travel")  # the turn goes on
    state = answer(state, "travel", "explore")
    assert "attack" not in contexts(state) and open_decision(state, "explore")  # no other enemy attacks
    assert {c.uid for c in state.tokens_at("dagorlad")} == {blank}
    assert [m.key for m in state.minions_at("dagorlad")] == [serpent]


@pytest.mark.parametrize("value", ["must", "may"])
def test_ambush_option(value: str) -> None:
    # meq spec 7.5.1 (both values; the default "must" is 6.35): with "may" Sauron can let the hero pass
    state, pieces = ambush_table(ambush=value)
    d = open_decision(state, "attack")
    assert ("pass" in {o.id for o in d.options}) is (value == "may")
    if value == "may":
        state = answer(state, "attack", "pass")
        assert state.combat is None and open_decision(state, "travel")


def test_a_monster_token_always_leaves_after_the_fight() -> None:
    # meq spec 6.71; seed 004 Steps of Combat (l.2220), Resolution b: the Orc survives, its token still goes
    state, (orc, _, _) = ambush_table()
    state = answer(state, "attack", orc)
    state = answer(state, "agility", "0")
    state, _ = commit(state, EXHAUST, EXHAUST)
    assert orc not in state.token_at and orc not in [c.uid for c in state.tokens.cards]
    gone = state.token_discard.cards[-1]
    assert gone.uid == orc and gone.face_up and gone.name == "Orc"


def fight(state: MeqState, who: int, foe: str, hand: tuple[str, ...], deck: str, top: tuple[str, ...],
          context: str = "ambush") -> MeqState:
    """A combat started by the engine with the hero's hand and the top of the foe's combat deck chosen."""
    state.decisions.clear()
    state.queue.clear()
    state.first_turn = False
    state.active, state.step = who, "travel"
    state.heroes[who].hand.cards.clear()
    give(state, who, *hand)
    on_top(state, f"combat:{deck}", *top)
    combat.start(turn_on(state), state.heroes[who], foe, context)
    return state


def test_printed_defense_and_a_defense_bonus_both_apply() -> None:
    # meq spec 6.53; seed 004 Combat Keywords (l.2334): "+5 attack if the opponent's printed defense is 0"
    # against a card of printed defense 0 that has +2 defense (Concentrate's Next Round bonus)
    state = fight(a_table(), 0, "mon-southron", ("cmb-argalad-quick-shot", "cmb-argalad-attack-of-opportunity"),
                  "ravager", ("cmb-monster-ravager-concetrate", "cmb-monster-ravager-hack"), context="travel")
    state = answer(state, "agility", "0")
    state, said = commit(state, "cmb-argalad-quick-shot", "cmb-monster-ravager-concetrate")
    assert "Damage: Argalad takes 0, Southron takes 1 (total 1 of 6)." in [e.text for e in said]
    state, said = commit(state, "cmb-argalad-attack-of-opportunity", "cmb-monster-ravager-hack")
    # Argalad: 2 + 5 (printed defense 0) = 7 against 0 + 2 = 2 -> 5; the Southron: 1 + 1 (vs Melee) + 2 = 4
    # the damage line says which abilities gave a bonus, so the numbers can be checked
    assert ("Damage: Argalad takes 4, Southron takes 5 (total 6 of 6); Argalad's Attack of Opportunity: attack +5 "
            "against a card of defense 0; Sauron's Hack: attack +1 against Melee.") in [e.text for e in said]
    assert stock.count(state, stock.damage(state.heroes[0])) == 4  # an empty hand: all from the life pool
    assert state.combat is None and open_decision(state, "explore")  # 6 of 6: the Southron is defeated


def test_minion_damage_carries_over_and_a_defeated_minion_is_gone_for_good() -> None:
    # meq spec 6.55; seed 004 Minions (l.~2531), Damage (l.2472-2550)
    state = a_table()
    serpent = "minion-black-serpent"
    state = fight(state, 1, serpent, ("cmb-beravor-deadly-finesse",), "ravager", ("cmb-monster-ravager-concetrate",))
    state = answer(state, "agility", "0")
    state, said = commit(state, "cmb-beravor-deadly-finesse", "cmb-monster-ravager-concetrate")
    assert any("The Black Serpent takes 4 (total 4 of 11)" in e.text for e in said)
    state, _ = commit(state, EXHAUST, EXHAUST)  # both exhausted: the Black Serpent is not defeated
    assert state.combat is None
    assert (state.minion(serpent).damage, state.minion(serpent).status) == (4, "in")
    state = fight(state, 1, serpent, ("cmb-beravor-deadly-finesse", "cmb-beravor-aimed-shot"), "ravager",
                  ("cmb-monster-ravager-concetrate",))
    assert state.minion(serpent).damage == 4  # still there at the next combat
    state = answer(state, "agility", "0")
    state, said = commit(state, "cmb-beravor-deadly-finesse", "cmb-monster-ravager-concetrate")
    assert any("(total 8 of 11)" in e.text for e in said)
    state, said = commit(state, "cmb-beravor-aimed-shot", EXHAUST)
    assert any("(total 11 of 11)" in e.text for e in said)
    m = state.minion(serpent)
    assert state.combat is None and (m.status, m.at, m.damage) == ("gone", "", 0)
    sauron.action_start(turn_on(state))  # unlike the Ringwraiths, it never comes back
    assert state.minion(serpent).status == "gone"


def test_the_ringwraiths_return_at_sauron_s_next_action_step() -> None:
    # meq spec 6.56; seed 004 Minions (l.~2531): defeated on a hero turn, back on Minas Morgul with 0 damage
    state = a_table()
    wraiths = state.minion("minion-ringwraiths")
    wraiths.status, wraiths.at, wraiths.damage = "in", "osgiliath", 6
    state = fight(state, 0, "minion-ringwraiths", ("cmb-argalad-aimed-shot",), "ravager",
                  ("cmb-monster-ravager-concetrate",))
    state = answer(state, "agility", "0")
    state, said = commit(state, "cmb-argalad-aimed-shot", "cmb-monster-ravager-concetrate")
    assert any("(total 9 of 9)" in e.text for e in said)
    wraiths = state.minion("minion-ringwraiths")
    assert (wraiths.status, wraiths.at) == ("out", "") and not state.minions_at("osgiliath")
    turn = turn_on(state)
    sauron.hero_rally(turn)
    assert state.minion("minion-ringwraiths").status == "out"  # not yet
    sauron.action_start(turn)
    wraiths = state.minion("minion-ringwraiths")
    assert (wraiths.status, wraiths.at, wraiths.damage) == ("in", "minas-morgul", 0)


def test_both_want_exhaustion_the_hero_declares_first() -> None:
    # meq spec 6.59; seed 004 Exhaustion (l.2472-2550): the hero's declaration is public at once and Sauron
    # decides after it; Sauron's own commit stays secret until the reveal
    state = fight(a_table(), 0, "mon-orc", ("cmb-argalad-volley",), "zealot", ("cmb-monster-zealot-smash",))
    state = answer(state, "agility", "0")
    d_hero = open_decision(state, "commit")
    d_foe = next(d for d in state.decisions if d.context == "commit:foe")
    step = GAME.apply(state, d_hero.seat, Answer(decision=d_hero.id, choice=(EXHAUST,)))
    assert any("declares exhaustion" in e.text and e.visible_to(state.sauron) for e in step.events)
    state = step.state
    assert [d.id for d in state.decisions] == [d_foe.id]  # Sauron chooses now, knowing it
    assert EXHAUST in {o.id for o in d_foe.options}
    state, said = commit(state, EXHAUST, EXHAUST)
    assert state.combat is None and any(e.text == "The combat ends: Orc is not defeated." for e in said)
    assert open_decision(state, "place")  # nobody defeated: the Orc's influence goes down
    # The other order: Sauron answers first; the hero learns only that Sauron committed.
    state = fight(a_table(), 0, "mon-orc", ("cmb-argalad-volley",), "zealot", ("cmb-monster-zealot-smash",))
    state = answer(state, "agility", "0")
    d_foe = next(d for d in state.decisions if d.context == "commit:foe")
    step = GAME.apply(state, d_foe.seat, Answer(decision=d_foe.id, choice=(EXHAUST,)))
    hero_seat = state.heroes[0].seat
    heard = [e.text for e in step.events if e.visible_to(hero_seat)]
    assert heard == ["Sauron commits."]


def test_an_undefeated_foe_in_travel_ends_the_turn() -> None:
    # meq spec 3.2 step 3b / 4.2 step 4c (the contrast to 6.35): in Travel, failing to defeat the foe ends the
    # turn at once
    state = fight(a_table(), 0, "mon-orc", (), "zealot", (), context="travel")
    state = answer(state, "agility", "0")
    state, _ = commit(state, EXHAUST, EXHAUST)
    state = answer(state, "place", "stop")
    assert state.active == 1  # Beravor's turn: no Explore, no Encounter for Argalad
