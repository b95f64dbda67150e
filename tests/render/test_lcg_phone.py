"""The LCG board on a phone (issue 16, "The images"): Discord shows a board about 400 px wide in a phone's
channel, so every piece of text is measured there, on crowded tables of one, two and four players; and the
line that says whom the game waits on is the status line itself, so the image and `status` never disagree."""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from functools import cache

import pytest
from PIL import Image

from engines.lcg.state import LcgState
from render import kit, lcg
from tests.render.test_kit import DrawnText, TextRecorder
from tests.render.test_lcg import _busy, keep_nothing, lcg_game, lcg_view

PHONE_WIDTH = 400  # Discord's inline preview on a phone, in CSS pixels
MIN_CAP_HEIGHT = 6.0  # px: a capital 6 px tall there is a ~9 px font, the floor of small phone captions (as WotR)


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> TextRecorder:
    keep_nothing(monkeypatch)
    return TextRecorder().install(monkeypatch)


def decode(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


@cache
def crowded(seats: int) -> LcgState:
    """The first state of a random game with `seats` players (seeds from 1) whose table is full: engaged
    enemies with shadow cards, an attachment, damage, an exhausted card, an active location, two or more
    cards in the staging area, a quest stage."""
    for seed in range(1, 40):
        for state in lcg_game(seed, seats):
            if _busy(state) and state.quest.cards:
                return state
    raise AssertionError(f"no random {seats}-player game reached a crowded table")


def cap_heights(calls: Sequence[DrawnText], image_width: int) -> list[tuple[float, str]]:
    """Each drawn string with the height of a capital "H" in its font once the image is scaled to the phone's
    width: measured from the font the text was drawn with, not from the renderer's constants."""
    scale = PHONE_WIDTH / image_width
    out = []
    for call in calls:
        left, top, right, bottom = call.kwargs["font"].getbbox("H")
        out.append(((bottom - top) * scale, call.text))
    return out


def smallest_text(seats: int, seat: str | None, drawn: TextRecorder) -> tuple[float, str]:
    """The smallest capital height (px at 400 px wide) on the board of `seat` (None: the table) at the crowded
    table of `seats` players, with a string drawn at that size."""
    drawn.calls.clear()
    img = decode(lcg.render_table(lcg_view(crowded(seats), seat)))
    heights = cap_heights(drawn.calls, img.width)
    assert heights, "the board drew no text"
    return min(heights)


@pytest.mark.parametrize("seats", [1, 2, 4])
@pytest.mark.parametrize("seat", [None, "p1"])
def test_the_smallest_text_is_legible_at_phone_width(seats: int, seat: str | None, drawn: TextRecorder) -> None:
    """Issue 16: scaled to 400 px wide, every capital on the board (the table's, and a seat's with its hand) is at
    least 6 px tall, at a crowded table of 1, 2 and 4 players."""
    height, sample = smallest_text(seats, seat, drawn)
    assert height >= MIN_CAP_HEIGHT, f"'{sample}' has capitals {height:.2f} px tall at {PHONE_WIDTH} px wide"


def test_the_crowded_tables_carry_what_the_measure_is_about() -> None:
    """The measure means something only on full tables: enemies engaged with shadow cards, attachments, the
    staging area, the active location and the quest, for every table size."""
    for seats in (1, 2, 4):
        state = crowded(seats)
        assert len(state.players) == seats
        assert state.quest.cards and state.active.cards and len(state.staging.cards) >= 2
        engaged = [e for p in state.players for e in p.engaged.cards]
        assert engaged and any(e.attached for e in engaged)
        assert any(c.attached for p in state.players for c in p.play.cards)


# --- whom the game waits on -------------------------------------------------------------------------------------


def test_the_image_says_the_status_line_word_for_word(drawn: TextRecorder) -> None:
    """Issue 16: when a decision waits, the image names the same seats for the same reason as the status line
    (`status` in the console, /game status in Discord, both `view.status`), on the table's board and on every
    seat's; the seats marked TO ACT are the seats the status line names."""
    checked = 0
    for i, state in enumerate(lcg_game(2, 4)):
        if i % 7 or not state.decisions:
            continue
        for seat in (None, *state.seats):
            view = lcg_view(state, seat)
            drawn.calls.clear()
            lcg.render_table(view)
            assert kit.fold(view.status) in " ".join(drawn.strings), (i, seat)  # wrapped lines read whole
            waiting = re.search(r"waiting on ([\w, ]+)", view.status)
            assert waiting is not None and waiting.group(1).strip().split(", ") == view.waiting_on
            marked = [c.text for c in drawn.calls if c.text == "TO ACT"]
            assert len(marked) == len(view.waiting_on)
            checked += 1
    assert checked > 40
