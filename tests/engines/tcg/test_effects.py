"""The scripted Siege of Gondor cards, one test each (tcg spec 8.3), and the coverage list."""

from __future__ import annotations

from engines.core import Card
from engines.tcg import flow, rules, scripts
from engines.tcg.cards import builtin
from engines.tcg.decks import builtin_decks
from engines.tcg.state import WOUNDS, TcgState
from tests.engines.tcg.table import a_game, answer, option_ids, put, turn_of


def found(s: TcgState, uid: str) -> Card:
    card = s.find(uid)
    assert card is not None, uid
    return card


def _fight(s, comp, *minions) -> None:
    for m in minions:
        s.assign[m.uid] = comp.uid
    s.phase, s.skirmish = "skirmish", comp.uid


def test_enraged_horseman_against_a_wounded_minion() -> None:
    s = a_game()
    horseman = s.players[0].fellowship.cards[2]
    m = put(s, "7_135", "minions", "p2")
    _fight(s, horseman, m)
    m.tokens[WOUNDS] = 1
    assert rules.strength(s, horseman) == 5  # no other Rohan Man (Merry is a Hobbit)
    s.players[0].fellowship.cards.append(s.new_card("7_226", "p1"))
    assert rules.strength(s, horseman) == 7 and rules.damage(s, horseman) == 1
    m.tokens.clear()
    assert rules.strength(s, horseman) == 5


def test_denethor_counts_other_gondor_men_up_to_four() -> None:
    s = a_game(decks="sog", deck_p1="sog-pippin-starter")
    denethor = put(s, "7_86", "fellowship")
    assert rules.strength(s, denethor) == 6  # Gondorian Captain
    for _ in range(5):
        put(s, "7_96", "fellowship")
    assert rules.strength(s, denethor) == 9


def test_morgul_whelp_and_morgul_axe_read_the_ring_bearers_wounds() -> None:
    s = a_game()
    whelp = put(s, "7_202", "minions", "p2")
    axe = put(s, "7_186", "", "p2", on=whelp)
    frodo = s.players[0].fellowship.cards[0]
    assert rules.strength(s, whelp) == 5 and rules.damage(s, whelp) == 0
    frodo.tokens[WOUNDS] = 2
    assert rules.strength(s, whelp) == 11 and rules.damage(s, whelp) == 1
    assert axe in whelp.attached


def test_lurker_and_creeper_archery() -> None:
    s = a_game()
    put(s, "8_76", "minions", "p2")
    put(s, "8_75", "minions", "p2")
    assert rules.archery_total(s, "shadow") == 0  # p1 holds 8 cards: the FP has initiative, 0 burdens
    del s.players[0].hand.cards[3:]
    s.players[0].burdens = 3
    assert rules.archery_total(s, "shadow") == 4


def test_raider_bow_mumakil_and_troop_of_haradrim() -> None:
    s = a_game()
    troop = put(s, "7_172", "minions", "p2")
    put(s, "7_155", "", "p2", on=troop)
    assert rules.has_keyword(s, troop, "archer") and rules.ambush(s, troop) == 5
    scout = put(s, "7_134", "minions", "p2")
    put(s, "8_64", "", "p2", on=scout)
    assert rules.has_keyword(s, scout, "fierce") and rules.damage(s, scout) == 0
    s.players[0].threats = 4
    assert rules.damage(s, scout) == 1 and rules.damage(s, troop) == 1 and rules.has_keyword(s, troop, "fierce")


def test_haradrim_marksman_spares_ring_bound_companions_with_another_raider_man() -> None:
    s = a_game()
    put(s, "8_60", "minions", "p2")
    s.decisions.clear()
    s.step = "archery_fire"
    flow.advance(turn_of(s))
    assert s.queue == []  # only Frodo is Ring-bound; with no other Raider Man he could be shot: Merry and the
    # Horseman remain, so a decision is asked
    s2 = a_game()
    put(s2, "8_60", "minions", "p2")
    put(s2, "7_135", "minions", "p2")
    from engines.tcg import combat
    assert combat._no_archery(s2, s2.players[0].fellowship.cards[0])
    assert not combat._no_archery(s2, s2.players[0].fellowship.cards[1])


def test_man_the_walls_and_line_of_defense() -> None:
    s = a_game()
    put(s, "7_111", "support", "p1")
    captain = put(s, "7_96", "fellowship")
    m = put(s, "7_135", "minions", "p2")
    _fight(s, captain, m)
    assert rules.site_number(s, m) == 5
    put(s, "8_63", "support", "p2")
    rider = put(s, "7_134", "minions", "p2")
    put(s, "8_64", "", "p2", on=rider)
    s.phase = "maneuver"
    from engines.tcg import procedures as proc
    proc.wound_now(turn_of(s), m.uid, "effect")
    assert WOUNDS not in m.tokens


