"""The War of the Ring table as one image: the scores and corruption, the active battlegrounds and path with
the cards each side committed there and the icon totals, both scoring areas, then one band per deck (hand,
draw deck, cycle and eliminated counts, Ring token, carryover limit, reserve), and a seat's own hands.

Cards are proxies drawn from their definitions (`WotrView.facts`): name, faction and the icon numbers (battle
attack/defense, leadership, path icons). No card text, no scans. Hidden cards are never in a view's zones
except as backs, and are drawn as backs.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Sequence
from functools import cache

from PIL import Image, ImageDraw

from engines.core.contract import View
from engines.core.zones import CardView, ZoneView
from engines.wotr.cards import FP, CardDef
from engines.wotr.view import DeckView, LocationView, WotrView
from render import kit, players
from render.generic import render_view
from render.indexed import IndexedPalette
from render.kept import Cutout, Kept, fixed_palette, paste_tile
from render.registry import register

# 960 px wide: Discord shows a board at about 400 px on a phone, so the kit's smallest text (22 px) keeps
# capitals over 6 px tall there (tests/render/test_wotr.py measures it); a 1600 px board halved that.
WIDTH = 960
MARGIN = 16
GAP = 10
TILE_W, TILE_H = 176, 212
LOC_W = 220
LINE = 32  # one line of BODY text with its spacing
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
Block = tuple[Hashable, int, Paint]  # what it shows (its key among the kept blocks), its height, how to draw it


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
    # " + " before each item, as render/text.py writes attachments: an item's name may hold a comma ("Nenya,
    # Ring of Adamant")
    subtitle = _subtitle(d) + "".join(f" + {name}" for name in items)
    numbers = _numbers(d)
    key = (card.name, subtitle, tuple(numbers.items()), tuple(card.tokens.items()), tuple(flags), w)

    def paint(tile: Image.Image, left: int, top: int) -> None:
        kit.card_tile(tile, (left, top, left + w, top + TILE_H), card.name, subtitle=subtitle, numbers=numbers,
                      tokens=card.tokens, flags=flags, back="War of the Ring")

    paste_tile(img, (x, y, x + w, y + TILE_H), key, TILES, paint, [((0, 0, w - 1, TILE_H - 1), kit.RADIUS, 3)])


def _cards(cards: Sequence[CardView]) -> Iterator[CardView]:
    for card in cards:
        yield card
        yield from _cards(card.attached)


def _shown(view: WotrView, cards: Sequence[CardView]) -> tuple[Hashable, ...]:
    """Everything a block's cards show: the cards as the view has them, and each one's definition."""
    return kit.shown(list(cards)), tuple(view.facts.get(c.ref) if c.ref else None for c in _cards(cards))


def _row(img: Image.Image, view: WotrView, cards: list[CardView], x0: int, x1: int, y: int) -> None:
    """One row of tiles; when they do not all fit, the last slot holds "+N more" and N counts exactly the
    cards not drawn (the tile never lies over a card)."""
    per_row = max(1, (x1 - x0 + GAP) // (TILE_W + GAP))
    shown = cards if len(cards) <= per_row else cards[:per_row - 1]
    for i, card in enumerate(shown):
        _tile(img, view, card, x0 + i * (TILE_W + GAP), y)
    if len(shown) < len(cards):
        left = x0 + len(shown) * (TILE_W + GAP)
        kit.more_tile(img, (left, y, left + TILE_W, y + TILE_H), len(cards) - len(shown))


def _gates(view: WotrView, card: CardView) -> list[str]:
    """A battleground's entry gates (L269-279): which factions defend and attack there, as armies and as
    characters (defenders are its own side's factions, the icons at the top of the card)."""
    d = view.facts.get(card.ref or "")
    if d is None or d.kind != "battleground":
        return []
    lines = []
    for i, who in enumerate(("Defenders", "Attackers")):
        armies, characters = d.sides_of_entry("army")[i], d.sides_of_entry("character")[i]
        lines.append(f"{who}: armies {', '.join(armies) or 'none'}; characters {', '.join(characters) or 'none'}")
    return lines


def _laid_out(key: Hashable, build: Callable[[], tuple[int, Paint]]) -> Block:
    """A block laid out once while what it shows is the same (measuring and wrapping text is most of laying out)."""
    found = LAID_OUT.get(key)
    if found is None:
        found = LAID_OUT.put(key, build())
    return key, found[0], found[1]


def _location_block(view: WotrView, loc: LocationView, zone_card: CardView) -> Block:
    return _laid_out(("location", kit.shown(loc), _shown(view, [zone_card])), lambda: _location(view, loc, zone_card))


def _location(view: WotrView, loc: LocationView, zone_card: CardView) -> tuple[int, Paint]:
    """A location: its own tile, then the Free Peoples' and the Shadow's cards there, with totals."""
    units = [u for u in zone_card.attached]
    fp = [u for u in units if (d := view.facts.get(u.ref or "")) is not None and d.side == FP]
    shadow = [u for u in units if u not in fp]
    inner = WIDTH - 2 * MARGIN - 28
    gates = [line for g in _gates(view, zone_card) for line in kit.wrap(g, BODY, inner, max_lines=2)]
    top_of_rows = 44 + len(gates) * LINE
    height = top_of_rows + 2 * (LINE + ROW_H)

    def paint(img: Image.Image, y: int) -> None:
        draw = ImageDraw.Draw(img)
        tint = FP_TINT if loc.side == FP and loc.kind == "battleground" else SHADOW_TINT if loc.kind == \
            "battleground" else P.panel
        kit.panel(draw, (MARGIN, y, WIDTH - MARGIN, y + height - GAP), fill=tint)
        defender = "Free Peoples" if loc.kind == "path" or loc.side == FP else "Shadow"
        title = f"{zone_card.name}: attack {loc.attack} against defense {loc.defense} ({defender} defend)"
        kit.text(draw, (MARGIN + 14, y + 8), kit.ellipsize(title, HEAD, inner), HEAD, P.text)
        for i, line in enumerate(gates):
            kit.text(draw, (MARGIN + 14, y + 44 + i * LINE), line, BODY, P.text)
        _tile(img, view, zone_card, MARGIN + 14, y + top_of_rows, LOC_W)
        x0 = MARGIN + 14 + LOC_W + 2 * GAP
        for i, (label, cards) in enumerate((("Free Peoples", fp), ("Shadow", shadow))):
            top = y + top_of_rows + i * (LINE + ROW_H)
            kit.text(draw, (x0, top), label + ("" if cards else ": no cards"), BOLD, P.muted)
            if cards:
                _row(img, view, cards, x0, WIDTH - MARGIN - 14, top + LINE)

    return height, paint


def _area_block(view: WotrView, title: str, zone: ZoneView | None, extra: str) -> Block:
    cards = zone.cards if zone else []
    return _laid_out(("area", title, extra, _shown(view, cards)), lambda: _area(view, title, cards, extra))


def _area(view: WotrView, title: str, cards: list[CardView], extra: str) -> tuple[int, Paint]:
    height = 44 + (ROW_H if cards else 20)

    def paint(img: Image.Image, y: int) -> None:
        draw = ImageDraw.Draw(img)
        kit.text(draw, (MARGIN, y + 6), f"{title}{extra}", HEAD, P.text)
        _row(img, view, cards, MARGIN, WIDTH - MARGIN, y + 44)

    return height, paint


def _deck_block(view: WotrView, deck: DeckView) -> Block:
    who = players.name(view.names, deck.seat)  # "Frodo's deck (alice)": the deck's player (render/players.py)
    return _laid_out(("deck", kit.shown(deck), who, _shown(view, deck.reserve.cards)), lambda: _deck(view, deck, who))


def _deck(view: WotrView, deck: DeckView, who: str) -> tuple[int, Paint]:
    hand = "?" if deck.hand < 0 else str(deck.hand)
    ring = {"unused": "Ring token ready", "used": "Ring token used", "flipped": "Ring token used this round",
            "none": "no Ring token"}.get(deck.ring, deck.ring)
    counts = kit.wrap(f"hand {hand} · draw deck {deck.draw} · cycle pile {deck.cycle} · eliminated "
                      f"{deck.eliminated} · carryover {deck.carryover} · {ring} · reserve {len(deck.reserve.cards)}",
                      BODY, WIDTH - 2 * MARGIN - 28, max_lines=2)
    height = 44 + len(counts) * LINE + 2 + (ROW_H if deck.reserve.cards else 0) + GAP

    def paint(img: Image.Image, y: int) -> None:
        draw = ImageDraw.Draw(img)
        tint = FP_TINT if deck.side == FP else SHADOW_TINT
        kit.panel(draw, (MARGIN, y, WIDTH - MARGIN, y + height - GAP), fill=tint,
                  edge=P.accent if deck.to_act else None)
        marks = (" · starting player" if deck.starting else "") + (" · to act" if deck.to_act else "")
        kit.text(draw, (MARGIN + 14, y + 8), f"{deck.name}'s deck ({who}){marks}", HEAD,
                 P.accent if deck.to_act else P.text)
        for i, line in enumerate(counts):
            kit.text(draw, (MARGIN + 14, y + 44 + i * LINE), line, BODY, P.text)
        if deck.reserve.cards:
            _row(img, view, deck.reserve.cards, MARGIN + 14, WIDTH - MARGIN - 14, y + 46 + len(counts) * LINE)

    return height, paint


def _header(view: WotrView) -> Block:
    score = (f"Free Peoples {view.score_fp} · Shadow {view.score_shadow} (corruption {view.corruption})",
             f"last path {view.last_path or '-'} of {view.final_path} · paths left {view.paths_left} · "
             f"battlegrounds left {view.bg_left.get('fp', 0)} FP, {view.bg_left.get('shadow', 0)} Shadow")
    said = players.in_words(view.status, view.names)
    return _laid_out(("header", view.title, view.round, said, score), lambda: _heading(view, said, score))


def _heading(view: WotrView, said: str, score: tuple[str, str]) -> tuple[int, Paint]:
    width = WIDTH - 2 * MARGIN
    status = kit.wrap(said, BODY, width, max_lines=2)

    def paint(img: Image.Image, y: int) -> None:
        draw = ImageDraw.Draw(img)
        kit.text(draw, (MARGIN, y), kit.ellipsize(f"{view.title} · round {view.round}", TITLE, width), TITLE,
                 P.accent)
        for i, line in enumerate(status):
            kit.text(draw, (MARGIN, y + 46 + i * LINE), line, BODY, P.text)
        for i, line in enumerate(score):
            top = y + 50 + len(status) * LINE + i * LINE
            kit.text(draw, (MARGIN, top), kit.ellipsize(line, BOLD, width), BOLD, P.text)

    return 56 + (len(status) + len(score)) * LINE + 8, paint


def render_table(view: WotrView) -> bytes:
    return kit.to_png(draw_table(view, BLOCKS))  # already in palette mode: kit encodes it as it is


def draw_table(view: WotrView, kept: kit.KeptBlocks | None) -> Image.Image:
    """The board in the board's palette, each block pasted from `kept` while what it shows is unchanged; with `kept`
    None, the board drawn whole in full colour (what the palette approximates: the tests compare the two)."""
    blocks: list[Block] = [_header(view)]
    active = next((z for z in view.table if z.name == "active locations"), None)
    for loc, card in zip(view.locations, active.cards if active else [], strict=False):
        blocks.append(_location_block(view, loc, card))
    blocks.append(_area_block(view, "Free Peoples scoring area", view.fp_area, f" · {view.score_fp} VP"))
    blocks.append(_area_block(view, "Shadow scoring area", view.shadow_area,
                              f" · {view.score_shadow} VP, {view.corruption} corruption"))
    aside = next((z for z in view.table if z.name == "set aside"), None)
    if aside is not None and aside.cards:  # a Duel path nobody scored, or a path waiting for its turn
        blocks.append(_area_block(view, "Set aside", aside, ""))
    blocks.extend(_deck_block(view, d) for d in view.decks)
    for zone in view.private:
        if zone.name.endswith("hand"):
            blocks.append(_area_block(view, f"Your hand: {zone.name.split(':')[0]}", zone, f" · {zone.count} cards"))
    height = MARGIN + sum(h for _, h, _ in blocks) + MARGIN
    if kept is None:
        img = kit.canvas(WIDTH, height)
        y = MARGIN
        for _, h, paint in blocks:
            paint(img, y)
            y += h
        return img
    img = Image.new("P", (WIDTH, height), _GROUND)
    img.putpalette(palette().getpalette() or [])
    y = MARGIN
    for key, h, paint in blocks:
        img.paste(kept.get(key, WIDTH, h, paint, indexed()), (0, y))
        y += h
    return img


# A board is redrawn after every move, and most of it has not changed: each block (the header, a location with its
# cards, a scoring area, a deck's panel, a hand) is kept, drawn in the board palette's indices (render/indexed.py),
# under a key saying everything it shows, and pasted again while the key is the same; a changed block pastes the
# tiles of its unchanged cards (issue 17: drawing every tile and choosing a palette for the whole image on every move
# cost five to eight times the encode). A four-player table and its seat views share all but the hands.
BLOCKS = kit.KeptBlocks(48)
TILES: Kept[Cutout] = Kept(160)  # ~110 KB each
LAID_OUT: Kept[tuple[int, Paint]] = Kept(48)  # each kept block's layout, under the same key


def forget() -> None:
    """Drop every kept block and tile (tests that watch what is drawn start from nothing)."""
    BLOCKS.clear()
    TILES.clear()
    LAID_OUT.clear()


# The board's colours: every colour this module and the kit's card tile name, exactly, with the blends text makes.
_TEXT_GROUNDS: tuple[tuple[kit.RGB, tuple[kit.RGB, ...]], ...] = (
    (P.table, (P.text, P.muted, P.accent, P.panel_edge)),
    (P.panel, (P.text, P.muted, P.accent, P.panel_edge)),
    (FP_TINT, (P.text, P.muted, P.accent, P.panel_edge)),
    (SHADOW_TINT, (P.text, P.muted, P.accent, P.panel_edge)),
    (P.face, (P.ink, P.ink_soft, P.face_edge)),
    (P.back, (P.back_text, P.back_edge)),
    (P.shade, (P.accent, P.back_text)),
    *((fill, (P.chip_text,)) for fill in (P.chip, P.ink_soft, *(colour for _, colour in kit.TOKEN_STYLES.values()))),
)
_LATTICE = tuple((c + e) // 2 for c, e in zip(P.back, P.back_edge, strict=True))
_GROUND = 0  # P.table is the palette's first colour


@cache
def palette() -> Image.Image:
    return fixed_palette(_TEXT_GROUNDS, ((_LATTICE[0], _LATTICE[1], _LATTICE[2]),),
                         ((22, True), (24, False), (28, True), (36, True)))


@cache
def indexed() -> IndexedPalette:
    """The board's palette, to draw blocks in its indices (render/indexed.py)."""
    return IndexedPalette(palette(), P.shade)


def _render(view: View) -> bytes:
    return render_table(view) if isinstance(view, WotrView) else render_view(view)


register("wotr", _render)
