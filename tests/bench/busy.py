"""One busy game with its board images (issue 17): four seats that answer as fast as the service accepts, through
the real Discord messenger (bot/chat/messenger.py) and the real discord.py client, against simcord's in-memory
Discord (as tests/bot/chat/ run it), on SQLite.

Each seat sends its command the moment the previous `act` returns, choosing at random among the decisions open
on the game as that command left it (as tests/bench/latency.py does); the notices, the board images and the DMs
follow in the background, as the Discord client runs them. The rate is the commands over the time from the first
command until every notice has been delivered and every board posted (a game that ends is followed by another in
a new thread, its set-up not timed); beside it, how many boards were drawn, and the mean render time beside
Pillow's encode of the very images posted, in the mode and at the level shipped (the floor, as
tests/bench/boards.py measures it), in the same run.

The boards are drawn in the bot's painter process (bot/chat/painter.py). The render is timed there (wall and CPU
time), and the floor is the encode of the same image timed there straight after it, under the same load (the
commands run beside it on the other core): tests/bench/drawn.py. Beside them: the round trip the messenger waits
for (the view pickled and sent by a worker thread, drawn, the PNG read back and handed to the event loop), and the
encode alone after the run. The floor's decode and encode in the child delay each PNG's return (they are taken out
of the round trip, not out of the drained rate or the last board's lag, which are the slower for them). Boards
are coalesced (bot/chat/messenger.py): in such a burst few are drawn, each after many changes, so they are near a
cold render (tests/bench/boards.py has the render after each single move)."""

from __future__ import annotations

import asyncio
import io
import random
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import discord
from PIL import Image

from bot import heap
from bot.chat.client import WestmarchBot
from bot.chat.painter import Painter
from bot.service import Notice, User
from bot.store import migrate
from bot.store.database import Database
from engines import registry
from engines.core.contract import View
from render import kit
from tests.bench.common import Row, encode_png
from tests.bench.drawn import measured
from tests.engines.randomplay import random_answer

TARGET = 50.0  # commands per second drained: issue 17's bar for one busy game
# The LCG and WotR boards go to the thread only; MEQ also DMs each seat its own board when its hand changes.
GAMES = (("LCG, 4 players", "lcg", ""), ("WotR Trilogy, 4 players", "wotr", "scenario=trilogy"),
         ("MEQ, 4 players", "meq", ""))


@dataclass
class Drain:
    commands: int = 0
    accepted: float = 0.0  # seconds from each game's first command until its last `act` returned
    drained: float = 0.0  # ... until every notice was delivered and every board posted
    lags: list[float] = field(default_factory=list)  # each game's last `act` returning to its last board posted
    notices: int = 0  # notices the messenger was handed
    boards: int = 0  # board images posted to the games' threads
    requests: int = 0  # Discord REST calls the bot made (thread posts and DMs)
    games: int = 0
    renders: list[float] = field(default_factory=list)  # wall time of each render, in the painter's process
    cpu: list[float] = field(default_factory=list)  # its CPU time there
    # Each board as the messenger waits for it, the round trip, less the floor's own decode and encode after it.
    trips: list[float] = field(default_factory=list)
    pngs: list[bytes] = field(default_factory=list)
    # The floor under the run's load: the encode of each posted image as shipped, timed in the painter's process
    # straight after it, while the commands go on (its wall time, and its CPU time).
    loaded: list[float] = field(default_factory=list)
    loaded_cpu: list[float] = field(default_factory=list)

    def floors(self) -> list[float]:
        """Pillow's encode of each posted image as shipped (same pixels, palette mode and level)."""
        out = []
        for png in self.pngs:
            img = Image.open(io.BytesIO(png))
            img.load()
            start = time.perf_counter()
            encode_png(img, kit.PNG_COMPRESS_LEVEL)
            out.append(time.perf_counter() - start)
        return out


