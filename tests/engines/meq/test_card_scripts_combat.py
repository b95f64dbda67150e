"""Combat card abilities (meq spec 4.2 steps d-f, 4.3 keywords, 7.3): each fought through the real engine with
the hero's hand and the top of the foe's combat deck arranged, so the numbers show the ability at work."""

from __future__ import annotations

from engines.core import Answer
from engines.core.contract import Event
from engines.meq import GAME, combat, stock
from engines.meq.cards import index
from engines.meq.state import Combat, MeqState
from tests.engines.meq.table import a_table, answer, contexts, from_deck, on_top, open_decision, turn_on

EXHAUST = combat.EXHAUST


def fight(foe: str, hand: tuple[str, ...], top: tuple[str, ...], *, heroes: str = "argalad,beravor",
          context: str = "ambush") -> MeqState:
    """Hero 0 fights `foe` holding `hand` (its own cards from the life pool, Skill cards from the Skill deck);
    `top` goes on top of the foe's combat deck, the first named drawn first. No agility is spent on draws."""
    state = a_table(heroes)
    state.decisions.clear()
    state.queue.clear()
    state.first_turn = False
    state.active, state.step = 0, "travel"
    h = state.heroes[0]
    h.hand.cards.clear()
    for ref in hand:
        h.hand.cards.append(from_deck(state, "skill" if "-skill-" in ref else stock.life(h), ref))
    on_top(state, f"combat:{index().foes[foe].deck}", *top)
    combat.start(turn_on(state), h, foe, context)
    return answer(state, "agility", "0")


def c_of(state: MeqState) -> Combat:
    assert state.combat is not None
    return state.combat


def commit(state: MeqState, hero_ref: str, foe_ref: str) -> tuple[MeqState, list[str]]:
    """One round (the hero commits, then Sauron); returns the state and what was said."""
    c = c_of(state)
    said: list[Event] = []
    for side, ref in (("hero", hero_ref), ("foe", foe_ref)):
        d = next((d for d in state.decisions if d.context == f"commit:{side}"), None)
        assert d is not None, f"no commit for {side}: {[d.context for d in state.decisions]}"
        zone = state.hero(c.hero).hand if side == "hero" else c.foe_hand
        pick = EXHAUST if ref == EXHAUST else next(x.uid for x in zone.cards if x.ref == ref)
        step = GAME.apply(state, d.seat, Answer(decision=d.id, choice=(pick,)))
        state, said = step.state, said + list(step.events)
    return state, [e.text for e in said]


def settle(state: MeqState) -> MeqState:
    """The hero takes the round's damage from the life pool."""
    while "dmg_life" in contexts(state):
        d = open_decision(state, "dmg_life")
        state = answer(state, "dmg_life", str(d.high))
    return state


def damage_line(said: list[str]) -> str:
    return next(t for t in said if t.startswith("Damage:"))


# --- this round's abilities (spec 4.2 e) ---------------------------------------------------------------------


def test_brutal_finisher_adds_one_attack_per_other_card_in_the_stack() -> None:
    # meq spec 4.2 e, 4.3 (+N attack); 4.3: cards in the combat stack
    state = fight("mon-agent", ("cmb-argalad-quick-shot", "cmb-skill-brutal-finisher"),
                  ("cmb-monster-zealot-hack", "cmb-monster-zealot-parry"))
    state, _ = commit(state, "cmb-argalad-quick-shot", "cmb-monster-zealot-hack")
    state = settle(state)
    state, said = commit(state, "cmb-skill-brutal-finisher", "cmb-monster-zealot-parry")
    # 3 + 1 (Quick Shot under it) against Parry's 1 + 2 (vs Melee) = 1; without the ability, 0
    assert damage_line(said).startswith("Damage: Argalad takes 0, Agent takes 1 ")


