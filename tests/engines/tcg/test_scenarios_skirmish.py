"""Spec section 7 scenarios of archery, assignment and skirmishes (seed 002 p. 26-29), one test each, driven through
the engine's own decisions. Minions and companions are made to order where the scenario gives numbers only."""

from __future__ import annotations

import pytest

from engines.core import Card, RuleError
from engines.tcg import GAME, combat, flow, rules, view
from engines.tcg.cards import FP, SHADOW
from engines.tcg.state import WOUNDS, Mod, TcgState
from tests.engines.tcg.made import decide, made, pass_until
from tests.engines.tcg.table import a_game, at_site, fight, found, option_ids, put, turn_of, window

JAVELIN = "7_248"  # Rohirrim Javelin: discard it in archery for fellowship archery +1
DESERT_FIGHTER, URUK_FIGHTER = "7_131", "1_146"


def _at_assignment(s: TcgState) -> TcgState:
    """Open the assignment phase as after archery (spec 4.7)."""
    s.decisions.clear()
    s.phase, s.step = "assignment", "assignment"
    s.assign, s.fought, s.fierce = {}, [], False
    flow.advance(turn_of(s))
    return s


def _uruk(s: TcgState, key: str = "uruk", **changes: object) -> Card:
    return put(s, made(s, URUK_FIGHTER, key, **changes), "minions", "p2")


def test_default_archery_total_counts_a_card_that_adds_one() -> None:
    # tcg spec 7.13; seed 002 p. 26 (L768-793): no archers, and the Javelin's +1, make a fellowship total of 1
    s = a_game()
    horseman = s.players[0].fellowship.cards[2]
    javelin = put(s, JAVELIN, "", on=horseman)
    minion = put(s, made(s, DESERT_FIGHTER, "raider", vitality=2), "minions", "p2")
    assert rules.archery_total(s, FP) == 0 and rules.archery_total(s, SHADOW) == 0
    s.decisions.clear()
    flow.start_procedure(s, "archery", "archery_fire")
    flow.advance(turn_of(s))
    s = decide(s, "p1", f"use:{javelin.uid}")
    assert rules.archery_total(s, FP) == 1
    s = pass_until(s, "assign")
    assert rules.wounds(found(s, minion.uid)) == 1  # the one archery wound, placed by its owner's only minion
    assert all(rules.wounds(c) == 0 for c in s.players[0].fellowship.cards)


def test_one_companion_per_minion() -> None:
    # tcg spec 7.14; seed 002 p. 27 (L732-767): a second defender for the same minion is refused
    s = a_game()
    frodo = s.players[0].fellowship.cards[0]
    aragorn = put(s, made(s, "7_81", "aragorn"), "fellowship")
    uruk = _uruk(s)
    s = _at_assignment(s)
    s = decide(s, "p1", f"{uruk.uid}>{aragorn.uid}")
    assert f"{uruk.uid}>{frodo.uid}" not in option_ids(s)
    with pytest.raises(RuleError, match="not an option"):
        decide(s, "p1", f"{uruk.uid}>{frodo.uid}")


@pytest.mark.parametrize("leftover", ["may", "must"])
def test_leftover_minion_joins_frodos_skirmish(leftover: str) -> None:
    # tcg spec 7.16; seed 002 p. 27 (L749-757, L794-799); spec 9.3 option "leftover" (may: default; must)
    s = a_game(leftover=leftover)
    frodo = s.players[0].fellowship.cards[0]
    aragorn = put(s, made(s, "7_81", "defender", keywords=("defender+1",)), "fellowship")
    u1, u2, u3, u4 = (_uruk(s) for _ in range(4))
    s = _at_assignment(s)
    s = decide(s, "p1", f"{u1.uid}>{aragorn.uid}")
    s = decide(s, "p1", f"{u2.uid}>{aragorn.uid}")  # defender +1: a second minion
    assert not any(o.endswith(f">{aragorn.uid}") for o in option_ids(s))  # but not a third
    s = decide(s, "p1", f"{u3.uid}>{frodo.uid}")
    s = decide(s, "p1", "done")
    d = s.decisions[0]
    assert d.seat == "p2" and d.context == "leftover" and f"{u4.uid}>{frodo.uid}" in option_ids(s)
    assert ("done" in option_ids(s)) == (leftover == "may")
    s = decide(s, "p2", f"{u4.uid}>{frodo.uid}")
    s = decide(s, "p1", frodo.uid)  # the FP picks Frodo's skirmish first
    assert s.skirmish == frodo.uid and {m.uid for m in rules.skirmishing(s, found(s, frodo.uid))} == {u3.uid, u4.uid}


