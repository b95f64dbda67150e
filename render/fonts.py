"""Text on a board: the face Westmarch ships, at each size; measuring it; folding a string to characters the face
draws; stamping each string's glyph mask, kept between boards, in full colour or in a palette's indices; and
fitting text to a box (`ellipsize`, `wrap`).

Its own module beside the drawing kit (render/kit.py), which re-exports what renderers use (`kit.text`, `kit.font`,
`kit.wrap`...): every renderer draws text through `kit.text`, and the tests intercept it there.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import cached_property, lru_cache
from math import ceil, floor
from pathlib import Path
from typing import TYPE_CHECKING

from PIL import ImageDraw, ImageFont

from render.indexed import RGB, Box, Pen, TrueColourOnly

if TYPE_CHECKING:
    from PIL._imaging import ImagingCore

Size = tuple[int, int]

FONTS = Path(__file__).parent / "fonts"


@dataclass(frozen=True, eq=False)
class Font:
    """One face at one size (`stroke` thickens text drawn over busy backgrounds; 0 by default)."""

    face: ImageFont.FreeTypeFont
    stroke: float

    @property
    def size(self) -> int:
        return int(self.face.size)

    def bbox(self, text: str) -> Box:
        """The ink box of `text` drawn at (0, 0) with the default 'la' anchor, rounded outwards."""
        return _bbox(self, text)

    def width(self, text: str) -> int:
        """How far right of its origin `text` inks: the measure for fitting text in a box."""
        return _width(self, text) if text else 0

    @cached_property
    def line_height(self) -> int:
        ascent, descent = self.face.getmetrics()
        return ascent + descent + ceil(2 * self.stroke)


@lru_cache(maxsize=8192)
def _bbox(fnt: Font, text: str) -> Box:
    """`Font.bbox`, kept: laying a board out measures the same names and labels on every move."""
    left, top, right, bottom = fnt.face.getbbox(fold(text), stroke_width=fnt.stroke)
    return floor(left), floor(top), ceil(right), ceil(bottom)


def _width(fnt: Font, text: str) -> int:
    """`Font.width`; for words with single spaces between them, from the words' own ink boxes at the pen positions
    kit.text stamps them (the same right edge FreeType gives the line): wrapping a new line of known words then
    lays nothing out (tests/render/test_kit.py checks every shipped card name)."""
    s = fold(text)
    if " " not in s or fnt.stroke or s[0] == " " or s[-1] == " " or "  " in s:
        return _bbox(fnt, s)[2]
    pen = 0.0
    right: int | None = None
    for word in s.split(" "):
        edge = floor(pen + 0.5) + _bbox(fnt, word)[2]
        right = edge if right is None or edge > right else right
        pen += _advance(word, fnt)
    assert right is not None
    return right


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> Font:
    """DejaVu Sans Condensed at `size`, shipped in render/fonts (free licence, LICENSE-DejaVu.txt).

    Shipped, so a board looks the same on a fresh machine with no system fonts; condensed, so long card
    names fit a tile; it covers the accented letters of Middle-earth names (Glóin, Éowyn, Barad-dûr). The
    basic layout engine is pinned so glyph placement does not change with whether libraqm is installed."""
    name = "DejaVuSansCondensed-Bold.ttf" if bold else "DejaVuSansCondensed.ttf"
    face = ImageFont.truetype(str(FONTS / name), size=size, layout_engine=ImageFont.Layout.BASIC)
    return Font(face=face, stroke=0.0)


# Characters the face lacks would print a box; fold them to a bare form instead (most of Latin, Greek and
# typographic punctuation is in DejaVu, so this mostly catches emoji and rare symbols).
_FALLBACK = {
    "–": "-",
    "—": "-",
    "‘": "'",
    "’": "'",
    "“": '"',
    "”": '"',
    "•": "·",
    "×": "x",
    "Æ": "AE",
    "æ": "ae",
    "Œ": "OE",
    "œ": "oe",
    "ß": "ss",
    "Ø": "O",
    "ø": "o",
    "Ł": "L",
    "ł": "l",
    "Ð": "D",
    "ð": "d",
    "Þ": "Th",
    "þ": "th",
}
_NOT_A_CHARACTER = "\U000f0000"  # private use: no font maps it, so it draws the missing-glyph box


def _glyph_pixels(ch: str) -> tuple[Size, tuple[object, ...]]:
    mask = font(16).face.getmask(ch)
    width, height = mask.size
    return (width, height), tuple(mask[i] for i in range(width * height))


@lru_cache(maxsize=4096)
def has_glyph(ch: str) -> bool:
    """Does the shipped face draw `ch` (rather than its missing-glyph box)?"""
    return _glyph_pixels(ch) != _glyph_pixels(_NOT_A_CHARACTER)


@lru_cache(maxsize=4096)
def _fold_char(ch: str) -> str:
    if ch == "\n":
        return ch
    if ch.isspace():
        return " "
    if has_glyph(ch):
        _AS_IS.add(ch)
        return ch
    bare = _FALLBACK.get(ch) or "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
    return bare if bare and all(has_glyph(c) for c in bare) else "?"


# Characters the face draws as they are, once asked: most text that is not ASCII ("·" in nearly every label, "ó"
# in names) is folded to itself, and measuring and drawing fold every string they are given.
_AS_IS: set[str] = {" ", "\n"}


def fold(text: str) -> str:
    """`text` spelt with characters the face has (a dragon emoji becomes '?')."""
    if text.isascii() or _AS_IS.issuperset(text):
        return text
    return "".join(_fold_char(c) for c in text)


def text(draw: ImageDraw.ImageDraw, xy: tuple[int, int], s: str, fnt: Font, fill: RGB, anchor: str = "la") -> None:
    """Draw `s` in `fnt` (folded to the face's characters, bold by stroke). Every renderer draws text
    through here, which is also what the tests intercept to check no hidden card's name is drawn.

    A board says mostly the same words on every move (names, labels, numbers): each string's glyph mask is kept
    (`_mask`) and stamped in the fill, the very pixels ImageDraw.text gives (a one-line string at whole pixels on a
    true-colour image, where its mask does not depend on the fill); anything else goes through ImageDraw.text.
    A line with spaces is stamped a word at a time, each where ImageDraw's pen reaches it (the advances of the
    words and spaces before it, rounded to the pixel as FreeType places a glyph): a new line ("hand 4 · deck 17")
    is mostly words drawn before, so it renders few glyphs (issue 17: rendering each new line cost a busy game's
    near-cold boards a fifth of their time; tests/render/test_kit.py checks every shipped card name)."""
    s = fold(s)
    x, y = xy
    if isinstance(draw.palette, Pen):
        _stamp_indexed(draw, (x, y), s, fnt, fill, anchor)
        return
    if not s or "\n" in s or draw.palette is not None or draw.mode != "RGB" or type(x) is not int or type(y) is not int:
        draw.text(xy, s, fill=fill, font=fnt.face, anchor=anchor, stroke_width=fnt.stroke, stroke_fill=fill)
        return
    ink = draw.draw.draw_ink(fill)
    if anchor == "la" and " " in s and not fnt.stroke:
        pen = 0.0
        for word in s.split(" "):
            if word:
                mask, (dx, dy) = _mask(word, fnt, anchor, draw.fontmode)
                draw.draw.draw_bitmap((x + floor(pen + 0.5) + dx, y + dy), mask, ink)
            pen += _advance(word, fnt)
        return
    mask, (dx, dy) = _mask(s, fnt, anchor, draw.fontmode)
    draw.draw.draw_bitmap((x + dx, y + dy), mask, ink)


def _stamp_indexed(draw: ImageDraw.ImageDraw, xy: tuple[int, int], s: str, fnt: Font, fill: RGB, anchor: str) -> None:
    """`text` on an image drawn in a fixed palette's indices (render/indexed.py): the same masks at the same places,
    each stamped as the indices its blends quantize to; what the stamp cannot do exactly raises TrueColourOnly."""
    palette = draw.palette
    assert isinstance(palette, Pen)
    x, y = xy
    if not s:
        return
    if "\n" in s or fnt.stroke or type(x) is not int or type(y) is not int:
        raise TrueColourOnly("text ImageDraw lays out itself")
    if anchor == "la" and " " in s:
        pen = 0.0
        for word in s.split(" "):
            if word:
                mask, (dx, dy) = _mask(word, fnt, anchor, "L")
                palette.stamp(draw.im, (x + floor(pen + 0.5) + dx, y + dy), mask, fill)
            pen += _advance(word, fnt)
        return
    mask, (dx, dy) = _mask(s, fnt, anchor, "L")
    palette.stamp(draw.im, (x + dx, y + dy), mask, fill)


@lru_cache(maxsize=4096)
def _advance(word: str, fnt: Font) -> float:
    """How far the pen moves over `word` and the space after it (in fractions of a pixel, as FreeType lays out)."""
    return fnt.face.getlength(word + " ")


def forget_text() -> None:
    """Drop every kept glyph mask and ink box (a benchmark's cold render starts from nothing)."""
    _mask.cache_clear()
    _bbox.cache_clear()
    _advance.cache_clear()


@lru_cache(maxsize=2048)
def _mask(s: str, fnt: Font, anchor: str, mode: str) -> tuple[ImagingCore, tuple[int, int]]:
    """The glyph mask of `s` in `fnt` and where it goes from the anchor point, as ImageDraw.text makes them (with
    the stroke filled, drawn in one pass when the stroke's fill is the text's). Kept across renders and threads
    (lru_cache is thread-safe; a mask is only read once made): about 2,000 strings of a few KB each at most."""
    return fnt.face.getmask2(s, mode, None, None, None, fnt.stroke, anchor, 0, (0.0, 0.0), stroke_filled=True)


def ellipsize(s: str, fnt: Font, width: int, force: bool = False) -> str:
    """`s` cut to fit `width` px, ending in an ellipsis when cut (always, when `force`)."""
    s = fold(s)
    if not force and fnt.width(s) <= width:
        return s
    # The longest start of `s` that fits with the ellipsis: found by halving (text inks further right as it grows),
    # so a long line is measured a few times, not once per letter it loses.
    fits, over = 0, len(s) + 1
    while over - fits > 1:
        mid = (fits + over) // 2
        if fnt.width(s[:mid].rstrip() + "…") <= width:
            fits = mid
        else:
            over = mid
    return s[:fits].rstrip() + "…"


def wrap(s: str, fnt: Font, width: int, max_lines: int) -> list[str]:
    """Greedy word wrap to `width` px. A word wider than a line is split; text beyond `max_lines` is cut
    with an ellipsis, so a long card name never spills out of its tile."""
    lines: list[str] = []
    words = fold(s).split()
    current = ""
    i = 0
    while i < len(words):
        taken = _words_that_fit(current, words, i, fnt, width)
        if taken:
            current = " ".join([current, *words[i:i + taken]] if current else words[i:i + taken])
            i += taken
            if i == len(words):
                break
        word = words[i]  # it does not fit after `current`: a new line
        if current:
            lines.append(current)
        while fnt.width(word) > width and len(word) > 1:
            cut = next((n for n in range(len(word) - 1, 0, -1) if fnt.width(word[:n]) <= width), 1)
            lines.append(word[:cut])
            word = word[cut:]
        current = word
        i += 1
    if current:
        lines.append(current)
    if len(lines) > max_lines:
        lines = [*lines[: max_lines - 1], ellipsize(lines[max_lines - 1], fnt, width, force=True)]
    return lines


def _words_that_fit(current: str, words: list[str], start: int, fnt: Font, width: int) -> int:
    """How many of `words` from `start` go on the line after `current`, one at a time while each next one fits
    (greedy): a line inks further right with each word it takes, so all that fit are a run from `start`, found
    by trying them all first (a name or a short line: one measure) and halving after."""
    def fits(n: int) -> bool:
        return fnt.width(" ".join([current, *words[start:start + n]] if current else words[start:start + n])) <= width

    fits_n, over = 0, len(words) - start + 1
    if fits(over - 1):
        return over - 1
    over -= 1
    while over - fits_n > 1:
        mid = (fits_n + over) // 2
        if fits(mid):
            fits_n = mid
        else:
            over = mid
    return fits_n
