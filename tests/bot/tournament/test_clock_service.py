"""The match clock in the service (C 15.3.3; DESIGN 'Time'): the moment a move is charged, the timers armed
for the announcements and the flag fall, the organizer's pause, adjustment and drop."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.service import User
from bot.service.types import NotAllowed
from engines.clock import MINUTE
from engines.core import RuleError
from engines.tournament.race import phase_group
from tests.bot.tournament.helpers import ORGANIZER, PLACE, Process, a_process, tournament_deck
from tests.conftest import FakeClock
from tests.engines.lcg.autoplay import next_move

ANNA, BERT = User(id=11, name="Anna"), User(id=12, name="Bert")


async def ready_match(url: str, clock: FakeClock):
    """Two teams, one round started, both games set up: the clocks are running for team A."""
    p = await a_process(url, clock, seeds=[1, 99, 10, 11])
    tid = await p.rats.create(ORGANIZER, "Duel", place=PLACE, scenarios=["passage-through-mirkwood"], rounds=1)
    await p.rats.register(tid, ANNA, "Rangers", [(ANNA, tournament_deck("leadership", "lore"))])
    await p.rats.register(tid, BERT, "Wardens", [(BERT, tournament_deck("tactics", "spirit"))])
    await p.rats.pair(tid, ORGANIZER)
    ((_, game_a, game_b),) = await p.rats.start_round(tid, ORGANIZER)
    match = await p.rats.match_of_game(game_a)
    assert match is not None
    users = {game_a: ANNA if match.team_a == 1 else BERT, game_b: BERT if match.team_a == 1 else ANNA}
    for game in (game_a, game_b):
        await moves(p, clock, game, users[game], lambda s: s.phase == "setup")
    return p, tid, match, users


async def moves(p: Process, clock: FakeClock, game: int, user: User, go_on, think: float = 5) -> None:
    while go_on(state := await p.service.stored_state(game)):
        move = next_move(state)
        assert move is not None
        await p.service.act(game, user, move[1], at=clock.advance(seconds=think))


async def test_a_team_is_charged_up_to_the_moment_it_acted_not_when_the_bot_got_to_it(sqlite_url: str):
    # LESSONS 'Time': a move's time stops at the interaction's own timestamp
    clock = FakeClock()
    p, tid, match, users = await ready_match(sqlite_url, clock)
    started = clock.now
    game_a = match.game_a or 0
    while phase_group(state := await p.service.stored_state(game_a)) == (1, 1):
        move = next_move(state)
        assert move is not None
        acted = clock.advance(seconds=20)
        clock.advance(seconds=3)  # the command reaches the service 3 s after the click
        await p.service.act(game_a, users[game_a], move[1], at=acted)
    face = await p.rats.clock_face(match.id or 0, clock.now)
    assert face.active == "b"  # the game left Resource and Planning: the clock turned by itself
    assert face.remaining_ms[0] == 45 * MINUTE - int((acted - started).total_seconds() * 1000)
    await p.stop()


async def test_the_timers_are_armed_for_the_next_announcement_and_the_sweep_is_idempotent(sqlite_url: str):
    clock = FakeClock()
    p, tid, match, users = await ready_match(sqlite_url, clock)
    face = await p.rats.clock_face(match.id or 0, clock.now)
    armed = p.timers.armed[match.id or 0]
    assert armed == clock.now + (face.remaining_ms[0] - 10 * MINUTE) * timedelta(milliseconds=1)
    job = p.scheduler.aps.get_job(f"rats:{match.id}")
    assert job is not None
    clock.now = armed
    await job.func(*job.args)  # the job rings: "has 10 minutes left"
    told = len(p.said.lines)
    assert await p.timers.sweep() == 0  # a duplicate run (the safety sweep) says nothing
    await job.func(*job.args)  # nor the same job twice
    assert len(p.said.lines) == told
    assert "has 10 minutes left" in p.said.lines[-1][1]
    assert p.timers.armed[match.id or 0] == armed + timedelta(minutes=5)
    await p.stop()


async def test_the_organizer_pauses_a_table_adjusts_a_clock_and_drops_a_team(sqlite_url: str):
    clock = FakeClock()
    p, tid, match, users = await ready_match(sqlite_url, clock)
    with pytest.raises(RuleError, match="name the table"):
        await p.rats.pause(tid, ORGANIZER, clock.now)
    stranger = User(id=55, name="Stranger")
    with pytest.raises(NotAllowed):
        await p.rats.pause(tid, stranger, clock.now, table=1)
    await p.rats.pause(tid, ORGANIZER, clock.advance(minutes=1), "a judge call", table=1)
    before = await p.rats.clock_face(match.id or 0, clock.now)
    lines = await p.rats.adjust(tid, ORGANIZER, 1, match.team_b, 5, clock.advance(minutes=10))
    assert any("adjusts" in line for line in lines)
    after = await p.rats.clock_face(match.id or 0, clock.now)
    assert after.remaining_ms == (before.remaining_ms[0], before.remaining_ms[1] + 5 * MINUTE)
    await p.rats.resume(tid, ORGANIZER, clock.advance(minutes=1), table=1)
    said = await p.rats.drop(tid, ORGANIZER, match.team_a)
    assert "drops out" in said
    t = await p.rats.tournament(tid)
    result = t.rounds[0].matches[0].result
    assert result is not None and result.winner == match.team_b
    final = await p.rats.clock_face(match.id or 0, clock.now)
    assert final.finished and not final.running
    assert any("Champion" in text for _, text in p.said.lines)
    await p.stop()


async def test_extended_format_heroes_are_picked_per_match_and_lead_the_deck(sqlite_url: str):
    # C 15.3.2: in the extended format each player picks heroes at the start of each match
    clock = FakeClock()
    p = await a_process(sqlite_url, clock, seeds=[1, 99, 10, 11])
    tid = await p.rats.create(ORGANIZER, "Open", place=PLACE, fmt="extended", scenarios=["passage-through-mirkwood"],
                              rounds=1)
    await p.rats.register(tid, ANNA, "Rangers", [(ANNA, tournament_deck("leadership", "lore"))])
    await p.rats.register(tid, BERT, "Wardens", [(BERT, tournament_deck("tactics", "spirit"))])
    await p.rats.pair(tid, ORGANIZER)
    with pytest.raises(RuleError, match="no hero called 'Sauron'"):
        await p.rats.pick_heroes(tid, ANNA, ["Sauron"])
    with pytest.raises(RuleError, match="4 heroes; a deck has 1 to 3"):
        await p.rats.pick_heroes(tid, ANNA, ["Gimli", "Legolas", "Thalin", "Aragorn"])
    said = await p.rats.pick_heroes(tid, ANNA, ["gimli", "Legolas"])
    assert said == "Anna plays Gimli, Legolas in round 1."
    # Bert picks none ("may select", C 15.3.2): his deck's own heroes
    ((_, game_a, game_b),) = await p.rats.start_round(tid, ORGANIZER)
    with pytest.raises(RuleError, match="before the round begins"):
        await p.rats.pick_heroes(tid, ANNA, ["Gimli"])
    match = await p.rats.match_of_game(game_a)
    assert match is not None
    anna_game, bert_game = (game_a, game_b) if match.team_a == 1 else (game_b, game_a)
    anna = await p.service.stored_state(anna_game)
    assert sorted(c.name for c in anna.players[0].play.cards) == ["Gimli", "Legolas"]
    bert = await p.service.stored_state(bert_game)
    assert sorted(c.name for c in bert.players[0].play.cards) == ["Gimli", "Legolas", "Thalin"]
    await p.stop()


@pytest.mark.postgres
async def test_the_same_on_postgresql(pg_url: str):
    """The tournament tables, the clock's compare-and-set and the gate on PostgreSQL."""
    await test_the_organizer_pauses_a_table_adjusts_a_clock_and_drops_a_team(pg_url)
    await test_the_timers_are_armed_for_the_next_announcement_and_the_sweep_is_idempotent(pg_url)


