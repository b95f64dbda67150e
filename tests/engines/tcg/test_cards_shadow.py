"""The Shadow cards of both Siege of Gondor starters (Ringwraith, Raider), one test each (tcg spec 8.3)."""

from __future__ import annotations

from engines.tcg import actions, combat, flow, rules
from engines.tcg.state import TcgState
from tests.engines.tcg.table import a_game, answer, at_site, fight, found, option_ids, put, turn_of, window

SPEARMAN, DESTROYER, LEMENYA, NELYA, OTSEA, UNHINDERED = "7_201", "7_190", "7_214", "7_216", "7_218", "8_82"
HARADWAITH, SOLDIER, RUNNER, SCOUT, SNEAK, BEASTS = "8_61", "7_136", "7_133", "7_134", "7_135", "7_149"
STEED = "7_253"


def _assigning(s: TcgState) -> None:
    s.decisions.clear()
    s.phase, s.step = "assignment", "assignment"
    flow.advance(turn_of(s))


def test_morgul_spearman_costs_an_exertion_to_assign_while_a_nazgul_is_about() -> None:
    # tcg spec 4.7 (assignment); Morgul Spearman
    s = a_game()
    frodo, merry, horseman = s.players[0].fellowship.cards
    spear = put(s, SPEARMAN, "minions", "p2")
    _assigning(s)
    s = answer(s, f"{spear.uid}>{merry.uid}")
    assert all(rules.wounds(c) == 0 for c in s.players[0].fellowship.cards)  # no Nazgul: no cost
    s = a_game()
    frodo, merry, horseman = s.players[0].fellowship.cards
    spear = put(s, SPEARMAN, "minions", "p2")
    put(s, NELYA, "minions", "p2")
    _assigning(s)
    s = answer(s, f"{spear.uid}>{merry.uid}")
    assert s.decisions[0].context == "card:exert_chosen" and len(s.decisions[0].options) == 3
    s = answer(s, horseman.uid)
    assert rules.wounds(found(s, horseman.uid)) == 1 and s.assign[spear.uid] == merry.uid


def test_morgul_destroyer_threats_or_a_wound_to_the_ring_bearer() -> None:
    # tcg spec 6.13 (threats), 5.3; Morgul Destroyer
    for prevent in ("no", "yes"):
        s = a_game()
        put(s, NELYA, "minions", "p2")
        card = put(s, DESTROYER, "hand", "p2")
        s.twilight = 4  # 2, and 2 more: roaming at site 1
        window(s, "shadow", "p2")
        s = answer(s, f"play:{card.uid}")
        s = answer(s, "yes")
        assert s.decisions[0].seat == "p1"
        s = answer(s, prevent)
        frodo = s.players[0].fellowship.cards[0]
        assert (s.players[0].threats, rules.wounds(frodo)) == ((2, 0) if prevent == "no" else (0, 1))
    m = found(s, card.uid)
    fight(s, s.players[0].fellowship.cards[2], m)
    s.players[0].threats = 1
    assert f"use:{m.uid}" in window(s, "skirmish", "p2")
    s = answer(s, f"use:{m.uid}")
    assert rules.strength(s, found(s, m.uid)) == 9 and s.players[0].threats == 0


def test_the_ulaire_regroup_abilities_need_shadow_initiative() -> None:
    # tcg spec 6.12 (initiative), 4.9; Ulaire Lemenya, Ulaire Nelya, Ulaire Otsea
    s = a_game()
    horseman = s.players[0].fellowship.cards[2]
    steed = put(s, STEED, "", on=horseman)
    lem = put(s, LEMENYA, "minions", "p2")
    assert f"use:{lem.uid}:{steed.uid}" not in window(s, "regroup", "p2")  # the FP holds 8 cards
    del s.players[0].hand.cards[3:]
    assert f"use:{lem.uid}:{steed.uid}" in window(s, "regroup", "p2")
    s = answer(s, f"use:{lem.uid}:{steed.uid}")
    assert found(s, steed.uid) in s.players[0].discard.cards and found(s, lem.uid) in s.players[1].discard.cards
    nel = put(s, NELYA, "minions", "p2")
    assert f"use:{nel.uid}" in window(s, "regroup", "p2")
    s = answer(s, f"use:{nel.uid}")
    frodo = s.players[0].fellowship.cards[0]
    assert rules.wounds(frodo) == 1 and rules.wounds(s.players[0].fellowship.cards[1]) == 0  # Frodo is Ring-bound
    ots = put(s, OTSEA, "minions", "p2")
    assert f"use:{ots.uid}" in window(s, "regroup", "p2")
    s = answer(s, f"use:{ots.uid}")
    assert s.decisions[0].seat == "p1"
    assert set(option_ids(s)) == {f"exert:{frodo.uid}", *(f"return:{c.uid}"
                                                         for c in s.players[0].fellowship.cards[1:])}
    s = answer(s, f"return:{horseman.uid}")
    assert found(s, horseman.uid) in s.players[0].hand.cards


