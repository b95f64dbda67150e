"""Deadlines (issue 4): when one passes the table is told, once; then the host, or a majority of the other
seats, extends it, skips the decision (the game's default answer, journaled as the bot's), or hands the seat to
the automatic seat until its player is back. Nothing happens by itself unless the host chose it."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select
from sqlmodel import col

from bot.pace import AtDeadline, Pace
from bot.scheduler import Scheduler
from bot.service import NotAllowed, Service
from bot.store.database import Database
from bot.store.models import JournalRow
from engines.core import RuleError, codec
from tests.bot.tables import move, waiting, waits_of
from tests.conftest import ALICE, BOB, CARA, DORI, PLAYERS, FakeClock, RecordingMessenger

THREE_DAYS = timedelta(days=3)


async def four_at_the_table(service: Service, pace: Pace) -> int:
    """Alice (host), Bob, Cara and Dori; everyone but Bob bids, so the game waits on Bob alone."""
    ref = await service.create("tally", ALICE, pace=pace)
    for user in PLAYERS[1:]:
        await service.join(ref.id, user)
    await service.start(ref.id, ALICE)
    for seat in ("p1", "p3", "p4"):
        await move(service, ref.id, seat)
    assert await waiting(service, ref.id) == ["p2"]
    return ref.id


async def pass_the_deadline(scheduler: Scheduler, clock: FakeClock, service: Service, game_id: int) -> int:
    """Move the clock to Bob's deadline and let the timers ring; the wait's id, from the table's buttons."""
    wait = (await waits_of(service, game_id))["p2"]
    assert wait.deadline_at is not None
    clock.now = wait.deadline_at
    await scheduler.sweep()  # the deadline, and the reminder due before it
    messenger = service.messenger
    assert isinstance(messenger, RecordingMessenger)
    asks = [n.deadline_ask for n in messenger.notices if n.deadline_ask]
    return asks[-1].wait_id if asks else 0


@pytest.fixture
async def scheduler(timed: Service):
    s = Scheduler(timed, fire=False)
    await s.start()
    yield s
    await s.stop()


async def test_a_passed_deadline_is_told_to_the_table_once_and_nothing_else_happens(
    timed: Service, messenger: RecordingMessenger, clock: FakeClock, scheduler: Scheduler
):
    t0 = clock.now
    game_id = await four_at_the_table(timed, Pace(deadline=THREE_DAYS))
    assert scheduler.armed()[f"deadline:{game_id}:p2"] == t0 + THREE_DAYS
    state_before = codec.dumps(await timed.stored_state(game_id))
    assert await scheduler.sweep(t0 + THREE_DAYS - timedelta(seconds=1)) == 1  # a reminder, not the deadline
    assert not any(n.deadline_ask for n in messenger.notices)

    clock.now = t0 + THREE_DAYS
    job = scheduler.job("deadline", game_id, "p2")
    await job.func(*job.args)
    asks = [n.deadline_ask for n in messenger.notices if n.deadline_ask]
    assert [(a.seat, a.name, a.deadline_at, a.allow_auto) for a in asks] == [("p2", "Bob", t0 + THREE_DAYS, False)]
    assert "Bob (p2) missed the deadline" in messenger.lines()[-1]
    await job.func(*job.args)  # a duplicate run
    clock.advance(days=5)
    await scheduler.sweep()  # reminders go on; the deadline is not told again
    assert len([n for n in messenger.notices if n.deadline_ask]) == 1
    assert codec.dumps(await timed.stored_state(game_id)) == state_before  # nothing happened by itself
    assert (await waits_of(timed, game_id))["p2"].deadline_passed


async def test_the_host_extends_a_deadline(
    timed: Service, messenger: RecordingMessenger, clock: FakeClock, scheduler: Scheduler
):
    game_id = await four_at_the_table(timed, Pace(deadline=THREE_DAYS))
    wait_id = await pass_the_deadline(scheduler, clock, timed, game_id)
    clock.advance(hours=5)
    assert await timed.tempo.decide(game_id, ALICE, wait_id, "extend") == "Extended."
    wait = (await waits_of(timed, game_id))["p2"]
    assert wait.deadline_at == clock.now + THREE_DAYS and not wait.deadline_passed
    assert scheduler.armed()[f"deadline:{game_id}:p2"] == clock.now + THREE_DAYS
    assert "deadline is extended" in messenger.lines()[-1]
    with pytest.raises(RuleError, match="no longer open"):
        await timed.tempo.decide(game_id, ALICE, wait_id, "skip")  # that deadline is settled


