"""`campaign ...` in the console: the same verbs as Discord's `/campaign` (spec 7), for several console players.

Console players are numbered: `campaign start core core-leadership core-tactics` makes players 1 and 2 the
fellowship, with those decks, in seats p1 and p2. Verbs that act for a player act for the current one (`as`).
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING

from bot.service import ServiceError, User
from bot.service.campaign import CampaignRef, Campaigns
from engines.lcg.campaign import export
from engines.lcg.campaign.log import Change

if TYPE_CHECKING:
    from bot.console.host import ConsoleHost

HELP = """\
Campaign verbs (LCG campaign mode):
  campaign list                                   campaigns in play here, and those you can start
  campaign start <campaign> <deck>... [difficulty=D] [penalty=each|player]   players 1..N, one deck each
  campaign open <id> | campaign next              switch campaign / start the next scenario (or replay it)
  campaign log                                    the campaign log
  campaign earn <card> [to <seat or hero>]        stage a boon or burden the resolution gives
  campaign spend <boon>                           stage a pool removal (a cost paid in this scenario)
  campaign note <words>                           a note (staged while a scenario is open)
  campaign record | campaign decline              record the won scenario, or play it again
  campaign deck <deck>                            change your deck between scenarios
  campaign hero <old hero|-> <new hero>           replace (or add) a hero in your deck
  campaign seat <seat> <player number>            another player takes that seat
  campaign export json|md [file]                  the log as JSON or Markdown
  campaign import <file>                          a campaign from its JSON export
  campaign abandon                                stop the campaign for good (its host)"""


class ConsoleCampaigns:
    def __init__(self, session: ConsoleHost) -> None:
        self.session = session
        self.campaigns = Campaigns(session.service)
        self.campaigns.announce = self._announce
        self.current: int | None = None

    async def _announce(self, ref: CampaignRef, lines: list[str]) -> None:
        for line in lines:
            self.session.out(f"[campaign {ref.id}] {line}")

    async def resume(self) -> None:
        refs = [r for r in await self.campaigns.list() if r.status == "active"]
        if refs:
            self.current = refs[-1].id

    def _id(self) -> int:
        if self.current is None:
            raise ServiceError("No campaign is open: start one with 'campaign start <campaign> <deck>...'.")
        return self.current

    def _user(self) -> User:
        return self.session.user()

    async def handle(self, args: list[str]) -> None:
        out = self.session.out
        verb, rest = (args[0].lower(), args[1:]) if args else ("help", [])
        if verb == "help":
            out(HELP)
        elif verb == "list":
            for ref in await self.campaigns.list():
                out(f"campaign {ref.id}: {ref.name} ({ref.status})")
            known = sorted(self.campaigns.library.campaigns.items())
            out("To start: " + ", ".join(f"{k} ({c.name})" for k, c in known))
        elif verb == "start":
            await self._start(rest)
        elif verb == "open" and rest and rest[0].isdigit():
            ref, book = await self.campaigns.book(int(rest[0]))
            self.current = ref.id
            out(f"Campaign {ref.id}: {ref.name} ({ref.status}).")
        elif verb == "next":
            ref, game_id, said = await self.campaigns.next(self._id(), self._user())
            for line in said:
                out(f"[campaign {ref.id}] {line}")
            await self.session.open_game(game_id)
        elif verb == "log":
            _, book = await self.campaigns.book(self._id())
            out(export.to_markdown(book).rstrip())
        elif verb == "earn" and rest:
            out(await self.campaigns.stage(self._id(), self._user(), _earning(rest)))
        elif verb == "spend" and rest:
            out(await self.campaigns.stage(self._id(), self._user(), Change(kind="remove", title=" ".join(rest))))
        elif verb == "note" and rest:
            out(await self.campaigns.note(self._id(), self._user(), " ".join(rest)))
        elif verb == "record":
            for line in await self.campaigns.record(self._id(), self._user()):
                out(line)
        elif verb == "abandon":
            out(await self.campaigns.abandon(self._id(), self._user()))
        elif verb == "decline":
            out(await self.campaigns.decline(self._id(), self._user()))
        elif verb == "deck" and len(rest) == 1:
            for line in await self.campaigns.change_deck(self._id(), self._user(), rest[0]):
                out(line)
        elif verb == "hero" and len(rest) == 2:
            for line in await self.campaigns.replace_hero(self._id(), self._user(), rest[0], rest[1]):
                out(line)
        elif verb == "seat" and len(rest) == 2 and rest[1].isdigit():
            newcomer = User(id=int(rest[1]), name=f"Player {rest[1]}")
            out(await self.campaigns.change_seat(self._id(), self._user(), rest[0], newcomer))
        elif verb == "export" and rest and rest[0] in ("json", "md"):
            text = await self.campaigns.export(self._id(), rest[0])
            if len(rest) > 1:
                await asyncio.to_thread(Path(rest[1]).write_text, text, encoding="utf-8")
                out(f"Wrote {rest[1]}.")
            else:
                out(text.rstrip())
        elif verb == "import" and len(rest) == 1:
            saved = await asyncio.to_thread(Path(rest[0]).read_text, encoding="utf-8")
            ref = await self.campaigns.restore(saved, self._user())
            self.current = ref.id
            out(f"Campaign {ref.id}: {ref.name}, restored from {rest[0]}.")
        else:
            raise ServiceError(f"Unknown or incomplete campaign verb '{' '.join(args)}'. Type 'campaign help'.")

    async def _start(self, rest: list[str]) -> None:
        options = dict(word.split("=", 1) for word in rest if "=" in word)
        words = [w for w in rest if "=" not in w]
        if len(words) < 2:
            raise ServiceError("Write 'campaign start <campaign> <deck> [<deck>...]', one deck per player.")
        unknown = set(options) - {"difficulty", "penalty"}
        if unknown:
            raise ServiceError(f"Unknown campaign option {', '.join(sorted(unknown))}: difficulty=, penalty=.")
        fellowship = [(User(id=n, name=f"Player {n}"), deck) for n, deck in enumerate(words[1:], start=1)]
        ref, warnings = await self.campaigns.start(words[0], fellowship[0][0], fellowship,
                                                   difficulty=options.get("difficulty", "standard"),
                                                   penalty_rule=options.get("penalty", "each"))
        self.current = ref.id
        _, book = await self.campaigns.book(ref.id)
        self.session.out(f"Campaign {ref.id}: {ref.name}, {len(fellowship)} player(s). "
                         + "; ".join(f"{m.seat} {m.name}: {', '.join(m.heroes)}" for m in book.members)
                         + ". 'campaign next' begins the first scenario.")
        for warning in warnings:
            self.session.out(f"  note: {warning}")


def _earning(words: list[str]) -> Change:
    """`earn <card...> [to <seat|hero...>]`: a seat (p1) holds a player card; a hero carries a Permanent one."""
    if "to" in words:
        cut = words.index("to")
        title, target = " ".join(words[:cut]), " ".join(words[cut + 1:])
    else:
        title, target = " ".join(words), ""
    if target and target[0] == "p" and target[1:].isdigit():
        return Change(kind="earn", title=title, holder=target)
    return Change(kind="earn", title=title, hero=target)
