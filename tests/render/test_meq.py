"""The Middle-earth Quest board, checked on real PNGs: the registry picks it; the public image shows the map, the
Story Track, Sauron's panel and each hero's, with monster tokens by colour only; Sauron's own image shows their
faces; a hero's shows that hero's hand and the Hero Mission; no image names a card hidden from its audience; the
smallest text stays legible on a phone."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from PIL import Image

from engines.core import Config, Turn, codec
from engines.meq import GAME, stock
from engines.meq.state import MeqState
from engines.meq.view import MeqView
from render import kit, meq, registry
from tests.engines.meq.table import a_table
from tests.engines.randomplay import hidden_names, random_answer, seen_names
from tests.render.test_kit import TextRecorder

PHONE_WIDTH = 400  # Discord's inline preview on a phone, in CSS pixels
MIN_CAP_HEIGHT = 6.0  # px: the floor of small phone captions (as tests/render/test_wotr.py)


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> TextRecorder:
    meq.forget()  # the map's background is drawn once per board and reused: start from nothing to see every name
    return TextRecorder().install(monkeypatch)


def decode(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def with_a_token_on_bree() -> tuple[MeqState, str]:
    """A table with one monster token face down on Bree (its face known to Sauron only, meq spec 1.4)."""
    state = a_table("argalad,beravor")
    token = stock.pop(state, "pile:eriador-enedwaith")
    while token.name == "Blank":
        token = stock.pop(state, "pile:eriador-enedwaith")
    token.known_to = [state.sauron]
    state.tokens.cards.append(token)
    state.token_at[token.uid] = "bree"
    return state, token.name


def test_the_registry_draws_meq_with_its_own_board() -> None:
    assert registry.renderer_for("meq") is meq._render


def test_the_public_map_shows_places_track_panels_and_token_colours_only(drawn: TextRecorder) -> None:
    # meq spec 1.4: the table sees a token's colour, never its face; spec 5.1: the Story Track and its stages
    state, face = with_a_token_on_bree()
    view = GAME.view(state, None)
    bree = next(p for p in codec.to_data(view)["places"] if p["id"] == "bree")
    assert bree["tokens"] == [{"uid": None, "name": None, "ref": None, "back": "eriador-enedwaith", "tokens": {},
                               "flags": [], "attached": []}]
    img = decode(registry.render(view))
    assert img.format == "PNG" and img.width == meq.WIDTH and 2000 < img.height < 6000
    text = drawn.strings
    for name in ("Bree", "Rivendell", "Minas Tirith", "Barad-Dur", "The West", "The East"):
        assert name in text
    assert any(s.startswith("Story Track · stage I") for s in text)
    assert "Sauron (p1)" in text and any(s.startswith("Shadow Pool 0 of") for s in text)
    assert any(s.startswith("Argalad (p2)") for s in text) and any(s.startswith("Beravor (p3)") for s in text)
    assert "?" in text and face not in text
    assert not any(s.startswith("Only you see") for s in text)


def test_saurons_image_shows_the_token_faces(drawn: TextRecorder) -> None:
    # meq spec 1.4: Sauron knows every token's face; his private map is his seat's image
    state, face = with_a_token_on_bree()
    registry.render(GAME.view(state, state.sauron))
    assert face in drawn.strings or any(s.startswith(face[:6]) for s in drawn.strings)
    assert any(s.startswith("Only you see: Sauron Mission") for s in drawn.strings)
    assert not any("Hero Mission" in s for s in drawn.strings)  # never to Sauron


def test_a_heros_image_shows_its_hand_and_the_hero_mission(drawn: TextRecorder) -> None:
    # meq spec 1.4: each hand to its hero; the Hero Mission to the heroes
    state = a_table("argalad,beravor")
    argalad, beravor = state.heroes
    stock.draw(_turn(state), stock.life(argalad), argalad.hand, 2)
    for c in argalad.hand.cards:
        c.face_up = True
    registry.render(GAME.view(state, argalad.seat))
    assert any(s.startswith("Only you see: hand (2)") for s in drawn.strings)
    assert any(s.startswith("Only you see: Hero Mission") for s in drawn.strings)
    assert state.hero_mission.cards[0].name in drawn.strings
    drawn.calls.clear()
    registry.render(GAME.view(state, beravor.seat))
    assert any(s.startswith("Only you see: hand (0)") for s in drawn.strings)  # Beravor's own, empty
    assert not any(s.startswith("Only you see: hand (2)") for s in drawn.strings)


def test_images_of_a_random_game_never_name_hidden_cards(drawn: TextRecorder) -> None:
    # meq spec 1.4, for every audience, through a random 3-player game
    state = GAME.setup(Config(seats=GAME.seat_names(3), options={}), 5)
    rnd = random.Random(5)
    for step in range(240):
        if GAME.outcome(state) is not None:
            break
        d = rnd.choice(GAME.pending(state))
        state = GAME.apply(state, d.seat, random_answer(d, rnd)).state
        if step % 60 == 59:
            for seat in (None, *state.seats):
                drawn.calls.clear()
                registry.render(GAME.view(state, seat))
                seen = seen_names(state, seat)
                secret = {n for n in hidden_names(state, seat) if not any(n in s for s in seen)}
                assert not [n for n in secret if n in drawn.strings], seat


def test_the_same_view_gives_the_same_bytes() -> None:
    state, _ = with_a_token_on_bree()
    view = GAME.view(state, None)
    assert registry.render(view) == registry.render(view)


def test_the_smallest_text_is_legible_at_phone_width(drawn: TextRecorder) -> None:
    # issue 14 (the images): scaled to 400 px wide, every capital drawn is at least 6 px tall
    state, _ = with_a_token_on_bree()
    img = decode(registry.render(GAME.view(state, state.sauron)))
    scale = PHONE_WIDTH / img.width
    heights = []
    for call in drawn.calls:
        left, top, right, bottom = call.kwargs["font"].getbbox("H")
        heights.append((bottom - top) * scale)
    assert heights and min(heights) >= MIN_CAP_HEIGHT, f"smallest capital {min(heights):.1f} px at 400 px wide"


def _turn(state: MeqState) -> Turn[MeqState]:
    from tests.engines.meq.table import turn_on

    return turn_on(state)


def test_a_board_drawn_from_kept_blocks_equals_one_drawn_from_nothing() -> None:
    # issue 14 (render speed): blocks are kept under a key naming all they show, so reusing them never shows a
    # stale piece; every audience's board after each move is byte for byte the board drawn from scratch
    state = GAME.setup(Config(seats=GAME.seat_names(3), options={}), 8)
    rnd = random.Random(8)
    for step in range(120):
        if GAME.outcome(state) is not None:
            break
        d = rnd.choice(GAME.pending(state))
        state = GAME.apply(state, d.seat, random_answer(d, rnd)).state
        if step % 20 == 19:
            for seat in (None, *state.seats):
                view = GAME.view(state, seat)
                warm = registry.render(view)
                meq.forget()
                assert registry.render(view) == warm, (step, seat)


def test_the_palette_keeps_every_named_colour_and_the_text_blends() -> None:
    # issue 14 (render speed): one palette per map instead of one chosen per render; it must hold the
    # board's own colours exactly and lose nothing visible in anti-aliased text and lines
    from PIL import ImageChops, ImageStat

    state, _ = with_a_token_on_bree()
    view = GAME.view(state, state.sauron)
    assert isinstance(view, MeqView) and view.board is not None
    palette = meq._palette(view.board)
    flat = palette.getpalette() or []
    colours = {tuple(flat[i:i + 3]) for i in range(0, len(flat), 3)}
    named = [meq.P.table, meq.P.text, meq.P.accent, meq.MAP_BG, meq.INFLUENCE, meq.FAVOR, meq.HERO,
             *meq.GROUP_COLOURS.values(), *meq.MARKER_COLOURS.values(), *meq.STAGE_TINTS]
    assert all(c in colours for c in named)
    assert tuple(flat[:3]) == meq.P.table  # index 0 is the ground between blocks
    for key, height, paint in (meq._story(view), meq._sauron(view), *meq._private(view)):
        drawn = kit.canvas(meq.WIDTH, height)
        paint(drawn, 0)
        mapped = drawn.quantize(palette=palette, dither=Image.Dither.NONE).convert("RGB")
        error = sum(ImageStat.Stat(ImageChops.difference(drawn, mapped)).mean) / 3
        assert error < 0.5, (key, error)


# --- the map's names are never covered (a play-tester read "Minas Tiri", cut under a hero's chip) ---------------
Box = tuple[int, int, int, int]
NAME_LINE = 19  # px from one line of a location's name to the next
BADGE_R = 10  # px: the radius of a path's cost badge and half the side of a Stronghold's square


def _overlap(a: Box, b: Box) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


class MapDrawing:
    """What each map half drew, in the half's own pixels: each location name's lines with their ink boxes, each
    chip's box (a piece on a location), each badge drawn on a path or a Stronghold (a number centred in a circle
    or square of radius 10). Taken from kit.text and kit.chip as the board is drawn from nothing."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: list[tuple[str, Any]] = []
        text, chip = kit.text, kit.chip
        inside = [False]

        def recording_text(draw: Any, xy: tuple[int, int], s: str, fnt: kit.Font, fill: kit.RGB,
                           anchor: str = "la") -> None:
            if not inside[0]:
                self.calls.append(("text", (s, xy, fnt, anchor)))
            text(draw, xy, s, fnt, fill, anchor)

        def recording_chip(draw: Any, xy: tuple[int, int], label: str, *rest: Any) -> Box:
            inside[0] = True
            try:
                box = chip(draw, xy, label, *rest)
            finally:
                inside[0] = False
            self.calls.append(("chip", box))
            return box

        monkeypatch.setattr(kit, "text", recording_text)
        monkeypatch.setattr(kit, "chip", recording_chip)

    def draw(self, view: MeqView) -> None:
        """Draw the board from nothing (its palette aside: choosing it draws the bare map once more)."""
        assert view.board is not None
        meq.forget()
        meq._palette(view.board)
        meq._BACKGROUNDS.clear()
        meq.BLOCKS.clear()
        self.calls.clear()
        registry.render(view)

    def halves(self) -> dict[str, dict[str, list[Any]]]:
        found: dict[str, dict[str, list[Any]]] = {}
        half: dict[str, list[Any]] | None = None
        for kind, call in self.calls:
            if kind == "text" and call[0] in ("The West", "The East") and call[2] is meq.HEAD:
                half = found[call[0]] = {"lines": [], "chips": [], "badges": []}
            elif half is None:
                continue
            elif kind == "chip":
                half["chips"].append(call)
            elif call[3] == "ma" and call[2] is meq.SMALL:
                s, (x, y), fnt, anchor = call
                left, top, right, bottom = fnt.face.getbbox(kit.fold(s), anchor=anchor)
                half["lines"].append((s, (x + left, y + top, x + right, y + bottom), (x, y)))
            elif call[3] == "mm" and call[2] is meq.CHIP:
                x, y = call[1]
                half["badges"].append((x - BADGE_R, y - BADGE_R, x + BADGE_R + 1, y + BADGE_R + 1))
            elif call[3] == "la" and call[2] is not meq.HEAD:
                half = None  # the panels below the map
        return found


