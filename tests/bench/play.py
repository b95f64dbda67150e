"""Engine speed: random legal commands per second through `apply`, and replay from the seed."""

from __future__ import annotations

import random
import time
from typing import Any

from engines.core import Config
from tests.bench.common import Row
from tests.engines.randomplay import random_answer
from tests.games.tally import GAME as TALLY


def random_play_rate(game: Any, seats: int, seconds: float = 3.0,
                     options: dict[str, Any] | None = None) -> tuple[float, float, int]:
    """Random legal commands per second through `apply` (with its copy), and replay speed: the journal's
    commands parsed from text and applied again from the seed, as a restart or an undo does; and the number of
    whole games played."""
    rnd = random.Random(5)
    applied, journal = 0, []
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds:
        seed += 1
        config = Config(seats=game.seat_names(seats), options=dict(options or {}))
        state = game.setup(config, seed)
        moves = []
        while game.outcome(state) is None:
            d = rnd.choice(game.pending(state))
            command = random_answer(d, rnd)
            state = game.apply(state, d.seat, command).state
            moves.append((d.seat, game.format(command)))
            applied += 1
        journal.append((config, seed, moves))
    rate = applied / (time.perf_counter() - start)
    start, replayed = time.perf_counter(), 0
    for config, seed, moves in journal:
        state = game.setup(config, seed)
        for seat, text in moves:
            state = game.apply(state, seat, game.parse(text)).state
            replayed += 1
    return rate, replayed / (time.perf_counter() - start), len(journal)


def game_rows(game: Any, seats: int, seconds: float = 3.0, options: dict[str, Any] | None = None,
              label: str = "") -> list[Row]:
    rate, replay, games = random_play_rate(game, seats, seconds, options)
    what = f"{game.name}{' ' + label if label else ''}, {seats} seats"
    return [Row(f"random play through apply ({what})", f"{rate:,.0f} commands/s", note=f"{games} whole games"),
            Row(f"replay from the seed ({what})", f"{replay:,.0f} commands/s")]


def rows(seconds: float = 3.0) -> list[Row]:
    from engines.lcg import GAME as LCG

    return [*game_rows(TALLY, 4, seconds), *game_rows(LCG, 2, seconds)]