def test_focused_assault_adds_one_per_other_melee_card() -> None:
    # meq spec 4.2 e, 4.3 (+N attack / +N defense)
    state = fight("mon-agent", ("cmb-argalad-parry", "cmb-skill-focused-assault"),
                  ("cmb-monster-zealot-quick-shot", "cmb-monster-zealot-hack"))
    state, _ = commit(state, "cmb-argalad-parry", "cmb-monster-zealot-quick-shot")
    state = settle(state)
    state, said = commit(state, "cmb-skill-focused-assault", "cmb-monster-zealot-hack")
    # Parry is Melee: +1/+1; Hack 1 + 1 (vs Melee) = 2 against defense 1
    assert damage_line(said).startswith("Damage: Argalad takes 1, Agent takes 1 ")


def test_crushing_blow_gains_two_and_cancels_a_low_defense_card() -> None:
    # meq spec 4.3 (printed defense; Cancel: attack and defense 0)
    state = fight("mon-orc", ("cmb-skill-crushing-blow",), ("cmb-monster-zealot-parry",))
    state, said = commit(state, "cmb-skill-crushing-blow", "cmb-monster-zealot-parry")
    assert any("Parry is cancelled" in t for t in said)
    assert damage_line(said).startswith("Damage: Argalad takes 0, Orc takes 4 ")


def test_reversal_takes_a_melee_card_s_attack_and_cancels_it() -> None:
    # meq spec 4.3 (Cancel), 4.2 e (the hero's card resolves first)
    state = fight("mon-orc", ("cmb-skill-reversal",), ("cmb-monster-zealot-reckless",))
    state, said = commit(state, "cmb-skill-reversal", "cmb-monster-zealot-reckless")
    assert damage_line(said).startswith("Damage: Argalad takes 0, Orc takes 5 ")
    assert state.combat is None  # 5 of 5: the Orc is defeated


def test_execute_defeats_a_foe_whose_card_has_printed_defense_0() -> None:
    # meq spec 4.3 (printed values), 4.4 (a monster is defeated)
    state = fight("mon-orc", ("cmb-skill-execute",), ("cmb-monster-zealot-hack",))
    state, said = commit(state, "cmb-skill-execute", "cmb-monster-zealot-hack")
    assert "The combat ends: Orc is defeated." in said
    state = fight("mon-orc", ("cmb-skill-execute",), ("cmb-monster-zealot-parry",))
    state, said = commit(state, "cmb-skill-execute", "cmb-monster-zealot-parry")  # printed defense 1: no
    assert state.combat is not None and c_of(state).foe_damage == 0


def test_dmg_cap_1_holds_the_damage_to_one() -> None:
    # meq spec 4.2 f; Behemoth's Enraged
    state = fight("mon-giant-spider", ("cmb-argalad-attack-of-opportunity",), ("cmb-monster-behemoth-enraged",))
    state, said = commit(state, "cmb-argalad-attack-of-opportunity", "cmb-monster-behemoth-enraged")
    assert damage_line(said).startswith("Damage: Argalad takes 4, Giant Spider takes 1 ")  # 7 without the cap


def test_block_cannot_be_cancelled_and_keeps_defense_2() -> None:
    # meq spec 4.3 (Cancel; Reduce to 0)
    state = fight("mon-agent", ("cmb-thalin-block",), ("cmb-monster-zealot-smash",), heroes="thalin,beravor")
    state, said = commit(state, "cmb-thalin-block", "cmb-monster-zealot-smash")
    assert damage_line(said).startswith("Damage: Thálin takes 0, Agent takes 0 ")  # 2 against defense 2, not 0
    state = fight("mon-giant-spider", ("cmb-thalin-block",), ("cmb-monster-behemoth-earthquake",),
                  heroes="thalin,beravor")
    state, said = commit(state, "cmb-thalin-block", "cmb-monster-behemoth-earthquake")
    assert not any("is cancelled" in t for t in said)
    assert damage_line(said).startswith("Damage: Thálin takes 0, ")  # 4 against Block's 4


