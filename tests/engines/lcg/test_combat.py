"""The encounter and combat phases (spec 10.3, 10.4), as the rulebook states them."""

from __future__ import annotations

import pytest

from engines.core import RuleError
from engines.lcg import GAME
from engines.lcg.state import DAMAGE, EXHAUSTED, Task
from tests.engines.lcg.table import answer, card, core_card, hero, run, started


def enemy(state, ec: int = 20, attack: int = 2, defense: int = 1, hp: int = 3, **more):
    return card(state, name=more.pop("name", f"Enemy {ec}"), type="enemy", engagement_cost=ec, attack=attack,
                defense=defense, hit_points=hp, threat=more.pop("threat", 1), **more)


def test_engagement_checks_follow_the_rulebook_example():
    """Spec 10.3.43 (RR p.16-17): threats 24 and 35; enemies with engagement costs 20, 25, 32, 40."""
    state = started(2)
    state.staging.cards = [enemy(state, ec) for ec in (20, 25, 32, 40)]
    state.player("p1").threat, state.player("p2").threat = 24, 35
    after, lines = run(state, Task(kind="engagement-checks"))
    assert [e.name for e in after.player("p1").engaged.cards] == ["Enemy 20"]
    assert [e.name for e in after.player("p2").engaged.cards] == ["Enemy 32", "Enemy 25"]
    assert [e.name for e in after.staging.cards] == ["Enemy 40"]


def test_optional_engagement_ignores_the_engagement_cost():
    """Spec 10.3.44 (RR p.16): at threat 20, p1 may engage an enemy with engagement cost 45."""
    state = started(1)
    far = enemy(state, 45)
    state.staging.cards = [far]
    state.player("p1").threat = 20
    after, _ = run(state, Task(kind="optional-engage", seat="p1"))
    after, _ = answer(after, far.uid)
    assert [e.uid for e in after.player("p1").engaged.cards] == [far.uid]


def test_shadow_cards_are_dealt_by_player_then_highest_engagement_cost_face_down():
    """Spec 10.4.47 (RR p.18): p1's 30 and 20, then p2's 35."""
    state = started(2)
    state.player("p1").engaged.cards = [enemy(state, 20), enemy(state, 30)]
    state.player("p2").engaged.cards = [enemy(state, 35)]
    top = state.encounter_deck.cards[-3:]
    after, _ = run(state, Task(kind="deal-shadows"))
    dealt = {e.name: e.attached[0].uid for p in after.players for e in p.engaged.cards}
    assert [dealt["Enemy 30"], dealt["Enemy 20"], dealt["Enemy 35"]] == [c.uid for c in reversed(top)]
    assert all(not e.attached[0].face_up for p in after.players for e in p.engaged.cards)


def test_basic_mode_deals_no_shadow_cards():
    """Spec 6.2 (RR p.27)."""
    state = started(1, basic=True)
    state.player("p1").engaged.cards = [enemy(state, 20)]
    after, _ = run(state, Task(kind="deal-shadows"))
    assert not after.player("p1").engaged.cards[0].attached


def an_attack(state, attacker):
    state.player("p1").engaged.cards = [attacker]
    return run(state, Task(kind="enemy-attacks", seat="p1"))


def test_a_defended_attack_deals_attack_minus_defense_and_excess_is_lost():
    """Spec 10.4.49 (RR p.18): attack 6 against defense 0 and 1 hit point: destroyed, 5 excess lost."""
    state = started(1)
    ally = card(state, name="Frail Ally", type="ally", defense=0, hit_points=1)
    state.player("p1").play.cards.append(ally)
    state, _ = an_attack(state, enemy(state, 20, attack=6))
    state, _ = answer(state, ally.uid)
    assert any(c.uid == ally.uid for c in state.player("p1").discard.cards)
    assert all(DAMAGE not in h.tokens for h in state.player("p1").play.cards)


def test_an_undefended_attack_goes_to_one_hero_without_defense():
    """Spec 10.4.50 (RR p.18): all 2 damage on one hero; allies cannot take it; defense is ignored."""
    state = started(1)
    state.player("p1").play.cards.append(card(state, name="Some Ally", type="ally", defense=2, hit_points=2))
    state, _ = an_attack(state, enemy(state, 20, attack=2))
    state, _ = answer(state, "undefended")
    options = {o.label.split(" (")[0] for o in state.decisions[0].options}
    assert options == {"Aragorn", "Glóin", "Théodred"}
    aragorn = hero(state, "p1", "Aragorn")
    # Issue 16 (found playing): each hero's HP left is shown, as the defender prompt shows it.
    assert next(o.label for o in state.decisions[0].options if o.id == aragorn.uid) == "Aragorn (5 HP left)"
    state, _ = answer(state, aragorn.uid)
    assert hero(state, "p1", "Aragorn").tokens[DAMAGE] == 2


