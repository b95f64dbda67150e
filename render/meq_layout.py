"""Where a map half's words and pieces go, so that none covers another (render/meq.py draws them).

A location's name is placed once per map (below its dot if there is room, else above, beside or at a corner, on
one line if two do not fit), never over another name, a dot or the half's title, and never past the image's edge,
so no name is cut. A path's cost badge slides along its path to a spot clear of the names and dots. The pieces on
a location (influence, favor, tokens, heroes, minions, markers) change every move: their chips are stacked beside
its dot or under its name where they cover no name, dot, cost badge or other stack, or further out with a thin
leader line when those spots are taken (a play-tester read "Minas Tiri", cut under a hero's chip and a
neighbour's name).

Pure geometry on boxes, apart from measuring text: the tests check the drawn boxes against it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from engines.meq.board import Board, Location
from render import kit

Box = tuple[int, int, int, int]  # left, top, right, bottom (right and bottom exclusive)
Point = tuple[int, int]

LABEL_FONT = kit.font(16)
LABEL_W = 104  # px: a location's name wraps within this (two lines at most), or runs on one line if it must
LABEL_LINE = 19  # px from one line of a name to the next
CHIP_FONT = kit.font(16, bold=True)
CHIP_W = 100  # px: the widest a chip's words run before an ellipsis
STACK_W = 150  # px: the widest row of chips above a dot
COST_R = 10  # px: a cost badge's radius
GAP = 2  # px kept clear between a box and what it must not touch
REACH = 160  # px: how far from its dot a stack of chips may be put, with a leader line
GRID = 8  # px between the spots tried for a stack further out
SLIDE = 5  # px between the spots tried for a stack slid along its dot or its name
APART = 12  # px at least between a stack with a leader line and its location, so the line shows


@dataclass(frozen=True)
class Label:
    lines: tuple[str, ...]
    box: Box  # the plate the lines stand on: line i is centred on the box, its top at box top + 1 + i * LABEL_LINE


@dataclass(frozen=True)
class Layout:
    """What one map half draws the same on every move: each name, each dot's box, each cost badge's centre."""

    labels: dict[str, Label]
    dots: dict[str, Box]
    costs: tuple[tuple[int, Point], ...]  # (cost, centre)
    title: Box


@dataclass(frozen=True)
class Stack:
    """A location's chips: each one's top-left corner, and the leader line from its dot when pushed out."""

    places: tuple[Point, ...]
    box: Box
    leader: tuple[Point, Point] | None = None


def dot_radius(loc: Location) -> int:
    """How far a location's mark reaches from its centre (render/meq.py `_location`)."""
    return 13 if loc.perilous else 10 if loc.stronghold else 9 if loc.haven else 7