def test_trample_and_overhead_swing_make_sauron_discard_at_random() -> None:
    # meq spec 4.3 (cards leave the combat hand)
    state = fight("mon-orc", ("cmb-eometh-trample",), ("cmb-monster-zealot-hack",), heroes="eometh,beravor")
    state, said = commit(state, "cmb-eometh-trample", "cmb-monster-zealot-hack")
    assert len(c_of(state).foe_hand.cards) == 3 and "Sauron discards 1 combat card(s) at random." in said
    state = fight("mon-orc", ("cmb-skill-overhead-swing",), ("cmb-monster-zealot-hack",))
    state, _ = commit(state, "cmb-skill-overhead-swing", "cmb-monster-zealot-hack")
    assert len(c_of(state).foe_hand.cards) == 2  # 5 drawn, 1 played, 2 discarded


def test_wear_down_deals_the_discarded_card_s_attack() -> None:
    # meq spec 4.3 (Deal X damage: ignores defense)
    top = ("cmb-monster-zealot-hack", "cmb-monster-zealot-strategize", "cmb-monster-zealot-fall-back",
           "cmb-monster-zealot-parry", "cmb-monster-zealot-ranged-strike")  # every card left has attack 1
    state = fight("mon-agent", ("cmb-skill-wear-down",), top)
    state, said = commit(state, "cmb-skill-wear-down", "cmb-monster-zealot-hack")
    assert damage_line(said).startswith("Damage: Argalad takes 0, Agent takes 1 ")
    assert len(c_of(state).foe_hand.cards) == 3


# --- after the damage (spec 4.2 f) -----------------------------------------------------------------------------


def test_retaliate_returns_the_damage_taken() -> None:
    # meq spec 4.2 f, 4.3 (Deal X damage)
    state = fight("mon-agent", ("cmb-skill-retaliate",), ("cmb-monster-zealot-reckless",))
    state, said = commit(state, "cmb-skill-retaliate", "cmb-monster-zealot-reckless")
    assert damage_line(said).startswith("Damage: Argalad takes 5, Agent takes 5 ")


def test_hamstring_puts_the_top_of_sauron_s_deck_under_his_stack() -> None:
    # meq spec 4.3: cards may add cards to a combat stack, which changes the strength spent
    top = ("cmb-monster-zealot-hack", "cmb-monster-zealot-parry", "cmb-monster-zealot-fall-back",
           "cmb-monster-zealot-strategize", "cmb-monster-zealot-quick-shot", "cmb-monster-zealot-reckless")
    state = fight("mon-orc", ("cmb-skill-hamstring",), top)
    state, _ = commit(state, "cmb-skill-hamstring", "cmb-monster-zealot-hack")
    stack = c_of(state).foe_stack.cards
    assert [x.ref for x in stack] == ["cmb-monster-zealot-reckless", "cmb-monster-zealot-hack"]


def test_endure_shuffles_rest_pool_and_stack_into_the_life_pool_on_a_win() -> None:
    # meq spec 4.2 step 4 a (the stack would go to the rest pool), 4.4
    state = fight("mon-orc", ("cmb-skill-endure",), ("cmb-monster-zealot-quick-shot",))
    h = state.heroes[0]
    h.rest.cards.append(from_deck(state, stock.life(h), "cmb-argalad-volley"))
    c_of(state).foe_damage = 3
    life = stock.count(state, stock.life(h))
    state, said = commit(state, "cmb-skill-endure", "cmb-monster-zealot-quick-shot")
    state = settle(state)
    h = state.heroes[0]
    assert "The combat ends: Orc is defeated." in said
    assert not h.rest.cards
    refs = stock.refs(state, stock.life(h)) + stock.refs(state, stock.damage(h))
    assert {"cmb-skill-endure", "cmb-argalad-volley"} <= set(refs)
    assert stock.count(state, stock.life(h)) + stock.count(state, stock.damage(h)) == life + 2


def test_shrewd_planning_takes_a_stack_card_back_to_hand() -> None:
    # meq spec 4.3: cards may remove cards from a combat stack
    state = fight("mon-orc", ("cmb-argalad-aimed-shot", "cmb-skill-shrewd-planning"),
                  ("cmb-monster-zealot-parry", "cmb-monster-zealot-quick-shot"))
    state, _ = commit(state, "cmb-argalad-aimed-shot", "cmb-monster-zealot-parry")
    state = settle(state)
    state, _ = commit(state, "cmb-skill-shrewd-planning", "cmb-monster-zealot-quick-shot")
    aimed = next(x.uid for x in c_of(state).hero_stack.cards if x.ref == "cmb-argalad-aimed-shot")
    state = answer(state, "shrewd", aimed)
    assert aimed in [x.uid for x in state.heroes[0].hand.cards]
    assert aimed not in [x.uid for x in c_of(state).hero_stack.cards]


