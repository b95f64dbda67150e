"""The drawing kit, checked on real pixels: fonts scale, tiles are drawn where they should be and keep
their text inside, backs look unlike faces, and PNG encoding is compact and deterministic."""

from __future__ import annotations

import io
import random
from dataclasses import dataclass, field
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont, ImageStat

from render import kit

TILE_BOX = (20, 20, 20 + kit.TILE[0], 20 + kit.TILE[1])


@dataclass
class DrawnText:
    xy: tuple[float, float]
    text: str
    kwargs: dict[str, Any]


@dataclass
class TextRecorder:
    """Every string drawn while installed (each as it is drawn: folded to the face's characters, with the face,
    anchor and stroke ImageDraw.text is given for it): what an image says, without OCR. Renderers draw all text
    through kit.text, which stamps kept glyph masks rather than calling ImageDraw.text each time, so that is
    where it listens."""

    calls: list[DrawnText] = field(default_factory=list)

    @property
    def strings(self) -> list[str]:
        return [c.text for c in self.calls]

    def install(self, monkeypatch: pytest.MonkeyPatch) -> TextRecorder:
        original = kit.text

        def recording(draw: ImageDraw.ImageDraw, xy: tuple[int, int], s: str, fnt: kit.Font, fill: kit.RGB,
                      anchor: str = "la") -> None:
            said = {"fill": fill, "font": fnt.face, "anchor": anchor, "stroke_width": fnt.stroke, "stroke_fill": fill}
            self.calls.append(DrawnText(xy, kit.fold(s), said))
            original(draw, xy, s, fnt, fill, anchor)

        monkeypatch.setattr(kit, "text", recording)
        return self


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> TextRecorder:
    return TextRecorder().install(monkeypatch)


def a_canvas() -> Image.Image:
    return kit.canvas(kit.TILE[0] + 40, kit.TILE[1] + 40)


def text_box(img: Image.Image, call: DrawnText) -> tuple[int, int, int, int]:
    """Where a recorded string's ink landed, measured with Pillow itself."""
    measured = {k: v for k, v in call.kwargs.items() if k in ("font", "anchor", "stroke_width")}
    left, top, right, bottom = ImageDraw.Draw(img).textbbox(call.xy, call.text, **measured)
    return int(left), int(top), int(right), int(bottom)


def variance(img: Image.Image, box: tuple[int, int, int, int]) -> float:
    return float(sum(ImageStat.Stat(img.crop(box).convert("L")).var))


# --- fonts ------------------------------------------------------------------------------------------------


def test_the_built_in_font_is_scalable_freetype() -> None:
    small, large = kit.font(20), kit.font(40)
    assert isinstance(large.face, ImageFont.FreeTypeFont)
    small_box, large_box = small.bbox("Hg"), large.bbox("Hg")
    assert large_box[3] - large_box[1] > 1.8 * (small_box[3] - small_box[1])
    assert large.width("Aragorn") > 1.8 * small.width("Aragorn")


def test_fonts_are_cached_and_bold_is_heavier() -> None:
    assert kit.font(28) is kit.font(28)
    regular, bold = kit.font(28), kit.font(28, bold=True)
    assert bold.face.path != regular.face.path  # a real bold face, not a faked stroke
    ink = []
    for fnt in (regular, bold):
        img = Image.new("L", (300, 60), 0)
        ImageDraw.Draw(img).text((5, 5), "Aragorn", fill=255, font=fnt.face, stroke_width=fnt.stroke, stroke_fill=255)
        ink.append(ImageStat.Stat(img).sum[0])
    assert ink[1] > ink[0] * 1.1


def test_card_names_meet_the_phone_minimum() -> None:
    assert kit.NAME_SIZE >= 22 and kit.SMALL_SIZE >= 22


