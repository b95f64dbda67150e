"""The campaign log and its rules, case by case (spec 7, 9, 10.6; C 12.5, 13.2, 14.8)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engines.core import RuleError
from engines.lcg import GAME
from engines.lcg.campaign import export
from engines.lcg.campaign import log as campaign
from engines.lcg.campaign.heroes import DeckFacts, hero_changes
from engines.lcg.campaign.log import CampaignLog, Change, Member, Result, Score
from engines.lcg.campaign_table import deck_facts

AT = "2026-11-22T07:00:00+00:00"
LIBRARY = GAME.library
CORE = LIBRARY.campaign("core")


def facts(key: str) -> DeckFacts:
    return deck_facts(LIBRARY.deck(key), LIBRARY)


def a_deck(key: str, heroes: tuple[str, ...], *cards: tuple[str, int, str]) -> DeckFacts:
    """A deck as plain facts: hero titles and (title, copies, kind) lines, 50 allies to be tournament-sized."""
    allies = tuple((f"Ally {i}", 3, "ally") for i in range(17))
    return DeckFacts(key=key, name=key, heroes=heroes, cards=(*cards, ("Filler", 1, "ally"), *allies))


def a_campaign(*decks: str, rule: str = "each") -> CampaignLog:
    members = [Member(seat=f"p{i}", user_id=i, name=f"Player {i}", deck=d) for i, d in enumerate(decks, start=1)]
    log, _ = campaign.new_campaign(CORE, members, {m.seat: facts(m.deck) for m in members}, AT, penalty_rule=rule)
    return log


def won(fallen: dict[str, list[str]] | None = None, total: int = 40) -> Result:
    return Result(won=True, reason="they won", fallen=fallen or {}, score=Score(total=total))


def lost() -> Result:
    return Result(won=False, reason="they lost")


def play(log: CampaignLog, result: Result, game_id: int = 1) -> None:
    campaign.begin_attempt(log, game_id, AT)
    campaign.end_attempt(log, game_id, result, AT)


# --- the fellowship -------------------------------------------------------------------------------------------
def test_heroes_are_recorded_at_the_start_of_the_first_scenario():  # C 12.5.2
    log = a_campaign("core-leadership", "core-tactics")
    assert log.member("p1").heroes == ["Aragorn", "Glóin", "Théodred"]
    assert log.member("p2").heroes == ["Gimli", "Thalin", "Legolas"]
    assert log.step is not None and log.step.scenario == "passage-through-mirkwood"


def test_two_players_may_not_share_a_hero():  # spec 9.1
    members = [Member(seat="p1", user_id=1, name="A", deck="core-leadership"),
               Member(seat="p2", user_id=2, name="B", deck="core-leadership")]
    with pytest.raises(RuleError, match="already one of p1's heroes"):
        campaign.new_campaign(CORE, members, {"p1": facts("core-leadership"), "p2": facts("core-leadership")}, AT)


# --- spec 10.6 #92: a fallen hero ---------------------------------------------------------------------------------
def test_a_hero_in_the_discard_pile_at_a_recorded_win_falls_and_is_banned_in_every_version():
    log = a_campaign("core-leadership", "core-tactics")
    play(log, won({"p1": ["Glóin"]}))
    said = campaign.record(log, AT)
    assert log.fallen == ["Glóin"]  # C 12.5.2
    assert any("Glóin (p1) has fallen" in line for line in said)
    ally = a_deck("with-ally", ("Aragorn", "Théodred", "Beravor"), ("Glóin", 1, "ally"))
    with pytest.raises(RuleError, match=r"Glóin.*hero or ally"):  # C 12.5 Q&A; spec 9.8
        campaign.change_deck(log, "p1", ally, AT)
    with pytest.raises(RuleError, match="Glóin has fallen"):  # the old deck cannot start the next scenario
        campaign.begin_attempt(log, 2, AT)


def test_replacing_a_fallen_hero_costs_each_player_one_threat():  # C 12.5.2; spec 7.3, 7.4
    log = a_campaign("core-leadership", "core-tactics")
    play(log, won({"p1": ["Glóin"]}))
    campaign.record(log, AT)
    campaign.change_deck(log, "p1", a_deck("new", ("Aragorn", "Théodred", "Beravor")), AT)
    changes = campaign.begin_attempt(log, 2, AT)
    assert changes.penalty == 1 and log.penalty == 1
    assert campaign.setup_for(log).penalty == {"p1": 1, "p2": 1}  # each player, not only p1
    assert log.member("p1").heroes == ["Aragorn", "Théodred", "Beravor"]  # the new hero is recorded


def test_the_penalty_can_follow_the_companion_s_other_wording():  # C 13.2 "the player receives"; spec 7.3
    log = a_campaign("core-leadership", "core-tactics", rule="player")
    play(log, won({"p1": ["Glóin"]}))
    campaign.record(log, AT)
    campaign.change_deck(log, "p1", a_deck("new", ("Aragorn", "Théodred", "Beravor")), AT)
    campaign.begin_attempt(log, 2, AT)
    assert campaign.setup_for(log).penalty == {"p1": 1, "p2": 0}


def test_a_hero_change_and_its_penalty_are_pending_until_the_next_setup():  # C 12.5.2, 13.2
    """Between scenarios the log shows what the next setup will do (the deck's new hero, the penalty it will
    cost), though nothing is recorded until then; under C 13.2's wording the penalty is the changing seat's."""
    for rule, after in (("each", {"p1": 1, "p2": 1}), ("player", {"p1": 1, "p2": 0})):
        log = a_campaign("core-leadership", "core-tactics", rule=rule)
        assert campaign.pending_setup(log) is None  # the decks bring the heroes recorded
        campaign.change_deck(log, "p1", a_deck("new", ("Aragorn", "Théodred", "Beravor")), AT)
        pending = campaign.pending_setup(log)
        assert pending is not None and not pending.refused
        assert pending.lines == ["hero change: p1 Glóin -> Beravor (+1 threat penalty)"]
        assert pending.heroes == {"p1": ["Aragorn", "Théodred", "Beravor"]} and pending.added == 1
        assert pending.penalty == after
        assert log.member("p1").heroes == ["Aragorn", "Glóin", "Théodred"] and log.penalty == 0  # not yet
        campaign.begin_attempt(log, 1, AT)
        assert campaign.setup_for(log).penalty == after  # what was shown is what the setup took
        assert campaign.pending_setup(log) is None  # a scenario in play: nothing pending


def test_a_fellowship_the_next_setup_would_refuse_is_shown_with_the_reason():  # C 12.5 Q&A
    log = a_campaign("core-leadership", "core-tactics")
    log.member("p1").deck_heroes = ["Aragorn"]  # Glóin and Théodred left out, with no one in their place
    pending = campaign.pending_setup(log)
    assert pending is not None and pending.refused.startswith("p1 may replace only 1 living hero per setup")


def test_permanent_cards_on_a_fallen_hero_leave_the_pool():  # C 12.5.3.1; spec 7.5
    log = a_campaign("core-leadership")
    play(log, won())
    campaign.stage(log, Change(kind="earn", title="Valor", hero="Glóin"))
    campaign.stage(log, Change(kind="earn", title="Scarred", hero="Aragorn"))
    campaign.record(log, AT)
    assert {(c.title, c.hero) for c in log.pool} == {("Valor", "Glóin"), ("Scarred", "Aragorn")}
    play(log, won({"p1": ["Glóin"]}), game_id=2)
    said = campaign.record(log, AT)
    assert [c.title for c in log.pool] == ["Scarred"]
    assert any("Valor, attached to Glóin, leaves the campaign pool" in line for line in said)


def test_a_loss_records_nothing_and_the_scenario_is_replayed():  # C 12.5; spec 7.1.3, 10.6 #92
    log = a_campaign("core-leadership")
    play(log, Result(won=False, reason="lost", fallen={"p1": ["Glóin"]}))
    assert log.fallen == [] and log.index == 0 and log.total_score == 0
    with pytest.raises(RuleError, match="no won scenario"):
        campaign.record(log, AT)
    campaign.begin_attempt(log, 2, AT)
    assert log.history[-1].scenario == "passage-through-mirkwood" and log.history[-1].number == 2


def test_a_boon_spent_in_a_lost_scenario_stays_in_the_pool():  # C 12.5.3.1 Q&A; spec 10.6 #94
    log = a_campaign("core-leadership")
    play(log, won())
    campaign.stage(log, Change(kind="earn", title="Appointed by Fate", holder="p1"))
    campaign.record(log, AT)
    campaign.begin_attempt(log, 2, AT)
    campaign.stage(log, Change(kind="remove", title="Appointed by Fate"))
    campaign.end_attempt(log, 2, lost(), AT)
    assert [c.title for c in log.pool] == ["Appointed by Fate"]
    campaign.begin_attempt(log, 3, AT)  # and if it is spent in a recorded win, it goes
    campaign.stage(log, Change(kind="remove", title="Appointed by Fate"))
    campaign.end_attempt(log, 3, won(), AT)
    campaign.record(log, AT)
    assert log.pool == []


def test_a_win_may_be_declined_and_played_again():  # C 12.5 Q&A; spec 7.1.4
    log = a_campaign("core-leadership")
    play(log, won({"p1": ["Glóin"]}))
    with pytest.raises(RuleError, match="The win at Passage Through Mirkwood waits to be recorded"):  # its name
        campaign.begin_attempt(log, 2, AT)
    campaign.decline(log, AT)
    assert log.fallen == [] and log.index == 0 and log.history[-1].recorded is False
    campaign.begin_attempt(log, 2, AT)
    assert log.history[-1].number == 2


def test_boons_join_the_pool_only_when_the_win_is_recorded():  # C 12.5.3, 14.8
    log = a_campaign("core-leadership")
    play(log, won())
    campaign.stage(log, Change(kind="earn", title="Mendor's Support", holder="p1"))
    assert log.pool == []
    boon = a_deck("with-boon", ("Aragorn", "Glóin", "Théodred"), ("Mendor's Support", 1, "boon"))
    campaign.record(log, AT)
    assert campaign.setup_for(log).boons == {"p1": ("f0235b2f-7d6d-4868-8d3e-15c6d59f151a",)}
    campaign.change_deck(log, "p1", boon, AT)  # earned: a deck may now hold it


def test_an_unearned_boon_cannot_be_put_in_a_deck():  # C 12.5.3.1
    log = a_campaign("core-leadership")
    boon = a_deck("with-boon", ("Aragorn", "Glóin", "Théodred"), ("Mendor's Support", 1, "boon"))
    with pytest.raises(RuleError, match="only once earned"):
        campaign.change_deck(log, "p1", boon, AT)


def test_pool_cards_go_where_their_back_and_keyword_say():  # C 12.5.3.1-12.5.3.3; spec 7.5
    log = a_campaign("core-leadership", "core-tactics")
    play(log, won())
    for change in (Change(kind="earn", title="Mendor's Support", holder="p2"),
                   Change(kind="earn", title="Valor", hero="Gimli"),
                   Change(kind="earn", title="Ungoliant's Swarm"),
                   Change(kind="note", text="stage 3B was Beorn's Path")):
        campaign.stage(log, change)
    campaign.record(log, AT)
    plan = campaign.setup_for(log)
    assert plan.boons == {"p2": ("f0235b2f-7d6d-4868-8d3e-15c6d59f151a",)}
    assert [(a.hero, LIBRARY.card(a.card).name) for a in plan.permanent["p2"]] == [("Gimli", "Valor")]
    assert [LIBRARY.card(c).name for c in plan.encounter] == ["Ungoliant's Swarm"]
    assert "stage 3B was Beorn's Path" in log.notes
    assert any("Valor is attached to Gimli" in n for n in log.notes)  # C 12.5.3.1: recorded in the Notes


def test_a_permanent_card_needs_its_hero_and_no_card_is_earned_twice():  # C 12.5.3.2
    log = a_campaign("core-leadership")
    play(log, won())
    with pytest.raises(RuleError, match="Permanent: name the hero"):
        campaign.stage(log, Change(kind="earn", title="Valor"))
    campaign.stage(log, Change(kind="earn", title="Appointed by Fate", holder="p1"))
    with pytest.raises(RuleError, match="all of them are earned"):
        campaign.stage(log, Change(kind="earn", title="Appointed by Fate", holder="p1"))
    with pytest.raises(RuleError, match="not a boon or burden"):
        campaign.stage(log, Change(kind="earn", title="Gandalf", holder="p1"))


# --- hero changes (C 12.5.2 and its Q&As; spec 7.3) -------------------------------------------------------------
def test_another_version_of_the_same_title_costs_nothing():
    assert hero_changes({"p1": ["Aragorn", "Glóin"]}, {"p1": ["Aragorn", "Glóin"]}, set()).penalty == 0


def test_trading_heroes_within_the_group_costs_nothing():
    changes = hero_changes({"p1": ["Aragorn", "Glóin"], "p2": ["Legolas", "Gimli"]},
                           {"p1": ["Aragorn", "Gimli"], "p2": ["Legolas", "Glóin"]}, set())
    assert changes.penalty == 0


def test_adding_a_third_hero_costs_nothing():
    changes = hero_changes({"p1": ["Aragorn", "Glóin"]}, {"p1": ["Aragorn", "Glóin", "Beravor"]}, set())
    assert changes.penalty == 0 and changes.added == ["p1 Beravor"]


def test_a_voluntary_swap_costs_one_and_only_one_is_allowed_per_setup():
    swap = hero_changes({"p1": ["Aragorn", "Glóin", "Théodred"]}, {"p1": ["Aragorn", "Glóin", "Beravor"]}, set())
    assert swap.penalty == 1 and swap.replaced == ["p1 Théodred -> Beravor"]
    with pytest.raises(RuleError, match="only 1 living hero"):
        hero_changes({"p1": ["Aragorn", "Glóin", "Théodred"]}, {"p1": ["Aragorn", "Legolas", "Beravor"]}, set())


def test_a_recorded_hero_may_not_be_left_out_to_lower_threat():  # C 12.5 Q&A
    with pytest.raises(RuleError, match="must be used in every scenario"):
        hero_changes({"p1": ["Aragorn", "Glóin", "Théodred"]}, {"p1": ["Aragorn", "Glóin"]}, set())


def test_a_fallen_hero_need_not_be_replaced():  # no replacement, no penalty
    changes = hero_changes({"p1": ["Aragorn", "Glóin", "Théodred"]}, {"p1": ["Aragorn", "Théodred"]}, {"gloin"})
    assert changes.penalty == 0


# --- seats, scores, export -----------------------------------------------------------------------------------------
def test_a_player_may_leave_and_another_take_the_seat_between_scenarios():  # spec 7.2 players
    log = a_campaign("core-leadership", "core-tactics")
    text = campaign.change_seat(log, "p2", 7, "Newcomer", AT)
    assert log.member("p2").user_id == 7 and log.member("p2").heroes == ["Gimli", "Thalin", "Legolas"]
    assert log.entries[-1].text == text and "Player 2 leaves" in text
    campaign.begin_attempt(log, 1, AT)
    with pytest.raises(RuleError, match=r"^Passage Through Mirkwood is being played \(game 1\)"):
        campaign.change_seat(log, "p2", 8, "Another", AT)


def test_recorded_scores_add_up_and_the_campaign_ends_after_its_last_scenario():  # spec 7.6
    log = a_campaign("core-leadership")
    for game_id, total in ((1, 40), (2, 55), (3, 61)):
        play(log, won(total=total), game_id)
        campaign.record(log, AT)
    assert log.total_score == 156 and log.status == "finished"
    with pytest.raises(RuleError, match="finished"):
        campaign.begin_attempt(log, 4, AT)


def test_the_export_reads_back_as_the_same_log():
    log = a_campaign("core-leadership", "core-tactics")
    play(log, won({"p1": ["Glóin"]}))
    campaign.stage(log, Change(kind="earn", title="Valor", hero="Gimli"))
    campaign.record(log, AT)
    assert export.from_json(export.to_json(log)) == log
    text = export.to_markdown(log)
    assert "**Fallen heroes:** Glóin" in text and "| Valor | boon (Permanent) | attached to Gimli |" in text
    with pytest.raises(Exception, match="not a Westmarch campaign log"):
        export.from_json("{}")


def test_a_scenario_s_own_ban_applies_to_the_decks_for_it():  # C 12.5.2.2: no Aragorn in The Land of Shadow
    defn = replace(CORE, steps=(replace(CORE.steps[0], banned=("Aragorn",)), *CORE.steps[1:]))
    members = [Member(seat="p1", user_id=1, name="A", deck="core-tactics")]
    log, _ = campaign.new_campaign(defn, members, {"p1": facts("core-tactics")}, AT)
    with pytest.raises(RuleError, match="Aragorn, which may not be used"):
        campaign.change_deck(log, "p1", facts("core-leadership"), AT)
    assert "Aragorn" in campaign.setup_for(log).banned


def a_saga_step_campaign(*decks: str) -> CampaignLog:
    """The Core campaign with its second scenario set up like The Treason of Saruman: the first player has the
    Fellowship Aragorn, so no other Aragorn may be in a deck (C 12.5.2.2; spec 9.7)."""
    saga = replace(CORE.steps[1], banned=("Aragorn",), fellowship_aragorn=True)
    defn = replace(CORE, steps=(CORE.steps[0], saga, CORE.steps[2]))
    members = [Member(seat=f"p{i}", user_id=i, name=f"Player {i}", deck=d) for i, d in enumerate(decks, start=1)]
    log, _ = campaign.new_campaign(defn, members, {m.seat: facts(m.deck) for m in members}, AT)
    return log


def test_a_recorded_aragorn_is_given_up_for_the_fellowship_one_and_replaced_freely():  # C 12.5.2.2
    log = a_saga_step_campaign("core-leadership", "core-tactics")
    play(log, won())
    campaign.stage(log, Change(kind="earn", title="Valor", hero="Aragorn"))
    campaign.record(log, AT)
    with pytest.raises(RuleError, match="Aragorn, which may not be used"):  # his other versions are out here
        campaign.change_deck(log, "p1", facts("core-leadership"), AT)
    campaign.change_deck(log, "p1", a_deck("no-aragorn", ("Glóin", "Théodred", "Beravor")), AT)
    changes = campaign.begin_attempt(log, 2, AT)
    assert changes.penalty == 0 and log.penalty == 0
    assert changes.notes == ["p1 gives up Aragorn for the Fellowship Aragorn; a replacement costs nothing."]
    assert log.member("p1").heroes == ["Glóin", "Théodred", "Beravor"]
    valor = campaign.setup_for(log).permanent["*"]  # his Permanent card goes to the Fellowship Aragorn
    assert [(a.hero, LIBRARY.card(a.card).name) for a in valor] == [("Aragorn", "Valor")]


def test_a_fallen_aragorn_comes_back_at_a_penalty_for_each_player():  # C 12.5.2.2
    log = a_saga_step_campaign("core-leadership", "core-tactics")
    play(log, won({"p1": ["Aragorn"]}))
    campaign.record(log, AT)
    assert log.fallen == ["Aragorn"]
    campaign.change_deck(log, "p1", a_deck("no-aragorn", ("Glóin", "Théodred", "Beravor")), AT)
    changes = campaign.begin_attempt(log, 2, AT)
    assert log.fallen == [] and log.penalty == 1 and log.history[-1].penalty_added == 1
    assert changes.penalty == 0  # Beravor replaces the fallen Aragorn: the one penalty is the return's
