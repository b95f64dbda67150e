"""Acceptance scenarios of Sauron's turn (meq spec 6): Hero Rally, the Event step, Plots and the Draw action,
given / when / then as the spec words them, through the engine's own steps and decisions."""

from __future__ import annotations

import pytest

from engines.core import Answer, RuleError, codec
from engines.meq import GAME, rules, sauron, stock
from engines.meq.cards import index
from tests.engines.meq.table import a_table, answer, open_decision, options, turn_on


def test_no_rally_on_a_stronghold() -> None:
    # meq spec 6.2; seed 004 The Hero Rally Step (l.766): a hero on a Shadow Stronghold does not rally
    state = a_table()
    argalad, beravor = state.heroes
    argalad.at, beravor.at = "dol-guldur", "dagorlad"
    state.influence = {"dol-guldur": 3, "dagorlad": 2}
    sauron.hero_rally(turn_on(state))
    assert state.influence.get("dol-guldur") == 3  # the Stronghold keeps its influence
    assert "dagorlad" not in state.influence  # the ordinary location beside it is rallied


def test_rally_then_cleanup_cuts_a_broken_chain_to_one() -> None:
    # meq spec 6.1 with spec 3.1 step 1 (extension clean-up, spec 5.4); seed 004 l.766, l.1262
    state = a_table()
    state.heroes[0].at = "dagorlad"
    state.heroes[1].at = "the-shire"
    state.influence = {"dol-guldur": 3, "dagorlad": 2, "sea-of-udun": 3}
    sauron.hero_rally(turn_on(state))
    assert "dagorlad" not in state.influence
    assert state.influence["sea-of-udun"] == 1  # no longer linked to Dol Guldur: cut to 1


def event_table(markers: dict[str, int]):
    state = a_table()
    state.first_turn = False
    state.decisions.clear()
    state.markers = {"hero": 0, "yellow": 0, "red": 0, "black": 0, **markers}
    return state


def test_tie_draws_exactly_one_event() -> None:
    # meq spec 6.11; seed 004 The Event Step (l.1047), Determining Dominance (l.1027)
    fin = 18
    state = event_table({"hero": fin - 4, "yellow": fin - 4})  # H = 4, S = min(4, 1 + 15 + 15) = 4
    assert rules.hero_distance(state) == rules.sauron_distance(state) == 4 and rules.dominant(state) == ""
    before = stock.count(state, "event:3")
    seen = len(state.event_discard.cards) + len(state.current_event.cards)
    sauron.event_step(turn_on(state))
    assert stock.count(state, "event:3") == before - 1
    assert len(state.event_discard.cards) + len(state.current_event.cards) == seen + 1


@pytest.mark.parametrize(("markers", "pick"), [({"hero": 12}, "lowest"), ({"black": 14, "red": 14}, "highest")])
def test_a_dominant_side_draws_three_and_takes_its_end(markers: dict[str, int], pick: str) -> None:
    # meq spec 6.11 (the contrast: with a dominant side 3 cards are drawn); spec 3.1 step 4; seed 004 l.1047
    state = event_table(markers)
    side = rules.dominant(state)
    assert side == ("heroes" if pick == "lowest" else "sauron")
    stage = rules.stage(state)
    top3 = [index().events[r] for r in stock.refs(state, f"event:{stage}")[-3:]]
    sauron.event_step(turn_on(state))
    ranked = sorted(top3, key=lambda e: e.priority)
    chosen = ranked[0] if pick == "lowest" else ranked[-1]
    assert stock.count(state, f"event:{stage}") == 14 - 3
    others = [e.id for e in ranked if e is not chosen]
    assert [c.ref for c in state.event_discard.cards[-3:]][:2] == others or chosen.ongoing_at
    resolved = state.current_event.cards[-1].ref if chosen.ongoing_at else state.event_discard.cards[-1].ref
    assert resolved == chosen.id


