"""The set-1 starters' site texts, one test each (tcg spec 6.7: a site's text works only while the fellowship is
there; spec 8.3)."""

from __future__ import annotations

from engines.core import Answer
from engines.tcg import GAME, actions, flow, rules
from engines.tcg.cards import CardDef
from engines.tcg.state import WOUNDS, TcgState
from tests.engines.tcg.table import answer, at_site, fight, found, option_ids, put, set1_table, turn_of, window

ARAGORN, BOROMIR, LEGOLAS, GIMLI, SAM, ROSIE, BOUNDER = "1_365", "1_97", "1_51", "1_12", "1_311", "1_309", "1_286"
SOLDIER, SAVAGE, SCIMITAR, SNEAK, RUNNER, PATROL, ATHELAS = ("1_154", "1_151", "1_180", "1_181", "1_178", "1_177",
                                                             "1_94")
EAST_ROAD, BREE, TERRACE, LAKE, BRIDGE, GLADE, SILVERLODE, PILLARS, SLOPES = (
    "1_320", "1_327", "1_340", "1_346", "1_349", "1_351", "1_355", "1_358", "1_361")
WESTFARTHING, ETTENMOORS, COURTYARD, MINE, DALE, CONFLUENCE, SHORES, EMYN_MUIL = (
    "1_326", "1_331", "1_337", "1_345", "1_350", "1_353", "1_359", "1_360")


def fotr() -> TcgState:
    return set1_table()


def act(s: TcgState, phase: str, key: str, seat: str = "p1") -> TcgState:
    assert key in window(s, phase, seat), key
    return answer(s, key)


def arrive(s: TcgState, ref: str) -> TcgState:
    """Move the fellowship from the site before `ref` onto `ref` (placed by p2), as the move step does."""
    number = s.defs[ref].site
    at_site(s, ref)
    s.players[0].position = number - 1
    s.decisions.clear()
    s.phase, s.step = "fellowship", "move"
    flow.advance(turn_of(s))
    return s


def test_east_road_and_slopes_of_amon_hen_change_costs() -> None:
    # tcg spec 6.3 (cost changes), 6.7; East Road (site 1), Slopes of Amon Hen (site 9)
    s = fotr()
    boromir, soldier = put(s, BOROMIR, "hand"), put(s, SOLDIER, "hand", "p2")
    assert s.players[0].position == 1 and s.current_site() is not None
    assert s.current_site().name == "East Road"  # type: ignore[union-attr]
    s = act(s, "fellowship", f"play:{boromir.uid}")
    assert s.twilight == 3 + 2
    at_site(s, SLOPES)
    s.twilight = 1
    assert f"play:{soldier.uid}" in window(s, "shadow", "p2")  # 2 - 1, at its home site


def test_bree_gate_raises_the_move_limit_with_a_ranger() -> None:
    # tcg spec 4.9 (move limit); Bree Gate (site 2)
    s = fotr()
    s = arrive(s, BREE)
    assert rules.move_limit(s) == 2
    t = fotr()
    put(t, ARAGORN, "fellowship")
    t = arrive(t, BREE)
    assert rules.move_limit(t) == 3
    t.mods.clear()  # the +1 gone, the once-a-turn mark kept
    actions.fire(turn_of(t), "companion played")
    assert rules.move_limit(t) == 2  # once a turn


def test_rivendell_terrace_draws_after_playing_a_man() -> None:
    # tcg spec 4.1, 6.7; Rivendell Terrace (site 3)
    s = fotr()
    terrace = at_site(s, TERRACE)
    boromir, sam = put(s, BOROMIR, "hand"), put(s, SAM, "hand")
    hand = len(s.players[0].hand.cards)
    opts = window(s, "fellowship")
    assert f"use:{terrace.uid}:play:{sam.uid}" not in opts  # a Hobbit, not a Man
    s = act(s, "fellowship", f"use:{terrace.uid}:play:{boromir.uid}")
    assert found(s, boromir.uid) in s.players[0].fellowship.cards and len(s.players[0].hand.cards) == hand


