"""The LCG table as one image: the quest and its progress, the active location, the staging area and its
threat, then one band per player (a strip with the seat, threat and counts over its heroes and allies with their
attachments, and its engaged enemies with their face-down shadow cards), and the viewer's hand at the bottom of a
seat's board.

Cards are proxies drawn from their definitions (`LcgView.facts`) by render/lcg_card.py: name, sphere colour,
keywords and the big numbers a player reads across the table. No card text, no scans. Hidden cards arrive as
backs and are drawn as backs.

960 px wide, as the War of the Ring board: Discord shows a board about 400 px wide in a phone's channel, and
there the smallest text (20 px, the stat labels and type lines) keeps capitals over 6 px tall
(tests/render/test_lcg_phone.py measures it on crowded tables of 1, 2 and 4 players). A 1600 px board with
18 px labels had them 3.5 px tall there. Five tiles to a row; a player whose cards need more takes more rows.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Sequence

from PIL import Image, ImageDraw

from engines.core.contract import View
from engines.core.zones import CardView, ZoneView
from engines.lcg.view import LcgPlayerView, LcgView
from render import kit, lcg_card, players
from render.generic import render_view
from render.kept import Kept
from render.lcg_card import CHIP, DOWN, PAD, TILE_W, Block, card_block, facts_key
from render.lcg_layout import (
    AREA,
    CAPTION,
    CONTENT,
    COUNTS,
    GAP,
    LABEL_H,
    MARGIN,
    PANEL_PAD,
    QUEST_W,
    SECTION_GAP,
    WIDTH,
    column,
    flow_width,
    offset,
    pad,
    placeholder,
    region,
    row,
)
from render.lcg_palette import (
    ENGAGED_TINT,
    STAGING_THREAT_CHIP,
    THREAT_RINGS,
    VICTORY_CHIP,
    YOU_CHIP,
    YOU_FILL,
    indexed,
    palette,
)
from render.registry import register

RGB = kit.RGB
P = kit.PALETTE

STATUS_COLOUR = P.accent  # the status line: whom the game waits on, and why

# The smallest face is 20 px (capitals 15 px, 6.25 px at 400 px wide); names stay at 24, numbers bigger.
STATUS = kit.font(kit.TEXT_SIZE)


Section = tuple[Hashable, Block]  # what a section shows (its key among the kept blocks), and the section


def render_table(view: LcgView) -> bytes:
    """The LCG board for one audience (the table, or a seat with its hand), as PNG bytes."""
    return kit.to_png(draw_table(view, BLOCKS))  # already in palette mode: kit encodes it as it is


def draw_table(view: LcgView, kept: kit.KeptBlocks | None) -> Image.Image:
    """The board in the LCG palette, each section pasted from `kept` while what it shows is unchanged; with `kept`
    None, the board drawn whole in full colour (what the palette approximates: the tests compare the two)."""
    sections = [_header(view), _encounter_row(view)]
    sections += [_player_band(view, p) for p in view.players]
    hand = view.private[0] if view.private else None
    if hand is not None:
        sections.append(_hand_strip(view, hand))
    height = 2 * MARGIN + sum(s.height for _, s in sections) + SECTION_GAP * (len(sections) - 1)
    if kept is None:
        img = kit.canvas(WIDTH, height)
        for (_, section), (top, _, inset) in zip(sections, _strips(sections, height), strict=True):
            section.paint(img, MARGIN, top + inset)
        return img
    img = Image.new("P", (WIDTH, height), None)  # not filled: the strips cover it, top to bottom
    img.putpalette(palette().getpalette() or [])
    for (key, section), (top, bottom, inset) in zip(sections, _strips(sections, height), strict=True):
        def paint(strip: Image.Image, _: int, section: Block = section, inset: int = inset) -> None:
            section.paint(strip, MARGIN, inset)

        img.paste(kept.get((key, inset, bottom - top), WIDTH, bottom - top, paint, indexed()), (0, top))
    return img


def _strips(sections: Sequence[Section], height: int) -> Iterator[tuple[int, int, int]]:
    """Each section's strip of the board, the full width and from half the gap above it to half the gap below it
    (the board's margin for the first and the last: a caption's badge reaches 2 px above its section): its top,
    its bottom and how far down the strip the section starts."""
    y = MARGIN
    for i, (_, section) in enumerate(sections):
        top = 0 if i == 0 else y - SECTION_GAP // 2
        bottom = height if i == len(sections) - 1 else y + section.height + SECTION_GAP // 2
        yield top, bottom, y - top
        y += section.height + SECTION_GAP


# A board is redrawn after every move, and most of it has not changed: each section (the header, the encounter
# row, a player's band, the hand) is kept, drawn straight in the board palette's indices (render/indexed.py), under
# a key saying everything it shows, and pasted again while the key is the same (issue 17: drawing every tile and
# choosing a palette for the whole image on every move cost up to ten times the encode; drawing in full colour and
# mapping each section, twice the encode of a board of a game not drawn before). A table and its four seat views
# share all but their header, their own band and their hand.
BLOCKS = kit.KeptBlocks(48)
LAID_OUT: Kept[Block] = Kept(48)  # each kept section's layout, under the same key
HEADS: Kept[Image.Image] = Kept(8)  # the header's title and chips, drawn


def forget() -> None:
    """Drop every kept section, card layout and tile (tests that watch what is drawn start from nothing)."""
    BLOCKS.clear()
    LAID_OUT.clear()
    HEADS.clear()
    lcg_card.forget()


# --- header ---------------------------------------------------------------------------------------------


def _section(key: Hashable, build: Callable[[], Block]) -> Section:
    """A section laid out once while what it shows is the same (measuring text is most of laying one out)."""
    found = LAID_OUT.get(key)
    return key, found if found is not None else LAID_OUT.put(key, build())


def _header(view: LcgView) -> Section:
    outcome = None if view.outcome is None else bool(view.outcome.winners)
    prompt = view.decisions[0].prompt if view.decisions else ""
    shown = (view.seat, view.title, view.round, view.phase, outcome, tuple(p.seat for p in view.players if p.first),
             view.encounter_deck, _count(view.encounter_discard), _victory_points(view), view.stages_left,
             view.status, prompt, tuple(view.names.items()))
    return _section(("header", *shown), lambda: _header_block(view))


def _header_block(view: LcgView) -> Block:
    title = kit.font(36, bold=True)
    audience = f"{players.name(view.names, view.seat)}'s view" if view.seat else "table view"
    first = next((players.name(view.names, p.seat) for p in view.players if p.first), "")
    chips: list[tuple[str, RGB, RGB]] = [(f"Round {view.round}", P.chip, P.chip_text)] if view.round else []
    chips.append((f"{view.phase.capitalize()} phase" if view.phase != "setup" else "Setup", P.accent, P.ink))
    if view.outcome is not None:
        chips.insert(0, ("Won" if view.outcome.winners else "Lost", P.accent, P.ink))
    if first:
        chips.append((f"First player: {first}", P.chip, P.chip_text))
    chips += [
        (f"Encounter deck {view.encounter_deck}", P.back, P.back_text),
        (f"Encounter discard {_count(view.encounter_discard)}", P.chip, P.chip_text),
        (f"Victory {_victory_points(view)}", VICTORY_CHIP, P.chip_text),
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

    def paint_top(img: Image.Image, x: int, y: int) -> None:
        draw = ImageDraw.Draw(img)
        small = kit.font(kit.TEXT_SIZE)
        kit.text(draw, (x + CONTENT, y + 10), audience, small, P.muted, anchor="ra")
        room = CONTENT - small.width(audience) - 20
        kit.text(draw, (x, y), kit.ellipsize(view.title, title, room), title, P.text)
        for (label, fill, ink), (dx, dy) in zip(chips, positions, strict=True):
            kit.chip(draw, (x + dx, y + chips_top + dy), label, fill, big, ink)

    def paint(img: Image.Image, x: int, y: int) -> None:
        # The status changes on nearly every move, the title and chips above it seldom: they are kept drawn.
        top_key = (audience, view.title, tuple(chips), kit.drawn_in(img))
        top = HEADS.get(top_key)
        if top is None:
            top = kit.canvas_like(img, CONTENT, status_top)
            paint_top(top, 0, 0)
            HEADS.put(top_key, top)  # kept once drawn: another thread may paste it as soon as it is kept
        kit.paste_drawn(img, top, (x, y))
        draw = ImageDraw.Draw(img)
        for i, line in enumerate(status_lines):
            kit.text(draw, (x, y + status_top + i * STATUS.line_height), line, STATUS, STATUS_COLOUR)

    return Block(CONTENT, height, paint)


def _status_lines(view: LcgView) -> list[str]:
    """The status line itself (`view.status`, what `status` prints in the console and Discord), so the image and
    the text name the same seats for the same reason; then, on the board of a seat that must answer, its own
    prompt when the status line does not already quote it (a private prompt may name a card in that seat's
    hand, and only this board reaches that seat alone)."""
    status = players.in_words(view.status, view.names)
    lines = kit.wrap(status, STATUS, CONTENT, max_lines=3)
    own = players.in_words(view.decisions[0].prompt, view.names) if view.decisions and view.outcome is None else ""
    if own and own.lower() not in status.lower():
        lines += kit.wrap(f"Your decision: {own}", STATUS, CONTENT, max_lines=2)
    return lines


def _count(zone: ZoneView | None) -> int:
    return zone.count if zone else 0


def _victory_points(view: LcgView) -> int:
    cards = view.victory.cards if view.victory else []
    return sum(view.facts[c.ref].victory for c in cards if c.ref and c.ref in view.facts)


# --- the encounter side -----------------------------------------------------------------------------------


def _encounter_row(view: LcgView) -> Section:
    quest_cards = view.quest.cards if view.quest else []
    active_cards = view.active.cards if view.active else []
    staging_cards = view.staging.cards if view.staging else []
    shown = [*quest_cards, *active_cards, *staging_cards]
    cards = kit.shown((quest_cards, active_cards, staging_cards))
    key = ("encounter", view.staging_threat, cards, facts_key(view, shown))
    return _section(key, lambda: _encounter_block(view, quest_cards, active_cards, staging_cards))


def _encounter_block(view: LcgView, quest_cards: list[CardView], active_cards: list[CardView],
                     staging_cards: list[CardView]) -> Block:
    """The quest, the active location and the staging area in one flow: staging cards past the first row
    wrap under the quest, so a crowded staging area takes height, not a narrow column."""
    quest = [card_block(view, c, QUEST_W) for c in quest_cards] or [placeholder("no stage", QUEST_W)]
    active = [card_block(view, c) for c in active_cards] or [placeholder("none", TILE_W)]
    staging = [card_block(view, c) for c in staging_cards] or [placeholder("empty", TILE_W)]
    sep = 2 * GAP  # a wider gap between the three groups
    blocks = [*quest[:-1], pad(quest[-1], sep), *active[:-1], pad(active[-1], sep), *staging]
    positions, rows_h = kit.flow([(b.width, b.height) for b in blocks], CONTENT, gap=GAP, row_gap=GAP)
    captions = [(0, "Quest", ""), (positions[len(quest)][0], "Active location", ""),
                (positions[len(quest) + len(active)][0], "Staging area", f"threat {view.staging_threat}")]

    def paint(img: Image.Image, x: int, y: int) -> None:
        draw = ImageDraw.Draw(img)
        for dx, caption, badge in captions:
            kit.text(draw, (x + dx, y), caption, CAPTION, P.text)
            if badge:
                kit.chip(draw, (x + dx + CAPTION.width(caption) + 10, y - 2), badge, STAGING_THREAT_CHIP, CAPTION)
        for b, (dx, dy) in zip(blocks, positions, strict=True):
            b.paint(img, x + dx, y + LABEL_H + dy)

    return Block(CONTENT, LABEL_H + rows_h, paint)


# --- players ----------------------------------------------------------------------------------------------


def _player_band(view: LcgView, player: LcgPlayerView) -> Section:
    you = player.seat == view.seat
    waiting = player.seat in view.waiting_on
    label = view.names.get(player.seat, "")  # the band names its player (render/players.py)
    facts = facts_key(view, [*player.play.cards, *player.engaged.cards])
    key = ("player", kit.shown(player), label, you, waiting, facts)
    return _section(key, lambda: _player_block(view, player, you, waiting))


def _player_block(view: LcgView, player: LcgPlayerView, you: bool, waiting: bool) -> Block:
    """One player: a strip with the seat, its threat and counts, over its heroes and allies and then its engaged
    enemies on a dark red ground, side by side when they fit one row, else the enemies under the characters."""
    if player.eliminated and not player.play.cards and not player.engaged.cards:
        return _eliminated(view, player)
    play = [card_block(view, c) for c in player.play.cards]
    engaged = [card_block(view, c) for c in player.engaged.cards]
    play_w = flow_width(play)
    engaged_w = flow_width(engaged) + 2 * PAD
    one_line = bool(engaged) and play_w + 2 * GAP + engaged_w <= AREA
    regions: list[Block] = [region("", play, AREA if not one_line else play_w, empty="no characters")]
    if engaged:
        regions.append(region(f"Engaged · {len(engaged)}", engaged, AREA - 2 * PAD if not one_line
                               else engaged_w - 2 * PAD, tint=ENGAGED_TINT))
    if one_line:
        cards = row([regions[0], offset(regions[1], PAD)], 2 * GAP)
    else:
        cards = column([regions[0], *(offset(r, PAD) for r in regions[1:])], GAP)
    strip = _player_strip(view, player, you, waiting)
    height = 2 * PANEL_PAD + strip.height + GAP + cards.height
    edge = P.accent if waiting else None

    def paint(img: Image.Image, x: int, y: int) -> None:
        draw = ImageDraw.Draw(img)
        kit.panel(draw, (x, y, x + CONTENT, y + height), edge=edge, fill=YOU_FILL if you else None)
        strip.paint(img, x + PANEL_PAD, y + PANEL_PAD)
        cards.paint(img, x + PANEL_PAD, y + PANEL_PAD + strip.height + GAP)
        if player.eliminated:
            kit.dim_card(img, (x, y, x + CONTENT, y + height), "ELIMINATED")

    return Block(CONTENT, height, paint)


def _eliminated(view: LcgView, player: LcgPlayerView) -> Block:
    """A player out of the game, on one line: nothing of theirs is left on the table."""
    seat_font = kit.font(28, bold=True)
    height = seat_font.line_height + 2 * PANEL_PAD + 8
    note = f"threat {player.threat} · discard {player.discard.count}"

    def paint(img: Image.Image, x: int, y: int) -> None:
        draw = ImageDraw.Draw(img)
        kit.panel(draw, (x, y, x + CONTENT, y + height), fill=P.table)
        mid = y + height // 2
        seat = players.fitted(view.names, player.seat, seat_font, 200)
        kit.text(draw, (x + PANEL_PAD + 4, mid), seat, seat_font, P.muted, anchor="lm")
        chip_x = x + PANEL_PAD + 16 + seat_font.width(seat)
        box = kit.chip(draw, (chip_x, mid - kit.chip_size("ELIMINATED", CHIP)[1] // 2), "ELIMINATED", DOWN, CHIP)
        kit.text(draw, (box[2] + 14, mid), note, COUNTS, P.muted, anchor="lm")

    return Block(CONTENT, height, paint)


def _threat_colour(threat: int) -> RGB:
    return THREAT_RINGS[2 if threat >= 45 else 1 if threat >= 35 else 0]


def _player_strip(view: LcgView, player: LcgPlayerView, you: bool, waiting: bool) -> Block:
    """One line over a player's cards: the player and their seat ('alice (p1)'), a threat badge ringed in the
    threat's colour, the FIRST, YOU and TO ACT tags, and the hand, deck and discard counts at the right (counts
    only: a hand is never drawn here)."""
    seat_font, number = kit.font(28, bold=True), kit.font(30, bold=True)
    word = kit.font(20, bold=True)
    tags = ([("FIRST", P.accent, P.ink)] if player.first else []) + \
        ([("YOU", YOU_CHIP, P.chip_text)] if you else []) + \
        ([("TO ACT", P.accent, P.ink)] if waiting else [])
    counts = [f"hand {player.hand}", f"deck {player.deck}", f"discard {player.discard.count}"]
    height = number.line_height + 6
    seat = players.fitted(view.names, player.seat, seat_font, 220)

    def paint(img: Image.Image, x: int, y: int) -> None:
        draw = ImageDraw.Draw(img)
        mid = y + height // 2
        kit.text(draw, (x + 4, mid), seat, seat_font, P.text, anchor="lm")
        left = x + 4 + seat_font.width(seat) + 14
        threat = str(player.threat)
        badge_w = word.width("threat") + number.width(threat) + 30
        kit.rounded(draw, (left, y, left + badge_w, y + height - 1), height // 2, fill=P.shade,
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


def _hand_strip(view: LcgView, hand: ZoneView) -> Section:
    return _section(("hand", kit.shown(hand), facts_key(view, hand.cards)), lambda: _hand_block(view, hand))


def _hand_block(view: LcgView, hand: ZoneView) -> Block:
    """The viewer's hand in a gold frame: only this seat's board shows it."""
    blocks = [card_block(view, c, hand=True) for c in hand.cards]
    framed = region(f"Your hand · {hand.count}", blocks, AREA, empty="no cards")
    height = framed.height + 2 * PANEL_PAD

    def paint(img: Image.Image, x: int, y: int) -> None:
        kit.panel(ImageDraw.Draw(img), (x, y, x + CONTENT, y + height), edge=P.accent)
        framed.paint(img, x + PANEL_PAD, y + PANEL_PAD)

    return Block(CONTENT, height, paint)



def _render(view: View) -> bytes:
    """The registry's entry: an LCG view gets the table; anything else (never expected) the generic board."""
    return render_table(view) if isinstance(view, LcgView) else render_view(view)


register("lcg", _render)