def test_ambush_twilight_only_when_the_fp_assigns() -> None:
    # tcg spec 7.17; seed 002 p. 27 (L742-748)
    s = a_game()
    merry = s.players[0].fellowship.cards[1]
    sneak = put(s, made(s, "7_135", "ambusher", keywords=("southron", "ambush 2")), "minions", "p2")
    s.twilight = 1
    s = _at_assignment(s)
    s = decide(s, "p1", f"{sneak.uid}>{merry.uid}")
    assert s.decisions[0].seat == "p2" and s.decisions[0].context == "ambush:2"
    s = decide(s, "p2", "yes")
    assert s.twilight == 3
    s = a_game()
    merry = s.players[0].fellowship.cards[1]
    sneak = put(s, made(s, "7_135", "ambusher", keywords=("southron", "ambush 2")), "minions", "p2")
    s.twilight = 1
    s = _at_assignment(s)
    s = decide(s, "p1", "done")
    s = decide(s, "p2", f"{sneak.uid}>{merry.uid}")  # a leftover: no ambush
    assert s.twilight == 1 and not any(d.context.startswith("ambush") for d in s.decisions)


def _resolve(s: TcgState) -> TcgState:
    """Resolve the current skirmish and place its wounds (the queue runs before any step, flow.py)."""
    s.decisions.clear()
    s.step = "resolve"
    flow.advance(turn_of(s))
    return s


def test_tie_goes_to_the_shadow_and_damage_bonuses_sum() -> None:
    # tcg spec 7.20; seed 002 p. 28 (L812-823): 4 + 4 against 8, each Orc damage +1: 1 + 1 + 1 wounds
    s = a_game()
    aragorn = put(s, made(s, "7_81", "aragorn"), "fellowship")
    orc = made(s, "7_271", "orc", strength=4, vitality=3, keywords=("damage+1",))
    o1, o2 = put(s, orc, "minions", "p2"), put(s, orc, "minions", "p2")
    fight(s, aragorn, o1, o2)
    assert rules.strength(s, aragorn) == 8 == rules.strength(s, o1) + rules.strength(s, o2)
    s = _resolve(s)
    assert rules.wounds(found(s, aragorn.uid)) == 3 and found(s, aragorn.uid) in s.players[0].fellowship.cards
    assert rules.wounds(found(s, o1.uid)) == rules.wounds(found(s, o2.uid)) == 0


@pytest.mark.parametrize(("minion_strength", "killed"), [(9, False), (10, True)])
def test_not_quite_double_is_a_plain_shadow_win(minion_strength: int, killed: bool) -> None:
    # tcg spec 7.23; seed 002 p. 28 (L830-834): 5 against 9 is one wound; 5 against 10 overwhelms
    s = a_game()
    comp = put(s, made(s, "7_226", "horseman"), "fellowship")  # strength 5, vitality 3
    minion = put(s, made(s, DESERT_FIGHTER, "big", strength=minion_strength), "minions", "p2")
    fight(s, comp, minion)
    s = _resolve(s)
    if killed:
        assert found(s, comp.uid) in s.players[0].dead.cards
    else:
        assert found(s, comp.uid).tokens[WOUNDS] == 1 and found(s, comp.uid) in s.players[0].fellowship.cards


