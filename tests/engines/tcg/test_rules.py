"""The spec's section 7 acceptance scenarios, one test each (cited as `tcg spec 7.N`)."""

from __future__ import annotations

import hashlib

import pytest

from engines.core import Answer, Card, RuleError
from engines.tcg import GAME, combat, flow, rules
from engines.tcg.state import WOUNDS, TcgState
from tests.engines.tcg.table import a_game, answer, option_ids, proc, put, turn_of

FRODO, RING, MERRY, HORSEMAN = "7_317", "7_1", "8_121", "7_226"
DESERT_SCOUT, DESERT_SNEAK, PREDATOR = "7_134", "7_135", "7_196"  # minions: site 4, costs 3, 1, 5
HOBBIT_SWORD, SWIFT_STEED = "7_319", "7_253"


def test_setup() -> None:
    # tcg spec 7.1
    s = a_game()
    p1, p2 = s.players
    assert [c.ref for c in s.path.cards] == ["7_330"] and s.owners[s.path.cards[0].uid] == "p1"
    assert len(p1.adventure.cards) == 8 and len(p2.adventure.cards) == 9
    for p in s.players:
        assert len(p.hand.cards) == 8 and p.position == 1 and p.burdens == 0
        assert len(p.fellowship.cards) == 3 and p.fellowship.cards[0].attached[0].ref == RING
        assert len(p.draw.cards) == 58 - 8
    assert s.twilight == 0
    assert [rules.cdef(s, c).title for c in p1.fellowship.cards] == ["Frodo", "Merry", "Enraged Horseman"]
    firsts = {GAME.setup(__import__("engines.core", fromlist=["Config"]).Config(seats=["p1", "p2"]), n).fp
              for n in range(12)}
    assert firsts == {0, 1}  # chosen at random


def test_first_move_places_the_opponents_site_2() -> None:
    # tcg spec 7.2
    s = a_game()
    s = answer(s, "pass")
    site2 = s.site_at(2)
    assert site2 is not None and s.owners[site2.uid] == "p2"
    assert s.players[0].position == 2
    assert s.twilight == rules.cdef(s, site2).twilight + 3


def test_placement_arrow_in_three_players() -> None:
    # tcg spec 7.4: Hall of the Kings (site 3) points right: C places site 4; site 1's left arrow: B places site 2
    s = a_game(3)
    s = answer(s, "pass")
    assert s.owners[s.site_at(2).uid] == "p2"  # type: ignore[union-attr]
    s2 = a_game(3)
    hall = next(c for c in s2.players[1].adventure.cards if c.ref == "7_339")
    s2.players[1].adventure.cards.remove(hall)
    s2.path.cards.append(hall)
    s2.players[0].position = 3
    assert flow._placer(s2, hall) == "p3"


def test_free_peoples_cost_adds_twilight_and_edoras_hall_cuts_rohan_possessions() -> None:
    # tcg spec 7.5
    s = a_game()
    steed = put(s, SWIFT_STEED, "hand")
    horseman = s.players[0].fellowship.cards[2]
    s.decisions.clear()
    flow.advance(turn_of(s))
    s = answer(s, f"play:{steed.uid}:{horseman.uid}")
    assert s.twilight == 1  # cost 2, -1 at Edoras Hall
    s = a_game()
    s.players[0].position = 2
    s.path.cards.append(s.players[1].adventure.cards[0])
    steed = put(s, SWIFT_STEED, "hand")
    s.decisions.clear()
    s.step = "fellowship"
    t = turn_of(s)
    flow.advance(t)
    s = answer(s, f"play:{steed.uid}:{s.players[0].fellowship.cards[2].uid}")
    assert s.twilight == 2


def _shadow_phase(pool: int, site: int) -> tuple[TcgState, str]:
    s = a_game()
    s = answer(s, "pass")
    s.players[0].position = site
    s.twilight = pool
    scout = put(s, DESERT_SCOUT, "hand", "p2")
    s.decisions.clear()
    flow.advance(turn_of(s, "p2"))
    return s, scout.uid


