"""A real Westmarch process for the crash test (tests/bot/test_crash.py): it plays scripted legal commands
through the real Service on a real database and prints one line per commit, so a test can SIGKILL it at any
moment, start it again, and check that nothing acknowledged was lost and nothing was half-applied.

    python -m tests.bot.crash_driver URL --games 50 --commands 2000 [--lcg-every 10] [--intent FILE]

It always resumes from the database alone (a restart knows nothing else), and prints, flushed:

    START <game>                     the game is created, filled and started
    SEND <game> <user> <text>        about to send this command
    ACK <game> <seq> <text>          the command is committed as journal row <seq> (the user saw "done")
    ASKED <game> <message>           an undo request, or a consent to one, is committed (no journal row)
    RETRY <game> applied <seq> | RETRY <game> refused <message>     the resent command's fate (see below)
    DONE <commands>                  the journal holds the target number of commands (or every game is over)

Before sending, the command is also written to the intent file; after its ACK the file is removed. At start-up
an intent left by a killed run is sent again, exactly as a player whose click got no answer would click again:
the service must refuse it if it had been committed ("no longer open"), and apply it once if it had not.

The moves: Tally games draw while they can and then play (long games), and now and then the player who just
moved takes it back (undo: free after a play, with the other seats' consent after a draw); every
`--lcg-every`-th game is an LCG game played by tests/engines/lcg/autoplay.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from functools import partial
from pathlib import Path

from sqlalchemy import func, select
from sqlmodel import col

from bot.service import Service, User
from bot.store.database import Database
from bot.store.models import GameRow, GameStatus, JournalKind, JournalRow, UndoRequest
from engines import registry
from engines.core import WestmarchError
from tests.games.tally import GAME as TALLY

LCG_OPTIONS = "scenario=passage-through-mirkwood difficulty=easy"
UNDO_EVERY = 4  # a play whose seq is a multiple of this is taken back once, for free
ASK_EVERY = 9  # a draw (a barrier) whose seq is a multiple of this is taken back with the others' consent


def plan(number: int, lcg_every: int) -> tuple[str, int, str]:
    """Game `number` (1-based): which game, how many seats, which options."""
    if lcg_every and number % lcg_every == 0:
        return "lcg", 1 + number % 2, LCG_OPTIONS
    return "tally", 2 + number % 2, ""


def user(game_number: int, position: int) -> User:
    """Distinct players in every game: many users."""
    uid = 10_000 + game_number * 10 + position
    return User(id=uid, name=f"Player {uid}")


def say(line: str) -> None:
    print(line, flush=True)


class Driver:
    def __init__(
        self, service: Service, games: int, commands: int, lcg_every: int, intent: Path | None, seed: int
    ) -> None:
        self.service = service
        self.seed = seed
        self.db = service.db
        self.games = games
        self.commands = commands
        self.lcg_every = lcg_every
        self.intent = intent
        self._seats: dict[int, dict[str, int]] = {}  # game id -> seat -> user id (fixed once started)

    async def played(self) -> int:
        """Commands (and undos) in the journal of every game: the START rows are not commands."""
        async with self.db.session() as s:
            query = select(func.count()).select_from(JournalRow).where(col(JournalRow.kind) != JournalKind.START)
            return int((await s.execute(query)).scalar_one())

    async def rows(self) -> list[GameRow]:
        async with self.db.session() as s:
            return list((await s.execute(select(GameRow).order_by(col(GameRow.id)))).scalars())

    async def ensure_games(self) -> None:
        """Create, fill and start the planned games; a game left in its lobby by a kill is finished off."""
        rows = await self.rows()
        for number in range(1, self.games + 1):
            name, seats, options = plan(number, self.lcg_every)
            if number > len(rows):
                self.service.seed_source = partial(int, self.seed * 1000 + number)  # replayable runs
                rows.append(await self._created(name, user(number, 0), options))
            row = rows[number - 1]
            if row.status != GameStatus.LOBBY:
                continue
            joined = {s.user_id for s in await self.service.seats(row.id or 0)}
            for position in range(1, seats):
                if user(number, position).id not in joined:
                    await self.service.join(row.id or 0, user(number, position))
            await self.service.start(row.id or 0, user(number, 0))
            say(f"START {row.id}")

    async def _created(self, name: str, host: User, options: str) -> GameRow:
        ref = await self.service.create(name, host, options=options)
        async with self.db.session() as s:
            row = await s.get(GameRow, ref.id)
            assert row is not None
            return row

    async def retry_intent(self) -> None:
        if self.intent is None or not self.intent.exists():
            return
        text = self.intent.read_text(encoding="utf-8")
        try:
            data = json.loads(text)
        except ValueError:  # killed while writing it: that command was never sent
            self.intent.unlink()
            return
        game_id, uid, command = int(data["game"]), int(data["user"]), str(data["text"])
        if command.startswith("answer "):  # an answer names its decision: resending it is safe
            try:
                result = await self.service.act(game_id, User(id=uid, name=f"Player {uid}"), command)
            except WestmarchError as error:
                say(f"RETRY {game_id} refused {error.message}")
            else:
                say(f"RETRY {game_id} applied {result.seq}")
                say(f"ACK {game_id} {result.seq} {result.command}")
        self.intent.unlink()

    async def next_move(self, row: GameRow) -> tuple[User, str] | None:
        """The user and the command text of the game's next move, or None if it waits on nobody."""
        game_id = row.id or 0
        if game_id not in self._seats:
            self._seats[game_id] = {s.seat: s.user_id for s in await self.service.seats(game_id) if s.seat}
        seats = self._seats[game_id]
        state = await self.service.stored_state(game_id)
        if row.game == "lcg":
            from tests.engines.lcg.autoplay import next_move

            move = next_move(state)
            if move is None:
                return None
            seat, text = move
            return User(id=seats[seat], name=f"Player {seats[seat]}"), text
        asked = await self._open_undo_request(game_id)
        if asked is not None:  # the seats it needs agree, one by one
            request_id, seat = asked
            return User(id=seats[seat], name=f"Player {seats[seat]}"), f"yes {request_id}"
        undo = await self._undo_candidate(game_id)
        if undo is not None:
            return User(id=seats[undo], name=f"Player {seats[undo]}"), "undo"
        if not state.decisions:
            return None
        decision = state.decisions[0]
        ids = [o.id for o in decision.options]
        choice = "draw" if "draw" in ids else ids[0]
        return User(id=seats[decision.seat], name=f"Player {seats[decision.seat]}"), f"answer {decision.id} {choice}"

    async def _undo_candidate(self, game_id: int) -> str | None:
        """Sometimes, the seat that made the game's last command takes it back: for free when it crossed no
        barrier, else by asking the other seats (an undo request they then agree to)."""
        async with self.db.session() as s:
            query = select(JournalRow).where(col(JournalRow.game_id) == game_id).order_by(col(JournalRow.seq).desc())
            last = (await s.execute(query.limit(1))).scalar_one()
        if last.kind != JournalKind.COMMAND or last.seq % (ASK_EVERY if last.barrier else UNDO_EVERY):
            return None
        return last.seat  # the last row is a command, so no undo names it: it is in effect

    async def _open_undo_request(self, game_id: int) -> tuple[int, str] | None:
        """The game's open undo request and the first seat whose consent it still needs."""
        async with self.db.session() as s:
            query = select(UndoRequest).where(col(UndoRequest.game_id) == game_id, col(UndoRequest.status) == "open")
            request = (await s.execute(query.order_by(col(UndoRequest.id).desc()).limit(1))).scalar_one_or_none()
        if request is None:
            return None
        consents = set(json.loads(request.consents_json))
        waiting = [seat for seat in json.loads(request.needs_json) if seat not in consents]
        return (request.id or 0, waiting[0]) if waiting else None

    async def send(self, row: GameRow, who: User, text: str) -> bool:
        """Send one command; True if it wrote a journal row (a command or an undo), False if it only asked
        for an undo or agreed to one that still needs another seat."""
        game_id = row.id or 0
        if self.intent is not None:
            self.intent.write_text(json.dumps({"game": game_id, "user": who.id, "text": text}), encoding="utf-8")
        say(f"SEND {game_id} {who.id} {text}")
        journaled = True
        if text == "undo" or text.startswith("yes "):
            if text == "undo":
                message = await self.service.undo(game_id, who)
            else:
                message = await self.service.consent_undo(game_id, who, int(text.split()[1]), True)
            if message == "Undone.":
                async with self.db.session() as s:  # this process is the only writer: the undo's own row
                    query = select(col(GameRow.journal_seq)).where(col(GameRow.id) == game_id)
                    say(f"ACK {game_id} {int((await s.execute(query)).scalar_one())} undo")
            else:
                say(f"ASKED {game_id} {message}")
                journaled = False
        else:
            result = await self.service.act(game_id, who, text)
            say(f"ACK {game_id} {result.seq} {result.command}")
        if self.intent is not None:
            self.intent.unlink()
        return journaled

    async def run(self) -> int:
        await self.retry_intent()
        await self.ensure_games()
        played = await self.played()
        while played < self.commands:
            moved = False
            for row in await self.rows():
                if row.status != GameStatus.ACTIVE or played >= self.commands:
                    continue
                move = await self.next_move(row)
                if move is None:
                    continue
                played += await self.send(row, *move)
                moved = True
            if not moved:
                break
        say(f"DONE {played}")
        return 0


async def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bot.crash_driver")
    parser.add_argument("url")
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--commands", type=int, default=2000)
    parser.add_argument("--lcg-every", type=int, default=10)
    parser.add_argument("--intent", type=Path)
    parser.add_argument("--seed", type=int, default=1, help="game n is seeded with seed * 1000 + n")
    args = parser.parse_args(argv)
    registry.load()
    registry.register(TALLY)
    db = Database(args.url)
    service = Service(db)
    try:
        return await Driver(service, args.games, args.commands, args.lcg_every, args.intent, args.seed).run()
    finally:
        await db.close()


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
