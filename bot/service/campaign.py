"""LCG campaigns (spec 7): the log in the `campaign` table, each scenario an ordinary game made through the
`Service` with the log's setup in its `campaign` option, and the log brought up to date when that game ends.

Every verb loads the log, changes it with the pure rules of `engines/lcg/campaign`, and writes it back under a
per-campaign lock and a version check, as the service does for games. A verb first catches up with the
scenario's game (`_catch_up`), so a result is never lost even if the game-over listener did not run (the bot
was restarted between the game's last command and the listener)."""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import Any, cast

from sqlalchemy import CursorResult, select, update
from sqlmodel import col

from bot import safe_text
from bot.content.decks import default_library, save_deck, shipped_card_ids
from bot.service import boundary
from bot.service.service import Service
from bot.service.types import NoSuchGame, NotAllowed, Place, ServiceError, User
from bot.store.models import CampaignRow, GameRow, GameStatus
from engines.core import RuleError
from engines.lcg.campaign import export
from engines.lcg.campaign import log as rules
from engines.lcg.campaign import plan as campaign_plan
from engines.lcg.campaign.catalogue import fold
from engines.lcg.campaign.log import CampaignLog, Change, Member
from engines.lcg.campaign_table import deck_facts, result
from engines.lcg.cards import Deck, Pack
from engines.lcg.library import Library

log = logging.getLogger(__name__)
Announce = Callable[["CampaignRef", list[str]], Awaitable[None]]


@dataclass(kw_only=True)
class CampaignRef:
    id: int
    key: str
    name: str
    status: str
    guild_id: int | None = None
    channel_id: int | None = None
    game_id: int | None = None


def _reaches(row: CampaignRow, book: CampaignLog, user: User) -> bool:
    if user.in_dm:
        return row.guild_id is not None and book.member_of(user.id) is not None
    return boundary.same_server(row.guild_id, user)


class CampaignConflict(Exception):
    """Another process changed the campaign first: reload and try again."""