def resolve(state, event_id: str) -> None:
    e = index().events[event_id]
    card = state.new_card(e.name, e.id)
    state.drawn.cards.append(card)
    sauron.resolve_event(turn_on(state), card)


def test_an_ongoing_event_replaces_the_current_one_and_a_plain_one_is_discarded() -> None:
    # meq spec 6.13; seed 004 The Event Step (l.1047): keep or discard, favor and characters placed in both cases
    state = a_table()
    state.current_event.cards.clear()
    state.favor_at.clear()
    state.characters.clear()
    resolve(state, "event-t1-imladris")  # ongoing, at Rivendell
    assert [c.ref for c in state.current_event.cards] == ["event-t1-imladris"] and state.event_at == "rivendell"
    assert state.favor_at == {"ered-mithrin": 1, "gap-of-rohan": 1}
    resolve(state, "event-t1-gandalf-visits-frodo")  # ongoing, at The Shire: the old one is discarded
    assert [c.ref for c in state.current_event.cards] == ["event-t1-gandalf-visits-frodo"]
    assert state.event_at == "the-shire"
    assert "event-t1-imladris" in [c.ref for c in state.event_discard.cards]
    assert state.favor_at["eregion"] == 1 and state.characters["char-gandalf"] == "the-shire"
    resolve(state, "event-t1-messengers-of-the-stormcrow")  # no flag: resolved, then discarded
    assert state.event_discard.cards[-1].ref == "event-t1-messengers-of-the-stormcrow"
    assert [c.ref for c in state.current_event.cards] == ["event-t1-gandalf-visits-frodo"]  # the ongoing one stays
    assert state.favor_at["bree"] == 1 and state.characters["char-theoden"] == "helm-s-deep"
    assert not state.drawn.cards


def test_a_character_already_on_the_board_stays_where_it_is() -> None:
    # meq spec 6.14; seed 004 The Event Step (l.1047)
    state = a_table()
    state.characters = {"char-gandalf": "bree"}
    state.favor_at.clear()
    resolve(state, "event-t1-gandalf-visits-frodo")  # would place Gandalf on The Shire
    assert state.characters["char-gandalf"] == "bree"
    assert state.favor_at.get("eregion") == 1  # the rest of the card still happens


def plot_card(state, plot_id: str):
    p = index().plots[plot_id]
    return state.new_card(p.name, p.id)


def test_a_full_plot_track_allows_only_discarding() -> None:
    # meq spec 6.17; seed 004 The Plot Step (l.924), Frequently Overlooked Rules (l.2835)
    state = a_table()
    state.decisions.clear()
    state.first_turn = False
    state.pool = 8
    for slot, pid in ((2, "gollum-is-captured-6"), (3, "a-dark-messenger-4")):
        c = plot_card(state, pid)
        state.plots.cards.append(c)
        state.plot_slot[c.uid] = slot
    in_hand = plot_card(state, "gollum-is-tortured-13")  # needs 4: the Pool is high enough
    state.plot_hand.cards.append(in_hand)
    sauron.plot_step(turn_on(state))
    offered = options(state, "plot")
    assert f"play:{in_hand.uid}" not in offered
    assert "The Active Plot Track is full" in open_decision(state, "plot").prompt  # why it is not offered
    assert {f"discard:{c.uid}" for c in state.plots.cards} <= offered
    d = open_decision(state, "plot")
    with pytest.raises(RuleError):
        GAME.apply(state, d.seat, Answer(decision=d.id, choice=(f"play:{in_hand.uid}",)))
    gone = state.plots.cards[0]
    after = answer(state, "plot", f"discard:{gone.uid}")
    assert len(after.plots.cards) == 2 and after.plot_discard.cards[-1].uid == gone.uid
    assert gone.uid not in after.plot_at
    # with a space free again, the card in hand can be played
    assert in_hand.uid in sauron.playable_plots(after)


