"""Middle-earth Quest rows of `make bench`: the board render beside its floor, and random play and replay speed
for 2, 3 and 4 players.

The render is measured as the bot draws it: after each move of a game, beside Pillow encoding the very same
image in the same palette mode at kit's level, and once cold (no drawn block kept) for comparison."""

from __future__ import annotations

import io
import random
import statistics
import time
from collections.abc import Callable

from PIL import Image

from engines.meq import GAME
from engines.meq.state import MeqState
from render import kit, meq
from render.registry import render
from tests.bench.boards import midgame
from tests.bench.common import Row
from tests.bench.play import game_rows
from tests.engines.randomplay import random_answer


def _encode(png: bytes) -> float:
    img = Image.open(io.BytesIO(png))
    img.load()
    start = time.perf_counter()
    img.save(io.BytesIO(), format="PNG", compress_level=kit.PNG_COMPRESS_LEVEL)
    return time.perf_counter() - start


def render_rows(seat_of: Callable[[MeqState], str | None], label: str, moves: int = 60) -> list[Row]:
    """The board after each of `moves` random moves of a 4-player game some 300 moves in (influence, tokens,
    figures and Plots on the map), warm (as the bot renders: unchanged blocks kept) and cold (no block kept;
    the map's palette and drawn background are made once per process and kept in both)."""
    state = midgame(GAME, 4, 11, lambda _, n: n >= 300)
    rnd = random.Random(11)
    render(GAME.view(state, seat_of(state)))  # fonts, the pack and the map's palette, once per process
    warm, cold, floors, sizes = [], [], [], []
    for _ in range(moves):
        if GAME.outcome(state) is not None:
            break
        d = rnd.choice(GAME.pending(state))
        state = GAME.apply(state, d.seat, random_answer(d, rnd)).state
        view = GAME.view(state, seat_of(state))
        start = time.perf_counter()
        png = render(view)
        warm.append(time.perf_counter() - start)
        floors.append(_encode(png))
        sizes.append(len(png))
        kept = dict(meq.BLOCKS.blocks)
        meq.BLOCKS.clear()
        start = time.perf_counter()
        render(view)
        cold.append(time.perf_counter() - start)
        meq.BLOCKS.blocks.update(kept)  # back to the warm state the next move expects
    w, c, f = (statistics.median(x) * 1000 for x in (warm, cold, floors))
    shown = Image.open(io.BytesIO(png))
    return [Row(f"board render, MEQ, 4 players mid-game, {label}, after each of {len(warm)} moves",
                f"{w:.1f} ms, {statistics.median(sizes) / 1024:.1f} KiB ({shown.width}x{shown.height} at the end)",
                f"bare PNG encode, same image and palette mode {f:.1f} ms",
                f"{w / f:.1f}x the floor; cold (no block kept) {c:.1f} ms, {c / f:.1f}x")]


def rows(seconds: float = 3.0) -> list[Row]:
    out = [*render_rows(lambda _: None, "table view"),
           *render_rows(lambda s: s.sauron, "Sauron's view (token faces, hands)")]
    for people in (2, 3, 4):
        out += game_rows(GAME, people, seconds)
    return out


if __name__ == "__main__":
    for row in rows():
        print(f"| {row.name} | {row.value} | {row.floor} | {row.note} |")
