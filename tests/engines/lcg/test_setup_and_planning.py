"""Setup, the resource phase and planning (spec 10.1), the way the rulebook states them."""

from __future__ import annotations

import pytest

from engines.core import Answer, CommandError, Config, RuleError, StaleDecision
from engines.lcg import GAME
from engines.lcg.state import EXHAUSTED, RESOURCE, Task
from engines.lcg.view import status_line
from tests.engines.lcg.table import answer, card, hero, run, started


def test_starting_threat_is_the_heroes_threat_total():
    """Spec 10.1.2 (RR p.10): Aragorn 12 + Glóin 9 + Théodred 8 = 29."""
    state = started(1)
    assert state.player("p1").threat == 29


def test_one_mulligan_then_the_second_hand_is_kept():
    """Spec 10.1.1 (RR p.10): six cards back, six new; a second mulligan is refused."""
    state = GAME.setup(Config(seats=["p1"]), 3)
    state = GAME.apply(state, "p1", Answer(decision=1, choice=("core-leadership",))).state
    mulligan = state.decisions[0]
    first_hand = [c.uid for c in state.player("p1").hand.cards]
    step = GAME.apply(state, "p1", Answer(decision=mulligan.id, choice=("mulligan",)))
    assert len(step.state.player("p1").hand.cards) == 6 + 1  # the new six, then round 1's draw
    assert step.barrier  # shuffling and drawing: an undo barrier
    assert [c.uid for c in step.state.player("p1").hand.cards][:6] != first_hand
    with pytest.raises(StaleDecision):
        GAME.apply(step.state, "p1", Answer(decision=mulligan.id, choice=("mulligan",)))


def test_the_heroes_played_and_the_cards_drawn_are_listed_with_semicolons():
    """Card names are parted by "; " in the log, as in a hand's DM: a name may hold a comma ("Peace, and
    Thought", "To the Sea, to the Sea!"), and with ", " a list of them reads as more cards than it holds."""
    state = GAME.setup(Config(seats=["p1"]), 3)
    step = GAME.apply(state, "p1", Answer(decision=1, choice=("core-leadership",)))
    lines = [e.text for e in step.events]
    assert "p1 plays Core Set: Leadership: Aragorn; Glóin; Théodred." in lines
    drawn = next(line for line in lines if line.startswith("You draw "))
    hand = [c.name for c in step.state.player("p1").hand.cards]
    assert drawn == "You draw " + "; ".join(hand) + "." and ", " not in drawn


def test_the_setting_names_the_scenario_its_difficulty_and_its_mode():
    """What `/game new` says of the options: the default scenario too, and a campaign's place in its campaign."""
    from engines.lcg.campaign import plan

    assert GAME.setting({}) == "Scenario: Passage Through Mirkwood, standard difficulty."
    assert GAME.setting({"scenario": "escape-from-dol-guldur", "difficulty": "nightmare", "basic": True}) == (
        "Scenario: Escape from Dol Guldur, nightmare difficulty, basic mode (no shadow cards).")
    campaign = plan.encode(plan.CampaignSetup(campaign="The Core Set campaign", scenario_number=2))
    assert GAME.setting({"scenario": "journey-down-the-anduin", "campaign": campaign}) == (
        "Scenario: Journey Down the Anduin, standard difficulty (The Core Set campaign, scenario 2).")


def test_resource_phase_gives_every_hero_a_resource_and_each_player_a_card():
    """Spec 10.1.5 (RR p.12): the exhausted hero collects too; an empty deck draws nothing, no loss."""
    state = started(1)
    aragorn = hero(state, "p1", "Aragorn")
    aragorn.flags.append(EXHAUSTED)
    before = {h.uid: h.tokens.get(RESOURCE, 0) for h in state.player("p1").play.cards}
    hand = len(state.player("p1").hand.cards)
    after, lines = run(state, Task(kind="resource"))
    assert all(h.tokens.get(RESOURCE, 0) == before[h.uid] + 1 for h in after.player("p1").play.cards)
    assert len(after.player("p1").hand.cards) == hand + 1
    # Issue 16 (found playing): the phase is announced before its draws, not after them.
    assert lines[0].startswith("Resource phase:") and any("draws 1 card" in line for line in lines[1:]), lines
    state.player("p1").deck.cards.clear()
    after, lines = run(state, Task(kind="resource"))
    assert len(after.player("p1").hand.cards) == hand
    assert not after.player("p1").eliminated and after.outcome is None