def test_roaming_costs_two_more() -> None:
    # tcg spec 7.7, 7.8
    s, scout = _shadow_phase(4, 3)
    assert f"play:{scout}" not in option_ids(s)  # needs 3 + 2
    s, scout = _shadow_phase(5, 3)
    s = answer(s, f"play:{scout}")
    assert s.twilight == 0 and rules.roaming(s, s.minions.cards[0])
    s, scout = _shadow_phase(3, 4)
    s = answer(s, f"play:{scout}")
    assert s.twilight == 0 and not rules.roaming(s, s.minions.cards[0])


def test_no_minions_skips_to_regroup() -> None:
    # tcg spec 7.11
    s = a_game()
    s = answer(s, "pass")  # move
    s = answer(s, "pass")  # p2's Shadow phase, nothing played
    assert s.phase == "regroup" and s.decisions[0].prompt.startswith("Regroup")


def _skirmish(fp_ref: str, minion_refs: list[str]) -> tuple[TcgState, Card, list[Card]]:
    s = a_game()
    s.decisions.clear()
    comp = put(s, fp_ref, "fellowship")
    ms = [put(s, r, "minions", "p2") for r in minion_refs]
    for m in ms:
        s.assign[m.uid] = comp.uid
    s.phase, s.skirmish = "skirmish", comp.uid
    return s, comp, ms


def test_damage_bonus_and_ties() -> None:
    # tcg spec 7.19, 7.20, 7.23
    s, comp, ms = _skirmish(HORSEMAN, [DESERT_SCOUT])  # 5 against 8: not quite double
    t = turn_of(s)
    combat.resolve(t)
    assert s.queue == [f"wound:{comp.uid}:skirmish"]  # Shadow wins, no damage bonus: 1 wound, not death
    s, comp, ms = _skirmish(HORSEMAN, [DESERT_SNEAK])
    s.mods.append(flow.Mod(uid=comp.uid, stat="damage", amount=1, until="skirmish"))
    s.mods.append(flow.Mod(uid=comp.uid, stat="strength", amount=1, until="skirmish"))
    combat.resolve(turn_of(s))
    assert s.queue == [f"wound:{ms[0].uid}:skirmish"] * 2  # winner's damage +1: 2 wounds
    s, comp, ms = _skirmish(HORSEMAN, [DESERT_SNEAK])  # 5 against 5: the tie goes to the Shadow
    for m in ms:
        s.mods.append(flow.Mod(uid=m.uid, stat="damage", amount=1, until="skirmish"))
    combat.resolve(turn_of(s))
    assert s.queue == [f"wound:{comp.uid}:skirmish"] * 2


def test_overwhelm_kills_minions_into_their_owners_discard() -> None:
    # tcg spec 7.22
    s, comp, ms = _skirmish(HORSEMAN, [DESERT_SNEAK, DESERT_SNEAK])
    for m in ms:
        s.mods.append(flow.Mod(uid=m.uid, stat="strength", amount=-3, until="skirmish"))  # 2 + 2 against 5
    s.mods.append(flow.Mod(uid=comp.uid, stat="strength", amount=3, until="skirmish"))  # 8 >= 2 x 4
    combat.resolve(turn_of(s))
    assert not s.minions.cards and len(s.players[1].discard.cards) == 2


def test_the_ring_cannot_stop_overwhelm_and_the_ring_bearer_dies() -> None:
    # tcg spec 7.26, 7.58
    s = a_game()
    s.decisions.clear()
    frodo = s.players[0].fellowship.cards[0]
    m = put(s, PREDATOR, "minions", "p2")  # 11 against 4
    s.assign[m.uid] = frodo.uid
    s.phase, s.skirmish, s.players[0].wearing = "skirmish", frodo.uid, True
    t = turn_of(s)
    combat.resolve(t)
    assert s.outcome is not None and s.outcome.winners == ["p2"]


