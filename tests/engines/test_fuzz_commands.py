"""Bad input, fuzzed (issue 7): every engine's parser and `apply` take random and malformed commands from any
seat. Nothing may escape but a WestmarchError with words for the player, and a refused command changes
nothing."""

from __future__ import annotations

import pickle
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines import registry
from engines.core import Config, WestmarchError
from tests.engines.randomplay import random_answer
from tests.games.tally import GAME as TALLY

registry.load()
ENGINES = [TALLY, *(registry.get(n) for n in registry.names() if n != TALLY.name)]


def positions(game: Any, seeds: range, steps: tuple[int, ...]) -> list[Any]:
    """States part-way through random games: the places a bad command could hit."""
    found = []
    for seed in seeds:
        rnd = random.Random(seed)
        state = game.setup(Config(seats=game.seat_names(min(game.max_seats, max(game.min_seats, 1 + seed % 3)))), seed)
        for n in range(max(steps) + 1):
            if n in steps:
                found.append(state)
            if game.outcome(state) is not None:
                break
            d = rnd.choice(game.pending(state))
            state = game.apply(state, d.seat, random_answer(d, rnd)).state
    return found


STATES = {game.name: positions(game, range(3), (0, 8, 40)) for game in ENGINES}

WORDS = ["answer", "corruption", "token", "open", "eliminate", "cycle", "atk", "def", "frodo", "gandalf", "saruman",
         "play", "deck", "damage", "progress", "resource", "time", "ready", "exhaust", "threat", "move",
         "attach", "modify", "draw", "reveal", "claim", "pass", "none", "keep", "mulligan", "draw", "core-lore",
         "core-leadership", "hand", "discard", "deck-top", "staging", "engaged", "willpower", "attack", "round",
         "phase", "p1", "p2", "p9", "+1", "-3", "+999", "0", "7", "c1", "c12", "c99999", "x=1", "c1=2", "--5", "²",
         "Leaves", "9", "'", '"', "\\", "é", ""]
uid = st.integers(1, 170).map(lambda n: f"c{n}")  # real card ids, hidden ones included
token = st.one_of(st.sampled_from(WORDS), uid, uid, st.text(max_size=6), st.integers(-5, 200).map(str))
signed = st.integers(-12, 12).map(lambda n: f"{n:+d}")
seat = st.sampled_from(["p1", "p2", "p3", "p4", "p9"])
# Well-formed adjustments aimed at real cards, hidden ones and seats that are not there: the grammar passes,
# so these reach the rules (a pile of random words mostly stops at the parser).
adjustment = st.one_of(
    st.tuples(st.sampled_from(["damage", "progress", "resource", "time"]), uid, signed),
    st.tuples(st.sampled_from(["ready", "exhaust", "claim"]), uid),
    st.tuples(st.just("threat"), signed, seat),
    st.tuples(st.just("move"), uid, st.sampled_from(["hand", "discard", "deck-top", "deck-bottom", "play", "engaged",
                                                      "staging", "active", "victory", "encounter-top", "removed"]),
              seat),
    st.tuples(st.sampled_from(["attach", "claim"]), uid, uid),
    st.tuples(st.just("modify"), uid, st.sampled_from(["willpower", "attack", "defense", "hit_points", "threat"]),
              signed, st.sampled_from(["phase", "round"])),
    st.tuples(st.sampled_from(["play", "deck"]), st.one_of(uid, st.sampled_from(WORDS))),
).map(" ".join)
command_text = st.one_of(st.lists(token, min_size=0, max_size=6).map(" ".join), adjustment)


def check(game: Any, state: Any, seat: str, text: str) -> None:
    before = pickle.dumps(state)
    try:
        command = game.parse(text)
        game.apply(state, seat, command)
    except WestmarchError as refusal:
        assert refusal.message.strip(), f"a refusal without words for {text!r}"
    assert pickle.dumps(state) == before, f"{text!r} changed the state it was given"


def _fuzz(game: Any) -> Any:
    @settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(index=st.integers(0, len(STATES[game.name]) - 1), seat_index=st.integers(0, 3), text=command_text)
    def run(index: int, seat_index: int, text: str) -> None:
        state = STATES[game.name][index]
        check(game, state, state.seats[seat_index % len(state.seats)], text)

    return run


def test_fuzzed_commands_for_the_kernel_test_game() -> None:
    _fuzz(TALLY)()


def test_fuzzed_commands_for_the_lcg() -> None:
    _fuzz(registry.get("lcg"))()


def test_fuzzed_commands_for_wotr() -> None:
    _fuzz(registry.get("wotr"))()


@settings(max_examples=200, deadline=None)
@given(choice=st.lists(st.one_of(st.sampled_from(WORDS), st.text(max_size=4)), max_size=5), pick=st.integers(0, 50))
def test_fuzzed_answers_to_open_decisions(choice: list[str], pick: int) -> None:
    """Answers to real open decisions with random choices: refused with words, or applied."""
    for game in ENGINES:
        states = [s for s in STATES[game.name] if game.pending(s)]
        state = states[pick % len(states)]
        decision = game.pending(state)[pick % len(game.pending(state))]
        check(game, state, decision.seat, " ".join(["answer", str(decision.id), *[c for c in choice if c.strip()]]))
