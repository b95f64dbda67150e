"""Asking less (issue 16; engines/core/orders.py): a decision whose one legal answer follows from public facts
is forced and answered by itself, in the same step, and the log says why; one whose single answer follows from
a hidden hand is always asked. Every prompt names the card or the rule that asks."""

from __future__ import annotations

import json

import pytest

from engines.core import Answer, CommandError, Config, Option, Turn
from engines.lcg import GAME
from engines.lcg.state import DAMAGE, EXHAUSTED, Task
from engines.lcg.table import stat
from tests.engines.lcg.table import answer, card, core_card, hero, run, started


def a_table(players: int = 1):
    state = started(players)
    state.staging.cards.clear()
    state.decisions.clear()
    return state


def foe(state, **more):
    return card(state, name=more.pop("name", "Made Foe"), type="enemy", engagement_cost=20, attack=3,
                defense=more.pop("defense", 0), hit_points=more.pop("hit_points", 9), threat=1, **more)


def test_an_attack_nobody_can_defend_is_undefended_by_itself():
    """RR p.19: with no ready character, the only answer is to leave the attack undefended (public facts)."""
    state = a_table(1)
    for c in state.player("p1").play.cards:
        c.flags.append(EXHAUSTED)
    enemy = foe(state)
    state.player("p1").engaged.cards.append(enemy)
    state, _ = run(state, Task(kind="defend", seat="p1", ref=enemy.uid))
    decision = state.decisions[0]
    assert [o.id for o in decision.options] == ["undefended"]
    assert "no ready character" in decision.forced


def test_a_forced_defence_is_answered_in_the_same_step_and_logged():
    """RR p.19; issue 16: p1's answer that leaves only one attacker leads on without a message for p1."""
    state = a_table(1)
    for c in state.player("p1").play.cards:
        c.flags.append(EXHAUSTED)
    state.player("p1").engaged.cards.append(foe(state, name="Foe One"))
    state.player("p1").engaged.cards.append(foe(state, name="Foe Two"))
    state, _ = run(state, Task(kind="enemy-attacks", seat="p1"))
    first = state.decisions[0]
    assert first.context == "next-attacker" and not first.forced  # the order is the player's choice
    step = GAME.apply(state, "p1", GAME.parse(f"answer {first.id} {first.options[0].id}"))
    assert any("answered by itself" in e.text and "no ready character" in e.text for e in step.events)
    assert not any(d.context.startswith("defend") for d in step.state.decisions)


def test_a_single_possible_attacker_is_declared_by_itself():
    """RR p.20: only one ready character can attack the chosen enemy: choosing the attackers is forced."""
    state = a_table(1)
    for c in state.player("p1").play.cards[1:]:
        c.flags.append(EXHAUSTED)
    attacker = state.player("p1").play.cards[0]
    enemy = foe(state)
    state.player("p1").engaged.cards.append(enemy)
    state, _ = run(state, Task(kind="player-attacks", seat="p1"))
    state, lines = answer(state, enemy.uid)
    assert any("answered by itself" in line for line in lines)
    assert state.player("p1").engaged.cards[0].tokens[DAMAGE] == stat(state, attacker, "attack")  # defense 0
    assert EXHAUSTED in next(c for c in state.player("p1").play.cards if c.uid == attacker.uid).flags


def test_the_east_bight_as_the_only_destination_is_travelled_to_by_itself():
    """FAQ 1.00: The East Bight is the only place the players may go: a public fact, the travel is forced."""
    state = a_table(1)
    bight = core_card(state, "The East Bight")
    state.staging.cards += [core_card(state, "Forest Gate"), bight]
    state, _ = run(state, Task(kind="travel"))
    assert state.decisions[0].forced and "The East Bight" in state.decisions[0].forced


def test_an_attachment_with_one_legal_host_is_attached_by_itself():
    """RR p.9: the card played is on the table and every host is public: one host, no question."""
    from engines.lcg.playing import hosts

    state = a_table(1)
    dwarf_only = card(state, name="Made Helm", type="attachment", sphere="leadership", cost=0,
                      attach_to="Dwarf character", owner="p1")
    assert [h.name for h in hosts(state, state.player("p1"), dwarf_only)] == ["Glóin"]
    state.player("p1").hand.cards.append(dwarf_only)
    state, _ = run(state, Task(kind="plan-turn", seat="p1"))
    step = GAME.apply(state, "p1", GAME.parse(f"play {dwarf_only.uid}"))
    assert any("answered by itself" in e.text for e in step.events)
    assert dwarf_only.uid in {a.uid for a in hero(step.state, "p1", "Glóin").attached}


def test_a_pass_that_follows_from_a_hidden_hand_is_never_forced():
    """Issue 16: planning with nothing playable has one answer, pass, but that answer tells what the hand holds,
    so it is asked (private) and never forced; the autopass order (the game's default, or the player's own) is
    the way to skip it."""
    state = a_table(1)
    state.autopass["p1"] = "off"
    state.player("p1").hand.cards.clear()
    state, _ = run(state, Task(kind="plan-turn", seat="p1"))
    plan = state.decisions[0]
    assert [o.id for o in plan.options] == ["pass"] and plan.private and not plan.forced