def _wound_frodo(ring_answers: list[str]) -> object:
    s = a_game()
    s.decisions.clear()
    frodo = s.players[0].fellowship.cards[0]
    s.phase, s.skirmish, s.step = "skirmish", frodo.uid, "skirmish_end"
    s.queue = [f"wound:{frodo.uid}:skirmish"] * len(ring_answers)
    s.assign = {}
    flow.advance(turn_of(s))
    for a in ring_answers:
        if s.decisions and s.decisions[0].context == "ring":
            s = answer(s, a)
    return s


def test_the_ring_mid_sequence() -> None:
    # tcg spec 7.25: decline before the first wound, accept before the second
    s = _wound_frodo(["no", "wear"])
    frodo = s.players[0].fellowship.cards[0]  # type: ignore[attr-defined]
    assert frodo.tokens.get(WOUNDS) == 1 and s.players[0].burdens == 1  # type: ignore[attr-defined]


def test_exertion_while_wearing_is_a_wound() -> None:
    # tcg spec 7.29
    s = a_game()
    s.players[0].wearing = True
    frodo = s.players[0].fellowship.cards[0]
    s.phase = "skirmish"
    proc.exert(turn_of(s), frodo.uid)
    assert frodo.tokens[WOUNDS] == 1 and s.players[0].burdens == 0


def test_killed_by_wounds_goes_to_the_dead_pile_and_threats_fire() -> None:
    # tcg spec 7.31
    s = a_game()
    s.decisions.clear()
    horseman = s.players[0].fellowship.cards[2]
    horseman.tokens[WOUNDS] = 2
    s.players[0].threats = 2
    proc.wound_now(turn_of(s), horseman.uid, "effect")
    assert horseman in s.players[0].dead.cards and s.players[0].threats == 0 and s.queue == ["threats:2"]


def test_lost_vitality_bonus_kills() -> None:
    # tcg spec 7.32: Frodo (vitality 4) with 4 wounds stands only while something gives +1
    s = a_game()
    merry = s.players[0].fellowship.cards[1]
    bonus = put(s, "7_92", "", on=merry)  # a card with a printed -1 strength stands in for a bonus carrier
    assert rules.vitality(s, merry) == 4
    merry.tokens[WOUNDS] = 4
    merry.attached.remove(bonus)
    proc.check_deaths(turn_of(s))
    assert merry in s.players[0].dead.cards


def test_dead_pile_uniqueness_and_discard_is_not_death() -> None:
    # tcg spec 7.34, 7.35
    s = a_game()
    merry = s.players[0].fellowship.cards[1]
    s.players[0].fellowship.cards.remove(merry)
    s.players[0].dead.cards.append(merry)
    again = put(s, MERRY, "hand")
    horse = put(s, HORSEMAN, "hand")
    s.decisions.clear()
    flow.advance(turn_of(s))
    ids = option_ids(s)
    assert f"play:{again.uid}" not in ids and f"play:{horse.uid}" in ids
    s.players[0].dead.cards.remove(merry)
    s.players[0].discard.cards.append(merry)
    s.decisions.clear()
    flow.advance(turn_of(s))
    assert f"play:{again.uid}" in option_ids(s)


def test_exhaust_and_exert() -> None:
    # tcg spec 7.37
    s = a_game()
    frodo = s.players[0].fellowship.cards[0]  # vitality 4
    frodo.tokens[WOUNDS] = 1
    proc.exert(turn_of(s), frodo.uid, times=9)
    assert frodo.tokens[WOUNDS] == 3 and rules.exhausted(s, frodo) and not rules.can_exert(s, frodo)


def test_sanctuary_healing() -> None:
    # tcg spec 7.38
    s = a_game()
    s.decisions.clear()
    hall = s.players[1].adventure.cards[2]  # Hall of the Kings, site 3
    s.players[1].adventure.cards.remove(hall)
    s.path.cards.append(hall)
    s.players[0].position = 3
    merry, horseman = s.players[0].fellowship.cards[1:]
    merry.tokens[WOUNDS], horseman.tokens[WOUNDS] = 2, 2
    s.step = "turn"
    flow.advance(turn_of(s))
    d = s.decisions[0]
    assert d.context == "sanctuary" and d.amount == 4
    s = GAME.apply(s, "p1", Answer(decision=d.id, choice=(f"{merry.uid}=2", f"{horseman.uid}=1", "none=1"))).state
    merry, horseman = s.players[0].fellowship.cards[1:]
    assert WOUNDS not in merry.tokens and horseman.tokens[WOUNDS] == 1