def test_the_ring_stays_on_into_the_fierce_skirmish() -> None:
    # tcg spec 7.28; seed 002 p. 35-36 (L1087-1089: worn until regroup), p. 29 (L919-941)
    s = a_game()
    frodo = s.players[0].fellowship.cards[0]  # strength 3
    fierce = put(s, made(s, URUK_FIGHTER, "fierce", strength=5, keywords=("fierce",)), "minions", "p2")
    s = _at_assignment(s)
    s = decide(s, "p1", f"{fierce.uid}>{frodo.uid}")  # its only minion paired: assignment ends
    s = pass_until(s, "ring")  # the skirmish window, then 5 against 3: a wound is about to be placed
    s = decide(s, "p1", "wear")
    assert s.players[0].burdens == 1 and rules.wounds(found(s, frodo.uid)) == 0
    assert s.fierce and s.decisions[0].context == "assign" and s.players[0].wearing
    s = decide(s, "p1", f"{fierce.uid}>{frodo.uid}")  # its only minion paired: assignment ends
    assert s.phase == "skirmish" and s.decisions[0].context == "act"
    for _ in range(2):  # the fierce skirmish's window: both pass, then it resolves
        s = decide(s, s.decisions[0].seat, "pass")
    assert s.players[0].burdens == 2 and rules.wounds(found(s, frodo.uid)) == 0  # a burden again, nobody asked
    assert s.phase == "regroup" and not s.players[0].wearing  # off when regroup starts


def test_fierce_minions_alone_are_assigned_again_before_regroup() -> None:
    # tcg spec 7.44; seed 002 p. 29 (L919-941)
    s = a_game()
    frodo, merry, horseman = s.players[0].fellowship.cards
    uruk = _uruk(s, "fierce", strength=4, vitality=3, keywords=("fierce",))
    orc = put(s, made(s, "7_271", "orc", strength=4, vitality=3, keywords=()), "minions", "p2")
    s = _at_assignment(s)
    s = decide(s, "p1", f"{uruk.uid}>{horseman.uid}")  # 5 against 4: a wound, the Uruk-hai survives
    s = decide(s, "p1", f"{orc.uid}>{merry.uid}")  # 5 against 4: the same (every minion paired: assignment ends)
    s = decide(s, "p1", horseman.uid)
    s = pass_until(s, "assign")  # both skirmishes' windows, then the fierce assignment
    assert s.fierce and s.phase == "assignment"
    assert rules.wounds(found(s, uruk.uid)) == 1 and rules.wounds(found(s, orc.uid)) == 1
    pairs = [o for o in option_ids(s) if o != "done"]
    assert {p.split(">")[0] for p in pairs} == {uruk.uid}  # only the fierce minion
    assert {p.split(">")[1] for p in pairs} == {frodo.uid, merry.uid, horseman.uid}  # any companion
    s = decide(s, "p1", f"{uruk.uid}>{merry.uid}")
    assert s.phase == "skirmish" and s.skirmish == merry.uid  # the fierce skirmish runs before regroup
    for _ in range(2):
        s = decide(s, s.decisions[0].seat, "pass")
    assert s.phase == "regroup" and rules.wounds(found(s, uruk.uid)) == 2  # 5 against 4 again: a second wound


@pytest.mark.parametrize("wearing", [False, True])
def test_the_ring_answers_a_wound_by_card_text_in_a_skirmish_too(wearing: bool) -> None:
    # tcg spec 5.3, 9.12 (the card governs: any wound during a skirmish); seed 002 p. 35 (L1119-1128): Desert
    # Soldier's start-of-skirmish wound to Frodo is offered to the Ring, and while it is worn becomes a burden
    s = a_game()
    frodo = s.players[0].fellowship.cards[0]
    soldier = put(s, "7_136", "minions", "p2")  # strength 9: Frodo loses the skirmish as well
    s.players[0].wearing = wearing
    s.twilight = 3
    s = _at_assignment(s)
    s = decide(s, "p1", f"{soldier.uid}>{frodo.uid}")
    assert s.decisions[0].seat == "p2" and s.decisions[0].context.startswith("card:soldier")
    s = decide(s, "p2", "yes")
    if not wearing:
        assert s.decisions[0].context == "ring"  # offered before the wound is placed
        s = decide(s, "p1", "wear")
    assert rules.wounds(found(s, frodo.uid)) == 0 and s.players[0].burdens == 1 and s.players[0].wearing