def test_letters_the_font_lacks_fold_to_their_bare_form() -> None:
    assert kit.fold("Aragorn son of Arathorn") == "Aragorn son of Arathorn"
    assert kit.fold("Glóin") == "Glóin"  # the shipped face has Middle-earth's accents
    assert kit.fold("Éowyn of Rohan, Barad-dûr") == "Éowyn of Rohan, Barad-dûr"
    folded = kit.fold("Éowyn’s “Barad-dûr” — Théoden 🐉")
    assert all(kit.has_glyph(c) or c == " " for c in folded)
    assert folded.endswith("?")  # no bare form of a dragon


# --- text fitting -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("stroke", [0.0, 1.0])
@pytest.mark.parametrize("anchor", ["la", "mm", "rs"])
def test_text_stamped_from_its_kept_mask_is_the_pixels_imagedraw_draws(anchor: str, stroke: float) -> None:
    """kit.text keeps each string's glyph mask; drawn again, and in another colour, it is still exactly what
    ImageDraw.text gives, stroke, anchor and folded letters included."""
    words = ["Gandalf", "Glóin 3 dmg", "Éowyn 🐉", "12"]
    for size, bold in ((20, False), (28, True)):
        fnt = kit.Font(kit.font(size, bold).face, stroke)
        for fill in ((236, 232, 220), (226, 182, 88), (236, 232, 220)):  # the first colour twice: from the kept mask
            ours, theirs = a_canvas(), a_canvas()
            for i, word in enumerate(words):
                xy = (30 + 40 * i, 40 + 60 * i)
                kit.text(ImageDraw.Draw(ours), xy, word, fnt, fill, anchor)
                ImageDraw.Draw(theirs).text(xy, kit.fold(word), fill=fill, font=fnt.face, anchor=anchor,
                                            stroke_width=stroke, stroke_fill=fill)
            assert ImageChops.difference(ours, theirs).getbbox() is None, (size, bold, fill)
            assert ImageChops.difference(ours, a_canvas()).getbbox() is not None  # something was drawn


def test_lines_stamped_word_by_word_are_the_pixels_imagedraw_draws() -> None:
    """A line with spaces is stamped a word at a time from each word's kept mask, at the pen position ImageDraw
    reaches it (so a new line of known words renders no glyph): every shipped card name and long lines of them,
    in every face and size the boards use, are pixel for pixel what ImageDraw.text gives."""
    texts = [*_texts(), "  two  spaces ", "Glóin\tand\u00a0Óin", "a · b — c", "x " * 40]
    faces = [kit.font(size, bold) for size, bold in ((20, False), (22, True), (24, False), (24, True), (28, True),
                                                     (30, True), (36, True))]
    for i, line in enumerate(texts):
        fnt = faces[i % len(faces)]
        ours, theirs = Image.new("RGB", (1600, 60), (44, 50, 60)), Image.new("RGB", (1600, 60), (44, 50, 60))
        kit.text(ImageDraw.Draw(ours), (7, 9), line, fnt, (236, 232, 220))
        ImageDraw.Draw(theirs).text((7, 9), kit.fold(line), fill=(236, 232, 220), font=fnt.face)
        assert ours.tobytes() == theirs.tobytes(), (line, fnt.size)


def test_a_lines_width_from_its_words_is_the_width_freetype_lays_out() -> None:
    """Font.width of a line of words is worked out from the words' ink boxes and advances: it is the right edge of
    the ink box FreeType gives the whole line, for every shipped card name and long lines of them."""
    texts = [*_texts(), "  two  spaces ", "trailing ", " leading", "a · b — c", "x " * 40]
    faces = [kit.font(size, bold) for size, bold in ((20, False), (22, True), (24, False), (24, True), (28, True),
                                                     (30, True), (36, True))]
    for i, line in enumerate(texts):
        for fnt in (faces[i % len(faces)], faces[(i + 3) % len(faces)]):
            laid_out = fnt.face.getbbox(kit.fold(line))[2] if line else 0
            assert fnt.width(line) == laid_out, (line, fnt.size)