def test_initiative_follows_the_hand() -> None:
    # tcg spec 7.46
    s = a_game()
    del s.players[0].hand.cards[4:]
    assert rules.has_initiative(s, "p1")
    s.players[0].hand.cards.pop()
    assert rules.has_initiative(s, "p2") and not rules.has_initiative(s, "p1")


def test_threat_cap() -> None:
    # tcg spec 7.47
    s = a_game()
    s.players[0].threats = 3
    assert proc.add_threats(turn_of(s), 1) == 0 and s.players[0].threats == 3
    s.players[0].threats = 1
    assert proc.add_threats(turn_of(s), 5) == 2


def test_shadow_reconcile() -> None:
    # tcg spec 7.49
    s = a_game()
    s.decisions.clear()
    p2 = s.players[1]
    del p2.hand.cards[5:]
    combat.reconcile(turn_of(s, "p2"), "p2")
    s = answer(s, p2.hand.cards[0].uid)
    assert len(s.players[1].hand.cards) == 8 and len(s.players[1].discard.cards) == 1
    s = a_game()
    s.decisions.clear()
    for _ in range(2):
        s.players[1].hand.cards.append(s.players[1].draw.cards.pop())
    combat.reconcile(turn_of(s, "p2"), "p2")
    s = answer(s, s.players[1].hand.cards[0].uid)
    assert s.decisions[0].context == "discard_down" and s.decisions[0].low == 1


def test_mandatory_first_move_and_end_only_in_regroup() -> None:
    # tcg spec 7.52, 7.53
    s = a_game()
    assert s.step == "fellowship" and "end" not in option_ids(s)
    s = answer(s, "pass")
    s = answer(s, "pass")  # Shadow phase
    s = answer(s, "pass")  # regroup: p1
    s = answer(s, "pass")  # regroup: p2
    s = answer(s, s.decisions[0].options[0].id)  # p2 reconciles
    assert s.decisions[0].context == "move_or_end"
    s = answer(s, "move")
    s = answer(s, "pass")  # Shadow phase again
    s = answer(s, "pass")
    s = answer(s, "pass")
    assert s.decisions[0].context == "reconcile" and s.decisions[0].seat == "p2"  # Shadow reconciles again


def test_action_procedure_ends_after_everyone_passes_in_a_row() -> None:
    # tcg spec 7.61
    s = a_game()
    s.decisions.clear()
    flow.start_procedure(s, "maneuver", "archery_start")
    flow.advance(turn_of(s))
    assert s.decisions[0].seat == "p1"
    s = answer(s, "pass")
    assert s.decisions[0].seat == "p2"
    s.passes = 0  # p2 acts (an action resets the count)
    s.actor += 1
    s.decisions.clear()
    flow.advance(turn_of(s))
    s = answer(s, "pass")
    assert s.step == "procedure" and s.decisions[0].seat == "p2"
    s = answer(s, "pass")
    assert s.phase == "archery"


def test_reshuffle_once() -> None:
    # tcg spec 7.64
    s = a_game()
    p = s.players[0]
    p.discard.cards.extend(p.draw.cards)
    p.draw.cards.clear()
    assert proc.draw(turn_of(s), p, 1) == 1 and p.reshuffled
    p.discard.cards.extend(p.draw.cards)
    p.draw.cards.clear()
    assert proc.draw(turn_of(s), p, 1) == 0


