"""The campaign log as an image (spec 7.2): the fellowship and its heroes, fallen heroes, the threat penalty,
the campaign pool, each scenario with its score, the running total and the notes. Drawn from the log itself,
which holds nothing secret: every line of it is shared by the whole group."""

from __future__ import annotations

from PIL import ImageDraw

from engines.lcg.campaign.log import CampaignLog, penalty_words, pending_setup
from render import kit

WIDTH = 1200
MARGIN = 28
LINE = 34
FALLEN: kit.RGB = (176, 46, 42)
DONE: kit.RGB = (110, 186, 124)
NOW: kit.RGB = kit.PALETTE.accent
LATER: kit.RGB = kit.PALETTE.muted
MAX_NOTES = 6


def _rows(book: CampaignLog) -> list[tuple[str, str, kit.RGB]]:
    """(style, text, colour) lines, top to bottom: styles are title, head, text, chip."""
    p = kit.PALETTE
    rows: list[tuple[str, str, kit.RGB]] = [
        ("title", book.name, p.accent),
        ("text", f"{book.difficulty.capitalize()} - {book.status} - scenario "
                 f"{min(book.index + 1, len(book.steps))} of {len(book.steps)}", p.muted),
        ("head", "Fellowship", p.text)]
    pending = pending_setup(book)  # a hero swapped between scenarios: recorded, and paid for, at the next setup
    for m in book.members:
        penalty = book.penalty + book.seat_penalty.get(m.seat, 0)
        rows.append(("text", f"{m.seat}  {m.name}: {', '.join(m.heroes)}"
                             + (f"  (threat +{penalty})" if penalty else "")
                             + (f"  (next: {', '.join(pending.heroes[m.seat])})"
                                if pending and m.seat in pending.heroes else ""), p.text))
    rows.append(("head", "Fallen heroes", p.text))
    rows += [("chip", title, FALLEN) for title in book.fallen] or [("text", "none", p.muted)]
    rows.append(("text", f"Threat penalty: +{book.penalty} to each player's starting threat"
                 + (f"; {penalty_words(pending.penalty)} from the next scenario" if pending and pending.added else ""),
                 p.text))
    if pending is not None:
        rows.append(("head", "At the next setup", p.text))
        rows += [("text", line, NOW) for line in pending.lines or [f"refused now: {pending.refused}"]]
    rows.append(("head", "Campaign pool", p.text))
    for card in book.pool:
        where = (f"on {card.hero}" if card.hero else f"in {card.holder}'s deck" if card.holder
                 else "in the encounter deck")
        rows.append(("text", f"{card.title} ({card.kind}{', Permanent' if card.permanent else ''}) {where}",
                     p.text))
    if not book.pool:
        rows.append(("text", "empty", p.muted))
    rows.append(("head", "Scenarios", p.text))
    for number, step in enumerate(book.steps):
        tries = [a for a in book.history if a.scenario == step.scenario]
        kept = next((a for a in tries if a.recorded), None)
        if kept is not None and kept.score is not None:
            rows.append(("text", f"{number + 1}. {step.name}: score {kept.score.total}"
                                 + (f" ({len(tries)} attempts)" if len(tries) > 1 else ""), DONE))
        elif number == book.index and book.status == "active":
            state = tries[-1].status if tries and book.current is not None else "next"
            rows.append(("text", f"{number + 1}. {step.name}: {state}"
                                 + (f" (attempt {len(tries) + (0 if book.current else 1)})" if tries else ""), NOW))
        else:
            rows.append(("text", f"{number + 1}. {step.name}", LATER))
    rows.append(("head", f"Campaign total: {book.total_score} (lower is better)", p.accent))
    if book.notes:
        rows.append(("head", "Notes", p.text))
        rows += [("text", f"- {n}", p.text) for n in book.notes[-MAX_NOTES:]]
    return rows


def render_log(book: CampaignLog) -> bytes:
    rows = _rows(book)
    heights = {"title": 52, "head": 46, "text": LINE, "chip": LINE + 6}
    img = kit.canvas(WIDTH, MARGIN * 2 + sum(heights[style] for style, _, _ in rows))
    draw = ImageDraw.Draw(img)
    fonts = {"title": kit.font(34, bold=True), "head": kit.font(kit.NAME_SIZE, bold=True),
             "text": kit.font(kit.TEXT_SIZE), "chip": kit.font(kit.TEXT_SIZE, bold=True)}
    y = MARGIN
    for style, line, colour in rows:
        fnt = fonts[style]
        shown = kit.ellipsize(line, fnt, WIDTH - 2 * MARGIN - 24)
        if style == "chip":
            box = (MARGIN, y + 2, MARGIN + fnt.width(shown) + 24, y + heights[style] - 4)
            kit.panel(draw, box, edge=colour, fill=colour)
            kit.text(draw, (MARGIN + 12, y + heights[style] // 2), shown, fnt, kit.PALETTE.chip_text, anchor="lm")
        else:
            if style == "head":
                draw.line((MARGIN, y + 6, WIDTH - MARGIN, y + 6), fill=kit.PALETTE.panel_edge, width=2)
            kit.text(draw, (MARGIN, y + heights[style] // 2 + (4 if style == "head" else 0)), shown, fnt, colour,
                     anchor="lm")
        y += heights[style]
    return kit.to_png(img)
