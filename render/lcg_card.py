"""An LCG card on the table image: a proxy tile (name band in its sphere's colour, type and keywords, its numbers
in cells, token and flag badges, a progress bar on a location or quest), with one band per attachment under it.

Sized for the 960 px board (render/lcg.py): five tiles to a row, the smallest text 20 px. Numbers stand as
they are now (the view's modifiers), coloured when a modifier raised or lowered them. A face-down card is a back;
a face-down attachment (a shadow card) is a band of card back.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property

from PIL import Image, ImageDraw

from engines.core.zones import CardView
from engines.lcg.cards import CardDef
from engines.lcg.view import LcgView
from render import kit
from render.kept import Cutout, Kept, Shape, paste_tile

TILE_W = 176
PAD = 7
STAT_INSET = 4  # the numbers use nearly the full width of a tile: four to a row
BAND_TEXT = 18  # what an attachment band's stripe and margins take from its width

RGB = kit.RGB
P = kit.PALETTE
Paint = Callable[[Image.Image, int, int], None]  # draws a block with its top-left corner at (x, y)

# Sphere accents (name bands and attachment stripes); encounter cards are coloured by type instead, kept
# dark so an enemy is never mistaken for a Tactics card.
SPHERES: dict[str, RGB] = {
    "leadership": (112, 58, 148),
    "lore": (40, 122, 58),
    "spirit": (34, 108, 178),
    "tactics": (170, 40, 38),
    "neutral": (112, 112, 112),
    "baggins": (178, 140, 30),
    "fellowship": (196, 110, 30),
}
ENCOUNTER: dict[str, RGB] = {
    "enemy": (34, 30, 30),
    "ship_enemy": (34, 30, 30),
    "location": (92, 76, 44),
    "quest": (146, 106, 34),
    "encounter_side_quest": (146, 106, 34),
    "treachery": (76, 60, 96),
    "objective": (30, 98, 102),
    "objective_ally": (30, 98, 102),
    "ship_objective": (30, 98, 102),
}
UNKNOWN: RGB = (90, 90, 90)
UP, DOWN = (26, 118, 52), (176, 36, 32)  # a stat raised or lowered by a modifier
CELL: RGB = (230, 218, 190)  # the ground of a number on a card face
COST_CELL: RGB = (236, 204, 120)  # a cost: the colour of resource tokens, lightened

# The smallest face is 20 px (capitals 15 px, 6.25 px at 400 px wide); names stay at 24, numbers bigger.
NAME = kit.font(24, bold=True)  # card names: the phone minimum, bold
SUB = kit.font(20)  # a tile's type and keywords
STAT_LABEL = kit.font(20)  # regular, not bold: "THR" fits a quarter of a tile
STAT = kit.font(32, bold=True)
CHIP = kit.font(kit.SMALL_SIZE, bold=True)
ATTACH = kit.font(kit.TEXT_SIZE)  # attachment names in the bands under a card: names stay at 24

SUB_H = SUB.line_height + 4
STAT_H = STAT_LABEL.line_height + STAT.line_height - 6
CHIPS_H = CHIP.line_height + 6 + 4

CHARACTER_STATS = (("WP", "willpower"), ("ATK", "attack"), ("DEF", "defense"), ("HP", "hit_points"))
ENEMY_STATS = (("THR", "threat"), ("ATK", "attack"), ("DEF", "defense"), ("HP", "hit_points"),
               ("EC", "engagement_cost"))
LOCATION_STATS = (("THR", "threat"), ("QP", "quest_points"))
TYPE_NAMES = {"objective_ally": "Objective ally", "encounter_side_quest": "Side quest", "ship_enemy": "Ship enemy",
              "player_side_quest": "Side quest", "ship_objective": "Objective"}


@dataclass(frozen=True)
class Block:
    """Something the board lays out: measured first (width, height), painted later at a corner."""

    width: int
    height: int
    paint: Paint


# --- faces ------------------------------------------------------------------------------------------------

QUESTING = ("location", "quest", "encounter_side_quest", "player_side_quest")  # cards that take progress


def _stats(d: CardDef | None) -> tuple[tuple[str, str], ...]:
    if d is None:
        return ()
    if d.is_character:
        return CHARACTER_STATS
    if d.type in ("enemy", "ship_enemy"):
        return ENEMY_STATS
    if d.type == "location":
        return LOCATION_STATS
    if d.type == "quest":
        return (("STAGE", "stage"), ("QP", "quest_points"))
    if d.type in QUESTING:
        return (("QP", "quest_points"),)
    return ()


def _accent(d: CardDef | None) -> RGB:
    if d is None:
        return UNKNOWN
    return SPHERES.get(d.sphere) or ENCOUNTER.get(d.type) or UNKNOWN


def _subtitle(d: CardDef | None, name: str) -> str:
    if d is None:
        return ""
    parts = [TYPE_NAMES.get(d.type, d.type.replace("_", " ").capitalize())]
    if d.type == "quest" and d.stage_name and d.stage_name != name:
        parts.append(d.stage_name)
    return " · ".join(parts + [k.rstrip(".") for k in d.keywords])


def _name_lines(name: str, width: int) -> tuple[kit.Font, list[str]]:
    """A name in bold on up to two lines; in the narrower regular face, or on three lines, only if it must.
    Never below 24 px: names are what a player looks for on a phone."""
    regular = kit.font(NAME.size)
    words = kit.fold(name).split()
    for fnt, lines in ((NAME, 2), (regular, 2), (regular, 3)):
        wrapped = kit.wrap(name, fnt, width, max_lines=lines)
        if all(fnt.width(w) <= width for w in words) and not (wrapped and wrapped[-1].endswith("…")):
            return fnt, wrapped
    return regular, kit.wrap(name, regular, width, max_lines=3)


def _chips(card: CardView, d: CardDef | None) -> list[tuple[str, RGB]]:
    """Token and flag badges (progress on a location or quest is its bar instead)."""
    barred = d is not None and d.type in QUESTING
    chips = [(kit.token_label(k, v), kit.TOKEN_STYLES.get(k, ("", P.chip))[1]) for k, v in card.tokens.items()
             if v and not (barred and k == "progress")]
    return chips + [(f, P.ink_soft) for f in card.flags if f not in kit.DIM_FLAGS]


@dataclass(frozen=True)
class Face:
    """Where everything on a card face goes, measured before drawing so rows and bands can be laid out."""

    width: int
    name_font: kit.Font
    name_lines: list[str]
    header_h: int
    stats: tuple[tuple[str, str], ...]
    cell: int  # the width of one number's cell: a quarter of the tile
    slots: list[tuple[int, int, int]]  # each number's (column, row, cells wide): a long label ("COST") takes two
    chips: list[tuple[str, RGB]]
    chips_at: list[tuple[int, int]]  # each badge's offset within its area
    chips_inline: bool  # the badges sit in the free cells of the last row of numbers, else under them
    chips_h: int
    progress: bool

    @cached_property
    def stat_rows(self) -> int:
        return max(1, max((row + 1 for _, row, _ in self.slots), default=1))

    @cached_property
    def free_from(self) -> int:
        """The first free column of the last row of numbers (0 when there are none)."""
        last = [col + span for col, row, span in self.slots if row == self.stat_rows - 1]
        return max(last, default=0)

    @property
    def height(self) -> int:
        below = (CHIPS_H if self.progress else 0) + (self.chips_h + 6 if self.chips and not self.chips_inline else 0)
        return 2 * PAD + self.header_h + SUB_H + self.stat_rows * STAT_H + below + (0 if below else PAD)


PER_ROW = 4


def _slots(stats: Sequence[tuple[str, str]], cell: int) -> list[tuple[int, int, int]]:
    """Numbers left to right, four cells to a row; a label wider than a cell takes two cells."""
    out: list[tuple[int, int, int]] = []
    col = row = 0
    for label, _ in stats:
        span = 1 if STAT_LABEL.width(label) + 4 <= cell else 2
        if col + span > PER_ROW:
            col, row = 0, row + 1
        out.append((col, row, span))
        col += span
    return out


def _face_layout(card: CardView, d: CardDef | None, width: int, hand: bool) -> Face:
    inner = width - 2 * PAD
    name_font, lines = _name_lines(card.name or "", inner)
    header_h = max(2, len(lines)) * name_font.line_height + 10
    stats = _stats(d)
    if hand and d is not None and d.is_player_card:  # in hand, what a card costs: on a gold ground
        stats = (*stats, ("COST", "cost"))
    chips = [(kit.ellipsize(label, CHIP, inner - 16), colour) for label, colour in _chips(card, d)]
    cell = (width - 2 * STAT_INSET) // PER_ROW
    slots = _slots(stats, cell)
    face = Face(width, name_font, lines, header_h, stats, cell, slots, chips, [], False, 0,
                d is not None and d.type in QUESTING)
    free = (PER_ROW - face.free_from) * cell - 4 if stats else 0
    sizes = [kit.chip_size(label, CHIP) for label, _ in chips]
    chips_at, chips_h = kit.flow(sizes, free, gap=6)
    inline = bool(chips) and chips_h <= STAT_H - 6 and all(
        dx + w <= free for (dx, _), (w, _) in zip(chips_at, sizes, strict=True))
    if not inline:
        chips_at, chips_h = kit.flow(sizes, inner, gap=6, row_gap=4)
    return Face(width, name_font, lines, header_h, stats, cell, slots, chips, chips_at, inline, chips_h, face.progress)


def _attachments(card: CardView) -> list[CardView]:
    out: list[CardView] = []
    for a in card.attached:
        out += [a, *_attachments(a)]
    return out


def with_attachments(cards: Sequence[CardView]) -> Iterator[CardView]:
    for card in cards:
        yield card
        yield from with_attachments(card.attached)


def facts_key(view: LcgView, cards: Sequence[CardView]) -> tuple[Hashable, ...]:
    """What the tiles of `cards` read from the view besides the cards themselves: each card's (and attachment's)
    definition (name band, type line, printed numbers) and its numbers as modified now."""
    return tuple((c.ref, view.facts.get(c.ref) if c.ref else None,
                  tuple(sorted(view.current.get(c.uid, {}).items())) if c.uid else ())
                 for c in with_attachments(cards))


def shown(view: LcgView, card: CardView) -> Hashable:
    """Everything a card's tile shows: its name or back, marks, definition, numbers as modified now, and the same
    of each attachment; not which card it is (its uid), so a card as it stands in another game, or back as it
    stood before, finds the tile drawn then."""
    current = tuple(sorted(view.current.get(card.uid, {}).items())) if card.uid else ()
    return (card.name, card.back, tuple(card.tokens.items()), tuple(card.flags),
            view.facts.get(card.ref) if card.ref else None, current, tuple(shown(view, a) for a in card.attached))


# A board is redrawn after every move and most cards on it are unchanged: each card's layout (measuring its name
# and badges is most of laying a band out) and its drawn tile (drawing them is most of drawing a band) are kept
# under a key saying everything the tile shows (`shown`: not which card it is), the tile with its outline. A
# four-player table and its seat views hold about 60 tiles of ~150 KB.
LAID_OUT: Kept[Block] = Kept(256)
TILES: Kept[Cutout] = Kept(96)
# A face's frame (render/lcg_card.py: paste_frame) depends on its accent and shape alone, never on what a game
# shows, so a new game's first board finds them too; forget() leaves them, as kit keeps its card-back lattice.
# A table shows a dozen or two: sphere and encounter colours by one, two or three name lines and two sets of
# numbers. ~150 KB each.
FRAMES: Kept[Cutout] = Kept(48)


def forget() -> None:
    LAID_OUT.clear()
    TILES.clear()


def card_block(view: LcgView, card: CardView, width: int = TILE_W, hand: bool = False) -> Block:
    """A tile and, under it, one band per attachment (a face-down shadow card is a band of card back)."""
    key = (shown(view, card), width, hand)
    found = LAID_OUT.get(key)
    if found is not None:
        return found
    drawn, shapes = _card_block(view, card, width, hand)

    def paint(img: Image.Image, x: int, y: int) -> None:
        # (the staging area's threat badge reaches over the top of the first tile under it: it shows at the corner)
        paste_tile(img, (x, y, x + drawn.width, y + drawn.height), key, TILES, drawn.paint, shapes)

    return LAID_OUT.put(key, Block(drawn.width, drawn.height, paint))


def _card_block(view: LcgView, card: CardView, width: int, hand: bool) -> tuple[Block, list[Shape]]:
    d = view.facts.get(card.ref) if card.ref else None
    face = _face_layout(card, d, width, hand)
    tile_h = face.height if card.name is not None else 2 * PAD + 2 * NAME.line_height + 10 + SUB_H + STAT_H + CHIPS_H
    is_enemy = d is not None and d.type in ("enemy", "ship_enemy")
    bands = [(a, _band_lines(a, width - BAND_TEXT)) for a in _attachments(card)]
    band_hs = [len(lines) * ATTACH.line_height + 10 + (CHIPS_H - 4 if _marks(a) else 0) for a, lines in bands]
    height = tile_h + sum(h + 4 for h in band_hs)

    def paint(img: Image.Image, x: int, y: int) -> None:
        top = y + tile_h + 4
        for (a, lines), h in zip(bands, band_hs, strict=True):
            _band(img, (x, top, x + width, top + h), a, lines, view, is_enemy)
            top += h + 4
        box = (x, y, x + width, y + tile_h)
        if card.name is None:
            kit.card_back(img, box, card.back)
        else:
            _face(img, box, card, d, face, view)

    # What the block lays down: the card (face or back: a rounded edge 3 px wide), each band (2 px) and a face-up
    # band's sphere stripe, whose tighter corners reach past the band's.
    shapes: list[Shape] = [((0, 0, width - 1, tile_h - 1), kit.RADIUS, 3)]
    top = tile_h + 4
    for (a, _), h in zip(bands, band_hs, strict=True):
        shapes.append(((0, top, width - 1, top + h - 1), 8, 2))
        if a.name is not None:
            shapes.append(((0, top, 7, top + h - 1), 4, 0))
        top += h + 4
    return Block(width, height, paint), shapes


def _marks(card: CardView) -> str:
    """An attachment's tokens and flags, for the line under its name ("1 res, exhausted")."""
    if card.name is None:
        return ""
    return ", ".join([kit.token_label(k, v) for k, v in card.tokens.items() if v] + card.flags)


