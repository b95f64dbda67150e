"""Boards drawn straight in their palette's indices (render/indexed.py, issue 17) are, index for index, the boards
drawn in full colour and then mapped to the palette pixel by pixel (Image.quantize, no dither): the LCG and War of the
Ring tables and seat views of random games, mid-game and late, kept tiles and all."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw

from engines.core import Config, Game, View
from engines.lcg import GAME as LCG
from engines.wotr import GAME as WOTR
from render import kit, lcg, lcg_palette, wotr
from render.indexed import Pen, TrueColourOnly
from render.kept import Cutout, Kept, paste_tile
from tests.engines.randomplay import random_answer

DrawTable = Callable[[Any, kit.KeptBlocks | None], Image.Image]


@pytest.fixture(autouse=True)
def start_from_nothing() -> Iterator[None]:
    lcg.forget()
    wotr.forget()
    yield
    lcg.forget()
    wotr.forget()


def views(game: Game[Any], options: dict[str, str | int | bool], seed: int, every: int) -> Iterator[View]:
    """The table and one seat's view of every `every`th state of a random four-player game, and of its last."""
    seats = game.seat_names(4)
    state = game.setup(Config(seats=seats, options=options), seed)
    rnd = random.Random(seed)
    for step in range(400):
        done = game.outcome(state) is not None
        if step % every == every - 1 or done:
            yield from (game.view(state, seat) for seat in (None, seats[seed % 4]))
        if done:
            return
        decision = rnd.choice(game.pending(state))
        state = game.apply(state, decision.seat, random_answer(decision, rnd)).state
    yield from (game.view(state, seat) for seat in (None, seats[seed % 4]))


class Drawn:
    """Counts the text stamped and the cards shaded in indices, and what could not be: so a board that fell back to
    full colour everywhere cannot pass for one drawn in indices."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.done = {"stamp": 0, "shade": 0}
        self.refused = {"stamp": 0, "shade": 0}
        for name in self.done:
            monkeypatch.setattr(Pen, name, self.counted(name, getattr(Pen, name)))

    def counted(self, name: str, method: Callable[..., None]) -> Callable[..., None]:
        def counted(pen: Pen, *args: Any) -> None:
            try:
                method(pen, *args)
            except TrueColourOnly:
                self.refused[name] += 1
                raise
            self.done[name] += 1

        return counted


def differing(draw_table: DrawTable, palette: Image.Image, view: View) -> tuple[int, int, int, int] | None:
    """Where the board drawn in indices (as render_table draws it, kept tiles and all) differs from the board drawn
    whole in full colour and mapped, index for index (the box of differing pixels), or None."""
    indexed = draw_table(view, kit.KeptBlocks(0))
    mapped = draw_table(view, None).quantize(palette=palette, dither=Image.Dither.NONE)
    assert indexed.mode == mapped.mode == "P" and indexed.size == mapped.size
    if indexed.tobytes() == mapped.tobytes():
        return None
    return ImageChops.difference(indexed.convert("L"), mapped.convert("L")).getbbox() or (0, 0, 0, 0)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_lcg_boards_drawn_in_indices_are_the_boards_drawn_in_full_colour_and_mapped(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = Drawn(monkeypatch)
    boards = 0
    for view in views(LCG, {}, seed, 20):
        assert differing(lcg.draw_table, lcg_palette.palette(), view) is None, (seed, view.seat, view.status)
        boards += 1
    assert boards >= 6
    assert drawn.done["stamp"] > 50 * boards and drawn.refused["stamp"] < drawn.done["stamp"] / 100
    assert drawn.done["shade"] > 2 and drawn.refused["shade"] == 0  # exhausted characters, shaded in indices


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_wotr_boards_drawn_in_indices_are_the_boards_drawn_in_full_colour_and_mapped(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = Drawn(monkeypatch)
    boards = 0
    for view in views(WOTR, {"scenario": "trilogy"}, seed, 30):
        assert differing(wotr.draw_table, wotr.palette(), view) is None, (seed, view.seat, view.status)
        boards += 1
    assert boards >= 6
    assert drawn.done["stamp"] > 50 * boards and drawn.refused["stamp"] < drawn.done["stamp"] / 100


def test_rounded_rectangles_stamped_from_kept_corners_are_the_ones_pillow_draws() -> None:
    """kit.rounded on an image drawn in indices stamps each corner from masks kept by its size: every size, radius
    and edge width a board uses and more, filled, edged or both, is pixel for pixel Pillow's rounded_rectangle."""
    palette = lcg_palette.indexed()
    inks = (kit.PALETTE.panel, kit.PALETTE.panel_edge)
    drawn = 0
    sizes = [(w, h) for w in (1, 2, 3, 5, 8, 9, 16, 25, 31, 60, 176) for h in (1, 2, 5, 8, 9, 24, 25, 30, 31, 77)]
    for width, height in sizes:
        for radius in (0, 1, 4, 6, 8, 12, 15, 40):
            for edge in (0, 1, 2, 3, 4):
                for fill, outline in ((inks[0], None), (None, inks[1]), (inks[0], inks[1]), (inks[0], inks[0])):
                    ours, pillows = (palette.new(width + 8, height + 8, kit.PALETTE.table) for _ in range(2))
                    box = (4, 4, 4 + width - 1, 4 + height - 1)
                    kit.rounded(ImageDraw.Draw(ours), box, radius, fill=fill, outline=outline, width=edge)
                    ImageDraw.Draw(pillows).rounded_rectangle(box, radius, fill=fill, outline=outline, width=edge)
                    assert ours.tobytes() == pillows.tobytes(), (width, height, radius, edge, fill, outline)
                    drawn += 1
    assert drawn > 10_000