def test_every_renderer_draws_text_through_kit_text_where_the_tests_listen() -> None:
    """The hidden-card tests read what a board says at kit.text (TextRecorder): a renderer that drew text with
    ImageDraw itself would escape them."""
    import re
    from pathlib import Path

    for module in sorted((Path(kit.__file__).parent).glob("*.py")):
        source = module.read_text(encoding="utf-8")
        if module.name == "fonts.py":  # where kit.text is written (render/kit.py re-exports it)
            source = source.replace("draw.text(xy, s, fill=fill", "")  # kit.text's own fallback
        assert not re.search(r"\.(multiline_)?text\(", source.replace("kit.text(", "")), module.name


def test_wrap_keeps_every_line_within_the_width_and_the_line_limit() -> None:
    fnt = kit.font(kit.NAME_SIZE, bold=True)
    lines = kit.wrap("Glorfindel of the House of the Golden Flower of Gondolin, Balrog-slayer", fnt, 176, 3)
    assert len(lines) == 3
    assert all(fnt.width(line) <= 176 for line in lines)
    assert lines[-1].endswith("…")


def test_wrap_splits_a_word_wider_than_the_line() -> None:
    fnt = kit.font(kit.NAME_SIZE)
    lines = kit.wrap("Supercalifragilisticexpialidocious", fnt, 120, 5)
    assert len(lines) > 1 and all(fnt.width(line) <= 120 for line in lines)
    assert "".join(lines) == "Supercalifragilisticexpialidocious"


def test_ellipsize_leaves_short_text_alone() -> None:
    fnt = kit.font(kit.TEXT_SIZE)
    assert kit.ellipsize("Sting", fnt, 500) == "Sting"
    cut = kit.ellipsize("Sting " * 30, fnt, 200)
    assert cut.endswith("…") and fnt.width(cut) <= 200


def _wrap_word_by_word(s: str, fnt: kit.Font, width: int, max_lines: int) -> list[str]:
    """kit.wrap as it was first written: each next word tried on the line, one measure per word."""
    lines: list[str] = []
    current = ""
    for word in kit.fold(s).split():
        candidate = f"{current} {word}" if current else word
        if fnt.width(candidate) <= width:
            current = candidate
            continue
        if current:
            lines.append(current)
        while fnt.width(word) > width and len(word) > 1:
            cut = next((n for n in range(len(word) - 1, 0, -1) if fnt.width(word[:n]) <= width), 1)
            lines.append(word[:cut])
            word = word[cut:]
        current = word
    if current:
        lines.append(current)
    if len(lines) > max_lines:
        lines = [*lines[: max_lines - 1], _ellipsize_letter_by_letter(lines[max_lines - 1], fnt, width)]
    return lines


def _ellipsize_letter_by_letter(s: str, fnt: kit.Font, width: int) -> str:
    while s and fnt.width(s.rstrip() + "…") > width:
        s = s[:-1]
    return s.rstrip() + "…"


def _texts() -> list[str]:
    """Every card name the games ship, and longer lines made of them (a status line, a deck's counts)."""
    from engines.lcg.library import builtin as lcg_cards
    from engines.tcg.cards import builtin as tcg_cards
    from engines.wotr.cards import builtin as wotr_cards

    names = sorted({d.name for d in lcg_cards().cards.values()} | {d.name for d in wotr_cards().values()}
                   | {d.name for d in tcg_cards().values()})
    rnd = random.Random(17)
    lines = [" · ".join(rnd.sample(names, 3)) + f" — hand {n} · deck {n * 7}" for n in range(60)]
    return names + lines + ["", " ", "x", "Supercalifragilisticexpialidocious " * 3, "Éowyn  Barad-dûr\tGlóin 🐉"]


