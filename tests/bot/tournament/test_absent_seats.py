"""The bot playing for an absent seat in a match game (bot/service/absent.py): it obeys the match's gate like
any player (C 15.3.3: only the team whose phase group it is plays), and plays when the clock turns to it."""

from __future__ import annotations

from sqlalchemy import update
from sqlmodel import col

from bot.service import absent
from bot.store.models import SeatRow
from bot.tournament.desk import DECIDED
from engines.core import codec
from engines.tournament.race import phase_group
from tests.bot.tournament.helpers import Process
from tests.bot.tournament.test_clock_service import moves, ready_match
from tests.conftest import FakeClock, RecordingMessenger


async def hand_to_the_automatic_seat(p: Process, game_id: int) -> None:
    """As the team's host would after a missed deadline (`/game pace at=auto`, or the table's vote)."""
    async with p.db.session() as s:
        await s.execute(update(SeatRow).where(col(SeatRow.game_id) == game_id).values(auto_play=True))


async def test_the_automatic_seat_waits_for_its_teams_phase_group_then_plays_it(sqlite_url: str):
    """Given the clocks running for team A and team B's seat handed to the automatic seat, when the bot is
    asked to play for B, then it plays nothing; when A ends its Resource and Planning, then the automatic
    seat plays B's at once and the clock turns back to A."""
    clock = FakeClock()
    p, tid, match, users = await ready_match(sqlite_url, clock)
    game_a, game_b = match.game_a or 0, match.game_b or 0
    await hand_to_the_automatic_seat(p, game_b)
    before = codec.dumps(await p.service.stored_state(game_b))
    assert await absent.play_auto_seats(p.service.core, game_b) == 0
    assert codec.dumps(await p.service.stored_state(game_b)) == before
    assert (await p.rats.clock_face(match.id or 0, clock.now)).active == "a"

    await moves(p, clock, game_a, users[game_a], lambda s: phase_group(s) == (1, 1))
    assert phase_group(await p.service.stored_state(game_b)) == (1, 2)  # B's Resource and Planning, played
    assert (await p.rats.clock_face(match.id or 0, clock.now)).active == "a"  # A's Quest and Travel now
    await p.stop()


async def test_a_skip_at_a_deadline_out_of_the_teams_phase_group_is_refused_with_words(sqlite_url: str):
    clock = FakeClock()
    p, tid, match, users = await ready_match(sqlite_url, clock)
    game_b = match.game_b or 0
    p.service.messenger = messenger = RecordingMessenger()
    before = codec.dumps(await p.service.stored_state(game_b))
    seat = (await p.service.seats(game_b))[0].seat or ""
    assert await absent.play_for(p.service.core, game_b, seat, "Deadline passed") == 0
    assert codec.dumps(await p.service.stored_state(game_b)) == before
    assert "the bot does not play for" in messenger.lines()[-1]
    assert "your team plays when they hit the clock" in messenger.lines()[-1]
    await p.stop()


async def test_two_teams_of_automatic_seats_race_to_a_result_without_a_nested_stack(sqlite_url: str):
    """Each hand-off starts the other team's automatic seat; the match drives them in a loop until decided."""
    clock = FakeClock()
    p, tid, match, users = await ready_match(sqlite_url, clock)
    for game in (match.game_a or 0, match.game_b or 0):
        await hand_to_the_automatic_seat(p, game)
    await absent.play_auto_seats(p.service.core, match.game_a or 0)
    decided = await p.rats.match_of_game(match.game_a or 0)
    assert decided is not None and decided.status == DECIDED
    assert not p.rats._driving
    await p.stop()
