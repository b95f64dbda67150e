"""A scenario's game in campaign mode: the log's state at setup, and what a finished game tells the log
(spec 7.3-7.7; C 12.5.3, 13.2, 14.8)."""

from __future__ import annotations

import pytest

from engines.core import CommandError, Config, Outcome, RuleError
from engines.lcg import GAME
from engines.lcg.campaign import plan as campaign_plan
from engines.lcg.campaign.plan import Attachment, CampaignSetup
from engines.lcg.campaign_table import result, score
from engines.lcg.cards import Deck, Slot
from engines.lcg.state import LcgState
from engines.lcg.table import group_score, heroes

LIBRARY = GAME.library
MENDORS_SUPPORT = LIBRARY.find("Mendor's Support")[0].id
VALOR = LIBRARY.find("Valor")[0].id
SWARM = LIBRARY.find("Ungoliant's Swarm")[0].id
SCARRED = LIBRARY.find("Scarred")[0].id
CAMPAIGN_CARD = LIBRARY.campaign("core").steps[0].campaign_card


def a_scenario(plan: CampaignSetup, players: int = 1, seed: int = 3) -> LcgState:
    options = {**GAME.options, "scenario": "passage-through-mirkwood", "campaign": campaign_plan.encode(plan)}
    return GAME.setup(Config(seats=GAME.seat_names(players), options=options), seed)


def keep_all(state: LcgState) -> LcgState:
    while state.outcome is None and state.phase == "setup" and state.decisions:
        d = state.decisions[0]
        choice = "keep" if d.context == "mulligan" else d.options[0].id
        state = GAME.apply(state, d.seat, GAME.parse(f"answer {d.id} {choice}")).state
    return state


def test_the_log_chooses_each_seat_s_deck_and_the_penalty_raises_starting_threat():  # spec 7.4; C 13.2
    state = a_scenario(CampaignSetup(campaign="Core", scenario_number=2, decks={"p1": "core-leadership"},
                                     penalty={"p1": 2}))
    p1 = state.players[0]
    assert p1.deck_key == "core-leadership"
    assert p1.threat == sum(state.card_def(h).threat_cost for h in heroes(p1, state)) + 2
    assert [d.context for d in state.decisions] == ["mulligan"]  # no deck choice at the table


def test_earned_boons_are_in_the_deck_and_permanent_cards_on_their_hero():  # C 12.5.3.1-12.5.3.2
    plan = CampaignSetup(campaign="Core", scenario_number=2, decks={"p1": "core-leadership"},
                         boons={"p1": (MENDORS_SUPPORT,)},
                         permanent={"p1": (Attachment(card=VALOR, hero="Glóin"), Attachment(card=SCARRED,
                                                                                             hero="Aragorn"))})
    state = a_scenario(plan)
    p1 = state.players[0]
    own = [c.ref for c in (*p1.deck.cards, *p1.hand.cards)]
    assert own.count(MENDORS_SUPPORT) == 1 and len(own) == 31  # the 30 starter cards and the boon
    on = {h.name: [a.ref for a in h.attached] for h in heroes(p1, state)}
    assert on["Glóin"] == [VALOR] and on["Aragorn"] == [SCARRED]


def test_burdens_go_into_the_encounter_deck_and_the_campaign_card_beside_the_quest():  # C 12.5.3.1, 12.5.3.4
    plan = CampaignSetup(campaign="Core", scenario_number=2, decks={"p1": "core-leadership"}, encounter=(SWARM,),
                         campaign_card=CAMPAIGN_CARD)
    state = a_scenario(plan)
    everywhere = [c.ref for z in (state.encounter_deck, state.staging) for c in z.cards]
    assert everywhere.count(SWARM) == 1
    assert [c.ref for c in state.set_aside.cards].count(CAMPAIGN_CARD) == 1


def test_a_player_back_burden_joins_the_deck_after_the_setup_hand():  # C 12.5.3.3
    plan = CampaignSetup(campaign="Core", scenario_number=2, decks={"p1": "core-leadership"},
                         player_burdens={"p1": (SWARM,)})
    state = a_scenario(plan)
    assert SWARM not in [c.ref for c in state.players[0].deck.cards]  # not yet: the hand is still being kept
    state = keep_all(state)
    assert SWARM in [c.ref for c in state.players[0].deck.cards]
    assert SWARM not in [c.ref for c in state.players[0].hand.cards]


