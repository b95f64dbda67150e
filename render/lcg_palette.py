"""The LCG board's colours and its one fixed 256-colour palette.

The board is redrawn after every move and most of it has not changed, so render/lcg.py keeps each section drawn
in this palette's indices and pastes it again while what it shows is the same (kit.KeptBlocks). That needs one palette
for every section of every board, the same on every move and in every process: choosing one per render from the
whole image (kit.to_png's path for RGB images) cost twice the encode itself.

Every colour the LCG modules name is in it (render/kept.py: fixed_palette), with its shaded twin; the rest are the
blends anti-aliased text makes. Every named colour comes out as itself, which drawing sections straight in the
palette's indices needs (render/indexed.py: text blends with the colour an index stands for). Pillow maps a colour to
the entry nearest a corner of its 4-level cell: the engaged tint, 2 levels of blue from the card back, shared the
back's cell and came out as the back, so it is 4 levels from it.
"""

from __future__ import annotations

from functools import cache

from PIL import Image

from render import kit
from render.indexed import IndexedPalette
from render.kept import fixed_palette
from render.lcg_card import CELL, COST_CELL, DOWN, ENCOUNTER, SPHERES, UNKNOWN, UP

RGB = kit.RGB
P = kit.PALETTE

ENGAGED_TINT: RGB = (92, 40, 40)  # behind a player's engaged enemies
YOU_FILL: RGB = (52, 58, 70)  # the viewer's own band
YOU_CHIP: RGB = (70, 96, 140)
VICTORY_CHIP: RGB = (56, 104, 70)
STAGING_THREAT_CHIP: RGB = (150, 52, 40)
THREAT_RINGS: tuple[RGB, RGB, RGB] = ((60, 140, 80), (214, 140, 30), (196, 44, 38))  # low, 35 and up, 45 and up

_CHIP_FILLS = (P.chip, P.back, P.ink_soft, P.shade, VICTORY_CHIP, STAGING_THREAT_CHIP, YOU_CHIP, DOWN,
               *(colour for _, colour in kit.TOKEN_STYLES.values()))
_TEXT_GROUNDS: tuple[tuple[RGB, tuple[RGB, ...]], ...] = (
    (P.table, (P.text, P.muted, P.accent, P.panel_edge)),
    (P.panel, (P.text, P.muted, P.panel_edge)),
    (YOU_FILL, (P.text, P.muted)),
    (ENGAGED_TINT, (P.text,)),
    (P.face, (P.ink, P.ink_soft, P.face_edge)),
    (CELL, (P.ink, P.ink_soft, UP, DOWN, P.face_edge)),
    (COST_CELL, (P.ink, P.ink_soft, UP, DOWN)),
    (P.accent, (P.ink,)),
    (P.shade, (P.accent, P.muted, P.text)),
    *((colour, (P.chip_text, P.muted)) for colour in (*SPHERES.values(), *ENCOUNTER.values(), UNKNOWN)),
    *((fill, (P.chip_text, P.back_text, P.ink)) for fill in _CHIP_FILLS),
)
_LATTICE: RGB = (
    (P.back[0] + P.back_edge[0]) // 2, (P.back[1] + P.back_edge[1]) // 2, (P.back[2] + P.back_edge[2]) // 2)
_OTHER: tuple[RGB, ...] = (P.back_edge, *THREAT_RINGS, _LATTICE)


@cache
def palette() -> Image.Image:
    """The board's palette, as a 1x1 palette image for Image.quantize."""
    return fixed_palette(_TEXT_GROUNDS, _OTHER, ((20, False), (24, True), (32, True)))


@cache
def indexed() -> IndexedPalette:
    """The board's palette, to draw sections in its indices (render/indexed.py)."""
    return IndexedPalette(palette(), P.shade)