def test_wrap_and_ellipsize_give_the_lines_of_measuring_word_by_word_and_letter_by_letter() -> None:
    """wrap tries a whole line first and halves after, ellipsize halves: fewer measures, the same lines."""
    fonts = (kit.font(24, bold=True), kit.font(20), kit.font(28, bold=True))
    texts = _texts()
    assert len(texts) > 500
    for i, text in enumerate(texts):
        fnt = fonts[i % len(fonts)]
        for width in (60, 162, 176 + i % 40, 430, 928):
            assert kit.wrap(text, fnt, width, max_lines=3) == _wrap_word_by_word(text, fnt, width, 3), (text, width)
            folded = kit.fold(text)
            assert kit.ellipsize(text, fnt, width, force=True) == _ellipsize_letter_by_letter(folded, fnt, width)


# --- layout -----------------------------------------------------------------------------------------------


def test_flow_wraps_rows_within_the_width() -> None:
    positions, height = kit.flow([(100, 50)] * 5, width=340, gap=10)
    assert positions == [(0, 0), (110, 0), (220, 0), (0, 60), (110, 60)]
    assert height == 110


def test_flow_uses_the_tallest_item_of_each_row_and_nothing_for_no_items() -> None:
    positions, height = kit.flow([(100, 50), (100, 80), (300, 20)], width=250, gap=10)
    assert positions[2] == (0, 90)
    assert height == 110
    assert kit.flow([], width=250) == ([], 0)


# --- tiles ------------------------------------------------------------------------------------------------