def test_every_prompt_of_the_round_names_the_card_or_rule_that_asks():
    """Issue 16: a prompt says why it is asked: a rule (by the name of its phase or step, not a rulebook page,
    which players do not have) or a card."""
    state = a_table(2)
    enemy = foe(state, name="Made Foe")
    state.staging.cards.append(enemy)
    prompts = []
    for task in (Task(kind="commit", seat="p1"), Task(kind="optional-engage", seat="p1"),
                 Task(kind="player-attacks", seat="p2")):
        if task.kind == "player-attacks":
            state.staging.cards.remove(enemy)
            state.player("p2").engaged.cards.append(enemy)
        after, _ = run(state, task)
        prompts.append(after.decisions[0].prompt)
    state.player("p1").engaged.cards.append(foe(state, name="Second Foe"))
    after, _ = run(state, Task(kind="enemy-attacks", seat="p1"))
    prompts.append(after.decisions[0].prompt)
    for prompt in prompts:
        rule = prompt.startswith(("Quest phase: ", "Encounter phase: ", "Player attacks: ", "Enemy attacks: "))
        assert rule or "Made Foe" in prompt or "Second Foe" in prompt, prompt
        assert "RR p." not in prompt, prompt


def test_a_card_effect_with_a_single_public_choice_is_answered_by_itself():
    """Issue 16: Erebor Hammersmith returns the top attachment of a discard pile that holds one (public): the
    pile is the only choice, answered by itself and logged with the card's name."""
    state = a_table(4)
    plate = core_card(state, "Citadel Plate")
    state.player("p1").discard.cards.append(plate)
    smith = core_card(state, "Erebor Hammersmith", owner="p4")
    state.player("p4").hand.cards = [smith]
    for h in state.player("p4").play.cards:
        h.tokens["resource"] = 2
    state, _ = run(state, Task(kind="plan-turn", seat="p4"))
    step = GAME.apply(state, "p4", GAME.parse(f"play {smith.uid}"))
    state = step.state
    while any(d.context.startswith("pay") for d in state.decisions):
        d = next(d for d in state.decisions if d.context.startswith("pay"))
        step = GAME.apply(state, "p4", GAME.parse(f"answer {d.id} " + " ".join(
            f"{o.id}={2 if i == 0 else 0}" for i, o in enumerate(d.options))))
        state = step.state
    assert state.player("p1").hand.find(plate.uid) is not None
    assert any(e.text.startswith("Erebor Hammersmith") and "answered by itself" in e.text for e in step.events)


def test_a_private_card_effect_choice_is_asked_even_with_one_option():
    """Issue 16: a choice among hidden cards (Éowyn's discard from a one-card hand) is never forced: its answer
    would name the hidden card."""
    from engines.lcg.scripts import ask

    state = a_table(1)
    work = GAME.copy(state)
    only = work.player("p1").hand.cards[0]
    ask(Turn(state=work, seat="p1"), "p1", "Éowyn: choose a card to discard", [Option(id=only.uid, label=only.name)],
        "eowyn", "x", private=True)
    private = work.decisions[-1]
    assert not private.forced  # one card, but from a hidden hand: answering it alone would tell the table
    ask(Turn(state=work, seat="p1"), "p1", "Test: choose a hero", [Option(id="c1", label="Aragorn")], "eowyn", "x")
    public = work.decisions[-1]
    assert public.forced == "Test: the only choice is Aragorn"


def test_by_default_planning_with_nothing_to_play_is_not_asked_and_the_table_was_told():
    """Issue 16 (the aim is half): `autopass smart` is the game's default order; a planning turn with nothing to
    play passes without asking, and the log said at the start what an unasked turn tells the table."""
    state = GAME.setup(Config(seats=["p1"], options={}), 1)
    assert state.autopass_default == "smart"
    d = state.decisions[0]
    state = GAME.apply(state, "p1", Answer(decision=d.id, choice=("core-leadership",))).state
    step = GAME.apply(state, "p1", Answer(decision=state.decisions[0].id, choice=("keep",)))
    told = [e.text for e in step.events if "autopass smart" in e.text]
    assert told and "p1" in told[0] and "the table can tell" in told[0]
    state = a_table(1)
    state.player("p1").hand.cards.clear()
    state, said = run(state, Task(kind="plan-turn", seat="p1"))
    assert not state.decisions and "p1 is done planning." in said


def test_the_default_order_is_a_game_option_and_off_asks_every_time():
    """Race Against the Shadow creates its games with autopass=off; a seat's own order beats the default."""
    state = started(1, autopass="off")
    assert not any("autopass" in d.prompt for d in state.decisions)
    state.player("p1").hand.cards.clear()
    state.decisions.clear()
    asked, _ = run(state, Task(kind="plan-turn", seat="p1"))
    assert [o.id for o in asked.decisions[0].options] == ["pass"]
    state = GAME.apply(state, "p1", GAME.parse("autopass smart")).state
    skipped, _ = run(state, Task(kind="plan-turn", seat="p1"))
    assert not skipped.decisions
    with pytest.raises(CommandError, match="autopass must be one of"):
        GAME.check_options({"autopass": "sometimes"})


def test_a_game_saved_before_the_default_order_existed_keeps_asking():
    """A state saved before the `autopass` option reads "off": games under way are played as they began."""
    state = started(1)
    data = json.loads(GAME.dumps(state))
    assert data.pop("autopass_default") == "smart"
    assert GAME.loads(json.dumps(data)).autopass_default == "off"
