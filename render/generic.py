"""Draws any game's View: a header, the table's zones, the viewer's private zones, the seats and the open
decisions. Games with richer boards register their own renderer (`registry`); this one is the fallback,
so a new engine is playable from its first View, and the reference for what every board must show.

It draws only what the View holds. Redaction is the engine's job (a hidden CardView has no name); the one
extra guard here is that a private decision is never spelt out on another audience's board.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engines.core.contract import SeatView, View
from engines.core.decisions import Decision, DecisionKind, plain_label
from engines.core.zones import CardView, ZoneView
from render import kit, players

WIDTH = 1600  # fixed: Discord scales every board to the same width, so text sizes stay predictable
MARGIN = 40
CONTENT = WIDTH - 2 * MARGIN
SECTION_GAP = 28
TILE_GAP = 16
MAX_ROWS = 3  # of cards per zone; a long discard pile ends in "+N more" rather than a metre-tall image
ATTACH_STEP = 44  # each attachment shows as a band under its card
FRAME = 16  # how far the panel around the viewer's private zones reaches into the margin

Paint = Callable[[Image.Image, int], None]  # draws a section with its top edge at y


@dataclass(frozen=True)
class Section:
    height: int
    paint: Paint


def render_view(view: View) -> bytes:
    """The board for one audience, as PNG bytes. Width is fixed; height follows the content."""
    sections = [_header(view)]
    sections += [_zone(z, _zone_title(z, view), CONTENT) for z in view.table]
    sections += [_framed(_zone(z, _zone_title(z, view), CONTENT)) for z in view.private]
    if view.seats:
        sections.append(_seats(view))
    if view.decisions:
        sections.append(_decisions(view))
    height = 2 * MARGIN + sum(s.height for s in sections) + SECTION_GAP * (len(sections) - 1)
    img = kit.canvas(WIDTH, height)
    y = MARGIN
    for section in sections:
        section.paint(img, y)
        y += section.height + SECTION_GAP
    return kit.to_png(img)


# --- header ---------------------------------------------------------------------------------------------


def _header(view: View) -> Section:
    title, status, small = kit.font(44, bold=True), kit.font(30), kit.font(kit.TEXT_SIZE)
    audience = f"{players.name(view.names, view.seat)}'s view" if view.seat else "table view"
    status_lines = kit.wrap(players.in_words(view.status, view.names), status, CONTENT, max_lines=3)
    chips = [f"{k} {v}" for k, v in view.counters.items()]
    if view.outcome:
        winners = ", ".join(players.name(view.names, w) for w in view.outcome.winners) or "nobody"
        chips.insert(0, f"winner: {winners}")
    chip_pos, chip_height = kit.flow([kit.chip_size(c) for c in chips], CONTENT, gap=8)
    status_top = title.line_height + 8
    chips_top = status_top + len(status_lines) * status.line_height + 10
    height = chips_top + chip_height

    def paint(img: Image.Image, y: int) -> None:
        draw = ImageDraw.Draw(img)
        kit.text(draw, (WIDTH - MARGIN, y + 10), audience, small, kit.PALETTE.muted, anchor="ra")
        room = CONTENT - small.width(audience) - 24
        kit.text(draw, (MARGIN, y), kit.ellipsize(view.title, title, room), title, kit.PALETTE.text)
        for i, line in enumerate(status_lines):
            kit.text(draw, (MARGIN, y + status_top + i * status.line_height), line, status, kit.PALETTE.accent)
        for i, (label, (dx, dy)) in enumerate(zip(chips, chip_pos, strict=True)):
            colour = kit.PALETTE.accent if view.outcome and i == 0 else kit.PALETTE.chip
            text_colour = kit.PALETTE.ink if colour == kit.PALETTE.accent else None
            kit.chip(draw, (MARGIN + dx, y + chips_top + dy), label, colour, text_colour=text_colour)

    return Section(height, paint)


# --- zones ----------------------------------------------------------------------------------------------


def _zone_title(zone: ZoneView, view: View) -> str:
    name = zone.name.replace("_", " ")
    if zone.owner is not None and zone.owner == view.seat:
        return f"Your {name}"
    name = name[:1].upper() + name[1:]
    return f"{name} ({players.name(view.names, zone.owner)})" if zone.owner else name


def _zone(zone: ZoneView, title: str, width: int) -> Section:
    """A labelled row of tiles. A zone with a count but no card list (a deck) shows as a face-down stack."""
    label_font = kit.font(30, bold=True)
    label = f"{title} · {zone.count}" if zone.count else f"{title} · empty"
    label_height = label_font.line_height + 10
    tile_w, tile_h = kit.TILE
    if not zone.cards:
        if not zone.count:
            return Section(label_font.line_height, lambda img, y: _label(img, y, label, label_font))

        def paint_stack(img: Image.Image, y: int) -> None:
            _label(img, y, label, label_font)
            top = y + label_height
            kit.deck_stack(img, (MARGIN, top, MARGIN + tile_w, top + tile_h), zone.count, zone.name.replace("_", " "))

        return Section(label_height + tile_h, paint_stack)

    per_row = max(1, (width + TILE_GAP) // (tile_w + TILE_GAP))
    room = per_row * MAX_ROWS
    shown = zone.cards if len(zone.cards) <= room else zone.cards[: room - 1]
    overflow = len(zone.cards) - len(shown)
    sizes = [(tile_w, tile_h + ATTACH_STEP * len(_attachments(c))) for c in shown]
    if overflow:
        sizes.append((tile_w, tile_h))
    positions, rows_height = kit.flow(sizes, width, gap=TILE_GAP, row_gap=TILE_GAP + 4)

    def paint(img: Image.Image, y: int) -> None:
        _label(img, y, label, label_font)
        top = y + label_height
        for card, (dx, dy) in zip(shown, positions, strict=False):
            _card(img, MARGIN + dx, top + dy, card)
        if overflow:
            dx, dy = positions[-1]
            kit.more_tile(img, (MARGIN + dx, top + dy, MARGIN + dx + tile_w, top + dy + tile_h), overflow)

    return Section(label_height + rows_height, paint)


def _label(img: Image.Image, y: int, label: str, fnt: kit.Font) -> None:
    kit.text(ImageDraw.Draw(img), (MARGIN, y), kit.ellipsize(label, fnt, CONTENT), fnt, kit.PALETTE.text)


def _framed(inner: Section) -> Section:
    """The viewer's private zones sit in a gold-edged panel: 'only you see this' at a glance."""

    def paint(img: Image.Image, y: int) -> None:
        kit.panel(
            ImageDraw.Draw(img),
            (MARGIN - FRAME, y, WIDTH - MARGIN + FRAME, y + inner.height + 2 * FRAME),
            edge=kit.PALETTE.accent,
        )
        inner.paint(img, y + FRAME)

    return Section(inner.height + 2 * FRAME, paint)