# --- how a skirmish's strengths are made up (spec 4.8.3: strength with every modifier) ---------------------------
HOBBIT_SWORD, SCOUT, SNEAK, ANDUIN_BANKS = "1_299", "7_134", "7_135", "7_341"


def _resolved(s: TcgState) -> list[str]:
    turn = turn_of(s)
    combat.resolve(turn)
    return [e.text for e in turn.events]


def test_the_skirmish_line_shows_how_each_total_is_made_up() -> None:
    # Play-tested: "Merry, Noble Warrior 7 against 8" left the table to work out where the 7 came from. Each side's
    # total now says its parts: the printed strength, then each possession or card that changes it, by name.
    s = a_game()
    merry = s.players[0].fellowship.cards[1]
    put(s, HOBBIT_SWORD, "", on=merry)
    scout = put(s, SCOUT, "minions", "p2")
    fight(s, merry, scout)
    assert _resolved(s)[0] == "Merry, Noble Warrior 7 (5 +2 Hobbit Sword) against 8: the Shadow wins."
    # several minions: each by name with its parts, which add up to the total
    s = a_game()
    merry = s.players[0].fellowship.cards[1]
    scout, sneak = put(s, SCOUT, "minions", "p2"), put(s, SNEAK, "minions", "p2")
    fight(s, merry, scout, sneak)
    s = GAME.apply(s, "p2", GAME.parse(f"adjust strength {sneak.uid} -2")).state  # by hand, for text unscripted
    assert _resolved(s)[0] == ("Merry, Noble Warrior 5 against 11 (Desert Scout 8; Desert Sneak 5 -2 p2's "
                               "adjustment): the Shadow wins, overwhelming.")


def test_a_strength_given_by_a_cards_ability_is_named_by_that_card() -> None:
    # Anduin Banks (site 4): in a skirmish a Shadow player removes a burden to make his minion +2. The view's
    # skirmish line and the resolution both name the site as the +2's source.
    s = a_game()
    at_site(s, ANDUIN_BANKS)
    s.players[0].burdens = 2
    merry = s.players[0].fellowship.cards[1]
    sneak = put(s, SNEAK, "minions", "p2")
    fight(s, merry, sneak)
    window(s, "skirmish", "p2")
    site = next(c for c in s.path.cards if c.ref == ANDUIN_BANKS)
    s = GAME.apply(s, "p2", GAME.parse(f"use {site.uid} {sneak.uid}")).state
    assert rules.strength_parts(s, found(s, sneak.uid)) == [("", 5), ("Anduin Banks", 2)]
    assert "Skirmish: Merry, Noble Warrior (strength 5) against Desert Sneak (strength 7: 5 +2 Anduin Banks)" \
        in view.build(s, None).lines
    assert _resolved(s)[0] == "Merry, Noble Warrior 5 against 7 (5 +2 Anduin Banks): the Shadow wins."


def test_a_cards_own_ability_is_itself_and_the_parts_always_add_up() -> None:
    # Uruk Slayer-like self boosts read "itself"; and over seeded random games, every character's parts add up to
    # the strength the skirmish compares (rules.strength_parts beside rules.strength).
    import random

    from engines.core import Config
    from tests.engines.randomplay import random_answer

    s = a_game()
    merry = s.players[0].fellowship.cards[1]
    s.mods.append(Mod(uid=merry.uid, stat="strength", amount=4, until="skirmish", by=merry.uid))
    assert rules.strength_parts(s, merry) == [("", 5), ("itself", 4)]
    for seed in range(3):
        rnd = random.Random(seed)
        state = GAME.setup(Config(seats=GAME.seat_names(2 + seed % 2), options={}), seed)
        for _ in range(3000):
            if state.outcome is not None:
                break
            for c in rules.characters(state):
                assert sum(n for _, n in rules.strength_parts(state, c)) == rules.strength(state, c)
            d = rnd.choice(state.decisions)
            state = GAME.apply(state, d.seat, random_answer(d, rnd)).state
