"""Tournament tests' tools: 50-card decks built from the Core Set starters (facts only), a tournament
process (database, service, scheduler, clock timers) on a test clock, and a driver that plays a match's two
games with the autoplay policy, each team moving only when the service lets it."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from bot.scheduler import Scheduler
from bot.service import Service, User
from bot.service.types import Place
from bot.store.database import Database
from bot.tournament.service import DECIDED, Rats, Transcript
from bot.tournament.timers import ClockTimers
from engines.core import RuleError
from engines.lcg import GAME
from engines.lcg.cards import Deck, Pack, Slot
from engines.tournament.race import finish_of, phase_group
from engines.tournament.scoring import Finish
from tests.conftest import FakeClock
from tests.engines.lcg.autoplay import new_game, next_move

PLACE = Place(guild_id=900, channel_id=901)
ORGANIZER = User(id=1, name="Olórin")


def tournament_deck(first: str, second: str, heroes: tuple[str, ...] = ()) -> str:
    """A legal tournament deck (C 15.3.2: at least 50 cards): both starters' cards, and the first starter's
    heroes or the named ones from either (a hero of each sphere lets the deck pay for both spheres' cards)."""
    key = "-".join(["rats", first, second, *(h.lower() for h in heroes)])
    lib = GAME.library
    if key in lib.decks:
        return key
    a, b = lib.deck(f"core-{first}"), lib.deck(f"core-{second}")
    counts: Counter[str] = Counter()
    for slot in (*a.cards, *b.cards):
        counts[slot.card] += slot.count
    by_title: Counter[str] = Counter()
    slots = []
    for card, n in counts.items():
        keep = min(n, 3 - by_title[lib.card(card).name])
        by_title[lib.card(card).name] += keep
        if keep:
            slots.append(Slot(card=card, count=keep))
    chosen = tuple(h for h in (*a.heroes, *b.heroes) if lib.card(h).name in heroes) if heroes else a.heroes
    deck = Deck(key=key, name=f"{first.title()} and {second.title()}", heroes=chosen, cards=tuple(slots))
    lib.add(Pack(key=key, name=deck.name, cards=[], decks=[deck]))
    return key


@dataclass
class Process:
    db: Database
    service: Service
    scheduler: Scheduler
    rats: Rats
    timers: ClockTimers
    said: Transcript

    async def stop(self, clean: bool = True) -> None:
        """`clean`: a deploy (the last heartbeat is written now); otherwise the process just dies."""
        if clean:
            await self.scheduler.stop()
        elif self.scheduler.aps.running:
            self.scheduler.aps.shutdown(wait=False)
        await self.db.close()


async def a_process(url: str, clock: FakeClock, seeds: list[int] | None = None,
                    said: Transcript | None = None) -> Process:
    db = Database(url)
    pool = iter(seeds or [])
    service = Service(db, seed_source=lambda: next(pool, 4242), clock=clock)
    rats = Rats(service, said or Transcript())
    scheduler = Scheduler(service, fire=False)
    timers = ClockTimers(rats, scheduler)
    downtime = await scheduler.start()
    await timers.start(downtime)
    assert isinstance(rats.announcer, Transcript)
    return Process(db=db, service=service, scheduler=scheduler, rats=rats, timers=timers, said=rats.announcer)


async def play_match(p: Process, clock: FakeClock, game_a: int, game_b: int, *, think: float = 10,
                     stall: str = "", max_moves: int = 4000, stop_after: int = 0) -> tuple[int, int]:
    """Play until the match is decided: the policy's next move in whichever game the service accepts (the
    other team's is refused by the gate), each taking `think` seconds. The `stall` side never moves once the
    clocks run, so its time runs out. `stop_after`: return after that many moves, decided or not.
    Returns (moves made, moves refused)."""
    games = {"a": game_a, "b": game_b}
    users = {side: {s.seat: User(id=s.user_id, name=s.name) for s in await p.service.seats(g)}
             for side, g in games.items()}
    made = refused = 0
    while made < max_moves:
        match = await p.rats.match_of_game(game_a)
        assert match is not None
        if match.status == DECIDED or (stop_after and made >= stop_after):
            return made, refused
        moved = False
        for side in ("a", "b"):
            state = await p.service.stored_state(games[side])
            if state is None or state.outcome is not None:
                continue
            move = next_move(state)
            if move is None or (side == stall and state.phase != "setup"):
                continue
            seat, command = move
            try:
                await p.service.act(games[side], users[side][seat], command, at=clock.advance(seconds=think))
            except RuleError:
                refused += 1
                continue
            made += 1
            moved = True
            break
        if not moved:  # nobody may move: the stalled team's clock runs on
            clock.advance(minutes=1)
            await p.timers.sweep()
    raise AssertionError(f"match of games {game_a}/{game_b} undecided after {made} moves")


def solo(seed: int, deck: str, scenario: str = "passage-through-mirkwood") -> Finish:
    """How one team's game ends when played alone (no service, no clock): the pure engine and the policy."""
    state = new_game(1, scenario, "standard", seed)
    while state.outcome is None:
        move = next_move(state, (deck,))
        assert move is not None
        state = GAME.apply(state, move[0], GAME.parse(move[1])).state
    finish = finish_of(state, phase_group(state))
    assert finish is not None
    return finish