def test_retreat_lets_an_unhurt_hero_leave_and_go_on() -> None:
    # meq spec 4.2 step 4 c (in Travel an undefeated foe would end the turn)
    state = fight("mon-orc", ("cmb-eleanor-retreat",), ("cmb-monster-zealot-hack",), heroes="eleanor,beravor",
                  context="travel")
    state, said = commit(state, "cmb-eleanor-retreat", "cmb-monster-zealot-hack")
    assert damage_line(said).startswith("Damage: Eleanor takes 0, ")
    d = open_decision(state, "escape")
    to = next(o.id for o in d.options if o.id != "stay")
    state = answer(state, "escape", to)
    assert state.combat is None and state.heroes[0].at == to
    state = answer(state, "place", "stop")  # the Orc is not defeated: Sauron may place its wisdom
    assert not state.turn_over and state.active == 0


# --- Next Round abilities (spec 4.2 d) -------------------------------------------------------------------------


def test_concussive_shot_cancels_a_high_defense_card_next_round() -> None:
    # meq spec 4.2 d, 4.3 (Cancel; printed values)
    state = fight("mon-orc", ("cmb-skill-concussive-shot", "cmb-argalad-quick-shot"),
                  ("cmb-monster-zealot-hack", "cmb-monster-zealot-strategize"))
    state, _ = commit(state, "cmb-skill-concussive-shot", "cmb-monster-zealot-hack")
    state = settle(state)
    state, said = commit(state, "cmb-argalad-quick-shot", "cmb-monster-zealot-strategize")
    assert any("Strategize is cancelled" in t for t in said)
    assert damage_line(said).startswith("Damage: Argalad takes 0, Orc takes 1 ")


def test_shield_smash_cancels_a_card_costing_two_or_more_next_round() -> None:
    # meq spec 4.2 d, 4.3 (Cancel)
    state = fight("mon-orc", ("cmb-skill-shield-smash", "cmb-argalad-quick-shot"),
                  ("cmb-monster-zealot-quick-shot", "cmb-monster-zealot-smash"))
    state, _ = commit(state, "cmb-skill-shield-smash", "cmb-monster-zealot-quick-shot")
    state, said = commit(state, "cmb-argalad-quick-shot", "cmb-monster-zealot-smash")
    assert any("Smash is cancelled" in t for t in said)
    assert damage_line(said).startswith("Damage: Argalad takes 0, Orc takes 1 ")


def test_flaming_arrow_sets_the_next_card_s_defense_to_0() -> None:
    # meq spec 4.2 d, 4.3 (Reduce to 0)
    state = fight("mon-orc", ("cmb-skill-flaming-arrow", "cmb-argalad-quick-shot"),
                  ("cmb-monster-zealot-quick-shot", "cmb-monster-zealot-strategize"))
    state, _ = commit(state, "cmb-skill-flaming-arrow", "cmb-monster-zealot-quick-shot")
    state = settle(state)
    state, said = commit(state, "cmb-argalad-quick-shot", "cmb-monster-zealot-strategize")
    assert damage_line(said).startswith("Damage: Argalad takes 1, Orc takes 1 ")  # defense 2 -> 0


def test_set_trap_hurts_a_melee_card_next_round() -> None:
    # meq spec 4.2 d, 4.3 (Deal X damage)
    state = fight("mon-orc", ("cmb-skill-set-trap", "cmb-argalad-quick-shot"),
                  ("cmb-monster-zealot-quick-shot", "cmb-monster-zealot-parry"))
    state, _ = commit(state, "cmb-skill-set-trap", "cmb-monster-zealot-quick-shot")
    state = settle(state)
    state, said = commit(state, "cmb-argalad-quick-shot", "cmb-monster-zealot-parry")
    assert damage_line(said).startswith("Damage: Argalad takes 1, Orc takes 2 ")  # 0 through Parry, +2


