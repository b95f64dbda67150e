"""The LCG board's layout: its widths and gaps, and the pieces its sections are built of (a caption over a flow of
tiles, a row, a column, an empty slot's outline). Measured first (kit.flow), painted later at a corner."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from render import kit
from render.lcg_card import PAD, TILE_W, Block

WIDTH = 960
MARGIN = 10
CONTENT = WIDTH - 2 * MARGIN
GAP = 6  # between tiles
SECTION_GAP = 12
PANEL_PAD = 6
AREA = CONTENT - 2 * PANEL_PAD  # the width a player's cards flow in: five tiles
QUEST_W = 220  # quest cards are landscape on the table: a wider tile
LABEL_H = 30  # a region's caption ("Staging area")


RGB = kit.RGB
P = kit.PALETTE

# The smallest face is 20 px (capitals 15 px, 6.25 px at 400 px wide); names stay at 24, numbers bigger.
CAPTION = kit.font(24, bold=True)
COUNTS = kit.font(22)  # a player's hand, deck and discard counts


def placeholder(label: str, width: int) -> Block:
    """An empty slot's outline: "no stage", "none"."""

    def paint(img: Image.Image, x: int, y: int) -> None:
        draw = ImageDraw.Draw(img)
        kit.rounded(draw, (x, y, x + width - 1, y + 79), kit.RADIUS, outline=P.panel_edge, width=2)
        kit.text(draw, (x + width // 2, y + 40), label, kit.font(kit.TEXT_SIZE), P.muted, anchor="mm")

    return Block(width, 80, paint)


def pad(block: Block, right: int) -> Block:
    """`block` with `right` px of room after it (the flow's gap is the same between every pair)."""
    return Block(block.width + right, block.height, block.paint)


def region(caption: str, blocks: Sequence[Block], width: int, empty: str = "", tint: RGB | None = None) -> Block:
    """A caption over a flow of tiles within `width` (shrunk to the tiles when they fill one row), on a
    tinted ground if `tint`; an outline saying `empty` when there are no tiles."""
    blocks = list(blocks) or [placeholder(empty, TILE_W)]
    positions, rows_h = kit.flow([(b.width, b.height) for b in blocks], width, gap=GAP, row_gap=GAP)
    used = max(max(dx + b.width for b, (dx, _) in zip(blocks, positions, strict=True)),
               min(width, CAPTION.width(caption)))
    inset = PAD if tint else 0
    label_h = LABEL_H if caption else 0
    height = label_h + rows_h + 2 * inset

    def paint(img: Image.Image, x: int, y: int) -> None:
        draw = ImageDraw.Draw(img)
        if tint:
            kit.rounded(draw, (x - inset, y, x + used + inset - 1, y + height - 1), kit.RADIUS, fill=tint)
        if caption:
            kit.text(draw, (x + (inset and 4), y + inset), kit.ellipsize(caption, CAPTION, used), CAPTION, P.text)
        for b, (dx, dy) in zip(blocks, positions, strict=True):
            b.paint(img, x + dx, y + label_h + inset + dy)

    return Block(used, height, paint)


def row(blocks: Sequence[Block], gap: int) -> Block:
    width = sum(b.width for b in blocks) + gap * (len(blocks) - 1)
    height = max((b.height for b in blocks), default=0)

    def paint(img: Image.Image, x: int, y: int) -> None:
        for b in blocks:
            b.paint(img, x, y)
            x += b.width + gap

    return Block(width, height, paint)


def flow_width(blocks: Sequence[Block]) -> int:
    return sum(b.width for b in blocks) + GAP * max(0, len(blocks) - 1) if blocks else TILE_W


def offset(block: Block, dx: int) -> Block:
    """`block` drawn `dx` further right (a tinted region's ground reaches left of its tiles)."""
    return Block(block.width + dx, block.height, lambda img, x, y: block.paint(img, x + dx, y))


def column(blocks: Sequence[Block], gap: int) -> Block:
    height = sum(b.height for b in blocks) + gap * (len(blocks) - 1)

    def paint(img: Image.Image, x: int, y: int) -> None:
        for b in blocks:
            b.paint(img, x, y)
            y += b.height + gap

    return Block(max(b.width for b in blocks), height, paint)
