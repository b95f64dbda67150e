"""What every benchmark section shares: a row of the table, percentiles, a median timer, the PNG floor."""

from __future__ import annotations

import io
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PIL import Image

RATE = 100.0  # commands per second across all games: a very busy server


@dataclass
class Row:
    name: str
    value: str
    floor: str = ""
    note: str = ""


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def timed(fn: Callable[[], Any], n: int) -> tuple[float, Any]:
    times, result = [], None
    for _ in range(n):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def encode_png(img: Image.Image, level: int) -> bytes:
    """Pillow's bare PNG encode of `img` as it is (its mode: the palette the renderer ships) at `level`: the
    floor under every board render."""
    buffer = io.BytesIO()
    img.save(buffer, format="PNG", compress_level=level)
    return buffer.getvalue()


def played_views(game: Any, state: Any, seat: str | None, moves: int, rnd: Any) -> tuple[Any, list[Any]]:
    """`state` played `moves` random legal moves (fewer if the game ends), and `seat`'s view (None: the table's)
    after each."""
    from tests.engines.randomplay import random_answer

    views = []
    for _ in range(moves):
        if game.outcome(state) is not None:
            break
        d = rnd.choice(game.pending(state))
        state = game.apply(state, d.seat, random_answer(d, rnd)).state
        views.append(game.view(state, seat))
    return state, views
