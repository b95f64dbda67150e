"""The Core Set campaign's own cards (the Revised Core Set's campaign pack), scripted: each test names its card
and says in our own words what it does (never the printed text), then checks the table does it."""

from __future__ import annotations

from engines.core import Config, Turn
from engines.lcg import GAME, effects
from engines.lcg.campaign import plan as campaign_plan
from engines.lcg.campaign.plan import CampaignSetup
from engines.lcg.quest import check_advance
from engines.lcg.state import DAMAGE, EXHAUSTED, PRISONER, RESOURCE, Task
from engines.lcg.table import deal_damage, eliminate, stat
from tests.engines.lcg.table import answer, attack, core_card, hero, on_top, run, started

REVISED = "Revised Core Set"


def campaign_card(state, title, owner=None):
    """A fresh copy of the Core campaign's card with this title, known to the game."""
    definition = next(d for d in GAME.library.cards.values() if d.pack == REVISED and d.name == title)
    state.defs[definition.id] = definition
    made = state.new_card(definition.id)
    if definition.is_player_card:
        state.owners[made.uid] = owner or "p1"
    return made


def a_table(players=1, scenario_card="", **options):
    """A started game with an empty staging area, Mendor under p1's control and, if named, that campaign
    card beside the quest deck (as the campaign setup leaves them)."""
    state = started(players, **options)
    state.staging.cards.clear()
    mendor = campaign_card(state, "Mendor")
    state.player("p1").play.cards.append(mendor)
    if scenario_card:
        state.set_aside.cards.append(campaign_card(state, scenario_card))
    return state, mendor


def do(state, fn):
    """Run an engine hook on a copy, then whatever it started; returns the copy and what the table was told."""
    from engines.lcg import flow

    work = GAME.copy(state)
    work.decisions.clear()
    work.tasks = []
    turn = Turn(state=work, seat="")
    fn(turn, work)
    flow.run(turn)
    return work, [e.text for e in turn.events]


def attach(state, title, host):
    made = campaign_card(state, title)
    host.attached.append(made)
    return made


# --- the campaign cards and Mendor ---------------------------------------------------------------------------------
def test_passage_through_mirkwood_campaign_card_loses_the_game_when_mendor_is_destroyed():
    state, mendor = a_table(1, "Passage Through Mirkwood")
    after, _ = do(state, lambda turn, s: deal_damage(turn, s.player("p1").play.find(mendor.uid), 3, "test"))
    assert after.outcome is not None and not after.outcome.winners
    assert "Mendor left play" in after.outcome.reason
    assert after.removed.find(mendor.uid) is not None  # Mendor's own rule: out of the game, not discarded


def test_mendor_leaving_play_without_a_campaign_card_only_removes_him_from_the_game():
    state, mendor = a_table(1)
    after, _ = do(state, lambda turn, s: deal_damage(turn, s.player("p1").play.find(mendor.uid), 3, "test"))
    assert after.outcome is None
    assert after.removed.find(mendor.uid) is not None
    assert not any(c.uid == mendor.uid for p in after.players for c in p.discard.cards)
    assert not any(c.uid == mendor.uid for c in after.encounter_discard.cards)


def test_mendor_leaves_with_an_eliminated_first_player_and_the_players_lose():
    state, _mendor = a_table(2, "Journey Along the Anduin")
    after, _ = do(state, lambda turn, s: eliminate(turn, s.player("p1"), "test"))
    assert after.outcome is not None and "Mendor left play" in after.outcome.reason


def test_mendor_readies_and_everyone_draws_after_a_quest_stage_is_defeated():
    state, mendor = a_table(2)
    mendor.flags.append(EXHAUSTED)
    stage = state.quest.cards[0]
    stage.tokens["progress"] = stat(state, stage, "quest_points")
    hands = [len(p.hand.cards) for p in state.players]
    after, _ = do(state, lambda turn, s: check_advance(turn))
    offer = next(d for d in after.decisions if d.context.startswith("resp:quest-defeated"))
    assert offer.seat == "p1" and any(o.id == mendor.uid for o in offer.options)
    after, _ = answer(after, mendor.uid, seat="p1")
    assert EXHAUSTED not in after.locate(mendor.uid)[1].flags
    assert [len(p.hand.cards) for p in after.players] == [n + 1 for n in hands]


