"""The shared drawing kit: fonts, a palette, card tiles, token badges, a flow layout and PNG encoding.

Every renderer draws through these helpers so the four games' boards look alike, and so the rules that
keep a board legible on a phone (minimum text sizes, names that never spill out of their tile) live in one
place. Boxes are (left, top, right, bottom) with right and bottom exclusive, as in `Image.crop`.
"""

from __future__ import annotations

import io
import pickle
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw, ImagePalette

from render.fonts import Font as Font
from render.fonts import ellipsize as ellipsize
from render.fonts import fold as fold
from render.fonts import font as font
from render.fonts import forget_text as forget_text
from render.fonts import has_glyph as has_glyph
from render.fonts import text as text
from render.fonts import wrap as wrap
from render.indexed import IndexedPalette, Pen, TrueColourOnly

if TYPE_CHECKING:
    from PIL._imaging import ImagingCore

Box = tuple[int, int, int, int]
RGB = tuple[int, int, int]
Size = tuple[int, int]


def shown(value: object) -> bytes:
    """What a section shows, as its key among the kept sections and layouts: the view's values pickled. A board
    reads the keys of all its sections on every move; the views' dataclasses pickle about three times quicker than
    their repr (an LCG player's band: 36 against 97 us). Equal values pickle alike unless they share objects
    differently, which would only cost a redraw."""
    return pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)


# --- palette --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Palette:
    table: RGB = (30, 34, 40)  # the canvas: dark, so a board sits well in Discord's (default) dark theme
    panel: RGB = (44, 50, 60)
    panel_edge: RGB = (74, 82, 96)
    text: RGB = (236, 232, 220)
    muted: RGB = (160, 167, 178)
    accent: RGB = (226, 182, 88)  # gold: whose move it is, the viewer's own seat
    face: RGB = (244, 235, 212)  # parchment card face
    face_edge: RGB = (128, 102, 62)
    ink: RGB = (36, 30, 22)
    ink_soft: RGB = (98, 86, 68)
    back: RGB = (92, 40, 36)  # card backs are deep red: told from a face at a glance, even thumbnailed
    back_edge: RGB = (196, 158, 92)
    back_text: RGB = (238, 212, 152)
    shade: RGB = (20, 22, 26)  # blended over an exhausted card
    chip: RGB = (84, 96, 118)  # a token or flag with no colour of its own
    chip_text: RGB = (250, 248, 242)


PALETTE = Palette()

# Token kinds the games share, with a short label (so "3 dmg" fits a badge) and a colour. Unknown kinds
# keep their own name and the neutral chip colour: a new game's tokens still show, just plainly.
TOKEN_STYLES: dict[str, tuple[str, RGB]] = {
    "damage": ("dmg", (176, 46, 42)),
    "wound": ("wound", (150, 36, 58)),
    "progress": ("prog", (50, 120, 76)),
    "resource": ("res", (176, 132, 28)),
    "burden": ("burden", (92, 70, 134)),
    "threat": ("threat", (120, 44, 100)),
    "time": ("time", (40, 104, 140)),
}

# Flags that mean "turned sideways": drawn dimmed with a banner rather than rotated, because a rotated
# tile no longer fits its slot in the row and its name would have to shrink below phone legibility.
DIM_FLAGS = frozenset({"exhausted", "rotated", "tapped", "used"})

# Sizes at a 1600 px canvas. Discord shrinks a board to the phone's width in the channel; these are the
# smallest that stay readable once the player taps the image open.
NAME_SIZE = 28
TEXT_SIZE = 24
SMALL_SIZE = 22
TILE: Size = (196, 274)  # about the 63 x 88 mm card ratio
RADIUS = 12
PAD = 10


# --- layout ---------------------------------------------------------------------------------------------


