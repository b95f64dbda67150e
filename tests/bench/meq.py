"""Middle-earth Quest rows of `make bench`: the board render beside its floors (Pillow's bare PNG encode of the
same image, in the palette mode the board is sent in, and in RGB as tests/bench/boards.py measures it), and
random play and replay speed for 2, 3 and 4 players."""

from __future__ import annotations

import io
from functools import partial
from typing import Any

from PIL import Image

from engines.meq import GAME
from render.registry import render
from tests.bench.boards import midgame
from tests.bench.common import Row, encode_png, timed
from tests.bench.play import game_rows


def board_row(label: str, view: Any, runs: int = 21) -> Row:
    median, png = timed(partial(render, view), runs)
    rendered = Image.open(io.BytesIO(png))
    rendered.load()
    same_mode, _ = timed(partial(encode_png, rendered), runs)
    rgb, _ = timed(partial(encode_png, rendered.convert("RGB")), runs)
    return Row(f"board render, {label}",
               f"{median * 1000:.1f} ms, {len(png) / 1024:.1f} KiB ({rendered.width}x{rendered.height})",
               f"bare PNG encode {same_mode * 1000:.1f} ms ({rendered.mode}), {rgb * 1000:.1f} ms (RGB)",
               f"{median / same_mode:.1f}x the {rendered.mode} floor, {median / rgb:.1f}x the RGB floor")


def rows(seconds: float = 3.0) -> list[Row]:
    # A 4-player game some 300 commands in: influence, tokens, figures and Plots on the map.
    state = midgame(GAME, 4, 11, lambda _, moves: moves >= 300)
    out = [board_row("MEQ, 4 players mid-game, table view", GAME.view(state, None)),
           board_row("MEQ, 4 players mid-game, Sauron's view (token faces, hands)", GAME.view(state, state.sauron))]
    for people in (2, 3, 4):
        out += game_rows(GAME, people, seconds)
    return out


if __name__ == "__main__":
    for row in rows():
        print(f"| {row.name} | {row.value} | {row.floor} | {row.note} |")