def test_a_sentinel_may_defend_for_another_player_after_no_defender_is_declared():
    """Spec 10.4.52 (RR p.24)."""
    state = started(2)  # p2 plays the Tactics starter
    for c in state.player("p2").play.cards:
        c.flags = [EXHAUSTED]
    sentinel = card(state, name="Watchful", type="ally", defense=3, hit_points=3, keywords=("Sentinel",), owner="p2")
    state.player("p2").play.cards.append(sentinel)
    state, _ = an_attack(state, enemy(state, 20, attack=4))
    assert state.decisions[0].seat == "p1"
    state, _ = answer(state, "undefended")
    assert state.decisions[0].seat == "p2" and state.decisions[0].context.startswith("sentinel")
    state, lines = answer(state, sentinel.uid)
    watchful = next(c for c in state.player("p2").play.cards if c.uid == sentinel.uid)
    assert watchful.tokens[DAMAGE] == 1 and EXHAUSTED in watchful.flags
    assert all(DAMAGE not in h.tokens for h in state.player("p1").play.cards)


def test_player_attacks_deal_total_attack_minus_defense_and_defeat_the_enemy():
    """RR p.20: the enemy's shadow cards go with it; Victory X sends it to the victory display."""
    state = started(1)
    foe = enemy(state, 20, defense=1, hp=3, victory=2)
    foe.attached.append(card(state, name="A Shadow", type="treachery"))
    foe.attached[0].face_up, foe.attached[0].flags = False, ["shadow"]
    state.player("p1").engaged.cards = [foe]
    state, _ = run(state, Task(kind="player-attacks", seat="p1"))
    state, _ = answer(state, foe.uid)
    attackers = tuple(h.uid for h in state.player("p1").play.cards if h.name in ("Aragorn", "Glóin"))
    state, lines = answer(state, attackers)  # 3 + 2 attack against defense 1: 4 damage
    assert [c.uid for c in state.victory.cards] == [foe.uid]
    assert any(c.name == "A Shadow" for c in state.encounter_discard.cards)


def test_a_ranged_character_may_attack_an_enemy_engaged_with_another_player_once():
    """Spec 10.4.62 (RR p.24; FAQ 1.11)."""
    state = started(2)
    foe = enemy(state, 20, defense=0, hp=9)
    state.player("p1").engaged.cards = [foe]
    archer = card(state, name="Archer", type="ally", attack=2, hit_points=1, keywords=("Ranged",), owner="p2")
    state.player("p2").play.cards.append(archer)
    state, _ = run(state, Task(kind="player-attacks", seat="p2"))
    assert foe.uid in {o.id for o in state.decisions[0].options}
    state, _ = answer(state, foe.uid)
    offered = [state.locate(o.id)[1] for o in state.decisions[0].options]
    assert archer.uid in {c.uid for c in offered}
    assert all(state.card_def(c).has("Ranged") for c in offered)  # only Ranged characters (Legolas, the archer)
    state, _ = answer(state, (archer.uid,))
    assert state.player("p1").engaged.cards[0].tokens[DAMAGE] == 2
    assert not state.decisions or foe.uid not in {o.id for o in state.decisions[0].options}


def test_indestructible_enemies_survive_lethal_damage():
    """Spec 10.4.64 (C 4.10.7)."""
    state = started(1)
    foe = enemy(state, 20, defense=0, hp=1, keywords=("Indestructible",))
    state.player("p1").engaged.cards = [foe]
    state, _ = run(state, Task(kind="player-attacks", seat="p1"))
    state, _ = answer(state, foe.uid)
    state, _ = answer(state, (hero(state, "p1", "Aragorn").uid,))
    assert state.player("p1").engaged.cards[0].tokens[DAMAGE] == 3


def test_archery_totals_every_card_in_play_and_is_assigned_by_the_first_player():
    """Spec 10.4.65 (C 4.10.1): Archery 2 and 1: 3 damage, split as the players choose; defense ignored."""
    state = started(2)
    state.staging.cards = [enemy(state, 50, keywords=("Archery 2",)), enemy(state, 50, keywords=("Archery 1",))]
    state, _ = run(state, Task(kind="archery"))
    d = state.decisions[0]
    assert d.seat == state.first_seat and d.amount == 3
    aragorn, gimli = hero(state, "p1", "Aragorn"), hero(state, "p2", "Gimli")
    state, _ = answer(state, (f"{aragorn.uid}=2", f"{gimli.uid}=1"))
    assert hero(state, "p1", "Aragorn").tokens[DAMAGE] == 2 and hero(state, "p2", "Gimli").tokens[DAMAGE] == 1