def overlap(a: Box, b: Box) -> int:
    """The area two boxes share (0 when they only touch)."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0


def grown(box: Box, by: int = GAP) -> Box:
    return box[0] - by, box[1] - by, box[2] + by, box[3] + by


def inside(box: Box, size: tuple[int, int]) -> bool:
    return box[0] >= 0 and box[1] >= 0 and box[2] <= size[0] and box[3] <= size[1]


def around(xy: Point, r: int, w: int, h: int, above_first: bool = False) -> list[Point]:
    """Top-left corners for a w x h box beside a mark of radius `r` at `xy`: below and above (or above first),
    right, left, the four corners (the box hugging the mark's vertical line), then beside the mark hugging its
    horizontal line from above and from below."""
    x, y = xy
    d = r + GAP + 1  # what a box must keep clear of the mark is GAP; one pixel more for anti-aliasing
    below, above = (x - w // 2, y + d), (x - w // 2, y - d - h)
    return [*((above, below) if above_first else (below, above)), (x + d, y - h // 2), (x - d - w, y - h // 2),
            (x + 4, y + d), (x - 4 - w, y + d), (x + 4, y - d - h), (x - 4 - w, y - d - h),
            (x + d, y - h + 4), (x - d - w, y - h + 4), (x + d, y - 4), (x - d - w, y - 4)]


def _cost(box: Box, size: tuple[int, int], hard: Iterable[Box]) -> int:
    """How bad a spot is: the area it covers of what it must not (with a margin); off the image is worst."""
    if not inside(box, size):
        return 1 << 30
    g = grown(box)
    return sum(overlap(g, b) for b in hard)


def label_shapes(name: str) -> list[tuple[str, ...]]:
    """A name's lines: wrapped within LABEL_W (two lines at most), or on one line. Never cut."""
    wrapped = kit.wrap(name, LABEL_FONT, LABEL_W, max_lines=2)
    shapes = [tuple(wrapped)] if " ".join(wrapped) == kit.fold(name) else []
    one = (kit.fold(name),)
    return [*shapes, one] if one not in shapes else shapes


def plate(lines: Sequence[str]) -> tuple[int, int]:
    """The size of the plate a name's lines stand on."""
    return max(LABEL_FONT.width(line) for line in lines) + 6, len(lines) * LABEL_LINE + 3


def _badge_box(c: Point) -> Box:
    return c[0] - COST_R, c[1] - COST_R, c[0] + COST_R + 1, c[1] + COST_R + 1


def _badge(a: Point, b: Point, first: int, size: tuple[int, int], hard: Sequence[Box]) -> tuple[int, Point]:
    """A cost badge's centre on the path from a to b: the clear spot nearest `first` (a percentage of the way),
    or the least covered one."""
    spots = []
    for t in sorted(range(15, 86, 5), key=lambda t: abs(t - first)):
        c = a[0] + (b[0] - a[0]) * t // 100, a[1] + (b[1] - a[1]) * t // 100
        score = _cost(_badge_box(c), size, hard)
        if not score:
            return t, c
        spots.append((score, t, c))
    _, t, c = min(spots)
    return t, c


def _names(locs: Sequence[Location], where: dict[str, Point], size: tuple[int, int], hard: Sequence[Box],
           soft: Sequence[Box]) -> dict[str, Label]:
    """Each name, top to bottom, at the first spot of its shapes and sides clear of `hard` and the names placed
    before it, and of `soft` (badges that can still move) if it can be; else the least covered spot."""
    labels: dict[str, Label] = {}
    for loc in sorted(locs, key=lambda loc: (where[loc.id][1], where[loc.id][0])):
        avoid = [*hard, *(lab.box for lab in labels.values())]
        best: tuple[tuple[int, int], Label] | None = None
        for lines in label_shapes(loc.name):
            w, h = plate(lines)
            for left, top in slides(where[loc.id], dot_radius(loc), w, h):
                box = (left, top, left + w, top + h)
                score = _cost(box, size, avoid), _cost(box, size, soft)
                if best is None or score < best[0]:
                    best = score, Label(lines, box)
                if score == (0, 0):
                    break
            if best is not None and best[0] == (0, 0):
                break
        assert best is not None
        labels[loc.id] = best[1]
    return labels


def layout(board: Board, locs: Sequence[Location], where: dict[str, Point], size: tuple[int, int],
           title: Box) -> Layout:
    """Cost badges first, each at the spot of its path nearest the middle that is clear of the dots and the other
    badges; then the names (`_names`), which may cover a badge; then each badge under a name slides along its path
    clear of it. A badge that cannot is held where it is and the names are placed again around it."""
    dots = {}
    for loc in locs:
        x, y = where[loc.id]
        r = dot_radius(loc)
        dots[loc.id] = (x - r, y - r, x + r + 1, y + r + 1)
    shown = {loc.id for loc in locs}
    paths = [p for p in board.paths if p.cost > 1 and p.a in shown and p.b in shown]
    first: list[tuple[int, Point]] = []  # (percentage of the way, centre) of each path's badge
    for path in paths:
        hard = [title, *dots.values(), *(_badge_box(c) for _, c in first)]
        first.append(_badge(where[path.a], where[path.b], 50, size, hard))
    held: set[int] = set()  # badges the names must keep clear of
    for _ in range(4):
        placed = list(first)
        labels = _names(locs, where, size, [title, *dots.values(), *(_badge_box(placed[i][1]) for i in held)],
                        [_badge_box(c) for i, (_, c) in enumerate(placed) if i not in held])
        names = [lab.box for lab in labels.values()]
        stuck = set()
        for i, path in enumerate(paths):
            others = [_badge_box(c) for k, (_, c) in enumerate(placed) if k != i]
            if _cost(_badge_box(placed[i][1]), size, [*names, *others]):
                placed[i] = _badge(where[path.a], where[path.b], placed[i][0], size,
                                   [title, *dots.values(), *names, *others])
                if _cost(_badge_box(placed[i][1]), size, names):
                    stuck.add(i)
        if not stuck - held:
            break
        held |= stuck
    costs = tuple((path.cost, c) for path, (_, c) in zip(paths, placed, strict=True))
    return Layout(labels=labels, dots=dots, costs=costs, title=title)


def _shape(sizes: Sequence[tuple[int, int]], width: int) -> tuple[list[Point], int, int]:
    positions, height = kit.flow(sizes, width, gap=3)
    right = max(dx + w for (dx, _), (w, _) in zip(positions, sizes, strict=True))
    return positions, right, height


def _facing(a: Box, b: Box) -> tuple[Point, Point]:
    """The nearest points of two boxes that do not overlap: where a leader line from one to the other runs."""
    def axis(a0: int, a1: int, b0: int, b1: int) -> tuple[int, int]:
        if a1 <= b0:
            return a1 - 1, b0
        if b1 <= a0:
            return a0, b1 - 1
        mid = (max(a0, b0) + min(a1, b1) - 1) // 2
        return mid, mid

    (ax, bx), (ay, by) = axis(a[0], a[2], b[0], b[2]), axis(a[1], a[3], b[1], b[3])
    return (ax, ay), (bx, by)


def union(a: Box, b: Box) -> Box:
    return min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])


