"""What a renderer keeps between renders, beside kit.KeptBlocks: a bounded map for layouts and drawn tiles, a tile
pasted through the shapes it lays down (a Cutout), and a fixed palette built from a board's grounds and inks.

A board is redrawn after every move and most of it has not changed. Keeping a drawn block needs one palette for
every block of every board, the same on every move and in every process (so blocks paste into one palette image
as they are); keeping a drawn tile needs its outline, since around its rounded corners whatever lies under it shows.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Generic, TypeVar

from PIL import Image, ImageDraw

from render import kit
from render.indexed import Log, Pen, TrueColourOnly

if TYPE_CHECKING:
    from PIL._imaging import ImagingCore

RGB = kit.RGB
P = kit.PALETTE
T = TypeVar("T")


class Kept(Generic[T]):
    """A bounded map, oldest out. Locked: boards are drawn on worker threads (asyncio.to_thread), several at once,
    and one thread's eviction must not break another's lookup."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.found: OrderedDict[Hashable, T] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: Hashable) -> T | None:
        with self.lock:
            found = self.found.get(key)
            if found is not None:
                self.found.move_to_end(key)
            return found

    def put(self, key: Hashable, value: T) -> T:
        with self.lock:
            self.found[key] = value
            while len(self.found) > self.size:
                self.found.popitem(last=False)
            return value

    def clear(self) -> None:
        with self.lock:
            self.found.clear()


Shape = tuple[kit.Box, int, int]  # a rounded rectangle a tile paints: its box (inclusive, from the tile's corner),
# its radius and the width of its outline (0: filled only)


class Cutout:
    """A drawn piece to paste through the rounded rectangles it lays down (`shapes`). Pasted again, it is cut in runs
    of rows: rows the shapes fill edge to edge are copied as they are, rows they miss are skipped, and only the rest
    go through the outline (pasting through a mask costs several times a copy, and most of a card's rows are whole).
    A piece pasted once (a tile of a board not seen before) is pasted through its outline whole: cutting costs more."""

    def __init__(self, piece: ImagingCore, shapes: Sequence[Shape], log: Log,
                 at: tuple[int, int] | None = None) -> None:
        """`piece` (an image's core) as drawn: in place at `at` (where its first paste puts it) or on its own, with
        the `log` of the pen that drew it (its text, in the coordinates it was drawn in)."""
        self.piece = piece
        self.shapes = tuple(shapes)
        self.at = at or (0, 0)
        self.log = log
        self.pastes = int(at is not None)
        self.runs: list[tuple[int, int, ImagingCore, ImagingCore | None]] | None = None

    def paste(self, img: Image.Image, xy: tuple[int, int]) -> None:
        """Paste it with its top-left corner at `xy` of `img` (an image of its mode, drawn on here: pasted into its
        core, as ImageDraw draws, a dozen times a tile)."""
        x, y = xy
        width, height = self.piece.size
        if not self.pastes:
            outline, _ = _outline(self.piece.size, self.shapes)
            img.im.paste(self.piece, (x, y, x + width, y + height), outline.im)
        else:
            if self.runs is None:  # (two threads may both cut it: the same runs)
                outline, runs = _outline(self.piece.size, self.shapes)
                self.runs = [(top, bottom, self.piece.crop((0, top, width, bottom)),
                              None if whole else outline.im.crop((0, top, width, bottom)))
                             for top, bottom, whole in runs]
            for top, bottom, rows, mask in self.runs:
                if mask is None:
                    img.im.paste(rows, (x, y + top, x + width, y + bottom))
                else:
                    img.im.paste(rows, (x, y + top, x + width, y + bottom), mask)
        self.pastes += 1
        if isinstance(img.palette, Pen):
            img.palette.pasted((x - self.at[0], y - self.at[1]), self.log, (x, y, x + width, y + height))


def _outline(size: tuple[int, int], shapes: tuple[Shape, ...]) -> tuple[Image.Image, list[tuple[int, int, bool]]]:
    """The shapes' outline as a two-level mask, drawn as the piece draws them (the same pixels), and its runs of rows:
    (top, bottom, whether the shapes fill every row of it edge to edge). Kept by size and shapes: tiles repeat them."""
    found = OUTLINES.get((size, shapes))
    if found is not None:
        return found
    width, height = size
    outline = Image.new("1", size, 0)
    draw = ImageDraw.Draw(outline)
    row = [0] * height  # 0: no shape reaches the row; 1: some do; 2: one fills it edge to edge
    for (x0, y0, x1, y1), radius, line in shapes:
        draw.rounded_rectangle((x0, y0, x1, y1), radius, fill=1, outline=1 if line else None, width=line or 1)
        for y in range(max(0, y0), min(height, y1 + 1)):
            row[y] = max(row[y], 1)
        if x0 <= 0 and x1 >= width - 1:  # Pillow fills a rounded rectangle's rows between its corners whole
            for y in range(max(0, y0 + radius + 1), min(height, y1 - radius)):
                row[y] = 2
    runs: list[tuple[int, int, bool]] = []
    top = 0
    for y in range(1, height + 1):
        if y == height or row[y] != row[top]:
            if row[top]:
                runs.append((top, y, row[top] == 2))
            top = y
    return OUTLINES.put((size, shapes), (outline, runs))


OUTLINES: Kept[tuple[Image.Image, list[tuple[int, int, bool]]]] = Kept(64)


