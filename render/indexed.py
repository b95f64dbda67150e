"""Drawing straight into a board's fixed 256-colour palette: the very indices drawing in full colour and then mapping
each pixel to the palette (Image.quantize, no dither) gives, at a quarter of the bytes to fill, copy and paste, and
with no mapping pass (issue 17: mapping and filling true-colour blocks cost a near-cold board as much as its encode).

An image drawn in indices carries a `Pen` as its palette. ImageDraw maps a fill colour through its palette's
`getcolor`: the pen answers with the index quantizing that colour gives, so flat fills and outlines (which Pillow draws
without anti-aliasing) need no change in the code that draws them. Anti-aliased text blends its ink into the ground
under it, which indices cannot do: kit.text stamps a glyph mask through a table giving, for each level of the mask, the
index quantizing Pillow's own blend of the ink over that ground gives (`Pen.stamp`). A shade (kit's dimmed card) blends
every pixel half way to the shade colour: a flat pixel's index maps to its shaded twin's, and the pen, which keeps what
it stamped where, stamps each text again through the table of its blends shaded. Where the outcome cannot be known from
indices (text over a ground that is not one flat palette colour, a colour the palette holds only approximately, a shade
over what the pen did not draw), `TrueColourOnly` is raised, and the caller draws that tile or block in full colour and
maps it, as before. One case is assumed rather than checked, since checking it would cost each word a search: text
whose glyphs ink over another text's faintest pixels (those that map back to the ground's own index). Nothing on a
board does that (a word's box lies on its ground); tests/render/test_indexed.py compares whole boards drawn both ways,
index for index.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw, ImagePalette

if TYPE_CHECKING:
    from PIL._imaging import ImagingCore

RGB = tuple[int, int, int]
Box = tuple[int, int, int, int]
SHADE = "shade"  # a step of a stamp's history: everything blended half way to the shade colour (kit._shade)
Recipe = tuple[RGB | str, ...]  # how a stamp's pixels came to be: the ground, then each ink stamped or SHADE


class TrueColourOnly(Exception):
    """Drawing this in palette indices could differ from drawing it in full colour and mapping it: draw it so."""


class IndexedPalette:
    """A board's fixed palette, for images drawn in its indices. Shared by every such image, across threads: it only
    keeps what it has worked out (each colour's index, each stamp history's table), the same whoever works it out."""

    def __init__(self, source: Image.Image, shade: RGB) -> None:
        flat = (source.getpalette() or [])[: 3 * 256]
        self.source = source  # the 1x1 palette image Image.quantize takes
        self.shade_colour = shade
        self.colours: list[RGB] = [(flat[i], flat[i + 1], flat[i + 2]) for i in range(0, 3 * 256, 3)]
        self.raw = bytes(flat)
        self.indices: dict[RGB, int] = {}
        self.tables: dict[Recipe, list[int]] = {}
        strip = Image.new("RGB", (256, 1))
        strip.putdata(self.colours)
        # Text can blend over an entry whose own colour maps back to it: what the entry's pixels are is known.
        mapped = self._quantized(strip)
        self.grounds: list[RGB | None] = [c if mapped[i] == i else None for i, c in enumerate(self.colours)]
        self.shaded = self._quantized(Image.blend(strip, Image.new("RGB", strip.size, shade), 0.5))

    def _quantized(self, strip: Image.Image) -> list[int]:
        return list(strip.quantize(palette=self.source, dither=Image.Dither.NONE).tobytes())

    def index(self, colour: RGB) -> int:
        """The index Image.quantize maps `colour` to (not always the entry nearest it: Pillow maps a 4x4x4 cell)."""
        found = self.indices.get(colour)
        if found is None:
            found = self.indices[colour] = self._quantized(Image.new("RGB", (1, 1), colour))[0]
        return found

    def exact(self, colour: RGB) -> int:
        """The colour's index, when the palette holds the colour itself. A colour it only approximates would be right
        where filled, but text over it would blend with the entry, not the colour."""
        found = self.index(colour)
        if self.colours[found] != colour:
            raise TrueColourOnly(f"{colour} is not in the palette")
        return found

    def new(self, width: int, height: int, colour: RGB) -> Image.Image:
        """An image filled with `colour`, which ImageDraw draws on in this palette's indices (a new pen of its own)."""
        img = Image.new("P", (width, height), self.exact(colour))
        img.im.putpalette("RGB", "RGB", self.raw)
        img.palette = Pen(self)
        return img

    def table(self, recipe: Recipe) -> list[int]:
        """For each level of a glyph mask, the index that quantizing the pixel `recipe` makes at that level gives:
        worked out by making those pixels in full colour with Pillow's own blends, on a mask of every level."""
        found = self.tables.get(recipe)
        if found is None:
            ground = recipe[0]
            assert isinstance(ground, tuple)
            strip = Image.new("RGB", (256, 1), ground)
            for step in recipe[1:]:
                if isinstance(step, tuple):
                    draw = ImageDraw.Draw(strip)
                    draw.draw.draw_bitmap((0, 0), _LEVELS.im, draw.draw.draw_ink(step))
                else:
                    strip = Image.blend(strip, Image.new("RGB", strip.size, self.shade_colour), 0.5)
            found = self.tables[recipe] = self._quantized(strip)
        return found