async def test_the_organizer_pairs_a_round_again_before_it_starts(sqlite_url: str):
    clock = FakeClock()
    p = await a_process(sqlite_url, clock, seeds=[3])
    tid = await p.rats.create(ORGANIZER, "Trio", place=PLACE, scenarios=["passage-through-mirkwood"], rounds=2)
    users = [User(id=30 + i, name=f"P{i}") for i in range(4)]
    for i, u in enumerate(users):
        await p.rats.register(tid, u, f"Team {i}", [(u, tournament_deck("leadership", "lore"))])
    posted = await p.rats.pair(tid, ORGANIZER)
    assert "has the bye" not in posted
    await p.rats.drop(tid, ORGANIZER, 4)
    again = await p.rats.repair(tid, ORGANIZER)
    assert "Pairings changed by the organizer" in again and "has the bye" in again and "team 4" not in again
    t = await p.rats.tournament(tid)
    assert len(t.rounds) == 1 and {n for m in t.rounds[0].matches for n in m.teams()} == {1, 2, 3}
    await p.rats.start_round(tid, ORGANIZER)
    with pytest.raises(RuleError, match="has started"):
        await p.rats.repair(tid, ORGANIZER)
    await p.stop()


async def test_the_team_whose_phase_group_it_is_not_cannot_undo_either(sqlite_url: str):
    clock = FakeClock()
    p, tid, match, users = await ready_match(sqlite_url, clock)
    game_b = match.game_b or 0
    with pytest.raises(RuleError, match="your team plays when they hit the clock"):
        await p.service.undo(game_b, users[game_b])
    await p.stop()


