"""Who may act for a seat, who may run the table, pausing, and the limits (issue 7, Security), through the
service on a real SQLite file. Every refusal is checked to change nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.pace import Pace
from bot.scheduler import Scheduler
from bot.service import NotAllowed, NotSeated, Service, User
from bot.service.limits import LimitReached, Limits, RateLimiter
from bot.store.database import Database
from bot.store.models import GuildSettings
from engines.core import RuleError
from tests.bot.tables import move, waits_of
from tests.conftest import ALICE, BOB, CARA, FakeClock, RecordingMessenger, started_game

ADMIN = User(id=900, name="Admin", is_admin=True)


def first_answer(state, seat: str) -> str:
    d = next(d for d in state.decisions if d.seat == seat)
    return f"answer {d.id} {d.options[0].id}"


async def journal_length(service: Service, game_id: int) -> int:
    return len(await service.log(game_id, None, 10_000))


# --- only the seat's own player, or their delegate, acts for it ------------------------------------------
async def test_a_player_cannot_act_for_another_seat(service: Service):
    game_id = await started_game(service, players=2)
    state = await service.stored_state(game_id)
    before = await journal_length(service, game_id)
    bob_decision = next(d for d in state.decisions if d.seat == "p2")
    with pytest.raises(RuleError, match=rf"Decision {bob_decision.id} is for p2, not for p1\."):
        await service.act(game_id, ALICE, f"answer {bob_decision.id} {bob_decision.options[0].id}")
    with pytest.raises(NotSeated, match=r"You are not seated in game 1. No player named you"):
        await service.act(game_id, CARA, first_answer(state, "p1"))
    assert await journal_length(service, game_id) == before
    assert await service.stored_state(game_id) == state


async def test_a_delegate_acts_for_the_seat_until_revoked(service: Service, messenger: RecordingMessenger):
    """Bob names Cara (not seated) to act for him: she sees his hand and answers his decision; after he
    revokes it she is refused again."""
    game_id = await started_game(service, players=2)
    said = await service.guard.delegate(game_id, BOB, CARA)
    assert "Cara may now act for your seat" in said
    assert "Bob (p2) named Cara to act for their seat" in messenger.lines()[-1]
    _, view = await service.hand(game_id, CARA)
    assert view.seat == "p2" and view.private
    result = await service.act(game_id, CARA, first_answer(await service.stored_state(game_id), "p2"))
    assert result.seat == "p2"
    assert await service.log(game_id, CARA) == await service.log(game_id, BOB)  # his private lines too
    assert await service.log(game_id, CARA) != await service.log(game_id, None)

    await service.guard.delegate(game_id, BOB, None)
    assert "plays their own seat again" in messenger.lines()[-1]
    with pytest.raises(NotSeated):
        await service.hand(game_id, CARA)
    with pytest.raises(NotSeated):
        await service.act(game_id, CARA, "draw")
    with pytest.raises(RuleError, match="have not named anyone"):
        await service.guard.delegate(game_id, BOB, None)


async def test_a_seated_delegate_acts_for_the_seat_whose_decision_they_answer(service: Service):
    """Alice (p1) is also Bob's delegate: an answer to Bob's decision is played as p2, to hers as p1."""
    game_id = await started_game(service, players=2)
    await service.guard.delegate(game_id, BOB, ALICE)
    state = await service.stored_state(game_id)
    assert (await service.act(game_id, ALICE, first_answer(state, "p2"))).seat == "p2"
    state = await service.stored_state(game_id)
    assert (await service.act(game_id, ALICE, first_answer(state, "p1"))).seat == "p1"


async def test_a_delegate_undoes_consents_and_nudges_for_the_seat(service: Service, messenger: RecordingMessenger):
    """Cara acts for Bob (p2): as for a move, she may nudge, ask for an undo and agree to one for his seat."""
    game_id = await started_game(service, players=2)
    await service.guard.delegate(game_id, BOB, CARA)
    await service.act(game_id, CARA, first_answer(await service.stored_state(game_id), "p2"))
    assert await service.tempo.nudge(game_id, CARA) == "Nudged Alice."
    await service.act(game_id, ALICE, first_answer(await service.stored_state(game_id), "p1"))  # reveals the bids

    assert "asked to agree" in await service.undo(game_id, CARA)
    ask = messenger.notices[-1].undo_ask
    assert ask is not None and ask.requested_by == "p2" and [s.seat for s in ask.needs] == ["p1"]
    assert await service.consent_undo(game_id, ALICE, ask.request_id, True) == "Undone."

    await service.act(game_id, ALICE, first_answer(await service.stored_state(game_id), "p1"))
    assert "asked to agree" in await service.undo(game_id, ALICE)
    ask = messenger.notices[-1].undo_ask
    assert ask is not None and [s.seat for s in ask.needs] == ["p2"]
    assert await service.consent_undo(game_id, CARA, ask.request_id, True) == "Undone."
    assert [d.seat for d in (await service.stored_state(game_id)).decisions] == ["p1"]
    with pytest.raises(RuleError, match="Alice was nudged"):  # once a day, by a delegate too
        await service.tempo.nudge(game_id, CARA)


async def test_only_a_seated_player_names_a_delegate(service: Service):
    game_id = await started_game(service, players=2)
    with pytest.raises(NotSeated, match="only a seated player names a delegate"):
        await service.guard.delegate(game_id, CARA, ALICE)
    with pytest.raises(RuleError, match="already act for your own seat"):
        await service.guard.delegate(game_id, BOB, BOB)


# --- host-only and admin-only ---------------------------------------------------------------------------
async def test_host_only_commands_refuse_everyone_else(service: Service):
    ref = await service.create("tally", ALICE)
    await service.join(ref.id, BOB)
    with pytest.raises(NotAllowed, match=r"Only the host can start the game."):
        await service.start(ref.id, BOB)
    await service.start(ref.id, ALICE)
    with pytest.raises(NotAllowed, match=r"Only the host can change the pace."):
        await service.tempo.set_pace(ref.id, BOB, deadline=timedelta(days=2))
    with pytest.raises(NotAllowed, match=r"Only the host or a server admin can pause the game."):
        await service.guard.pause(ref.id, BOB)
    with pytest.raises(NotAllowed, match=r"Only the host or a server admin can abandon the game."):
        await service.abandon(ref.id, BOB)
    assert (await service.ref(ref.id)).status == "active"
    await service.guard.pause(ref.id, ALICE)
    with pytest.raises(NotAllowed, match=r"Only the host or a server admin can resume the game."):
        await service.guard.resume(ref.id, BOB)
    assert (await service.ref(ref.id)).status == "paused"


async def test_a_server_admin_can_always_pause_resume_and_abandon(service: Service):
    game_id = await started_game(service, players=2)
    await service.guard.pause(game_id, ADMIN, "a dispute")
    assert (await service.ref(game_id)).status == "paused"
    assert "Admin paused the game: a dispute." in (await service.log(game_id, None))[-1]
    await service.guard.resume(game_id, ADMIN)
    assert (await service.ref(game_id)).status == "active"
    await service.guard.pause(game_id, ADMIN)
    await service.abandon(game_id, ADMIN)  # a paused game can be abandoned too
    assert (await service.ref(game_id)).status == "abandoned"


# --- pausing ----------------------------------------------------------------------------------------------
async def test_a_paused_game_refuses_moves_with_a_clear_message(service: Service, messenger: RecordingMessenger):
    game_id = await started_game(service, players=2)
    state = await service.stored_state(game_id)
    await service.guard.pause(game_id, ALICE, "waiting for a rules answer")
    assert "Alice paused the game: waiting for a rules answer." in messenger.lines()[-1]
    with pytest.raises(RuleError, match=r"Game 1 is paused, so it takes no moves for now.*`/game resume`"):
        await service.act(game_id, BOB, first_answer(state, "p2"))
    with pytest.raises(RuleError, match="already paused"):
        await service.guard.pause(game_id, ALICE)
    with pytest.raises(RuleError):
        await service.undo(game_id, ALICE)
    with pytest.raises(RuleError):
        await service.tempo.nudge(game_id, ALICE)
    assert await service.stored_state(game_id) == state
    await service.guard.resume(game_id, ALICE)
    with pytest.raises(RuleError, match="is not paused"):
        await service.guard.resume(game_id, ALICE)
    await service.act(game_id, BOB, first_answer(state, "p2"))
    assert await service.replay(game_id) == await service.stored_state(game_id)  # pause rows are not moves


async def test_pausing_stops_the_timers_and_resuming_credits_the_paused_time(
    db: Database, messenger: RecordingMessenger, clock: FakeClock
):
    """Given a deadline of 3 days: paused for 2 days, no reminder or deadline rings, the timers are gone;
    on resume every reminder and deadline is 2 days later than before and the timers are set again."""
    service = Service(db, messenger, seed_source=lambda: 4242, clock=clock)
    scheduler = Scheduler(service, fire=False)
    await scheduler.start()
    try:
        ref = await service.create("tally", ALICE, pace=Pace(deadline=timedelta(days=3)))
        await service.join(ref.id, BOB)
        await service.start(ref.id, ALICE)
        await move(service, ref.id, "p1")
        before = (await waits_of(service, ref.id))["p2"]
        assert any(j.startswith(f"deadline:{ref.id}:p2") for j in scheduler.armed())

        clock.advance(hours=1)
        await service.guard.pause(ref.id, ALICE)
        assert not any(f":{ref.id}:" in j for j in scheduler.armed())
        clock.advance(days=4)  # past the old deadline and several reminders
        assert await scheduler.sweep(clock.now) == 0
        assert await service.alarms.deadline_due(ref.id, "p2", clock.now) is False

        said = await service.guard.resume(ref.id, ADMIN)
        assert "running again" in said
        assert "after 4 days" in messenger.lines()[-1] and "charged to nobody" in messenger.lines()[-1]
        after = (await waits_of(service, ref.id))["p2"]
        assert before.deadline_at and after.deadline_at == before.deadline_at + timedelta(days=4)
        assert before.next_reminder_at and after.next_reminder_at == before.next_reminder_at + timedelta(days=4)
        assert scheduler.armed()[f"deadline:{ref.id}:p2"] == after.deadline_at
    finally:
        await scheduler.stop()


async def test_the_bot_pauses_a_game_it_lost_only_once(service: Service, messenger: RecordingMessenger):
    game_id = await started_game(service, players=2)
    told = len(messenger.notices)
    ref = await service.guard.pause(game_id, None, "its thread was deleted")
    assert ref is not None and ref.status == "paused"
    assert len(messenger.notices) == told  # nothing is posted to a table that cannot be reached
    assert await service.guard.pause(game_id, None, "again") is None
    assert "The bot paused the game: its thread was deleted." in (await service.log(game_id, None))[-1]


# --- limits -------------------------------------------------------------------------------------------------
async def test_a_command_too_long_is_refused(service: Service):
    game_id = await started_game(service, players=2)
    with pytest.raises(LimitReached, match=r"too long \(501 characters; the limit is 500\)"):
        await service.act(game_id, ALICE, "x" * 501)


async def test_a_server_has_a_limit_of_open_games(db: Database, messenger: RecordingMessenger):
    from bot.service import Place

    service = Service(db, messenger, limits=Limits(open_games_per_server=2))
    here, there = Place(guild_id=1), Place(guild_id=2)
    first = await service.create("tally", ALICE, here)
    await service.create("tally", ALICE, here)
    with pytest.raises(LimitReached, match="already has 2 open games, its limit"):
        await service.create("tally", BOB, here)
    await service.create("tally", BOB, there)  # another server has its own count
    await service.abandon(first.id, ALICE)  # an abandoned game frees its place
    await service.create("tally", BOB, here)
    async with db.session() as s:  # a server's own limit wins over the default
        s.add(GuildSettings(guild_id=2, max_open_games=1))
    with pytest.raises(LimitReached, match="already has 1 open games"):
        await service.create("tally", BOB, there)


async def test_a_game_has_a_limit_of_journal_entries(db: Database, messenger: RecordingMessenger):
    service = Service(db, messenger, seed_source=lambda: 4242, limits=Limits(journal_entries=3))
    game_id = await started_game(service, players=2)  # the start is entry 1
    state = await service.stored_state(game_id)
    await service.act(game_id, ALICE, first_answer(state, "p1"))
    await service.act(game_id, BOB, first_answer(state, "p2"))
    state = await service.stored_state(game_id)
    seat = state.decisions[0].seat
    with pytest.raises(LimitReached, match="reached the limit of 3 journal entries"):
        await service.act(game_id, ALICE if seat == "p1" else BOB, first_answer(state, seat))
    assert await service.stored_state(game_id) == state


def test_the_rate_limit_counts_a_minute_per_user():
    now = [0.0]
    limiter = RateLimiter(3, clock=lambda: now[0])
    for _ in range(3):
        limiter.admit(1)
    with pytest.raises(LimitReached, match=r"at most 3 commands a minute. Try again in 60 seconds"):
        limiter.admit(1)
    limiter.admit(2)  # another user has their own minute
    now[0] = 45.0
    with pytest.raises(LimitReached, match="Try again in 15 seconds"):
        limiter.admit(1)
    now[0] = 60.0  # the first command is a minute old
    limiter.admit(1)
    RateLimiter(0).admit(1)  # 0: no limit