def test_a_card_tile_is_drawn_inside_its_box() -> None:
    img = a_canvas()
    kit.card_tile(img, TILE_BOX, "Gandalf", subtitle="Istari", tokens={"damage": 2})
    assert variance(img, TILE_BOX) > 100
    outside = (0, 0, img.width, TILE_BOX[1])  # the strip above the tile is untouched table
    assert variance(img, outside) == 0
    assert img.getpixel((TILE_BOX[0] + 40, TILE_BOX[1] + kit.TILE[1] // 2)) == kit.PALETTE.face


def test_a_face_down_card_looks_unlike_a_face_up_one() -> None:
    face, back = a_canvas(), a_canvas()
    kit.card_tile(face, TILE_BOX, "Gandalf")
    kit.card_tile(back, TILE_BOX, None, back="encounter")
    difference = ImageStat.Stat(ImageChops.difference(face, back).crop(TILE_BOX).convert("L")).mean[0]
    assert difference > 60
    assert variance(back, TILE_BOX) > 100  # the back is drawn too, not left blank


def test_a_face_down_card_says_only_its_back(drawn: TextRecorder) -> None:
    kit.card_tile(a_canvas(), TILE_BOX, None, back="shadow", tokens={"damage": 1})
    assert drawn.strings[0] == "shadow"
    assert "1 dmg" in drawn.strings  # tokens a view shows on a back are public marks


@pytest.mark.parametrize(
    "name",
    [
        "Glorfindel of the House of the Golden Flower of Gondolin, Balrog-slayer",
        "Supercalifragilisticexpialidociouslylongcardname",
        "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW WWWWWWWWWWWW",
        "Théoden King of Rohan, Lord of the Mark, Master of Meduseld",
    ],
)
def test_long_names_and_many_tokens_stay_inside_the_tile(drawn: TextRecorder, name: str) -> None:
    img = a_canvas()
    tokens = {"damage": 12, "progress": 3, "resources": 7, "wounds": 2}
    kit.card_tile(
        img,
        TILE_BOX,
        name,
        subtitle="Hero. Noble. Warrior. Ranger. " * 3,
        numbers={"W": 3, "A": 3, "D": 2, "HP": 5},
        tokens=tokens,
        flags=["guarded"],
    )
    boxes = [text_box(img, call) for call in drawn.calls]
    for call, (left, top, right, bottom) in zip(drawn.calls, boxes, strict=True):
        assert TILE_BOX[0] <= left and right <= TILE_BOX[2], call.text
        assert TILE_BOX[1] <= top and bottom <= TILE_BOX[3], call.text
    for i, a in enumerate(boxes):  # and no two texts overprint each other
        for b in boxes[i + 1 :]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
    assert any(s.endswith("…") for s in drawn.strings)
    assert "12 dmg" in drawn.strings


def test_an_exhausted_card_is_dimmed_and_labelled(drawn: TextRecorder) -> None:
    ready, exhausted = a_canvas(), a_canvas()
    kit.card_tile(ready, TILE_BOX, "Aragorn")
    kit.card_tile(exhausted, TILE_BOX, "Aragorn", flags=["exhausted"])
    brightness = [ImageStat.Stat(img.crop(TILE_BOX).convert("L")).mean[0] for img in (ready, exhausted)]
    assert brightness[1] < brightness[0] * 0.7
    assert "EXHAUSTED" in drawn.strings


def test_a_card_is_shaded_inside_its_rounded_outline_alone() -> None:
    """dim_card's shade, pasted through a kept two-level outline, is the blend pasted through the 8-bit rounded
    mask it replaced: inside the card half way to the shade, the ground around its corners untouched."""
    for size in ((176, 212), (220, 300), (40, 30)):
        box = (10, 12, 10 + size[0], 12 + size[1])
        ours = Image.new("RGB", (260, 340), kit.PALETTE.panel)
        kit.card_tile(ours, box, "Gandalf", subtitle="Wizard character", numbers={"A": 1, "D": 2})
        theirs = ours.copy()
        kit._shade(ours, box)
        region = theirs.crop(box)
        mask = Image.new("L", region.size, 0)
        ImageDraw.Draw(mask).rounded_rectangle((0, 0, region.width - 1, region.height - 1), kit.RADIUS, fill=255)
        theirs.paste(Image.blend(region, Image.new("RGB", region.size, kit.PALETTE.shade), 0.5), box[:2], mask)
        assert ImageChops.difference(ours, theirs).getbbox() is None, size
        assert ours.getpixel(box[:2]) == kit.PALETTE.panel


def test_a_deck_stack_shows_its_count(drawn: TextRecorder) -> None:
    img = a_canvas()
    kit.deck_stack(img, TILE_BOX, 27, "encounter")
    assert "27" in drawn.strings and "encounter" in drawn.strings
    assert variance(img, TILE_BOX) > 100


def test_token_badges_use_short_labels_and_return_their_box(drawn: TextRecorder) -> None:
    img = kit.canvas(300, 60)
    box = kit.token_badge(ImageDraw.Draw(img), (10, 10), "damage", 3)
    assert drawn.strings == ["3 dmg"]
    assert box[0] == 10 and box[2] > 10 and box[3] > 10
    assert img.getpixel((box[0] + 4, (box[1] + box[3]) // 2)) == kit.TOKEN_STYLES["damage"][1]
    assert kit.token_label("resources", 2) == "2 res"
    assert kit.token_label("corruption", 1) == "1 corruption"


# --- encoding ---------------------------------------------------------------------------------------------


def test_to_png_round_trips_a_drawn_board_as_a_palette_image() -> None:
    img = a_canvas()
    kit.card_tile(img, TILE_BOX, "Gandalf", tokens={"damage": 2})
    data = kit.to_png(img)
    assert data.startswith(b"\x89PNG") and data == kit.to_png(img)
    decoded = Image.open(io.BytesIO(data))
    assert decoded.size == img.size and decoded.mode == "P"
    error = ImageStat.Stat(ImageChops.difference(decoded.convert("RGB"), img).convert("L")).mean[0]
    assert error < 1


def test_to_png_keeps_a_many_coloured_image_in_rgb() -> None:
    rnd = random.Random(5)
    img = Image.frombytes("RGB", (100, 100), bytes(rnd.randrange(256) for _ in range(30000)))
    decoded = Image.open(io.BytesIO(kit.to_png(img)))
    assert decoded.mode == "RGB"
    assert decoded.tobytes() == img.tobytes()
