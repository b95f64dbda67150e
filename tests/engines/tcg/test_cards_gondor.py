"""The Pippin starter's Free Peoples cards, one test each (tcg spec 8.3)."""

from __future__ import annotations

from engines.tcg import GAME, flow, rules
from engines.tcg.state import WOUNDS
from tests.engines.tcg.table import answer, fight, found, option_ids, pippin_game, put, turn_of, window

PIPPIN, FARAMIR, INGOLD, CAPTAIN, SWORD = "8_122", "8_34", "7_106", "7_96", "7_98"
FIRST, FOURTH, SIXTH, MOUNT, PREPARED = "7_92", "8_35", "8_44", "8_40", "7_109"
SCOUT, SNEAK, NELYA = "7_134", "7_135", "7_216"



def test_pippin_needs_a_gondor_man_and_wounds_a_fortified_minion_twice() -> None:
    # tcg spec 6.5 (requirements), 6.9; Pippin, Guard of Minas Tirith
    s = pippin_game()
    frodo, pippin, captain = s.players[0].fellowship.cards
    extra = put(s, PIPPIN, "hand")
    s.players[0].fellowship.cards.remove(captain)
    assert f"play:{extra.uid}" not in window(s, "fellowship")  # no Gondor Man to spot (and unique: in play)
    s = pippin_game()
    pippin = s.players[0].fellowship.cards[1]
    m = put(s, NELYA, "minions", "p2")
    fight(s, pippin, m)
    assert f"use:{pippin.uid}:{m.uid}" not in window(s, "skirmish")  # the minion bears no fortification
    put(s, FIRST, "", on=m)
    assert f"use:{pippin.uid}:{m.uid}" in window(s, "skirmish")
    s = answer(s, f"use:{pippin.uid}:{m.uid}")
    s = answer(s, *[c.uid for c in s.players[0].hand.cards[:4]])
    assert len(s.players[0].hand.cards) == 4 and rules.wounds(found(s, m.uid)) == 2


def test_faramir_plays_a_knight_found_in_the_top_ten() -> None:
    # tcg spec 1.3, 6.9 (search, then shuffle); Faramir, Defender of Osgiliath
    s = pippin_game()
    faramir = put(s, FARAMIR, "hand")
    ingold = put(s, INGOLD, "draw")
    window(s, "fellowship")
    s = answer(s, f"play:{faramir.uid}")
    s = answer(s, "yes")
    assert s.decisions[0].private and f"play:{ingold.uid}" in option_ids(s)
    assert "Ingold" not in str(GAME.view(s, "p2"))
    s = answer(s, f"play:{ingold.uid}")
    assert found(s, ingold.uid) in s.players[0].fellowship.cards and s.twilight == 3 + 2
    assert s.shuffles[-1].what == "draw deck" and s.decisions[0].context == "act"


def test_ingold_and_the_captain_discard_a_fortification() -> None:
    # tcg spec 6.13 (removing threats), 5.1 (heal); Ingold, Gondorian Captain
    s = pippin_game()
    captain = s.players[0].fellowship.cards[2]
    ingold = put(s, INGOLD, "fellowship")
    first, fourth = put(s, FIRST, "support"), put(s, FOURTH, "support")
    assert f"use:{ingold.uid}:{first.uid}" not in window(s, "fellowship")  # Ingold is not wounded
    assert f"use:{captain.uid}:{first.uid}" not in option_ids(s)  # no threat to remove
    ingold.tokens[WOUNDS] = 2
    s.players[0].threats = 1
    assert f"use:{ingold.uid}:{first.uid}" in window(s, "fellowship")
    s = answer(s, f"use:{ingold.uid}:{first.uid}")
    assert rules.wounds(found(s, ingold.uid)) == 0 and found(s, first.uid) in s.players[0].discard.cards
    s = answer(s, f"use:{captain.uid}:{fourth.uid}")
    assert s.players[0].threats == 0


def test_first_level_moves_onto_a_minion_spotting_a_knight() -> None:
    # tcg spec 4.5 (maneuver), 6.8 (spot); First Level: its strength -1 now weakens the minion
    s = pippin_game()
    first = put(s, FIRST, "support")
    m = put(s, SCOUT, "minions", "p2")
    key = f"use:{first.uid}:{m.uid}"
    assert key in window(s, "maneuver")  # the Gondorian Captain is a knight: nothing to exert
    s = answer(s, key)
    assert found(s, first.uid) in found(s, m.uid).attached and rules.strength(s, found(s, m.uid)) == 7
    assert all(rules.wounds(c) == 0 for c in s.players[0].fellowship.cards)
    assert not [o for o in window(s, "maneuver") if o.startswith(f"use:{first.uid}")]  # no longer in support


