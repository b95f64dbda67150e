"""Sauron's turn and the hero turn against the spec's acceptance scenarios (meq spec 6.N)."""

from __future__ import annotations

import pytest

from engines.core import RuleError
from engines.meq import GAME, rules, sauron, stock
from engines.meq.cards import index
from tests.engines.meq.table import a_table, answer, open_decision, turn_on


def test_rally_removes_influence_but_not_on_a_stronghold() -> None:
    # meq spec 6.1, 6.2
    state = a_table()
    argalad, beravor = state.heroes
    argalad.at, beravor.at = "moria", "dol-guldur"
    state.influence = {"moria": 2, "dol-guldur": 3}
    state.step = "rally"
    turn = turn_on(state)
    sauron.hero_rally(turn)
    assert "moria" not in state.influence
    assert state.influence["dol-guldur"] == 3


def test_first_turn_draws_one_event_and_allows_two_or_three_actions() -> None:
    # meq spec 6.4, 6.26
    state = a_table()
    assert state.first_turn and state.round == 1
    assert open_decision(state, "action").prompt.endswith("of 2.")
    drawn = len(state.event_discard.cards) + len(state.current_event.cards)
    assert drawn == 1  # no dominance on the first turn: exactly one card
    three = a_table("argalad,beravor,thalin")
    assert open_decision(three, "action").prompt.endswith("of 3.")


def test_actions_per_player_count() -> None:
    # meq spec 6.26: a third action with 2 heroes is not offered; the step moves on to Hero Draw
    state = a_table()
    for _ in range(2):
        state = answer(state, "action", "command")
        state = answer(state, "command", "pass")
    assert not [d for d in state.decisions if d.context == "action"]
    assert open_decision(state, "draw")


def test_story_step_moves_heroes_two_and_each_plot() -> None:
    # meq spec 6.5: two active "black +1" plots move black by 2; yellow and red stay
    state = a_table()
    black = [p for p in index().pack.plots if p.marker == "black" and p.advance == 1][:2]
    state.plots.cards.clear()
    state.plot_slot.clear()
    for slot, p in enumerate(black, start=1):
        c = state.new_card(p.name, p.id)
        state.plots.cards.append(c)
        state.plot_slot[c.uid] = slot
    before = dict(state.markers)
    sauron.story(turn_on(state))
    assert state.markers["hero"] == before["hero"] + 2
    assert state.markers["black"] == before["black"] + 2
    assert state.markers["yellow"] == before["yellow"] and state.markers["red"] == before["red"]


def test_finale_starts_at_the_end_of_the_story_step() -> None:
    # meq spec 6.8
    state = a_table()
    state.markers["hero"] = rules.finale_space(state) - 1
    turn = turn_on(state)
    sauron.story(turn)
    assert state.markers["hero"] == rules.finale_space(state)  # it stops on the Finale
    assert state.step == "story_end"  # not yet the Finale
    sauron.story_end(turn)
    assert state.step == "finale"


def test_dominance() -> None:
    # meq spec 6.10, 6.11 (The Shadow Falls placed so that the closest marker, 5 from the Finale, is past it)
    state = a_table(shadow_falls=13)
    fin, falls = rules.finale_space(state), int(state.opt("shadow_falls"))
    state.markers = {"hero": fin - 4, "yellow": fin - 5, "red": falls - 1, "black": falls - 1}
    assert rules.sauron_distance(state) == 2 and rules.dominant(state) == "sauron"
    state.markers = {"hero": fin - 2, "yellow": fin - 5, "red": falls - 1, "black": falls - 1}
    assert rules.dominant(state) == ""


def test_stage_three_arrival_asks_where() -> None:
    # meq spec 6.7: the Witch-king's allowed starting locations, and no other
    state = a_table()
    turn = turn_on(state)
    state.stage_reached = 2
    state.markers["red"] = int(state.opt("stage3"))
    rules.move_marker(turn, "red", 0, "test")
    state.markers["red"] = int(state.opt("stage3")) - 1
    rules.move_marker(turn, "red", 1, "test")
    assert "arrive:3" in state.queue
    state.queue.remove("arrive:3")
    state.decisions.clear()
    sauron.arrive(turn, ["3"])
    d = open_decision(state, "arrive_at")
    assert {o.id for o in d.options} == set(index().foes["minion-witch-king"].starts)
    with pytest.raises(RuleError):
        GAME.apply(state, d.seat, GAME.parse(f"answer {d.id} the-shire"))


def test_plot_threshold_and_full_track() -> None:
    # meq spec 6.16, 6.17
    state = a_table()
    plot = next(p for p in index().pack.plots if p.influence == 4)
    c = state.new_card(plot.name, plot.id)
    state.plot_hand.cards.append(c)
    state.pool = 3
    assert c.uid not in sauron.playable_plots(state)
    state.pool = 4
    assert c.uid in sauron.playable_plots(state)
    sauron.play_plot(turn_on(state), c.uid, at="moria")
    assert state.pool == 4 and len(state.plots.cards) == 2
    for extra in index().pack.plots[5:6]:
        e = state.new_card(extra.name, extra.id)
        state.plots.cards.append(e)
        state.plot_slot[e.uid] = 3
    d = state.new_card(plot.name, plot.id)
    state.plot_hand.cards.append(d)
    assert sauron.playable_plots(state) == []  # full: only discarding remains