def test_a_neutral_card_is_paid_from_heroes_of_any_sphere():
    """Spec 10.1.7 (RR p.12): a neutral cost 5 paid 1 + 2 + 2."""
    state = started(1)
    for name, amount in (("Glóin", 1), ("Aragorn", 3), ("Théodred", 2)):
        hero(state, "p1", name).tokens[RESOURCE] = amount
    neutral = card(state, name="Neutral Ally", type="ally", sphere="neutral", cost=5, willpower=1, hit_points=1)
    state.player("p1").hand.cards.append(neutral)
    state, _ = run(state, Task(kind="plan-turn", seat="p1"))
    state, _ = answer(state, neutral.uid)
    assert state.decisions[0].context.startswith("pay")
    g, a, t = (hero(state, "p1", n).uid for n in ("Glóin", "Aragorn", "Théodred"))
    state, lines = answer(state, (f"{g}=1", f"{a}=2", f"{t}=2"))
    assert any(c.uid == neutral.uid for c in state.player("p1").play.cards)
    assert [h.tokens.get(RESOURCE, 0) for h in state.player("p1").play.cards if h.name != "Neutral Ally"] \
        == [1, 0, 0]  # Aragorn keeps 1
    assert any("pays 5" in line for line in lines)


def test_paying_more_than_a_hero_holds_is_refused():
    state = started(1)
    for name in ("Glóin", "Aragorn", "Théodred"):
        hero(state, "p1", name).tokens[RESOURCE] = 2
    neutral = card(state, name="Neutral Ally", type="ally", sphere="neutral", cost=5, hit_points=1)
    state.player("p1").hand.cards.append(neutral)
    state, _ = run(state, Task(kind="plan-turn", seat="p1"))
    state, _ = answer(state, neutral.uid)
    g, a, t = (hero(state, "p1", n).uid for n in ("Glóin", "Aragorn", "Théodred"))
    with pytest.raises(RuleError, match="at most 2"):
        answer(state, (f"{g}=3", f"{a}=1", f"{t}=1"))


def test_a_zero_cost_card_needs_a_hero_of_its_sphere_but_a_neutral_one_does_not():
    """Spec 10.1.8 (RR p.12)."""
    state = started(1)  # Leadership heroes only
    tactics = card(state, name="Free Tactics", type="event", sphere="tactics", cost=0)
    neutral = card(state, name="Free Neutral", type="event", sphere="neutral", cost=0)
    state.player("p1").hand.cards[:] = [tactics, neutral]
    state, _ = run(state, Task(kind="plan-turn", seat="p1"))
    offered = {o.id for o in state.decisions[0].options}
    assert neutral.uid in offered and tactics.uid not in offered
    with pytest.raises(RuleError, match="no Tactics hero"):
        GAME.apply(state, "p1", GAME.parse(f"play {tactics.uid}"))


def test_the_unique_rule_blocks_a_second_copy_in_play_but_not_one_in_a_discard_pile():
    """Spec 10.1.11 (RR p.8)."""
    state = started(1)
    for h in state.player("p1").play.cards:
        h.tokens.pop(RESOURCE, None)
    hero(state, "p1", "Aragorn").tokens[RESOURCE] = 5
    ally = card(state, name="Aragorn", type="ally", sphere="leadership", cost=1, unique=True, hit_points=1)
    state.player("p1").hand.cards.append(ally)
    state, _ = run(state, Task(kind="plan-turn", seat="p1"))
    with pytest.raises(RuleError, match="unique"):
        GAME.apply(state, "p1", GAME.parse(f"play {ally.uid}"))
    guard = card(state, name="Unique Guard", type="ally", sphere="leadership", cost=1, unique=True, hit_points=1)
    copy = card(state, name="Unique Guard", type="ally", sphere="leadership", cost=1, unique=True, hit_points=1)
    state.player("p1").discard.cards.append(copy)
    state.player("p1").hand.cards.append(guard)
    state, _ = run(state, Task(kind="plan-turn", seat="p1"))
    state = GAME.apply(state, "p1", GAME.parse(f"play {guard.uid}")).state
    assert any(c.uid == guard.uid for c in state.player("p1").play.cards)


def test_a_third_restricted_attachment_sends_one_to_the_discard_pile():
    """Spec 10.1.13 (RR p.24): the host's controller chooses which."""
    state = started(1)
    for h in state.player("p1").play.cards:
        h.tokens.pop(RESOURCE, None)
    hero(state, "p1", "Aragorn").tokens[RESOURCE] = 5
    aragorn = hero(state, "p1", "Aragorn")
    aragorn.attached = [card(state, name=f"Weapon {i}", type="attachment", keywords=("Restricted",))
                        for i in (1, 2)]
    third = card(state, name="Weapon 3", type="attachment", sphere="leadership", cost=1, keywords=("Restricted",))
    state.player("p1").hand.cards.append(third)
    state, _ = run(state, Task(kind="plan-turn", seat="p1"))
    state, _ = answer(state, third.uid)
    state, _ = answer(state, aragorn.uid)  # the host
    assert state.decisions[0].context.startswith("restricted")
    state, lines = answer(state, hero(state, "p1", "Aragorn").attached[0].uid)
    assert len(hero(state, "p1", "Aragorn").attached) == 2
    assert any("Restricted" in line for line in lines)