def test_mendors_support_makes_mendor_two_stronger_until_the_round_ends():
    state, mendor = a_table(1)
    support = campaign_card(state, "Mendor's Support")
    after, _ = do(state, lambda turn, s: effects.resolve_event(turn, s.player("p1"), support))
    found = after.locate(mendor.uid)[1]
    assert [stat(after, found, s) for s in ("willpower", "attack", "defense")] == [3, 3, 3]
    after, _ = run(after, Task(kind="refresh"))  # the round's lasting effects end with its last phase
    assert stat(after, after.locate(mendor.uid)[1], "attack") == 1


def test_mendors_support_is_refused_without_mendor_in_play():
    from engines.lcg.effects.events import refusal

    state, mendor = a_table(1)
    state.player("p1").play.cards.remove(mendor)
    support = campaign_card(state, "Mendor's Support")
    assert "Mendor is not in play" in refusal(state, state.player("p1"), support)


def test_only_one_mendors_support_is_played_each_round_among_all_the_players():
    from engines.lcg.effects.events import refusal

    state, _ = a_table(2)
    first, second = campaign_card(state, "Mendor's Support"), campaign_card(state, "Mendor's Support")
    assert refusal(state, state.player("p2"), second) == ""
    after, _ = do(state, lambda turn, s: effects.resolve_event(turn, s.player("p1"), first))
    assert "Only one copy" in refusal(after, after.player("p2"), second)  # another player's copy counts too
    after, _ = run(after, Task(kind="round-end"))
    assert refusal(after, after.player("p2"), second) == ""


# --- the boons ---------------------------------------------------------------------------------------------------
def test_appointed_by_fate_gives_its_hero_an_extra_resource_each_resource_phase():
    state, _ = a_table(1)
    aragorn = hero(state, "p1", "Aragorn")
    attach(state, "Appointed by Fate", aragorn)
    before = {h.name: h.tokens.get(RESOURCE, 0) for h in state.player("p1").play.cards}
    after, _ = run(state, Task(kind="resource"))
    gained = {h.name: h.tokens.get(RESOURCE, 0) - before[h.name] for h in after.player("p1").play.cards
              if h.name in before and after.card_def(h).type == "hero"}
    assert gained["Aragorn"] == 2 and all(n == 1 for name, n in gained.items() if name != "Aragorn")


def test_valor_heals_its_attacking_hero_and_wounds_the_enemy_by_exhausting():
    state, _ = a_table(1)
    state.phase = "combat"
    aragorn = hero(state, "p1", "Aragorn")
    aragorn.tokens[DAMAGE] = 2
    valor = attach(state, "Valor", aragorn)
    troll = core_card(state, "Hill Troll")
    state.player("p1").engaged.cards.append(troll)
    state, _ = run(state, Task(kind="player-attacks", seat="p1"))
    state, _ = answer(state, troll.uid, seat="p1")
    state, _ = answer(state, (aragorn.uid,), seat="p1")
    offer = next(d for d in state.decisions if d.context.startswith("resp:attacker"))
    state, _ = answer(state, valor.uid, seat=offer.seat)
    aragorn = state.locate(aragorn.uid)[1]
    assert aragorn.tokens[DAMAGE] == 1
    assert EXHAUSTED in next(a for a in aragorn.attached if a.uid == valor.uid).flags
    # The troll took Valor's 1 damage before the attack (Aragorn's 3 attack against its 3 defense adds none).
    assert state.locate(troll.uid)[1].tokens[DAMAGE] == 1


# --- the burdens -------------------------------------------------------------------------------------------------
def test_ungoliants_swarm_makes_the_engaged_player_exhaust_two_characters():
    from engines.lcg.combat import engage

    state, _ = a_table(1)
    swarm = campaign_card(state, "Ungoliant's Swarm")
    state.staging.cards.append(swarm)
    after, _ = do(state, lambda turn, s: engage(turn, s.player("p1"), swarm))
    decision = after.decisions[0]
    assert decision.low == decision.high == 2
    picks = tuple(o.id for o in decision.options[:2])
    after, _ = answer(after, picks)
    assert all(EXHAUSTED in after.locate(uid)[1].flags for uid in picks)


