"""Board renders: the median time and PNG size of each game's table image, beside Pillow's bare PNG encode of
the very image it shipped, in the mode it shipped (a palette) and at the level the renderer uses (the floor),
measured in the same run."""

from __future__ import annotations

import importlib
import io
import random
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from PIL import Image

from engines.core import Config
from render import kit
from render.registry import render
from tests.bench.common import Row, encode_png, played_views, timed
from tests.engines.randomplay import random_answer
from tests.games.tally import GAME as TALLY


def board_row(label: str, view: Any, runs: int = 21) -> Row:
    """Render `view` `runs` times; the floor re-encodes the shipped image as it was shipped (same pixels, same
    mode, same compression level), so it has the same size and compressibility: what no renderer can beat
    without changing what it ships."""
    median, png = timed(partial(render, view), runs)
    rendered = Image.open(io.BytesIO(png))
    rendered.load()
    size = rendered.size
    floor, _ = timed(partial(encode_png, rendered, kit.PNG_COMPRESS_LEVEL), runs)
    return Row(f"board render, {label}", f"{median * 1000:.1f} ms, {len(png) / 1024:.1f} KiB ({size[0]}x{size[1]})",
               f"bare PNG encode ({rendered.mode}, level {kit.PNG_COMPRESS_LEVEL}) {floor * 1000:.1f} ms",
               f"{median / floor:.1f}x the floor")


def _encode(png: bytes) -> float:
    img = Image.open(io.BytesIO(png))
    img.load()
    start = time.perf_counter()
    encode_png(img, kit.PNG_COMPRESS_LEVEL)
    return time.perf_counter() - start


def moves_row(game: Any, state: Any, seat: str | None, label: str, renderer: str, moves: int = 40,
              seed: int = 11) -> Row:
    """The board after each of `moves` random moves from `state`, as the bot draws it (warm: what the renderer kept
    from the move before), beside Pillow encoding the very image it shipped in the same mode and level; then the
    same boards cold (everything the renderer keeps forgotten before each) for comparison."""
    forget = getattr(importlib.import_module(f"render.{renderer}"), "forget", lambda: None)
    state, views = played_views(game, state, seat, moves, random.Random(seed))
    forget()
    render(game.view(state, seat))  # fonts, the pack and the palette, once per process
    warm: list[float] = []
    cold: list[float] = []
    floors: list[float] = []
    sizes: list[int] = []
    png = b""
    for view in views:
        start = time.perf_counter()
        png = render(view)
        warm.append(time.perf_counter() - start)
        floors.append(_encode(png))
        sizes.append(len(png))
    for view in views:
        forget()
        kit.forget_text()  # the glyph masks every renderer keeps, too
        start = time.perf_counter()
        render(view)
        cold.append(time.perf_counter() - start)
    w, c, f = (statistics.median(x) * 1000 for x in (warm, cold, floors))
    shown = Image.open(io.BytesIO(png))
    return Row(f"board render, {label}, after each of {len(warm)} moves",
               f"{w:.1f} ms, {statistics.median(sizes) / 1024:.1f} KiB ({shown.width}x{shown.height} at the end)",
               f"bare PNG encode, same image and palette mode {f:.1f} ms",
               f"{w / f:.1f}x the floor; cold (nothing kept) {c:.1f} ms, {c / f:.1f}x")


def midgame(game: Any, seats: int, seed: int, done: Callable[[Any, int], bool], limit: int = 50,
            options: dict[str, Any] | None = None) -> Any:
    """A state reached by random legal play from `seed` (trying the next seeds) at which `done(state, moves)`
    holds, the game still going."""
    rnd = random.Random(seed)
    for s in range(seed, seed + limit):
        state = game.setup(Config(seats=game.seat_names(seats), options=dict(options or {})), s)
        moves = 0
        while game.outcome(state) is None and not done(state, moves):
            d = rnd.choice(game.pending(state))
            state = game.apply(state, d.seat, random_answer(d, rnd)).state
            moves += 1
        if game.outcome(state) is None:
            return state
    raise RuntimeError(f"no mid-game {game.name} table found")


def lcg_midgame(seats: int = 4) -> Any:
    """A Passage Through Mirkwood table in round 3 or later, in combat: characters, enemies and shadows out."""
    from engines.lcg import GAME as LCG

    return midgame(LCG, seats, 11, lambda s, _: s.round >= 3 and s.phase == "combat")


def rows() -> list[Row]:
    from engines.lcg import GAME as LCG

    tally = midgame(TALLY, 4, 3, lambda _, moves: moves >= 8)
    lcg = lcg_midgame()
    return [
        board_row("generic (Tally), 4 seats, table view", TALLY.view(tally, None)),
        board_row("generic (Tally), 4 seats, seat view", TALLY.view(tally, "p1")),
        moves_row(LCG, lcg, None, "LCG, 4 players mid-game, table view", "lcg"),
        moves_row(LCG, lcg, "p1", "LCG, 4 players mid-game, seat view (with hand)", "lcg"),
    ]