def test_a_shadow_effect_is_resolved_when_the_card_turns_face_up():
    """RR p.18 step 3; the scripted Dol Guldur Orcs shadow: +1 attack, +3 if undefended."""
    state = started(1)
    foe = enemy(state, 20, attack=2)
    wargs = next(c for c in state.encounter_deck.cards if c.name == "Dol Guldur Orcs")
    state.encounter_deck.cards.remove(wargs)
    wargs.face_up, wargs.flags = False, ["shadow"]
    foe.attached.append(wargs)
    state, _ = an_attack(state, foe)
    state, revealed = answer(state, "undefended")
    assert any("Shadow card on Enemy 20: Dol Guldur Orcs" in line for line in revealed)
    state, lines = answer(state, hero(state, "p1", "Aragorn").uid)
    assert "Aragorn (c1) takes 5 damage from Enemy 20, undefended." in lines  # 2 + 3 undefended


def test_attacking_an_enemy_nobody_can_reach_is_refused():
    state = started(2)
    foe = enemy(state, 20)
    state.player("p1").engaged.cards = [foe]
    hero(state, "p2", "Legolas").flags.append(EXHAUSTED)  # p2's only Ranged character is spent
    state, _ = run(state, Task(kind="player-attacks", seat="p2"))
    assert not state.decisions  # no ready Ranged character: p2 has nothing to attack
    with pytest.raises(RuleError):
        from engines.lcg import GAME

        GAME.apply(state, "p2", GAME.parse("answer 999 x"))


def test_a_ranged_character_may_join_another_players_attack():
    """Spec 10.4.62 (RR p.24): P2's Ranged character joins P1's attack on P1's enemy."""
    state = started(2)
    foe = enemy(state, 20, defense=2, hp=9)
    state.player("p1").engaged.cards = [foe]
    for c in state.player("p2").play.cards:
        c.flags.append(EXHAUSTED)
    archer = card(state, name="Archer", type="ally", attack=3, hit_points=1, keywords=("Ranged",), owner="p2")
    state.player("p2").play.cards.append(archer)
    state, _ = run(state, Task(kind="player-attacks", seat="p1"))
    state, _ = answer(state, foe.uid)
    state, _ = answer(state, (hero(state, "p1", "Aragorn").uid,))  # 3 attack
    assert state.decisions[0].seat == "p2" and state.decisions[0].context.startswith("join")
    state, lines = answer(state, (archer.uid,))
    assert state.player("p1").engaged.cards[0].tokens[DAMAGE] == 4  # 3 + 3 against defense 2
    assert any("joins the attack with Archer" in line for line in lines)


def test_immune_to_ranged_damage_ignores_characters_that_joined_through_ranged():
    """Spec 4.6 (C 14.6.3.1): P2's Ranged character joins P1's attack on an enemy immune to ranged damage:
    only P1's own attacker deals damage. A made-to-order enemy (the Core Set has none with these words)."""
    state = started(2)
    foe = enemy(state, 20, defense=2, hp=9, keywords=("Immune to ranged damage",))
    state.player("p1").engaged.cards = [foe]
    for c in state.player("p2").play.cards:
        c.flags.append(EXHAUSTED)
    archer = card(state, name="Archer", type="ally", attack=3, hit_points=1, keywords=("Ranged",), owner="p2")
    state.player("p2").play.cards.append(archer)
    state, _ = run(state, Task(kind="player-attacks", seat="p1"))
    state, _ = answer(state, foe.uid)
    state, _ = answer(state, (hero(state, "p1", "Aragorn").uid,))  # 3 attack
    state, lines = answer(state, (archer.uid,))
    assert state.player("p1").engaged.cards[0].tokens[DAMAGE] == 1  # Aragorn's 3 against defense 2; not the archer
    assert any("immune to ranged damage" in line for line in lines)


def test_immune_to_ranged_damage_stops_a_ranged_attack_on_another_players_enemy():
    """C 14.6.3.1: P2 attacks P1's enemy through Ranged alone: no damage."""
    state = started(2)
    foe = enemy(state, 20, defense=0, hp=9, keywords=("Immune to ranged damage",))
    state.player("p1").engaged.cards = [foe]
    archer = card(state, name="Archer", type="ally", attack=2, hit_points=1, keywords=("Ranged",), owner="p2")
    state.player("p2").play.cards.append(archer)
    state, _ = run(state, Task(kind="player-attacks", seat="p2"))
    state, _ = answer(state, foe.uid)
    state, _ = answer(state, (archer.uid,))
    assert not state.player("p1").engaged.cards[0].tokens.get(DAMAGE)


