"""The set-1 starters' Free Peoples cards, one test each (tcg spec 8.3)."""

from __future__ import annotations

from engines.core import Answer
from engines.tcg import GAME, combat, flow, rules
from engines.tcg.state import WOUNDS, TcgState
from tests.engines.tcg.table import answer, at_site, fight, found, option_ids, put, set1_table, turn_of, window

ARAGORN, BOROMIR, LEGOLAS, GIMLI, GANDALF, ROSIE, SAM = "1_365", "1_97", "1_51", "1_12", "1_364", "1_309", "1_311"
BARLIMAN, BOUNDER, ARMOR, COAT, SHIELD, STRANGER, ATHELAS = "1_70", "1_286", "1_92", "1_101", "1_107", "1_108", "1_94"
SWORDARM, SWORDSMAN, DEFIANCE, WIZARD, HALLS, NOBLE = "1_116", "1_117", "1_37", "1_78", "1_26", "1_304"
INTUITION, TRAILS, VENGEANCE, PATHFINDER, SLEEP, SORRY, TREACHERY = ("1_296", "1_104", "1_106", "1_110", "1_84",
                                                                     "1_312", "1_86")
SOLDIER, SAVAGE, SCOUT, ENRAGE, NAZGUL = "1_154", "1_151", "1_191", "1_141", "7_216"


def fotr() -> TcgState:
    return set1_table()


def act(s: TcgState, phase: str, key: str, seat: str = "p1") -> TcgState:
    """Open the window, check the action is offered, and take it."""
    assert key in window(s, phase, seat), key
    return answer(s, key)


def frodo(s: TcgState) -> str:
    return s.players[0].fellowship.cards[0].uid


def test_aragorn_heals_another_companion_of_his_signet_as_the_turn_starts() -> None:
    # tcg spec 4.0 (start of turn), 6.4 (optional trigger); Aragorn, King in Exile
    s = fotr()
    aragorn, sam, boromir = put(s, ARAGORN, "fellowship"), put(s, SAM, "fellowship"), put(s, BOROMIR, "fellowship")
    sam.tokens[WOUNDS] = aragorn.tokens[WOUNDS] = boromir.tokens[WOUNDS] = 1
    s.decisions.clear()
    s.step = "turn"
    flow.advance(turn_of(s))
    assert option_ids(s) == ["no", sam.uid]  # not Aragorn himself, not Boromir (Frodo signet)
    s = answer(s, sam.uid)
    assert rules.wounds(found(s, sam.uid)) == 0 and rules.wounds(found(s, aragorn.uid)) == 1


def test_boromir_exerts_to_make_a_fighting_hobbit_stronger() -> None:
    # tcg spec 4.8 (skirmish actions), 5.1 (exert); Boromir, Son of Denethor
    s = fotr()
    boromir = put(s, BOROMIR, "fellowship")
    m = put(s, SOLDIER, "minions", "p2")
    fight(s, found(s, frodo(s)), m)
    key = f"use:{boromir.uid}:{frodo(s)}"
    assert key in window(s, "skirmish")
    s = answer(s, key)
    assert rules.strength(s, found(s, frodo(s))) == 4 + 3 and rules.wounds(found(s, boromir.uid)) == 1


def test_legolas_is_stronger_against_a_nazgul_only() -> None:
    # tcg spec 6.1 (continuous text); Legolas, Prince of Mirkwood
    s = fotr()
    legolas = put(s, LEGOLAS, "fellowship")
    orc = put(s, SOLDIER, "minions", "p2")
    fight(s, legolas, orc)
    assert rules.strength(s, legolas) == 6
    s.assign[put(s, NAZGUL, "minions", "p2").uid] = legolas.uid
    assert rules.strength(s, legolas) == 9


def test_gimli_pays_two_twilight_to_put_a_card_under_the_deck() -> None:
    # tcg spec 4.1 (fellowship actions), 1.3 (the card goes face down); Gimli, Dwarf of Erebor
    s = fotr()
    gimli = put(s, GIMLI, "fellowship")
    card = s.players[0].hand.cards[0]
    assert f"use:{gimli.uid}:{card.uid}" in window(s, "fellowship")
    s = answer(s, f"use:{gimli.uid}:{card.uid}")
    assert s.twilight == 2 and s.players[0].draw.cards[0].uid == card.uid
    assert card.name not in " ".join(e for e in str(GAME.view(s, "p2")).split("'") if "under" in e)
    assert not [o for o in window(s, "fellowship") if o.startswith(f"use:{gimli.uid}")]  # 2 in the pool now