async def test_a_paused_clock_cannot_be_hit(sqlite_url: str):
    clock = FakeClock()
    p, tid, match, users = await ready_match(sqlite_url, clock)
    first = users[match.game_a or 0]
    await p.rats.pause(tid, first, clock.advance(seconds=10))
    with pytest.raises(RuleError, match="resume it first"):
        await p.rats.hit(tid, first, clock.advance(seconds=10))
    face = await p.rats.clock_face(match.id or 0, clock.now)
    assert face.active == "a" and face.paused
    await p.stop()


async def test_a_job_that_rings_early_is_set_again(sqlite_url: str):
    clock = FakeClock()
    p, tid, match, users = await ready_match(sqlite_url, clock)
    armed = p.timers.armed[match.id or 0]
    job = p.scheduler.aps.get_job(f"rats:{match.id}")
    clock.now = armed - timedelta(seconds=30)  # the wall clock ran ahead of ours
    await job.func(*job.args)
    assert p.timers.armed[match.id or 0] == armed and p.scheduler.aps.get_job(f"rats:{match.id}") is not None
    await p.stop()


async def test_a_match_game_is_not_abandoned_while_its_race_runs(sqlite_url: str):
    """The result of a race is the clock's and the organizer's (spec 8.6), never a side effect of /game abandon:
    while the match is played it is refused, naming the organizer's verbs; once decided the game may go."""
    clock = FakeClock()
    p, tid, match, users = await ready_match(sqlite_url, clock)
    game_a = match.game_a or 0
    admin = User(id=77, name="Admin", is_admin=True)
    for who in (users[game_a], admin):
        with pytest.raises(RuleError, match=r"Ask the organizer.*/rats result.*/rats drop"):
            await p.service.abandon(game_a, who)
    assert (await p.service.ref(game_a)).status == "active"
    face = await p.rats.clock_face(match.id or 0, clock.now)
    assert face.running and not face.finished
    await p.rats.record(tid, ORGANIZER, 1, f"win {match.team_b}")
    assert (await p.service.abandon(game_a, users[game_a])).status == "abandoned"
    await p.stop()
