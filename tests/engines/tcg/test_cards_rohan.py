"""The Merry starter's Free Peoples cards and Frodo, one test each (tcg spec 8.3)."""

from __future__ import annotations

from engines.core import Answer, DecisionKind
from engines.tcg import GAME, flow, rules
from engines.tcg import procedures as proc
from engines.tcg.state import WOUNDS
from tests.engines.tcg.table import a_game, answer, at_site, fight, found, option_ids, put, turn_of, window

EOMER, SPEAR, HEADLONG, DOOM, STEED, SANG, MERRY = "8_87", "7_240", "8_85", "8_86", "7_253", "7_256", "8_121"
SCOUT, SNEAK = "7_134", "7_135"


def test_frodo_may_pay_three_twilight_to_remove_a_threat_when_moving() -> None:
    # tcg spec 4.2 step 4 ("when the fellowship moves"), 6.13; Frodo, Hope of Free Peoples
    s = a_game()
    s.players[0].threats = 1
    s = answer(s, "pass")
    assert s.decisions[0].seat == "p1" and "threat" in s.decisions[0].prompt
    before = s.twilight
    s = answer(s, "yes")
    assert s.players[0].threats == 0 and s.twilight == before + 3
    s = a_game()
    s = answer(s, "pass")  # no threat: nothing is asked, the Shadow phase begins
    assert s.decisions[0].seat == "p2"


def test_eomer_finds_rohan_possessions_seen_by_his_owner_only() -> None:
    # tcg spec 1.3 (what is seen while searching is private), 6.9; Eomer, Keeper of Oaths
    s = a_game()
    eomer = put(s, EOMER, "hand")
    steed = put(s, STEED, "draw")  # the top of the draw deck
    shuffles = len(s.shuffles)
    window(s, "fellowship")
    s = answer(s, f"play:{eomer.uid}")
    s = answer(s, "yes")
    d = s.decisions[0]
    assert d.private and d.seat == "p1" and any(o.id.startswith(f"play:{steed.uid}:") for o in d.options)
    assert "Swift Steed" not in str(GAME.view(s, "p2"))
    s = answer(s, f"play:{steed.uid}:{eomer.uid}")
    assert found(s, steed.uid) in found(s, eomer.uid).attached
    s = answer(s, "skip")
    assert len(s.shuffles) == shuffles + 1 and all(not c.known_to for c in s.players[0].draw.cards)


def test_long_spear_may_be_played_in_a_skirmish_for_a_threat() -> None:
    # tcg spec 6.13; Long Spear (played when a skirmish event could be)
    s = a_game()
    horseman = s.players[0].fellowship.cards[2]
    spear = put(s, SPEAR, "hand")
    fight(s, horseman, put(s, SCOUT, "minions", "p2"))
    assert f"play:{spear.uid}:{horseman.uid}" in window(s, "skirmish")
    s = answer(s, f"play:{spear.uid}:{horseman.uid}")
    assert s.players[0].threats == 1 and rules.strength(s, found(s, horseman.uid)) == 7
    s = a_game()
    horseman = s.players[0].fellowship.cards[2]
    spear = put(s, SPEAR, "hand")
    fight(s, horseman, put(s, SCOUT, "minions", "p2"))
    s.players[0].threats = 3  # 3 companions: no room for the threat
    assert f"play:{spear.uid}:{horseman.uid}" not in window(s, "skirmish")


def test_charged_headlong_swaps_a_rohan_possession_for_one_in_the_discard_pile() -> None:
    # tcg spec 6.12 (initiative), 6.9 (playing from the discard pile); Charged Headlong
    s = a_game()
    horseman = s.players[0].fellowship.cards[2]
    steed = put(s, STEED, "", on=horseman)
    spear = put(s, SPEAR, "discard")
    event = put(s, HEADLONG, "hand")
    fight(s, horseman, put(s, SCOUT, "minions", "p2"))
    assert f"ev:{event.uid}:{steed.uid}" in window(s, "skirmish")
    s = answer(s, f"ev:{event.uid}:{steed.uid}")
    assert f"play:{spear.uid}:{horseman.uid}" in option_ids(s)
    s = answer(s, f"play:{spear.uid}:{horseman.uid}")
    attached = [a.ref for a in found(s, horseman.uid).attached]
    assert attached == [SPEAR] and found(s, steed.uid) in s.players[0].discard.cards
    s = a_game()
    del s.players[0].hand.cards[2:]  # 2 cards and the event: no initiative
    horseman = s.players[0].fellowship.cards[2]
    steed = put(s, STEED, "", on=horseman)
    event = put(s, HEADLONG, "hand")
    fight(s, horseman, put(s, SCOUT, "minions", "p2"))
    assert f"ev:{event.uid}:{steed.uid}" not in window(s, "skirmish")