def names_of(lines: list[tuple[str, Box, tuple[int, int]]]) -> list[str]:
    """The lines of each name joined: a name's lines share their centre and follow each other by one line."""
    names: list[list[str]] = []
    last: tuple[int, int] | None = None
    for s, _, (x, y) in lines:
        if last is not None and x == last[0] and y == last[1] + NAME_LINE:
            names[-1].append(s)
        else:
            names.append([s])
        last = (x, y)
    return [" ".join(n) for n in names]


def check_map(drawing: MapDrawing, view: MeqView) -> int:
    """Every location's whole name is drawn inside the image, clear of every other name, every chip and every
    badge; chips keep off badges and each other. Returns how many chips were checked."""
    assert view.board is not None
    halves = drawing.halves()
    checked = 0
    for title, locs in meq._halves(view.board):
        half = halves[title]
        names = names_of(half["lines"])
        assert sorted(names) == sorted(kit.fold(loc.name) for loc in locs), title  # every name whole, none cut
        boxes = [box for _, box, _ in half["lines"]]
        _, height, _ = meq._map_half(view, view.board, locs, title)
        for (s, box, _) in half["lines"]:
            assert box[0] >= 0 and box[2] <= meq.WIDTH and box[1] >= 0 and box[3] <= height, f"{s} is cut"
            others = [b for b in boxes if b != box]
            assert not [b for b in others if _overlap(box, b)], f"{s} runs into another name"
            assert not [c for c in half["chips"] if _overlap(box, c)], f"a chip covers {s}"
            assert not [b for b in half["badges"] if _overlap(box, b)], f"a badge covers {s}"
        for i, c in enumerate(half["chips"]):
            assert not [b for b in half["badges"] if _overlap(c, b)], f"a chip covers a badge in {title}"
            assert not [d for d in half["chips"][i + 1:] if _overlap(c, d)], f"chips overlap in {title}"
        checked += len(half["chips"])
    return checked