def _line_boxes(a: Point, b: Point) -> list[Box]:
    """A thin line as small boxes along it, to test what it crosses."""
    n = max(1, int(max(abs(b[0] - a[0]), abs(b[1] - a[1])) // 4))
    return [(a[0] + (b[0] - a[0]) * i // n - 1, a[1] + (b[1] - a[1]) * i // n - 1,
             a[0] + (b[0] - a[0]) * i // n + 2, a[1] + (b[1] - a[1]) * i // n + 2) for i in range(n + 1)]


def _cuts(a: Point, b: Point, box: Box) -> bool:
    """Whether the line from a to b passes within a pixel of `box` (Liang-Barsky clipping)."""
    x, y = a
    dx, dy = b[0] - x, b[1] - y
    low, high = 0.0, 1.0
    for p, q in ((-dx, x - box[0] + 1), (dx, box[2] - x), (-dy, y - box[1] + 1), (dy, box[3] - y)):
        if p == 0:
            if q < 0:
                return False
        elif p < 0:
            low = max(low, q / p)
        else:
            high = min(high, q / p)
        if low > high:
            return False
    return True


Shape = tuple[list[Point], int, int]  # each chip's offset in a stack, and the stack's width and height


def slides(xy: Point, r: int, w: int, h: int, above_first: bool = False) -> Iterator[Point]:
    """`around`, then a w x h box slid along each side of the mark, as long as the mark stays within its span."""
    x, y = xy
    d = r + GAP + 1
    yield from around(xy, r, w, h, above_first=above_first)
    for shift in sorted(range(-w // 2 + 4, w // 2 - 3, SLIDE), key=abs):
        below, above = (x - w // 2 + shift, y + d), (x - w // 2 + shift, y - d - h)
        yield from (above, below) if above_first else (below, above)
    for shift in sorted(range(-h // 2 + 4, h // 2 - 3, SLIDE), key=abs):
        yield x + d, y - h // 2 + shift
        yield x - d - w, y - h // 2 + shift


def _beside(xy: Point, r: int, name: Box, shapes: Sequence[Shape]) -> Iterator[tuple[int, Point]]:
    """Spots that read as the location's own, best first: each shape above the dot, then below, right or left of
    it, then slid along each side of the dot (`slides`); then under (or over) the location's name, overlapping at
    least half of it or of the stack. As (shape index, top-left)."""
    x = xy[0]
    for i, (_, w, h) in enumerate(shapes):
        yield from ((i, corner) for corner in around(xy, r, w, h, above_first=True))
    for i, (_, w, h) in enumerate(shapes):
        yield from ((i, corner) for corner in slides(xy, r, w, h, above_first=True))
    left, top, right, bottom = name
    for i, (_, w, h) in enumerate(shapes):
        least = min(w, right - left) // 2
        for shift in sorted(range(left - w + least, right - least + 1, SLIDE), key=lambda s: abs(s + w // 2 - x)):
            yield i, (shift, bottom + GAP + 1)
            yield i, (shift, top - GAP - 1 - h)


def _ring(home: Box, shapes: Sequence[Shape], d: int) -> Iterator[tuple[int, Point, bool]]:
    """Spots further out, for a stack with a leader line when no spot beside the location is clear: on the square
    ring `d` px around the location (its dot and name, `home`), nearest the middle of its sides first; with whether
    the spot is on the ring's top or bottom side (its row fixed), else on its left or right side (its column)."""
    h0, h1, h2, h3 = home
    for i, (_, w, h) in enumerate(shapes):
        mid_x, mid_y = (h0 + h2 - w) // 2, (h1 + h3 - h) // 2
        for left in sorted(range(h0 - d - w, h2 + d + 1, GRID), key=lambda v: abs(v - mid_x)):
            yield i, (left, h1 - d - h), True
            yield i, (left, h3 + d), True
        for top in sorted(range(h1 - d - h, h3 + d + 1, GRID), key=lambda v: abs(v - mid_y)):
            yield i, (h2 + d, top), False
            yield i, (h0 - d - w, top), False


def _far(dot: Box, name: Box, shapes: Sequence[Shape], size: tuple[int, int], near: Sequence[Box],
         crossed: Sequence[Box]) -> Stack | None:
    """The nearest clear spot on the rings around a location, whose leader line (from the dot, or from the name if
    the line would cross it) crosses nothing in `crossed`; None if there is none within REACH."""
    home = union(dot, name)
    span = max(max(w, h) for _, w, h in shapes) + 2 * GAP
    for d in range(APART, REACH + 1, GRID):
        ring = _within(grown(home, d + span), near)  # what a spot of this ring can meet
        # A side's spots share a row (or a column): what reaches into it is found once per side and shape, and
        # each spot along it is checked against those few (`_clear`, answered the same; a map's far stacks tried
        # some 2,000 spots against every box of the ring).
        lines: dict[tuple[int, bool, int], list[Box]] = {}
        for i, (left, top), across in _ring(home, shapes, d):
            positions, w, h = shapes[i]
            box = (left, top, left + w, top + h)
            key = (i, across, top if across else left)
            if key not in lines:
                lines[key] = ([o for o in ring if top - GAP < o[3] and o[1] < top + h + GAP] if across
                              else [o for o in ring if left - GAP < o[2] and o[0] < left + w + GAP])
            if not _clear(box, size, lines[key]):
                continue
            leader = _facing(dot, box)
            if _cuts(*leader, name):
                leader = _facing(name, box)
            (ax, ay), (bx, by) = leader
            crossing = _within((min(ax, bx) - 2, min(ay, by) - 2, max(ax, bx) + 3, max(ay, by) + 3), crossed)
            if not any(_cuts(*leader, o) for o in crossing):
                return Stack(tuple((left + dx, top + dy) for dx, dy in positions), box, leader)
    return None


def _shapes(sizes: Sequence[tuple[int, int]]) -> list[Shape]:
    """A stack as one row of up to STACK_W, then as rows of 1, 2, ... chips (a pile fits where a row does not)."""
    shapes: list[Shape] = []
    widest = sorted((w for w, _ in sizes), reverse=True)
    for width in (STACK_W, *(sum(widest[:n]) + 3 * (n - 1) for n in range(1, len(sizes) + 1))):
        shape = _shape(sizes, width)
        if shape not in shapes:
            shapes.append(shape)
    return shapes


def _clear(box: Box, size: tuple[int, int], obstacles: Sequence[Box]) -> bool:
    """Whether a box is inside the image and keeps GAP from every obstacle (`_cost` is 0), answered fast."""
    if box[0] < 0 or box[1] < 0 or box[2] > size[0] or box[3] > size[1]:
        return False
    left, top, right, bottom = box[0] - GAP, box[1] - GAP, box[2] + GAP, box[3] + GAP
    return not any(left < o[2] and o[0] < right and top < o[3] and o[1] < bottom for o in obstacles)


def _within(window: Box, boxes: Iterable[Box]) -> list[Box]:
    """The boxes that reach into `window`: the few a spot inside it can meet."""
    left, top, right, bottom = window
    return [b for b in boxes if left < b[2] and b[0] < right and top < b[3] and b[1] < bottom]


def stacks(fixed: Layout, locs: Sequence[Location], where: dict[str, Point], chips: dict[str, list[str]],
           size: tuple[int, int]) -> dict[str, Stack]:
    """Each location's chips (their labels already cut to CHIP_W) beside its dot or under its name, where they
    cover no name, dot, cost badge or other stack; when no such spot is clear, at the nearest clear spot further
    out with a leader line from the dot (or, if that would cross its own name, from the name), which crosses no
    name, badge, other dot or stack. The biggest stacks are placed first, as they are the hardest to fit. Where
    nothing is clear (a crowded map of a host's own), the least covered spot beside the location is taken."""
    radius = {loc.id: dot_radius(loc) for loc in locs}
    names = [lab.box for lab in fixed.labels.values()]
    badges = [(cx - COST_R, cy - COST_R, cx + COST_R + 1, cy + COST_R + 1) for _, (cx, cy) in fixed.costs]
    taken: list[Box] = []  # stacks placed, and their leader lines
    out: dict[str, Stack] = {}
    order = sorted((k for k, v in chips.items() if v and k in radius),
                   key=lambda k: (-len(chips[k]), where[k][1], where[k][0]))
    for loc in order:
        xy, dot, name = where[loc], fixed.dots[loc], fixed.labels[loc].box
        home = union(dot, name)
        shapes = _shapes([kit.chip_size(label, CHIP_FONT) for label in chips[loc]])
        span = max(max(w, h) for _, w, h in shapes) + 2 * GAP
        everything = (fixed.title, *names, *fixed.dots.values(), *badges, *taken)
        local = _within(grown(home, span + 8), everything)
        stack: Stack | None = None
        for i, (left, top) in _beside(xy, radius[loc], name, shapes):
            positions, w, h = shapes[i]
            box = (left, top, left + w, top + h)
            if _clear(box, size, local):
                stack = Stack(tuple((left + dx, top + dy) for dx, dy in positions), box)
                break
        if stack is None:  # nothing beside is clear: the nearest clear spot further out, with a leader line
            window = grown(home, REACH + span)
            crossed = [b for b in _within(window, (*names, *badges, *taken, *fixed.dots.values()))
                       if b not in (name, dot)]
            stack = _far(dot, name, shapes, size, _within(window, everything), crossed)
        if stack is None:  # nothing clear at all (a crowded map of a host's own): the least covered spot beside
            scored = []
            for i, (left, top) in _beside(xy, radius[loc], name, shapes):
                positions, w, h = shapes[i]
                box = (left, top, left + w, top + h)
                scored.append((_cost(box, size, local), Stack(tuple((left + dx, top + dy) for dx, dy in positions),
                                                              box)))
            stack = min(scored, key=lambda s: s[0])[1]
        out[loc] = stack
        taken.append(stack.box)
        if stack.leader is not None:
            taken += _line_boxes(*stack.leader)
    return out
