"""Spec section 7 scenarios about which cards may be played and which count: discard versus death, Free Peoples
uniqueness per player, active cards, and requirements checked before costs (seed 002 p. 9-14, 33-35, 39)."""

from __future__ import annotations

import pytest

from engines.core import Card
from engines.tcg import GAME, rules, scripts
from engines.tcg.scripts import Ability, Script
from engines.tcg.state import TcgState
from tests.engines.tcg.made import decide, made
from tests.engines.tcg.table import a_game, at_site, found, put, window

MERRY, GANDALF_GREY, GANDALF_FRIEND = "8_121", "1_364", "1_72"
HARADWAITH, DESERT_FIGHTER, ANDUIN_BANKS = "8_61", "7_131", "7_341"
ROHAN_HORSEMAN = "7_226"


def test_a_discarded_unique_companion_is_not_dead() -> None:
    # tcg spec 7.35; seed 002 p. 9-10 (L255-272): discarded by text, Merry goes to the discard pile, no threat wounds
    # follow, and another Merry may be played
    s = a_game()
    merry = s.players[0].fellowship.cards[1]
    s.players[0].threats = 1
    s = GAME.apply(s, "p1", GAME.parse(f"adjust discard {merry.uid}")).state
    p1 = s.players[0]
    assert found(s, merry.uid) in p1.discard.cards and not p1.dead.cards
    assert p1.threats == 1 and not s.queue
    again = put(s, MERRY, "hand")
    assert f"play:{again.uid}" in window(s, "fellowship")


def test_free_peoples_uniqueness_is_per_player() -> None:
    # tcg spec 7.40; seed 002 p. 34-35 (L1068-1080): P1's Gandalf bars P1's second Gandalf, not P2's on P2's turn
    s = a_game()
    put(s, GANDALF_GREY, "fellowship", "p1")
    mine = put(s, GANDALF_FRIEND, "hand", "p1")
    theirs = put(s, GANDALF_FRIEND, "hand", "p2")
    assert f"play:{mine.uid}" not in window(s, "fellowship", "p1")
    s.fp = 1  # P2's turn; P1's Gandalf is still in play
    assert f"play:{theirs.uid}" in window(s, "fellowship", "p2")
    s = decide(s, "p2", f"play:{theirs.uid}")
    assert [rules.cdef(s, c).title for c in s.players[0].fellowship.cards].count("Gandalf") == 1
    assert [rules.cdef(s, c).title for c in s.players[1].fellowship.cards].count("Gandalf") == 1


def test_the_fps_own_shadow_cards_and_the_opponents_companions_are_inactive() -> None:
    # tcg spec 7.59; seed 002 p. 33-34 (L966-973, L1043-1067)
    s = a_game(deck_p1="sog-pippin-starter", deck_p2="sog-merry-starter")
    at_site(s, ANDUIN_BANKS)  # site 4: Haradwaith gives the Shadow initiative there while a Raider minion is in play
    put(s, DESERT_FIGHTER, "minions", "p2")
    haradwaith = put(s, HARADWAITH, "support", "p1")  # P1's own Shadow condition, on P1's turn
    assert len(s.players[0].hand.cards) >= 4 and not rules.shadow_has_initiative(s)
    s.players[0].support.cards.remove(haradwaith)
    s.players[1].support.cards.append(haradwaith)  # the same card in P2's support area counts
    assert rules.shadow_has_initiative(s)
    s = a_game(deck_p1="sog-pippin-starter", deck_p2="sog-merry-starter")
    assert any(rules.cdef(s, c).culture == "rohan" for c in s.players[1].fellowship.cards)
    merry = put(s, MERRY, "hand", "p1")  # playable only if P1 can spot a Rohan companion
    assert f"play:{merry.uid}" not in window(s, "fellowship")  # P2's Enraged Horseman cannot be spotted
    put(s, ROHAN_HORSEMAN, "fellowship", "p1")
    assert f"play:{merry.uid}" in window(s, "fellowship")


@pytest.fixture
def spot_three_twilight(monkeypatch: pytest.MonkeyPatch) -> str:
    """A made-to-order Free Peoples fellowship event, cost 1, playable only while 3 twilight can be spotted."""
    def plays(state: TcgState, seat: str, card: Card) -> list[Ability]:
        if state.twilight < 3:
            return []
        return [Ability(key=f"ev:{card.uid}", label="Play it", run=lambda turn: None)]

    monkeypatch.setitem(scripts.SCRIPTS, "t_spotter", Script(event=plays))
    return "t_spotter"


@pytest.mark.parametrize(("pool", "legal"), [(2, False), (3, True)])
def test_a_twilight_requirement_does_not_count_the_events_own_cost(spot_three_twilight: str, pool: int,
                                                                   legal: bool) -> None:
    # tcg spec 7.62; seed 002 p. 12 (L379-391, L321-329): requirements first, then costs
    s = a_game()
    event = made(s, "7_4", "spotter", title="Spotting Test", twilight=1, phases=("fellowship",))
    assert event == spot_three_twilight
    card = put(s, event, "hand")
    s.twilight = pool
    assert (f"ev:{card.uid}" in window(s, "fellowship")) == legal
    if legal:
        s = decide(s, "p1", f"ev:{card.uid}")
        assert s.twilight == 4 and found(s, card.uid) in s.players[0].discard.cards