def test_fourth_level_exerts_two_gondor_men_and_exhausts_the_minion() -> None:
    # tcg spec 5.1 (exhaust); Fourth Level
    s = pippin_game()
    captain = s.players[0].fellowship.cards[2]
    second = put(s, CAPTAIN, "fellowship")
    fourth = put(s, FOURTH, "support")
    m = put(s, NELYA, "minions", "p2")
    fight(s, captain, m)
    key = f"use:{fourth.uid}:{m.uid}:{captain.uid}:{second.uid}"
    assert key in window(s, "skirmish")
    s = answer(s, key)
    assert rules.wounds(found(s, m.uid)) == 2 and rules.exhausted(s, found(s, m.uid))
    assert rules.wounds(found(s, captain.uid)) == 1 and rules.wounds(found(s, second.uid)) == 1


def test_knights_mount_wounds_an_unassigned_minion_after_a_win() -> None:
    # tcg spec 4.8 step 4 (win triggers); Knight's Mount
    s = pippin_game()
    captain = s.players[0].fellowship.cards[2]
    put(s, MOUNT, "", on=captain)
    fought, spare = put(s, SNEAK, "minions", "p2"), put(s, SCOUT, "minions", "p2")
    fight(s, captain, fought)
    s.decisions.clear()
    s.step = "resolve"
    flow.advance(turn_of(s))
    assert s.decisions[0].seat == "p1" and spare.uid in option_ids(s) and fought.uid not in option_ids(s)
    s = answer(s, spare.uid)
    assert rules.wounds(found(s, spare.uid)) == 1


def test_sixth_level_replays_a_fortification_once_each_regroup() -> None:
    # tcg spec 6.9 (play from the discard pile); Sixth Level (limit 1)
    s = pippin_game()
    captain = s.players[0].fellowship.cards[2]
    sixth = put(s, SIXTH, "support")
    first, again = put(s, FIRST, "discard"), put(s, FIRST, "discard")
    key = f"use:{sixth.uid}:{first.uid}:{captain.uid}"
    assert key in window(s, "regroup")
    s = answer(s, key)
    assert found(s, first.uid) in s.players[0].support.cards and s.twilight == 1
    assert not [o for o in window(s, "regroup") if o.startswith(f"use:{sixth.uid}")]
    assert found(s, again.uid) in s.players[0].discard.cards


def test_long_prepared_costs_threats_wounds_a_roaming_minion_and_leaves_at_regroup() -> None:
    # tcg spec 4.3 (roaming), 4.9 step 1; Long Prepared
    s = pippin_game()
    captain = s.players[0].fellowship.cards[2]
    card = put(s, PREPARED, "hand")
    assert f"play:{card.uid}" in window(s, "fellowship")
    s = answer(s, f"play:{card.uid}")
    assert s.players[0].threats == 2
    m = put(s, SCOUT, "minions", "p2")  # site 4, the fellowship at site 1: roaming
    fight(s, found(s, captain.uid), m)
    assert f"use:{card.uid}:{m.uid}" in window(s, "skirmish")
    s = answer(s, f"use:{card.uid}:{m.uid}")
    assert rules.wounds(found(s, m.uid)) == 1 and rules.wounds(found(s, captain.uid)) == 1
    s.decisions.clear()
    s.skirmish = ""
    s.step = "regroup_start"
    flow.advance(turn_of(s))
    assert found(s, card.uid) in s.players[0].discard.cards


def test_gondorian_sword_lets_its_player_choose_the_three_cards() -> None:
    # tcg spec 6.3; Gondorian Sword
    s = pippin_game()
    captain = s.players[0].fellowship.cards[2]
    sword = put(s, SWORD, "", on=captain)
    fight(s, captain, put(s, SCOUT, "minions", "p2"))
    assert f"use:{sword.uid}:0" in window(s, "skirmish")
    s = answer(s, f"use:{sword.uid}:0")
    chosen = [c.uid for c in s.players[0].hand.cards[2:5]]
    s = answer(s, *chosen)
    assert [c.uid for c in s.players[0].discard.cards] == chosen and rules.damage(s, found(s, captain.uid)) == 1
