"""A whole Race Against the Shadow tournament through the service (issue 5, 'Done when'): 7 teams, 3 Swiss
rounds, a test clock; every match played by the autoplay policy in two real LCG games gated by one clock.
One match is decided by a flag fall, one is a draw, each round has a bye, and the bot restarts while a clock
runs. Each match's result is predicted from its two games played alone by the pure engine and the scoring
rules (C 15.3.4), and the service must reach exactly that result through gating and clock hand-offs."""

from __future__ import annotations

import pytest

from bot.service import User
from engines.clock import MINUTE
from engines.tournament.model import Match, Result
from engines.tournament.scoring import Progress, judge
from engines.tournament.standings import champion, standings
from tests.bot.tournament.helpers import ORGANIZER, PLACE, a_process, play_match, solo, tournament_deck
from tests.conftest import FakeClock

# Built by tournament_deck() inside the test (the library may be swapped by others). Aragorn and Théodred pay
# for the Leadership cards and Éowyn for the Spirit ones.
HEROES = ("Aragorn", "Théodred", "Éowyn")
DECK = "rats-leadership-spirit-aragorn-théodred-éowyn"
USERS = [User(id=20 + i, name=f"Player {i}") for i in range(1, 8)]
# The game seeds of each round's tables, (team A's game, team B's game). Table 1 of round 1 gives both
# teams the same shuffle, so their games are the same game: they complete in the same phase group with the
# same score, a draw (C 15.3.4).
SEEDS = {1: [(14, 14), (3, 5), (27, 2)], 2: [(10, 12), (19, 25), (9, 3)], 3: [(12, 27), (10, 19), (14, 21)]}
FLAG = (1, 2)  # round 1, table 2: team B never moves once the clocks run, so its time runs out
RESTART = (3, 1)  # round 3, table 1: the bot goes away for 30 minutes while the clock runs


def predicted(m: Match, seeds: tuple[int, int], flag: bool) -> Result:
    if flag:  # R8: the stalled team is eliminated when its time runs out
        return Result(kind="win", winner=m.a, points={str(m.a): 5, str(m.b): 0})
    fa, fb = solo(seeds[0], DECK), solo(seeds[1], DECK)
    result = judge(m, Progress(round=fa.round, group=fa.group, finish=fa),
                   Progress(round=fb.round, group=fb.group, finish=fb))
    assert result is not None
    return result


def same(actual: Result | None, expected: Result) -> bool:
    return actual is not None and (actual.kind, actual.winner, actual.points) == (
        expected.kind, expected.winner, expected.points)


@pytest.mark.slow  # about a minute and a half: 18 LCG games through the service
async def test_seven_teams_three_rounds_from_registration_to_champion(sqlite_url: str):
    assert tournament_deck("leadership", "spirit", HEROES) == DECK
    clock = FakeClock()
    p = await a_process(sqlite_url, clock, seeds=[5, *[s for r in (1, 2, 3) for pair in SEEDS[r] for s in pair]])
    tid = await p.rats.create(ORGANIZER, "Autumn Race", place=PLACE, scenarios=["passage-through-mirkwood"], rounds=3)
    for i, user in enumerate(USERS, start=1):
        assert await p.rats.register(tid, user, f"Fellowship {i}", [(user, DECK)]) == i
    expected = {n: 0 for n in range(1, 8)}
    kinds: list[str] = []
    byes: list[int] = []
    for number in (1, 2, 3):
        posted = await p.rats.pair(tid, ORGANIZER)
        assert f"round {number} of 3" in posted and "45 minutes per team" in posted  # C 15.3.3, 15.3.5
        games = await p.rats.start_round(tid, ORGANIZER)
        matches = (await p.rats.tournament(tid)).rounds[-1].matches
        bye = next(m for m in matches if m.bye)
        byes.append(bye.a)
        expected[bye.a] += 5  # C 15.3.5: a bye counts as a Match Win
        assert len(games) == 3
        for (table, game_a, game_b), seeds in zip(games, SEEDS[number], strict=True):
            m = matches[table - 1]
            if (number, table) == FLAG:
                await play_match(p, clock, game_a, game_b, stall="b")
            elif (number, table) == RESTART:
                p = await restart_while_the_clock_runs(p, sqlite_url, clock, game_a, game_b)
                await play_match(p, clock, game_a, game_b)
            else:
                await play_match(p, clock, game_a, game_b)
            want = predicted(m, seeds, (number, table) == FLAG)
            got = (await p.rats.tournament(tid)).rounds[-1].matches[table - 1].result
            assert same(got, want), f"round {number} table {table}: {got} instead of {want}"
            assert got is not None
            kinds.append(got.kind if got.rule != "R8" else "flag")
            for team, points in want.points.items():
                expected[int(team)] += points
        posts = [text for _, text in p.said.lines]
        assert any(f"standings after {number} round" in line for line in posts)  # posted after each round
    assert kinds.count("flag") == 1 and "draw" in kinds
    assert len(set(byes)) == 3  # a different team has the bye each round
    said = "\n".join(text for _, text in p.said.lines)
    for line in ("has 10 minutes left", "has 5 minutes left", "has 1 minute left", "time has run out"):
        assert line in said
    drawn = solo(SEEDS[1][0][0], DECK)  # the draw: A completes first, and B is told it has its own group
    assert f"has its own Quest and Travel of round {drawn.round} to complete it too" in said
    t = await p.rats.tournament(tid)
    met = [frozenset(m.teams()) for r in t.rounds for m in r.matches if not m.bye]
    assert len(met) == len(set(met)) == 9  # no rematch
    assert {s.team: s.points for s in standings(t)} == expected
    top = champion(t)
    assert top is not None and top.points == max(expected.values())
    assert f"Champion: {top.name}" in said
    await p.stop()


async def restart_while_the_clock_runs(p, url: str, clock: FakeClock, game_a: int, game_b: int):
    """Play a little, then the process dies; 30 minutes later a new one starts on the same database. The
    running clock has exactly the time it had when the bot went away (DESIGN 'Time': downtime charged to
    no one), and both teams are told."""
    await play_match(p, clock, game_a, game_b, stop_after=40)
    match = await p.rats.match_of_game(game_a)
    assert match is not None and match.status == "playing"
    before = await p.rats.clock_face(match.id or 0, clock.now)
    assert before.running
    await p.scheduler.beat()  # the last sign of life
    await p.stop(clean=False)
    clock.advance(minutes=30)
    p = await a_process(url, clock, said=p.said)
    after = await p.rats.clock_face(match.id or 0, clock.now)
    assert after.remaining_ms == before.remaining_ms and after.active == before.active
    assert after.remaining_ms[0] < 45 * MINUTE or after.remaining_ms[1] < 45 * MINUTE  # the clock had run
    assert "charged to neither clock" in p.said.lines[-1][1]
    clock.advance(minutes=2)  # and it runs again from the restart
    later = await p.rats.clock_face(match.id or 0, clock.now)
    side = 0 if later.active == "a" else 1
    assert later.remaining_ms[side] == before.remaining_ms[side] - 2 * MINUTE
    return p
