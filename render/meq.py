"""The Middle-earth Quest board as one image, for a phone first.

Top to bottom: the status; the Story Track (every space, the three stages, the four markers, who is dominant);
the map in two halves, West and East, each drawn at twice the scale a single map would allow, so that every
location's name stays legible when Discord shrinks the image to a phone's width (tests/render/test_meq.py
measures the smallest capital at 400 px wide); then Sauron's panel (action tracks, Shadow Pool, active Plots,
current Event, minions) and one panel per hero; last, what only the viewing seat may see (its hand, Sauron's
hands and Mission, the Hero Mission).

On the map: paths (blue by water, grey by land, faint when unverified; cost when above 1), each location as
a dot in its colour group (Havens pale with a green ring, Strongholds a red square with their maximum,
permanently perilous ones ringed purple), and beside it chips for influence (red), favor (gold), monster tokens
(their colour group; their face only in Sauron's own view, since the engine's view has no face to give
anyone else), heroes (blue), minions (black), Plot markers and the Event marker. Where each name, cost badge
and stack of chips goes is render/meq_layout.py's: no name is covered or cut.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from PIL import Image, ImageDraw

from engines.core.contract import View
from engines.core.words import card_list
from engines.meq.board import Board, Location
from engines.meq.view import HeroPanel, MeqView, PlaceView
from render import kit, players
from render import meq_layout as lay
from render.generic import render_view
from render.registry import register

# 720 px wide: the smallest text (16 px, capitals 12 px tall) keeps capitals over 6 px when a phone shows the
# image 400 px wide; a wider image would only cost pixels (and encoding time) for the same look on the phone.
WIDTH = 720
MARGIN = 12
P = kit.PALETTE
RGB = kit.RGB
TITLE = kit.font(24, bold=True)
HEAD = kit.font(20, bold=True)
BODY = kit.font(17)
SMALL = kit.font(16)
CHIP = kit.font(16, bold=True)
LINE = 23
Paint = Callable[[Image.Image, int], None]
Block = tuple[str, int, Paint]  # what it shows (its cache key), its height, how to draw it

GROUP_COLOURS: dict[str, RGB] = {
    "eriador-enedwaith": (214, 130, 44),  # orange
    "rhudaur-grey-mountains": (70, 150, 86),  # green
    "misty-mountains-mirkwood": (120, 96, 176),  # purple
    "rohan-gondor": (58, 122, 196),  # blue
    "brown-lands-mordor": (150, 98, 60),  # brown
}
MARKER_COLOURS: dict[str, RGB] = {"hero": (70, 130, 220), "yellow": (222, 196, 60), "red": (196, 50, 44),
                                  "black": (16, 16, 18)}
STAGE_TINTS: tuple[RGB, ...] = ((52, 62, 74), (70, 58, 52), (84, 42, 40))
INFLUENCE: RGB = (176, 40, 36)
FAVOR: RGB = (196, 150, 40)
HERO: RGB = (46, 96, 176)
MINION: RGB = (10, 10, 12)
WATER: RGB = (70, 120, 170)
LAND: RGB = (120, 126, 136)
UNVERIFIED: RGB = (76, 82, 92)
HAVEN: RGB = (224, 236, 222)
PERILOUS: RGB = (150, 70, 170)
MAP_BG: RGB = (38, 44, 40)
STRONGHOLD: RGB = (120, 24, 22)
HAVEN_RING: RGB = (60, 160, 80)
SAURON_TINT: RGB = (64, 36, 34)
HERO_TINT: RGB = (34, 48, 70)
PRIVATE_TINT: RGB = (60, 56, 40)
CHARACTER: RGB = (92, 110, 70)
PLOT: RGB = (110, 40, 90)
EVENT: RGB = (40, 110, 110)
SIDE = 56  # px kept either side of a map half for the outermost names


def _group_of(board: Board) -> dict[str, str]:
    regions = {r.id: r.group for r in board.regions}
    return {loc.id: regions.get(loc.region, "") for loc in board.locations}


def _chips(place: PlaceView | None) -> list[tuple[str, RGB, RGB]]:
    """The chips above a location: (label, fill, text colour)."""
    if place is None:
        return []
    out: list[tuple[str, RGB, RGB]] = []
    if place.influence:
        out.append((f"{place.influence}", INFLUENCE, P.chip_text))
    if place.favor:
        out.append((f"{place.favor}", FAVOR, P.ink))
    for token in place.tokens:
        colour = GROUP_COLOURS.get(token.back, P.chip)
        out.append((token.name or "?", colour, P.chip_text))
    out += [(name.split()[0], HERO, P.chip_text) for name in place.heroes]
    out += [(name, MINION, P.chip_text) for name in place.minions]
    out += [(name.split()[0], CHARACTER, P.chip_text) for name in place.characters]
    out += [(f"Plot {n}", PLOT, P.chip_text) for n in place.plots]
    if place.event:
        out.append(("Event", EVENT, P.chip_text))
    return out


# The drawn map without its pieces (paths, dots, names), per board and half: the same for every move, so drawn once;
# and where its names, dots and cost badges went, which the pieces keep clear of.
_BACKGROUNDS: dict[tuple[str, str, int, str], Image.Image] = {}
_LAYOUTS: dict[tuple[str, str, int, str], lay.Layout] = {}


def forget() -> None:
    """Drop the drawn map backgrounds, blocks and palettes (tests that watch what is drawn start from nothing)."""
    _BACKGROUNDS.clear()
    _LAYOUTS.clear()
    BLOCKS.clear()
    _PALETTES.clear()
    _wrap.cache_clear()


def _halves(board: Board) -> list[tuple[str, list[Location]]]:
    """The map cut down the middle, west and east, each half with its title (an empty half is left out)."""
    xs = [loc.x for loc in board.locations]
    middle = (min(xs) + max(xs)) // 2
    halves = (("The West", [loc for loc in board.locations if loc.x < middle]),
              ("The East", [loc for loc in board.locations if loc.x >= middle]))
    return [(title, half) for title, half in halves if half]


def _map_half(view: MeqView | None, board: Board, locs: list[Location], title: str) -> Block:
    """One half of the map, scaled to the image's width; paths leaving the half run off its edge."""
    x0, x1 = min(loc.x for loc in locs), max(loc.x for loc in locs)
    y0, y1 = min(loc.y for loc in locs), max(loc.y for loc in locs)
    inner = WIDTH - 2 * MARGIN - 2 * SIDE  # room for a label either side of the outermost dots
    scale = inner / max(1, x1 - x0)
    top_pad, bottom_pad = 36 + 50, 46
    height = top_pad + int((y1 - y0) * scale) + bottom_pad
    places = {p.id: p for p in view.places} if view is not None else {}
    chips = {loc.id: _chips(places.get(loc.id)) for loc in locs}
    key = f"map {board.key} {board.digest} {title} {[(k, v) for k, v in chips.items() if v]!r}"

    def at(loc: Location) -> tuple[int, int]:
        return MARGIN + SIDE + int((loc.x - x0) * scale), top_pad + int((loc.y - y0) * scale)

    where = {loc.id: at(loc) for loc in board.locations}

    def paint(img: Image.Image, y: int) -> None:
        key = (board.key, board.digest, len(board.paths), title)
        fixed = _LAYOUTS.get(key)
        if fixed is None:
            title_box = (MARGIN, 6, MARGIN + HEAD.width(title), 6 + HEAD.line_height)
            fixed = _LAYOUTS[key] = lay.layout(board, locs, where, (WIDTH, height), title_box)
        background = _BACKGROUNDS.get(key)
        if background is None:
            background = _BACKGROUNDS[key] = _background(board, locs, title, height, where, fixed)
        img.paste(background, (0, y))
        draw = ImageDraw.Draw(img)
        cut = {loc: [(kit.ellipsize(label, CHIP, lay.CHIP_W), fill, ink) for label, fill, ink in row]
               for loc, row in chips.items() if row}
        placed = lay.stacks(fixed, locs, where, {loc: [c[0] for c in row] for loc, row in cut.items()},
                            (WIDTH, height))
        for loc, stack in placed.items():
            if stack.leader is not None:
                (ax, ay), (bx, by) = stack.leader
                draw.line((ax, y + ay, bx, y + by), fill=P.text, width=1)
            for (label, fill, ink), (cx, cy) in zip(cut[loc], stack.places, strict=True):
                kit.chip(draw, (cx, y + cy), label, fill, CHIP, ink)

    return key, height, paint