def test_ungoliants_swarm_as_a_shadow_engages_the_defending_player():
    state, _ = a_table(1)
    swarm = campaign_card(state, "Ungoliant's Swarm")
    orc = core_card(state, "Dol Guldur Orcs")
    state, _ = attack(state, orc, shadow=swarm)
    state, _ = answer(state, "undefended")
    assert state.player("p1").engaged.find(swarm.uid) is not None
    assert swarm.uid not in [a.uid for a in state.locate(orc.uid)[1].attached]


def test_lingering_venom_lets_each_player_exhaust_their_damaged_characters():
    state, _ = a_table(1)
    aragorn, theodred = hero(state, "p1", "Aragorn"), hero(state, "p1", "Théodred")
    aragorn.tokens[DAMAGE] = 1
    on_top(state, core_card(state, "Old Forest Road"), campaign_card(state, "Lingering Venom"))
    state, lines = run(state, Task(kind="reveal", note="staging"))
    state, _ = answer(state, "exhaust")
    assert [c.name for c in state.staging.cards] == ["Old Forest Road"]  # its surge revealed the next card
    assert EXHAUSTED in state.locate(aragorn.uid)[1].flags
    assert EXHAUSTED not in state.locate(theodred.uid)[1].flags


def test_lingering_venom_surges():
    state, _ = a_table(1)
    venom = campaign_card(state, "Lingering Venom")
    assert state.card_def(venom).has("Surge")


def test_lingering_venom_may_instead_wound_the_most_damaged_hero_by_two():
    state, _ = a_table(1)
    aragorn = hero(state, "p1", "Aragorn")
    aragorn.tokens[DAMAGE] = 1
    venom = campaign_card(state, "Lingering Venom")
    after, _ = do(state, lambda turn, s: effects.fire(turn, "when_revealed", venom))
    after, _ = answer(after, "damage")
    assert after.locate(aragorn.uid)[1].tokens[DAMAGE] == 3


def test_lingering_venom_as_a_shadow_exhausts_the_defenders_damaged_characters():
    state, _ = a_table(1)
    aragorn, gloin = hero(state, "p1", "Aragorn"), hero(state, "p1", "Glóin")
    aragorn.tokens[DAMAGE] = 1
    venom = campaign_card(state, "Lingering Venom")
    orc = core_card(state, "Dol Guldur Orcs")
    state, _ = attack(state, orc, shadow=venom)
    state, _ = answer(state, gloin.uid)
    assert EXHAUSTED in state.locate(aragorn.uid)[1].flags


def test_scarred_raises_its_players_threat_when_one_of_their_characters_is_destroyed():
    state, mendor = a_table(1)
    attach(state, "Scarred", hero(state, "p1", "Aragorn"))
    threat = state.player("p1").threat
    guard = core_card(state, "Guard of the Citadel")
    state.player("p1").play.cards.append(guard)
    after, _ = do(state, lambda turn, s: deal_damage(turn, s.player("p1").play.find(guard.uid), 5, "test"))
    assert after.player("p1").threat == threat + 1


# --- Journey Along the Anduin's Hill Troll -----------------------------------------------------------------------
def journey(players=1):
    state, mendor = a_table(players, "Journey Along the Anduin")
    for title in ("Valor", "Scarred"):
        for _ in range(players):
            state.set_aside.cards.append(campaign_card(state, title))
    return state, mendor


def test_journey_lets_each_player_attach_a_set_aside_valor_after_a_hill_troll_is_defeated():
    from engines.lcg.table import check_destroyed

    state, _ = journey(1)
    troll = core_card(state, "Hill Troll")
    troll.tokens[DAMAGE] = 9
    state.player("p1").engaged.cards.append(troll)
    after, _ = do(state, lambda turn, s: check_destroyed(turn, s.player("p1").engaged.find(troll.uid)))
    aragorn = hero(after, "p1", "Aragorn")
    after, _ = answer(after, aragorn.uid)
    assert [a.name for a in hero(after, "p1", "Aragorn").attached] == ["Valor"]
    assert not any(c.name == "Valor" for c in after.set_aside.cards)


