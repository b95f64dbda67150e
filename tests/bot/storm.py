"""A storm of concurrent commands on one game, from seated and unseated users, through one service or
several (several processes' worth, each with its own Database): what must come out of it is exactly one
answer applied per decision, a clear refusal for every other command, no deadlock, and a journal with no
gap that replays to the stored state."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable
from dataclasses import dataclass, field

from sqlalchemy import select
from sqlmodel import col

from bot.service import NotSeated, Service, User
from bot.service.history import effective
from bot.service.types import ActResult
from bot.store.database import Database
from bot.store.models import JournalKind, JournalRow, UndoRequest
from engines.core import StaleDecision, WestmarchError, codec
from tests.conftest import PLAYERS, started_game

STORM = 64
DEADLOCK_SECONDS = 60
SEATED = PLAYERS  # Alice (p1), Bob (p2), Cara (p3), Dori (p4)
STRANGERS = [User(id=900 + i, name=f"Onlooker {i}") for i in range(STORM)]


@dataclass
class Round:
    applied: list[ActResult] = field(default_factory=list)
    stale: list[StaleDecision] = field(default_factory=list)
    not_seated: list[NotSeated] = field(default_factory=list)
    other: list[BaseException] = field(default_factory=list)


async def storm_round(services: list[Service], game_id: int) -> tuple[Round, set[int]]:
    """Fire STORM commands at once at the game's open decisions: each seat that has one sends several
    answers to it (different options), and strangers fill the rest. Returns what came back and the ids of
    the decisions that were open."""
    state = await services[0].stored_state(game_id)
    open_now = list(state.decisions)
    assert open_now, "the game waits on nobody"
    sends: list[tuple[User, str]] = []
    per_seat = STORM // 2 // len(open_now)
    for d in open_now:
        who = SEATED[int(d.seat[1:]) - 1]
        sends += [(who, f"answer {d.id} {d.options[i % len(d.options)].id}") for i in range(per_seat)]
    strangers = iter(STRANGERS)
    while len(sends) < STORM:
        d = open_now[len(sends) % len(open_now)]
        sends.append((next(strangers), f"answer {d.id} {d.options[0].id}"))
    calls = [services[i % len(services)].act(game_id, who, text) for i, (who, text) in enumerate(sends)]
    results = await asyncio.wait_for(asyncio.gather(*calls, return_exceptions=True), DEADLOCK_SECONDS)
    out = Round()
    for r in results:
        if isinstance(r, ActResult):
            out.applied.append(r)
        elif isinstance(r, StaleDecision):
            out.stale.append(r)
        elif isinstance(r, NotSeated):
            out.not_seated.append(r)
        else:
            out.other.append(r)
    return out, {d.id for d in open_now}


async def storm_game(services: list[Service], game_id: int, rounds: int) -> None:
    """Several storms, one after another, each checked; then the journal and the replay."""
    await storm_games(services, [game_id], rounds)


async def storm_games(services: list[Service], game_ids: list[int], rounds: int) -> None:
    """Storms on several games at once (their players may be the same people), each round checked per game;
    then every game's journal and replay."""
    refusals: dict[str, int] = {"stale": 0, "not seated": 0}
    for _ in range(rounds):
        live = [g for g in game_ids if not (await services[0].stored_state(g)).outcome]
        if not live:
            break
        for game_id, (out, decisions) in zip(live, await asyncio.gather(*(storm_round(services, g) for g in live)),
                                             strict=True):
            assert not out.other, out.other
            answered = sorted(int(r.command.split()[1]) for r in out.applied)
            assert answered == sorted(decisions)  # exactly one answer applied per decision
            assert len(out.applied) + len(out.stale) + len(out.not_seated) == STORM
            # Once the game is over, everyone (seated or not) is told the choice is no longer open.
            assert all("no longer open" in str(e) for e in out.stale)
            assert all(f"not seated in game {game_id}" in str(e) for e in out.not_seated)
            refusals["stale"] += len(out.stale)
            refusals["not seated"] += len(out.not_seated)
    assert all(refusals.values()), refusals
    for game_id in game_ids:
        await check_journal(services, game_id)


async def check_journal(services: list[Service], game_id: int) -> None:
    async with services[0].db.session() as s:
        rows = list((await s.execute(select(JournalRow).where(col(JournalRow.game_id) == game_id))).scalars())
    seqs = sorted(r.seq for r in rows)
    assert seqs == list(range(1, len(seqs) + 1))  # no gap, no duplicate
    in_effect = {e.seq for e in effective(rows)}  # an undone answer's decision may be answered again
    commands = [r for r in rows if r.kind == JournalKind.COMMAND and r.seq in in_effect]
    assert len({r.decision_id for r in commands}) == len(commands)  # no decision answered twice
    for service in services:  # every process sees the state the journal replays to
        stored = codec.dumps(await service.stored_state(game_id))
        assert stored == codec.dumps(await service.replay(game_id))


async def take_turns(url: str) -> None:
    """Two processes' worth of services commit to one game by turns, each answering the decision a third
    party reads from the database; both then hold the state the journal replays to."""
    db_a, db_b = Database(url), Database(url)
    try:
        a, b = Service(db_a, seed_source=lambda: 8), Service(db_b)
        game_id = await started_game(a, players=2)
        for service in (a, b, a, b, a, b, a, b):
            state = await Service(db_a).stored_state(game_id)  # a fresh reader: no cache of its own
            if state.outcome:
                break
            for d in state.decisions:  # both bids at the start, then one turn at a time
                ids = [o.id for o in d.options]
                await service.answer(game_id, SEATED[int(d.seat[1:]) - 1], d.id, "draw" if "draw" in ids else ids[0])
        for service in (a, b):
            assert codec.dumps(await service.stored_state(game_id)) == codec.dumps(await a.replay(game_id))
    finally:
        await db_a.close()
        await db_b.close()


async def race_undos(services: list[Service], game_id: int, rounds: int, seed: int) -> None:
    """Answers, undo requests and consents to them, from both seats through every service at once, round after
    round: only refusals with words may come back (no deadlock, no database error), and the journal stays
    whole."""
    rnd = random.Random(seed)
    for _ in range(rounds):
        state = await Service(services[0].db).stored_state(game_id)
        if state.outcome:
            break
        async with services[0].db.session() as s:
            query = select(col(UndoRequest.id)).where(col(UndoRequest.game_id) == game_id)
            newest = await s.execute(query.order_by(col(UndoRequest.id).desc()).limit(1))
            requests = [i for i in newest.scalars() if i]
        calls: list[Awaitable[object]] = []
        for _ in range(12):
            service, who, pick = rnd.choice(services), rnd.choice(SEATED[:2]), rnd.random()
            if pick < 0.5 and state.decisions:
                d = rnd.choice(state.decisions)
                calls.append(service.answer(game_id, who, d.id, rnd.choice(d.options).id))
            elif pick < 0.75 or not requests:
                calls.append(service.undo(game_id, who))
            else:
                calls.append(service.consent_undo(game_id, who, requests[0], rnd.random() < 0.8))
        results = await asyncio.wait_for(asyncio.gather(*calls, return_exceptions=True), DEADLOCK_SECONDS)
        failures = [r for r in results if isinstance(r, BaseException) and not isinstance(r, WestmarchError)]
        assert not failures, failures
    await check_journal(services, game_id)