def flow(
    sizes: Sequence[Size], width: int, gap: int = 16, row_gap: int | None = None
) -> tuple[list[tuple[int, int]], int]:
    """Place items left to right in rows that wrap within `width`. Returns each item's (x, y) offset and
    the height used (0 for no items). Pure, so a renderer can measure a section before it draws it."""
    row_gap = gap if row_gap is None else row_gap
    positions: list[tuple[int, int]] = []
    x = y = row_height = 0
    for w, h in sizes:
        if x > 0 and x + w > width:
            x, y, row_height = 0, y + row_height + row_gap, 0
        positions.append((x, y))
        x += w + gap
        row_height = max(row_height, h)
    return positions, (y + row_height if sizes else 0)


def canvas(width: int, height: int) -> Image.Image:
    return Image.new("RGB", (width, height), PALETTE.table)


def canvas_like(img: Image.Image, width: int, height: int, colour: RGB = PALETTE.table) -> Image.Image:
    """A new image filled with `colour` to draw a piece of `img` on, and paste there: in full colour, or in the
    indices of `img`'s fixed palette when `img` is drawn in them (render/indexed.py)."""
    board = drawn_in(img)
    return board.new(width, height, colour) if board else Image.new("RGB", (width, height), colour)


def drawn_in(img: Image.Image) -> IndexedPalette | None:
    """The fixed palette `img` is drawn in the indices of (render/indexed.py), or None: drawn in full colour."""
    return img.palette.board if isinstance(img.palette, Pen) else None


def paste_drawn(img: Image.Image, piece: Image.Image, xy: tuple[int, int], mask: Image.Image | None = None) -> None:
    """Paste a piece drawn elsewhere into `img`, telling `img`'s pen (render/indexed.py) what text the piece carries,
    or that its pixels' history is unknown (a piece drawn in full colour and mapped): a shade over them needs it."""
    img.paste(piece, xy, mask)
    if isinstance(img.palette, Pen):
        extent = (xy[0], xy[1], xy[0] + piece.width, xy[1] + piece.height)
        if isinstance(piece.palette, Pen):
            img.palette.pasted(xy, piece.palette.log(), extent)
        else:
            img.palette.pasted(xy, [(0, 0, (), [(0, 0, piece.width, piece.height)])], extent)


def _inclusive(box: Box) -> tuple[int, int, int, int]:
    """PIL's drawing primitives include the right and bottom edge; crops and our boxes exclude them."""
    return box[0], box[1], box[2] - 1, box[3] - 1


def rounded(draw: ImageDraw.ImageDraw, xy: tuple[int, int, int, int], radius: int, fill: RGB | None = None,
            outline: RGB | None = None, width: int = 1) -> None:
    """draw.rounded_rectangle (`xy` inclusive). On an image drawn in a palette's indices, its corners are stamped from
    masks kept by their size (Pillow draws a corner the same wherever it is, and works out its arcs on every call:
    most of the time of a panel or a chip) and its straight parts are the rectangles Pillow draws: the same pixels. In
    full colour, and for shapes whose corners join across their width, Pillow draws it."""
    x0, y0, x1, y1 = xy
    # Pillow's own arithmetic (ImageDraw.rounded_rectangle): how far the corners reach, and whether they join
    d = min(x1 - x0, y1 - y0, radius * 2)
    full_x = d >= x1 - x0 - 1
    full_y = not full_x and d >= y1 - y0 - 1
    if full_y:
        d = y1 - y0
    pen = draw.palette
    if not isinstance(pen, Pen) or full_x or d <= 0:
        draw.rounded_rectangle(xy, radius, fill=fill, outline=outline, width=width)
        return
    r = d // 2
    fill_ink = None if fill is None else pen.getcolor(fill)
    edge_ink = None if outline is None else pen.getcolor(outline)
    corners = _corners(d, radius if full_y else None, y1 - y0 + 1 if full_y else 0, width)
    at = [(x0, y0), (x1 - r, y0)] if full_y else [(x0, y0), (x1 - r, y0), (x1 - r, y1 - r), (x0, y1 - r)]
    paint = draw.draw
    if fill_ink is not None:
        ink = paint.draw_ink(fill_ink)
        for (shape, _), corner in zip(corners, at, strict=True):
            paint.draw_bitmap(corner, shape, ink)
        if x1 - r - 1 >= x0 + r + 1:
            paint.draw_rectangle((x0 + r + 1, y0, x1 - r - 1, y1), ink, 1)
        if not full_y:
            paint.draw_rectangle((x0, y0 + r + 1, x0 + r, y1 - r - 1), ink, 1)
            paint.draw_rectangle((x1 - r, y0 + r + 1, x1, y1 - r - 1), ink, 1)
    if edge_ink is not None and edge_ink != fill_ink and width:  # as Pillow: an edge of the fill's colour is not drawn
        ink = paint.draw_ink(edge_ink)
        for (_, edge), corner in zip(corners, at, strict=True):
            paint.draw_bitmap(corner, edge, ink)
        paint.draw_rectangle((x0 + r + 1, y0, x1 - r - 1, y0 + width - 1), ink, 1)
        paint.draw_rectangle((x0 + r + 1, y1 - width + 1, x1 - r - 1, y1), ink, 1)
        if not full_y:
            paint.draw_rectangle((x0, y0 + r + 1, x0 + width - 1, y1 - r - 1), ink, 1)
            paint.draw_rectangle((x1 - width + 1, y0 + r + 1, x1, y1 - r - 1), ink, 1)