def _background(board: Board, locs: list[Location], title: str, height: int,
                where: dict[str, tuple[int, int]], fixed: lay.Layout) -> Image.Image:
    half = Image.new("RGB", (WIDTH, height), MAP_BG)
    draw = ImageDraw.Draw(half)
    kit.text(draw, (MARGIN, 6), title, HEAD, P.text)
    groups = _group_of(board)
    shown = {loc.id for loc in locs}
    for path in board.paths:
        if path.a not in shown and path.b not in shown:
            continue
        colour = (WATER if path.kind == "water" else LAND) if path.verified else UNVERIFIED
        draw.line([where[path.a], where[path.b]], fill=colour, width=4 if path.verified else 2)
    r = lay.COST_R
    for cost, (mx, my) in fixed.costs:
        draw.ellipse((mx - r, my - r, mx + r, my + r), fill=MAP_BG, outline=LAND, width=2)
        kit.text(draw, (mx, my), str(cost), CHIP, P.text, anchor="mm")
    for loc in locs:
        _location(draw, loc, where[loc.id], groups.get(loc.id, ""), fixed.labels[loc.id])
    return half


def _location(draw: ImageDraw.ImageDraw, loc: Location, xy: tuple[int, int], group: str, label: lay.Label) -> None:
    """A location's mark, and its name on a plate where the layout put it (clear of every other name and mark)."""
    x, y = xy
    colour = GROUP_COLOURS.get(group, P.chip)
    if loc.stronghold:
        draw.rectangle((x - 10, y - 10, x + 10, y + 10), fill=STRONGHOLD, outline=P.text, width=2)
        kit.text(draw, (x, y), str(loc.stronghold), CHIP, P.text, anchor="mm")
    elif loc.haven:
        draw.ellipse((x - 9, y - 9, x + 9, y + 9), fill=HAVEN, outline=HAVEN_RING, width=3)
    else:
        draw.ellipse((x - 7, y - 7, x + 7, y + 7), fill=colour, outline=P.text, width=1)
    if loc.perilous:
        draw.ellipse((x - 13, y - 13, x + 13, y + 13), outline=PERILOUS, width=3)
    left, top, right, bottom = label.box
    draw.rectangle((left, top, right - 1, bottom - 1), fill=MAP_BG)
    for i, line in enumerate(label.lines):
        kit.text(draw, ((left + right) // 2, top + 1 + i * lay.LABEL_LINE), line, lay.LABEL_FONT, P.text, anchor="ma")


def _story(view: MeqView) -> Block:
    spaces = view.finale + 1
    cell = (WIDTH - 2 * MARGIN) // max(1, spaces)
    height = 36 + 34 + 4 * 22 + 10

    def paint(img: Image.Image, y: int) -> None:
        draw = ImageDraw.Draw(img)
        dom = {"heroes": "the heroes are dominant", "sauron": "Sauron is dominant"}.get(view.dominant,
                                                                                       "neither side is dominant")
        kit.text(draw, (MARGIN, y + 4), f"Story Track · stage {'I' * view.stage} · {dom}", HEAD, P.text)
        top = y + 36
        for s in range(spaces):
            stage = 1 + sum(1 for start in view.stage_starts if s >= start)
            box = (MARGIN + s * cell, top, MARGIN + (s + 1) * cell - 2, top + 30)
            draw.rectangle(box, fill=STAGE_TINTS[stage - 1], outline=P.panel_edge)
            kit.text(draw, ((box[0] + box[2]) // 2, top + 15), str(s), SMALL, P.text, anchor="mm")
        for i, (marker, colour) in enumerate(MARKER_COLOURS.items()):
            space = view.markers.get(marker, 0)
            row = top + 36 + i * 22
            cx = MARGIN + space * cell + cell // 2
            draw.line((MARGIN, row + 10, MARGIN + spaces * cell, row + 10), fill=P.panel, width=2)
            draw.ellipse((cx - 8, row + 2, cx + 8, row + 18), fill=colour, outline=P.text, width=2)
            label = f"{'heroes' if marker == 'hero' else marker} {space}"
            lx = cx + 13 if cx < WIDTH // 2 else cx - 13 - SMALL.width(label)
            kit.text(draw, (lx, row), label, SMALL, P.text)

    key = f"story {view.finale} {view.stage_starts!r} {sorted(view.markers.items())!r} {view.stage} {view.dominant}"
    return key, height, paint


@lru_cache(maxsize=4096)
def _wrap(line: str, width: int) -> tuple[str, ...]:
    """A panel line wrapped (most lines repeat from one move to the next: measuring text is costly)."""
    return tuple(kit.wrap(line, BODY, width, max_lines=3))


def _text_block(title: str, lines: list[str], tint: RGB | None = None, edge: RGB | None = None) -> Block:
    width = WIDTH - 2 * MARGIN - 24
    wrapped = [w for line in lines for w in (_wrap(line, width) or ("",))]
    height = 36 + len(wrapped) * LINE + 12

    def paint(img: Image.Image, y: int) -> None:
        draw = ImageDraw.Draw(img)
        kit.panel(draw, (MARGIN, y, WIDTH - MARGIN, y + height - 6), fill=tint, edge=edge)
        kit.text(draw, (MARGIN + 12, y + 6), kit.ellipsize(title, HEAD, width), HEAD, P.accent if edge else P.text)
        for i, line in enumerate(wrapped):
            kit.text(draw, (MARGIN + 12, y + 36 + i * LINE), line, BODY, P.text)

    return f"panel {title!r} {wrapped!r} {tint} {edge}", height, paint


def _sauron(view: MeqView) -> Block:
    names = {"influence": "Influence", "draw": "Draw", "command": "Command"}
    lines = [f"Shadow Pool {view.pool} of {view.pool_cap}"]
    for track, values in view.track_values.items():
        filled = set(view.tracks.get(track, []))
        spaces = " ".join(f"[{v}]" if i in filled else str(v) for i, v in enumerate(values))
        lines.append(f"{names.get(track, track)} track: {spaces}  (filled spaces in brackets)")
    lines += [f"Plot {p}" for p in view.plots] or ["No active Plot"]
    lines.append(f"Event: {view.event}" if view.event else "No current Event")
    lines += [f"Minion: {m}" for m in view.minions] or ["No minion on the board"]
    seat = view.seats[0].seat if view.seats else ""
    return _text_block(f"Sauron ({players.name(view.names, seat)})", lines, SAURON_TINT,
                       P.accent if seat in view.waiting_on else None)


def _hero(view: MeqView, hero: HeroPanel, board: Board) -> Block:
    c = hero.counters
    attrs = " · ".join(f"{k} {v}" for k, v in hero.attributes.items())
    lines = [f"at {board.name(hero.at) if board.has(hero.at) else hero.at} · {attrs}",
             f"hand {c.get('hand', 0)} · life {c.get('life', 0)} · rest {c.get('rest', 0)} · damage "
             f"{c.get('damage', 0)} · favor {c.get('favor', 0)} · corruption {c.get('corruption', 0)}",
             f"items: {card_list(hero.items, 'none')}",
             f"quests: {card_list(hero.quests, 'none')} · {hero.done} done"]
    return _text_block(f"{hero.name} ({players.name(view.names, hero.seat)})", lines, HERO_TINT,
                       P.accent if hero.seat in view.waiting_on else None)


def _private(view: MeqView) -> list[Block]:
    out = []
    for zone in view.private:
        names = [c.name for c in zone.cards if c.name]
        out.append(_text_block(f"Only you see: {zone.name} ({zone.count})", names or ["(empty)"], PRIVATE_TINT))
    return out


def render_board(view: MeqView) -> bytes:
    board = view.board
    if board is None:
        return render_view(view)
    width = WIDTH - 2 * MARGIN
    status = _wrap(players.in_words(view.status, view.names), width)

    def header(img: Image.Image, y: int) -> None:
        draw = ImageDraw.Draw(img)
        kit.text(draw, (MARGIN, y), kit.ellipsize(view.title, TITLE, width), TITLE, P.accent)
        for i, line in enumerate(status):
            kit.text(draw, (MARGIN, y + 34 + i * LINE), line, BODY, P.text)

    blocks: list[Block] = [(f"header {view.title!r} {status!r}", 38 + len(status) * LINE + 4, header),
                           _story(view)]
    blocks += [_map_half(view, board, half, title) for title, half in _halves(board)]
    blocks.append(_sauron(view))
    blocks += [_hero(view, h, board) for h in view.heroes]
    blocks += _private(view)
    height = MARGIN + sum(h + 6 for _, h, _ in blocks) + MARGIN
    palette = _palette(board)
    img = Image.new("P", (WIDTH, height), _GROUND)
    img.putpalette(palette.getpalette() or [])
    y = MARGIN
    for key, h, paint in blocks:
        img.paste(BLOCKS.get((board.digest, key), WIDTH, h, paint, palette), (0, y))
        y += h + 6
    return kit.to_png(img)  # already in palette mode: kit encodes it as it is


# A board is redrawn after every move and most of it has not changed: each block (the status, the Story Track,
# a map half with its pieces, a panel) is kept, drawn and mapped to the board's palette, under a key saying
# everything it shows, and pasted again while the key is the same. Drawing the text and choosing a palette for
# the whole image on every move cost more than encoding it (issue 14: 3.3x the encode; see BENCHMARKS.md).
BLOCKS = kit.KeptBlocks(64)  # a 4-player table and its 4 seat views (~8 blocks each); the West half is ~1 MB


# One palette per map, the same on every move and in every process: every colour this module names, exactly
# (the canvas first, so index 0 is the ground between blocks), then the blends that anti-aliased text, lines and
# dots make, chosen by octree from a swatch of the map's own drawing and of text in each ink on each ground.
_GROUND = 0
_TEXT_GROUNDS: tuple[tuple[RGB, tuple[RGB, ...]], ...] = (
    (P.table, (P.text, P.accent, P.panel_edge)),
    (P.panel, (P.text, P.accent, P.panel_edge)),
    (MAP_BG, (P.text, LAND)),
    (SAURON_TINT, (P.text, P.accent, P.panel_edge)),
    (HERO_TINT, (P.text, P.accent, P.panel_edge)),
    (PRIVATE_TINT, (P.text, P.accent, P.panel_edge)),
    (STRONGHOLD, (P.text,)),
    (FAVOR, (P.ink,)),
    *((tint, (P.text, P.panel_edge)) for tint in STAGE_TINTS),
    *((fill, (P.chip_text,)) for fill in (INFLUENCE, HERO, MINION, CHARACTER, PLOT, EVENT, P.chip,
                                           *GROUP_COLOURS.values())),
    *((colour, (P.text,)) for colour in MARKER_COLOURS.values()),
)
_OTHER_COLOURS: tuple[RGB, ...] = (WATER, UNVERIFIED, HAVEN, HAVEN_RING, PERILOUS)
_PALETTES: dict[str, Image.Image] = {}


def _palette(board: Board) -> Image.Image:
    found = _PALETTES.get(board.digest)
    if found is not None:
        return found
    exact: list[RGB] = []
    for ground, inks in _TEXT_GROUNDS:
        exact += [c for c in (ground, *inks) if c not in exact]
    exact += [c for c in _OTHER_COLOURS if c not in exact]
    swatch = _swatch(board)
    chosen = swatch.quantize(256 - len(exact), method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    flat = chosen.getpalette() or []
    blends = [(flat[i], flat[i + 1], flat[i + 2]) for i in range(0, 3 * (256 - len(exact)), 3)]
    colours = exact + [c for c in blends if c not in exact]
    colours += [colours[0]] * (256 - len(colours))
    palette = Image.new("P", (1, 1))
    palette.putpalette([v for c in colours[:256] for v in c])
    _PALETTES[board.digest] = palette
    return palette


def _swatch(board: Board) -> Image.Image:
    """What the board draws, in miniature: both map halves, and a strip of text in each ink on each ground."""
    strips = []
    for ground, inks in _TEXT_GROUNDS:
        strip = Image.new("RGB", (WIDTH, 26), ground)
        draw = ImageDraw.Draw(strip)
        for i, ink in enumerate(inks):
            kit.text(draw, (6 + i * 230, 2), "Minas Tirith 3 · Ag", BODY, ink)
        strips.append(strip)
    for title, half in _halves(board):
        _, height, paint = _map_half(None, board, half, title)
        drawn = kit.canvas(WIDTH, height)
        paint(drawn, 0)
        strips.append(drawn)
    swatch = Image.new("RGB", (WIDTH, sum(s.height for s in strips)))
    y = 0
    for strip in strips:
        swatch.paste(strip, (0, y))
        y += strip.height
    return swatch


def _render(view: View) -> bytes:
    return render_board(view) if isinstance(view, MeqView) else render_view(view)


register("meq", _render)