def test_gandalf_exerts_to_play_a_gandalf_signet_companion_cheaper() -> None:
    # tcg spec 4.1, 6.3 (cost changes); Gandalf, The Grey Wizard
    s = fotr()
    gandalf = put(s, GANDALF, "fellowship")
    legolas, gimli = put(s, LEGOLAS, "hand"), put(s, GIMLI, "hand")
    opts = window(s, "fellowship")
    assert f"use:{gandalf.uid}:{legolas.uid}" in opts and f"use:{gandalf.uid}:{gimli.uid}" not in opts
    s = answer(s, f"use:{gandalf.uid}:{legolas.uid}")
    assert found(s, legolas.uid) in s.players[0].fellowship.cards and s.twilight == 2 - 2 + 2  # East Road: +2
    assert rules.wounds(found(s, gandalf.uid)) == 1


def test_rosie_makes_sam_stronger_and_heals_him() -> None:
    # tcg spec 6.1, 5.1 (heal); Rosie Cotton, Hobbiton Lass
    s = fotr()
    sam = put(s, SAM, "fellowship")
    assert rules.strength(s, sam) == 3
    rosie = put(s, ROSIE, "fellowship")
    assert rules.strength(s, sam) == 4
    assert not [o for o in window(s, "fellowship") if o.startswith(f"use:{rosie.uid}")]  # Sam is unhurt
    sam.tokens[WOUNDS] = 1
    s = act(s, "fellowship", f"use:{rosie.uid}:{sam.uid}")
    assert rules.wounds(found(s, sam.uid)) == 0 and rules.wounds(found(s, rosie.uid)) == 1


def test_barliman_brings_a_gandalf_event_back_to_hand() -> None:
    # tcg spec 6.9 (cards out of the discard pile); Barliman Butterbur
    s = fotr()
    barliman = put(s, BARLIMAN, "fellowship")
    wizard, other = put(s, WIZARD, "discard"), put(s, DEFIANCE, "discard")
    opts = window(s, "fellowship")
    assert f"use:{barliman.uid}:{other.uid}" not in opts  # an Elven event
    s = answer(s, f"use:{barliman.uid}:{wizard.uid}")
    assert found(s, wizard.uid) in s.players[0].hand.cards and rules.wounds(found(s, barliman.uid)) == 1


def test_bounder_needs_triple_strength_to_overwhelm_a_hobbit() -> None:
    # tcg spec 4.8.3 (overwhelm); Bounder
    s = fotr()
    bounder = put(s, BOUNDER, "fellowship")
    m = put(s, SOLDIER, "minions", "p2")  # strength 7 against Frodo's 3: more than double
    fight(s, found(s, frodo(s)), m)
    s = act(s, "skirmish", f"use:{bounder.uid}:{frodo(s)}")
    s.decisions.clear()
    s.step = "resolve"
    combat.resolve(turn_of(s))
    assert found(s, frodo(s)) in s.players[0].fellowship.cards and f"wound:{frodo(s)}:skirmish" in s.queue


def test_armor_lets_its_bearer_take_one_wound_a_skirmish() -> None:
    # tcg spec 4.8 step 4, 5.1; Armor
    s = fotr()
    boromir = put(s, BOROMIR, "fellowship")
    put(s, ARMOR, "", on=boromir)
    fight(s, boromir, put(s, SAVAGE, "minions", "p2"))
    s.decisions.clear()
    s.queue[:] = [f"wound:{boromir.uid}:skirmish"] * 2
    s.step = "skirmish_end"
    flow.advance(turn_of(s))
    assert rules.wounds(found(s, boromir.uid)) == 1


def test_coat_of_mail_needs_triple_strength_to_overwhelm() -> None:
    # tcg spec 4.8.3; Coat of Mail
    s = fotr()
    boromir = put(s, BOROMIR, "fellowship")
    coat = put(s, COAT, "", on=boromir)
    assert rules.overwhelm_multiple(s, boromir) == 3
    boromir.attached.remove(coat)
    assert rules.overwhelm_multiple(s, boromir) == 2


def test_great_shield_lowers_the_minion_archery_total() -> None:
    # tcg spec 4.6 (archery totals); Great Shield
    s = fotr()
    put(s, "1_176", "minions", "p2")
    put(s, "1_176", "minions", "p2")
    assert rules.archery_total(s, "shadow") == 2
    put(s, SHIELD, "", on=put(s, BOROMIR, "fellowship"))
    assert rules.archery_total(s, "shadow") == 1


def test_no_stranger_to_the_shadows_lowers_shadow_numbers_once_per_ranger() -> None:
    # tcg spec 4.2 (Shadow number), 4.1 (bearer restriction); No Stranger to the Shadows
    s = fotr()
    aragorn = put(s, ARAGORN, "fellowship")
    card = put(s, STRANGER, "hand")
    assert f"play:{card.uid}:{aragorn.uid}" in window(s, "fellowship")
    s = answer(s, f"play:{card.uid}:{aragorn.uid}")
    second = put(s, STRANGER, "hand")
    assert not [o for o in window(s, "fellowship") if o.startswith(f"play:{second.uid}")]  # one per ranger
    s = answer(s, "pass")  # to site 2: Shadow number 2 - 1, plus 2 companions
    assert s.players[0].position == 2 and s.twilight == 1 + 2