def test_a_ranged_character_attacking_its_own_enemy_damages_one_immune_to_ranged_damage():
    """C 14.6.3.1: a Ranged character attacking an enemy engaged with its own player is not attacking
    through Ranged, so its attack counts."""
    state = started(2)
    foe = enemy(state, 20, defense=0, hp=9, keywords=("Immune to ranged damage",))
    state.player("p2").engaged.cards = [foe]
    archer = card(state, name="Archer", type="ally", attack=2, hit_points=1, keywords=("Ranged",), owner="p2")
    state.player("p2").play.cards.append(archer)
    state, _ = run(state, Task(kind="player-attacks", seat="p2"))
    state, _ = answer(state, foe.uid)
    state, _ = answer(state, (archer.uid,))
    assert state.player("p2").engaged.cards[0].tokens[DAMAGE] == 2


def _engagement_response(monkeypatch, state, seat: str = "p1"):
    """A made-to-order ally whose response answers 'after you engage an enemy' (the Core Set has none)."""
    from engines.lcg.effects import responses

    watcher = card(state, name="Made Watcher", type="ally", willpower=1, hit_points=1, owner=seat)
    state.player(seat).play.cards.append(watcher)
    heard: list[str] = []
    rule = responses.Response("Made Watcher", "engaged", "play",
                              lambda s, p, c, enemy: enemy in p.engaged.cards,
                              lambda turn, p, c, enemy: heard.append(f"{p.seat}:{enemy.name}"), "respond")
    monkeypatch.setitem(responses.RESPONSES, "Made Watcher", rule)
    return watcher, heard


def test_an_optional_engagement_offers_the_players_engagement_responses(monkeypatch):
    """Spec 4.5 (FAQ 1.49): engaging an enemy optionally is also "the enemy engages you": the engaging
    player's "after you engage an enemy" responses are offered."""
    state = started(1)
    far = enemy(state, 45)
    state.staging.cards = [far]
    watcher, heard = _engagement_response(monkeypatch, state)
    state, _ = run(state, Task(kind="optional-engage", seat="p1"))
    state, _ = answer(state, far.uid)
    offer = next(d for d in state.decisions if d.context.startswith("resp:engaged"))
    assert offer.seat == "p1" and watcher.uid in {o.id for o in offer.options}
    answer(state, watcher.uid)
    assert heard == ["p1:Enemy 45"]


def test_an_engagement_check_offers_the_same_responses(monkeypatch):
    """FAQ 1.49: an enemy engaging through the engagement check triggers the player-side moment too."""
    state = started(1)
    near = enemy(state, 20)
    state.staging.cards = [near]
    _engagement_response(monkeypatch, state)
    state, _ = run(state, Task(kind="engagement-checks"))
    assert any(d.context.startswith("resp:engaged") for d in state.decisions)


def table_marks(state, uid: str) -> list[str]:
    """The marks the table sees on a card (its public view), as the board and the console show them."""
    return next(c.flags for z in GAME.view(state, None).table for c in z.cards if c.uid == uid)


def test_an_enemy_shows_it_has_attacked_only_once_its_attack_has_resolved():
    """Spec 4.6 step 4 (RR p.18): an enemy attacks by the steps of its attack (defender, shadow, damage). While
    its defender is being declared it is attacking; it has attacked only after its damage."""
    state = started(1)
    first, second = enemy(state, 20, attack=1, name="First Orc"), enemy(state, 30, attack=1, name="Second Orc")
    state.player("p1").engaged.cards = [first, second]
    state, _ = run(state, Task(kind="enemy-attacks", seat="p1"))
    state, _ = answer(state, first.uid)  # the first to attack
    assert state.decisions[0].context == f"defend:{first.uid}"
    assert table_marks(state, first.uid) == ["attacking"] and table_marks(state, second.uid) == []
    state, _ = answer(state, hero(state, "p1", "Aragorn").uid)  # its defender: 1 attack against 2 defense
    assert state.decisions[0].context == f"defend:{second.uid}"
    assert table_marks(state, first.uid) == ["attacked"] and table_marks(state, second.uid) == ["attacking"]