class TimedPainter(Painter):
    """The bot's painter, each board drawn by tests/bench/drawn.py `measured` (the renderer, timed where it runs,
    and its floor beside it) while `on`; the round trip timed where the messenger waits for it."""

    def __init__(self) -> None:
        super().__init__()
        self.drain = Drain()
        self.on = False

    async def close(self) -> None:
        """Not when a run's bot closes: one painter draws every run's boards, as a bot's lives across the games it
        draws (what it keeps between boards, the text it laid out included, is as warm as in a bot running a
        while: the threads that drew the boards before shared it the same way)."""

    async def close_for_good(self) -> None:
        await super().close()

    async def draw(self, view: View) -> bytes:
        if not self.on:  # the set-up's boards, not timed (and the child imports what it times them with)
            return (await self.call(measured, view))[0]
        start = time.perf_counter()
        png, render_s, render_cpu, encode_s, encode_cpu, after = await self.call(measured, view)
        d = self.drain
        d.trips.append(time.perf_counter() - start - after)
        d.renders.append(render_s)
        d.cpu.append(render_cpu)
        d.loaded.append(encode_s)
        d.loaded_cpu.append(encode_cpu)
        d.pngs.append(png)
        return png


async def busy_games(painter: TimedPainter, url: str, name: str, options: str, commands: int, seed: int) -> Drain:
    from simcord import Env

    drain = painter.drain = Drain()
    bot = WestmarchBot(Database(url), clock=discord.utils.utcnow, fire=False, painter=painter)
    seeds = iter(range(seed, seed + 1000))
    bot.service.seed_source = lambda: next(seeds)
    env = Env(bot, settle_timeout=120.0)
    await env.start()
    game = registry.get(name)
    rnd = random.Random(seed)
    mail = bot.discord_messenger
    real_deliver = mail.deliver

    async def counted(notice: Notice) -> None:
        drain.notices += 1
        await real_deliver(notice)

    try:
        await bot.tree.sync()  # what `python -m bot sync` does once for a real server
        guild = env.create_guild("Westmarch Bench")
        channel = guild.create_text_channel("games")
        members = [guild.add_member(env.create_user(f"player{i}")) for i in range(1, 5)]
        users = {m.id: User(id=m.id, name=m.user.name) for m in members}
        while drain.commands < commands:
            # A game set up through the slash commands, as players do; not timed.
            await members[0].slash(channel, "game new", name=name, options=options)
            thread = channel.threads[-1]
            for member in members[1:]:
                await member.slash(thread, "game join")
            started = await members[0].slash(thread, "game start")
            assert started.response is not None and "has started" in started.response.content
            await env.settle()
            game_id = max(bot.service.core.cache.ids())
            live = await bot.service.core.in_play(game_id, None)
            assert live.seats is not None
            user_of = {s.seat: users[s.user_id] for s in live.seats if s.seat}
            requests = len(env.http_requests)
            boards = sum(1 for m in thread.history() if m.attachments)
            heap.settle()  # as the bot does once started (bot/chat/client.py): the gc set for a long-lived process
            # Counted and timed as they run; the real messenger and renderer do the work.
            mail.deliver = counted  # type: ignore[method-assign]
            painter.on = True
            with env.time_context():
                start = time.perf_counter()
                while drain.commands < commands:
                    entry = bot.service.core.cache.peek(game_id)
                    assert entry is not None
                    state = entry[1]
                    if game.outcome(state) is not None:
                        break
                    d = rnd.choice(game.pending(state))
                    await bot.service.act(game_id, user_of[d.seat], game.format(random_answer(d, rnd)))
                    drain.commands += 1
                accepted = time.perf_counter()
                drain.accepted += accepted - start
                await mail.drain()
                drained = time.perf_counter()
                drain.drained += drained - start
                drain.lags.append(drained - accepted)
            mail.deliver = real_deliver  # type: ignore[method-assign]
            painter.on = False
            await env.settle()
            drain.games += 1
            drain.boards += sum(1 for m in thread.history() if m.attachments) - boards
            drain.requests += len(env.http_requests) - requests
    finally:
        mail.deliver = real_deliver  # type: ignore[method-assign]
        await env.shutdown()
        await bot.database.close()
    return drain


