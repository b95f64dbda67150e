"""The match clock picture: both times, the running side lit, whose phase group it is (C 15.3.3)."""

from __future__ import annotations

import io

from PIL import Image

from engines.clock import MINUTE, hit, new_clock, pause, settle, start
from engines.clock.face import clock_text, face
from render.clock import LIT, STOPPED, draw_clock

T0 = 0


def picture(clock, now: int, group: str = "Quest and Travel of round 2") -> Image.Image:
    png = draw_clock(face(clock, now, ("Rangers", "Wardens"), group))
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGB")


def left_panel(image: Image.Image) -> tuple[int, int, int]:
    return image.getpixel((44, 200))  # type: ignore[return-value]


def right_panel(image: Image.Image) -> tuple[int, int, int]:
    return image.getpixel((image.width - 44, 200))  # type: ignore[return-value]


def test_the_running_side_is_lit_and_the_other_is_not() -> None:
    clock, _ = start(new_clock(45 * MINUTE), T0)
    image = picture(clock, T0 + MINUTE)
    assert image.size == (1200, 440)
    assert left_panel(image) == LIT and right_panel(image) != LIT
    clock, _ = hit(clock, "a", T0 + 2 * MINUTE)
    image = picture(clock, T0 + 3 * MINUTE)
    assert right_panel(image) == LIT and left_panel(image) != LIT


def test_a_paused_clock_shows_amber() -> None:
    clock, _ = start(new_clock(45 * MINUTE), T0)
    clock, _ = pause(clock, "b", T0 + MINUTE, "dispute")
    assert left_panel(picture(clock, T0 + 5 * MINUTE)) == STOPPED


def test_the_times_differ_in_the_picture_as_they_run() -> None:
    clock, _ = start(new_clock(45 * MINUTE), T0)
    first = picture(clock, T0)
    later = picture(clock, T0 + 7 * MINUTE)
    left, right = (40, 100, 580, 260), (620, 100, 1160, 260)  # team A's digits, team B's
    assert changed(first, later, left) > 500  # 45:00 became 38:00
    assert changed(first, later, right) < 50  # still 45:00 (the palette may shift a shade)


def changed(a: Image.Image, b: Image.Image, box: tuple[int, int, int, int]) -> int:
    """How many pixels of `box` differ clearly between the two pictures."""
    left, right = a.crop(box), b.crop(box)
    count = 0
    for x in range(left.width):
        for y in range(left.height):
            p: tuple[int, ...] = left.getpixel((x, y))  # type: ignore[assignment]
            q: tuple[int, ...] = right.getpixel((x, y))  # type: ignore[assignment]
            count += max(abs(i - j) for i, j in zip(p, q, strict=True)) > 60
    return count


def test_a_flag_fall_is_drawn_red() -> None:
    clock, _ = start(new_clock(30 * MINUTE), T0)
    clock, _ = settle(clock, T0 + 31 * MINUTE)
    assert left_panel(picture(clock, T0 + 31 * MINUTE))[0] > 120


def test_clock_text() -> None:
    assert clock_text(45 * MINUTE) == "45:00"
    assert clock_text(59_999) == "0:59"
    assert clock_text(61 * MINUTE + 5_000) == "1:01:05"
    assert clock_text(-5) == "0:00"
