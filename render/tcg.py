"""The Decipher TCG table as one image: the adventure path (sites 1 to 9, each player's marker), the twilight
pool, the active fellowship (companions with wounds, possessions and the Ring-bearer's burdens, allies, the
support area), the minions grouped by the companion they skirmish, threats, dead piles, hand and deck counts,
then every other player's band; a seat's own board adds its hand and adventure deck.

Cards are proxies drawn from the pack's facts (name, culture, race, strength, vitality, site number), never
text or scans. A view holds hidden cards only as counts, so the table's image cannot name them.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from engines.core.contract import View
from engines.core.words import card_list
from engines.core.zones import CardView, ZoneView
from engines.tcg.cards import ALLY, COMPANION, MINION, RING_TYPE, CardDef, builtin
from engines.tcg.view import PlayerView, TcgView
from render import kit, players
from render.generic import render_view
from render.registry import register

# 960 px wide, as the WotR table: Discord shows a board at about 400 px on a phone, where the kit's smallest
# text (22 px) keeps capitals over 6 px tall (tests/render/test_tcg.py measures it).
WIDTH = 960
MARGIN = 16
GAP = 10
INNER = WIDTH - 2 * MARGIN - 28  # the width inside a panel
TILE_W, TILE_H = 170, 212
PER_ROW = (INNER + GAP) // (TILE_W + GAP)
MAX_ROWS = 3  # a longer zone ends in "+N more"
SITE_W, SITE_H = (WIDTH - 2 * MARGIN - 4 * GAP) // 5, 150
LINE = 32  # one line of BODY text with its spacing
ROW_H = TILE_H + GAP
P = kit.PALETTE
RGB = kit.RGB
FP_TINT: RGB = (38, 62, 92)  # Free Peoples blue
SHADOW_TINT: RGB = (86, 36, 34)  # Shadow red
SEAT_COLOURS: tuple[RGB, ...] = ((40, 110, 160), (150, 70, 40), (60, 130, 70), (120, 80, 150))
TITLE = kit.font(36, bold=True)
HEAD = kit.font(28, bold=True)
BODY = kit.font(kit.TEXT_SIZE)
BOLD = kit.font(kit.TEXT_SIZE, bold=True)
SMALL_BOLD = kit.font(kit.SMALL_SIZE, bold=True)
Paint = Callable[[Image.Image, int], None]  # draws a block whose top is at y
Block = tuple[str, int, Paint]  # what it shows (its cache key), its height, how to draw it


@cache
def _facts() -> dict[str, CardDef]:
    """The shipped pack's facts by card id: the view names each card's `ref`, the pack gives its numbers."""
    return builtin()


def _def(card: CardView) -> CardDef | None:
    return _facts().get(card.ref or "") if card.name is not None else None


def _numbers(d: CardDef | None) -> dict[str, int | str]:
    if d is None:
        return {}
    if d.type in (COMPANION, ALLY, MINION):
        # strength and vitality first: when badges leave one line, those are what a skirmish needs
        out: dict[str, int | str] = {"S": d.strength, "V": d.vitality}
        if d.type == MINION:
            out["site"] = d.site
        elif d.resistance:
            out["R"] = d.resistance
        out["tw"] = d.twilight
        return out
    out = {"tw": d.twilight}
    if d.strength:
        out["S"] = f"{d.strength:+d}"
    if d.vitality:
        out["V"] = f"{d.vitality:+d}"
    return out


def _subtitle(d: CardDef | None) -> str:
    return " ".join(w for w in (d.culture, d.race or d.type) if w) if d is not None else ""


def _borne(card: CardView, twins: Collection[str] = ()) -> tuple[str, ...]:
    """What a character bears, one chip each (drawn whatever room the name leaves): titles only, and not The
    One Ring, which the Ring-bearer's own chip says. A borne twin's chip starts with its id, as its options do (a
    chip is cut at its end)."""
    out = []
    for a in card.attached:
        d = _def(a)
        if a.name and (d is None or d.type != RING_TYPE):
            title = d.title if d is not None else a.name
            out.append(f"{a.uid} {title}" if a.uid in twins else title)
    return tuple(out)


def _called(card: CardView, twins: Collection[str]) -> str:
    """A card's name as the log gives it: with its id while a copy of it is in play too (the view's `twins`)."""
    return f"{card.name} ({card.uid})" if card.uid in twins else card.name or ""


def _tile(img: Image.Image, card: CardView, x: int, y: int, extra: dict[str, int] | None = None,
          flags: tuple[str, ...] = (), twins: Collection[str] = ()) -> None:
    """A card's tile; a twin's (a copy in play beside another of its name) carries its id as a chip, the id the
    log and the options name it by ("Gondorian Captain (c75) takes a wound")."""
    d = _def(card)
    tokens = {("wound" if k == "wounds" else k): v for k, v in card.tokens.items()} | (extra or {})
    ground = img.getpixel((x, y))
    assert isinstance(ground, tuple)
    mark = (card.uid,) if card.uid is not None and card.uid in twins else ()
    face = drawn_tile(card.name, _subtitle(d), tuple(_numbers(d).items()), tuple(tokens.items()),
                      (*mark, *flags, *card.flags, *_borne(card, twins)), (ground[0], ground[1], ground[2]))
    img.paste(face, (x, y))


@lru_cache(maxsize=256)
def drawn_tile(name: str | None, subtitle: str, numbers: tuple[tuple[str, int | str], ...],
               tokens: tuple[tuple[str, int], ...], flags: tuple[str, ...], ground: RGB) -> Image.Image:
    """One card's tile, drawn once on its panel's colour and pasted wherever it shows: from one move to the
    next most of a table is unchanged, and measuring and drawing card names is most of a render's time."""
    img = Image.new("RGB", (TILE_W, TILE_H), ground)
    kit.card_tile(img, (0, 0, TILE_W, TILE_H), name, subtitle=subtitle, numbers=dict(numbers), tokens=dict(tokens),
                  flags=list(flags), back="Decipher TCG", numbers_first=True)  # strength and vitality decide skirmishes
    return img