def test_influence_extension_caps_havens_and_links() -> None:
    # meq spec 6.20, 6.22, 6.23
    state = a_table()
    state.influence = {}
    assert set(rules.placeable(state)) == {"barad-dur", "dol-guldur", "mount-gundabad"}
    turn = turn_on(state)
    rules.place_influence(turn, "dol-guldur")
    assert "gladden-fields" in state.map.neighbours("dol-guldur") or state.map.neighbours("dol-guldur")
    with pytest.raises(RuleError):
        rules.place_influence(turn, "rivendell")  # a Haven
    with pytest.raises(RuleError):
        rules.place_influence(turn, "the-shire")  # not linked
    state.pool = 3
    cap = rules.pool_cap(state)
    assert cap == 4  # stage I: at most 1 more to the pool


def test_blocked_track_and_token_recycling() -> None:
    # meq spec 6.25, and the fourth token cycling the other three (spec 3.1 step 5)
    state = a_table()
    state.tracks = {"influence": [0, 1, 2]}
    with pytest.raises(RuleError):
        sauron.take_action(turn_on(state), "influence")
    state.tracks = {"draw": [0, 1], "command": [0]}
    state.action_tokens = ["draw:0", "draw:1", "command:0"]
    state.decisions.clear()
    sauron.take_action(turn_on(state), "influence")
    assert state.tracks == {"draw": [], "command": [], "influence": [0]}


def test_monster_moves_need_influence_minions_do_not() -> None:
    # meq spec 6.28
    state = a_table()
    token = stock.pop(state, "pile:misty-mountains-mirkwood")
    state.tokens.cards.append(token)
    state.token_at[token.uid] = "gladden-fields"
    state.influence = {}
    assert sauron.move_targets(state, token.uid) == []
    state.influence = {"rhosgobel": 1}
    assert sauron.move_targets(state, token.uid) == ["rhosgobel"]
    serpent = state.minion("minion-black-serpent")  # its own ability: up to two locations a command
    two = {loc for loc, k in state.map.distances(serpent.at).items() if 1 <= k <= 2}
    assert set(sauron.move_targets(state, serpent.key)) == two


def test_rest_is_blocked_by_a_token_a_minion_or_a_stronghold() -> None:
    # meq spec 6.31
    from engines.meq import hero

    state = a_table()
    h = state.heroes[0]
    h.at = "bree"
    assert hero.may_rest(state, h)
    blank = stock.pop(state, "pile:eriador-enedwaith")
    state.tokens.cards.append(blank)
    state.token_at[blank.uid] = "bree"
    assert not hero.may_rest(state, h)
    h.at = "barad-dur"
    assert not hero.may_rest(state, h)


def test_level_cap() -> None:
    # meq spec 6.61
    state = a_table()
    h = state.heroes[0]
    turn = turn_on(state)
    base = rules.attribute(state, h, "wisdom")
    for _ in range(3):
        rules.raise_level(turn, h, "wisdom")
    assert rules.attribute(state, h, "wisdom") == base + 2


def test_the_status_line_names_the_step_as_the_rulebook_does() -> None:
    # the status line is read by players: a rulebook step name, never the engine's internal key
    from engines.meq import view
    from engines.meq.flow import STEPS
    assert set(STEPS) <= set(view.STEP_NAMES)
    state = a_table("argalad")
    state.step = state.running = "hero_draw_done"
    line = view.status(state)
    assert "hero draw step" in line and "hero_draw_done" not in line


def test_the_status_line_names_the_step_that_is_asking() -> None:
    # each step names the next one as it starts: asked whether to rest, the hero is in the Rest step, not in
    # the Ambush step queued after it
    from engines.meq import view
    from tests.engines.meq.table import hero_turn
    state = hero_turn(a_table("argalad"), 0, "bree")
    assert open_decision(state, "rest")
    assert "rest step" in view.status(state)


def test_sauron_reads_the_cards_he_draws_split_by_semicolons() -> None:
    # a Shadow card's name may hold a comma ("Seem Fairer, Feel Fouler"): the private line splits names with "; "
    from engines.meq import sauron_cards
    state = a_table("argalad")
    wanted = ["shadow-seem-fairer-feel-fouler-6"]
    state.stock["shadow"] = tuple(sorted(state.stock["shadow"], key=lambda e: stock.card_of(e).ref in wanted))
    turn = turn_on(state)
    sauron_cards.draw_shadow(turn, 2)
    line = next(e.text for e in turn.events if e.text.startswith("You draw: "))
    assert "Seem Fairer, Feel Fouler" in line and len(line.removeprefix("You draw: ").split("; ")) == 2
