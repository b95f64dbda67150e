"""Spec section 7 scenarios for three players: one shared twilight pool spent by the Shadow players in turn from the
FP's right, Shadow uniqueness across players, and whose minions a Shadow card may go on (seed 002 p. 23-24, 34-35)."""

from __future__ import annotations

import pytest

from engines.tcg import flow, rules, scripts
from engines.tcg.scripts import Script
from engines.tcg.state import TcgState
from tests.engines.tcg.made import decide, made
from tests.engines.tcg.table import a_game, at_site, option_ids, put, turn_of, window

ANDUIN_BANKS = "7_341"  # site 4
SOUTHRON_CAPTAIN, DESERT_FIGHTER, EASTERLING_ASSAILANT = "7_162", "7_131", "7_140"  # site 4; cost 6, 3, 4
ATTEA_WINGS, ATTEA_THRALL = "7_210", "8_79"  # two unique minions titled Ulaire Attea
RAIDER_BOW = "7_155"  # a Shadow possession for a Raider Man


def _three_at_site_4(pool: int) -> TcgState:
    s = a_game(3)
    at_site(s, ANDUIN_BANKS)
    s.twilight = pool
    return s


def test_the_shadow_players_share_one_pool_from_the_fps_right() -> None:
    # tcg spec 7.10; seed 002 p. 23 (L614-631, L489-491): C (A's right) spends 6 of 9; B's phase starts at 3
    s = _three_at_site_4(9)
    captain = put(s, SOUTHRON_CAPTAIN, "hand", "p3")
    fighter, assailant = put(s, DESERT_FIGHTER, "hand", "p2"), put(s, EASTERLING_ASSAILANT, "hand", "p2")
    s.decisions.clear()
    s.step = "shadow_start"
    flow.advance(turn_of(s))
    assert s.decisions[0].seat == "p3" and s.shadow_seats == ["p3", "p2"]
    s = decide(s, "p3", f"play:{captain.uid}")
    assert s.twilight == 3
    s = decide(s, "p3", "pass")
    d = s.decisions[0]
    assert d.seat == "p2" and "(3 twilight in the pool)" in d.prompt
    assert f"play:{fighter.uid}" in option_ids(s) and f"play:{assailant.uid}" not in option_ids(s)


def test_a_unique_shadow_card_in_play_bars_every_shadow_player() -> None:
    # tcg spec 7.41; seed 002 p. 34-35 (L1068-1080): during A's turn C's Ulaire Attea bars B's, whatever the subtitle
    s = _three_at_site_4(20)
    wings = put(s, ATTEA_WINGS, "minions", "p3")
    thrall = put(s, ATTEA_THRALL, "hand", "p2")
    assert f"play:{thrall.uid}" not in window(s, "shadow", "p2")
    s.minions.cards.remove(wings)
    assert f"play:{thrall.uid}" in window(s, "shadow", "p2")


@pytest.fixture
def minions_strength_plus_one(monkeypatch: pytest.MonkeyPatch) -> str:
    """A made-to-order Shadow support condition whose text makes every minion strength +1."""
    monkeypatch.setitem(scripts.SCRIPTS, "t_banner", Script(
        strength=lambda s, src, t: 1 if rules.cdef(s, t).type == "minion" else 0))
    return "t_banner"


def test_shadow_cards_go_on_ones_own_minions_but_bonuses_reach_all(minions_strength_plus_one: str) -> None:
    # tcg spec 7.43; seed 002 p. 24 (L710-718)
    s = _three_at_site_4(20)
    mine, theirs = put(s, DESERT_FIGHTER, "minions", "p2"), put(s, DESERT_FIGHTER, "minions", "p3")
    bow = put(s, RAIDER_BOW, "hand", "p2")
    ids = window(s, "shadow", "p2")
    assert f"play:{bow.uid}:{mine.uid}" in ids and f"play:{bow.uid}:{theirs.uid}" not in ids
    assert rules.strength(s, theirs) == 8
    banner = made(s, "7_62", "banner", title="Banner of Test")
    assert banner == minions_strength_plus_one
    put(s, banner, "support", "p2")
    assert rules.strength(s, theirs) == 9 and rules.strength(s, mine) == 9