def rows_needed(count: int) -> int:
    return min(MAX_ROWS, -(-count // PER_ROW)) if count else 0


def _rows(img: Image.Image, cards: list[CardView], x0: int, y: int, marks: Callable[[CardView], tuple[
        dict[str, int], tuple[str, ...]]] | None = None, twins: Collection[str] = ()) -> None:
    """Tiles in rows of PER_ROW; past MAX_ROWS the last slot says "+N more", N the cards not drawn."""
    room = PER_ROW * MAX_ROWS
    shown = cards if len(cards) <= room else cards[:room - 1]
    for i, card in enumerate(shown):
        extra, flags = marks(card) if marks is not None else ({}, ())
        _tile(img, card, x0 + (i % PER_ROW) * (TILE_W + GAP), y + (i // PER_ROW) * ROW_H, extra, flags, twins)
    if len(shown) < len(cards):
        i = len(shown)
        left, top = x0 + (i % PER_ROW) * (TILE_W + GAP), y + (i // PER_ROW) * ROW_H
        kit.more_tile(img, (left, top, left + TILE_W, top + TILE_H), len(cards) - len(shown))


@lru_cache(maxsize=4096)
def _wrap_cached(s: str, fnt: kit.Font, width: int, max_lines: int) -> tuple[str, ...]:
    return tuple(kit.wrap(s, fnt, width, max_lines))


def _wrap(s: str, fnt: kit.Font, width: int, max_lines: int) -> list[str]:
    """kit.wrap, remembered: a table's lines mostly repeat from one move to the next, and measuring text
    word by word is the slow part of drawing it."""
    return list(_wrap_cached(s, fnt, width, max_lines))


@lru_cache(maxsize=4096)
def _ellipsize(s: str, fnt: kit.Font, width: int) -> str:
    return kit.ellipsize(s, fnt, width)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _names(zone: ZoneView) -> str:
    return card_list((c.name for c in zone.cards if c.name), "empty")


# --- blocks ------------------------------------------------------------------------------------------------------
def _header(view: TcgView) -> Block:
    width = WIDTH - 2 * MARGIN
    said = players.in_words(view.status, view.names)
    status = _wrap(said, BODY, width, max_lines=2)
    summary = _wrap(f"Free Peoples player {players.name(view.names, view.free_peoples)} · moves {view.moves} of "
                    f"{view.move_limit} · initiative: {view.initiative}", BOLD, width, max_lines=2)
    pool = f"Twilight pool {view.twilight}"

    def paint(img: Image.Image, y: int) -> None:
        draw = ImageDraw.Draw(img)
        title = f"LotR TCG · turn {view.turn} · {view.phase} phase"
        kit.text(draw, (MARGIN, y), _ellipsize(title, TITLE, width), TITLE, P.accent)
        top = y + 50
        for line in status:
            kit.text(draw, (MARGIN, top), line, BODY, P.text)
            top += LINE
        for line in summary:
            kit.text(draw, (MARGIN, top), line, BOLD, P.text)
            top += LINE
        kit.chip(draw, (MARGIN, top + 4), pool, SHADOW_TINT, HEAD)

    key = repr(("header", view.title, view.turn, view.phase, said, view.free_peoples, view.names.get(view.free_peoples),
                view.moves, view.move_limit, view.initiative, view.twilight))
    return key, 50 + (len(status) + len(summary)) * LINE + HEAD.line_height + 24, paint


def _path(view: TcgView) -> Block:
    sites = {d.site: c for c in (view.path.cards if view.path else []) if (d := _def(c)) is not None}
    here: dict[int, list[PlayerView]] = {}
    for p in view.players:
        if not p.out:
            here.setdefault(p.position, []).append(p)
    colour = {p.seat: SEAT_COLOURS[i % len(SEAT_COLOURS)] for i, p in enumerate(view.players)}

    def paint(img: Image.Image, y: int) -> None:
        draw = ImageDraw.Draw(img)
        kit.text(draw, (MARGIN, y), "Adventure path", HEAD, P.text)
        for n in range(1, 10):
            col, row = (n - 1) % 5, (n - 1) // 5
            x0, y0 = MARGIN + col * (SITE_W + GAP), y + 44 + row * (SITE_H + GAP)
            site = sites.get(n)
            d = _def(site) if site is not None else None
            markers = tuple((players.name(view.names, p.seat) + (" (FP)" if p.seat == view.free_peoples else ""),
                             P.accent if p.seat == view.free_peoples else colour[p.seat]) for p in here.get(n, []))
            img.paste(drawn_site(n, site.name if site is not None else None, d.twilight if d is not None else -1,
                                 markers, any(p.seat == view.free_peoples for p in here.get(n, []))), (x0, y0))

    key = repr(("path", view.path, view.free_peoples,
                [(p.seat, view.names.get(p.seat), p.position, p.out) for p in view.players]))
    return key, 44 + 2 * (SITE_H + GAP) + GAP, paint


@lru_cache(maxsize=256)
def drawn_site(n: int, name: str | None, shadow: int, markers: tuple[tuple[str, RGB], ...], fp_here: bool
               ) -> Image.Image:
    """Site `n` of the path (its name and Shadow number once placed) with the markers on it, drawn once and
    reused while nothing on it changes."""
    img = Image.new("RGB", (SITE_W, SITE_H), P.table)
    draw = ImageDraw.Draw(img)
    kit.panel(draw, (0, 0, SITE_W, SITE_H), edge=P.accent if fp_here else None, fill=P.panel if name else P.table)
    label = f"{n} · Shadow {shadow}" if name else f"Site {n}"
    kit.text(draw, (10, 8), _ellipsize(label, SMALL_BOLD, SITE_W - 20), SMALL_BOLD, P.muted)
    for i, line in enumerate(_wrap(name or "not placed yet", BODY, SITE_W - 20, max_lines=2)):
        kit.text(draw, (10, 38 + i * 28), line, BODY, P.text if name else P.muted)
    x = 10
    for label, colour in markers:
        box = kit.chip(draw, (x, SITE_H - 40), label, colour, text_colour=P.ink if colour == P.accent else None)
        x = box[2] + 6
    return img


def _counts(p: PlayerView) -> str:
    ring = " · wearing The One Ring" if p.wearing else ""
    return (f"hand {p.hand} · draw deck {p.draw} · adventure deck {p.adventure} · burdens {p.burdens} · "
            f"threats {p.threats}{ring} · discard pile {p.discard.count} · dead pile {p.dead.count}")


def _fellowship(view: TcgView, p: PlayerView) -> Block:
    """The active fellowship: companions, then allies, then the support area, each as tiles; the dead pile
    by name (public, and it decides uniqueness)."""
    companions = [c for c in p.fellowship.cards if (d := _def(c)) is None or d.type != ALLY]
    allies = [c for c in p.fellowship.cards if c not in companions]
    counts = _wrap(_counts(p), BODY, INNER, max_lines=3)
    dead = _wrap(f"Dead pile: {_names(p.dead)}", BODY, INNER, max_lines=2)
    groups = [(label, cards) for label, cards in (("Companions", companions), ("Allies", allies),
                                                  ("Support area", p.support.cards)) if cards]
    height = 44 + len(counts) * LINE + sum(LINE + rows_needed(len(c)) * ROW_H for _, c in groups) \
        + len(dead) * LINE + 2 * GAP
    twins = tuple(view.twins)
    who = players.name(view.names, p.seat)  # the fellowship's player (render/players.py)

    def marks(card: CardView) -> tuple[dict[str, int], tuple[str, ...]]:
        if card.uid != p.ring_bearer:
            return {}, ()
        return ({"burdens": p.burdens} if p.burdens else {}), (("Ring-bearer", "wearing Ring") if p.wearing
                                                                 else ("Ring-bearer",))

    def paint(img: Image.Image, y: int) -> None:
        draw = ImageDraw.Draw(img)
        kit.panel(draw, (MARGIN, y, WIDTH - MARGIN, y + height - GAP), fill=FP_TINT, edge=P.accent)
        head = f"{who}'s fellowship, the active one ({p.deck}) · at site {p.position}"
        kit.text(draw, (MARGIN + 14, y + 8), _ellipsize(head, HEAD, INNER), HEAD, P.accent)
        top = y + 44
        for line in counts:
            kit.text(draw, (MARGIN + 14, top), line, BODY, P.text)
            top += LINE
        for label, cards in groups:
            kit.text(draw, (MARGIN + 14, top), f"{label} · {len(cards)}", BOLD, P.muted)
            _rows(img, cards, MARGIN + 14, top + LINE, marks, twins)
            top += LINE + rows_needed(len(cards)) * ROW_H
        for line in dead:
            kit.text(draw, (MARGIN + 14, top), line, BODY, P.text)
            top += LINE

    return repr(("fellowship", p, who, twins)), height, paint


def _minions(view: TcgView, fp: PlayerView | None) -> Block:
    """Minions grouped by the companion each skirmishes (spec 4.7), the one being fought marked, then the
    minions nobody assigned."""
    minions = view.minions.cards if view.minions else []
    by_uid = {c.uid: c for c in (fp.fellowship.cards if fp else [])}
    pairs: dict[str, list[CardView]] = {}
    free: list[CardView] = []
    twins = tuple(view.twins)
    for m in minions:
        target = view.assignments.get(m.uid or "")
        if target is not None and target in by_uid:
            pairs.setdefault(target, []).append(m)
        else:
            free.append(m)
    groups: list[tuple[str, list[CardView], bool]] = []
    # how the skirmish being fought makes up its two strengths, under its label (as the log will resolve it)
    made = _wrap(view.skirmish_made, BODY, INNER, max_lines=2) if view.skirmish_made else []
    for uid, ms in pairs.items():
        comp = by_uid[uid]
        now = uid == view.skirmish
        mine, theirs = _strength_of(view, [comp]), _strength_of(view, ms)
        # the strengths before the names: a long name is cut at the panel's edge, the numbers never are
        numbers = f", strength {mine} against {theirs}" if mine is not None and theirs is not None else ""
        groups.append((f"Skirmish{' now' if now else ''}{numbers}: {_called(comp, twins)} against", ms, now))
    if free:
        groups.append(("Not assigned" if pairs else "In play", free, False))
    head = f"Minions · {len(minions)}" + ("" if minions else ": none in play")
    height = 44 + sum(LINE + rows_needed(len(ms)) * ROW_H + (len(made) * LINE if now else 0)
                      for _, ms, now in groups) + GAP

    def paint(img: Image.Image, y: int) -> None:
        draw = ImageDraw.Draw(img)
        kit.panel(draw, (MARGIN, y, WIDTH - MARGIN, y + height - GAP), fill=SHADOW_TINT)
        kit.text(draw, (MARGIN + 14, y + 8), head, HEAD, P.text)
        top = y + 44
        for label, ms, now in groups:
            kit.text(draw, (MARGIN + 14, top), _ellipsize(label, BOLD, INNER), BOLD, P.accent if now else P.muted)
            for line in made if now else []:
                top += LINE
                kit.text(draw, (MARGIN + 14, top), line, BODY, P.text)
            _rows(img, ms, MARGIN + 14, top + LINE, twins=twins)
            top += LINE + rows_needed(len(ms)) * ROW_H

    return (repr(("minions", view.minions, view.assignments, view.skirmish, view.skirmish_made, fp, twins)), height,
            paint)


def _strength_of(view: TcgView, cards: list[CardView]) -> int | None:
    """A side's current strength as the engine counts it (possessions and modifiers in), or the printed one
    for a view that carries none."""
    if view.strengths:
        return sum(view.strengths.get(c.uid or "", 0) for c in cards)
    printed = [d.strength for d in (_def(c) for c in cards) if d is not None]
    return sum(printed) if printed else None


def _other(view: TcgView, p: PlayerView) -> Block:
    """A player whose fellowship waits this turn: counts, the fellowship by name with wounds, the support
    area as tiles (Shadow conditions live there), the dead pile by name."""
    role = "out of the game" if p.out else "Shadow player this turn"
    comps = card_list((c.name + (f" ({_plural(c.tokens['wounds'], 'wound')})" if c.tokens.get("wounds") else "")
                       for c in p.fellowship.cards if c.name), "none")
    lines = [*_wrap(f"{p.deck} · {_counts(p)}", BODY, INNER, max_lines=3),
             *_wrap(f"Fellowship (waits for its turn): {comps}", BODY, INNER, max_lines=3),
             *_wrap(f"Dead pile: {_names(p.dead)}", BODY, INNER, max_lines=2)]
    support = p.support.cards
    height = 44 + len(lines) * LINE + ((LINE + rows_needed(len(support)) * ROW_H) if support else 0) + 2 * GAP
    waiting = p.seat in view.waiting_on
    twins = tuple(view.twins)
    who = players.with_seat(view.names, p.seat)  # 'alice (p2)' on the player's own band

    def paint(img: Image.Image, y: int) -> None:
        draw = ImageDraw.Draw(img)
        kit.panel(draw, (MARGIN, y, WIDTH - MARGIN, y + height - GAP), edge=P.accent if waiting else None)
        head = f"{who} · {role} · site {p.position}" + (" · to act" if waiting else "")
        kit.text(draw, (MARGIN + 14, y + 8), _ellipsize(head, HEAD, INNER), HEAD, P.accent if waiting else P.text)
        top = y + 44
        for line in lines:
            kit.text(draw, (MARGIN + 14, top), line, BODY, P.text)
            top += LINE
        if support:
            kit.text(draw, (MARGIN + 14, top), f"Support area · {len(support)}", BOLD, P.muted)
            _rows(img, support, MARGIN + 14, top + LINE, twins=twins)

    return repr(("other", p, who, waiting, twins)), height, paint


def _private(view: TcgView, zone: ZoneView) -> Block:
    """The seat's own hand as tiles; its adventure deck as a list of sites (only this seat's board)."""
    if zone.name.endswith("adventure deck"):
        ordered = sorted(zone.cards, key=lambda c: (d.site if (d := _def(c)) else 0))
        text = card_list((f"{d.site if (d := _def(c)) else '?'} {c.name}" for c in ordered if c.name), "empty")
        lines = _wrap(f"Your adventure deck: {text}", BODY, WIDTH - 2 * MARGIN, max_lines=4)

        def sites(img: Image.Image, y: int) -> None:
            draw = ImageDraw.Draw(img)
            for i, line in enumerate(lines):
                kit.text(draw, (MARGIN, y + i * LINE), line, BODY, P.text)

        return repr(("adventure", zone)), len(lines) * LINE + GAP, sites

    def hand(img: Image.Image, y: int) -> None:
        draw = ImageDraw.Draw(img)
        kit.text(draw, (MARGIN, y + 6), f"Your hand · {zone.count} cards", HEAD, P.accent)
        _rows(img, zone.cards, MARGIN, y + 44)

    return repr(("hand", zone)), 44 + rows_needed(len(zone.cards)) * ROW_H + GAP, hand


def render_table(view: TcgView) -> bytes:
    fp = next((p for p in view.players if p.seat == view.free_peoples), None)
    blocks = [_header(view), _path(view)]
    if fp is not None:
        blocks.append(_fellowship(view, fp))
    blocks.append(_minions(view, fp))
    blocks += [_other(view, p) for p in view.players if p is not fp]
    blocks += [_private(view, z) for z in view.private if z.owner == view.seat]
    height = MARGIN + sum(h for _, h, _ in blocks) + MARGIN
    img = Image.new("P", (WIDTH, height), _GROUND)
    img.putpalette(_palette().getpalette() or [])
    y = MARGIN
    for key, h, paint in blocks:
        img.paste(BLOCKS.get(key, WIDTH, h, paint, _palette()), (0, y))
        y += h
    return kit.to_png(img)  # already in palette mode: kit encodes it as it is


# The board's colours are few and known: the kit's palette, this board's tints and chips, and the blends that
# anti-aliased text and edges make between an ink and its ground. One fixed 256-colour palette holding those
# lets each block be mapped once when drawn, instead of the whole board being counted and quantized on every
# render (kit.to_png's path for RGB images), which cost as much as the encode itself.
_INKS: dict[RGB, tuple[RGB, ...]] = {  # ground -> the inks drawn on it
    P.table: (P.text, P.muted, P.accent, P.panel_edge),
    P.panel: (P.text, P.muted, P.accent, P.panel_edge, P.table),
    FP_TINT: (P.text, P.muted, P.accent, P.table),
    SHADOW_TINT: (P.text, P.muted, P.accent, P.table, P.chip_text),
    P.face: (P.ink, P.ink_soft, P.face_edge, P.chip_text),
    P.ink_soft: (P.chip_text, P.face),
    P.accent: (P.ink, P.face, P.panel),
    P.chip: (P.chip_text, P.face),
    P.shade: (P.accent, P.face),
    **{colour: (P.chip_text, P.face, P.table) for _, colour in kit.TOKEN_STYLES.values()},
    **{colour: (P.chip_text, P.table, P.panel) for colour in SEAT_COLOURS},
}
_STEPS = (0.25, 0.5, 0.75)


@cache
def _palette() -> Image.Image:
    colours: list[RGB] = []
    for ground, inks in _INKS.items():
        for colour in (ground, *inks):
            if colour not in colours:
                colours.append(colour)
        for ink in inks:
            for t in _STEPS:
                blend = tuple(round(g + (i - g) * t) for g, i in zip(ground, ink, strict=True))
                if blend not in colours:
                    colours.append((blend[0], blend[1], blend[2]))
    assert len(colours) <= 256, len(colours)
    img = Image.new("P", (1, 1))
    img.putpalette([v for c in colours for v in c] + [0, 0, 0] * (256 - len(colours)))
    return img


_GROUND = 0  # P.table is the palette's first colour


# A board is redrawn after every move, and most of it has not changed: each block (the header, the path, a
# player's band...) is kept, drawn, under a key saying everything it shows, and pasted again while the key is
# the same. Bounded: a block is at most a few MB, tiles ~100 KB.
BLOCKS = kit.KeptBlocks(24)


def forget() -> None:
    """Drop every drawn block, tile and site (tests that watch what is drawn start from nothing)."""
    BLOCKS.clear()
    drawn_tile.cache_clear()
    drawn_site.cache_clear()


def _render(view: View) -> bytes:
    return render_table(view) if isinstance(view, TcgView) else render_view(view)


register("tcg", _render)
