"""Decisions with one answer answer themselves (README, `/game order`: "by default such a decision answers itself
and the log says why"): a lone enemy confronting a hero, a monster token with one place to move to, a drawn token
with one spot. The kernel answers them (engines/core/turn.py `_answer_forced`) and tells the whole table the
engine's reason, so the reason says what happened in words the table may read: never a hidden token's id or face.
`order forced ask` has them asked again."""

from __future__ import annotations

import random
import re

import pytest

from engines.core import Answer, Config, Event, codec
from engines.core.decisions import DecisionKind
from engines.core.orders import Order
from engines.meq import GAME, flow
from engines.meq.state import MeqState
from tests.engines.meq.table import a_table, answer, give, hero_turn, open_decision, options, place_token, turn_on
from tests.engines.meq.test_scenarios_hero_turn import to_travel
from tests.engines.randomplay import random_answer, visible_uids

UID = re.compile(r"\bc\d+\b")


def said(state: MeqState, context: str, *choice: str) -> tuple[MeqState, list[Event]]:
    d = open_decision(state, context)
    step = GAME.apply(state, d.seat, Answer(decision=d.id, choice=tuple(choice)))
    return step.state, step.events


def public(events: list[Event]) -> list[str]:
    return [e.text for e in events if e.audience is None]


def asked(state: MeqState, context: str) -> list[str]:
    return [d.context for d in state.decisions if d.context.split(":")[0] == context]


def asks_forced(state: MeqState) -> MeqState:
    """Sauron's standing order: forced decisions are asked like any other."""
    return GAME.apply(state, state.sauron, Order(key="forced", value="ask")).state


# --- a lone enemy confronts the hero -------------------------------------------------------------------------


def traveling_into_one_token(face: str) -> tuple[MeqState, str, str]:
    """Argalad at Bree, about to pay his move to Weathertop, where one monster token of `face` waits."""
    state = a_table("argalad")
    state.heroes[0].hand.cards.clear()
    paid = give(state, 0, "cmb-argalad-overdraw")[0]
    token = place_token(state, "rhudaur-grey-mountains", face, "weathertop")
    state = to_travel(hero_turn(state, 0, at="bree"))
    state = answer(state, "travel", "move:weathertop")
    return state, paid.uid, token.uid


def test_a_lone_enemy_confronts_the_hero_by_itself() -> None:
    # meq spec 3.2 step 3 b; seed 004 The Travel Step, Combat or Peril (l.1732): Sauron must pick one of the enemies
    # there; with one enemy and no Peril there is nothing to pick, so he is not asked. Its face is told only as the
    # flip shows it, and its id never.
    state, paid, token = traveling_into_one_token("mon-orc")
    state, events = said(state, "pay", paid)
    assert not asked(state, "attack")
    lines = public(events)
    assert "The only enemy on Weathertop confronts Argalad (p1: answered by itself)." in lines
    assert any(line.startswith("Sauron flips the token on Weathertop:") for line in lines)
    assert state.combat is not None and state.combat.token == token
    assert not UID.findall(" ".join(lines[:lines.index(
        "The only enemy on Weathertop confronts Argalad (p1: answered by itself).") + 1]))


def test_a_lone_enemy_at_the_ambush_confronts_the_hero_by_itself() -> None:
    # meq spec 3.2 step 2 and 6.35; seed 004 The Ambush Step (l.1675): Sauron must choose one enemy there
    state = a_table("argalad")
    minion = state.minions[0]
    minion.status, minion.at = "in", "weathertop"
    state = hero_turn(state, 0, at="weathertop")  # the engine stops at the Ambush's question, forced
    d = open_decision(state, "attack")
    assert d.forced and [o.id for o in d.options] == [minion.key]
    step = GAME.apply(state, state.sauron, Order(key="forced", value="auto"))  # any step answers it
    assert "The only enemy on Weathertop confronts Argalad (p1: answered by itself)." in public(step.events)
    assert step.state.combat is not None and step.state.combat.foe == minion.key


def test_two_enemies_or_a_peril_are_still_Saurons_choice() -> None:
    # meq spec 6.35: two pieces, a choice; spec 3.2 step 3 b: a perilous place adds the Peril, a choice too
    state, paid, _ = traveling_into_one_token("mon-orc")
    place_token(state, "rhudaur-grey-mountains", "blank", "weathertop")
    state = answer(state, "pay", paid)
    assert len(options(state, "attack")) == 2 and not open_decision(state, "attack").forced
    state, paid, token = traveling_into_one_token("mon-orc")
    state.influence = {"weathertop": 9}  # above Argalad's wisdom: perilous for him
    state = answer(state, "pay", paid)
    assert options(state, "attack") == {token, "peril"} and not open_decision(state, "attack").forced


def test_order_forced_ask_has_sauron_choose_the_lone_enemy() -> None:
    # README `/game order`: 'order forced ask' asks a decision with one answer
    state, paid, token = traveling_into_one_token("mon-orc")
    state = asks_forced(state)
    state = answer(state, "pay", paid)
    d = open_decision(state, "attack")
    assert d.private and d.seat == state.sauron and [o.id for o in d.options] == [token]
    assert d.forced == "The only enemy on Weathertop confronts Argalad"


# --- a monster token with one place to go ---------------------------------------------------------------------


def commanding(state: MeqState) -> MeqState:
    return answer(state, "action", "command")


