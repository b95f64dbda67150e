"""`deck import ...` in the console: a deck from a local OCTGN .o8d file or from RingsDB, checked and stored as
Discord's `/lcg deck import` stores it (bot/content/decks.py), for the current console player. `deck <key>`,
choosing a deck in a game's setup, stays the game's own command."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from bot.content import decks
from bot.content.errors import ContentError
from bot.content.lcg.ringsdb import CardRecords, Fetch, urllib_fetch
from bot.service import ServiceError

if TYPE_CHECKING:
    from bot.console.host import ConsoleHost

USAGE = "Write 'deck import <file.o8d>' (an OCTGN deck file) or 'deck import <RingsDB link or id>'."


class ConsoleDecks:
    def __init__(self, session: ConsoleHost) -> None:
        self.session = session
        self.ringsdb_fetch: Fetch = urllib_fetch  # tests replace it with recorded answers
        self.ringsdb_records = CardRecords()

    @staticmethod
    def takes(words: list[str]) -> bool:
        """'deck import ...' is this verb's; 'deck <key>' is the game's command."""
        return bool(words) and words[0].lower() == "import"

    async def handle(self, words: list[str]) -> None:
        if len(words) != 2:
            raise ServiceError(USAGE)
        what = words[1]
        user = self.session.user()
        database = self.session.service.db
        try:
            if not (what.isdigit() or "://" in what or "ringsdb." in what.lower()):  # a path, not a RingsDB link
                path = Path(what)
                data = await decks.read_o8d_file(path)
                done = await decks.import_o8d_deck(database, data, filename=path.name, owner_user_id=user.id)
            else:
                done = await decks.import_ringsdb_deck(
                    database, what, owner_user_id=user.id, fetch=self.ringsdb_fetch, records=self.ringsdb_records
                )
        except ContentError as error:
            raise ServiceError(f"Nothing was imported. {error.reason}") from None
        self.session.out(decks.import_report(done, choose=f"'deck {done.deck.key}'", markdown=False))
