"""Spec section 7 scenarios of the turn's course: roaming as the fellowship moves, reconciling, the end of the turn,
winning at site 9 and the two-player loss (seed 002 p. 22-24, 31-33), driven through the engine's decisions."""

from __future__ import annotations

from engines.core import Answer
from engines.tcg import GAME, flow, rules
from engines.tcg.state import TcgState
from tests.engines.tcg.made import decide
from tests.engines.tcg.table import a_game, answer, at_site, found, put, turn_of

DESERT_SCOUT = "7_134"  # minion: site number 4, cost 3
HALL_OF_THE_KINGS = "7_339"  # site 3
RAIDER_BOW, HARADWAITH = "7_155", "8_61"  # a Shadow possession (Raider Man) and a Shadow support condition


def _shadow_phase(s: TcgState, pool: int) -> TcgState:
    s.twilight = pool
    s.decisions.clear()
    s.phase, s.step = "shadow", "shadow"
    s.shadow_seats, s.shadow_index = ["p2"], 0
    flow.advance(turn_of(s, "p2"))
    return s


def test_roaming_ends_when_the_fellowship_reaches_the_minions_site() -> None:
    # tcg spec 7.8; seed 002 p. 24 (L720-731): at site 4 the scout costs 3 and is not roaming; played roaming at 3,
    # it stops roaming when the fellowship moves on to 4 in the same turn
    s = a_game()
    at_site(s, "7_341")  # Anduin Banks, site 4
    scout = put(s, DESERT_SCOUT, "hand", "p2")
    s = _shadow_phase(s, 3)
    s = decide(s, "p2", f"play:{scout.uid}")
    assert s.twilight == 0 and not rules.roaming(s, found(s, scout.uid))
    s = a_game()
    at_site(s, HALL_OF_THE_KINGS)
    scout = put(s, DESERT_SCOUT, "hand", "p2")
    s = _shadow_phase(s, 5)
    s = decide(s, "p2", f"play:{scout.uid}")
    assert s.twilight == 0 and rules.roaming(s, found(s, scout.uid))
    s.decisions.clear()
    s.phase, s.step = "regroup", "move"  # the FP moves again: p2 places site 4
    flow.advance(turn_of(s))
    assert s.players[0].position == 4 and s.site_at(4) is not None
    assert found(s, scout.uid) in s.minions.cards and not rules.roaming(s, found(s, scout.uid))


def test_end_of_turn() -> None:
    # tcg spec 7.50; seed 002 p. 32 (L974-995): the FP reconciles to 8; minions and what they bear are discarded;
    # the Shadow support area stays; the turn passes left
    s = a_game()
    p1, p2 = s.players
    scout = put(s, DESERT_SCOUT, "minions", "p2")
    bow = put(s, RAIDER_BOW, "", "p2", on=scout)
    haradwaith = put(s, HARADWAITH, "support", "p2")
    p1.hand.cards.extend([p1.draw.cards.pop(), p1.draw.cards.pop()])  # 10 in hand
    s.decisions.clear()
    s.phase, s.step, s.moves = "regroup", "move_or_end", 1
    flow.advance(turn_of(s))
    assert s.decisions[0].context == "move_or_end"
    s = answer(s, "end")
    d = s.decisions[0]
    assert d.seat == "p1" and d.context == "reconcile"
    s = answer(s, d.options[0].id)  # the optional discard
    assert s.decisions[0].context == "discard_down" and s.decisions[0].low == 1  # then down to 8
    s = answer(s, s.decisions[0].options[0].id)
    p1, p2 = s.players
    assert len(p1.hand.cards) == 8 and len(p1.discard.cards) == 2
    assert not s.minions.cards and {scout.uid, bow.uid} <= {c.uid for c in p2.discard.cards}
    assert [c.uid for c in p2.support.cards] == [haradwaith.uid]
    assert s.fp_player.seat == "p2" and s.decisions[0].seat == "p2" and s.phase == "fellowship"


def test_shadow_players_reconcile_in_every_regroup_the_fp_once() -> None:
    # tcg spec 7.53; seed 002 p. 31-32 (L878-905): two moves, two Shadow reconciles, one FP reconcile at the end
    s = a_game()
    reconciles: list[str] = []
    while s.fp_player.seat == "p1":
        d = s.decisions[0]
        if d.context == "reconcile":
            reconciles.append(d.seat)
            s = GAME.apply(s, d.seat, Answer(decision=d.id, choice=())).state
        elif d.context == "move_or_end":
            s = answer(s, "move")
        else:
            assert d.context == "act", d.prompt
            s = answer(s, "pass")
    assert s.turn_no == 2 and s.players[0].position == 3
    assert reconciles == ["p2", "p2", "p1"]


def test_win_at_site_9_with_no_minions() -> None:
    # tcg spec 7.55; seed 002 p. 32-33 (L996-1008) [INF]: no minions, so no skirmish; the win comes when the Shadow
    # phases end
    s = a_game()
    s.players[0].position = 8
    s.decisions.clear()
    s.step = "move"
    flow.advance(turn_of(s))
    assert s.players[0].position == 9 and s.outcome is None
    assert s.decisions[0].seat == "p2" and s.phase == "shadow"
    s = answer(s, "pass")
    assert s.outcome is not None and s.outcome.winners == ["p1"]


def test_two_player_loss_when_the_ring_bearer_is_killed() -> None:
    # tcg spec 7.58; seed 002 p. 32-33 (L1004-1008): the RB killed (a wound, no Sam): the opponent is the last left
    s = a_game()
    frodo = s.players[0].fellowship.cards[0]
    frodo.tokens["wounds"] = 3  # vitality 4
    s = GAME.apply(s, "p1", GAME.parse(f"adjust wound {frodo.uid} +1")).state
    assert s.outcome is not None and s.outcome.winners == ["p2"] and "last player" in s.outcome.reason
    assert found(s, frodo.uid) in s.players[0].dead.cards
    s = a_game()
    frodo = s.players[0].fellowship.cards[0]
    frodo.tokens["wounds"] = 2
    s = GAME.apply(s, "p1", GAME.parse(f"adjust wound {frodo.uid} +1")).state
    assert s.outcome is None  # wounded, not killed: the game goes on
