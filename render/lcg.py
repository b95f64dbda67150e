"""The LCG table as one image: the quest and its progress, the active location, the staging area and its
threat, then one band per player (a strip with the seat, threat and counts over its heroes and allies with their
attachments, and its engaged enemies with their face-down shadow cards), and the viewer's hand at the bottom of a
seat's board.

Cards are proxies drawn from their definitions (`LcgView.facts`): name, sphere colour, keywords and the big
numbers a player reads across the table. No card text, no scans. Hidden cards arrive as backs and are drawn
as backs.

960 px wide, as the War of the Ring board: Discord shows a board about 400 px wide in a phone's channel, and
there the smallest text (20 px, the stat labels and type lines) keeps capitals over 6 px tall
(tests/render/test_lcg_phone.py measures it on crowded tables of 1, 2 and 4 players). A 1600 px board with
18 px labels had them 3.5 px tall there. Five tiles to a row; a player whose cards need more takes more rows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engines.core.contract import View
from engines.core.zones import CardView, ZoneView
from engines.lcg.cards import CardDef
from engines.lcg.view import LcgPlayerView, LcgView
from render import kit
from render.generic import render_view
from render.registry import register

WIDTH = 960
MARGIN = 10
CONTENT = WIDTH - 2 * MARGIN
GAP = 6  # between tiles
SECTION_GAP = 12
PANEL_PAD = 6
AREA = CONTENT - 2 * PANEL_PAD  # the width a player's cards flow in: five tiles
TILE_W = 176
QUEST_W = 220  # quest cards are landscape on the table: a wider tile
PAD = 7
STAT_INSET = 4  # the numbers use nearly the full width of a tile: four to a row
LABEL_H = 30  # a region's caption ("Staging area")
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
ENGAGED_TINT: RGB = (92, 40, 38)  # behind a player's engaged enemies
CELL: RGB = (230, 218, 190)  # the ground of a number on a card face
COST_CELL: RGB = (236, 204, 120)  # a cost: the colour of resource tokens, lightened
STATUS_COLOUR = P.accent  # the status line: whom the game waits on, and why

# The smallest face is 20 px (capitals 15 px, 6.25 px at 400 px wide); names stay at 24, numbers bigger.
NAME = kit.font(24, bold=True)  # card names: the phone minimum, bold
SUB = kit.font(20)  # a tile's type and keywords
STAT_LABEL = kit.font(20)  # regular, not bold: "THR" fits a quarter of a tile
STAT = kit.font(32, bold=True)
CHIP = kit.font(kit.SMALL_SIZE, bold=True)
ATTACH = kit.font(kit.TEXT_SIZE)  # attachment names in the bands under a card: names stay at 24
CAPTION = kit.font(24, bold=True)
STATUS = kit.font(kit.TEXT_SIZE)
COUNTS = kit.font(22)  # a player's hand, deck and discard counts

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
    width: int
    height: int
    paint: Paint


def render_table(view: LcgView) -> bytes:
    """The LCG board for one audience (the table, or a seat with its hand), as PNG bytes."""
    sections = [_header(view), _encounter_row(view)]
    sections += [_player_band(view, p) for p in view.players]
    hand = view.private[0] if view.private else None
    if hand is not None:
        sections.append(_hand_strip(view, hand))
    height = 2 * MARGIN + sum(s.height for s in sections) + SECTION_GAP * (len(sections) - 1)
    img = kit.canvas(WIDTH, height)
    y = MARGIN
    for section in sections:
        section.paint(img, MARGIN, y)
        y += section.height + SECTION_GAP
    return kit.to_png(img)


# --- header ---------------------------------------------------------------------------------------------


def _header(view: LcgView) -> Block:
    title = kit.font(36, bold=True)
    audience = f"{view.seat}'s view" if view.seat else "table view"
    first = next((p.seat for p in view.players if p.first), "")
    chips: list[tuple[str, RGB, RGB]] = [(f"Round {view.round}", P.chip, P.chip_text)] if view.round else []
    chips.append((f"{view.phase.capitalize()} phase" if view.phase != "setup" else "Setup", P.accent, P.ink))
    if view.outcome is not None:
        chips.insert(0, ("Won" if view.outcome.winners else "Lost", P.accent, P.ink))
    if first:
        chips.append((f"First player: {first}", P.chip, P.chip_text))
    chips += [
        (f"Encounter deck {view.encounter_deck}", P.back, P.back_text),
        (f"Encounter discard {_count(view.encounter_discard)}", P.chip, P.chip_text),
        (f"Victory {_victory_points(view)}", (56, 104, 70), P.chip_text),
    ]
    if view.stages_left:
        chips.append((f"{view.stages_left} quest stage{'s' if view.stages_left != 1 else ''} to come", P.chip,
                      P.chip_text))
    big = kit.font(24, bold=True)
    positions, chips_h = kit.flow([kit.chip_size(c, big) for c, _, _ in chips], CONTENT, gap=6)
    status_lines = _status_lines(view)
    chips_top = title.line_height + 4
    status_top = chips_top + chips_h + 8
    height = status_top + len(status_lines) * STATUS.line_height

    def paint(img: Image.Image, x: int, y: int) -> None:
        draw = ImageDraw.Draw(img)
        small = kit.font(kit.TEXT_SIZE)
        kit.text(draw, (x + CONTENT, y + 10), audience, small, P.muted, anchor="ra")
        room = CONTENT - small.width(audience) - 20
        kit.text(draw, (x, y), kit.ellipsize(view.title, title, room), title, P.text)
        for (label, fill, ink), (dx, dy) in zip(chips, positions, strict=True):
            kit.chip(draw, (x + dx, y + chips_top + dy), label, fill, big, ink)
        for i, line in enumerate(status_lines):
            kit.text(draw, (x, y + status_top + i * STATUS.line_height), line, STATUS, STATUS_COLOUR)

    return Block(CONTENT, height, paint)


def _status_lines(view: LcgView) -> list[str]:
    """The status line itself (`view.status`, what `status` prints in the console and Discord), so the image and
    the text name the same seats for the same reason; then, on the board of a seat that must answer, its own
    prompt when the status line does not already quote it (a private prompt may name a card in that seat's
    hand, and only this board reaches that seat alone)."""
    lines = kit.wrap(view.status, STATUS, CONTENT, max_lines=3)
    own = view.decisions[0].prompt if view.decisions and view.outcome is None else ""
    if own and own.lower() not in view.status.lower():
        lines += kit.wrap(f"Your decision: {own}", STATUS, CONTENT, max_lines=2)
    return lines


def _count(zone: ZoneView | None) -> int:
    return zone.count if zone else 0


def _victory_points(view: LcgView) -> int:
    cards = view.victory.cards if view.victory else []
    return sum(view.facts[c.ref].victory for c in cards if c.ref and c.ref in view.facts)


# --- the encounter side -----------------------------------------------------------------------------------


def _encounter_row(view: LcgView) -> Block:
    """The quest, the active location and the staging area in one flow: staging cards past the first row
    wrap under the quest, so a crowded staging area takes height, not a narrow column."""
    quest_cards = view.quest.cards if view.quest else []
    active_cards = view.active.cards if view.active else []
    staging_cards = view.staging.cards if view.staging else []
    quest = [_card_block(view, c, QUEST_W) for c in quest_cards] or [_placeholder("no stage", QUEST_W)]
    active = [_card_block(view, c) for c in active_cards] or [_placeholder("none", TILE_W)]
    staging = [_card_block(view, c) for c in staging_cards] or [_placeholder("empty", TILE_W)]
    sep = 2 * GAP  # a wider gap between the three groups
    blocks = [*quest[:-1], _pad(quest[-1], sep), *active[:-1], _pad(active[-1], sep), *staging]
    positions, rows_h = kit.flow([(b.width, b.height) for b in blocks], CONTENT, gap=GAP, row_gap=GAP)
    captions = [(0, "Quest", ""), (positions[len(quest)][0], "Active location", ""),
                (positions[len(quest) + len(active)][0], "Staging area", f"threat {view.staging_threat}")]

    def paint(img: Image.Image, x: int, y: int) -> None:
        draw = ImageDraw.Draw(img)
        for dx, caption, badge in captions:
            kit.text(draw, (x + dx, y), caption, CAPTION, P.text)
            if badge:
                kit.chip(draw, (x + dx + CAPTION.width(caption) + 10, y - 2), badge, (150, 52, 40), CAPTION)
        for b, (dx, dy) in zip(blocks, positions, strict=True):
            b.paint(img, x + dx, y + LABEL_H + dy)

    return Block(CONTENT, LABEL_H + rows_h, paint)


def _placeholder(label: str, width: int) -> Block:
    """An empty slot's outline: "no stage", "none"."""

    def paint(img: Image.Image, x: int, y: int) -> None:
        draw = ImageDraw.Draw(img)
        draw.rounded_rectangle((x, y, x + width - 1, y + 79), kit.RADIUS, outline=P.panel_edge, width=2)
        kit.text(draw, (x + width // 2, y + 40), label, kit.font(kit.TEXT_SIZE), P.muted, anchor="mm")

    return Block(width, 80, paint)


def _pad(block: Block, right: int) -> Block:
    """`block` with `right` px of room after it (the flow's gap is the same between every pair)."""
    return Block(block.width + right, block.height, block.paint)


def _region(caption: str, blocks: Sequence[Block], width: int, empty: str = "", tint: RGB | None = None) -> Block:
    """A caption over a flow of tiles within `width` (shrunk to the tiles when they fill one row), on a
    tinted ground if `tint`; an outline saying `empty` when there are no tiles."""
    blocks = list(blocks) or [_placeholder(empty, TILE_W)]
    positions, rows_h = kit.flow([(b.width, b.height) for b in blocks], width, gap=GAP, row_gap=GAP)
    used = max(max(dx + b.width for b, (dx, _) in zip(blocks, positions, strict=True)),
               min(width, CAPTION.width(caption)))
    inset = PAD if tint else 0
    label_h = LABEL_H if caption else 0
    height = label_h + rows_h + 2 * inset

    def paint(img: Image.Image, x: int, y: int) -> None:
        draw = ImageDraw.Draw(img)
        if tint:
            draw.rounded_rectangle((x - inset, y, x + used + inset - 1, y + height - 1), kit.RADIUS, fill=tint)
        if caption:
            kit.text(draw, (x + (inset and 4), y + inset), kit.ellipsize(caption, CAPTION, used), CAPTION, P.text)
        for b, (dx, dy) in zip(blocks, positions, strict=True):
            b.paint(img, x + dx, y + label_h + inset + dy)

    return Block(used, height, paint)


def _row(blocks: Sequence[Block], gap: int) -> Block:
    width = sum(b.width for b in blocks) + gap * (len(blocks) - 1)
    height = max((b.height for b in blocks), default=0)

    def paint(img: Image.Image, x: int, y: int) -> None:
        for b in blocks:
            b.paint(img, x, y)
            x += b.width + gap

    return Block(width, height, paint)


# --- players ----------------------------------------------------------------------------------------------


def _player_band(view: LcgView, player: LcgPlayerView) -> Block:
    """One player: a strip with the seat, its threat and counts, over its heroes and allies and then its engaged
    enemies on a dark red ground, side by side when they fit one row, else the enemies under the characters."""
    if player.eliminated and not player.play.cards and not player.engaged.cards:
        return _eliminated(player)
    play = [_card_block(view, c) for c in player.play.cards]
    engaged = [_card_block(view, c) for c in player.engaged.cards]
    play_w = _flow_width(play)
    engaged_w = _flow_width(engaged) + 2 * PAD
    one_line = bool(engaged) and play_w + 2 * GAP + engaged_w <= AREA
    regions: list[Block] = [_region("", play, AREA if not one_line else play_w, empty="no characters")]
    if engaged:
        regions.append(_region(f"Engaged · {len(engaged)}", engaged, AREA - 2 * PAD if not one_line
                               else engaged_w - 2 * PAD, tint=ENGAGED_TINT))
    if one_line:
        cards = _row([regions[0], _offset(regions[1], PAD)], 2 * GAP)
    else:
        cards = _column([regions[0], *(_offset(r, PAD) for r in regions[1:])], GAP)
    strip = _player_strip(view, player)
    height = 2 * PANEL_PAD + strip.height + GAP + cards.height
    you = player.seat == view.seat
    edge = P.accent if player.seat in view.waiting_on else None

    def paint(img: Image.Image, x: int, y: int) -> None:
        draw = ImageDraw.Draw(img)
        kit.panel(draw, (x, y, x + CONTENT, y + height), edge=edge, fill=(52, 58, 70) if you else None)
        strip.paint(img, x + PANEL_PAD, y + PANEL_PAD)
        cards.paint(img, x + PANEL_PAD, y + PANEL_PAD + strip.height + GAP)
        if player.eliminated:
            kit.dim_card(img, (x, y, x + CONTENT, y + height), "ELIMINATED")

    return Block(CONTENT, height, paint)


def _eliminated(player: LcgPlayerView) -> Block:
    """A player out of the game, on one line: nothing of theirs is left on the table."""
    seat_font = kit.font(28, bold=True)
    height = seat_font.line_height + 2 * PANEL_PAD + 8
    note = f"threat {player.threat} · discard {player.discard.count}"

    def paint(img: Image.Image, x: int, y: int) -> None:
        draw = ImageDraw.Draw(img)
        kit.panel(draw, (x, y, x + CONTENT, y + height), fill=P.table)
        mid = y + height // 2
        seat = kit.ellipsize(player.seat, seat_font, 200)
        kit.text(draw, (x + PANEL_PAD + 4, mid), seat, seat_font, P.muted, anchor="lm")
        chip_x = x + PANEL_PAD + 16 + seat_font.width(seat)
        box = kit.chip(draw, (chip_x, mid - kit.chip_size("ELIMINATED", CHIP)[1] // 2), "ELIMINATED", DOWN, CHIP)
        kit.text(draw, (box[2] + 14, mid), note, COUNTS, P.muted, anchor="lm")

    return Block(CONTENT, height, paint)


def _flow_width(blocks: Sequence[Block]) -> int:
    return sum(b.width for b in blocks) + GAP * max(0, len(blocks) - 1) if blocks else TILE_W


def _offset(block: Block, dx: int) -> Block:
    """`block` drawn `dx` further right (a tinted region's ground reaches left of its tiles)."""
    return Block(block.width + dx, block.height, lambda img, x, y: block.paint(img, x + dx, y))


def _column(blocks: Sequence[Block], gap: int) -> Block:
    height = sum(b.height for b in blocks) + gap * (len(blocks) - 1)

    def paint(img: Image.Image, x: int, y: int) -> None:
        for b in blocks:
            b.paint(img, x, y)
            y += b.height + gap

    return Block(max(b.width for b in blocks), height, paint)


def _threat_colour(threat: int) -> RGB:
    if threat >= 45:
        return (196, 44, 38)
    if threat >= 35:
        return (214, 140, 30)
    return (60, 140, 80)


def _player_strip(view: LcgView, player: LcgPlayerView) -> Block:
    """One line over a player's cards: the seat, a threat badge ringed in the threat's colour, the FIRST, YOU and
    TO ACT tags, and the hand, deck and discard counts at the right (counts only: a hand is never drawn here)."""
    seat_font, number = kit.font(28, bold=True), kit.font(30, bold=True)
    word = kit.font(20, bold=True)
    tags = ([("FIRST", P.accent, P.ink)] if player.first else []) + \
        ([("YOU", (70, 96, 140), P.chip_text)] if player.seat == view.seat else []) + \
        ([("TO ACT", P.accent, P.ink)] if player.seat in view.waiting_on else [])
    counts = [f"hand {player.hand}", f"deck {player.deck}", f"discard {player.discard.count}"]
    height = number.line_height + 6
    seat = kit.ellipsize(player.seat, seat_font, 220)

    def paint(img: Image.Image, x: int, y: int) -> None:
        draw = ImageDraw.Draw(img)
        mid = y + height // 2
        kit.text(draw, (x + 4, mid), seat, seat_font, P.text, anchor="lm")
        left = x + 4 + seat_font.width(seat) + 14
        threat = str(player.threat)
        badge_w = word.width("threat") + number.width(threat) + 30
        draw.rounded_rectangle((left, y, left + badge_w, y + height - 1), height // 2, fill=P.shade,
                               outline=_threat_colour(player.threat), width=4)
        kit.text(draw, (left + 12, mid), "threat", word, P.muted, anchor="lm")
        kit.text(draw, (left + badge_w - 12, mid), threat, number, P.text, anchor="rm")
        left += badge_w + 10
        for label, fill, ink in tags:
            box = kit.chip(draw, (left, mid - kit.chip_size(label, CHIP)[1] // 2), label, fill, CHIP, ink)
            left = box[2] + 6
        right = x + AREA - 4
        for line in reversed(counts):
            kit.text(draw, (right, mid), line, COUNTS, P.muted, anchor="rm")
            right -= COUNTS.width(line) + 16

    return Block(AREA, height, paint)


# --- the hand ---------------------------------------------------------------------------------------------


def _hand_strip(view: LcgView, hand: ZoneView) -> Block:
    """The viewer's hand in a gold frame: only this seat's board shows it."""
    blocks = [_card_block(view, c, hand=True) for c in hand.cards]
    region = _region(f"Your hand · {hand.count}", blocks, AREA, empty="no cards")
    height = region.height + 2 * PANEL_PAD

    def paint(img: Image.Image, x: int, y: int) -> None:
        kit.panel(ImageDraw.Draw(img), (x, y, x + CONTENT, y + height), edge=P.accent)
        region.paint(img, x + PANEL_PAD, y + PANEL_PAD)

    return Block(CONTENT, height, paint)


# --- cards ------------------------------------------------------------------------------------------------

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
        if all(fnt.width(w) <= width for w in words) and not wrapped[-1].endswith("…"):
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

    @property
    def stat_rows(self) -> int:
        return max(1, max((row + 1 for _, row, _ in self.slots), default=1))

    @property
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


def _card_block(view: LcgView, card: CardView, width: int = TILE_W, hand: bool = False) -> Block:
    """A tile and, under it, one band per attachment (a face-down shadow card is a band of card back)."""
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

    return Block(width, height, paint)


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
    draw = ImageDraw.Draw(img)
    x0, y0, x1, y1 = box
    accent = _accent(d)
    draw.rounded_rectangle((x0, y0, x1 - 1, y1 - 1), kit.RADIUS, fill=P.face, outline=accent, width=3)
    draw.rounded_rectangle((x0, y0, x1 - 1, y0 + face.header_h), kit.RADIUS, fill=accent)
    draw.rectangle((x0, y0 + face.header_h - kit.RADIUS, x1 - 1, y0 + face.header_h), fill=accent)
    line_h = face.name_font.line_height
    name_top = y0 + (face.header_h - len(face.name_lines) * line_h) // 2 + 1
    for i, line in enumerate(face.name_lines):
        kit.text(draw, (x0 + PAD, name_top + i * line_h), line, face.name_font, P.chip_text)
    inner_w = x1 - x0 - 2 * PAD
    stats_x, cell = x0 + STAT_INSET, face.cell
    y = y0 + face.header_h + 4
    kit.text(draw, (x0 + PAD, y), kit.ellipsize(_subtitle(d, card.name or ""), SUB, inner_w), SUB, P.ink_soft)
    y += SUB_H
    for (label, field), (col, row, span) in zip(face.stats, face.slots, strict=True):
        assert d is not None  # a card has numbers only when its definition is known
        cx, cy, w = stats_x + col * cell, y + row * STAT_H, span * cell
        ground = COST_CELL if field == "cost" else CELL
        draw.rounded_rectangle((cx + 1, cy, cx + w - 2, cy + STAT_H - 5), 6, fill=ground)
        value, change = _stat(view, card, d, field)
        kit.text(draw, (cx + w // 2, cy + 1), label, STAT_LABEL, P.ink_soft, anchor="ma")
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
    draw.rounded_rectangle((x0, y0 + 4, bar_x1, y1 - 4), 8, fill=CELL, outline=P.face_edge)
    if progress and needed:
        fill_x = x0 + int((bar_x1 - x0) * min(1.0, progress / needed))
        draw.rounded_rectangle((x0, y0 + 4, max(fill_x, x0 + 16), y1 - 4), 8, fill=kit.TOKEN_STYLES["progress"][1])
    kit.text(draw, (x1, (y0 + y1) // 2), label, fnt, P.ink, anchor="rm")


def _band(img: Image.Image, box: kit.Box, card: CardView, lines: list[str], view: LcgView, on_enemy: bool) -> None:
    """One attachment under its card: sphere stripe and name; a face-down one (a shadow card) as a back."""
    draw = ImageDraw.Draw(img)
    x0, y0, x1, y1 = box
    if card.name is None:
        draw.rounded_rectangle((x0, y0, x1 - 1, y1 - 1), 8, fill=P.back, outline=P.back_edge, width=2)
        label = "shadow card" if on_enemy else (card.back or "face down")
        kit.text(draw, ((x0 + x1) // 2, (y0 + y1) // 2), label, CHIP, P.back_text, anchor="mm")
        return
    d = view.facts.get(card.ref) if card.ref else None
    fill = CELL if "shadow" in card.flags else P.face
    draw.rounded_rectangle((x0, y0, x1 - 1, y1 - 1), 8, fill=fill, outline=P.face_edge, width=2)
    draw.rounded_rectangle((x0, y0, x0 + 7, y1 - 1), 4, fill=_accent(d))
    for i, line in enumerate(lines):
        kit.text(draw, (x0 + 12, y0 + 5 + i * ATTACH.line_height), line, ATTACH, P.ink)
    marks = _marks(card)
    if marks:
        label = kit.ellipsize(marks, CHIP, x1 - x0 - BAND_TEXT - 16)
        kit.chip(draw, (x0 + 12, y1 - kit.chip_size(label, CHIP)[1] - 5), label, P.ink_soft, CHIP)


def _render(view: View) -> bytes:
    """The registry's entry: an LCG view gets the table; anything else (never expected) the generic board."""
    return render_table(view) if isinstance(view, LcgView) else render_view(view)


register("lcg", _render)