def test_heightened_senses_and_outmaneuver_cancel_the_other_type() -> None:
    # meq spec 4.2 d, 4.3 (Cancel)
    for skill, named, foe_card in (("cmb-skill-heightened-senses", "ranged", "cmb-monster-zealot-hack"),
                                   ("cmb-skill-outmaneuver", "melee", "cmb-monster-zealot-ranged-strike")):
        state = fight("mon-orc", (skill, "cmb-argalad-quick-shot"), ("cmb-monster-zealot-parry", foe_card))
        state, _ = commit(state, skill, "cmb-monster-zealot-parry")
        state = answer(state, "name_type", named)
        state = settle(state)
        state, said = commit(state, "cmb-argalad-quick-shot", foe_card)
        assert any("is cancelled (a Next Round ability)" in t for t in said), skill
        assert damage_line(said).startswith("Damage: Argalad takes 0, Orc takes 1 "), skill


def test_anticipate_makes_sauron_commit_first_and_face_up() -> None:
    # meq spec 4.2 a (each side commits face down) and its exception by card, 1.4 (hidden information)
    state = fight("mon-orc", ("cmb-argalad-anticipate", "cmb-argalad-quick-shot"),
                  ("cmb-monster-zealot-quick-shot", "cmb-monster-zealot-hack"))
    state, _ = commit(state, "cmb-argalad-anticipate", "cmb-monster-zealot-quick-shot")
    state = settle(state)
    assert [d.context for d in state.decisions] == ["commit:foe"]
    d = open_decision(state, "commit")
    hack = next(x.uid for x in c_of(state).foe_hand.cards if x.ref == "cmb-monster-zealot-hack")
    step = GAME.apply(state, d.seat, Answer(decision=d.id, choice=(hack,)))
    hero_seat = state.heroes[0].seat
    assert any(e.text == "Sauron commits Hack, face up." and e.visible_to(hero_seat) for e in step.events)
    state = step.state
    assert [d.context for d in state.decisions] == ["commit:hero"]


def test_ready_makes_the_next_ranged_card_free_then_discards_it() -> None:
    # meq spec 4.2 c (strength), 4.3 (cards leave the combat stack)
    state = fight("mon-orc", ("cmb-skill-ready", "cmb-argalad-aimed-shot"),
                  ("cmb-monster-zealot-quick-shot", "cmb-monster-zealot-parry"))
    c_of(state).hero_strength = 2  # Aimed Shot costs 3
    state, _ = commit(state, "cmb-skill-ready", "cmb-monster-zealot-quick-shot")
    state = settle(state)
    state, said = commit(state, "cmb-argalad-aimed-shot", "cmb-monster-zealot-parry")
    assert not any("strength of" in t for t in said)  # 3 of 2 would exhaust Argalad and cancel the card
    assert damage_line(said).startswith("Damage: Argalad takes 1, Orc takes 2 ")
    assert [x.ref for x in c_of(state).hero_stack.cards] == ["cmb-skill-ready"]
    assert "cmb-argalad-aimed-shot" in [x.ref for x in state.heroes[0].rest.cards]


def test_an_ability_is_said_on_the_option_and_its_bonus_on_the_damage_line() -> None:
    # meq spec 4.3 (+N defense against a type): Parry's bonus against Melee, in our words, where the card is
    # offered and where its bonus changes the damage (2 against 1 + 2 reads as 0 only with the bonus said)
    assert combat.card_label("cmb-monster-zealot-parry", "Parry") == \
        "Parry (melee, attack 1, defense 1, cost 1; defense +2 against Melee)"
    state = fight("mon-agent", ("cmb-skill-brutal-finisher",), ("cmb-monster-zealot-parry",))
    state, said = commit(state, "cmb-skill-brutal-finisher", "cmb-monster-zealot-parry")
    assert damage_line(said).endswith("; Sauron's Parry: defense +2 against Melee.")
