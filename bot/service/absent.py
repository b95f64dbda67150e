"""The bot plays for an absent seat: a skipped deadline, and the automatic seat. Each answer is the game's
default (`Rules.default_answers`: pass, or the minimal legal choice, with fallbacks when the rules refuse
one), applied as that seat and journaled like any command, with no user: the bot played it.

Each move is its own transaction under the game's lock, and its notice goes out like any other, so the table
sees every move the bot makes for someone, and replays and undo treat them like the player's own.

A move the bot makes for a seat is that seat's move, so it passes the service's gates and observers as a
typed one does. In a Race Against the Shadow match (spec 8.5; C 15.3.3) that means the automatic seat
plays only in its team's phase group, on its team's clock, and its moves hand the clock over like the
players' own; the match sets it playing again when the clock turns to its team (bot/tournament/match.py).
We chose this over refusing the bot in match games: the team's own host chose the automatic seat for an
absent member, the race's rules say when a team plays, not who presses its buttons (a delegate may too), and
without it a team that lost a member would stall until its flag fell.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from sqlalchemy.ext.asyncio import AsyncSession

from bot.service.types import Notice
from bot.store.models import GameRow, GameStatus, SeatRow
from engines import registry
from engines.core import Answer, Decision, Event, RuleError, WestmarchError

if TYPE_CHECKING:
    from bot.service.core import Core

log = logging.getLogger(__name__)

MAX_STEPS = 200  # the bot's moves after one trigger: a table of automatic seats still stops


async def answer(
    svc: Core, s: AsyncSession, row: GameRow, seats: list[SeatRow], decision: Decision, why: str
) -> Callable[[], Notice] | None:
    """Answer `decision` for its seat with the first default the rules accept; returns what builds the
    notice after the commit. None if no answer is accepted."""
    game = registry.get(row.game)
    state = await svc.state_of(s, row, game)
    hook = getattr(game, "default_answers", None)  # every Rules engine has it; a bare Game may not
    candidates: list[Any] = list(hook(state, decision)) if hook is not None else [Answer(decision.id, ())]
    for command in candidates:
        try:
            game.apply(state, decision.seat, command)
        except RuleError:
            continue
        asked = "a private choice" if decision.private else decision.prompt  # a private prompt may name a hand
        said = [Event(text=f"{why}: the bot answers for {decision.seat} ({asked}).")]
        _, tell = await svc.commit_command(s, row, seats, game, state, decision.seat, command, None, None, said)
        return tell
    log.warning("game %s: no default answer accepted for decision %s", row.id, decision.id)
    return None


async def refusal(svc: Core, s: AsyncSession, row: GameRow, seat: str) -> str | None:
    """Why the service's gates refuse a move by `seat` now (a match team's clock is not running), or None."""
    for gate in svc.gates:
        try:
            await gate(s, row, seat, svc.clock())
        except WestmarchError as exc:
            return str(exc)
    return None


async def play_for(svc: Core, game_id: int, seat: str, why: str) -> int:
    """Skip: answer the seat's open decisions, each as its own command, but not the ones its answers open
    (the seat is skipped once, not handed to the bot). Returns how many were answered. A skip a gate refuses
    is not made (the decisions stay open for the player), and the table is told why."""
    first: set[int] | None = None
    refused: str | None = None

    async def attempt() -> Callable[[], Notice] | None:
        async with svc.db.session() as s:
            row = await svc.load_row(s, game_id)
            if row.status != GameStatus.ACTIVE:
                return None
            game = registry.get(row.game)
            nonlocal first
            mine = [d for d in game.pending(await svc.state_of(s, row, game)) if d.seat == seat]
            first = {d.id for d in mine} if first is None else first
            todo = [d for d in mine if d.id in first]
            if not todo:
                return None
            nonlocal refused
            refused = await refusal(svc, s, row, seat)
            if refused is not None:
                return None
            return await answer(svc, s, row, await svc.load_seats(s, game_id), todo[0], why)

    done = await _repeat(svc, game_id, attempt)
    if refused is not None and not done:
        line = f"{why}: the bot does not play for {seat} now. {refused}"
        async with svc.db.session() as s:
            row = await svc.load_row(s, game_id)
            seats = svc.seat_infos(await svc.load_seats(s, game_id))
        await svc.notify(Notice(ref=svc.ref_of(row), seats=seats, public_lines=[line]))
    return done


async def play_auto_seats(svc: Core, game_id: int, after: Notice | None = None) -> int:
    """While seats are handed to the automatic seat, answer their decisions as they open. With `after` (the
    notice of the commit that just happened), nothing is read unless an automatic seat is waited on."""
    if after is not None and not any(w.auto for w in after.waits or []):
        return 0  # the common case costs nothing

    async def attempt() -> Callable[[], Notice] | None:
        async with svc.db.session() as s:
            row = await svc.load_row(s, game_id)
            if row.status != GameStatus.ACTIVE:
                return None
            seats = await svc.load_seats(s, game_id)
            auto = {r.seat for r in seats if r.auto_play and r.seat}
            game = registry.get(row.game)
            todo = [d for d in game.pending(await svc.state_of(s, row, game)) if d.seat in auto]
            if not todo or await refusal(svc, s, row, todo[0].seat) is not None:
                return None  # a match team's automatic seat waits for its clock (bot/tournament/match.py)
            return await answer(svc, s, row, seats, todo[0], "Automatic seat")

    return await _repeat(svc, game_id, attempt)


async def _repeat(svc: Core, game_id: int, attempt: Callable[[], Awaitable[Callable[[], Notice] | None]]) -> int:
    done = 0
    for _ in range(MAX_STEPS):
        tell = await svc.retrying(game_id, attempt)
        if tell is None:
            break
        done += 1
        await svc.notify(tell())
        await svc.observe(game_id, svc.clock())  # e.g. the move ended the team's phase group: hit its clock
    return done