@lru_cache(maxsize=256)
def _corners(d: int, radius: int | None, height: int, width: int) -> list[tuple[ImagingCore, ImagingCore]]:
    """The corners of a rounded rectangle whose corners reach `d` (its left and right ends, `height` tall, when they
    join down its height: `radius` then), as Pillow draws them: cut from one it draws a little larger, its fill and
    its edge each alone as levels of 0 and 255. Top left, top right, bottom right, bottom left (left, right)."""
    r = d // 2
    size = (height + 4, height) if radius is not None else (d + 4, d + 4)
    shape, edge = Image.new("L", size, 0), Image.new("L", size, 0)
    box = (0, 0, size[0] - 1, size[1] - 1)
    ImageDraw.Draw(shape).rounded_rectangle(box, radius if radius is not None else d / 2, fill=255)
    ImageDraw.Draw(edge).rounded_rectangle(box, radius if radius is not None else d / 2, outline=255, width=width)
    w, h = size
    cuts = [(0, 0, r + 1, h), (w - 1 - r, 0, w, h)] if radius is not None else [
        (0, 0, r + 1, r + 1), (w - 1 - r, 0, w, r + 1), (w - 1 - r, h - 1 - r, w, h), (0, h - 1 - r, r + 1, h)]
    return [(shape.im.crop(c), edge.im.crop(c)) for c in cuts]


def panel(draw: ImageDraw.ImageDraw, box: Box, edge: RGB | None = None, fill: RGB | None = None) -> None:
    rounded(draw, _inclusive(box), RADIUS, fill=fill or PALETTE.panel, outline=edge or PALETTE.panel_edge, width=2)


# --- badges ---------------------------------------------------------------------------------------------


def token_label(kind: str, amount: int) -> str:
    short, _ = _token_style(kind)
    return f"{amount} {short}"


def _token_style(kind: str) -> tuple[str, RGB]:
    key = kind.lower()
    style = TOKEN_STYLES.get(key) or TOKEN_STYLES.get(key.removesuffix("s"))
    return style or (kind, PALETTE.chip)


def chip_size(label: str, fnt: Font | None = None) -> Size:
    fnt = fnt or font(SMALL_SIZE, bold=True)
    return fnt.width(label) + 2 * 8, fnt.line_height + 6