class Campaigns:
    def __init__(self, service: Service, library: Library | None = None) -> None:
        self.service = service
        self.library = library or default_library()
        self._locks: dict[int, asyncio.Lock] = {}
        self.announce: Announce | None = None  # set by an adapter: where a campaign's news is told
        service.on_game_over.append(self._game_over)

    # --- plumbing -------------------------------------------------------------------------------------------
    def _now(self) -> str:
        return self.service.clock().isoformat()

    @staticmethod
    def _ref(row: CampaignRow) -> CampaignRef:
        return CampaignRef(id=row.id or 0, key=row.key, name=row.name, status=row.status, guild_id=row.guild_id,
                           channel_id=row.channel_id, game_id=row.game_id)

    async def _load(self, campaign_id: int, user: User | None = None) -> tuple[CampaignRow, CampaignLog]:
        """The campaign and its log; with `user`, only within their reach (bot/service/boundary.py): a campaign
        belongs to its server, and in a DM to the members of its fellowship."""
        async with self.service.db.session() as s:
            row = await s.get(CampaignRow, campaign_id)
        book = export.from_json(row.log_json) if row is not None else None
        if row is None or book is None or (user is not None and not _reaches(row, book, user)):
            raise NoSuchGame(boundary.not_here("campaign", campaign_id, user))
        return row, book

    async def _save(self, row: CampaignRow, book: CampaignLog, game_id: int | None = None) -> CampaignRef:
        values: dict[str, Any] = {"log_json": export.to_json(book), "status": book.status,
                                  "version": row.version + 1, "updated_at": self.service.clock()}
        if game_id is not None:
            values["game_id"] = game_id
        async with self.service.db.session() as s:
            done = await s.execute(update(CampaignRow)
                                   .where(col(CampaignRow.id) == row.id, col(CampaignRow.version) == row.version)
                                   .values(**values))
            if cast(CursorResult[Any], done).rowcount != 1:
                raise CampaignConflict
        for name, value in values.items():
            setattr(row, name, value)
        return self._ref(row)

    async def _change(
        self, campaign_id: int, change: Callable[[CampaignRow, CampaignLog], Awaitable[Any]], user: User
    ) -> Any:
        """Load, catch up with the scenario's game, change, save: under the campaign's lock, again on a conflict."""
        async with self._locks.setdefault(campaign_id, asyncio.Lock()):
            for _ in range(8):
                row, book = await self._load(campaign_id, user)
                await self._catch_up(book)
                try:
                    outcome = await change(row, book)
                    await self._save(row, book)
                    return outcome
                except CampaignConflict:
                    continue
            raise ServiceError("The campaign is very busy right now; please try again.")

    async def _catch_up(self, book: CampaignLog) -> list[str]:
        """If the scenario in play has ended (C 14.8), put its result in the log: a loss at once, a win waiting
        for the players to record it or not (spec 7.1, 7.8.3)."""
        current = book.current
        if current is None or current.status != "playing":
            return []
        async with self.service.db.session() as s:
            game = await s.get(GameRow, current.game_id)
        if game is None or game.status in (GameStatus.LOBBY, GameStatus.ACTIVE, GameStatus.PAUSED):
            return []
        name = book.step.name if book.step else current.scenario
        if game.status == GameStatus.ABANDONED:
            rules.abandon_attempt(book, current.game_id, self._now())
            return [f"Game {current.game_id} was abandoned: {name} will be played again (nothing is recorded)."]
        told = result(await self.service.stored_state(current.game_id))
        attempt = rules.end_attempt(book, current.game_id, told, self._now())
        if not told.won:
            # spec 7.1.3
            return [f"The players lost {name}: nothing is recorded and the scenario will be played again. "
                    "Start it with 'campaign next'."]
        fallen = [f"{t} ({seat})" for seat, titles in attempt.fallen.items() for t in titles]
        return [f"The players won {name} with a score of {told.score.total if told.score else '?'}."
                + (f" Heroes in a discard pile, who fall if this is recorded: {', '.join(fallen)}." if fallen else "")
                + " Stage what the campaign card's resolution gives ('campaign earn ...', 'campaign note ...'), "
                  "then 'campaign record', or 'campaign decline' to play it again."]  # spec 7.1.4

    async def _game_over(self, game_id: int) -> None:
        campaign_id = await self.for_game(game_id)
        if campaign_id is None:
            return
        row, _, said = await self._caught_up(campaign_id)
        if said and self.announce is not None:
            await self.announce(self._ref(row), said)

    def _member(self, book: CampaignLog, user: User) -> Member:
        member = book.member_of(user.id)
        if member is None:
            raise NotAllowed(f"{user.name} is not in the fellowship of {book.name}.")
        return member

    # --- verbs ----------------------------------------------------------------------------------------------
    async def start(self, key: str, host: User, fellowship: list[tuple[User, str]], place: Place | None = None,
                    difficulty: str = "standard", penalty_rule: str = "each") -> tuple[CampaignRef, list[str]]:
        """A new campaign with its fellowship, each player with a deck (spec 7.2; C 12.5.2). Nothing is played
        until `next`."""
        place = place or Place()
        defn = self.library.campaign(key)
        if difficulty not in ("easy", "standard", "nightmare"):
            raise ServiceError("Difficulty must be easy, standard or nightmare.")
        if len({u.id for u, _ in fellowship}) != len(fellowship):
            raise ServiceError("Each player may hold only one seat in a campaign.")
        members = [Member(seat=f"p{i}", user_id=u.id, name=u.name, deck=d) for i, (u, d) in enumerate(fellowship, 1)]
        facts = {m.seat: deck_facts(self.library.deck(m.deck), self.library) for m in members}
        book, warnings = rules.new_campaign(defn, members, facts, self._now(), difficulty=difficulty,
                                            penalty_rule=penalty_rule)
        missing = [s.name for s in defn.steps if s.scenario not in self.library.scenarios]
        if missing:
            warnings.append(f"Not in the library yet (import them before they come up): {', '.join(missing)}.")
        async with self.service.db.session() as s:
            row = CampaignRow(key=defn.key, name=defn.name, guild_id=place.guild_id, channel_id=place.channel_id,
                              host_user_id=host.id, log_json=export.to_json(book), created_at=self.service.clock(),
                              updated_at=self.service.clock())
            s.add(row)
        return self._ref(row), warnings

    async def check_next(self, campaign_id: int, user: User) -> CampaignLog:
        """Whether `next` would start a scenario now (it raises the reason if not); changes nothing."""
        _, book = await self.book(campaign_id, user)
        self._member(book, user)
        trial = export.from_json(export.to_json(book))
        rules.begin_attempt(trial, 0, self._now())
        self._decks_allowed(trial)
        self._scenario_known(book)
        return book

    def _decks_allowed(self, book: CampaignLog) -> None:
        """Every seat's deck, not only a changed one, is checked against the bans (spec 9.8: a fallen hero's ally
        version is illegal in every deck)."""
        banned = book.banned_titles()
        for member in book.members:
            facts = deck_facts(self.library.deck(member.deck), self.library)
            bad = sorted({t for t in (*facts.heroes, *(c[0] for c in facts.cards)) if fold(t) in banned})
            if bad:  # spec 7.3, 9.8
                raise RuleError(f"{member.seat}'s deck {facts.name} holds {', '.join(bad)}, which may not be used "
                                "in this campaign now (a fallen hero's title, or a card the campaign or its next "
                                "scenario bars): change it with 'campaign deck' or 'campaign hero' first.")

    def _scenario_known(self, book: CampaignLog) -> None:
        step = book.step
        if step is None or step.scenario not in self.library.scenarios:
            raise ServiceError(f"{step.name if step else 'The next scenario'} is not in the library: import it "
                               "first (python -m bot.content.lcg import-dragncards).")

    async def next(
        self, campaign_id: int, user: User, place: Place | None = None
    ) -> tuple[CampaignRef, int, list[str]]:
        """Start the next scenario (or replay a lost one) as a normal game with the log's state applied (C 13.2).
        Returns the campaign, the new game's id and what the setup changed in the log."""
        async with self._locks.setdefault(campaign_id, asyncio.Lock()):
            row, book = await self._load(campaign_id, user)
            said = await self._catch_up(book)
            self._member(book, user)
            step = book.step
            changes = rules.begin_attempt(book, 0, self._now())  # checks everything before a game is made
            self._decks_allowed(book)
            self._scenario_known(book)
            assert step is not None
            plan = rules.setup_for(book)
            users = [User(id=m.user_id, name=m.name) for m in book.members]
            options = f"scenario={step.scenario} difficulty={book.difficulty}"
            game = await self.service.create("lcg", users[0], place or Place(guild_id=row.guild_id,
                                             channel_id=row.channel_id), options,
                                             preset={"campaign": campaign_plan.encode(plan)})
            try:
                for other in users[1:]:
                    await self.service.join(game.id, other)
                await self.service.start(game.id, users[0])
            except Exception:
                await self.service.abandon(game.id, users[0])
                raise
            current = book.current
            assert current is not None
            current.game_id = game.id
            await self._save(row, book, game_id=game.id)
            said += changes.lines()
            if any(plan.penalty.values()):
                said.append("Threat penalty: " + ", ".join(f"{s} +{n}" for s, n in plan.penalty.items()) + ".")
            said.append(f"{step.name} (scenario {book.index + 1} of {len(book.steps)}, attempt {current.number}) "
                        f"begins as game {game.id}.")
            return self._ref(row), game.id, said

    async def stage(self, campaign_id: int, user: User, change: Change) -> str:
        async def do(_row: CampaignRow, book: CampaignLog) -> str:
            self._member(book, user)
            return rules.stage(book, change)

        text: str = await self._change(campaign_id, do, user)
        return text

    async def record(self, campaign_id: int, user: User) -> list[str]:
        async def do(_row: CampaignRow, book: CampaignLog) -> list[str]:
            self._member(book, user)
            return rules.record(book, self._now())

        lines: list[str] = await self._change(campaign_id, do, user)
        return lines

    async def decline(self, campaign_id: int, user: User) -> str:
        async def do(_row: CampaignRow, book: CampaignLog) -> str:
            self._member(book, user)
            return rules.decline(book, self._now())

        text: str = await self._change(campaign_id, do, user)
        return text

    async def note(self, campaign_id: int, user: User, text: str) -> str:
        """A note: staged with the scenario in play (applied if its win is recorded), else written at once."""
        async def do(_row: CampaignRow, book: CampaignLog) -> str:
            self._member(book, user)
            if book.current is not None:
                return rules.stage(book, Change(kind="note", text=text))
            rules.add_note(book, text, self._now())
            return f"Noted: {text}"

        said: str = await self._change(campaign_id, do, user)
        return said

    async def change_deck(self, campaign_id: int, user: User, deck_key: str) -> list[str]:
        """Spec 7.1.5: a player changes deck between scenarios, within section 9 and the campaign's bans."""
        async def do(_row: CampaignRow, book: CampaignLog) -> list[str]:
            member = self._member(book, user)
            facts = deck_facts(self.library.deck(deck_key), self.library)
            warnings = rules.change_deck(book, member.seat, facts, self._now())
            return [book.entries[-1].text, *warnings]

        lines: list[str] = await self._change(campaign_id, do, user)
        return lines

    async def replace_hero(self, campaign_id: int, user: User, old: str, new: str) -> list[str]:
        """Swap one hero of the player's deck for another (a fallen hero's replacement, or the one voluntary swap
        of C 12.5.2): the deck is stored under a new key, as stored decks never change. `old` '-' adds a hero."""
        _, book = await self._load(campaign_id, user)
        member = self._member(book, user)
        deck = self.library.deck(member.deck)
        heroes = [h for h in self.library.find(new) if h.type == "hero"]
        if not heroes:
            raise ServiceError(f"No hero is called {new}.")
        hero = heroes[0]
        if old == "-":
            kept = list(deck.heroes)
        else:
            kept = [h for h in deck.heroes if fold(self.library.card(h).name) != fold(old)]
            if len(kept) == len(deck.heroes):
                raise ServiceError(f"{old} is not a hero of {deck.name}.")
        base = re.sub(rf"(-c{campaign_id})?(\.\d+)?$", "", deck.key)  # a second change keys from the first's base
        changed = Deck(key=f"{base}-c{campaign_id}", name=f"{deck.name}, with {hero.name}",
                       heroes=(*kept, hero.id), cards=deck.cards, source=deck.source)
        rules.change_deck(export.from_json(export.to_json(book)), member.seat,  # refuse before storing anything
                          deck_facts(changed, self.library), self._now())
        shipped = shipped_card_ids()
        defs = [self.library.card(i) for i in dict.fromkeys([*changed.heroes, *(s.card for s in changed.cards)])
                if i not in shipped]
        stored, _ = await save_deck(self.service.db, changed, defs, user.id)
        self.library.add(Pack(key=stored.key, name=stored.name, decks=[replace(changed, key=stored.key)]))
        return await self.change_deck(campaign_id, user, stored.key)

    async def change_seat(self, campaign_id: int, user: User, seat: str, newcomer: User) -> str:
        """A player leaves and another takes the seat (spec 7.2 players): the seat's holder or the host."""
        async def do(row: CampaignRow, book: CampaignLog) -> str:
            holder = book.member(seat)
            if user.id not in (holder.user_id, row.host_user_id) and not boundary.admin_of(user, row.guild_id):
                raise NotAllowed("Only the seat's player or the campaign's host can hand the seat over.")
            return rules.change_seat(book, seat, newcomer.id, newcomer.name, self._now())

        text: str = await self._change(campaign_id, do, user)
        return text

    async def abandon(self, campaign_id: int, user: User) -> str:
        """Stop the campaign for good: its host or a server admin."""
        async def do(row: CampaignRow, book: CampaignLog) -> str:
            if user.id != row.host_user_id and not boundary.admin_of(user, row.guild_id):
                raise NotAllowed("Only the campaign's host or a server admin can abandon it.")
            return rules.abandon_campaign(book, self._now())

        text: str = await self._change(campaign_id, do, user)
        return text

    async def book(self, campaign_id: int, user: User | None = None) -> tuple[CampaignRef, CampaignLog]:
        """The log, up to date with the scenario in play. `user` None: the bot itself (no server boundary)."""
        row, book, _ = await self._caught_up(campaign_id, user)
        return self._ref(row), book

    async def _caught_up(
        self, campaign_id: int, user: User | None = None
    ) -> tuple[CampaignRow, CampaignLog, list[str]]:
        async with self._locks.setdefault(campaign_id, asyncio.Lock()):
            for _ in range(8):
                row, book = await self._load(campaign_id, user)
                said = await self._catch_up(book)
                if not said:
                    return row, book, []
                try:
                    await self._save(row, book)
                    return row, book, said
                except CampaignConflict:
                    continue
        raise ServiceError("The campaign is very busy right now; please try again.")

    async def export(self, campaign_id: int, kind: str, user: User | None = None) -> str:
        _, book = await self.book(campaign_id, user)
        if kind == "json":
            return export.to_json(book)
        if kind in ("md", "markdown"):
            return export.to_markdown(book)
        raise ServiceError("Export as json or md.")

    async def restore(self, text: str, host: User, place: Place | None = None) -> CampaignRef:
        """A campaign from its JSON export (another server, a backup). Refused while a scenario is in play there,
        as that game does not come along."""
        book = export.from_json(text)
        # The file is the user's: its words reach the table, so they are made as safe as typed ones.
        book.name = safe_text.name(book.name, 80)
        book.notes = [safe_text.words(n, 500) for n in book.notes]
        for member in book.members:
            member.name = safe_text.name(member.name)
        if book.current is not None:
            raise RuleError("This log was exported with a scenario in play; finish or decline it first.")
        place = place or Place()
        async with self.service.db.session() as s:
            row = CampaignRow(key=book.key, name=book.name, status=book.status, guild_id=place.guild_id,
                              channel_id=place.channel_id, host_user_id=host.id, log_json=export.to_json(book),
                              created_at=self.service.clock(), updated_at=self.service.clock())
            s.add(row)
        return self._ref(row)

    async def list(self, who: User | None = None) -> list[CampaignRef]:
        """The campaigns `who` may see: their server's, in a DM those they are a member of, at the console
        (or `who` None) all."""
        async with self.service.db.session() as s:
            query = select(CampaignRow).order_by(col(CampaignRow.id))
            if who is not None and who.guild_id is not None:
                query = query.where(col(CampaignRow.guild_id) == who.guild_id)
            rows = list((await s.execute(query)).scalars())
        if who is not None and who.in_dm:
            rows = [r for r in rows if _reaches(r, export.from_json(r.log_json), who)]
        return [self._ref(r) for r in rows]

    async def for_game(self, game_id: int) -> int | None:
        async with self.service.db.session() as s:
            row = (await s.execute(select(CampaignRow).where(col(CampaignRow.game_id) == game_id))).scalars().first()
        return None if row is None else row.id


def fellowship_text(book: CampaignLog) -> str:
    return "; ".join(f"{m.seat} {m.name}: {', '.join(m.heroes)}" for m in book.members)


__all__ = ["CampaignRef", "Campaigns", "fellowship_text"]