@pytest.mark.parametrize(("threat", "price"), [(20, 1), (21, 3)])
def test_secrecy_lowers_the_cost_at_threat_20_or_less(threat, price):
    """Spec 10.1.14 (C 4.10.10): cost 3 with Secrecy 2 costs 1 at threat 20 and 3 at 21."""
    from engines.lcg.playing import cost

    state = started(1)
    state.player("p1").threat = threat
    secret = card(state, name="Secret", type="event", sphere="leadership", cost=3, keywords=("Secrecy 2",))
    assert cost(state, state.player("p1"), secret) == price
    assert state.card_def(secret).cost == 3  # the printed cost never changes


def test_x_is_zero_unless_defined():
    """Spec 10.1.16 (FAQ 1.40)."""
    from engines.lcg.playing import cost

    state = started(1)
    assert cost(state, state.player("p1"), card(state, type="event", sphere="leadership", cost=None)) == 0


def test_allies_and_attachments_are_planning_only():
    """RR p.12: allies and attachments are played in the planning phase; events in action windows."""
    from engines.lcg.playing import why_unplayable

    state = started(1)
    ally = card(state, name="Some Ally", type="ally", sphere="leadership", cost=0, hit_points=1)
    assert "planning turn" in (why_unplayable(state, state.player("p1"), ally, planning=False) or "")
    assert why_unplayable(state, state.player("p1"), ally, planning=True) is None


def test_easy_mode_gives_each_hero_a_resource_and_a_smaller_encounter_deck():
    """Spec 10.6.86 (C 9.2)."""
    easy = started(1, difficulty="easy")
    standard = started(1)
    assert all(h.tokens.get(RESOURCE, 0) == 2 for h in easy.player("p1").play.cards)  # setup + round 1
    assert all(h.tokens.get(RESOURCE, 0) == 1 for h in standard.player("p1").play.cards)
    deck_size = {s.encounter_deck.cards.__len__() for s in (easy, standard)}
    assert len(easy.encounter_deck.cards) < len(standard.encounter_deck.cards), deck_size


def test_two_players_cannot_use_the_same_hero():
    """Spec 3.0: duplicate hero titles across players are refused."""
    state = GAME.setup(Config(seats=["p1", "p2"]), 1)
    state = GAME.apply(state, "p1", Answer(decision=1, choice=("core-leadership",))).state
    assert "core-leadership" not in {o.id for o in state.decisions[0].options}
    with pytest.raises(RuleError, match="already one of p1's heroes"):
        GAME.apply(state, "p2", GAME.parse("deck core-leadership"))


def _at_the_vote(players: int = 2):
    state = GAME.setup(Config(seats=GAME.seat_names(players), options={"windows": "none"}), 5)
    for p, deck in zip(state.players, ["core-leadership", "core-tactics", "core-spirit"], strict=False):
        d = next(d for d in state.decisions if d.seat == p.seat)
        state = GAME.apply(state, p.seat, Answer(decision=d.id, choice=(deck,))).state
    return state


def test_threat_is_set_when_the_heroes_are_placed_not_after_the_vote():
    """Spec 3.8 (RR p.10): threat is the heroes' total as soon as they are in play; the table shows it during
    the first-player vote."""
    state = _at_the_vote(2)
    assert {d.context for d in state.decisions} == {"vote"}
    assert state.player("p1").threat == 29  # Aragorn 12 + Glóin 9 + Théodred 8
    assert state.player("p2").threat > 0
    table = GAME.view(state, None)
    assert next(s for s in table.seats if s.seat == "p1").counters["threat"] == 29


def test_a_player_who_copies_anothers_vote_number_is_counted_for_their_own_vote():
    """Spec 3.8 (RR p.10): the vote is one question to the whole table; a seat answering with the number
    another seat's prompt showed votes in its own name, whether that number is still open or already answered."""
    state = _at_the_vote(3)
    votes = {d.seat: d.id for d in state.decisions if d.context == "vote"}
    state = GAME.apply(state, "p2", Answer(decision=votes["p1"], choice=("p2",))).state  # p1's number, still open
    assert {d.seat for d in state.decisions if d.context == "vote"} == {"p1", "p3"}
    state = GAME.apply(state, "p1", Answer(decision=votes["p1"], choice=("p2",))).state
    state = GAME.apply(state, "p3", Answer(decision=votes["p1"], choice=("p3",))).state  # already answered
    assert not any(d.context == "vote" for d in state.decisions)
    assert state.first_seat == "p2"