def overlapping_words(img: Image.Image, x: int, y: int) -> None:
    """Text over text: indices cannot tell what the first word's blends were, so drawing this in them is refused."""
    draw = ImageDraw.Draw(img)
    kit.chip(draw, (x, y), "Westmarch", kit.PALETTE.chip)
    kit.text(draw, (x + 12, y + 4), "Westmarch", kit.font(kit.TEXT_SIZE), kit.PALETTE.accent)


def test_a_block_indices_cannot_draw_is_drawn_in_full_colour_and_mapped() -> None:
    palette = lcg_palette.indexed()
    with pytest.raises(TrueColourOnly):
        overlapping_words(palette.new(200, 60, kit.PALETTE.table), 10, 10)
    block = kit.KeptBlocks(1).get("words", 200, 60, lambda img, _: overlapping_words(img, 10, 10), palette)
    full = kit.canvas(200, 60)
    overlapping_words(full, 10, 10)
    assert block.tobytes() == full.quantize(palette=palette.source, dither=Image.Dither.NONE).tobytes()


def test_a_tile_indices_cannot_draw_is_drawn_in_full_colour_mapped_and_pasted_through_its_outline() -> None:
    palette = lcg_palette.indexed()
    tiles: Kept[Cutout] = Kept(2)
    shapes = [((0, 0, 159, 49), kit.RADIUS, 0)]

    def tile(img: Image.Image, x: int, y: int) -> None:
        ImageDraw.Draw(img).rounded_rectangle((x, y, x + 159, y + 49), kit.RADIUS, fill=kit.PALETTE.face)
        overlapping_words(img, x + 10, y + 10)

    for _ in range(2):  # drawn, then pasted as kept
        board = palette.new(200, 80, kit.PALETTE.panel)
        paste_tile(board, (20, 15, 180, 65), "tile", tiles, tile, shapes)
        full = Image.new("RGB", (200, 80), kit.PALETTE.panel)
        tile(full, 20, 15)
        assert board.tobytes() == full.quantize(palette=palette.source, dither=Image.Dither.NONE).tobytes()
