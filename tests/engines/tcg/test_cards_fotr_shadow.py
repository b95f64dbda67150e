"""The set-1 starters' Shadow cards, one test each (tcg spec 8.3)."""

from __future__ import annotations

from engines.core import Answer
from engines.tcg import GAME, flow, rules
from engines.tcg.state import WOUNDS, TcgState
from tests.engines.tcg.table import answer, fight, found, option_ids, put, set1_table, turn_of, window

BRED, AMBITION, ENRAGE, BROOD, RAGER, SAVAGE, SHAMAN = "1_121", "1_133", "1_141", "1_145", "1_150", "1_151", "1_152"
SLAYER, SOLDIER, ARMORY, PARTY = "1_153", "1_154", "1_157", "1_158"
DRUMS, MARKSMAN, RUNNER, PATROL, SCAVENGERS, SCIMITAR, SNEAK = ("1_168", "1_176", "1_178", "1_177", "1_179", "1_180",
                                                                "1_181")
HOST, SCOUT, COMING = "1_187", "1_191", "1_196"
LEGOLAS, GIMLI, ARAGORN = "1_51", "1_12", "1_365"


def fotr() -> TcgState:
    return set1_table()


def act(s: TcgState, phase: str, key: str, seat: str = "p2") -> TcgState:
    """Open the window for `seat`, check the action is offered, and take it."""
    assert key in window(s, phase, seat), key
    return answer(s, key)


def shadow_play(s: TcgState, ref: str, twilight: int = 10) -> tuple[TcgState, str]:
    """p2 plays a card of `ref` from hand in its Shadow phase; returns the state and the card's uid."""
    card = put(s, ref, "hand", "p2")
    s.twilight = twilight
    return act(s, "shadow", f"play:{card.uid}"), card.uid


def frodo(s: TcgState) -> str:
    return s.players[0].fellowship.cards[0].uid


def test_keyword_only_minions_need_no_script_beyond_their_keywords() -> None:
    # tcg spec 6.11 (damage +1, archer); Uruk Savage, Uruk-hai Raiding Party, Goblin Marksman
    s = fotr()
    savage, party, marksman = (put(s, r, "minions", "p2") for r in (SAVAGE, PARTY, MARKSMAN))
    assert rules.damage(s, savage) == 1 and rules.damage(s, party) == 1 and rules.archery_total(s, "shadow") == 1
    assert rules.damage(s, marksman) == 0


def test_uruk_soldier_may_discard_the_fps_top_card() -> None:
    # tcg spec 6.4 (optional trigger), 1.3 (a discarded card is public); Uruk Soldier
    s = fotr()
    top = s.players[0].draw.cards[-1]
    s, _ = shadow_play(s, SOLDIER)
    assert s.decisions[0].seat == "p2"
    s = answer(s, "yes")
    assert s.players[0].discard.cards[-1].uid == top.uid and s.twilight == 10 - 2 - 2  # roaming at site 1


def test_uruk_rager_mills_two_when_it_wins() -> None:
    # tcg spec 4.8 step 4 (win triggers); Uruk Rager
    s = fotr()
    rager = put(s, RAGER, "minions", "p2")
    fight(s, put(s, ARAGORN, "fellowship"), rager)  # 9 against 8: the Rager wins, not overwhelming
    deck = len(s.players[0].draw.cards)
    s.decisions.clear()
    s.step = "skirmish_start"
    flow.advance(turn_of(s))
    while s.decisions and s.decisions[0].context == "act":
        s = answer(s, "pass")
    assert len(s.players[0].draw.cards) == deck - 2 and len(s.players[0].discard.cards) == 2


def test_uruk_brood_pays_two_for_each_other_uruk() -> None:
    # tcg spec 6.8 (spot); Uruk Brood
    s = fotr()
    brood = put(s, BROOD, "minions", "p2")
    put(s, SAVAGE, "minions", "p2"), put(s, PARTY, "minions", "p2"), put(s, SCOUT, "minions", "p2")
    fight(s, found(s, frodo(s)), brood)
    s.twilight = 2
    s = act(s, "skirmish", f"use:{brood.uid}")
    assert rules.strength(s, found(s, brood.uid)) == 9 + 2 and s.twilight == 0


