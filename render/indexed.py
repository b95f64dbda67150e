"""Drawing straight into a board's fixed 256-colour palette: the very indices drawing in full colour and then mapping
each pixel to the palette (Image.quantize, no dither) gives, at a quarter of the bytes to fill, copy and paste, and
with no mapping pass (issue 17: mapping and filling true-colour blocks cost a near-cold board as much as its encode).

A palette image drawn on with ImageDraw maps a fill colour through its palette's `getcolor`: `IndexedPalette` answers
with the index quantizing that colour gives, so flat fills and outlines (which Pillow draws without anti-aliasing)
need no change in the code that draws them. Anti-aliased text blends its ink into the ground under it, which indices
cannot do: kit.text stamps a glyph mask through a table giving, for each level of the mask, the index quantizing
Pillow's own blend of the ink over that ground gives (`IndexedPalette.stamp`). Where the outcome cannot be known from
indices (text over a ground that is not one flat palette colour, a colour the palette holds only approximately, a
shade blended over a region), `TrueColourOnly` is raised, and the caller draws that tile or block in full colour and
maps it, as before. tests/render/test_indexed.py compares whole boards drawn both ways, index for index.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw, ImagePalette

if TYPE_CHECKING:
    from PIL._imaging import ImagingCore

RGB = tuple[int, int, int]


class TrueColourOnly(Exception):
    """Drawing this in palette indices could differ from drawing it in full colour and mapping it: draw it so."""


class IndexedPalette(ImagePalette.ImagePalette):
    """A board's fixed palette, for images drawn in its indices. Shared by every such image, across threads: it only
    keeps what it has worked out (each colour's index, each text blend's table), the same whoever works it out."""

    def __init__(self, source: Image.Image) -> None:
        flat = source.getpalette() or []
        super().__init__("RGB", flat[: 3 * 256])
        self.source = source  # the 1x1 palette image Image.quantize takes
        self.colours: list[RGB] = [(flat[i], flat[i + 1], flat[i + 2]) for i in range(0, 3 * 256, 3)]
        self.raw = bytes(flat[: 3 * 256])
        self.indices: dict[RGB, int] = {}
        self.blends: dict[tuple[int, RGB], list[int]] = {}

    def index(self, colour: RGB) -> int:
        """The index Image.quantize maps `colour` to (not always the entry nearest it: Pillow maps a 4x4x4 cell)."""
        found = self.indices.get(colour)
        if found is None:
            one = Image.new("RGB", (1, 1), colour).quantize(palette=self.source, dither=Image.Dither.NONE)
            found = self.indices[colour] = _pixel(one, 0, 0)
        return found

    def getcolor(self, color: tuple[int, ...], image: Image.Image | None = None) -> int:
        """What ImageDraw fills with: the colour's index, when the palette holds the colour itself. A colour it only
        approximates would be right where filled, but text over it would blend with the entry, not the colour."""
        colour = (color[0], color[1], color[2])
        found = self.index(colour)
        if self.colours[found] != colour:
            raise TrueColourOnly(f"{colour} is not in the palette")
        return found

    def new(self, width: int, height: int, colour: RGB) -> Image.Image:
        """A palette image filled with `colour`, which ImageDraw draws on in this palette's indices."""
        img = Image.new("P", (width, height), self.getcolor(colour))
        img.im.putpalette("RGB", "RGB", self.raw)
        img.palette = self
        return img

    def blend(self, ground: int, ink: RGB) -> list[int]:
        """For each level of a glyph mask, the index that quantizing Pillow's blend of `ink` over the ground colour
        at that level gives: worked out by drawing a mask of every level in full colour and quantizing it."""
        key = (ground, ink)
        found = self.blends.get(key)
        if found is None:
            strip = Image.new("RGB", (256, 1), self.colours[ground])
            draw = ImageDraw.Draw(strip)
            draw.draw.draw_bitmap((0, 0), _LEVELS.im, draw.draw.draw_ink(ink))
            found = self.blends[key] = list(strip.quantize(palette=self.source, dither=Image.Dither.NONE).tobytes())
        return found

    def stamp(self, img: ImagingCore, xy: tuple[int, int], mask: ImagingCore, ink: RGB) -> None:
        """What ImageDraw's draw_bitmap of `mask` in `ink` at `xy` and then quantizing gives, where the mask lies
        within `img` (an image's core, as ImageDraw holds it) on one flat colour the palette holds as itself (else
        TrueColourOnly)."""
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
            self._check_ground(low)
            img.paste(_mapped(self, mask, low, ink), box)
            return
        # (a big number's box reaches past its cell): only the pixels the glyphs ink need lie on one colour
        counts = under.histogram((0, 0), mask)
        grounds = [i for i in range(low, high + 1) if counts[i]]
        if len(grounds) != 1:
            raise TrueColourOnly("text over more than one flat colour")
        self._check_ground(grounds[0])
        img.paste(_mapped(self, mask, grounds[0], ink), box, _inked(mask))

    def _check_ground(self, index: int) -> None:
        """Is `index` a ground text can blend over: an entry whose own colour maps back to it? (A pixel is only
        known from its index when the palette holds its colour; text's blends under it are not, and are caught by
        the tests rather than here: kit never draws text over text.)"""
        if self.index(self.colours[index]) != index:
            raise TrueColourOnly("text over a blend")


def _pixel(img: Image.Image, x: int, y: int) -> int:
    value = img.getpixel((x, y))
    assert isinstance(value, int)
    return value


_LEVELS = Image.new("L", (256, 1))
_LEVELS.putdata(range(256))


@lru_cache(maxsize=4096)
def _mapped(palette: IndexedPalette, mask: ImagingCore, ground: int, ink: RGB) -> ImagingCore:
    """`mask` as the indices of `ink` blended over `ground`, kept: a board stamps the same words in the same inks
    on the same grounds."""
    mapped: ImagingCore = mask.point(palette.blend(ground, ink), None)
    return mapped


@lru_cache(maxsize=4096)
def _inked(mask: ImagingCore) -> ImagingCore:
    """Where `mask` inks at all, as levels of 0 and 255: pasting through it copies exactly those pixels."""
    inked: ImagingCore = mask.point([0] + [255] * 255, None)
    return inked