async def measure(painter: TimedPainter, name: str, options: str, commands: int, seed: int) -> Drain:
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite+aiosqlite:///{Path(tmp) / 'bench.db'}"
        await asyncio.to_thread(migrate.upgrade, url)
        return await busy_games(painter, url, name, options, commands, seed)


def row(label: str, done: list[Drain]) -> Row:
    """The run of the median rate, with every run's rate. The render over every board of every run (a run draws
    about ten, each near a cold render, and which games it ends on moves its mean), beside the encode of the same
    images in the painter's process during the run (the floor under the run's load: a busy game's commands run
    beside it), by wall and by CPU time; each run's own ratio; the round trip the messenger waits for; and the
    encode alone after the run."""
    done = sorted(done, key=lambda r: r.commands / r.drained)
    run = done[len(done) // 2]
    rate = run.commands / run.drained

    def every(field: str) -> list[float]:
        return [x for r in done for x in getattr(r, field)]

    floors = [x for r in done for x in r.floors()]
    render_ms, cpu_ms, loaded_ms, loaded_cpu_ms, floor_ms, trip_ms = (
        statistics.mean(x) * 1000 if x else 0.0
        for x in (every("renders"), every("cpu"), every("loaded"), every("loaded_cpu"), floors, every("trips")))

    def times(a: float, b: float) -> str:
        return f"{a / b:.1f}x" if b else "-"

    each = ", ".join(times(sum(r.renders), sum(r.loaded)) for r in done)

    return Row(
        f"one busy game with its boards, {label}, SQLite, through the Discord messenger (simcord)",
        f"{rate:,.0f} commands/s drained; render {render_ms:.1f} ms in the painter's process",
        f"target {TARGET:.0f}/s; PNG encode, same image and palette mode, in the painter's process during the run "
        f"{loaded_ms:.1f} ms",
        f"render {times(render_ms, loaded_ms)} the floor over {len(every('renders'))} boards in {len(done)} runs "
        f"(each run, by rate: {each}; CPU time {cpu_ms:.1f} against {loaded_cpu_ms:.1f} ms: "
        f"{times(cpu_ms, loaded_cpu_ms)}; against the encode alone after the run, {floor_ms:.1f} ms: "
        f"{times(render_ms, floor_ms)}); the round trip the messenger waits for, {trip_ms:.1f} ms: "
        f"{times(trip_ms, loaded_ms)}; "
        f"the run of the median rate: {run.commands} commands in {run.games} games, accepted at "
        f"{run.commands / run.accepted:,.0f}/s; "
        f"{run.notices} notices, {len(run.renders)} boards drawn, {run.boards} posted; {run.requests} requests; "
        f"the last board posted {statistics.mean(run.lags) * 1000:.0f} ms after the last command returned",
    )


def rows(commands: int = 1500, seed: int = 1, runs: int = 3) -> list[Row]:
    """Each game `runs` times (the machine is shared), as `row` reports them. Enough
    commands for a board per game played out (about ten: a game drawn in a burst shows its boards when it pauses).
    Each run plays other games (its own seeds): the runs share one painter process, and a run replaying the games
    of the run before found their boards' blocks and tiles still kept, which a bot drawing new games does not."""
    registry.load()
    return asyncio.run(_rows(commands, seed, runs))


async def _rows(commands: int, seed: int, runs: int) -> list[Row]:
    painter = TimedPainter()
    out = []
    try:
        for label, name, options in GAMES:
            done = [await measure(painter, name, options, commands, seed + 1000 * run) for run in range(runs)]
            found = row(label, done)
            if painter.started > 1:  # a child that died: the boards after it were drawn cold
                found.note += f"; the drawing process was started {painter.started} times"
            found.note += "; runs: " + ", ".join(f"{r.commands / r.drained:,.0f}/s" for r in sorted(
                done, key=lambda r: r.commands / r.drained))
            out.append(found)
    finally:
        await painter.close_for_good()
    return out


if __name__ == "__main__":
    for r in rows():
        print(f"| {r.name} | {r.value} | {r.floor} | {r.note} |")