def test_hidden_information_and_the_shuffle_commitment() -> None:
    # tcg spec 7.65, 1.3
    s = a_game()
    view = GAME.view(s, "p2")
    me = next(pv for pv in view.players if pv.seat == "p1")  # type: ignore[attr-defined]
    assert me.hand == 8 and me.draw == 50
    assert all(z.owner == "p2" for z in view.private)
    assert [z.name for z in view.private] == ["hand", "adventure deck"]  # read as "Your hand", not "Your p2: hand"
    assert all(c.salt == "" and not c.order for c in view.commitments)  # type: ignore[attr-defined]
    shuffle = s.shuffles[0]
    s.outcome = __import__("engines.core", fromlist=["Outcome"]).Outcome(winners=["p1"], reason="test")
    revealed = GAME.view(s, None).commitments[0]  # type: ignore[attr-defined]
    digest = hashlib.sha256((revealed.salt + ":" + ",".join(revealed.order)).encode()).hexdigest()
    assert digest == shuffle.digest


def test_the_end_of_the_game_reveals_each_shuffle_in_the_log_and_the_text_board() -> None:
    # tcg spec 1.3: the commitment is published at the start and revealed when the game ends. The log used to post
    # only the digest; the reveal reached no player (it sat in the view, which nothing printed).
    s = a_game()
    posted = [x.digest[:16] for x in s.shuffles]
    turn = turn_of(s)
    proc.lose(turn, s.players[0], "a test")
    told = [e.text for e in turn.events if e.audience is None]
    assert told[:2] == ["p1 loses: a test.", "The game is over: p2 wins: the last player left, after p1 lost (a test)."]
    lines = [t for t in told if "(commitment sha256" in t]
    assert len(lines) == len(posted) == 2
    for line, short, shuffle in zip(lines, posted, s.shuffles, strict=True):
        text, digest = line.split("sha256 of '", 1)[1].rsplit("' is ", 1)
        # what the line quotes hashes to the whole digest, whose start is the one posted at the start
        assert hashlib.sha256(text.encode()).hexdigest() == digest.rstrip(".") == shuffle.digest
        assert line.startswith(f"{shuffle.seat}'s draw deck (commitment sha256 {short}…)")
    board = GAME.view(s, None).lines  # type: ignore[attr-defined]
    assert s.outcome is not None and board[0] == s.outcome.reason
    assert [x for x in board if "(commitment sha256" in x] == lines


def test_a_game_in_progress_reveals_no_shuffle() -> None:
    # tcg spec 1.3: the draw deck's order is never visible while the game goes on
    s = a_game()
    assert not [x for x in GAME.view(s, None).lines if "sha256 of" in x]  # type: ignore[attr-defined]


def test_standing_orders_pass_windows_and_refuse_unknown_values() -> None:
    # tcg spec 1.3, 4.11
    s = a_game()
    s = GAME.apply(s, "p2", GAME.parse("order shadow pass")).state
    s = answer(s, "pass")  # move: p2's Shadow phase passes itself
    assert s.phase == "regroup"
    with pytest.raises(RuleError, match="The order 'skirmish' takes auto or ask or pass"):
        GAME.apply(s, "p1", GAME.parse("order skirmish sometimes"))
    with pytest.raises(RuleError):
        GAME.apply(s, "p1", Answer(decision=9999, choice=("pass",)))


def test_sam_takes_the_ring_when_frodo_is_killed() -> None:
    # tcg spec 7.56, 5.3 (RR L1091-1100): Sam's response; declined, the player loses (spec 7.58)
    s = a_game()
    frodo = s.players[0].fellowship.cards[0]
    sam = put(s, "1_311", "fellowship")
    s.players[0].burdens = 2
    s.decisions.clear()
    t = turn_of(s)
    proc.kill(t, frodo.uid)
    assert s.decisions[0].seat == "p1" and sam.uid in option_ids(s) and s.outcome is None
    s = answer(s, sam.uid)
    p1 = s.players[0]
    assert p1.ring_bearer == sam.uid and [a.ref for a in s.find(sam.uid).attached] == [RING]  # type: ignore[union-attr]
    assert s.outcome is None and rules.ring_bearer(s) is not None
    s2 = a_game()
    put(s2, "1_311", "fellowship")
    s2.decisions.clear()
    proc.kill(turn_of(s2), s2.players[0].fellowship.cards[0].uid)
    s2 = answer(s2, "no")
    assert s2.outcome is not None and s2.outcome.winners == ["p2"]