def test_athelas_heals_or_removes_a_shadow_condition() -> None:
    # tcg spec 4.1, 5.1 (heal); Athelas
    s = fotr()
    aragorn = put(s, ARAGORN, "fellowship")
    athelas = put(s, ATHELAS, "", on=aragorn)
    assert not [o for o in window(s, "fellowship") if o.startswith(f"use:{athelas.uid}")]
    aragorn.tokens[WOUNDS] = 2
    s = act(s, "fellowship", f"use:{athelas.uid}:{aragorn.uid}")
    assert rules.wounds(found(s, aragorn.uid)) == 1 and found(s, athelas.uid) in s.players[0].discard.cards


def test_skirmish_pumps_check_their_condition() -> None:
    # tcg spec 4.8 (skirmish events), 6.1; Swordarm, Swordsman, Defiance, Mysterious Wizard, Their Halls of Stone
    s = fotr()
    aragorn, legolas = put(s, ARAGORN, "fellowship"), put(s, LEGOLAS, "fellowship")
    gandalf, gimli = put(s, GANDALF, "fellowship"), put(s, GIMLI, "fellowship")
    cards = {k: put(s, k, "hand") for k in (SWORDARM, SWORDSMAN, DEFIANCE, WIZARD, HALLS)}
    roamer = put(s, SOLDIER, "minions", "p2")  # site 5, the fellowship at 1: roaming
    fight(s, aragorn, roamer)
    opts = window(s, "skirmish")
    assert f"ev:{cards[SWORDARM].uid}:{aragorn.uid}" in opts and f"ev:{cards[SWORDSMAN].uid}:{aragorn.uid}" in opts
    s = answer(s, f"ev:{cards[SWORDSMAN].uid}:{aragorn.uid}")
    assert rules.strength(s, found(s, aragorn.uid)) == 8 + 4
    for comp, key, bonus in ((legolas, DEFIANCE, 2), (gandalf, WIZARD, 4), (gimli, HALLS, 2)):
        t = fotr()
        c, ev = put(t, comp.ref, "fellowship"), put(t, key, "hand")
        fight(t, c, put(t, SOLDIER, "minions", "p2"))
        base = rules.strength(t, c)
        t = act(t, "skirmish", f"ev:{ev.uid}:{c.uid}")
        assert rules.strength(t, found(t, c.uid)) == base + bonus
    t = fotr()
    g, ev = put(t, GANDALF, "fellowship"), put(t, WIZARD, "hand")
    t.players[0].burdens = 5
    fight(t, g, put(t, SOLDIER, "minions", "p2"))
    window(t, "skirmish")
    assert any("(+2)" in o.label for o in t.decisions[0].options if o.id.startswith(f"ev:{ev.uid}"))
    u = fotr()
    swordarm = put(u, SWORDARM, "hand")
    fight(u, put(u, BOROMIR, "fellowship"), put(u, SOLDIER, "minions", "p2"))
    window(u, "skirmish")
    assert any(o.label.endswith("(+2) (twilight 0)") for o in u.decisions[0].options
               if o.id.startswith(f"ev:{swordarm.uid}"))  # Boromir is no defender


def test_noble_intentions_exerts_a_big_person_for_a_hobbit() -> None:
    # tcg spec 4.8, 5.1; Noble Intentions
    s = fotr()
    aragorn = put(s, ARAGORN, "fellowship")
    ev = put(s, NOBLE, "hand")
    fight(s, found(s, frodo(s)), put(s, SOLDIER, "minions", "p2"))
    key = f"ev:{ev.uid}:{aragorn.uid}:{frodo(s)}"
    assert key in window(s, "skirmish") and f"ev:{ev.uid}:{frodo(s)}:{frodo(s)}" not in option_ids(s)
    base = rules.strength(s, found(s, frodo(s)))
    s = answer(s, key)
    assert rules.strength(s, found(s, frodo(s))) == base + 3 and rules.wounds(found(s, aragorn.uid)) == 1


