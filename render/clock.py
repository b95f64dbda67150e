"""A match clock as a picture: both teams' times side by side like a chess clock, the running side lit,
a bar of the time left, and whose phase group it is (C 15.3.3). PNG bytes from a `ClockFace`."""

from __future__ import annotations

from PIL import ImageDraw

from engines.clock.face import ClockFace, clock_text
from render import kit

WIDTH, HEIGHT = 1200, 440
MARGIN = 36
LIT = (70, 120, 74)  # the running side's face
STOPPED = (120, 96, 40)  # a paused clock: amber
FLAGGED = (150, 40, 40)


def draw_clock(clock: ClockFace) -> bytes:
    img = kit.canvas(WIDTH, HEIGHT)
    draw = ImageDraw.Draw(img)
    half = (WIDTH - 3 * MARGIN) // 2
    name_font, time_font, small = kit.font(34, bold=True), kit.font(110, bold=True), kit.font(kit.TEXT_SIZE)
    for i, side in enumerate(("a", "b")):
        left = MARGIN + i * (half + MARGIN)
        box = (left, MARGIN, left + half, HEIGHT - 120)
        active = clock.active == side and not clock.finished
        if clock.flagged == side:
            fill = FLAGGED
        elif active and clock.paused:
            fill = STOPPED
        elif active and clock.running:
            fill = LIT
        else:
            fill = kit.PALETTE.panel
        kit.panel(draw, box, edge=kit.PALETTE.accent if active else kit.PALETTE.panel_edge, fill=fill)
        label = ("first: " if side == "a" else "second: ") + clock.names[i]
        kit.text(draw, (left + 20, MARGIN + 16), kit.ellipsize(label, name_font, half - 40), name_font,
                 kit.PALETTE.text)
        left_ms = clock.remaining_ms[i]
        kit.text(draw, (left + half // 2, MARGIN + 150), clock_text(left_ms), time_font, kit.PALETTE.text,
                 anchor="mm")
        bar = (left + 20, HEIGHT - 160, left + half - 20, HEIGHT - 140)
        kit.panel(draw, bar, fill=kit.PALETTE.shade)
        share = max(0.0, min(1.0, left_ms / clock.allowance_ms)) if clock.allowance_ms else 0.0
        if share > 0:
            draw.rectangle((bar[0], bar[1], bar[0] + int((bar[2] - bar[0]) * share), bar[3]),
                           fill=kit.PALETTE.accent)
    if clock.finished:
        status = "time ran out for " + clock.names[0 if clock.flagged == "a" else 1] if clock.flagged else "match over"
    else:
        who = clock.names[0 if clock.active == "a" else 1]
        state = "paused (dispute)" if clock.paused else "running" if clock.running else "not started"
        status = f"{who}: {clock.group}; clock {state}"
    kit.text(draw, (WIDTH // 2, HEIGHT - 70), kit.ellipsize(status, small, WIDTH - 2 * MARGIN), small,
             kit.PALETTE.accent, anchor="mm")
    return kit.to_png(img)
