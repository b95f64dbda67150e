"""War of the Ring benchmark rows, for the lead to wire into `make bench` (tests/bench/__main__.py):

    from tests.bench.wotr import wotr_rows
    rows += wotr_rows()

`python -m tests.bench.wotr` prints the rows alone. Each render row stands beside its floor (Pillow's bare PNG
encode of the same image), like the LCG's.
"""

from __future__ import annotations

import io
import random
import time
from functools import partial
from typing import Any

from PIL import Image

from engines.core import Config
from engines.wotr import GAME
from render.registry import render
from tests.bench.__main__ import Row, _encode, timed
from tests.engines.randomplay import random_answer

SCENARIOS = (("trilogy", 4), ("duel2", 2), ("fotr", 2))


def random_play_rate(scenario: str, people: int, seconds: float = 3.0) -> tuple[float, float, int]:
    """Random legal commands per second through `apply` (with its copy), replay speed, and games played."""
    rnd = random.Random(5)
    applied, journal = 0, []
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds:
        seed += 1
        config = Config(seats=GAME.seat_names(people), options={"scenario": scenario})
        state = GAME.setup(config, seed)
        moves = []
        while GAME.outcome(state) is None:
            d = rnd.choice(GAME.pending(state))
            command = random_answer(d, rnd)
            state = GAME.apply(state, d.seat, command).state
            moves.append((d.seat, GAME.format(command)))
            applied += 1
        journal.append((config, seed, moves))
    rate = applied / (time.perf_counter() - start)
    start, replayed = time.perf_counter(), 0
    for config, seed, moves in journal:
        state = GAME.setup(config, seed)
        for seat, text in moves:
            state = GAME.apply(state, seat, GAME.parse(text)).state
            replayed += 1
    return rate, replayed / (time.perf_counter() - start), len(journal)


def midgame_view(seat: str | None) -> Any:
    """A 4-player Trilogy table in round 5's combat step or later (cards on the path and battleground, both
    scoring areas filled), played at random."""
    rnd = random.Random(11)
    for seed in range(11, 60):
        state = GAME.setup(Config(seats=GAME.seat_names(4), options={"scenario": "trilogy"}), seed)
        while GAME.outcome(state) is None and not (state.round >= 5 and state.phase == "combat"):
            d = rnd.choice(GAME.pending(state))
            state = GAME.apply(state, d.seat, random_answer(d, rnd)).state
        if GAME.outcome(state) is None:
            return GAME.view(state, seat)
    raise RuntimeError("no mid-game table found")


def render_rows() -> list[Row]:
    rows = []
    for seat in (None, "p1"):
        view = midgame_view(seat)
        median, png = timed(partial(render, view), 21)
        size = Image.open(io.BytesIO(png)).size
        noisy = Image.open(io.BytesIO(png)).convert("RGB")
        floor_t, _ = timed(partial(_encode, noisy), 21)
        rows.append(Row(f"board render, WotR table, Trilogy 4 players mid-game, {'table' if seat is None else 'seat'}"
                        " view", f"{median * 1000:.1f} ms, {len(png) / 1024:.1f} KiB ({size[0]}x{size[1]})",
                        f"bare PNG encode {floor_t * 1000:.1f} ms", f"{median / floor_t:.1f}x the floor"))
    return rows


def random_play_rows(seconds: float = 3.0) -> list[Row]:
    rows = []
    for scenario, people in SCENARIOS:
        rate, replay, games = random_play_rate(scenario, people, seconds)
        rows.append(Row(f"random play through apply (wotr {scenario}, {people} players)", f"{rate:,.0f} commands/s",
                        note=f"{games} whole games"))
        rows.append(Row(f"replay from the seed (wotr {scenario})", f"{replay:,.0f} commands/s"))
    return rows


def wotr_rows() -> list[Row]:
    return render_rows() + random_play_rows()


if __name__ == "__main__":
    for row in wotr_rows():
        print(f"| {row.name} | {row.value} | {row.floor} | {row.note} |")