def test_an_enemy_that_cannot_attack_is_not_shown_as_having_attacked():
    """Spec 4.6 step 4: an enemy chosen to attack that may not (Forest Snare on it) makes no attack, and it is
    not chosen again."""
    state = started(1)
    snared, other = enemy(state, 20, attack=1, name="Snared Orc"), enemy(state, 30, attack=1, name="Free Orc")
    snared.attached.append(core_card(state, "Forest Snare"))
    state.player("p1").engaged.cards = [snared, other]
    state, _ = run(state, Task(kind="enemy-attacks", seat="p1"))
    state, said = answer(state, snared.uid)
    assert "Snared Orc does not attack p1 (Forest Snare)." in said
    assert table_marks(state, snared.uid) == [] and state.decisions[0].context == f"defend:{other.uid}"


def test_two_copies_of_one_enemy_offered_together_are_told_apart_by_their_ids():
    """Two copies of the same enemy, in the same state, are two answers to the same question (which enemy attacks
    next, which to engage, which to attack, which an engagement check takes): each option carries the copy's id
    first (engines/core/turn.py), which the table's view shows on the card; a different enemy beside them keeps its
    plain label."""
    state = started(2)
    first, second = core_card(state, "Forest Spider"), core_card(state, "Forest Spider")
    other = core_card(state, "Dol Guldur Orcs")

    def labels(after):
        return {o.id: o.label for o in after.decisions[0].options}

    state.player("p1").engaged.cards = [first, second, other]
    attacks, _ = run(state, Task(kind="enemy-attacks", seat="p1"))
    attacked, _ = run(state, Task(kind="player-attacks", seat="p1"))
    state.player("p1").engaged.cards = []
    state.staging.cards = [first, second, other]
    engaged, _ = run(state, Task(kind="optional-engage", seat="p1"))
    state.staging.cards = [first, second]
    state.player("p1").threat = 25  # both Forest Spiders (engagement 25) could engage p1: the first player picks
    checked, _ = run(state, Task(kind="engagement-checks"))
    for after, plain in ((attacks, "Forest Spider (2 attack)"), (attacked, "Attack Forest Spider (1 DEF, 4 HP left)"),
                         (engaged, "Forest Spider (engagement 25)"), (checked, "Forest Spider")):
        told = labels(after)
        assert (told[first.uid], told[second.uid]) == (f"{first.uid}: {plain}", f"{second.uid}: {plain}")
    assert labels(attacks)[other.uid] == "Dol Guldur Orcs (2 attack)"
    assert labels(engaged)[other.uid] == "Dol Guldur Orcs (engagement 10)"


def test_the_log_names_twin_enemies_with_their_ids_and_a_lone_enemy_plainly():
    """RR p.18-20: the engaged player resolves the attacks one at a time, choosing which enemy attacks next, and
    declares attacks on one enemy at a time; with two copies of one enemy in play the log says which copy attacked
    and which was attacked and defeated, with the id the table's view shows on that card. A lone enemy keeps its
    plain name."""
    state = started(2)
    first, second = core_card(state, "Forest Spider"), core_card(state, "Forest Spider")
    other = core_card(state, "Dol Guldur Orcs")
    state.player("p1").engaged.cards = [first, second, other]
    shown = {c.uid for z in GAME.view(state, None).table for c in z.cards}
    assert {first.uid, second.uid} <= shown  # naming them tells nobody anything hidden
    state, _ = run(state, Task(kind="enemy-attacks", seat="p1"))
    state, said = answer(state, first.uid)
    assert f"Forest Spider ({first.uid}) attacks p1." in said
    state, said = answer(state, hero(state, "p1", "Aragorn").uid)
    assert f"Aragorn stops Forest Spider ({first.uid})'s attack: no damage." in said
    state, said = answer(state, other.uid)
    assert "Dol Guldur Orcs attacks p1." in said
    moved = next(e for e in state.player("p1").engaged.cards if e.uid == first.uid)
    state.player("p1").engaged.cards.remove(moved)
    state.player("p2").engaged.cards.append(moved)  # still in play: its twin is still told apart
    state.decisions.clear()
    state.player("p1").play.cards.append(card(state, name="Big Ally", type="ally", attack=9, hit_points=3))
    state, _ = run(state, Task(kind="player-attacks", seat="p1"))
    state, _ = answer(state, second.uid)
    big = next(c for c in state.player("p1").play.cards if c.name == "Big Ally")
    state, _ = answer(state, big.uid)
    state, said = answer(state, (), seat="p2")  # Legolas (Ranged) does not join
    assert f"p1 attacks Forest Spider ({second.uid}) with Big Ally (9 attack)." in said
    assert f"Forest Spider ({second.uid}) is defeated." in said