def test_no_name_on_the_map_is_covered_or_cut_in_a_random_game(monkeypatch: pytest.MonkeyPatch) -> None:
    drawing = MapDrawing(monkeypatch)
    state = GAME.setup(Config(seats=GAME.seat_names(4), options={}), 1)
    rnd = random.Random(1)
    checked = 0
    for step in range(400):
        if GAME.outcome(state) is not None:
            break
        d = rnd.choice(GAME.pending(state))
        state = GAME.apply(state, d.seat, random_answer(d, rnd)).state
        if step % 50 == 49:
            view = GAME.view(state, state.sauron)  # Sauron's: token faces make the longest chips
            assert isinstance(view, MeqView)
            drawing.draw(view)
            checked += check_map(drawing, view)
    assert checked > 40


def test_no_name_is_covered_on_a_crowded_map(monkeypatch: pytest.MonkeyPatch) -> None:
    # every location holds influence, many favor or a token, every hero stands on Minas Tirith among its
    # neighbours' pieces: the pieces move aside (with a leader line when they must), the names stay whole
    state = a_table("argalad,beravor,thalin")
    board = state.map
    for i, loc in enumerate(board.locations):
        state.influence[loc.id] = 1 + i % 3
        if i % 3 == 0:
            state.favor_at[loc.id] = 1 + i % 2
        if i % 2 == 0 and not loc.haven:
            token = stock.pop(state, f"pile:{board.group_of(loc.id)}")
            token.known_to = [state.sauron]
            state.tokens.cards.append(token)
            state.token_at[token.uid] = loc.id
    for hero in state.heroes:
        hero.at = "minas-tirith"
    drawing = MapDrawing(monkeypatch)
    view = GAME.view(state, state.sauron)
    assert isinstance(view, MeqView)
    drawing.draw(view)
    assert check_map(drawing, view) > 100


def test_a_heros_items_and_quests_are_parted_with_semicolons(drawn: TextRecorder) -> None:
    # an Encounter Quest's name may hold a comma ("Sweet Words, Bitter Dreams"): with ", " between them a hero's
    # two quests read as three, so the panel parts them as engines/core/words.py card_list does (the log too)
    state = a_table("argalad,beravor")
    argalad = state.heroes[0]
    argalad.quests = ["quest-argalad-echoes-of-bolg-s-army", "enc-sweet-words-bitter-34"]
    argalad.items = ["item-boat", "item-horse"]
    registry.render(GAME.view(state, None))
    said = " ".join(drawn.strings)  # a long line is wrapped: its parts are drawn one after the other
    assert "quests: Echoes of Bolg's Army; Sweet Words, Bitter Dreams · 0 done" in said
    assert "items: Boat; Horse" in said
    view = GAME.view(state, None)
    assert isinstance(view, MeqView)
    assert any(line.endswith(", items Boat; Horse") for line in view.lines)  # the table's words, as the image