def test_doom_drove_them_tokens_then_exert_a_minion() -> None:
    # tcg spec 5.1 (exert), 6.3; Doom Drove Them
    s = a_game()
    doom = put(s, DOOM, "support")
    _, merry, horseman = s.players[0].fellowship.cards
    key = f"use:{doom.uid}:{horseman.uid}:{merry.uid}"
    assert key in window(s, "fellowship")
    s = answer(s, key)
    assert found(s, doom.uid).tokens == {"rohan": 1}
    assert rules.wounds(found(s, merry.uid)) == 1 and rules.wounds(found(s, horseman.uid)) == 1
    m = put(s, SCOUT, "minions", "p2")
    fight(s, found(s, horseman.uid), m)
    assert f"use:{doom.uid}:{m.uid}" in window(s, "skirmish")
    s = answer(s, f"use:{doom.uid}:{m.uid}")
    assert rules.wounds(found(s, m.uid)) == 1 and found(s, doom.uid).tokens == {}


def test_swift_steed_makes_minions_exert_and_caps_wounds_at_plains() -> None:
    # tcg spec 4.8 (start of a skirmish), 5.1; Swift Steed
    s = a_game()
    at_site(s, "7_345")  # Pelennor Flat: plains
    horseman = s.players[0].fellowship.cards[2]
    put(s, STEED, "", on=horseman)
    m = put(s, SCOUT, "minions", "p2")
    s.assign[m.uid] = horseman.uid
    s.phase = "assignment"
    s.decisions.clear()
    s.step = "skirmish_pick"
    flow.advance(turn_of(s))
    assert rules.wounds(found(s, m.uid)) == 1  # exerted at the start of the skirmish
    t = turn_of(s)
    for _ in range(3):
        proc.wound_now(t, horseman.uid, "skirmish")
    assert rules.wounds(found(s, horseman.uid)) == 1  # no more than 1 wound in this skirmish at a plains site


def test_they_sang_as_they_slew_exerts_riders_to_wound_minions() -> None:
    # tcg spec 5.1; They Sang as They Slew (regroup)
    s = a_game()
    horseman = s.players[0].fellowship.cards[2]
    put(s, STEED, "", on=horseman)
    sang = put(s, SANG, "hand")
    a, b = put(s, SCOUT, "minions", "p2"), put(s, SNEAK, "minions", "p2")
    assert f"ev:{sang.uid}" in window(s, "regroup")
    s = answer(s, f"ev:{sang.uid}")
    assert s.decisions[0].kind is DecisionKind.CHOOSE_MANY and s.decisions[0].high == 1
    s = answer(s, horseman.uid)
    s = answer(s, b.uid)
    assert rules.wounds(found(s, horseman.uid)) == 1 and rules.wounds(found(s, b.uid)) == 1
    assert WOUNDS not in found(s, a.uid).tokens


def test_they_sang_as_they_slew_against_as_many_minions_as_riders_says_so_in_a_sentence() -> None:
    # tcg spec 5.1; They Sang as They Slew (regroup). Found playing: with one minion and one rider the log read
    # "as many minions as there are (p2: answered by itself).", a fragment of a line.
    s = a_game()
    horseman = s.players[0].fellowship.cards[2]
    put(s, STEED, "", on=horseman)
    sang = put(s, SANG, "hand")
    scout = put(s, SCOUT, "minions", "p2")
    window(s, "regroup")
    s = answer(s, f"ev:{sang.uid}")
    step = GAME.apply(s, "p1", Answer(decision=s.decisions[0].id, choice=(horseman.uid,)))
    told = [e.text for e in step.events]
    assert "The only minion takes a wound, for the mounted companion exerted (p1: answered by itself)." in told
    assert rules.wounds(found(step.state, scout.uid)) == 1


def test_merry_lets_his_player_choose_the_four_cards_discarded() -> None:
    # tcg spec 6.3, 6.9 (discard from hand is stated); Merry, Noble Warrior
    s = a_game()
    merry = s.players[0].fellowship.cards[1]
    fight(s, merry, put(s, SCOUT, "minions", "p2"))
    assert f"use:{merry.uid}:0" in window(s, "skirmish")
    s = answer(s, f"use:{merry.uid}:0")
    d = s.decisions[0]
    assert d.private and d.low == d.high == 4
    keep = s.players[0].hand.cards[:4]
    chosen = [c.uid for c in s.players[0].hand.cards[4:]]
    s = answer(s, *chosen)
    assert [c.uid for c in s.players[0].hand.cards] == [c.uid for c in keep]
    assert rules.strength(s, found(s, merry.uid)) == 5 + 2  # one Rohan companion: the Enraged Horseman
