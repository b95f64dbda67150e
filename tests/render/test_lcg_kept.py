"""The LCG board keeps what it drew (issue 17): each section and each card tile is pasted again while what it shows
is unchanged. A stale block would show a wrong board, so every kept render is checked against the board drawn
whole from nothing, and changing one fact a block shows changes the image there and nowhere else."""

from __future__ import annotations

import copy
import io
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageStat

from engines.core.zones import CardView
from engines.lcg.view import LcgView
from render import kit, lcg, lcg_card, lcg_layout
from render.kept import Kept
from render.lcg_palette import palette
from tests.render.test_lcg import lcg_game, lcg_view, midgame


@pytest.fixture(autouse=True)
def start_from_nothing() -> Iterator[None]:
    lcg.forget()
    yield
    lcg.forget()


def decode(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def fresh(view: LcgView) -> Image.Image:
    """The board drawn whole in full colour, nothing kept, then mapped to the board's palette pixel by pixel."""
    stores: list[Any] = [lcg.BLOCKS.blocks, lcg.LAID_OUT.found, lcg.HEADS.found, lcg_card.LAID_OUT.found,
                         lcg_card.TILES.found]
    kept = [(store, store.copy()) for store in stores]
    lcg.forget()
    img = lcg.draw_table(view, None).quantize(palette=palette(), dither=Image.Dither.NONE)
    for store, copied in kept:
        store.update(copied)
    return img


def changed(before: Image.Image, after: Image.Image) -> tuple[int, int, int, int] | None:
    assert before.size == after.size
    return ImageChops.difference(before.convert("RGB"), after.convert("RGB")).getbbox()


def test_every_kept_board_of_a_game_is_the_board_drawn_from_nothing() -> None:
    """Seventy moves of a four-player game, the table's board and a seat's after each: every render that pasted
    kept sections and tiles is, pixel for pixel, the board drawn whole from nothing in the same palette."""
    for i, state in enumerate(lcg_game(3)):
        if i < 40:
            continue
        if i > 110:
            break
        for seat in (None, "p2"):
            view = lcg_view(state, seat)
            shipped = decode(lcg.render_table(view))
            assert changed(shipped, fresh(view)) is None, (i, seat)
    assert len(lcg.BLOCKS.blocks) > 4 and lcg_card.TILES.found  # it did keep


def test_the_palette_keeps_the_board_faithful() -> None:
    """The fixed palette against the full-colour board: no pixel drifts visibly (the adaptive palette this replaced
    was within mean 0.5 and 16 of it; the fixed one is within mean 0.5 and 24 on these boards)."""
    for seat in (None, "p1"):
        view = lcg_view(midgame(), seat)
        shipped = decode(lcg.render_table(view)).convert("RGB")
        difference = ImageChops.difference(shipped, lcg.draw_table(view, None)).convert("L")
        assert ImageStat.Stat(difference).mean[0] < 1
        assert ImageStat.Stat(difference).extrema[0][1] < 32


def test_an_unchanged_board_is_the_same_bytes_kept_or_drawn_from_nothing() -> None:
    view = lcg_view(midgame(), "p1")
    cold = lcg.render_table(view)
    assert lcg.BLOCKS.blocks
    assert lcg.render_table(view) == cold
    assert lcg.render_table(lcg_view(midgame(), "p1")) == cold  # a new view of the same state
    lcg.forget()
    assert lcg.render_table(view) == cold


def test_faces_pasted_from_kept_frames_are_the_faces_drawn_in_place(monkeypatch: pytest.MonkeyPatch) -> None:
    """A card face pastes its frame (edge, name band, number cells and their labels) as drawn for another face of
    the same accent and shape, in another game too: the boards of a whole game, in full colour, are pixel for pixel
    those drawn with every frame drawn in place on the face."""
    views = [lcg_view(state, seat) for i, state in enumerate(lcg_game(5)) if i % 7 == 0 for seat in (None, "p3")]
    lcg_card.FRAMES.clear()
    pasted = [lcg.draw_table(view, None) for view in views]
    kinds = len(lcg_card.FRAMES.found)
    assert 4 < kinds < lcg_card.FRAMES.size  # shared by faces alike, and all of a game's kept
    monkeypatch.setattr(lcg_card, "paste_frame", lcg_card.draw_frame)
    lcg.forget()  # tiles were drawn with kept frames: draw them again
    for i, (view, kept) in enumerate(zip(views, pasted, strict=True)):
        assert changed(kept, lcg.draw_table(view, None)) is None, i


def test_cards_as_they_stand_in_another_game_paste_the_tiles_drawn_there() -> None:
    """A tile is kept under what it shows, not which card it is: the same table with every card another uid (as in
    another game) draws no new tile, and is still pixel for pixel the board drawn from nothing."""
    view = lcg_view(midgame(), None)
    lcg.render_table(view)
    tiles = set(lcg_card.TILES.found)
    other = copy.deepcopy(view)
    zones = [other.quest, other.active, other.staging, *[z for p in other.players for z in (p.play, p.engaged)]]
    renamed = 0
    for card in lcg_card.with_attachments([c for z in zones if z for c in z.cards]):
        if card.uid is not None:
            if card.uid in other.current:
                other.current[f"elsewhere-{card.uid}"] = other.current.pop(card.uid)
            card.uid = f"elsewhere-{card.uid}"
            renamed += 1
    assert renamed > 20
    shipped = decode(lcg.render_table(other))
    assert set(lcg_card.TILES.found) == tiles
    assert changed(shipped, fresh(other)) is None


@pytest.mark.parametrize("seat", [None, "p1"])
def test_tiles_pasted_through_their_outline_are_the_tiles_painted_in_place(seat: str | None,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """A kept tile is pasted through the rounded card and bands it lays down, whatever the ground under it (a
    player's band, the viewer's own, the engaged enemies' tint, a badge reaching over it): the boards of a whole
    game, in full colour, are pixel for pixel those with every tile painted in place."""
    views = [lcg_view(state, seat) for i, state in enumerate(lcg_game(6)) if i % 5 == 0]
    pasted = [lcg.draw_table(view, None) for view in views]
    assert len(lcg_card.TILES.found) > 20

    def in_place(img: Image.Image, box: tuple[int, int, int, int], key: object, tiles: object, paint: Any,
                 shapes: object) -> None:
        paint(img, box[0], box[1])

    monkeypatch.setattr(lcg_card, "paste_tile", in_place)
    lcg.forget()
    for i, (view, kept) in enumerate(zip(views, pasted, strict=True)):
        assert changed(kept, lcg.draw_table(view, None)) is None, i


def test_a_tile_with_bands_pasted_on_a_striped_ground_is_the_tile_painted_there() -> None:
    """Around a tile's corners and between its bands whatever lies under it shows: on a ground of stripes, a card
    with an attachment and an enemy with its shadow card, pasted when drawn and again when kept, are the pixels
    painting them there gives."""
    view = lcg_view(midgame(), None)
    cards = [c for p in view.players for z in (p.play, p.engaged) for c in z.cards]
    attached = next(c for c in cards if any(a.name is not None for a in c.attached))
    shadowed = next(c for c in cards if any(a.name is None for a in c.attached))
    for card in (attached, shadowed):
        block = lcg_card.card_block(view, card)
        striped = Image.new("RGB", (block.width + 40, block.height + 40), (250, 250, 250))
        for y in range(0, striped.height, 3):
            striped.paste((10, 200, 10), (0, y, striped.width, y + 1))
        painted = striped.copy()
        lcg_card._card_block(view, card, lcg_card.TILE_W, False)[0].paint(painted, 20, 20)  # in place
        for _ in range(2):  # drawn and kept, then pasted from the kept tile
            pasted = striped.copy()
            block.paint(pasted, 20, 20)
            assert changed(painted, pasted) is None, card.name


def test_odd_cards_render_kept_as_drawn_from_nothing() -> None:
    """Cards the view knows little about (no definition, a name of emoji and a word wider than a tile, odd
    whitespace, big token counts, many flags) still draw, kept as drawn from nothing, and a card without a
    definition gets a frame of its own (no numbers)."""
    view = copy.deepcopy(lcg_view(midgame(), "p1"))
    player = next(p for p in view.players if p.play.cards)
    odd = [
        CardView(uid="odd-1", name="🐉🐉 Smaug\tthe\u00a0Golden  Supercalifragilisticexpialidocious",
                 ref="no-such-card",
                 tokens={"damage": 123, "resource": 9999, "mystery": 2},
                 flags=["exhausted", "poisoned", "wet", "x" * 40]),
        CardView(uid="odd-2", name="", ref=None, tokens={}, flags=[]),
        CardView(uid="odd-3", name=None, ref=None, back="", attached=[CardView(uid="odd-4", name="  ", ref=None)]),
    ]
    player.play.cards.extend(odd)
    shipped = decode(lcg.render_table(view))
    assert changed(shipped, fresh(view)) is None
    assert decode(lcg.render_table(view)).tobytes() == shipped.tobytes()  # and again, all of it kept


def test_a_frame_pastes_only_the_card_and_leaves_what_lies_around_its_corners() -> None:
    """Under a corner of a tile lies whatever was there (a badge reaching over it): the frame's rounded corners
    show it, as drawing the face there would."""
    view = lcg_view(midgame(), None)
    card = next(c for p in view.players for c in p.play.cards if c.name is not None and c.ref in view.facts)
    face = lcg_card._face_layout(card, view.facts[card.ref or ""], lcg_card.TILE_W, False)
    box = (20, 20, 20 + lcg_card.TILE_W, 20 + face.height)
    for ground in ((0, 0, 0), (255, 255, 255)):
        drawn, pasted = Image.new("RGB", (240, 400), ground), Image.new("RGB", (240, 400), ground)
        lcg_card.draw_frame(drawn, box, (112, 58, 148), face)
        lcg_card.paste_frame(pasted, box, (112, 58, 148), face)
        assert pasted.getpixel((20, 20)) == ground  # the very corner is outside the card
        assert changed(drawn, pasted) is None


def _a_card(view: LcgView, where: str) -> CardView:
    seat = next(p for p in view.players if p.play.cards and p.seat != view.seat)
    if where == "play":
        return next(c for c in seat.play.cards if c.name is not None and not c.attached)
    return view.private[0].cards[0]


def _column_of(view: LcgView, card: CardView) -> int:
    """How many tiles wide the change may be: one card."""
    return lcg_card.card_block(view, card).width


@pytest.mark.parametrize("seat", [None, "p1"])
def test_a_wound_on_one_card_changes_that_tile_alone(seat: str | None) -> None:
    view = lcg_view(midgame(), seat)
    before = decode(lcg.render_table(view))
    after_view = copy.deepcopy(view)
    card = _a_card(after_view, "play")
    card.tokens["damage"] = card.tokens.get("damage", 0) + 1
    after = decode(lcg.render_table(after_view))
    box = changed(before, after)
    assert box is not None, "the new damage is not drawn"
    assert box[2] - box[0] <= _column_of(after_view, card)
    assert changed(after, fresh(after_view)) is None
    assert lcg.render_table(view) == lcg.render_table(copy.deepcopy(view))  # the old board is still kept right


def test_a_modified_number_changes_that_tile_alone() -> None:
    view = lcg_view(midgame(), None)
    before = decode(lcg.render_table(view))
    after_view = copy.deepcopy(view)
    card = _a_card(after_view, "play")
    assert card.uid is not None and card.ref is not None
    printed = after_view.facts[card.ref].attack
    after_view.current.setdefault(card.uid, {})["attack"] = printed + 2
    after = decode(lcg.render_table(after_view))
    box = changed(before, after)
    assert box is not None and box[2] - box[0] <= _column_of(after_view, card)
    assert changed(after, fresh(after_view)) is None


def test_a_threat_counter_changes_that_players_strip_alone() -> None:
    view = lcg_view(midgame(), None)
    before = decode(lcg.render_table(view))
    after_view = copy.deepcopy(view)
    player = after_view.players[2]
    player.threat += 1
    after = decode(lcg.render_table(after_view))
    box = changed(before, after)
    assert box is not None
    assert box[3] - box[1] <= kit.font(30, bold=True).line_height + 6  # the strip's one line, not the cards
    assert changed(after, fresh(after_view)) is None


def test_a_private_hand_card_changes_that_seats_hand_and_no_other_board() -> None:
    """Swap one card of p1's hand for another: p1's board changes in its hand strip only; the table's board and
    another seat's, which show the hand as a count, stay the same bytes."""
    state = midgame()
    view = lcg_view(state, "p1")
    table, other = lcg.render_table(lcg_view(state, None)), lcg.render_table(lcg_view(state, "p2"))
    before = decode(lcg.render_table(view))
    first = view.private[0].cards[0]
    # another card in place of the first (another of the hand's, or one of the table's), whose tile leaves the hand
    # strip as tall: the board's height stays, and what changed is that one tile
    spares = [*view.private[0].cards[1:], *(c for p in view.players for c in p.play.cards if not c.attached)]
    for spare in (c for c in spares if c.name != first.name):
        after_view = copy.deepcopy(view)
        after_view.private[0].cards[0] = copy.deepcopy(spare)
        if _hand_height(after_view) == _hand_height(view):
            break
    else:
        raise AssertionError("no card of the hand or the table keeps the hand strip's height")
    after = decode(lcg.render_table(after_view))
    box = changed(before, after)
    assert box is not None and box[1] > before.height - _hand_height(after_view)
    assert box[2] - box[0] <= lcg_card.TILE_W
    assert changed(after, fresh(after_view)) is None
    assert lcg.render_table(lcg_view(state, None)) == table
    assert lcg.render_table(lcg_view(state, "p2")) == other


def _hand_height(view: LcgView) -> int:
    _, block = lcg._hand_strip(view, view.private[0])
    return block.height + lcg_layout.MARGIN


def test_a_card_moved_between_players_changes_both_bands() -> None:
    view = lcg_view(midgame(), None)
    before = decode(lcg.render_table(view))
    after_view = copy.deepcopy(view)
    giver = next(p for p in after_view.players if len(p.play.cards) > 1)
    taker = next(p for p in after_view.players if p is not giver)
    taker.play.cards.append(giver.play.cards.pop())
    after = decode(lcg.render_table(after_view))
    assert changed(before.crop((0, 0, 960, 300)), after.crop((0, 0, 960, 300))) is None  # the header and quest
    assert changed(after, fresh(after_view)) is None


def test_boards_drawn_on_several_threads_at_once_are_the_boards_drawn_one_by_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot draws boards on worker threads, several at once: with stores small enough that the threads evict
    each other's blocks and tiles all the time, every board is still the one drawn alone."""
    from concurrent.futures import ThreadPoolExecutor

    state = midgame()
    views = [lcg_view(state, seat) for seat in (None, *state.seats)]
    alone = [lcg.render_table(v) for v in views]
    monkeypatch.setattr(lcg, "BLOCKS", kit.KeptBlocks(3))
    monkeypatch.setattr(lcg, "LAID_OUT", Kept(2))
    monkeypatch.setattr(lcg_card, "TILES", Kept(5))
    monkeypatch.setattr(lcg_card, "LAID_OUT", Kept(5))
    monkeypatch.setattr(lcg_card, "FRAMES", Kept(2))
    with ThreadPoolExecutor(4) as pool:
        drawn = list(pool.map(lcg.render_table, views * 4))
    assert drawn == alone * 4


def test_the_header_names_the_first_player_it_was_drawn_for() -> None:
    """Kept blocks are shared by every game the process draws: two tables alike but for the first player's name
    must not share a header."""
    view = lcg_view(midgame(), None)
    before = decode(lcg.render_table(view))
    after_view = copy.deepcopy(view)
    first = next(p for p in after_view.players if p.first)
    first.seat = "Somebody else"
    after = decode(lcg.render_table(after_view))
    box = changed(before, after)
    assert box is not None and box[1] < 120  # the header's chips (and the band's seat name below)
    assert changed(after, fresh(after_view)) is None