def test_unhindered_gives_the_shadow_initiative_if_the_nazgul_wins() -> None:
    # tcg spec 6.12; Unhindered
    s = a_game()
    merry = s.players[0].fellowship.cards[1]
    nel = put(s, NELYA, "minions", "p2")
    card = put(s, UNHINDERED, "hand", "p2")
    s.twilight = 2
    fight(s, merry, nel)
    assert f"ev:{card.uid}:{nel.uid}" in window(s, "skirmish", "p2")
    s = answer(s, f"ev:{card.uid}:{nel.uid}")
    assert rules.strength(s, found(s, nel.uid)) == 12 and not rules.shadow_has_initiative(s)
    s.decisions.clear()
    s.step = "resolve"
    flow.advance(turn_of(s))
    assert rules.shadow_has_initiative(s) and len(s.players[0].hand.cards) >= 4
    assert not [f for f in s.flags if f.startswith("watch:")]


def test_haradwaith_initiative_at_site_four_and_its_response() -> None:
    # tcg spec 6.12, 6.6 (responses); Haradwaith
    s = a_game()
    hara = put(s, HARADWAITH, "support", "p2")
    put(s, SNEAK, "minions", "p2")
    assert not rules.shadow_has_initiative(s)
    at_site(s, "7_343")
    assert rules.shadow_has_initiative(s)
    s = a_game()
    hara = put(s, HARADWAITH, "support", "p2")
    raider = put(s, SOLDIER, "hand", "p2")
    comp = put(s, "7_226", "hand")
    window(s, "fellowship")
    s = answer(s, f"play:{comp.uid}")
    d = s.decisions[0]
    assert d.seat == "p2" and d.private and raider.uid in option_ids(s)
    twilight = s.twilight
    s = answer(s, raider.uid)
    assert s.twilight == twilight + 5 and found(s, hara.uid) in s.players[1].discard.cards


def test_desert_soldier_pays_three_to_wound_at_the_start_of_its_skirmish() -> None:
    # tcg spec 4.8; Desert Soldier
    s = a_game()
    horseman = s.players[0].fellowship.cards[2]
    m = put(s, SOLDIER, "minions", "p2")
    s.assign[m.uid] = horseman.uid
    s.twilight = 3
    s.decisions.clear()
    s.phase, s.step = "assignment", "skirmish_pick"
    flow.advance(turn_of(s))
    assert s.decisions[0].seat == "p2" and s.decisions[0].context == f"card:soldier:{m.uid}"
    s = answer(s, "yes")
    assert s.twilight == 0 and rules.wounds(found(s, horseman.uid)) == 1


def test_desert_runners_wound_when_assigned_while_the_shadow_has_initiative() -> None:
    # tcg spec 4.7, 6.12; Desert Runner, Desert Scout, Desert Sneak
    for ref, initiative in ((RUNNER, True), (SCOUT, True), (SNEAK, False)):
        s = a_game()
        merry = s.players[0].fellowship.cards[1]
        m = put(s, ref, "minions", "p2")
        if initiative:
            del s.players[0].hand.cards[3:]
        t = turn_of(s)
        s.decisions.clear()
        combat.assign(t, m.uid, merry.uid, by_fp=True)
        contexts = [d.context for d in s.decisions]
        assert ("card:wound_chosen" in contexts) is initiative and "ambush:1" in contexts


def test_great_beasts_needs_a_raider_man_and_slows_the_fellowship() -> None:
    # tcg spec 4.9 (move limit); Great Beasts
    s = a_game()
    card = put(s, BEASTS, "hand", "p2")
    s.players[0].position = 4
    assert f"play:{card.uid}" not in window(s, "shadow", "p2")
    put(s, SNEAK, "minions", "p2")
    assert f"play:{card.uid}" in window(s, "shadow", "p2")
    s = answer(s, f"play:{card.uid}")
    put(s, SCOUT, "minions", "p2")
    s.twilight = 9
    assert f"use:{card.uid}" not in window(s, "regroup", "p2")  # 2 Raider Men
    put(s, SOLDIER, "minions", "p2")
    assert f"use:{card.uid}" in window(s, "regroup", "p2")
    s = answer(s, f"use:{card.uid}")
    assert s.twilight == 0 and rules.move_limit(s) == 1
    assert actions.cost_of(s, found(s, card.uid)) == 0