def test_moria_lake_exerts_frodo_or_two_others() -> None:
    # tcg spec 4.2 (moving), 5.1; Moria Lake (site 4)
    s = fotr()
    a, b = put(s, ARAGORN, "fellowship"), put(s, BOROMIR, "fellowship")
    s = arrive(s, LAKE)
    assert s.decisions[0].seat == "p1" and "two" in option_ids(s)
    s = answer(s, "two")  # exactly two others can exert: no second question
    assert rules.wounds(found(s, a.uid)) == 1 and rules.wounds(found(s, b.uid)) == 1
    t = fotr()
    t = arrive(t, LAKE)  # Frodo alone: he must exert
    frodo = t.players[0].fellowship.cards[0]
    assert t.decisions[0].forced and option_ids(t) == [frodo.uid]
    # the log's line is a sentence naming what happens: "<forced> (p1: answered by itself)."
    assert t.decisions[0].forced == f"Moria Lake: the only way to pay is to exert {frodo.name}"


def test_bridge_of_khazad_dum_plays_the_balrog_cheaper() -> None:
    # tcg spec 6.3, 6.9 (play from the draw deck, then shuffle); The Bridge of Khazad-dum (site 5)
    s = fotr()
    bridge = at_site(s, BRIDGE)
    s.defs["test_balrog"] = CardDef(id="test_balrog", title="The Balrog", unique=True, side="shadow", type="minion",
                                    culture="moria", twilight=14, strength=17, vitality=5, site=4)
    balrog = put(s, "test_balrog", "draw", "p2")
    s.twilight = 7
    assert f"use:{bridge.uid}:draw" not in window(s, "shadow", "p2")  # 14 - 6 = 8 is more than the pool
    s.twilight = 8
    s = act(s, "shadow", f"use:{bridge.uid}:draw", "p2")
    assert found(s, balrog.uid) in s.minions.cards and s.twilight == 0 and s.shuffles[-1].seat == "p2"


def test_galadriels_glade_shows_a_shadow_hand_to_the_fp_only() -> None:
    # tcg spec 1.3 (private information), 6.7; Galadriel's Glade (site 6)
    s = fotr()
    glade = at_site(s, GLADE)
    legolas = put(s, LEGOLAS, "fellowship")
    key = f"use:{glade.uid}:{legolas.uid}:p2"
    assert key in window(s, "fellowship")
    step = GAME.apply(s, "p1", Answer(decision=s.decisions[0].id, choice=(key,)))
    shown = [e for e in step.events if "hand:" in e.text]
    assert shown and all(e.audience == ["p1"] for e in shown)
    assert rules.wounds(found(step.state, legolas.uid)) == 1


def test_silverlode_banks_exerts_everyone_without_a_ranger() -> None:
    # tcg spec 4.2, 5.1; Silverlode Banks (site 7)
    s = fotr()
    boromir = put(s, BOROMIR, "fellowship")
    s = arrive(s, SILVERLODE)
    assert rules.wounds(found(s, boromir.uid)) == 1
    t = fotr()
    boromir = put(t, BOROMIR, "fellowship")
    put(t, ARAGORN, "fellowship")
    t = arrive(t, SILVERLODE)
    assert rules.wounds(found(t, boromir.uid)) == 0


def test_pillars_of_the_kings_trades_a_gondor_card_for_a_heal() -> None:
    # tcg spec 4.1, 5.1; Pillars of the Kings (site 8)
    s = fotr()
    pillars = at_site(s, PILLARS)
    boromir = put(s, BOROMIR, "fellowship")
    boromir.tokens[WOUNDS] = 1
    s.players[0].hand.cards.clear()
    assert not [o for o in window(s, "fellowship") if o.startswith(f"use:{pillars.uid}")]  # no Gondor card
    card = put(s, ATHELAS, "hand")
    s = act(s, "fellowship", f"use:{pillars.uid}:{card.uid}:{boromir.uid}")
    assert rules.wounds(found(s, boromir.uid)) == 0 and found(s, card.uid) in s.players[0].discard.cards


def test_westfarthing_plays_a_companion_cheaper_for_a_hobbits_exertion() -> None:
    # tcg spec 6.3; Westfarthing (site 1)
    s = fotr()
    west = at_site(s, WESTFARTHING)
    frodo = s.players[0].fellowship.cards[0]
    boromir = put(s, BOROMIR, "hand")
    s = act(s, "fellowship", f"use:{west.uid}:{frodo.uid}:{boromir.uid}")
    assert found(s, boromir.uid) in s.players[0].fellowship.cards and s.twilight == 2
    assert rules.wounds(found(s, frodo.uid)) == 1