async def test_a_majority_of_the_other_seats_skips_with_the_games_default_answer(
    timed: Service, messenger: RecordingMessenger, clock: FakeClock, scheduler: Scheduler, db: Database
):
    game_id = await four_at_the_table(timed, Pace(deadline=THREE_DAYS))
    wait_id = await pass_the_deadline(scheduler, clock, timed, game_id)
    with pytest.raises(NotAllowed, match="your own deadline"):
        await timed.tempo.decide(game_id, BOB, wait_id, "skip")
    assert "1 of 2" in await timed.tempo.decide(game_id, CARA, wait_id, "skip")
    assert await waiting(timed, game_id) == ["p2"]  # one vote of three others is not a majority
    assert await timed.tempo.decide(game_id, DORI, wait_id, "skip") == "Skipped."
    state = await timed.stored_state(game_id)
    assert len(state.pile.cards) == 4 and not state.bids.cards  # Bob's bid was made: all four are revealed
    async with db.session() as s:
        last = (await s.execute(select(JournalRow).where(col(JournalRow.game_id) == game_id)
                                .order_by(col(JournalRow.seq).desc()))).scalars().first()
    assert last is not None and (last.seat, last.user_id) == ("p2", None)  # journaled, played by the bot
    assert last.text.startswith("answer ")
    assert any("the bot answers for p2" in line for line in messenger.lines())
    replayed = await timed.replay(game_id)
    assert codec.dumps(replayed) == codec.dumps(await timed.stored_state(game_id))  # it replays like any move


async def test_the_automatic_seat_plays_until_the_player_is_back(
    timed: Service, messenger: RecordingMessenger, clock: FakeClock, scheduler: Scheduler
):
    game_id = await four_at_the_table(timed, Pace(deadline=THREE_DAYS))
    wait_id = await pass_the_deadline(scheduler, clock, timed, game_id)
    with pytest.raises(NotAllowed, match="not allowed the automatic seat"):
        await timed.tempo.decide(game_id, ALICE, wait_id, "auto")
    await timed.tempo.set_pace(game_id, ALICE, allow_auto=True)
    assert await timed.tempo.decide(game_id, ALICE, wait_id, "auto") == "The automatic seat is on."
    reminded = len(messenger.reminders())
    for _ in range(8):  # the others play on; p2 never holds the game up
        seats = await waiting(timed, game_id)
        if not seats:
            break
        assert "p2" not in seats
        await move(timed, game_id, seats[0], draw=True)
        clock.advance(days=2)
        await scheduler.sweep()
    assert any("Automatic seat: the bot answers for p2" in line for line in messenger.lines())
    assert not any(r.seat == "p2" for r in messenger.reminders()[reminded:])  # nobody to remind
    state = await timed.stored_state(game_id)
    if state.outcome is None:
        assert await timed.tempo.back(game_id, BOB) == "Welcome back: your seat is yours again."
        with pytest.raises(RuleError, match="not playing for you"):
            await timed.tempo.back(game_id, BOB)


async def test_what_happens_by_itself_is_only_what_the_host_chose(
    timed: Service, messenger: RecordingMessenger, clock: FakeClock, scheduler: Scheduler
):
    """The host turned on skipping at the deadline: the deadline passes and Bob's bid is made for him."""
    game_id = await four_at_the_table(timed, Pace(deadline=THREE_DAYS, at_deadline=AtDeadline.SKIP))
    await pass_the_deadline(scheduler, clock, timed, game_id)
    assert not any(n.deadline_ask for n in messenger.notices)
    state = await timed.stored_state(game_id)
    assert len(state.pile.cards) == 4 and not state.bids.cards  # Bob's bid was made: all four are revealed
    assert any("their open decisions are skipped" in line for line in messenger.lines())
    assert any("Deadline passed: the bot answers for p2" in line for line in messenger.lines())


async def test_only_the_host_sets_the_pace(timed: Service, clock: FakeClock):
    game_id = await four_at_the_table(timed, Pace())
    with pytest.raises(NotAllowed, match="Only the host"):
        await timed.tempo.set_pace(game_id, BOB, deadline=THREE_DAYS)
    pace = await timed.tempo.set_pace(game_id, ALICE, deadline=THREE_DAYS)
    assert pace.deadline == THREE_DAYS
    wait = (await waits_of(timed, game_id))["p2"]
    assert wait.deadline_at == wait.since + THREE_DAYS  # a running wait gets the new deadline at once