# Text a pen stamped: where (its mask's box), the mask, the pixels it inked (levels 0 and 255), and how those pixels
# came to be. (A plain tuple: a board makes a few hundred.)
Stamp = tuple[Box, "ImagingCore", "ImagingCore", Recipe]


def _moved(stamp: Stamp, dx: int, dy: int) -> Stamp:
    x0, y0, x1, y1 = stamp[0]
    return (x0 + dx, y0 + dy, x1 + dx, y1 + dy), stamp[1], stamp[2], stamp[3]


Log = list[tuple[int, int, Sequence[Stamp], Sequence[Box]]]  # stamps and unknown regions, each set moved by (x, y)


class Pen(ImagePalette.ImagePalette):
    """One image's palette when it is drawn in a board palette's indices: maps fills for ImageDraw, and keeps the text
    it stamped (and what was pasted in from pieces drawn elsewhere), so a shade can work out every pixel it blends."""

    def __init__(self, board: IndexedPalette) -> None:
        super().__init__("RGB", board.raw)
        self.board = board
        self.stamps: list[Stamp] = []
        self.unknown: list[Box] = []  # pasted from pieces drawn in full colour and mapped: their pixels' history
        self.pieces: Log = []  # what pieces pasted in carry, not yet looked at
        # Has anything been drawn or pasted since text was stamped, which might cover some of it? Until then a shade
        # need not check that each stamp's pixels are still as it left them.
        self.drawn_over = False

    def getcolor(self, color: tuple[int, ...], image: Image.Image | None = None) -> int:
        """What ImageDraw fills with."""
        if self.stamps or self.pieces:
            self.drawn_over = True
        return self.board.exact((color[0], color[1], color[2]))

    def log(self) -> Log:
        """Everything this pen knows of its image, to go with a piece cut out of it: its stamps and unknown regions,
        and the pieces pasted in (as references: a log is moved only when a shade looks at it)."""
        return [(0, 0, self.stamps, self.unknown), *self.pieces]

    def pasted(self, offset: tuple[int, int], log: Log, extent: Box) -> None:
        """A piece was pasted over `extent` carrying `log` (in coordinates `offset` away from this image's)."""
        if self.pieces or any(_overlap(s[0], extent) for s in self.stamps):
            self.drawn_over = True
        dx, dy = offset
        self.pieces += [(x + dx, y + dy, stamps, unknown) for x, y, stamps, unknown in log if stamps or unknown]

    def unpack(self) -> None:
        """Take the stamps and unknown regions of the pieces pasted in as this image's own."""
        for x, y, stamps, unknown in self.pieces:
            self.stamps += [_moved(s, x, y) for s in stamps] if x or y else stamps
            self.unknown += [(x0 + x, y0 + y, x1 + x, y1 + y) for x0, y0, x1, y1 in unknown]
        self.pieces = []

    def stamp(self, img: ImagingCore, xy: tuple[int, int], mask: ImagingCore, ink: RGB) -> None:
        """What ImageDraw's draw_bitmap of `mask` in `ink` at `xy` and then quantizing gives, in `img` (an image's
        core, as ImageDraw holds it): where the mask inks on one flat colour the palette holds as itself, or over
        this pen's own stamp of the same mask at the same place (a name drawn again in another ink); else
        TrueColourOnly."""
        width, height = mask.size
        if not width or not height:
            return
        x, y = xy
        box = (x, y, x + width, y + height)
        if x < 0 or y < 0 or box[2] > img.size[0] or box[3] > img.size[1]:
            raise TrueColourOnly("text past the edge")
        under = img.crop(box)
        low, high = under.getextrema()
        if low == high:  # the mask's box lies on one colour: its levels of 0 are that colour too
            mapped, inked, recipe = _on_ground(self.board, mask, low, ink)
            self.stamps.append((box, mask, inked, recipe))
            img.paste(mapped, box)
            return
        inked = _inked(mask)  # (a big number's box reaches past its cell): only where the glyphs ink matters
        counts = under.histogram((0, 0), inked)
        grounds = [i for i in range(low, high + 1) if counts[i]]
        if len(grounds) == 1:
            recipe = (_ground(self.board, grounds[0]), ink)
        else:
            self.unpack()
            before = next((s for s in reversed(self.stamps) if s[0] == box and s[1] is mask), None)
            if before is None or not _intact(img, before, self.board):
                raise TrueColourOnly("text over more than one flat colour")
            self.stamps = [s for s in self.stamps if s is not before]
            recipe = (*before[3], ink)
        self.stamps.append((box, mask, inked, recipe))
        img.paste(_mapped(self.board, mask, recipe), box, inked)

    def shade(self, img: Image.Image, box: Box, shape: Image.Image, radius: int) -> None:
        """kit._shade in indices: every pixel of `box` inside `shape` (a two-level mask: `box`'s rounded rectangle of
        `radius`) blended half way to the shade colour, as Image.blend does in full colour and quantizing then gives. A
        flat pixel's colour is its entry's; a stamp's pixels are worked out from their history; anything else under
        the shade raises TrueColourOnly."""
        x0, y0, x1, y1 = box
        # Pillow fills a rounded rectangle whole but for its corners: text in these two bands lies inside it
        across = (x0, y0 + radius + 1, x1, y1 - radius - 1)
        down = (x0 + radius + 1, y0, x1 - radius - 1, y1)
        self.unpack()
        if any(_overlap(u, box) for u in self.unknown):
            raise TrueColourOnly("a shade over pixels drawn in full colour")
        region = img.im.crop(box)
        shaded = region.point(self.board.shaded, None)
        stamps: list[Stamp] = []
        for s in self.stamps:
            if not _overlap(s[0], box):
                stamps.append(s)
                continue
            (sx0, sy0, sx1, sy1), mask, inked, recipe = s
            if sx0 < x0 or sy0 < y0 or sx1 > x1 or sy1 > y1 or (self.drawn_over and not _intact(img.im, s, self.board)):
                raise TrueColourOnly("a shade over text cut or drawn over")
            at = (sx0 - x0, sy0 - y0, sx1 - x0, sy1 - y0)
            if not (_inside(s[0], across) or _inside(s[0], down)) and shape.im.crop(at).histogram((0, 0), inked)[0]:
                raise TrueColourOnly("a shade over text reaching past the card")
            recipe = (*recipe, SHADE)
            shaded.paste(_mapped(self.board, mask, recipe), at, inked)
            stamps.append((s[0], mask, inked, recipe))
        self.stamps = stamps
        img.im.paste(shaded, box, shape.im)