def test_edoras_hall_and_rohirrim_camp() -> None:
    s = a_game()
    from engines.tcg.actions import cost_of
    assert cost_of(s, put(s, "7_253", "hand")) == 1  # Swift Steed at Edoras Hall
    camp = next(c for c in s.players[1].adventure.cards if c.ref == "7_335") if False else s.new_card("7_336", "p2")
    s.path.cards.append(camp)
    s.players[0].position = 2
    m = put(s, "7_134", "minions", "p2")
    assert rules.roaming(s, m)
    del s.players[0].hand.cards[3:]
    assert not rules.roaming(s, m)


def _skirmish_window(s, seat: str) -> None:
    s.decisions.clear()
    flow.start_procedure(s, "skirmish", "resolve")
    if seat != "p1":
        s.actor = 1
    flow.advance(turn_of(s, seat))


def test_skirmish_events_dagger_strike_new_strength_white_hot_fury() -> None:
    s = a_game()
    merry = s.players[0].fellowship.cards[1]
    put(s, "7_319", "", on=merry)
    m = put(s, "7_135", "minions", "p2")
    _fight(s, merry, m)
    dagger = put(s, "7_84", "hand")
    _skirmish_window(s, "p1")
    s = answer(s, f"ev:{dagger.uid}:{merry.uid}")
    merry = s.players[0].fellowship.cards[1]
    assert rules.strength(s, merry) == 5 + 2 + 2 and rules.damage(s, merry) == 1
    new = put(s, "7_154", "hand", "p2")
    s.twilight = 2
    s.decisions.clear()
    flow.advance(turn_of(s, "p2"))
    s = answer(s, f"ev:{new.uid}:{m.uid}")
    assert rules.strength(s, found(s, m.uid)) == 5 + 3 and s.twilight == 0  # the FP holds 8 cards: +3, not +6
    s2 = a_game()
    horseman = s2.players[0].fellowship.cards[2]
    put(s2, "7_253", "", on=horseman)
    raider = put(s2, "7_135", "minions", "p2")
    _fight(s2, horseman, raider)
    fury = put(s2, "7_258", "hand")
    _skirmish_window(s2, "p1")
    s2 = answer(s2, f"ev:{fury.uid}:{horseman.uid}")
    h = s2.players[0].fellowship.cards[2]
    assert rules.strength(s2, h) == 5 + 1 + 2 and rules.damage(s2, h) == 2


def test_eowyn_guthlaf_predator_and_javelin() -> None:
    s = a_game()
    eowyn = put(s, "7_229", "fellowship")
    steed = put(s, "7_253", "", on=eowyn)
    m = put(s, "7_196", "minions", "p2")
    _fight(s, eowyn, m)
    _skirmish_window(s, "p1")
    s = answer(s, f"use:{eowyn.uid}:0")
    assert rules.strength(s, found(s, eowyn.uid)) == 8 and s.find(steed.uid) in s.players[0].discard.cards
    s = answer(s, f"use:{m.uid}:{m.uid}")  # p2: the Predator exerts to pump itself (a Ringwraith Orc)
    assert rules.strength(s, found(s, m.uid)) == 12 and found(s, m.uid).tokens[WOUNDS] == 1
    s2 = a_game()
    horseman = s2.players[0].fellowship.cards[2]
    jav = put(s2, "7_248", "", on=horseman)
    s2.decisions.clear()
    flow.start_procedure(s2, "archery", "archery_fire")
    flow.advance(turn_of(s2))
    s2 = answer(s2, f"use:{jav.uid}")
    assert rules.archery_total(s2, "fp") == 1


def test_merry_needs_a_rohan_companion_and_pumps_per_rohan_companion() -> None:
    s = a_game()
    merry2 = put(s, "8_121", "hand")
    s.players[0].fellowship.cards.pop()  # no Rohan companion left
    s.decisions.clear()
    flow.advance(turn_of(s))
    assert f"play:{merry2.uid}" not in option_ids(s)


def test_every_card_of_both_siege_of_gondor_starters_is_scripted_in_full() -> None:
    # tcg spec 8.3; issue 13: every card of both starters scripted, none partly (no coverage note)
    defs = builtin()
    for key in ("sog-merry-starter", "sog-pippin-starter"):
        ids = {line.split("x", 1)[1] for line in builtin_decks()[key].cards}
        assert scripts.unscripted([defs[i] for i in ids]) == []
        assert [i for i in ids if (sc := scripts.of(i)) is not None and sc.note] == []
    aragorn = {line.split("x", 1)[1] for line in builtin_decks()["fotr-aragorn-starter"].cards}
    gandalf = {line.split("x", 1)[1] for line in builtin_decks()["fotr-gandalf-starter"].cards}
    assert scripts.unscripted([defs[i] for i in aragorn]) == []
    # Intimidate, a response to a wound, is scripted too: its window is asked from public facts (windows.py)
    assert scripts.unscripted([defs[i] for i in gandalf]) == []
