"""The War of the Ring table as one image: the scores and corruption, the active battlegrounds and path with
the cards each side committed there and the icon totals, both scoring areas, then one band per deck (hand,
draw deck, cycle and eliminated counts, Ring token, carryover limit, reserve), and a seat's own hands.

Cards are proxies drawn from their definitions (`WotrView.facts`): name, faction and the icon numbers (battle
attack/defense, leadership, path icons). No card text, no scans. Hidden cards are never in a view's zones
except as backs, and are drawn as backs.
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image, ImageDraw

from engines.core.contract import View
from engines.core.zones import CardView, ZoneView
from engines.wotr.cards import FP, CardDef
from engines.wotr.view import DeckView, LocationView, WotrView
from render import kit
from render.generic import render_view
from render.registry import register

WIDTH = 1600
MARGIN = 16
GAP = 10
TILE_W, TILE_H = 176, 212
LOC_W = 220
LABEL_W = 190  # the "Free Peoples" / "Shadow" caption before a side's cards
ROW_H = TILE_H + 2 * GAP
P = kit.PALETTE
RGB = kit.RGB
FP_TINT: RGB = (38, 62, 92)  # Free Peoples blue
SHADOW_TINT: RGB = (86, 36, 34)  # Shadow red
TITLE = kit.font(36, bold=True)
HEAD = kit.font(28, bold=True)
BODY = kit.font(kit.TEXT_SIZE)
BOLD = kit.font(kit.TEXT_SIZE, bold=True)
Paint = Callable[[Image.Image, int], None]  # draws a block whose top is at y


def _numbers(d: CardDef | None) -> dict[str, int | str]:
    """The icons a player reads across the table: A/D battle icons, L leadership, P path icons."""
    if d is None:
        return {}
    if d.kind == "battleground":
        return {"VP": d.vp, "def": d.defense}
    if d.kind == "path":
        return {"path": d.path_number, "VP": d.vp, "def": d.defense}
    out: dict[str, int | str] = {}
    if d.kind != "event":
        out["A"], out["D"] = d.bg_atk, d.bg_def
    if d.lead_atk or d.lead_def:
        out["L"] = f"{d.lead_atk}/{d.lead_def}"
    if d.path_icons:
        out["P"] = d.path_icons
    return out


def _subtitle(d: CardDef | None) -> str:
    if d is None:
        return ""
    if d.kind == "battleground":
        return f"{'Free Peoples' if d.side == FP else 'Shadow'} battleground"
    if d.kind == "path":
        return "path"
    return f"{d.faction} {d.kind}"


def _tile(img: Image.Image, view: WotrView, card: CardView, x: int, y: int, w: int = TILE_W) -> None:
    d = view.facts.get(card.ref) if card.ref else None
    flags = [f for f in card.flags if f != "new"] + (["new"] if "new" in card.flags else [])
    items = [a.name for a in card.attached if a.name] if d is None or not d.is_location else []
    subtitle = _subtitle(d) + (f" + {', '.join(items)}" if items else "")
    kit.card_tile(img, (x, y, x + w, y + TILE_H), card.name, subtitle=subtitle, numbers=_numbers(d),
                  tokens=card.tokens, flags=flags, back="War of the Ring")


def _row(img: Image.Image, view: WotrView, cards: list[CardView], x0: int, x1: int, y: int) -> None:
    per_row = max(1, (x1 - x0 + GAP) // (TILE_W + GAP))
    shown = cards[:per_row]
    for i, card in enumerate(shown):
        _tile(img, view, card, x0 + i * (TILE_W + GAP), y)
    if len(cards) > per_row:
        kit.more_tile(img, (x1 - TILE_W, y, x1, y + TILE_H), len(cards) - per_row + 1)


def _location_block(view: WotrView, loc: LocationView, zone_card: CardView) -> tuple[int, Paint]:
    """A location: its own tile, then the Free Peoples' and the Shadow's cards there, with totals."""
    units = [u for u in zone_card.attached]
    fp = [u for u in units if (d := view.facts.get(u.ref or "")) is not None and d.side == FP]
    shadow = [u for u in units if u not in fp]
    height = 2 * ROW_H + 44

    def paint(img: Image.Image, y: int) -> None:
        draw = ImageDraw.Draw(img)
        tint = FP_TINT if loc.side == FP and loc.kind == "battleground" else SHADOW_TINT if loc.kind == \
            "battleground" else P.panel
        kit.panel(draw, (MARGIN, y, WIDTH - MARGIN, y + height - GAP), fill=tint)
        defender = "Free Peoples" if loc.kind == "path" or loc.side == FP else "Shadow"
        kit.text(draw, (MARGIN + 14, y + 8), f"{zone_card.name}: attack {loc.attack} against defense {loc.defense} "
                 f"({defender} defend)", HEAD, P.text)
        _tile(img, view, zone_card, MARGIN + 14, y + 44, LOC_W)
        x0 = MARGIN + 14 + LOC_W + 2 * GAP
        for i, (label, cards) in enumerate((("Free Peoples", fp), ("Shadow", shadow))):
            top = y + 44 + i * ROW_H
            kit.text(draw, (x0, top + 4), label, BOLD, P.muted)
            if cards:
                _row(img, view, cards, x0 + LABEL_W, WIDTH - MARGIN - 14, top)
            else:
                kit.text(draw, (x0 + LABEL_W, top + 4), "no cards", BODY, P.muted)

    return height, paint


def _area_block(view: WotrView, title: str, zone: ZoneView | None, extra: str) -> tuple[int, Paint]:
    cards = zone.cards if zone else []
    height = 44 + (ROW_H if cards else 20)

    def paint(img: Image.Image, y: int) -> None:
        draw = ImageDraw.Draw(img)
        kit.text(draw, (MARGIN, y + 6), f"{title}{extra}", HEAD, P.text)
        _row(img, view, cards, MARGIN, WIDTH - MARGIN, y + 44)

    return height, paint


def _deck_block(view: WotrView, deck: DeckView) -> tuple[int, Paint]:
    height = 44 + 34 + (ROW_H if deck.reserve.cards else 0) + GAP

    def paint(img: Image.Image, y: int) -> None:
        draw = ImageDraw.Draw(img)
        tint = FP_TINT if deck.side == FP else SHADOW_TINT
        kit.panel(draw, (MARGIN, y, WIDTH - MARGIN, y + height - GAP), fill=tint,
                  edge=P.accent if deck.to_act else None)
        marks = (" · starting player" if deck.starting else "") + (" · to act" if deck.to_act else "")
        kit.text(draw, (MARGIN + 14, y + 8), f"{deck.name}'s deck ({deck.seat}){marks}", HEAD,
                 P.accent if deck.to_act else P.text)
        hand = "?" if deck.hand < 0 else str(deck.hand)
        ring = {"unused": "Ring token ready", "used": "Ring token used", "flipped": "Ring token used this round",
                "none": "no Ring token"}.get(deck.ring, deck.ring)
        counts = (f"hand {hand} · draw deck {deck.draw} · cycle pile {deck.cycle} · eliminated {deck.eliminated} · "
                  f"carryover {deck.carryover} · {ring} · reserve {len(deck.reserve.cards)}")
        kit.text(draw, (MARGIN + 14, y + 44), counts, BODY, P.text)
        if deck.reserve.cards:
            _row(img, view, deck.reserve.cards, MARGIN + 14, WIDTH - MARGIN - 14, y + 78)

    return height, paint


def render_table(view: WotrView) -> bytes:
    blocks: list[tuple[int, Paint]] = []

    def header(img: Image.Image, y: int) -> None:
        draw = ImageDraw.Draw(img)
        kit.text(draw, (MARGIN, y), f"{view.title} · round {view.round}", TITLE, P.accent)
        kit.text(draw, (MARGIN, y + 46), kit.ellipsize(view.status, BODY, WIDTH - 2 * MARGIN), BODY, P.text)
        score = (f"Free Peoples {view.score_fp} · Shadow {view.score_shadow} (corruption {view.corruption}) · "
                 f"last path {view.last_path or '-'} of {view.final_path} · paths left {view.paths_left} · "
                 f"battlegrounds left {view.bg_left.get('fp', 0)} FP, {view.bg_left.get('shadow', 0)} Shadow")
        kit.text(draw, (MARGIN, y + 80), kit.ellipsize(score, BOLD, WIDTH - 2 * MARGIN), BOLD, P.text)

    blocks.append((120, header))
    active = next((z for z in view.table if z.name == "active locations"), None)
    for loc, card in zip(view.locations, active.cards if active else [], strict=False):
        blocks.append(_location_block(view, loc, card))
    blocks.append(_area_block(view, "Free Peoples scoring area", view.fp_area, f" · {view.score_fp} VP"))
    blocks.append(_area_block(view, "Shadow scoring area", view.shadow_area,
                              f" · {view.score_shadow} VP, {view.corruption} corruption"))
    blocks.extend(_deck_block(view, d) for d in view.decks)
    for zone in view.private:
        if zone.name.endswith("hand"):
            blocks.append(_area_block(view, f"Your hand: {zone.name.split(':')[0]}", zone, f" · {zone.count} cards"))
    height = MARGIN + sum(h for h, _ in blocks) + MARGIN
    img = kit.canvas(WIDTH, height)
    y = MARGIN
    for h, paint in blocks:
        paint(img, y)
        y += h
    return kit.to_png(img)


def _render(view: View) -> bytes:
    return render_table(view) if isinstance(view, WotrView) else render_view(view)


register("wotr", _render)