def _band_lines(card: CardView, width: int) -> list[str]:
    if card.name is None:
        return [card.back or "face down"]
    return kit.wrap(card.name, ATTACH, width, max_lines=2)


def _face(img: Image.Image, box: kit.Box, card: CardView, d: CardDef | None, face: Face, view: LcgView) -> None:
    x0, y0, x1, _ = box
    paste_frame(img, box, _accent(d), face)
    draw = ImageDraw.Draw(img)
    line_h = face.name_font.line_height
    name_top = y0 + (face.header_h - len(face.name_lines) * line_h) // 2 + 1
    for i, line in enumerate(face.name_lines):
        kit.text(draw, (x0 + PAD, name_top + i * line_h), line, face.name_font, P.chip_text)
    inner_w = x1 - x0 - 2 * PAD
    stats_x, cell = x0 + STAT_INSET, face.cell
    y = y0 + face.header_h + 4
    kit.text(draw, (x0 + PAD, y), kit.ellipsize(_subtitle(d, card.name or ""), SUB, inner_w), SUB, P.ink_soft)
    y += SUB_H
    for (_, field), (col, row, span) in zip(face.stats, face.slots, strict=True):
        assert d is not None  # a card has numbers only when its definition is known
        cx, cy, w = stats_x + col * cell, y + row * STAT_H, span * cell
        value, change = _stat(view, card, d, field)
        colour = UP if change > 0 else DOWN if change < 0 else P.ink
        kit.text(draw, (cx + w // 2, cy + STAT_LABEL.line_height - 6), str(value), STAT, colour, anchor="ma")
    if face.chips_inline:
        chips_xy = (stats_x + face.free_from * cell + 4,
                    y + (face.stat_rows - 1) * STAT_H + (STAT_H - 5 - face.chips_h) // 2)
    y += face.stat_rows * STAT_H
    if face.progress and d is not None:
        _progress(draw, (x0 + PAD, y, x1 - PAD, y + CHIPS_H - 6), card.tokens.get("progress", 0),
                  view.current.get(card.uid or "", {}).get("quest_points", d.quest_points))
        y += CHIPS_H
    if not face.chips_inline:
        chips_xy = (x0 + PAD, y)
    dim = [f for f in card.flags if f in kit.DIM_FLAGS]
    if dim:
        band = (y0 + face.header_h, y0 + face.header_h + SUB_H + 2)  # over the type line: numbers stay clear
        kit.dim_card(img, box, dim[0].upper(), band)
        draw = ImageDraw.Draw(img)
        for i, line in enumerate(face.name_lines):  # the name dims less than the rest: it is what people look for
            kit.text(draw, (x0 + PAD, name_top + i * line_h), line, face.name_font, P.muted)
    for (label, colour), (dx, dy) in zip(face.chips, face.chips_at, strict=True):
        kit.chip(draw, (chips_xy[0] + dx, chips_xy[1] + dy), label, colour, CHIP)


def draw_frame(img: Image.Image, box: kit.Box, accent: RGB, face: Face) -> None:
    """What every face of this accent and shape shows alike, drawn in place: the parchment with its edge, the name
    band, and each number's cell with its label (the name, the type line and the numbers go over it)."""
    draw = ImageDraw.Draw(img)
    x0, y0, x1, y1 = box
    kit.rounded(draw, (x0, y0, x1 - 1, y1 - 1), kit.RADIUS, fill=P.face, outline=accent, width=3)
    kit.rounded(draw, (x0, y0, x1 - 1, y0 + face.header_h), kit.RADIUS, fill=accent)
    draw.rectangle((x0, y0 + face.header_h - kit.RADIUS, x1 - 1, y0 + face.header_h), fill=accent)
    stats_x, cell = x0 + STAT_INSET, face.cell
    y = y0 + face.header_h + 4 + SUB_H
    for (label, field), (col, row, span) in zip(face.stats, face.slots, strict=True):
        cx, cy, w = stats_x + col * cell, y + row * STAT_H, span * cell
        ground = COST_CELL if field == "cost" else CELL
        kit.rounded(draw, (cx + 1, cy, cx + w - 2, cy + STAT_H - 5), 6, fill=ground)
        kit.text(draw, (cx + w // 2, cy + 1), label, STAT_LABEL, P.ink_soft, anchor="ma")


def paste_frame(img: Image.Image, box: kit.Box, accent: RGB, face: Face) -> None:
    """`draw_frame`, pasted as drawn before for a face of the same accent and shape (a table shows a few dozen
    tiles of a handful of shapes: the rounded cells were most of drawing a face). Pasted through the card's own
    outline, so what lies around its rounded corners stays as it was: the very pixels drawing it there gives."""
    x0, y0, x1, y1 = box
    key = (accent, x1 - x0, y1 - y0, face.header_h, face.cell, face.stats, tuple(face.slots))

    def paint(frame: Image.Image, x: int, y: int) -> None:
        draw_frame(frame, (x, y, x + x1 - x0, y + y1 - y0), accent, face)

    paste_tile(img, box, key, FRAMES, paint, [((0, 0, x1 - x0 - 1, y1 - y0 - 1), kit.RADIUS, 3)])


def _stat(view: LcgView, card: CardView, d: CardDef, field: str) -> tuple[int | str, int]:
    """A stat as it stands (with the view's modifiers), and how far it is from the printed value."""
    printed = getattr(d, field)
    if printed is None:  # a cost of X
        return "X", 0
    now: int = view.current.get(card.uid or "", {}).get(field, printed)
    return now, now - printed


def _progress(draw: ImageDraw.ImageDraw, box: kit.Box, progress: int, needed: int) -> None:
    """A bar with "progress / quest points": how close a location or stage is to done."""
    x0, y0, x1, y1 = box
    label = f"{progress} / {needed}"
    fnt = kit.font(24, bold=True)
    bar_x1 = x1 - fnt.width(label) - 10
    kit.rounded(draw, (x0, y0 + 4, bar_x1, y1 - 4), 8, fill=CELL, outline=P.face_edge)
    if progress and needed:
        fill_x = x0 + int((bar_x1 - x0) * min(1.0, progress / needed))
        kit.rounded(draw, (x0, y0 + 4, max(fill_x, x0 + 16), y1 - 4), 8, fill=kit.TOKEN_STYLES["progress"][1])
    kit.text(draw, (x1, (y0 + y1) // 2), label, fnt, P.ink, anchor="rm")


def _band(img: Image.Image, box: kit.Box, card: CardView, lines: list[str], view: LcgView, on_enemy: bool) -> None:
    """One attachment under its card: sphere stripe and name; a face-down one (a shadow card) as a back."""
    draw = ImageDraw.Draw(img)
    x0, y0, x1, y1 = box
    if card.name is None:
        kit.rounded(draw, (x0, y0, x1 - 1, y1 - 1), 8, fill=P.back, outline=P.back_edge, width=2)
        label = "shadow card" if on_enemy else (card.back or "face down")
        kit.text(draw, ((x0 + x1) // 2, (y0 + y1) // 2), label, CHIP, P.back_text, anchor="mm")
        return
    d = view.facts.get(card.ref) if card.ref else None
    fill = CELL if "shadow" in card.flags else P.face
    kit.rounded(draw, (x0, y0, x1 - 1, y1 - 1), 8, fill=fill, outline=P.face_edge, width=2)
    kit.rounded(draw, (x0, y0, x0 + 7, y1 - 1), 4, fill=_accent(d))
    for i, line in enumerate(lines):
        kit.text(draw, (x0 + 12, y0 + 5 + i * ATTACH.line_height), line, ATTACH, P.ink)
    marks = _marks(card)
    if marks:
        label = kit.ellipsize(marks, CHIP, x1 - x0 - BAND_TEXT - 16)
        kit.chip(draw, (x0 + 12, y1 - kit.chip_size(label, CHIP)[1] - 5), label, P.ink_soft, CHIP)