def test_journey_attaches_a_scarred_once_after_a_hill_troll_destroys_a_character():
    state, _ = journey(1)
    troll = core_card(state, "Hill Troll")
    guard = core_card(state, "Guard of the Citadel")
    state.player("p1").play.cards.append(guard)
    state, _ = attack(state, troll)
    state, _ = answer(state, guard.uid)
    while state.decisions and state.decisions[0].context.startswith("resp:"):
        state, _ = answer(state, "pass", seat=state.decisions[0].seat)
    d = next(d for d in state.decisions if d.context.startswith("fx:camp-attach"))
    state, _ = answer(state, d.options[0].id)
    assert sum(a.name == "Scarred" for h in state.player("p1").play.cards for a in h.attached) == 1
    assert "campaign:scarred" in state.marks  # the once-per-game limit is spent


# --- Escape from Dol Goldur's prisoner -----------------------------------------------------------------------------
def test_escape_takes_the_logs_prisoner_with_mendor_and_frees_mendor_after_the_first_objective():
    plan = CampaignSetup(campaign="Core", scenario_number=3, decks={"p1": "core-leadership"},
                         campaign_card=GAME.library.campaign("core").steps[2].campaign_card,
                         in_play=GAME.library.campaign("core").steps[2].in_play, prisoner="Théodred")
    options = {**GAME.options, "scenario": "escape-from-dol-guldur", "campaign": campaign_plan.encode(plan)}
    state = GAME.setup(Config(seats=GAME.seat_names(1), options=options), 5)
    while state.phase == "setup" and state.decisions:
        d = state.decisions[0]
        pick = "keep" if d.context == "mulligan" else d.options[0].id
        state = GAME.apply(state, d.seat, GAME.parse(f"answer {d.id} {pick}")).state
    p1 = state.player("p1")
    assert PRISONER in hero(state, "p1", "Théodred").flags
    mendor = next(c for c in p1.play.cards if c.name == "Mendor")
    assert PRISONER in mendor.flags
    objective = next(c for c in state.staging.cards if state.card_def(c).type == "objective")
    objective.attached.clear()  # unguarded, for the test
    state = GAME.apply(state, "p1", GAME.parse(f"claim {objective.uid} {hero(state, 'p1', 'Aragorn').uid}")).state
    mendor = state.locate(mendor.uid)[1]
    assert PRISONER not in mendor.flags and mendor.tokens[DAMAGE] == 1


def test_journeys_setup_sets_aside_every_valor_and_scarred_copy():
    step = GAME.library.campaign("core").steps[1]
    plan = CampaignSetup(campaign="Core", scenario_number=2, decks={"p1": "core-leadership"},
                         campaign_card=step.campaign_card, in_play=step.in_play, set_aside=step.set_aside)
    options = {**GAME.options, "scenario": "journey-down-the-anduin", "campaign": campaign_plan.encode(plan)}
    state = GAME.setup(Config(seats=GAME.seat_names(1), options=options), 2)
    names = [c.name for c in state.set_aside.cards]
    assert names.count("Valor") == 4 and names.count("Scarred") == 4


def test_the_log_names_the_prisoner_from_a_note_and_sets_aside_only_unearned_copies():
    from engines.lcg.campaign.log import CampaignLog, Member, PoolCard, _prisoner, _set_aside

    log = CampaignLog(key="core", name="Core", steps=[],
                      members=[Member(seat="p1", user_id=1, name="a", deck="d", heroes=["Aragorn", "Théodred"])],
                      notes=["Valor is attached to Aragorn (C 12.5.3.2).", "Prisoner: Theodred"],
                      pool=[PoolCard(card="valor", title="Valor", kind="boon", permanent=True, hero="Aragorn")])
    assert _prisoner(log) == "Théodred"  # the note without the accent still names him
    assert _set_aside(log, ("valor", "valor", "scarred")) == ("valor", "scarred")  # one Valor already earned