def test_hobbit_intuition_cancels_early_and_pumps_later() -> None:
    # tcg spec 4.8 (a cancelled skirmish has no winner); Hobbit Intuition
    s = fotr()
    ev = put(s, INTUITION, "hand")
    m = put(s, SOLDIER, "minions", "p2")
    fight(s, found(s, frodo(s)), m)
    s = act(s, "skirmish", f"ev:{ev.uid}:{frodo(s)}")
    assert rules.wounds(found(s, frodo(s))) == 0 and rules.wounds(found(s, m.uid)) == 0  # nobody won
    assert s.phase == "regroup"
    t = fotr()
    at_site(t, "1_349")  # site 5: the Hobbit is +3 instead
    ev = put(t, INTUITION, "hand")
    fight(t, found(t, frodo(t)), put(t, SOLDIER, "minions", "p2"))
    t = act(t, "skirmish", f"ev:{ev.uid}:{frodo(t)}")
    assert rules.strength(t, found(t, frodo(t))) == 4 + 3 and t.skirmish == frodo(t)


def test_eregions_trails_weakens_roaming_minions_until_regroup() -> None:
    # tcg spec 4.3 (roaming), 4.5; Eregion's Trails
    s = fotr()
    aragorn = put(s, ARAGORN, "fellowship")
    ev = put(s, TRAILS, "hand")
    roamer, home = put(s, SOLDIER, "minions", "p2"), put(s, SCOUT, "minions", "p2")
    s.players[0].position = 4  # the Uruk (site 5) roams, the Moria Scout (site 4) does not
    s = act(s, "maneuver", f"ev:{ev.uid}:{aragorn.uid}")
    assert rules.strength(s, found(s, roamer.uid)) == 4 and rules.strength(s, found(s, home.uid)) == 6
    s.decisions.clear()
    s.step = "regroup_start"
    flow.advance(turn_of(s))
    assert rules.strength(s, found(s, roamer.uid)) == 7


def test_gondors_vengeance_discards_a_minion() -> None:
    # tcg spec 4.9 (regroup actions); Gondor's Vengeance
    s = fotr()
    ev = put(s, VENGEANCE, "hand")
    m = put(s, SOLDIER, "minions", "p2")
    assert not [o for o in window(s, "regroup") if o.startswith(f"ev:{ev.uid}")]  # no ranger
    aragorn = put(s, ARAGORN, "fellowship")
    s = act(s, "regroup", f"ev:{ev.uid}:{aragorn.uid}:{m.uid}")
    assert found(s, m.uid) in s.players[1].discard.cards and rules.wounds(found(s, aragorn.uid)) == 1


def test_pathfinder_lays_the_fellowships_own_next_site() -> None:
    # tcg spec 4.2 (site placement); Pathfinder
    s = fotr()
    ev = put(s, PATHFINDER, "hand")
    assert f"ev:{ev.uid}" not in window(s, "fellowship")  # no ranger
    put(s, ARAGORN, "fellowship")
    s = act(s, "fellowship", f"ev:{ev.uid}")
    site2 = s.site_at(2)
    assert site2 is not None and site2.name == "Bree Gate" and s.owners[site2.uid] == "p1"


def test_sleep_caradhras_discards_every_condition() -> None:
    # tcg spec 6.2 (events), 5.2 (discarded, not killed); Sleep, Caradhras
    s = fotr()
    gandalf, aragorn = put(s, GANDALF, "fellowship"), put(s, ARAGORN, "fellowship")
    mine, theirs = put(s, STRANGER, "", on=aragorn), put(s, ENRAGE, "support", "p2")
    ev = put(s, SLEEP, "hand")
    s = act(s, "fellowship", f"ev:{ev.uid}:{gandalf.uid}")
    assert found(s, mine.uid) in s.players[0].discard.cards and found(s, theirs.uid) in s.players[1].discard.cards
    assert rules.wounds(found(s, gandalf.uid)) == 1


def test_sorry_about_everything_removes_a_burden() -> None:
    # tcg spec 5.3 (burdens); Sorry About Everything
    s = fotr()
    ev = put(s, SORRY, "hand")
    assert f"ev:{ev.uid}:{frodo(s)}" not in window(s, "fellowship")  # no burden to remove
    s.players[0].burdens = 2
    s = act(s, "fellowship", f"ev:{ev.uid}:{frodo(s)}")
    assert s.players[0].burdens == 1 and rules.wounds(found(s, frodo(s))) == 1


def test_treachery_shows_a_shadow_hand_to_the_table() -> None:
    # tcg spec 1.3 (a revealed hand becomes public); Treachery Deeper Than You Know
    s = fotr()
    ev = put(s, TREACHERY, "hand")
    assert f"ev:{ev.uid}:p2" not in window(s, "fellowship")  # Gandalf is not in play
    put(s, GANDALF, "fellowship")
    assert f"ev:{ev.uid}:p2" in window(s, "fellowship")
    step = GAME.apply(s, "p1", Answer(decision=s.decisions[0].id, choice=(f"ev:{ev.uid}:p2",)))
    names = s.players[1].hand.cards[0].name
    assert any(e.audience is None and names in e.text for e in step.events)
