"""Phase groups and the alternation between two teams' LCG games (C 15.3.3; spec 8.5)."""

from __future__ import annotations

from engines.core import Config
from engines.lcg import GAME
from engines.lcg.state import LcgState
from engines.tournament.race import SETUP, Side, active_side, after, finish_of, group_name, phase_group
from engines.tournament.scoring import COMPLETED, ELIMINATED, Finish
from tests.engines.lcg.autoplay import next_move
from tests.engines.lcg.table import started


def test_the_phases_fall_into_three_groups() -> None:
    # C 15.3.3: Resource+Planning; Quest+Travel; Encounter+Combat+Refresh
    state = started()
    assert (state.round, state.phase) == (1, "planning")
    assert phase_group(state) == (1, 1)
    for phase, group in [("resource", 1), ("quest", 2), ("travel", 2), ("encounter", 3), ("combat", 3),
                         ("refresh", 3)]:
        state.phase = phase
        assert phase_group(state) == (1, group)
    fresh = GAME.setup(Config(seats=["p1"], options={}), 1)
    assert phase_group(fresh) == SETUP


def test_after_refresh_comes_the_next_rounds_resource_group() -> None:
    assert after((1, 1)) == (1, 2) and after((1, 3)) == (2, 1) and after(SETUP) == (1, 1)
    assert group_name((2, 2)) == "Quest and Travel of round 2"


def test_a_before_b_in_every_group() -> None:
    # C 15.3.3, the example round
    assert active_side(Side(slot=(1, 1)), Side(slot=(1, 1))) == "a"
    assert active_side(Side(slot=(1, 2)), Side(slot=(1, 1))) == "b"
    assert active_side(Side(slot=(1, 2)), Side(slot=(1, 2))) == "a"
    assert active_side(Side(slot=(2, 1)), Side(slot=(1, 3))) == "b"
    assert active_side(Side(slot=(2, 1)), Side(slot=(2, 1))) == "a"


def test_nobody_runs_while_a_team_is_in_setup() -> None:
    assert active_side(Side(slot=(1, 1)), Side(slot=SETUP)) is None


def test_a_team_that_hit_the_clock_by_hand_counts_as_past_its_group() -> None:
    a = Side(slot=(1, 1), done=(1, 1))
    assert a.at == (1, 2)
    assert active_side(a, Side(slot=(1, 1))) == "b"


def test_a_team_whose_game_ended_is_never_active() -> None:
    gone = Side(slot=(3, 2), finish=Finish(how=ELIMINATED, round=3, group=2))
    assert active_side(gone, Side(slot=(3, 1))) == "b"
    assert active_side(gone, Side(slot=(4, 1))) == "b"
    assert active_side(gone, Side(slot=(1, 1), finish=Finish(how=COMPLETED, round=1, group=1))) is None


def play_until_handoff(state: LcgState) -> LcgState:
    """Play the autoplay policy's moves until the game leaves its current phase group (or ends)."""
    slot = phase_group(state)
    while state.outcome is None and phase_group(state) == slot:
        move = next_move(state)
        assert move is not None
        seat, command = move
        state = GAME.apply(state, seat, GAME.parse(command)).state
    return state


def test_two_real_games_alternate_group_by_group() -> None:
    # Two teams' games of the same scenario, each played by the policy only when it is its turn.
    games = {"a": started(seed=3), "b": started(seed=4)}
    order = []
    for _ in range(9):
        side = active_side(Side(slot=phase_group(games["a"])), Side(slot=phase_group(games["b"])))
        assert side is not None
        order.append((side, phase_group(games[side])))
        games[side] = play_until_handoff(games[side])
        if games[side].outcome is not None:
            break
    assert order[:6] == [("a", (1, 1)), ("b", (1, 1)), ("a", (1, 2)), ("b", (1, 2)), ("a", (1, 3)),
                         ("b", (1, 3))]
    assert order[6] == ("a", (2, 1))


def test_the_finish_of_a_game_carries_its_group_and_score() -> None:
    state = started(seed=3)
    while state.outcome is None:
        move = next_move(state)
        assert move is not None
        state = GAME.apply(state, move[0], GAME.parse(move[1])).state
    finish = finish_of(state, phase_group(state))
    assert finish is not None and finish.round == state.round
    assert finish.how == (COMPLETED if state.outcome.winners else ELIMINATED)