def paste_tile(img: Image.Image, box: kit.Box, key: Hashable, tiles: Kept[Cutout],
               paint: Callable[[Image.Image, int, int], None], shapes: Sequence[Shape]) -> None:
    """Paint a tile into `box` of `img` with `paint(img, x, y)`, or paste it as drawn before under `key`. `shapes`
    are the rounded rectangles the tile lays down first, opaque, and paints nothing outside: the tile is pasted
    through them, so what lies around its rounded corners and between its pieces (the ground, or a badge reaching
    over it) stays as it was, the very pixels painting it there gives, on any ground. A tile not kept is painted in
    place, as it would be pasted (opaque inside its shapes, nothing outside), and cut out to keep."""
    x, y, right, bottom = box
    palette = kit.drawn_in(img)
    key = (key, palette)  # a tile drawn in a palette's indices, or in full colour
    found = tiles.get(key)
    if found is not None:
        found.paste(img, (x, y))
        return
    outer = img.palette if isinstance(img.palette, Pen) else None
    if outer is None or palette is None:  # in full colour
        paint(img, x, y)
        tiles.put(key, Cutout(img.im.crop(box), shapes, [], at=(x, y)))
        return
    pen = img.palette = Pen(palette)  # the tile's own: its stamps go with it, and a shade in it looks at them alone
    try:
        paint(img, x, y)
    except TrueColourOnly:  # in full colour, mapped
        img.palette = outer
        tile = Image.new("RGB", (right - x, bottom - y), kit.PALETTE.table)
        paint(tile, 0, 0)
        mapped = tile.quantize(palette=palette.source, dither=Image.Dither.NONE)
        found = Cutout(mapped.im, shapes, [(0, 0, [], [(0, 0, *mapped.size)])])  # its pixels' history is unknown
        tiles.put(key, found).paste(img, (x, y))  # kept once drawn: another thread may paste it as soon as kept
        return
    finally:
        img.palette = outer
    found = tiles.put(key, Cutout(img.im.crop(box), shapes, pen.log(), at=(x, y)))
    outer.pasted((0, 0), found.log, box)


def _shaded(colour: RGB) -> RGB:
    """`colour` as kit's shade leaves it (Image.blend half way to the shade, rounded as Pillow rounds)."""
    mixed = Image.blend(Image.new("RGB", (1, 1), colour), Image.new("RGB", (1, 1), P.shade), 0.5).getpixel((0, 0))
    assert isinstance(mixed, tuple)
    return mixed[0], mixed[1], mixed[2]


def fixed_palette(grounds: Sequence[tuple[RGB, tuple[RGB, ...]]], other: Sequence[RGB],
                  sizes: Sequence[tuple[int, bool]]) -> Image.Image:
    """A 256-colour palette (a 1x1 palette image for Image.quantize): every ground, ink and `other` colour as an entry
    (the first ground first, so index 0 is the canvas), with its shaded twin (a card turned sideways is blended half
    way to the shade); the rest are the blends anti-aliased text makes, chosen by octree from a swatch of text at
    `sizes` (size, bold) in each ink on each ground, plain and shaded. The same in every process."""
    plain: list[RGB] = []
    for ground, inks in grounds:
        plain += [c for c in (ground, *inks) if c not in plain]
    plain += [c for c in other if c not in plain]
    exact = plain + [s for c in plain if (s := _shaded(c)) not in plain]
    exact = [c for i, c in enumerate(exact) if c not in exact[:i]]
    assert len(exact) < 160, len(exact)  # leave room for the blends
    swatch = _swatch(grounds, sizes)
    chosen = swatch.quantize(256 - len(exact), method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    flat = chosen.getpalette() or []
    blends = [(flat[i], flat[i + 1], flat[i + 2]) for i in range(0, 3 * (256 - len(exact)), 3)]
    colours = exact + [c for c in blends if c not in exact]
    colours += [colours[0]] * (256 - len(colours))
    # Pillow maps a colour to the entry nearest the corner of its 4x4x4 cell, not to the colour itself: a blend
    # close by could take an exact colour's place (the canvas ground came out one level darker). Such blends go.
    probe = Image.new("RGB", (len(exact), 1))
    probe.putdata(exact)
    for _ in range(16):
        img = Image.new("P", (1, 1))
        img.putpalette([v for c in colours[:256] for v in c])
        mapped = probe.quantize(palette=img, dither=Image.Dither.NONE)
        stolen = {i for x, c in enumerate(exact) if colours[i := _index(mapped, x)] != c and i >= len(exact)}
        if not stolen:
            return img
        colours = [colours[0] if i in stolen else c for i, c in enumerate(colours)]
    raise AssertionError("blends keep taking the place of the board's own colours")


def _index(img: Image.Image, x: int) -> int:
    index = img.getpixel((x, 0))
    assert isinstance(index, int)
    return index


def _swatch(grounds: Sequence[tuple[RGB, tuple[RGB, ...]]], sizes: Sequence[tuple[int, bool]]) -> Image.Image:
    fonts = [kit.font(size, bold) for size, bold in sizes]
    strips = []
    for ground, inks in grounds:
        strip = Image.new("RGB", (960, 40), ground)
        draw = ImageDraw.Draw(strip)
        for i, ink in enumerate(inks):
            for j, fnt in enumerate(fonts):
                kit.text(draw, (4 + i * 190 + j * 62, 2), "Ag3", fnt, ink)
        strips.append(strip)
    swatch = Image.new("RGB", (960, 2 * 40 * len(strips)))
    for i, strip in enumerate(strips):
        swatch.paste(strip, (0, 40 * i))
        swatch.paste(Image.blend(strip, Image.new("RGB", strip.size, P.shade), 0.5), (0, 40 * (len(strips) + i)))
    return swatch
