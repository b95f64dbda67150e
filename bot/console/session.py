"""A console session: several seats in one terminal. Lines are either console verbs (new, as, status...)
or game commands, which go to the service exactly as a Discord command would."""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from dataclasses import dataclass, field

from bot import plugins
from bot.console.host import Verb, console_user
from bot.console.words import console_words
from bot.service import Service, ServiceError, User
from bot.service.tempo import pace_changes, pace_text
from bot.store.models import GameStatus
from engines import registry
from engines.core import CommandError, View, WestmarchError
from engines.core.orders import KERNEL_ORDERS
from render import players
from render.text import decision_text, look_text, view_text, zone_text

HELP = """\
Console verbs:
  new <game> [players] [option=value ...]   create a game with that many players (if left out, the fewest
                                            it seats) and start it
  games                                     list open games
  open <id>                                 switch to a game (the newest open game is chosen at start-up)
  as <seat|player number>                   act as that seat from now on (p1, p2, ... or 1, 2, ...)
  status | hand | log [n] | undo | abandon  as in Discord (/game ...)
  look [zone]                               a zone of the table with all its cards ('look p1 discard');
                                            alone, the zones there are
  yes <request> | no <request>              agree or refuse an undo request
  pace [after=H every=H deadline=D auto=yes|no at=ask|skip|auto]   show or set the pace (host)
  nudge | back | vacation <YYYY-MM-DD|off>  nudge who the game waits on; stop the automatic seat; go away
  deadline <wait> extend|skip|auto          decide about a passed deadline (host, or most of the others)
  pause [reason] | resume                   pause or resume the game (host)
  delegate <player number> | delegate off   let another player act for your seat, or take it back
  order <key> <value>                       a standing order, e.g. 'order forced ask' (be asked even when
                                            only one answer is possible); games add their own: 'order'
                                            alone lists this game's keys and values
{games}  help | quit
Anything else is a game command for the current seat, e.g. 'answer 3 o2' or just 'o2'; 'answer 3 o2 then o5'
also answers the question that o2 asks you next (a play and its cost), and does nothing if either is refused."""


__all__ = ["ConsoleSession", "console_user"]


def with_board(view: View) -> str:
    """The view as text, and under it the game's own plain-text board when its view carries one (its `lines`, the
    status first: Middle-earth Quest's heroes, pieces, influence and markers; the TCG's path, pool and fellowships,
    and at the end the shuffles revealed), which the generic text lacks."""
    board = getattr(view, "lines", None)
    extra = [line for line in board[1:] if isinstance(line, str)] if isinstance(board, list) else []
    return "\n".join([view_text(view), *extra])


def hand_text(view: View) -> str:
    """`hand`: the status, the seat's own zones and its questions, without the table's zone counts, which `status`
    prints (some thirty lines before the hand in Middle-earth Quest, 25 in War of the Ring); then the game's own
    text board where it writes one (Middle-earth Quest's and the TCG's `lines`: a hero's quests, the path)."""
    board = getattr(view, "lines", None)
    names = view.names
    out = [view.title, players.in_words(view.status, names)]
    out += [f"Your {zone_text(z, with_owner=False)}" for z in view.private]
    out += [decision_text(d, names) for d in view.decisions]
    extra = [line for line in board[1:] if isinstance(line, str)] if isinstance(board, list) else []
    return "\n".join([*out, *extra])