def test_sam_cannot_save_a_corrupted_ring_bearer_and_removes_burdens() -> None:
    # tcg spec 7.56: corruption loses whether or not Sam is in play; Sam's fellowship ability
    s = a_game()
    sam = put(s, "1_311", "fellowship")
    s.decisions.clear()
    proc.add_burdens(turn_of(s), 10)
    assert s.outcome is not None and s.outcome.winners == ["p2"]
    s = a_game()
    sam = put(s, "1_311", "fellowship")
    s.players[0].burdens = 1
    s.decisions.clear()
    s.step = "fellowship"
    flow.advance(turn_of(s))
    s = answer(s, f"use:{sam.uid}")
    assert s.players[0].burdens == 0 and rules.wounds(s.find(sam.uid)) == 1  # type: ignore[arg-type]


def test_set_one_frodo_heals_when_a_frodo_signet_companion_exerts() -> None:
    # tcg spec 6.3, 2.2 (signets); Frodo, Son of Drogo (set-1 Aragorn starter)
    s = a_game(deck_p1="fotr-aragorn-starter")
    frodo = s.players[0].fellowship.cards[0]
    assert frodo.ref == "1_290"
    helper = put(s, MERRY, "fellowship")  # the Frodo signet
    put(s, "1_311", "fellowship")  # Sam: the Aragorn signet, no help
    frodo.tokens[WOUNDS] = 1
    s.decisions.clear()
    s.step = "fellowship"
    flow.advance(turn_of(s))
    assert [o for o in option_ids(s) if o.startswith(f"use:{frodo.uid}")] == [f"use:{frodo.uid}:{helper.uid}"]
    s = answer(s, f"use:{frodo.uid}:{helper.uid}")
    assert rules.wounds(s.find(frodo.uid)) == 0 and rules.wounds(s.find(helper.uid)) == 1  # type: ignore[arg-type]


def test_the_next_skirmish_options_name_the_minions() -> None:
    # tcg spec 4.8: the FP picks the order of skirmishes; two copies of a companion must still read apart
    s = a_game()
    s.decisions.clear()
    first = s.players[0].fellowship.cards[2]  # Enraged Horseman
    second = put(s, first.ref, "fellowship")
    runner, sneak = put(s, "7_133", "minions", "p2"), put(s, "7_190", "minions", "p2")
    s.assign = {runner.uid: first.uid, sneak.uid: second.uid}
    s.fought = []
    combat.pick(turn_of(s))
    labels = {o.id: o.label for o in s.decisions[0].options}
    assert labels == {first.uid: "Enraged Horseman against Desert Runner",
                      second.uid: "Enraged Horseman against Morgul Destroyer"}


def test_a_second_wound_of_the_same_blow_does_not_follow_a_killed_minion() -> None:
    # tcg spec 4.8.3, 5.1: damage +1 queues two wounds; the first kills a minion at 1 of 2, and the second must
    # not be put on the discarded card
    s = a_game()
    s.decisions.clear()
    runner = put(s, "7_133", "minions", "p2")  # Desert Runner, vitality 2
    runner.tokens[WOUNDS] = 1
    s.phase, s.step, s.skirmish = "skirmish", "skirmish_end", s.players[0].fellowship.cards[2].uid
    s.queue = [f"wound:{runner.uid}:skirmish"] * 2
    s.assign = {}
    turn = turn_of(s)
    flow.advance(turn)
    said = [e.text for e in turn.events]
    assert runner in s.players[1].discard.cards
    assert not runner.tokens.get(WOUNDS)
    assert [line for line in said if "Desert Runner takes a wound" in line] == ["Desert Runner takes a wound (2 of 2)."]
