"""The Siege of Gondor starters' site texts, one test each (tcg spec 6.7: a site's text works only while the
fellowship is there; spec 8.3 item 8)."""

from __future__ import annotations

from engines.tcg import flow, rules
from engines.tcg.state import WOUNDS
from tests.engines.tcg.table import a_game, answer, at_site, fight, found, put, turn_of, window

CAPTAIN, SNEAK, SCOUT, LEMENYA, PREDATOR = "7_96", "7_135", "7_134", "7_214", "7_196"


def test_steps_of_edoras_gondor_companions_defender_for_the_turn() -> None:
    # tcg spec 6.7, 6.11 (defender +N); Steps of Edoras (site 1): Gondor companions defender +1 until the turn ends
    s = a_game(deck_p1="sog-pippin-starter")
    frodo, _, captain = s.players[0].fellowship.cards
    assert rules.defender(s, captain) == 1 and rules.defender(s, frodo) == 0
    s = answer(s, "pass")  # the fellowship moves on to site 2: the effect lasts
    assert s.players[0].position == 2 and rules.defender(s, s.players[0].fellowship.cards[2]) == 1
    s2 = a_game()  # the Merry deck's site 1 is Edoras Hall: no defender bonus
    assert rules.defender(s2, put(s2, CAPTAIN, "fellowship")) == 0


def test_kings_tent_cuts_the_move_limit_with_shadow_initiative() -> None:
    # tcg spec 4.9 (move limit), 6.12; King's Tent (site 2)
    s = a_game()
    tent = at_site(s, "7_335")
    put(s, SNEAK, "minions", "p2")
    assert f"use:{tent.uid}" not in window(s, "shadow", "p2")  # p1 holds 8 cards: the FP has initiative
    del s.players[0].hand.cards[3:]
    assert f"use:{tent.uid}" in window(s, "shadow", "p2")
    s = answer(s, f"use:{tent.uid}")
    assert rules.move_limit(s) == 1


def test_hall_of_the_kings_adds_a_threat_to_draw() -> None:
    # tcg spec 6.13; Hall of the Kings (site 3, fellowship ability)
    s = a_game()
    hall = at_site(s, "7_339")
    hand = len(s.players[0].hand.cards)
    assert f"use:{hall.uid}" in window(s, "fellowship")
    s = answer(s, f"use:{hall.uid}")
    assert s.players[0].threats == 1 and len(s.players[0].hand.cards) == hand + 1
    s.players[0].threats = 3
    assert f"use:{hall.uid}" not in window(s, "fellowship")  # 3 threats spotted


def test_anduin_banks_trades_a_burden_for_strength() -> None:
    # tcg spec 4.8 (skirmish actions); Anduin Banks (site 4)
    s = a_game()
    banks = at_site(s, "7_341")
    m = put(s, SCOUT, "minions", "p2")
    fight(s, s.players[0].fellowship.cards[2], m)
    assert f"use:{banks.uid}:{m.uid}" not in window(s, "skirmish", "p2")  # no burden to remove
    s.players[0].burdens = 1
    assert f"use:{banks.uid}:{m.uid}" in window(s, "skirmish", "p2")
    s = answer(s, f"use:{banks.uid}:{m.uid}")
    assert s.players[0].burdens == 0 and rules.strength(s, found(s, m.uid)) == 10


def test_pelennor_plain_archery_bonus_for_three_burdens() -> None:
    # tcg spec 4.6 (archery totals); Pelennor Plain (site 4)
    s = a_game()
    plain = at_site(s, "7_343")
    put(s, SCOUT, "minions", "p2")
    s.players[0].burdens = 3
    assert f"use:{plain.uid}" in window(s, "archery", "p2")
    s = answer(s, f"use:{plain.uid}")
    assert s.players[0].burdens == 0 and rules.archery_total(s, "shadow") == 3


def test_pelennor_flat_hand_or_two_burdens_at_the_start_of_maneuver() -> None:
    # tcg spec 4.5; Pelennor Flat (site 5): the FP chooses
    for pick in ("hand", "burdens"):
        s = a_game()
        at_site(s, "7_345")
        put(s, SCOUT, "minions", "p2")
        s.decisions.clear()
        s.step = "maneuver_start"
        flow.advance(turn_of(s))
        assert s.decisions[0].seat == "p1" and {o.id for o in s.decisions[0].options} == {"hand", "burdens"}
        s = answer(s, pick)
        p1 = s.players[0]
        assert (len(p1.hand.cards), p1.burdens) == ((0, 0) if pick == "hand" else (8, 2))


def test_minas_tirith_circles_heal_their_culture_when_leaving_in_regroup() -> None:
    # tcg spec 4.2 step 3 ("when you move from"); Minas Tirith Fourth Circle (Rohan) and Sixth Circle (Gondor)
    for ref, heals in (("7_348", True), ("7_351", False)):
        s = a_game()
        at_site(s, ref, "p1")
        horseman = s.players[0].fellowship.cards[2]
        horseman.tokens[WOUNDS] = 1
        s.decisions.clear()
        s.phase, s.step = "regroup", "move"
        flow.advance(turn_of(s))
        assert s.players[0].position == 7
        assert rules.wounds(found(s, horseman.uid)) == (0 if heals else 1)


def test_osgiliath_channel_forces_another_move_with_six_companions() -> None:
    # tcg spec 4.9(a); Osgiliath Channel (site 7)
    s = a_game()
    channel = at_site(s, "8_120")
    put(s, SNEAK, "minions", "p2")
    assert f"use:{channel.uid}" not in window(s, "regroup", "p2")  # 3 companions
    for _ in range(3):
        put(s, "7_226", "fellowship")
    assert f"use:{channel.uid}" in window(s, "regroup", "p2")
    s = answer(s, f"use:{channel.uid}")
    assert "must move" in s.flags


def test_morgulduin_plays_a_nazgul_from_the_discard_pile_two_cheaper() -> None:
    # tcg spec 6.9 (playing from the discard pile); Morgulduin (site 8)
    s = a_game()
    site = at_site(s, "7_358", "p1")
    nazgul = put(s, LEMENYA, "discard", "p2")
    s.players[0].threats, s.twilight = 2, 2
    key = f"use:{site.uid}:{nazgul.uid}"
    assert key in window(s, "shadow", "p2")
    s = answer(s, key)
    assert s.players[0].threats == 0 and s.twilight == 0 and [m.ref for m in s.minions.cards] == [LEMENYA]


def test_cross_roads_and_haunted_pass() -> None:
    # tcg spec 4.3 (a site's Shadow ability); Cross Roads (site 8) and Haunted Pass (site 9)
    s = a_game()
    roads = at_site(s, "7_356", "p1")
    put(s, SNEAK, "minions", "p2")
    s.players[0].threats = 1
    assert f"use:{roads.uid}" not in window(s, "shadow", "p2")  # one Raider Man only
    put(s, SCOUT, "minions", "p2")
    assert f"use:{roads.uid}" in window(s, "shadow", "p2")
    s = answer(s, f"use:{roads.uid}")
    assert s.twilight == 2 and s.players[0].threats == 0
    s = a_game()
    pass_ = at_site(s, "7_361", "p1")
    s.players[0].threats = 1
    assert f"use:{pass_.uid}" not in window(s, "shadow", "p2")  # no minion of p2's
    put(s, PREDATOR, "minions", "p2")
    hand = len(s.players[1].hand.cards)
    assert f"use:{pass_.uid}" in window(s, "shadow", "p2")
    s = answer(s, f"use:{pass_.uid}")
    assert len(s.players[1].hand.cards) == hand + 1 and s.players[0].threats == 0
