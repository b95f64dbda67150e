"""`rats ...` in the console: the same tournament verbs as `/rats` in Discord, for console users (numbered
players; the current one is chosen with `as <n>`). The console has no timers: the clocks are settled on
every move and by `rats show`, so a flag that fell is found then."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from bot.service import Service, ServiceError, User
from bot.tournament.service import Rats
from engines.tournament.model import DEFAULT_MINUTES, LIMITED

RATS_HELP = """\
Tournament verbs (Race Against the Shadow), as the current player:
  rats new <name> scenarios=<key>[,<key>...] [rounds=N] [minutes=M] [format=limited|extended]
  rats register <team> <deck> [<player number> <deck> ...]   you and your partners, each with a deck
  rats heroes <hero>[,<hero>...]                               extended format: your heroes this match
  rats pair | start | repair | standings                      pair, begin (one game per team), re-pair
  rats clock | pause [reason] | resume | show                  your match's clock
  rats result <table> win <team>|draw|modified [correct]      the organizer's result
  rats adjust <table> <team> <minutes> | drop <team>          the organizer's tools"""


class ConsoleAnnouncer:
    def __init__(self, out: Callable[[str], None]) -> None:
        self.out = out

    async def announce(self, channel_id: int | None, text: str, image: bytes | None = None) -> None:
        self.out(f"[tournament] {text}")

    async def match_thread(self, channel_id: int | None, game_id: int, title: str) -> int | None:
        return None


class ConsoleRats:
    def __init__(self, service: Service, out: Callable[[str], None], user: Callable[[], User],
                 users: Callable[[int], User]) -> None:
        self.rats = Rats(service, ConsoleAnnouncer(out))
        self.service = service
        self.out = out
        self.user = user
        self.users = users

    def now(self) -> datetime:
        return self.service.clock()

    async def handle(self, args: list[str]) -> None:
        if not args or args[0] == "help":
            self.out(RATS_HELP)
            return
        verb, rest = args[0].lower(), args[1:]
        if verb == "new":
            await self._new(rest)
            return
        tid = await self.rats.current(None)
        me = self.user()
        if verb == "register" and len(rest) >= 2 and len(rest) % 2 == 0:
            members = [(me, rest[1])] + [(self.users(int(n)), d) for n, d in zip(rest[2::2], rest[3::2], strict=True)
                                         if n.isdigit()]
            self.out(f"Registered as team {await self.rats.register(tid, me, rest[0], members)}.")
        elif verb == "heroes" and rest:
            self.out(await self.rats.pick_heroes(tid, me, [h.strip() for h in " ".join(rest).split(",") if h.strip()]))
        elif verb == "pair":
            await self.rats.pair(tid, me)
        elif verb == "repair":
            await self.rats.repair(tid, me)
        elif verb == "start":
            for table, game_a, game_b in await self.rats.start_round(tid, me):
                self.out(f"Table {table}: games {game_a} (plays first) and {game_b}; 'open <game>' to play one.")
        elif verb == "standings":
            self.out(await self.rats.standings(tid))
        elif verb == "clock":
            self._lines(await self.rats.hit(tid, me, self.now()))
        elif verb == "pause":
            self._lines(await self.rats.pause(tid, me, self.now(), " ".join(rest)))
        elif verb == "resume":
            self._lines(await self.rats.resume(tid, me, self.now()))
        elif verb == "show":
            match_id = await self.rats.match_id(tid, me)
            await self.rats.settle(match_id, self.now())
            face = await self.rats.clock_face(match_id, self.now())
            from bot.tournament.text import times_text

            self.out(f"{times_text(face.names, face.remaining_ms, face.active, face.running, face.paused)}; "
                     f"{face.group}.")
        elif verb == "result" and rest and rest[0].isdigit():
            correct = rest[-1] == "correct"
            words = rest[1:-1] if correct else rest[1:]
            self.out(await self.rats.record(tid, me, int(rest[0]), " ".join(words), correct=correct))
        elif verb == "adjust" and len(rest) == 3 and rest[0].isdigit() and rest[1].isdigit():
            self._lines(await self.rats.adjust(tid, me, int(rest[0]), int(rest[1]), float(rest[2]), self.now()))
        elif verb == "drop" and rest and rest[0].isdigit():
            self.out(await self.rats.drop(tid, me, int(rest[0])))
        else:
            raise ServiceError("Unknown or incomplete tournament verb; 'rats help' lists them.")

    async def _new(self, rest: list[str]) -> None:
        name = " ".join(w for w in rest if "=" not in w)
        opts = dict(w.split("=", 1) for w in rest if "=" in w)
        unknown = set(opts) - {"scenarios", "rounds", "minutes", "format"}
        if unknown:
            raise ServiceError(f"Unknown option {', '.join(sorted(unknown))}; 'rats help' lists them.")
        numbers = {k: opts[k] for k in ("rounds", "minutes") if k in opts}
        if not all(v.isdigit() for v in numbers.values()):
            raise ServiceError("rounds and minutes are whole numbers.")
        tid = await self.rats.create(self.user(), name, fmt=opts.get("format", LIMITED),
                                     minutes=int(opts.get("minutes", DEFAULT_MINUTES)),
                                     scenarios=[s for s in opts.get("scenarios", "").split(",") if s],
                                     rounds=int(opts.get("rounds", 3)))
        self.out(f"Tournament {tid} is open.")

    def _lines(self, lines: list[str]) -> None:
        for line in lines or ["Done."]:
            self.out(line)