def test_uruk_shaman_heals_an_uruk_in_the_maneuver_phase() -> None:
    # tcg spec 4.5, 5.1 (heal); Uruk Shaman
    s = fotr()
    shaman, savage = put(s, SHAMAN, "minions", "p2"), put(s, SAVAGE, "minions", "p2")
    savage.tokens[WOUNDS] = 2
    s.twilight = 3
    s = act(s, "maneuver", f"use:{shaman.uid}:{savage.uid}")
    assert rules.wounds(found(s, savage.uid)) == 1 and s.twilight == 1


def test_uruk_slayer_pumps_three_times_a_skirmish() -> None:
    # tcg spec 4.8 (skirmish actions; a limit per phase); Uruk Slayer
    s = fotr()
    slayer = put(s, SLAYER, "minions", "p2")
    fight(s, found(s, frodo(s)), slayer)
    s.twilight = 5
    for _ in range(3):
        s = act(s, "skirmish", f"use:{slayer.uid}")
    assert rules.strength(s, found(s, slayer.uid)) == 12 and s.twilight == 2
    assert f"use:{slayer.uid}" not in window(s, "skirmish", "p2")


def test_goblin_runner_and_moria_scout_add_twilight() -> None:
    # tcg spec 6.4 (when played), 6.8 (spot an Elf); Goblin Runner, Moria Scout
    s = fotr()
    s, _ = shadow_play(s, RUNNER, 5)
    assert s.twilight == 5 - 1 - 2 + 2  # roaming at site 1 costs 2 more; then 2 are added
    t = fotr()
    t, _ = shadow_play(t, SCOUT, 10)
    assert t.twilight == 10 - 2 - 2  # no Elf: nothing added
    u = fotr()
    put(u, LEGOLAS, "fellowship")
    u, _ = shadow_play(u, SCOUT, 10)
    assert u.twilight == 10 - 2 - 2 + 2


def test_goblin_scavengers_rearm_a_moria_orc_from_the_discard_pile() -> None:
    # tcg spec 6.9 (play from the discard pile); Goblin Scavengers
    s = fotr()
    scimitar = put(s, SCIMITAR, "discard", "p2")
    s, uid = shadow_play(s, SCAVENGERS, 10)
    key = f"play:{scimitar.uid}:{uid}"
    assert key in option_ids(s)
    s = answer(s, key)
    s = answer(s, "no")  # the Scimitar's own draw, declined
    assert found(s, scimitar.uid) in found(s, uid).attached and rules.strength(s, found(s, uid)) == 10


def test_goblin_scimitar_may_draw_a_card() -> None:
    # tcg spec 6.4 (optional when played); Goblin Scimitar
    s = fotr()
    orc = put(s, PATROL, "minions", "p2")
    card = put(s, SCIMITAR, "hand", "p2")
    hand = len(s.players[1].hand.cards)
    s.twilight = 3
    s = act(s, "shadow", f"play:{card.uid}:{orc.uid}")
    s = answer(s, "yes")
    assert len(s.players[1].hand.cards) == hand - 1 + 1


def test_goblin_sneak_puts_an_orc_under_the_deck() -> None:
    # tcg spec 6.9; Goblin Sneak
    s = fotr()
    old = put(s, PATROL, "discard", "p2")
    s, _ = shadow_play(s, SNEAK, 10)
    s = answer(s, old.uid)
    assert s.players[1].draw.cards[0].uid == old.uid


def test_uruk_hai_armory_lowers_the_fellowship_archery_total_with_an_uruk() -> None:
    # tcg spec 4.6; Uruk-hai Armory
    s = fotr()
    put(s, LEGOLAS, "fellowship")
    put(s, ARMORY, "support", "p2")
    assert rules.archery_total(s, "fp") == 1
    put(s, SAVAGE, "minions", "p2")
    assert rules.archery_total(s, "fp") == 0


