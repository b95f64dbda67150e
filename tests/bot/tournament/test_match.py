"""A match through the service: two teams' games gated by one clock (C 15.3.3), the result written into
the tournament (C 15.3.4), the standings posted."""

from __future__ import annotations

import pytest

from bot.service import User
from bot.service.types import NotAllowed
from engines.core import RuleError
from engines.tournament import event
from tests.bot.tournament.helpers import ORGANIZER, PLACE, a_process, play_match, tournament_deck
from tests.conftest import FakeClock

ANNA, BERT = User(id=11, name="Anna"), User(id=12, name="Bert")


async def two_team_round(url: str, clock: FakeClock, seeds: list[int]):
    p = await a_process(url, clock, seeds=seeds)
    tid = await p.rats.create(ORGANIZER, "Duel", place=PLACE, scenarios=["passage-through-mirkwood"], rounds=1)
    await p.rats.register(tid, ANNA, "Rangers", [(ANNA, tournament_deck("leadership", "lore"))])
    await p.rats.register(tid, BERT, "Wardens", [(BERT, tournament_deck("tactics", "spirit"))])
    await p.rats.pair(tid, ORGANIZER)
    ((table, game_a, game_b),) = await p.rats.start_round(tid, ORGANIZER)
    return p, tid, game_a, game_b


async def test_only_the_active_team_may_act_and_the_clock_follows_the_games(sqlite_url: str):
    clock = FakeClock()
    p, tid, game_a, game_b = await two_team_round(sqlite_url, clock, seeds=[1, 99, 10, 10])
    made, refused = await play_match(p, clock, game_a, game_b)
    assert refused > 0  # the gate turned the other team away at least once
    t = await p.rats.tournament(tid)
    result = t.rounds[0].matches[0].result
    assert result is not None and result.rule in ("R1", "R2", "R3", "R4", "R5", "R7")
    said = "\n".join(text for _, text in p.said.lines)
    assert "the clocks start" in said and "hits the clock" in said
    assert "standings after 1 round" in said and "Champion" in said  # C 15.3.5
    await p.stop()


async def test_a_refusal_names_whose_phase_group_it_is(sqlite_url: str):
    clock = FakeClock()
    p, tid, game_a, game_b = await two_team_round(sqlite_url, clock, seeds=[1, 99, 10, 10])
    match = await p.rats.match_of_game(game_a)
    assert match is not None
    # both set up; then team B tries to act during team A's Resource and Planning
    from tests.engines.lcg.autoplay import next_move

    users = {game_a: ANNA if match.team_a == 1 else BERT, game_b: BERT if match.team_a == 1 else ANNA}
    for game in (game_a, game_b):
        while (state := await p.service.stored_state(game)).phase == "setup":
            seat, command = next_move(state)  # type: ignore[misc]
            await p.service.act(game, users[game], command, at=clock.advance(seconds=5))
    state = await p.service.stored_state(game_b)
    seat, command = next_move(state)  # type: ignore[misc]
    with pytest.raises(RuleError, match=r"It is team \d \(\w+\)'s Resource and Planning of round 1; your team plays"):
        await p.service.act(game_b, users[game_b], command, at=clock.advance(seconds=5))
    await p.stop()


async def test_pause_resume_and_a_hit_by_hand(sqlite_url: str):
    # C 15.3.3 / spec 10.6 #97: the non-active team pauses; only the active team resumes; charged to nobody
    clock = FakeClock()
    p, tid, game_a, game_b = await two_team_round(sqlite_url, clock, seeds=[1, 99, 10, 10])
    match = await p.rats.match_of_game(game_a)
    assert match is not None
    a_user, b_user = (ANNA, BERT) if match.team_a == 1 else (BERT, ANNA)
    from tests.engines.lcg.autoplay import next_move

    for game, user in ((game_a, a_user), (game_b, b_user)):
        while (state := await p.service.stored_state(game)).phase == "setup":
            seat, command = next_move(state)  # type: ignore[misc]
            await p.service.act(game, user, command, at=clock.advance(seconds=5))
    start = (await p.rats.clock_face(match.id or 0, clock.now)).remaining_ms
    await p.rats.pause(tid, b_user, clock.advance(minutes=1), "is that enemy engaged?")
    with pytest.raises(RuleError, match=r"the active team, restarts the clock"):
        await p.rats.resume(tid, b_user, clock.advance(minutes=5))
    await p.rats.resume(tid, a_user, clock.advance(minutes=5))
    face = await p.rats.clock_face(match.id or 0, clock.advance(minutes=1))
    assert face.remaining_ms == (start[0] - 2 * 60_000, start[1])  # 1 + 1 minutes charged; 10 paused are not
    with pytest.raises(RuleError, match="not your phase group"):
        await p.rats.hit(tid, b_user, clock.now)
    lines = await p.rats.hit(tid, a_user, clock.advance(seconds=30))
    assert any("hits the clock" in line for line in lines)
    face = await p.rats.clock_face(match.id or 0, clock.now)
    assert face.active == "b" and face.remaining_ms[0] == start[0] - 150_000
    await p.stop()


async def test_organizer_tools_are_for_the_organizer(sqlite_url: str):
    clock = FakeClock()
    p, tid, game_a, game_b = await two_team_round(sqlite_url, clock, seeds=[1, 99, 10, 10])
    with pytest.raises(NotAllowed, match="organizer"):
        await p.rats.record(tid, ANNA, 1, "win 1")
    said = await p.rats.record(tid, ORGANIZER, 1, "draw")
    assert "draw (2 points each)" in said
    said = await p.rats.record(tid, User(id=77, name="Admin", is_admin=True), 1, "win 2", correct=True)
    assert "corrected" in said
    t = await p.rats.tournament(tid)
    assert event.points(t) == {1: 0, 2: 5}
    with pytest.raises(RuleError, match="decided"):  # the match is over: its games take no more commands
        state = await p.service.stored_state(game_a)
        from tests.engines.lcg.autoplay import next_move

        seat, command = next_move(state)  # type: ignore[misc]
        await p.service.act(game_a, ANNA if (await p.rats.match_of_game(game_a)).team_a == 1 else BERT,
                            command)
    await p.stop()


async def test_a_match_game_asks_every_window_since_the_clock_counts_on_it(sqlite_url: str):
    """Issue 16: ordinary LCG games default to `autopass smart`; a Race Against the Shadow game is created with
    autopass=off, so each team acts through its phase group as its chess clock expects."""
    p, tid, game_a, game_b = await two_team_round(sqlite_url, FakeClock(), seeds=[1, 99, 10, 10])
    for game_id in (game_a, game_b):
        assert (await p.service.stored_state(game_id)).autopass_default == "off"
    await p.stop()