def chip(
    draw: ImageDraw.ImageDraw,
    xy: tuple[int, int],
    label: str,
    colour: RGB,
    fnt: Font | None = None,
    text_colour: RGB | None = None,
) -> Box:
    """A rounded pill with a label; returns its box so the caller can place the next one."""
    fnt = fnt or font(SMALL_SIZE, bold=True)
    w, h = chip_size(label, fnt)
    box = (xy[0], xy[1], xy[0] + w, xy[1] + h)
    rounded(draw, _inclusive(box), h // 2, fill=colour)
    text(draw, (xy[0] + 8, xy[1] + 3), label, fnt, text_colour or PALETTE.chip_text)
    return box


def token_badge(draw: ImageDraw.ImageDraw, xy: tuple[int, int], kind: str, amount: int, fnt: Font | None = None) -> Box:
    """A token count as a coloured pill ("3 dmg"), coloured by kind so damage reads at a glance."""
    return chip(draw, xy, token_label(kind, amount), _token_style(kind)[1], fnt)


def _stack_chips(
    box: Box, items: Sequence[tuple[str, RGB]], bottom: int
) -> tuple[int, list[tuple[str, RGB, tuple[int, int]]]]:
    """Lay chips out in `box`'s width with the bottom row ending at `bottom`: the top of the stack and
    each chip's (label, colour, position). Layout apart from drawing, so text can be fitted above first."""
    fnt = font(SMALL_SIZE, bold=True)
    labels = [ellipsize(label, fnt, box[2] - box[0] - 16) for label, _ in items]
    positions, height = flow([chip_size(label, fnt) for label in labels], box[2] - box[0], gap=6)
    top = bottom - height
    placed = [
        (label, colour, (box[0] + dx, top + dy))
        for label, (_, colour), (dx, dy) in zip(labels, items, positions, strict=True)
    ]
    return top, placed


# --- cards ----------------------------------------------------------------------------------------------


def card_tile(
    img: Image.Image,
    box: Box,
    name: str | None,
    *,
    subtitle: str = "",
    numbers: Mapping[str, int | str] | None = None,
    tokens: Mapping[str, int] | None = None,
    flags: Sequence[str] = (),
    back: str | None = None,
    numbers_first: bool = False,
) -> None:
    """A proxy card: its name (wrapped, cut with an ellipsis), a subtitle line, its numbers, token badges
    and flag chips. `name` None draws the card's back with its `back` label instead of the face text;
    tokens and flags are still drawn, since a view puts on a hidden card only the marks everyone sees.
    `numbers_first` puts the numbers above the subtitle, for a game whose numbers matter more than the
    subtitle when badges leave room for only one of them."""
    draw = ImageDraw.Draw(img)
    inner = (box[0] + PAD, box[1] + PAD, box[2] - PAD, box[3] - PAD)
    if name is None:
        card_back(img, box, back or "")
    else:
        rounded(draw, _inclusive(box), RADIUS, fill=PALETTE.face, outline=PALETTE.face_edge, width=3)
    dim = [f for f in flags if f.lower() in DIM_FLAGS]
    badges = [(token_label(k, v), _token_style(k)[1]) for k, v in (tokens or {}).items() if v]
    badges += [(f, PALETTE.ink_soft) for f in flags if f.lower() not in DIM_FLAGS]
    chips_top, chips = _stack_chips(inner, badges, inner[3])
    if name is not None:  # the text takes what room the badges leave: badges are state, text is a reminder
        _face_text(draw, (inner[0], inner[1], inner[2], chips_top - 4), name, subtitle, numbers, numbers_first)
    if dim:
        dim_card(img, box, dim[0].upper())
        draw = ImageDraw.Draw(img)
    for label, colour, xy in chips:  # after the shade: an exhausted card's damage must stay readable
        chip(draw, xy, label, colour)


def _face_text(
    draw: ImageDraw.ImageDraw, inner: Box, name: str, subtitle: str, numbers: Mapping[str, int | str] | None,
    numbers_first: bool = False,
) -> None:
    """Name (up to three lines), then the subtitle and the numbers (up to two lines each), top down,
    dropping lines that would run past the bottom of `inner`; the name keeps at least one line."""
    inner_w = inner[2] - inner[0]
    y = inner[1]
    name_font = font(NAME_SIZE, bold=True)
    room = (inner[3] - y) // name_font.line_height
    if numbers_first and numbers:  # the name gives up a line so the numbers keep one
        room -= 1
    for line in wrap(name, name_font, inner_w, max_lines=max(1, min(3, room))):
        text(draw, (inner[0], y), line, name_font, PALETTE.ink)
        y += name_font.line_height
    small = font(SMALL_SIZE)
    details = [subtitle] if subtitle else []
    if numbers:
        details.insert(0 if numbers_first else len(details), " · ".join(f"{k} {v}" for k, v in numbers.items()))
    for detail in details:
        y += 4
        room = (inner[3] - y) // small.line_height
        if room < 1:
            return
        for line in wrap(detail, small, inner_w, max_lines=min(2, room)):
            text(draw, (inner[0], y), line, small, PALETTE.ink_soft)
            y += small.line_height


def card_back(img: Image.Image, box: Box, label: str) -> None:
    """A face-down card: the back colour, a lattice, and what the back says ("encounter", "shadow")."""
    draw = ImageDraw.Draw(img)
    rounded(draw, _inclusive(box), RADIUS, fill=PALETTE.back, outline=PALETTE.back_edge, width=3)
    inner = (box[0] + 12, box[1] + 12, box[2] - 12, box[3] - 12)
    paste_drawn(img, _lattice(inner[2] - inner[0], inner[3] - inner[1], drawn_in(img)), inner[:2])
    draw.rectangle(_inclusive(inner), outline=PALETTE.back_edge, width=1)
    if label:
        fnt = font(TEXT_SIZE, bold=True)
        lines = wrap(label, fnt, inner[2] - inner[0] - 2 * PAD, max_lines=2)
        block = len(lines) * fnt.line_height
        plate_top = (inner[1] + inner[3] - block) // 2 - 6
        draw.rectangle((inner[0] + 4, plate_top, inner[2] - 5, plate_top + block + 11), fill=PALETTE.back)
        for i, line in enumerate(lines):
            text(
                draw,
                ((inner[0] + inner[2]) // 2, plate_top + 6 + i * fnt.line_height),
                line,
                fnt,
                PALETTE.back_text,
                anchor="ma",
            )


@lru_cache(maxsize=16)
def _lattice(width: int, height: int, palette: IndexedPalette | None) -> Image.Image:
    """A diagonal lattice: reads as "card back" with no text, even thumbnailed. Cached: boards repeat it. Lines of
    one colour, drawn with no anti-aliasing: in a palette's indices (`palette`) they are the same pixels, mapped."""
    pattern = palette.new(width, height, PALETTE.back) if palette else Image.new("RGB", (width, height), PALETTE.back)
    draw = ImageDraw.Draw(pattern)
    colour = tuple((c + e) // 2 for c, e in zip(PALETTE.back, PALETTE.back_edge, strict=True))
    for x in range(-height, width, 28):  # PIL clips lines to the image, so overshooting is harmless
        draw.line((x, 0, x + height, height), fill=colour, width=1)
        draw.line((x, height, x + height, 0), fill=colour, width=1)
    return pattern


def deck_stack(img: Image.Image, box: Box, count: int, label: str) -> None:
    """A pile shown only as a count (a deck): a few offset backs with the count on top."""
    draw = ImageDraw.Draw(img)
    if count == 0:
        rounded(draw, _inclusive(box), RADIUS, outline=PALETTE.panel_edge, width=3)
        text(
            draw, ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2), "empty", font(TEXT_SIZE), PALETTE.muted, anchor="mm"
        )
        return
    layers, step = min(count, 3), 6
    width, height = box[2] - box[0] - (layers - 1) * step, box[3] - box[1] - (layers - 1) * step
    for i in range(layers - 1, -1, -1):  # the bottom card first, offset down and right
        left, top = box[0] + i * step, box[1] + i * step
        card_back(img, (left, top, left + width, top + height), label if i == 0 else "")
    big = font(44, bold=True)
    w, h = chip_size(str(count), big)
    chip(draw, (box[0] + (width - w) // 2, box[1] + height - 20 - h), str(count), PALETTE.shade, big, PALETTE.back_text)


def more_tile(img: Image.Image, box: Box, hidden_count: int) -> None:
    """Stands in for the cards of a long zone that did not fit."""
    draw = ImageDraw.Draw(img)
    rounded(draw, _inclusive(box), RADIUS, outline=PALETTE.panel_edge, width=3)
    text(
        draw,
        ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2),
        f"+{hidden_count} more",
        font(TEXT_SIZE, bold=True),
        PALETTE.muted,
        anchor="mm",
    )


def dim_card(img: Image.Image, box: Box, label: str, band: tuple[int, int] | None = None) -> None:
    """Shade the card in `box` and band it with `label` ("EXHAUSTED"): the kit's one look for a card turned
    sideways, for renderers that draw their own faces. `band` (top, bottom) puts the band where it hides
    nothing that matters (default: across the middle). Draw the card's token badges after this."""
    _shade(img, box)
    _banner(ImageDraw.Draw(img), box, label, band)


def _shade(img: Image.Image, box: Box, amount: float = 0.5) -> None:
    if isinstance(img.palette, Pen) and amount == 0.5:  # in indices: the pen works out each pixel's blend
        img.palette.shade(img, box, _card_shape(box[2] - box[0], box[3] - box[1]), RADIUS)
        return
    if img.mode != "RGB":
        raise TrueColourOnly("a shade")
    region = img.crop(box)
    img.paste(Image.blend(region, Image.new("RGB", region.size, PALETTE.shade), amount), box[:2],
              _card_shape(region.width, region.height))


@lru_cache(maxsize=32)
def _card_shape(width: int, height: int) -> Image.Image:
    """A card's rounded outline as a two-level mask, kept by size (a board shades cards of a few sizes): pasting
    through it copies exactly the pixels inside, as an 8-bit mask of 0 and 255 does, a fifth of the time."""
    mask = Image.new("1", (width, height), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, width - 1, height - 1), RADIUS, fill=1)
    return mask


def _banner(draw: ImageDraw.ImageDraw, box: Box, label: str, band: tuple[int, int] | None = None) -> None:
    fnt = font(TEXT_SIZE, bold=True)
    if band is None:
        mid = (box[1] + box[3]) // 2
        half = fnt.line_height // 2 + 6
        band = (mid - half, mid + half)
    mid = (band[0] + band[1]) // 2
    draw.rectangle((box[0] + 3, band[0], box[2] - 4, band[1]), fill=PALETTE.shade)
    text(
        draw,
        ((box[0] + box[2]) // 2, mid),
        ellipsize(label, fnt, box[2] - box[0] - 2 * PAD),
        fnt,
        PALETTE.accent,
        anchor="mm",
    )


# --- encoding -------------------------------------------------------------------------------------------

# Measured on a four-seat Tally board (1600 x 1522 px, 1,841 colours; Pillow 13, median of 15 encodes):
#   RGB      level 1: 37 ms, 94 kB   level 3: 37 ms, 92 kB   level 4: 61 ms, 66 kB   level 6: 63 ms, 64 kB
#            level 9: 139 ms, 62 kB  optimize=True: 143 ms, 63 kB  (level 0 still takes 28 ms: row filtering)
#   palette  quantize to 256 colours first (29 ms, no dither, mean error under 0.5/255), then
#            level 1: 5 ms, 45 kB    level 3: 6 ms, 41 kB    level 6: 15 ms, 27 kB    level 9: 46 ms, 24 kB
# A drawn board is flat colour plus anti-aliased text, so 256 colours lose nothing visible, and palette rows
# skip PNG's per-row filtering: palette + level 6 is 2.4x smaller than RGB level 6 and still faster (~50 ms
# with the colour count). Past level 6 each step costs more time than it saves bytes. An image with many
# colours (card art pasted in by a game's renderer) would band in a palette, so it stays RGB.
#
# A board with many tiles on many grounds (the LCG table: sphere colours, dimmed cards, tinted areas; 1600 x
# 2171 px, ~6,000 colours) spends most of its time choosing the palette: octree over every pixel, ~50 ms.
# Choosing it from every other pixel of every other row (a nearest-neighbour half-size copy: exact colours,
# no blends) and then mapping the full image onto it takes ~18 ms, with the same mean error (0.26/255) and a
# smaller worst pixel. Small images still choose from every pixel.
# Level 1 (issue 17): a palette encode at level 6 took 22 ms (LCG) to 40 ms (WotR) on the event's worker thread,
# for every board; level 1 takes about a third of that for PNGs about 1.6x larger (well under Discord's
# upload limit), so a busy game's boards keep up with its commands.
PNG_COMPRESS_LEVEL = 1
QUANTIZE_MAX_COLOURS = 8192  # source colours up to which a palette is safe; drawn boards have 2,000 to 7,000
PALETTE_SAMPLE_PIXELS = 1_000_000  # above this many pixels, the palette is chosen from a quarter of them


def to_png(img: Image.Image) -> bytes:
    """Encode a board as PNG: small (Discord uploads and DMs) but quick (one per audience per move)."""
    if img.mode == "RGB" and img.getcolors(QUANTIZE_MAX_COLOURS) is not None:
        img = _to_palette(img)
    buf = io.BytesIO()
    img.save(buf, format="PNG", compress_level=PNG_COMPRESS_LEVEL)
    return buf.getvalue()


def _to_palette(img: Image.Image) -> Image.Image:
    """`img` in 256 colours, without dithering (flat colour must stay flat)."""
    if img.width * img.height <= PALETTE_SAMPLE_PIXELS:
        return img.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    sample = img.resize((img.width // 2, img.height // 2), Image.Resampling.NEAREST)
    palette = sample.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    return img.quantize(palette=palette, dither=Image.Dither.NONE)


# --- kept blocks ----------------------------------------------------------------------------------------


class KeptBlocks:
    """A board is redrawn after every move and most of it has not changed: each block (a header, a player's
    band, a map half...) is kept, drawn in (or mapped to) the board's fixed palette, under a key saying everything
    it shows, and pasted again while the key is the same. Bounded, oldest out: a block is at most a few MB.
    Every block of one palette shares its indices, so blocks paste into one palette image as they are."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.blocks: OrderedDict[Hashable, Image.Image] = OrderedDict()
        self.lock = threading.Lock()  # boards are drawn on worker threads, several at once (asyncio.to_thread)

    def get(self, key: Hashable, width: int, height: int, paint: Callable[[Image.Image, int], None],
            palette: Image.Image | IndexedPalette) -> Image.Image:
        """The block kept under `key`, or painted now: in `palette`'s indices when it is an IndexedPalette (the
        pixels painting in full colour and mapping give, render/indexed.py), else in full colour and then mapped
        to the 1x1 palette image `palette`; in full colour too when something in it cannot be drawn in indices."""
        with self.lock:
            found = self.blocks.get(key)
            if found is not None:
                self.blocks.move_to_end(key)
                return found
        img = None  # drawn outside the lock: another board's blocks need not wait for it
        if isinstance(palette, IndexedPalette):
            img = palette.new(width, height, PALETTE.table)
            try:
                paint(img, 0)
            except TrueColourOnly:
                img = None
            else:
                img.palette = ImagePalette.ImagePalette("RGB", palette.raw)  # what its pen kept is needed no more
        if img is None:
            drawn = canvas(width, height)
            paint(drawn, 0)
            source = palette.source if isinstance(palette, IndexedPalette) else palette
            img = drawn.quantize(palette=source, dither=Image.Dither.NONE)
        with self.lock:
            self.blocks[key] = img
            while len(self.blocks) > self.size:
                self.blocks.popitem(last=False)
        return img

    def clear(self) -> None:
        with self.lock:
            self.blocks.clear()