def test_a_deck_with_a_banned_title_is_refused_at_setup():  # spec 7.3, 9.8
    with pytest.raises(RuleError, match="Glóin, banned"):
        a_scenario(CampaignSetup(campaign="Core", scenario_number=2, decks={"p1": "core-leadership"},
                                 banned=("Glóin",)))


def test_the_campaign_option_must_be_a_setup_and_not_an_expert_game():
    with pytest.raises(CommandError, match="not a campaign setup"):
        GAME.check_options({"campaign": "[1, 2]"})
    plan = campaign_plan.encode(CampaignSetup(campaign="Core", scenario_number=1, decks={"p1": "core-leadership"}))
    with pytest.raises(CommandError, match="expert"):
        GAME.check_options({"campaign": plan, "expert": True})


def test_a_finished_game_tells_the_log_who_fell_and_the_score_by_parts():  # C 14.8; spec 7.3, 7.6
    state = keep_all(a_scenario(CampaignSetup(campaign="Core", scenario_number=1, decks={"p1": "core-leadership"})))
    with pytest.raises(RuleError, match="not over"):
        result(state)
    p1 = state.players[0]
    gloin = next(h for h in heroes(p1, state) if h.name == "Glóin")
    step = GAME.apply(state, "p1", GAME.parse(f"damage {gloin.uid} +20"))
    state = step.state
    assert gloin.uid in [c.uid for c in state.players[0].discard.cards]
    state.outcome = Outcome(winners=["p1"], reason="won by hand")  # as if the quest were then completed
    told = result(state)
    assert told.won and told.fallen == {"p1": ["Glóin"]}
    assert told.score is not None and told.score.total == group_score(state)
    assert told.score.dead == {"p1": state.card_def(gloin).threat_cost}
    assert score(state).threat == {"p1": state.players[0].threat}


def test_a_permanent_card_is_removed_from_the_game_when_its_hero_leaves_play():  # C 12.5.3.2
    plan = CampaignSetup(campaign="Core", scenario_number=2, decks={"p1": "core-leadership"},
                         permanent={"p1": (Attachment(card=VALOR, hero="Glóin"),)})
    state = keep_all(a_scenario(plan))
    gloin = next(h for h in heroes(state.players[0], state) if h.name == "Glóin")
    state = GAME.apply(state, "p1", GAME.parse(f"damage {gloin.uid} +20")).state
    assert [c.ref for c in state.removed.cards] == [VALOR]
    assert VALOR not in [c.ref for c in state.players[0].discard.cards]


def test_the_campaign_card_s_setup_gives_mendor_to_the_first_player():  # C 12.5.3.4
    core = LIBRARY.campaign("core")
    assert all(LIBRARY.card(c).name == "Mendor" for step in core.steps for c in step.in_play)
    plan = CampaignSetup(campaign="Core", scenario_number=1, decks={"p1": "core-leadership", "p2": "core-tactics"},
                         in_play=core.steps[0].in_play)
    state = keep_all(a_scenario(plan, players=2))
    first = state.players[state.first]
    assert [c.name for c in first.play.cards if state.card_def(c).type == "objective_ally"] == ["Mendor"]


def test_a_boon_the_deck_already_holds_is_not_added_twice(monkeypatch: pytest.MonkeyPatch):  # C 12.5.3.1
    starter = LIBRARY.deck("core-leadership")
    with_boon = Deck(key="leadership-with-boon", name="Leadership and a boon", heroes=starter.heroes,
                     cards=(*starter.cards, Slot(card=MENDORS_SUPPORT, count=1)))
    monkeypatch.setitem(LIBRARY.decks, with_boon.key, with_boon)
    state = a_scenario(CampaignSetup(campaign="Core", scenario_number=2, decks={"p1": "leadership-with-boon"},
                                     boons={"p1": (MENDORS_SUPPORT, MENDORS_SUPPORT)}))
    own = [c.ref for c in (*state.players[0].deck.cards, *state.players[0].hand.cards)]
    assert own.count(MENDORS_SUPPORT) == 2  # one from the deck, one more from the pool


def test_a_permanent_card_for_the_fellowship_aragorn_finds_him_at_any_seat():  # C 12.5.2.2
    plan = CampaignSetup(campaign="Saga", scenario_number=4, decks={"p1": "core-tactics", "p2": "core-leadership"},
                         permanent={"*": (Attachment(card=VALOR, hero="Aragorn"),)})
    state = a_scenario(plan, players=2)
    state = keep_all(state)
    aragorn = next(h for p in state.players for h in heroes(p, state) if h.name == "Aragorn")
    assert [a.ref for a in aragorn.attached] == [VALOR] and aragorn in state.players[1].play.cards
