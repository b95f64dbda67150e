"""`python -m bot play`: the console game, interactive or from a transcript (`--script FILE`)."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from bot import heap
from bot.console.messenger import ConsoleMessenger
from bot.console.session import ConsoleSession
from bot.content.decks import load_stored_decks
from bot.service import Service
from bot.store.database import Database
from engines import registry


async def play(
    database_url: str, script: Path | None, image_dir: Path | None, seed: int | None, snapshot_every: int = 50
) -> int:
    """Run the console. Returns the exit status: 1 if a transcript line failed, else 0."""

    def out(text: str) -> None:
        print(text, flush=True)

    db = Database(database_url)
    messenger = ConsoleMessenger(out, image_dir)
    service = Service(db, messenger, snapshot_every=snapshot_every)
    if seed is not None:  # reproducible transcripts: every new game gets this seed
        service.seed_source = lambda: seed
    session = ConsoleSession(service, out)
    try:
        await load_stored_decks(db)  # decks imported through the bot, so games that chose them load here too
        heap.settle()  # gc: freeze what start-up loaded (bot/heap.py)
        if script is not None:
            # A line starting with '!' must be refused (a transcript can show that bad input is caught);
            # any other refusal, or a '!' line that succeeds, makes the run fail.
            failures = 0
            text = await asyncio.to_thread(script.read_text, encoding="utf-8")
            for number, raw in enumerate(text.splitlines(), start=1):
                line = raw.strip()
                expect_error = line.startswith("!")
                line = line.lstrip("!").strip()
                if not line or line.startswith("#"):
                    continue
                out(f"> {raw.strip()}")
                errors_before = session.errors
                if not await session.handle(line):
                    break
                refused = session.errors > errors_before
                if refused != expect_error:
                    failures += 1
                    out(f"!! line {number}: {'unexpected refusal' if refused else 'expected a refusal'}")
            return 1 if failures else 0
        out("Westmarch console. Type 'help' for the verbs.")
        games = registry.names()
        if games:
            out("Games: " + ", ".join(f"{n} ({registry.get(n).title})" for n in games))
        else:
            out("No games are installed yet. Try the kernel's test game: python -m bot play --load tests.games.tally")
        await session.resume()
        while True:
            try:
                line = await asyncio.to_thread(input, "westmarch> ")
            except EOFError:
                break
            if not await session.handle(line):
                break
        return 0
    finally:
        try:  # no journal tail left to replay under a new engine version
            await service.core.checkpoint()
        finally:
            await db.close()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(asyncio.run(play("sqlite+aiosqlite:///data/westmarch.db", None, None, None)))