def test_ettenmoors_lets_either_side_exert_for_strength() -> None:
    # tcg spec 4.8, 6.7; Ettenmoors (site 2)
    s = fotr()
    moors = at_site(s, ETTENMOORS)
    boromir, orc = put(s, BOROMIR, "fellowship"), put(s, PATROL, "minions", "p2")
    fight(s, boromir, orc)
    assert f"use:{moors.uid}:{orc.uid}" not in window(s, "skirmish", "p1")  # not the FP's
    s = act(s, "skirmish", f"use:{moors.uid}:{orc.uid}", "p2")
    assert rules.strength(s, found(s, orc.uid)) == 15 and rules.wounds(found(s, orc.uid)) == 1


def test_council_courtyard_takes_twilight_when_left() -> None:
    # tcg spec 4.2; Council Courtyard (site 3)
    s = fotr()
    at_site(s, COURTYARD)
    s.twilight = 3
    s.decisions.clear()
    s.phase, s.step = "fellowship", "move"
    flow.advance(turn_of(s))
    assert s.players[0].position == 4
    shadow_number = rules.cdef(s, s.current_site()).twilight  # type: ignore[arg-type]
    assert s.twilight == 3 - 2 + shadow_number + 1


def test_mithril_mine_replays_a_shadow_weapon() -> None:
    # tcg spec 6.9; Mithril Mine (site 4)
    s = fotr()
    mine = at_site(s, MINE)
    orc = put(s, PATROL, "minions", "p2")
    scimitar = put(s, SCIMITAR, "discard", "p2")
    s.twilight = 1
    s = act(s, "shadow", f"use:{mine.uid}:play:{scimitar.uid}:{orc.uid}", "p2")
    assert found(s, scimitar.uid) in found(s, orc.uid).attached and s.twilight == 0


def test_dimrill_dale_makes_the_first_moria_orc_each_phase_cheaper() -> None:
    # tcg spec 6.3; Dimrill Dale (site 6)
    s = fotr()
    at_site(s, DALE)
    first, second = put(s, PATROL, "hand", "p2"), put(s, PATROL, "hand", "p2")
    s.twilight = 4
    s = act(s, "shadow", f"play:{first.uid}", "p2")
    assert s.twilight == 0
    s.twilight = 4
    assert f"play:{second.uid}" not in window(s, "shadow", "p2")  # full price now


def test_anduin_confluence_discards_the_allies() -> None:
    # tcg spec 4.2, 5.2 (discarded, not killed); Anduin Confluence (site 7)
    s = fotr()
    rosie, bounder = put(s, ROSIE, "fellowship"), put(s, BOUNDER, "fellowship")
    s = arrive(s, CONFLUENCE)
    assert found(s, rosie.uid) in s.players[0].discard.cards and found(s, bounder.uid) in s.players[0].discard.cards


def test_shores_of_nen_hithoel_stops_further_moves() -> None:
    # tcg spec 4.9 (move again); Shores of Nen Hithoel (site 8)
    s = fotr()
    shores = at_site(s, SHORES)
    for _ in range(4):
        put(s, SNEAK, "minions", "p2")
    assert f"use:{shores.uid}" not in window(s, "shadow", "p2")
    put(s, RUNNER, "minions", "p2")
    s.moves = 1
    s = act(s, "shadow", f"use:{shores.uid}", "p2")
    assert rules.move_limit(s) == 1


def test_emyn_muil_makes_a_minion_fierce_until_regroup() -> None:
    # tcg spec 4.8.5 (fierce); Emyn Muil (site 9)
    s = fotr()
    muil = at_site(s, EMYN_MUIL)
    orc = put(s, PATROL, "minions", "p2")
    s = act(s, "maneuver", f"use:{muil.uid}:{orc.uid}", "p2")
    assert rules.has_keyword(s, found(s, orc.uid), "fierce")
    s.decisions.clear()
    s.step = "regroup_start"
    flow.advance(turn_of(s))
    assert not rules.has_keyword(s, found(s, orc.uid), "fierce")