@dataclass
class ConsoleSession:
    service: Service
    out: Callable[[str], None]
    game_id: int | None = None
    actor: int = 1  # console users are numbered 1..N
    seats: dict[str, int] = field(default_factory=dict)  # seat name -> console user number
    errors: int = 0
    verbs: dict[str, Verb] = field(init=False)

    def __post_init__(self) -> None:
        # What the service says names Discord's commands: the console says its own verbs (bot/console/words.py).
        printed = self.out
        self.out = lambda text: printed(console_words(text))
        # Each game's own verbs (campaign, rats...), found through its registration (bot/plugins.py).
        self.verbs = {v.name: v for p in plugins.with_("console") for v in p.load("console").verbs(self)}

    async def resume(self) -> None:
        games = await self.service.open_games()
        if games:
            await self._open(games[-1].id)
        for verb in self.verbs.values():
            if verb.resume is not None:
                await verb.resume()

    async def handle(self, line: str) -> bool:
        """Run one line. Returns False when the session should end. Errors are printed, never raised."""
        line = line.strip()
        if not line or line.startswith("#"):
            return True
        try:
            return await self._dispatch(line)
        except (WestmarchError, ServiceError) as exc:
            self.errors += 1
            self.out(f"! {exc.message}")
        except KeyError as exc:
            self.errors += 1
            self.out(f"! {exc.args[0]}")
        return True

    async def _dispatch(self, line: str) -> bool:
        try:
            words = shlex.split(line)
        except ValueError:  # "Mendor's Support" unquoted: the apostrophe opens a quotation
            raise ServiceError("A quotation mark is not closed; put names with an apostrophe in double quotes, "
                               "like \"Mendor's Support\".") from None
        verb, args = words[0].lower(), words[1:]
        if verb in ("quit", "exit"):
            return False
        if verb == "help":
            extra = "".join(f"  {v.name} ...{' ' * max(1, 38 - len(v.name))}{v.help}\n" for v in self.verbs.values())
            self.out(HELP.format(games=extra))
        elif verb == "new":
            await self._new(args)
        elif verb == "games":
            for ref in await self.service.open_games():
                self.out(f"game {ref.id}: {ref.title} ({ref.status})")
        elif verb == "open" and args and args[0].isdigit():
            await self._open(int(args[0]))
        elif verb == "as" and args:
            self._as(args[0])
        elif verb == "status":
            _, view = await self.service.view(self._game(), None)
            self.out(with_board(view))
        elif verb == "look":  # the public view: only what the whole table may see
            _, view = await self.service.view(self._game(), None)
            self.out(look_text(view, " ".join(args)))
        elif verb == "hand":
            _, view = await self.service.hand(self._game(), self._user())
            self.out(hand_text(view))
        elif verb == "log":
            limit = int(args[0]) if args and args[0].isdigit() else 20
            for entry in await self.service.log(self._game(), self._user(), limit):
                self.out(f"  {entry}")
        elif verb == "undo":
            self.out(await self.service.undo(self._game(), self._user()))
        elif verb in ("yes", "no") and args and args[0].isdigit():
            self.out(await self.service.consent_undo(self._game(), self._user(), int(args[0]), verb == "yes"))
        elif verb in ("pace", "nudge", "back", "vacation", "deadline"):
            await self._tempo(verb, args)
        elif verb in ("pause", "resume", "delegate"):
            await self._guard(verb, args)
        elif verb in ("order", "orders") and len(args) < 2:
            await self._orders()
        elif verb in self.verbs and self._takes(self.verbs[verb], args):
            await self.verbs[verb].handle(args)
        elif verb == "abandon":
            await self.service.abandon(self._game(), self._user())
            self.out(f"Game {self._game()} abandoned.")
        else:
            result = await self.service.act(self._game(), self._user(), line)
            self.out(f"({result.seat}) {result.command}")
        return True

    @staticmethod
    def _takes(verb: Verb, args: list[str]) -> bool:
        return verb.takes is None or verb.takes(args)

    async def _tempo(self, verb: str, args: list[str]) -> None:
        tempo = self.service.tempo
        if verb == "nudge":
            self.out(await tempo.nudge(self._game(), self._user()))
        elif verb == "back":
            self.out(await tempo.back(self._game(), self._user()))
        elif verb == "vacation":
            self.out(await tempo.vacation(self._user(), args[0] if args else ""))
        elif verb == "deadline":
            if len(args) != 2 or not args[0].isdigit():
                raise ServiceError("Write 'deadline <wait> extend|skip|auto'.")
            self.out(await tempo.decide(self._game(), self._user(), int(args[0]), args[1]))
        elif args:
            self.out(f"Pace: {pace_text(await tempo.set_pace(self._game(), self._user(), **pace_changes(args)))}.")
        else:
            self.out(f"Pace: {pace_text(await tempo.pace(self._game()))}.")

    async def _guard(self, verb: str, args: list[str]) -> None:
        guard = self.service.guard
        if verb == "pause":
            await guard.pause(self._game(), self._user(), " ".join(args))
            self.out(f"Game {self._game()} paused.")
        elif verb == "resume":
            self.out(await guard.resume(self._game(), self._user()))
        elif args and args[0].isdigit():
            self.out(await guard.delegate(self._game(), self._user(), console_user(int(args[0]))))
        elif args and args[0] == "off":
            self.out(await guard.delegate(self._game(), self._user(), None))
        else:
            raise ServiceError("Write 'delegate <player number>' or 'delegate off'.")

    async def _new(self, args: list[str]) -> None:
        if not args:
            known = ", ".join(registry.names()) or "none installed"
            raise ServiceError(f"Write 'new <game> <players>'. Games: {known}.")
        try:
            game = registry.get(args[0])
        except KeyError as exc:
            raise CommandError(str(exc.args[0])) from None
        # A signed number is a player count too, so '-1' is refused as a count rather than as an unknown option.
        counted = len(args) > 1 and re.fullmatch(r"[+-]?\d+", args[1]) is not None
        players = int(args[1]) if counted else game.min_seats
        # Checked before anything is written: the service would only refuse the count at a join or the start,
        # after the lobby was made (Discord's players join one by one, so there the lobby is the point).
        if not game.min_seats <= players <= game.max_seats:
            seats = (f"{game.min_seats}" if game.min_seats == game.max_seats
                     else f"{game.min_seats} to {game.max_seats}")
            raise ServiceError(f"{game.title} seats {seats} players, not {players}. No game was created.")
        options = " ".join(args[2:] if counted else args[1:])
        ref = await self.service.create(game.name, console_user(1), options=options)
        try:
            for number in range(2, players + 1):
                await self.service.join(ref.id, console_user(number))
            self.out(f"Game {ref.id}: {ref.title}, {players} player(s).")
            await self.service.start(ref.id, console_user(1))
        except WestmarchError as exc:
            # The console has no verb to start a lobby later, so one it could not start (a scenario's own seating:
            # WotR's 2 Player Duel in a 3-player game) would stay open, unusable and counted against the limit.
            if (await self.service.ref(ref.id)).status != GameStatus.LOBBY:
                self.game_id = ref.id  # it started: what failed came after, and the game is there to play
                raise
            await self.service.abandon(ref.id, console_user(1))
            raise ServiceError(f"{exc.message} Game {ref.id} was not started and is abandoned.") from None
        self.game_id = ref.id
        await self._load_seats()
        self.actor = 1

    async def _open(self, game_id: int) -> None:
        ref = await self.service.ref(game_id)
        self.game_id = game_id
        await self._load_seats()
        self.out(f"Game {ref.id}: {ref.title} ({ref.status}).")

    async def _load_seats(self) -> None:
        self.seats = {s.seat: s.user_id for s in await self.service.seats(self._game()) if s.seat}

    def _as(self, who: str) -> None:
        if who.isdigit():
            self.actor = int(who)
        elif who in self.seats:
            self.actor = self.seats[who]
        else:
            raise ServiceError(f"No seat '{who}'. Seats: {', '.join(self.seats) or 'none yet'}.")
        self.out(f"Now acting as {who}.")

    async def _orders(self) -> None:
        """`order` alone: the standing orders this game knows, each with its values (the first the default),
        so a player learns the keys before setting one ('order skirmish pass')."""
        ref = await self.service.ref(self._game())
        game_orders: dict[str, tuple[str, ...]] = getattr(registry.get(ref.game), "standing_orders", {})
        allowed = {**KERNEL_ORDERS, **game_orders}
        self.out("Standing orders (order <key> <value>; the first value is the default):")
        for key, values in allowed.items():
            self.out(f"  {key}: {' | '.join(values)}")

    def _game(self) -> int:
        if self.game_id is None:
            raise ServiceError("No game is open: start one with 'new <game> <players>'.")
        return self.game_id

    def _user(self) -> User:
        return console_user(self.actor)

    def user(self) -> User:
        """The console player acting now."""
        return self._user()

    async def open_game(self, game_id: int) -> None:
        """Switch to a game another verb made (a campaign's scenario), acting as player 1."""
        await self._open(game_id)
        self.actor = 1