def test_the_plot_step_says_why_a_held_plot_is_not_offered() -> None:
    # meq spec 3.1 step 3 (6.16): a Plot needs the Shadow Pool at its number. Found playing: a held Plot that could
    # not be played was left out of the step without a word, as if it were lost; now Sauron's prompt says why.
    state = a_table()
    state.decisions.clear()
    state.first_turn = False
    state.pool = 1
    low = plot_card(state, "gollum-is-tortured-13")  # needs 4
    state.plot_hand.cards.append(low)
    sauron.plot_step(turn_on(state))
    d = open_decision(state, "plot")
    assert f"play:{low.uid}" not in options(state, "plot")
    assert f"Not playable now: {low.name} needs the Shadow Pool at 4 (it is at 1)." in d.prompt and d.private


def test_draw_action_of_two_keeps_one_plot_and_heroes_see_counts_only() -> None:
    # meq spec 6.19; seed 004 The Action Step (l.1123), Draw Shadow and Plot Cards; spec 1.4
    state = a_table()
    state.tracks = {"draw": [0]}  # the leftmost space is taken: the next one is the "2"
    state.action_tokens = ["draw:0"]
    plot_deck = stock.count(state, "plot")
    step = GAME.apply(state, state.sauron, Answer(decision=open_decision(state, "action").id, choice=("draw",)))
    state = step.state
    assert len(state.shadow_hand.cards) == 2
    assert len(state.plot_drawn.cards) == 2 and stock.count(state, "plot") == plot_deck - 2
    keep = open_decision(state, "keep_plot")
    assert keep.seat == state.sauron and keep.private
    # what each needs of the Shadow Pool, to keep one Sauron can play (found playing: names alone)
    assert [o.label for o in keep.options] == [f"{c.name} (needs Shadow Pool {index().plots[c.ref].influence})"
                                               for c in state.plot_drawn.cards]
    hero_seat = state.heroes[0].seat
    secret = [c.name for c in state.shadow_hand.cards + state.plot_drawn.cards]
    public_before = str(codec.to_data(GAME.view(a_table(), hero_seat)))
    hero_view = str(codec.to_data(GAME.view(state, hero_seat)))
    for name in secret:
        if name not in public_before:
            assert name not in hero_view
            assert all(name not in e.text for e in step.events if e.visible_to(hero_seat))
    assert "Sauron draws 2 Shadow card(s)." in [e.text for e in step.events]
    kept, other = state.plot_drawn.cards
    state = answer(state, "keep_plot", kept.uid)
    assert [c.uid for c in state.plot_hand.cards] == [kept.uid]
    assert stock.refs(state, "plot")[0] == other.ref  # the other one went to the bottom
    assert stock.count(state, "plot") == plot_deck - 1


def test_pool_cap_in_stage_one() -> None:
    # meq spec 6.20; seed 004 The Action Step (l.1123), Maximum Influence (l.1262): SP 3 of 4, X = 6
    state = a_table()
    state.pool = 3
    state = answer(state, "action", "influence")
    d = open_decision(state, "to_pool")
    assert (d.low, d.high) == (0, 1)
    with pytest.raises(RuleError):
        GAME.apply(state, d.seat, Answer(decision=d.id, choice=("2",)))
    state = answer(state, "to_pool", "1")
    assert state.pool == 4
    assert open_decision(state, "place").prompt.startswith("Place influence: 5 left")
    state = answer(state, "place", "barad-dur")
    state = answer(state, "place", "stop")  # the rest is not placed at all
    assert state.influence.get("barad-dur") == 1 and sum(state.influence.values()) == 1
    assert open_decision(state, "action")


def test_minion_arrival_option_off() -> None:
    # meq spec 7.5.2 (both values of the option; 6.7 covers the default): with "off" no minion arrives
    for value, arrives in (("must", True), ("off", False)):
        state = a_table(minion_arrival=value)
        state.decisions.clear()
        turn = turn_on(state)
        rules.move_marker(turn, "red", int(state.opt("stage2")), "test")
        assert ("arrive:2" in state.queue) is arrives