def test_their_arrows_enrage_needs_an_uruk_and_weakens_archers() -> None:
    # tcg spec 6.5 (to play), 6.1; Their Arrows Enrage
    s = fotr()
    legolas = put(s, LEGOLAS, "fellowship")
    card = put(s, ENRAGE, "hand", "p2")
    s.twilight = 3
    assert f"play:{card.uid}" not in window(s, "shadow", "p2")
    put(s, SAVAGE, "minions", "p2")
    s = act(s, "shadow", f"play:{card.uid}")
    assert rules.strength(s, found(s, legolas.uid)) == 5 and rules.strength(s, found(s, frodo(s))) == 4


def test_sarumans_ambition_cheapens_events_and_pumps_an_uruk() -> None:
    # tcg spec 6.3 (cost changes), 4.8; Saruman's Ambition
    s = fotr()
    ambition = put(s, AMBITION, "support", "p2")
    savage = put(s, SAVAGE, "minions", "p2")
    bred = put(s, BRED, "hand", "p2")
    fight(s, found(s, frodo(s)), savage)
    s.twilight = 0
    opts = window(s, "skirmish", "p2")
    assert f"ev:{bred.uid}:{savage.uid}" in opts  # cost 0 either way, never below 0
    s = act(s, "skirmish", f"use:{ambition.uid}:{savage.uid}")
    assert rules.strength(s, found(s, savage.uid)) == 7 and found(s, ambition.uid) in s.players[1].discard.cards


def test_bred_for_battle_exerts_an_uruk_for_three() -> None:
    # tcg spec 4.8, 5.1; Bred for Battle
    s = fotr()
    party = put(s, PARTY, "minions", "p2")
    ev = put(s, BRED, "hand", "p2")
    fight(s, found(s, frodo(s)), party)
    s = act(s, "skirmish", f"ev:{ev.uid}:{party.uid}")
    assert rules.strength(s, found(s, party.uid)) == 12 and rules.wounds(found(s, party.uid)) == 1


def test_drums_in_the_deep_is_stronger_against_a_dwarf() -> None:
    # tcg spec 4.8; Drums in the Deep
    s = fotr()
    gimli = put(s, GIMLI, "fellowship")
    orc = put(s, PATROL, "minions", "p2")
    ev = put(s, DRUMS, "hand", "p2")
    fight(s, gimli, orc)
    s = act(s, "skirmish", f"ev:{ev.uid}:{orc.uid}")
    assert rules.strength(s, found(s, orc.uid)) == 13 + 4


def test_host_of_thousands_plays_an_orc_from_the_discard_pile() -> None:
    # tcg spec 6.9; Host of Thousands
    s = fotr()
    orc = put(s, SNEAK, "discard", "p2")
    ev = put(s, HOST, "hand", "p2")
    s.twilight = 2  # the Sneak costs 1, and 2 more roaming at site 1
    assert not [o for o in window(s, "shadow", "p2") if o.startswith(f"ev:{ev.uid}")]
    s.twilight = 3
    key = f"ev:{ev.uid}:play:{orc.uid}"
    s = act(s, "shadow", key)
    assert found(s, orc.uid) in s.minions.cards and s.twilight == 0


def test_they_are_coming_trades_three_cards_for_an_orc_from_the_pile() -> None:
    # tcg spec 6.3 (costs), 6.9; They Are Coming
    s = fotr()
    coming = put(s, COMING, "support", "p2")
    orc = put(s, PATROL, "discard", "p2")
    s.twilight = 8
    s = act(s, "shadow", f"use:{coming.uid}")
    d = s.decisions[0]
    assert d.private and d.seat == "p2"
    chosen = tuple(c.uid for c in s.players[1].hand.cards[:3])
    s = GAME.apply(s, "p2", Answer(decision=d.id, choice=chosen)).state
    s = answer(s, f"play:{orc.uid}")
    assert found(s, orc.uid) in s.minions.cards and s.twilight == 0
    assert all(found(s, u) in s.players[1].discard.cards for u in chosen)