def test_a_token_with_one_place_to_go_moves_there_by_itself() -> None:
    # meq spec 3.1 step 5 (Command, Move) and 6.28; seed 004 The Action Step, Command Monsters and Minions
    # (l.1372): a token moves to an adjacent location with influence. Of Dagorlad's neighbours only Emyn Muil has
    # any: there is no choice to ask.
    state = a_table()
    state.influence = {"mount-gundabad": 3, "emyn-muil": 1}
    token = place_token(state, "brown-lands-mordor", "mon-orc", "dagorlad")
    state, events = said(commanding(state), "command", f"move:{token.uid}")
    assert state.token_at[token.uid] == "emyn-muil"
    assert not asked(state, "move_to")
    lines = public(events)
    assert lines[:2] == [
        "The Brown Lands and Mordor monster token on Dagorlad has one place to go, Emyn Muil (p1: answered by itself).",
        "A Brown Lands and Mordor monster token moves to Emyn Muil."]
    assert not UID.findall(" ".join(lines))


def test_order_forced_ask_has_sauron_say_where_the_token_goes() -> None:
    state = a_table()
    state.influence = {"mount-gundabad": 3, "emyn-muil": 1}
    token = place_token(state, "brown-lands-mordor", "mon-orc", "dagorlad")
    state = answer(commanding(asks_forced(state)), "command", f"move:{token.uid}")
    assert options(state, "move_to") == {"emyn-muil"}
    state = answer(state, "move_to", "emyn-muil")
    assert state.token_at[token.uid] == "emyn-muil"


# --- a drawn token with one spot ------------------------------------------------------------------------------


def test_a_drawn_token_with_one_spot_is_placed_there_by_itself() -> None:
    # meq spec 3.1 step 5 (Command, Place monster token); seed 004 Command Monsters and Minions (l.1389): a drawn
    # token goes on a location of its colour with influence and no hero. One such place: Sauron is not asked,
    # and the table reads the pile and the place, never the token's face (his secret) or its id.
    state = a_table()
    state.influence = {"dagorlad": 1, "mount-gundabad": 2}  # Mount Gundabad is not of this colour
    state, events = said(commanding(state), "command", "place:brown-lands-mordor")
    assert not asked(state, "token_at")
    [(uid, where)] = state.token_at.items()
    assert where == "dagorlad"
    card = state.tokens.find(uid)
    assert card is not None and not card.face_up
    lines = public(events)
    assert ("The drawn Brown Lands and Mordor monster token has one place to go, Dagorlad (p1: answered by itself)."
            in lines)
    assert "Sauron places a Brown Lands and Mordor monster token on Dagorlad." in lines
    assert uid not in " ".join(lines) and card.name not in " ".join(lines)
    assert not UID.findall(" ".join(lines))
    assert card.name in " ".join(e.text for e in events if e.audience == [state.sauron])  # he looked at it


def test_order_forced_ask_has_sauron_place_the_drawn_token() -> None:
    state = a_table()
    state.influence = {"dagorlad": 1}
    state, events = said(commanding(asks_forced(state)), "command", "place:brown-lands-mordor")
    d = open_decision(state, "token_at")
    assert d.private and [o.id for o in d.options] == ["dagorlad"]
    assert not UID.findall(d.forced)
    # the question shows him the face (its prompt names it), so no line of his own says it again
    assert not [e.text for e in events if e.audience == [state.sauron] and e.text.startswith("You drew")]


# --- no forced reason names a card by its id ------------------------------------------------------------------


def test_a_forced_reason_naming_a_card_by_its_id_is_refused_where_it_is_written() -> None:
    # The kernel tells the whole table a forced decision's reason: MEQ's `ask` refuses one that names a card's id,
    # so no forced answer can show the table a hidden token's id.
    state = a_table()
    turn = turn_on(state)
    with pytest.raises(AssertionError, match="names a card by its id"):
        flow.ask(turn, state.sauron, "move_to:c42", "Move it where?", [("dagorlad", "Dagorlad")],
                 forced="c42 can move only to Dagorlad")
    with pytest.raises(AssertionError, match="names a card by its id"):
        flow.ask(turn, state.sauron, "to_pool", "How many?", [], DecisionKind.NUMBER, low=0, high=0,
                 forced="The token c7 stays")


def test_no_automatic_answer_tells_the_table_a_hidden_id() -> None:
    """Random games, 2 to 4 players: every line a step with an automatic answer tells the table names no card the
    table cannot see, and no forced reason, answered or asked, names any card by id."""
    answered = 0
    for seed in range(6):
        rnd = random.Random(seed)
        state = GAME.setup(Config(seats=GAME.seat_names(2 + seed % 3), options={}), seed)
        for _ in range(2000):
            if GAME.outcome(state) is not None:
                break
            for d in state.decisions:
                assert not UID.findall(d.forced), d.forced
            decision = rnd.choice(GAME.pending(state))
            step = GAME.apply(state, decision.seat, random_answer(decision, rnd))
            state = step.state
            lines = public(step.events)
            forced = [line for line in lines if line.endswith(": answered by itself).")]
            if not forced:
                continue
            answered += len(forced)
            assert not UID.findall(" ".join(forced)), forced
            hidden = {u for line in lines for u in UID.findall(line)} - visible_uids(state, None)
            assert not hidden, (hidden, lines)
        assert GAME.outcome(state) is not None
    assert answered  # the games did answer decisions by themselves


def test_the_public_view_after_a_forced_placement_shows_no_face() -> None:
    state = a_table()
    state.influence = {"dagorlad": 1}
    state = answer(commanding(state), "command", "place:brown-lands-mordor")
    [uid] = state.token_at
    card = state.tokens.find(uid)
    assert card is not None and card.name not in str(codec.to_data(GAME.view(state, None)))