def _attachments(card: CardView) -> list[CardView]:
    """Everything attached to `card`, depth first (an attachment's own attachments included)."""
    out: list[CardView] = []
    for a in card.attached:
        out += [a, *_attachments(a)]
    return out


def _card(img: Image.Image, x: int, y: int, card: CardView) -> None:
    tile_w, tile_h = kit.TILE
    draw = ImageDraw.Draw(img)
    fnt = kit.font(kit.SMALL_SIZE)  # regular: a band is narrow, and the name matters more than its weight
    for i, a in enumerate(_attachments(card)):
        band = (x + 8, y + tile_h + 4 + i * ATTACH_STEP, x + tile_w - 8, y + tile_h + (i + 1) * ATTACH_STEP)
        if a.name is None:
            fill, ink, words = kit.PALETTE.back, kit.PALETTE.back_text, a.back or "face down"
        else:
            tokens = ", ".join(kit.token_label(k, v) for k, v in a.tokens.items() if v)
            fill, ink, words = kit.PALETTE.face, kit.PALETTE.ink, f"{a.name} ({tokens})" if tokens else a.name
        draw.rounded_rectangle(
            (band[0], band[1], band[2] - 1, band[3] - 1), 8, fill=fill, outline=kit.PALETTE.face_edge, width=2
        )
        kit.text(
            draw,
            (band[0] + 8, (band[1] + band[3]) // 2),
            kit.ellipsize(words, fnt, band[2] - band[0] - 16),
            fnt,
            ink,
            anchor="lm",
        )
    kit.card_tile(img, (x, y, x + tile_w, y + tile_h), card.name, tokens=card.tokens, flags=card.flags, back=card.back)


# --- seats ----------------------------------------------------------------------------------------------


def _seats(view: View) -> Section:
    cols = min(len(view.seats), 4)
    panel_w = (CONTENT - (cols - 1) * TILE_GAP) // cols
    name_font = kit.font(30, bold=True)
    panels = [_seat_panel(s, view, panel_w, name_font) for s in view.seats]
    positions, height = kit.flow([(panel_w, h) for h, _ in panels], CONTENT, gap=TILE_GAP)

    def paint(img: Image.Image, y: int) -> None:
        for (_, paint_panel), (dx, dy) in zip(panels, positions, strict=True):
            paint_panel(img, MARGIN + dx, y + dy)

    return Section(height, paint)


def _seat_panel(
    seat: SeatView, view: View, width: int, name_font: kit.Font
) -> tuple[int, Callable[[Image.Image, int, int], None]]:
    tags = (["you"] if seat.seat == view.seat else []) + (["to act"] if seat.seat in view.waiting_on else [])
    tag_w = sum(kit.chip_size(t)[0] + 6 for t in tags)
    chips = [f"{k} {v}" for k, v in seat.counters.items()]
    chip_pos, chip_h = kit.flow([kit.chip_size(c) for c in chips], width - 32, gap=8)
    height = 16 + name_font.line_height + (10 + chip_h if chips else 0) + 16
    edge = kit.PALETTE.accent if seat.seat in view.waiting_on else None

    def paint(img: Image.Image, x: int, y: int) -> None:
        draw = ImageDraw.Draw(img)
        kit.panel(draw, (x, y, x + width, y + height), edge=edge)
        name = players.fitted(view.names, seat.seat, name_font, width - 32 - tag_w)
        kit.text(draw, (x + 16, y + 16), name, name_font, kit.PALETTE.text)
        tag_x = x + 16 + name_font.width(name) + 10
        for tag in tags:
            tag_x = kit.chip(draw, (tag_x, y + 18), tag, kit.PALETTE.accent, text_colour=kit.PALETTE.ink)[2] + 6
        for label, (dx, dy) in zip(chips, chip_pos, strict=True):
            kit.chip(draw, (x + 16 + dx, y + 26 + name_font.line_height + dy), label, kit.PALETTE.chip)

    return height, paint


# --- decisions ------------------------------------------------------------------------------------------


def _decisions(view: View) -> Section:
    title = kit.font(30, bold=True)
    parts = [_decision(d, view) for d in view.decisions]
    heading = "Your decisions" if view.seat else "Open decisions"
    height = title.line_height + sum(12 + h for h, _ in parts)

    def paint(img: Image.Image, y: int) -> None:
        kit.text(ImageDraw.Draw(img), (MARGIN, y), heading, title, kit.PALETTE.text)
        top = y + title.line_height
        for h, paint_one in parts:
            paint_one(img, top + 12)
            top += 12 + h

    return Section(height, paint)


def _kind_hint(d: Decision) -> str:
    if d.kind is DecisionKind.CHOOSE_MANY:
        return f"choose {d.low} to {d.high}"
    if d.kind is DecisionKind.NUMBER:
        return f"a number from {d.low} to {d.high}"
    if d.kind is DecisionKind.ORDER:
        return "put all in order"
    if d.kind is DecisionKind.ASSIGN:
        return f"assign {d.amount}"
    return "choose one"


def _decision(d: Decision, view: View) -> tuple[int, Paint]:
    """One decision: its prompt and options as chips, with the text command that answers it."""
    prompt_font, hint_font = kit.font(kit.TEXT_SIZE, bold=True), kit.font(kit.SMALL_SIZE)
    if d.private and d.seat != view.seat:  # the prompt or options may name a card this audience can't see
        lines, options = [f"#{d.id} {players.name(view.names, d.seat)} is deciding"], []
        hint = ""
    else:
        said = f"#{d.id} {players.with_seat(view.names, d.seat)}: {players.in_words(d.prompt, view.names)}"
        lines = kit.wrap(said, prompt_font, CONTENT - 32, max_lines=3)
        chip_font = kit.font(kit.SMALL_SIZE, bold=True)
        # the id before each label, once: a twin's label starts with it already (engines/core/turn.py)
        options = [kit.ellipsize(f"{o.id}: {plain_label(o)}", chip_font, CONTENT - 48) for o in d.options]
        hint = f"{_kind_hint(d)}  ·  answer {d.id} <option>"
    chip_pos, chip_h = kit.flow([kit.chip_size(o) for o in options], CONTENT - 32, gap=8)
    body = len(lines) * prompt_font.line_height + (8 + chip_h if options else 0)
    height = 14 + body + (6 + hint_font.line_height if hint else 0) + 14

    def paint(img: Image.Image, y: int) -> None:
        draw = ImageDraw.Draw(img)
        kit.panel(draw, (MARGIN, y, WIDTH - MARGIN, y + height))
        top = y + 14
        for line in lines:
            kit.text(draw, (MARGIN + 16, top), line, prompt_font, kit.PALETTE.text)
            top += prompt_font.line_height
        chips_top = top + 8
        for label, (dx, dy) in zip(options, chip_pos, strict=True):
            kit.chip(draw, (MARGIN + 16 + dx, chips_top + dy), label, kit.PALETTE.chip)
        if hint:
            kit.text(draw, (MARGIN + 16, y + height - 14 - hint_font.line_height), hint, hint_font, kit.PALETTE.muted)

    return height, paint