def _inside(a: Box, b: Box) -> bool:
    return a[0] >= b[0] and a[1] >= b[1] and a[2] <= b[2] and a[3] <= b[3]


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _intact(img: ImagingCore, stamp: Stamp, board: IndexedPalette) -> bool:
    """Are the pixels `stamp` inked still as it left them (nothing drawn over them since)?"""
    box, mask, inked, recipe = stamp
    under = img.crop(box)
    expected = img.crop(box)
    expected.paste(_mapped(board, mask, recipe), (0, 0, *mask.size), inked)
    return under.chop_difference(expected).getbbox() is None


_LEVELS = Image.new("L", (256, 1))
_LEVELS.putdata(range(256))


@lru_cache(maxsize=4096)
def _mapped(board: IndexedPalette, mask: ImagingCore, recipe: Recipe) -> ImagingCore:
    """`mask` as the indices of `recipe`'s pixels at each of its levels, kept: a board stamps the same words in the
    same inks on the same grounds."""
    mapped: ImagingCore = mask.point(board.table(recipe), None)
    return mapped


def _ground(board: IndexedPalette, index: int) -> RGB:
    """The colour under text whose pixels are `index`: an entry whose own colour maps back to it. (A pixel is only
    known from its index when the palette holds its colour: text's blends are not, and the pen stamps over its own
    stamps only where it knows them.)"""
    colour = board.grounds[index]
    if colour is None:
        raise TrueColourOnly("text over a blend")
    return colour


@lru_cache(maxsize=8192)
def _on_ground(board: IndexedPalette, mask: ImagingCore, ground: int, ink: RGB) -> tuple[ImagingCore, ImagingCore,
                                                                                          Recipe]:
    """`mask` stamped in `ink` on the entry `ground`: its indices, where it inks, and its history (kept: a board
    stamps the same words on the same grounds)."""
    recipe: Recipe = (_ground(board, ground), ink)
    return _mapped(board, mask, recipe), _inked(mask), recipe


@lru_cache(maxsize=4096)
def _inked(mask: ImagingCore) -> ImagingCore:
    """Where `mask` inks at all, as levels of 0 and 255: pasting through it copies exactly those pixels."""
    inked: ImagingCore = mask.point([0] + [255] * 255, None)
    return inked
