"""Race Against the Shadow tournaments in the service layer: the tables, the two games of each match and
their shared clock (spec 8; engines/tournament, engines/clock).

The rules are the engines'; this module keeps them in the database and joins them to the games:
- a gate on the game service refuses a command in a match game when it is the other team's phase group;
- an observer, after each commit, moves the clock when a team's game has left its phase group (at the
  moment the player acted), and writes the result into the tournament once the match is decided;
- the clock's alarms (10, 5, 1 minutes left; the flag fall) are re-checked from the database when they ring.
Every change of a tournament is one transaction under the tournament's lock, checked by the row's version.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from bot.content.decks import NOT_COUNTED, deck_card_ids, save_deck, shipped_card_ids
from bot.service import Service, User
from bot.service.types import NotAllowed, Place
from bot.store.models import ClockRow, MatchRow, TeamRow, TournamentRow
from bot.tournament import text
from bot.tournament.desk import DECIDED, PLAYING, Announcer, Transcript
from bot.tournament.match import Matches
from engines import clock as clk
from engines import registry
from engines.clock import MINUTE
from engines.core import RuleError, codec
from engines.lcg import GAME
from engines.lcg.cards import Deck, Pack
from engines.tournament import Match, Player, Tournament, event
from engines.tournament.model import EXTENDED

__all__ = ["DECIDED", "PLAYING", "Announcer", "Rats", "Transcript"]


class Rats(Matches):
    """The tournament service: the organizer's and the teams' verbs (bot/tournament/match.py has the clock's)."""

    def __init__(self, service: Service, announcer: Announcer | None = None) -> None:
        super().__init__(service, announcer)
        registry.register(GAME)  # every match is an LCG game
        service.gates.append(self._gate)
        service.abandon_gates.append(self._abandon_gate)
        service.observers.append(self._observe)

    # --- the organizer and the teams ----------------------------------------------------------
    async def create(
        self, user: User, name: str, *, place: Place | None = None, fmt: str = "limited", minutes: int = 45,
        scenarios: Sequence[str] = (), rounds: int = 3,
    ) -> int:
        place = place or Place()
        for key in scenarios:
            if key not in GAME.library.scenarios:
                known = ", ".join(sorted(GAME.library.scenarios))
                raise RuleError(f"There is no scenario '{key}'. Scenarios: {known}.")
        t = event.create(name, organizer=user.id, seed=self.service.seed_source(), fmt=fmt, minutes=minutes,
                         scenarios=list(scenarios), rounds=rounds)
        async with self.db.session() as s:
            row = TournamentRow(guild_id=place.guild_id, channel_id=place.channel_id, name=t.name,
                                organizer_id=user.id, state_json=codec.dumps(t), created_at=self.service.clock(),
                                updated_at=self.service.clock())
            s.add(row)
            await s.flush()
            tid = row.id or 0
        unwise = [k for k in scenarios if k in event.NOT_RECOMMENDED]
        # C 15.3.1 advises against these for a race (too hard)
        note = f" Note: not recommended for a race: {text.scenario_names(unwise)}." if unwise else ""
        opening = (f"{user.name} opens the tournament **{t.name}** (number {tid}): {fmt} format, "
                   f"{t.rounds_planned} rounds, {minutes} minutes per team, scenarios "
                   f"{text.scenario_names(t.scenarios)}. "
                   f"Register a team with /rats register.{note}")
        await self.announcer.announce(place.channel_id, opening)
        return tid

    async def register(self, tid: int, user: User, team: str, members: Sequence[tuple[User, str]],
                       heroes: Sequence[Sequence[str]] = ()) -> int:
        """A team of players, each with a deck key from the LCG library; its number is returned."""
        players = []
        for i, (member, key) in enumerate(members):
            try:
                deck = GAME.library.deck(key)
            except KeyError:
                raise RuleError(f"There is no deck '{key}'; import it with /lcg deck import first.") from None
            cards = sum(slot.count for slot in deck.cards if GAME.library.card(slot.card).type not in NOT_COUNTED)
            names = [GAME.library.card(h).name for h in deck.heroes]
            picked = list(heroes[i]) if i < len(heroes) and heroes[i] else names
            players.append(Player(name=member.name, user_id=member.id, deck=key, cards=cards, heroes=picked))
        if user.id not in {m.id for m, _ in members}:
            raise NotAllowed("Register a team you play in.")

        async def work(s: AsyncSession) -> int:
            row, t = await self._load(s, tid)
            t = event.register(t, team, players)
            number = t.teams[-1].number
            await self._save(s, row, t)
            s.add(TeamRow(tournament_id=tid, number=number, name=t.teams[-1].name,
                          members_json=codec.dumps([p.user_id for p in players])))
            return number

        number = await self._locked(tid, work)
        t = await self.tournament(tid)
        # each deck by its name, as /lcg deck list shows it: the key is what the player typed, not what others read
        await self.announcer.announce(await self._channel(tid), f"{team} registers as team {number}: "
                                      + ", ".join(f"{p.name} ({GAME.library.deck(p.deck).name})" for p in players)
                                      + f". {len(t.teams)} team{'s' if len(t.teams) != 1 else ''} so far.")
        return number

    async def pair(self, tid: int, user: User) -> str:
        """Pair the next round; post the pairings, the scenario and the time control (C 15.3.5)."""

        async def work(s: AsyncSession) -> str:
            row, t = await self._load(s, tid)
            self._organizer(row, user)
            t = event.pair_round(t)
            await self._save(s, row, t)
            await self._match_rows(s, tid, t)
            return text.pairings_text(t)

        posted = await self._locked(tid, work)
        await self.announcer.announce(await self._channel(tid), posted)
        return posted

    async def repair(self, tid: int, user: User) -> str:
        async def work(s: AsyncSession) -> str:
            row, t = await self._load(s, tid)
            self._organizer(row, user)
            t = event.repair_round(t)
            await self._save(s, row, t)
            number = len(t.rounds)
            for old in (await s.execute(select(MatchRow).where(col(MatchRow.tournament_id) == tid,
                                                              col(MatchRow.round) == number))).scalars():
                await s.delete(old)
            await s.flush()
            await self._match_rows(s, tid, t)
            return "Pairings changed by the organizer.\n" + text.pairings_text(t)

        posted = await self._locked(tid, work)
        await self.announcer.announce(await self._channel(tid), posted)
        return posted

    async def _match_rows(self, s: AsyncSession, tid: int, t: Tournament) -> None:
        rnd = t.rounds[-1]
        for m in rnd.matches:
            s.add(MatchRow(tournament_id=tid, round=rnd.number, table_no=m.table, team_a=m.a, team_b=m.b,
                           scenario=rnd.scenario, status=DECIDED if m.result is not None else PLAYING,
                           result_json=codec.dumps(m.result) if m.result is not None else None))

    async def start_round(self, tid: int, user: User) -> list[tuple[int, int, int]]:
        """Begin the paired round: each team of each match gets its own LCG game of the round's scenario,
        with its registered decks chosen; the clocks start when both games of a match are set up.
        Returns (table, game of team A, game of team B)."""

        async def work(s: AsyncSession) -> tuple[Tournament, TournamentRow]:
            row, t = await self._load(s, tid)
            self._organizer(row, user)
            t = event.start_round(t)
            await self._save(s, row, t)
            return t, row

        t, row = await self._locked(tid, work)
        rnd = t.rounds[-1]
        made = []
        for m in [m for m in rnd.matches if not m.bye]:
            games = {side: await self._new_game(t, row, m, side) for side in ("a", "b")}
            async with self.db.session() as s:
                match = await self._match(s, tid, rnd.number, m.table)
                match.game_a, match.game_b = games["a"], games["b"]
                s.add(ClockRow(match_id=match.id or 0, state_json=codec.dumps(clk.new_clock(t.minutes * MINUTE, "a")),
                               updated_at=self.service.clock()))
            made.append((m.table, games["a"], games["b"]))
            for side, game_id in games.items():  # started only once bound to the match: no move escapes the gate
                await self.service.start(game_id, User(id=t.team(m.team_of(side)).players[0].user_id,
                                                       name=t.team(m.team_of(side)).players[0].name))
        await self.announcer.announce(row.channel_id, f"Round {rnd.number} begins. Each team plays in its own thread; "
                                      "the clocks start when both teams of a match have set up.")
        return made

    async def _new_game(self, t: Tournament, row: TournamentRow, m: Match, side: str) -> int:
        number = m.team_of(side)
        team = t.team(number)
        users = [User(id=p.user_id, name=p.name) for p in team.players]
        scenario = t.rounds[-1].scenario
        # The registered decks are the ones played (C 15.3.2): set before the start, so the game opens with them
        # chosen rather than asking each player (a question nobody may answer otherwise).
        decks = await self._decks(t, m, side)
        ref = await self.service.create("lcg", users[0], Place(guild_id=row.guild_id, channel_id=row.channel_id),
                                        options=f"scenario={scenario} autopass=off", preset={"decks": decks})
        thread = await self.announcer.match_thread(row.channel_id, ref.id, f"{t.name} r{len(t.rounds)} "
                                                   f"table {m.table}: {team.name}")
        if thread is not None:
            await self.service.set_thread(ref.id, thread)
        for u in users[1:]:
            await self.service.join(ref.id, u)
        return ref.id

    async def _decks(self, t: Tournament, m: Match, side: str) -> str:
        """The team's registered decks by seat, as the LCG's `decks` option: its players sit in their order (the
        first creates the game, the others join in turn: p1, p2...). In the extended format a player's picked
        heroes lead their deck instead of its own."""
        chosen = {}
        for seat, p in zip(GAME.seat_names(len(t.team(m.team_of(side)).players)), t.team(m.team_of(side)).players,
                           strict=True):
            key = p.deck
            picked = m.heroes.get(p.name)
            if t.format == EXTENDED and picked:
                key = await self._with_heroes(p.deck, picked, p.user_id)
            chosen[seat] = key
        return json.dumps(chosen, separators=(",", ":"))

    async def _with_heroes(self, base_key: str, heroes: Sequence[str], owner: int) -> str:
        """The deck `base_key` led by `heroes` (extended format), stored like an imported deck, so the game
        replays the same way after a restart (bot/content/decks.py)."""
        lib = GAME.library
        base = lib.deck(base_key)
        ids = tuple(hero_id(h) for h in heroes)
        key = f"{base_key}+{'-'.join(ids)}"[:64]
        deck = Deck(key=key, name=f"{base.name} ({', '.join(heroes)})", heroes=ids, cards=base.cards,
                    source=base.source)
        defs = [lib.card(i) for i in deck_card_ids(deck) if i not in shipped_card_ids()]
        deck, _ = await save_deck(self.db, deck, defs, owner)
        lib.add(Pack(key=deck.key, name=deck.name, cards=[], decks=[deck], source=deck.source))
        return deck.key

    async def pick_heroes(self, tid: int, user: User, heroes: Sequence[str]) -> str:
        """Extended format: a player picks up to 3 heroes for the coming match from all heroes (C 15.3.2)."""
        names = [hero_name(h) for h in heroes]

        async def work(s: AsyncSession) -> str:
            row, t = await self._load(s, tid)
            team = next((x for x in t.active_teams() if any(p.user_id == user.id for p in x.players)), None)
            if team is None:
                raise NotAllowed("You do not play in this tournament.")
            player = next(p for p in team.players if p.user_id == user.id)
            t = event.pick_heroes(t, team.number, player.name, names)
            await self._save(s, row, t)
            return f"{player.name} plays {', '.join(names)} in round {len(t.rounds)}."

        return await self._locked(tid, work)


    async def record(self, tid: int, user: User, table: int, outcome: str, *, round_number: int = 0,
                     correct: bool = False) -> str:
        """The organizer writes (or corrects) a match's result: `win <team>`, `draw` or `modified`."""
        now = self.service.clock()

        async def work(s: AsyncSession) -> str:
            row, t = await self._load(s, tid)
            self._organizer(row, user)
            t = event.organizer_result(t, table, outcome, round_number=round_number, correct=correct)
            rnd = t.rounds[(round_number or len(t.rounds)) - 1]
            m = next(x for x in rnd.matches if x.table == table)
            assert m.result is not None
            await self._save(s, row, t)
            await self._decide(s, tid, rnd.number, table, m.result, now)
            return text.result_text(t, m, m.result) + (" (corrected by the organizer)" if correct else "")

        said = await self._locked(tid, work)
        await self.announcer.announce(await self._channel(tid), said)
        await self._after_result(tid)
        return said

    async def drop(self, tid: int, user: User, team: int) -> str:
        now = self.service.clock()

        async def work(s: AsyncSession) -> str:
            row, t = await self._load(s, tid)
            self._organizer(row, user)
            t = event.drop(t, team)
            await self._save(s, row, t)
            team_row = (await s.execute(select(TeamRow).where(col(TeamRow.tournament_id) == tid,
                                                              col(TeamRow.number) == team))).scalars().first()
            if team_row is not None:
                team_row.dropped = True
            rnd = t.current
            if rnd is not None and rnd.started:
                for m in rnd.matches:
                    if team in m.teams() and not m.bye and m.result is not None:
                        match = await self._match(s, tid, rnd.number, m.table)
                        if match.status == PLAYING:
                            await self._decide(s, tid, rnd.number, m.table, m.result, now)
            return f"{text.team_label(t, team)} drops out of {t.name}."

        said = await self._locked(tid, work)
        await self.announcer.announce(await self._channel(tid), said)
        await self._after_result(tid)
        return said

    async def standings(self, tid: int) -> str:
        return text.standings_text(await self.tournament(tid))


def hero_name(name: str) -> str:
    """A hero's name as the card pool spells it; refused if no hero is called that."""
    found = [c for c in GAME.library.find(name.strip()) if c.type == "hero"]
    if not found:
        raise RuleError(f"There is no hero called '{name.strip()}'.")
    return found[0].name


def hero_id(name: str) -> str:
    return next(c for c in GAME.library.find(name) if c.type == "hero").id