def test_the_vote_prompt_says_the_seat_alone_answers_it():
    """Spec 3.8: with one open decision a player may type the option alone; the prompt shows how."""
    state = _at_the_vote(2)
    vote = next(d for d in state.decisions if d.context == "vote")
    assert "'p1'" in vote.prompt
    with pytest.raises(CommandError):
        GAME.parse("p1")  # not a verb: the service reads it as the answer to the seat's one open decision
    from bot.service import parse_for_seat  # the path every console line and Discord command takes

    own = next(d for d in state.decisions if d.seat == "p2")
    assert parse_for_seat(GAME, state, "p2", "p1") == Answer(decision=own.id, choice=("p1",))


def test_an_answer_missing_its_option_is_refused_for_that_reason():
    """Issue 16 (found playing): 'answer 51' with no option was read as the options 'answer' and '51' of the
    seat's one open decision, and refused as "'answer' is not an option"."""
    from bot.service import parse_for_seat

    state = _at_the_vote(2)
    own = next(d for d in state.decisions if d.seat == "p2")
    with pytest.raises(CommandError, match="Write an answer as"):
        parse_for_seat(GAME, state, "p2", f"answer {own.id}")


def test_the_setup_status_line_quotes_the_question_as_asked():
    """Issue 16 (found playing in the console): the status line lowercased the setup prompt ("setup (rr p.10):
    choose your deck"); it now names the step once and keeps the question's own case."""
    state = GAME.setup(Config(seats=["p1", "p2"], options={}), 1)
    line = status_line(state)
    assert line == "Setup: waiting on p1, p2 (choose your deck (or type 'deck <key>'))"


def test_the_scenarios_setup_is_in_the_log():
    """Passage Through Mirkwood's setup puts Forest Spider and Old Forest Road into the staging area (RR p.10,
    the quest card's setup). Found playing: they were there with no word of how they came."""
    state = GAME.setup(Config(seats=["p1"], options={}), 1)
    d = state.decisions[0]
    step = GAME.apply(state, "p1", Answer(decision=d.id, choice=("core-leadership",)))
    staged = " ".join(c.name for c in step.state.staging.cards)
    said = [e.text for e in step.events if e.text.startswith("Setup: ")]
    assert said == ["Setup: Old Forest Road; Forest Spider are put into the staging area."], said
    assert "Old Forest Road" in staged and "Forest Spider" in staged


def test_decks_chosen_before_the_start_are_played_without_asking():
    """RR p.10 asks each player for a deck; a tournament's registered decks are the ones played (C 15.3.2), so the
    bot names them in the `decks` option and the game opens on the next step of setup instead of a question."""
    options: dict[str, str | int | bool] = {"decks": '{"p1":"core-leadership","p2":"core-spirit"}'}
    step = GAME.start(Config(seats=["p1", "p2"], options=options), 3)
    state, lines = step.state, [e.text for e in step.events]
    assert not [d for d in state.decisions if d.context == "deck"]
    assert state.decisions, "setup goes on to its next question (the first player, or a mulligan)"
    assert state.player("p1").deck_key == "core-leadership" and state.player("p2").deck_key == "core-spirit"
    assert any(line.startswith("p1 plays ") for line in lines) and any(line.startswith("p2 plays ") for line in lines)
    assert state.player("p1").threat == 29  # RR p.10: the heroes' threat, as when chosen at the table


def test_a_seat_the_decks_option_leaves_out_chooses_its_own():
    options: dict[str, str | int | bool] = {"decks": '{"p2":"core-spirit"}'}
    state = GAME.start(Config(seats=["p1", "p2"], options=options), 3).state
    [asked] = [d for d in state.decisions if d.context == "deck"]
    assert asked.seat == "p1" and "core-spirit" not in {o.id for o in asked.options}  # its heroes are taken


@pytest.mark.parametrize(("decks", "refusal"), [
    ('{"p1":"no-such-deck"}', "gives p1 'no-such-deck', which is no deck here"),
    ("p1=core-spirit", "not JSON"),
    ('{"p1": 3}', "each a string"),
])
def test_a_bad_decks_option_is_refused_when_the_game_is_created(decks, refusal):
    with pytest.raises(CommandError, match=refusal):
        GAME.check_options({"decks": decks})


def test_a_decks_option_naming_a_seat_the_game_lacks_is_refused_at_the_start():
    with pytest.raises(RuleError, match="names p3, not a seat of this game"):
        GAME.start(Config(seats=["p1", "p2"], options={"decks": '{"p3":"core-spirit"}'}), 3)
