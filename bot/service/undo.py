"""Undo: a player takes back the last step, at once when it was their own and revealed nothing; otherwise the
other seats are asked and it happens when all agree. The state after an undo is the replay of the journal up
to the step before, from the nearest snapshot; the undo itself is journaled, so replays and crash recovery
see it like any other entry.

Functions on the service's core, run in its transactions and under its locks; `Service.undo` and
`Service.consent_undo` are the entry points.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import TYPE_CHECKING

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from bot.service import absent, history
from bot.service.core import events_json
from bot.service.guard import seats_of
from bot.service.types import NotAllowed, Notice, NotSeated, UndoAsk, User
from bot.store import snapshots
from bot.store.models import GameRow, GameStatus, JournalKind, JournalRow, SeatRow, SnapshotRow, UndoRequest
from engines import registry
from engines.core import Event, RuleError, codec

if TYPE_CHECKING:
    from bot.service.core import Core


def as_seen(rows: list[JournalRow], seq: int) -> str:
    """Journal entry `seq` as the table saw it, to name it in an undo: by the lines it told everyone, never by its
    command. A command names cards by id, and ids follow the deck lists (engines/core/zones.py `Card`): the
    table read a card cycled face down from 'cycle-c71'."""
    row = next((r for r in rows if r.seq == seq), None)
    told = [] if row is None else [e.text for e in (codec.from_data(Event, x) for x in json.loads(row.events_json))
                                   if e.audience is None]
    if not told:
        return f"step {seq}"
    return f"step {seq} ({'; '.join(line.rstrip('.') for line in told[:2])}{'; ...' if len(told) > 2 else ''})"


async def ask(svc: Core, game_id: int, user: User, at: datetime | None = None) -> str:
    """Take back the last command: at once if it was the user's own and crossed no barrier; otherwise
    ask the other seats for consent.

    `at` is when the user asked (the interaction's own timestamp). A request is about the game as its
    sender saw it then, so one that finds an undo of theirs applied since was sent before they could see
    that undo's result: the same request again (Discord retried it, a double click). It changes nothing
    and says so, rather than taking back a second step, as a repeated answer finds its decision closed.
    (`at` is Discord's clock, the journal's times ours; they agree far closer than a person can click.)"""

    async def attempt() -> tuple[str, Notice | None]:
        async with svc.db.session() as s:
            row = await svc.load_row(s, game_id, user)
            if row.status != GameStatus.ACTIVE:
                raise RuleError(f"Game {game_id} is not being played; there is nothing to undo.")
            seats = await svc.load_seats(s, game_id)
            mine = seats_of(seats, user)  # the seated user, or a delegate they named, as for a move
            if not mine:
                raise NotSeated(f"You are not seated in game {game_id}.")
            rows = await svc.journal(s, game_id)
            repeated = history.undone_since(rows, set(mine), at) if at is not None else None
            if repeated is not None:
                # named as the table saw it: the step may be another seat's, its command their hidden cards' ids
                said = f"Already undone: {as_seen(rows, repeated)} was taken back as you asked. "
                return said + "Nothing more is undone; ask again to take back another step.", None
            entries = history.effective(rows)
            last = entries[-1] if entries else None
            # One who acts for several seats asks as the seat whose step it is, if theirs, like `acting_seat`.
            me = last.seat if last is not None and last.seat in mine else mine[0]
            for gate in svc.gates:  # taking a move back is acting too
                await gate(s, row, me, svc.clock())
            if last is None:
                raise RuleError("There is nothing to undo.")
            await _replayable(s, row, rows, last)  # before anyone is asked to agree
            # The consent asked is of the seats the user does not act for: a delegate agrees for theirs.
            others = [r for r in seats if r.seat is not None and r.seat not in mine]
            if (last.seat == me and not last.barrier) or not others:
                return "Undone.", await _apply_undo(svc, s, row, seats, rows, last, me)
            asked = await _open_request(s, game_id, me, last.seq)
            if asked is not None:  # the same request again: the table is asked once
                agreed = json.loads(asked.consents_json)
                waiting = ", ".join(seat for seat in json.loads(asked.needs_json) if seat not in agreed)
                step = as_seen(rows, last.seq)
                return f"You have already asked to undo {step}; waiting for {waiting} to agree.", None
            # The game row first, as every writer does: taking the open request's row before it
            # deadlocked on PostgreSQL with a consent (game row, then request row) in another process.
            await svc.commit_version(s, row)
            await s.execute(
                update(UndoRequest)
                .where(
                    col(UndoRequest.game_id) == game_id,
                    col(UndoRequest.status) == "open",
                )
                .values(status="stale")
            )
            request = UndoRequest(
                game_id=game_id,
                requested_by=me,
                target_seq=last.seq,
                needs_json=json.dumps([r.seat for r in others]),
                created_at=svc.clock(),
            )
            s.add(request)
            await s.flush()
            reason = "it revealed hidden information" if last.barrier else f"it was {last.seat}'s move"
            step = as_seen(rows, last.seq)
            notice = Notice(
                ref=svc.ref_of(row),
                seats=svc.seat_infos(seats),
                public_lines=[
                    f"{me} asks to undo {step} ({reason}); {', '.join(r.seat or '' for r in others)} must agree."
                ],
                undo_ask=UndoAsk(
                    request_id=request.id or 0,
                    requested_by=me,
                    needs=svc.seat_infos(others),
                    step=step,
                ),
            )
            return "The other players have been asked to agree to the undo.", notice

    return await _run(svc, game_id, attempt)


async def consent(svc: Core, game_id: int, user: User, request_id: int, agree: bool) -> str:
    async def attempt() -> tuple[str, Notice | None]:
        async with svc.db.session() as s:
            row = await svc.load_row(s, game_id, user)
            request = await s.get(UndoRequest, request_id)
            seats = await svc.load_seats(s, game_id)
            mine = seats_of(seats, user)  # the seated user, or a delegate they named, as for a move
            if (  # the same click again, after the undo it completed
                request is not None
                and request.game_id == game_id
                and request.status == "applied"
                and set(mine) & set(json.loads(request.consents_json))
            ):
                return "Already undone: your consent was counted.", None
            if request is None or request.game_id != game_id or request.status != "open":
                raise RuleError("That undo request is no longer open.")
            needs: list[str] = json.loads(request.needs_json)
            # One who acts for several of the seats asked answers for all of them with one click.
            answering = [seat for seat in needs if seat in mine]
            if not answering:
                raise NotAllowed("Your consent is not needed for this undo.")
            rows = await svc.journal(s, game_id)
            entries = history.effective(rows)
            if not entries or entries[-1].seq != request.target_seq:
                request.status = "stale"
                raise RuleError("That undo request is no longer open: the game has moved on.")
            await svc.commit_version(s, row)
            if not agree:
                request.status = "refused"
                return "Undo refused.", Notice(
                    ref=svc.ref_of(row),
                    seats=svc.seat_infos(seats),
                    public_lines=[f"{', '.join(answering)} refused the undo."],
                )
            consents = sorted({*json.loads(request.consents_json), *answering})
            request.consents_json = json.dumps(consents)
            if set(needs) - set(consents):
                return "Consent recorded.", None
            request.status = "applied"
            row.version += 1  # _apply_undo commits the next version itself
            notice = await _apply_undo(svc, s, row, seats, rows, entries[-1], request.requested_by)
            return "Undone.", notice

    return await _run(svc, game_id, attempt)


async def _run(svc: Core, game_id: int, attempt: Callable[[], Awaitable[tuple[str, Notice | None]]]) -> str:
    """The transaction, then what follows any step: the table told, the observers (a match clock), the
    automatic seats."""
    message, notice = await svc.retrying(game_id, attempt)
    await svc.notify(notice)
    await svc.observe(game_id, svc.clock())
    await absent.play_auto_seats(svc, game_id, notice)
    return message


async def _open_request(s: AsyncSession, game_id: int, seat: str, target_seq: int) -> UndoRequest | None:
    """`seat`'s open request to undo the step `target_seq`, if it made one."""
    result = await s.execute(
        select(UndoRequest).where(
            col(UndoRequest.game_id) == game_id,
            col(UndoRequest.status) == "open",
            col(UndoRequest.requested_by) == seat,
            col(UndoRequest.target_seq) == target_seq,
        )
    )
    return result.scalars().first()


async def _replayable(s: AsyncSession, row: GameRow, rows: list[JournalRow], target: history.Entry) -> None:
    """Refuse to take back `target` if rebuilding the state before it would replay a step played under another
    version of the game's rules (bot/service/history.py `OtherRules`): the bot was updated since."""
    result = await s.execute(select(col(SnapshotRow.seq)).where(col(SnapshotRow.game_id) == row.id))
    older = history.before_undo(rows, target.seq, result.scalars())
    game = registry.get(row.game)
    played = history.other_rules(game, history.replayed(rows, target.seq - 1, older))
    if played is not None:
        raise RuleError(refusal(rows, target, history.OtherRules(played, game.version)))


def refusal(rows: list[JournalRow], target: history.Entry, why: history.OtherRules) -> str:
    """Why `target` cannot be taken back, in the table's words."""
    since = "its set-up" if why.entry.seat is None else as_seen(rows, why.entry.seq)
    step = as_seen(rows, target.seq)
    return (f"{step[:1].upper()}{step[1:]} cannot be undone: taking it "
            f"back means playing the game again from {since}, which was played under version "
            f"{why.entry.engine_version or '?'} of these rules, and the bot has been updated to version {why.now} "
            "since. The new rules might not give back the game you saw, so nothing was changed. Adjustment "
            "commands can still set the table right.")


async def _snapshots(s: AsyncSession, game_id: int) -> dict[int, str]:
    result = await s.execute(
        select(col(SnapshotRow.seq), col(SnapshotRow.state_json)).where(col(SnapshotRow.game_id) == game_id)
    )
    return {seq: snapshots.unpack(text) for seq, text in result.all()}


async def _apply_undo(
    svc: Core,
    s: AsyncSession,
    row: GameRow,
    seats: list[SeatRow],
    rows: list[JournalRow],
    target: history.Entry,
    by: str,
) -> Notice:
    game = registry.get(row.game)
    before = await svc.state_of(s, row, game)
    stored = await _snapshots(s, row.id or 0)
    older = {seq: stored[seq] for seq in history.before_undo(rows, target.seq, stored)}
    try:
        state = history.rebuild(game, rows, target.seq - 1, older)
    except history.OtherRules as why:  # updated between the request and the last consent: nothing is changed
        raise RuleError(refusal(rows, target, why)) from None
    seq = row.journal_seq + 1
    await svc.commit_version(s, row, keeps_state=False, journal_seq=seq, status=GameStatus.ACTIVE)
    # The restored state becomes the newest snapshot, so the journal after it never holds an undo
    # (bot/store/snapshots.py). The snapshots of the abandoned commands stay: each is still the state at its
    # own seq, and deleting them would let a reader that read the row just before this commit find an older
    # snapshot and an undo in its tail (PostgreSQL reads each statement afresh).
    s.add(SnapshotRow(game_id=row.id or 0, seq=seq, state_json=snapshots.pack(codec.dumps(state)),
                      created_at=svc.clock()))
    events = [Event(text=f"{by} took back {as_seen(rows, target.seq)}.")]
    if target.seat is not None:  # the command itself, to the seat that gave it alone (`as_seen`)
        events.append(Event(text=f"(The command taken back: '{target.text}'.)", audience=[target.seat]))
    s.add(
        JournalRow(
            game_id=row.id or 0,
            seq=seq,
            kind=JournalKind.UNDO,
            seat=by,
            ref_seq=target.seq,
            text=f"undo {target.seq}",
            events_json=events_json(events),
            engine_version=game.version,
            rng=state.rng.algorithm,
            created_at=svc.clock(),
        )
    )
    svc.cache[row.id or 0] = (row.version + 1, state)
    notice = svc.notice(row, seats, game, before, state, events)
    await svc.sync_waits(s, row, seats, notice, by)
    return notice
