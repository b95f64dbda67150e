"""The War of the Ring table, checked on real PNGs: the registry picks it, it shows the locations with the
cards on them and their totals, the scores, every deck's counts, and a seat's own hand only on that seat's
board; no hidden card is named on any board."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from engines.core import Config
from engines.wotr import GAME
from engines.wotr.state import WotrState
from render import registry, wotr
from tests.engines.randomplay import hidden_names, random_answer, seen_names
from tests.engines.wotr.table import clear_active, fetch, location, opened, put
from tests.render.test_kit import TextRecorder


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> TextRecorder:
    return TextRecorder().install(monkeypatch)


def decode(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def a_table() -> WotrState:
    state = opened()
    clear_active(state)
    path, harad = location(state, "Weathertop"), location(state, "Harad")
    put(state, "witch-king", "The Witch-king", path)
    frodo = put(state, "frodo", "Frodo Baggins", path)
    frodo.attached.append(fetch(state, "frodo", "Sting"))
    put(state, "aragorn", "High Elves", harad)
    put(state, "witch-king", "Olog-Hai", harad)
    put(state, "aragorn", "Legolas", "reserve")
    state.fp_area.cards.append(state.bg_fp.cards.pop())
    state.corruption = 3
    return state


def test_the_registry_draws_wotr_with_its_own_table() -> None:
    assert registry.renderer_for("wotr") is wotr._render


def test_the_table_png_shows_locations_totals_scores_and_decks(drawn: TextRecorder) -> None:
    state = a_table()
    png = registry.render(GAME.view(state, None))
    img = decode(png)
    assert img.format == "PNG" and img.width == 1600 and 1200 < img.height < 4000
    text = " | ".join(drawn.strings)
    assert "Weathertop: attack 2 against defense 2 (Free Peoples defend)" in text
    assert "Harad: attack 2 against defense 3 (Shadow defend)" in text
    for name in ("Witch-king", "Olog-Hai", "High Elves", "Legolas"):  # tiles wrap long names over lines
        assert name in text
    assert "Shadow scoring area · 3 VP, 3 corruption" in text
    assert any(s.startswith("hand 5 · draw deck") for s in drawn.strings)
    assert "Your hand" not in text  # the table's board carries no hand
    colours = img.convert("RGB").getcolors(1 << 16)
    assert colours is not None and len(colours) > 20  # a drawn board, not a blank canvas


def test_a_seats_board_shows_its_own_hand_and_nobody_elses(drawn: TextRecorder) -> None:
    state = a_table()
    registry.render(GAME.view(state, "p1"))
    text = " | ".join(drawn.strings)
    assert "Your hand: Frodo · 5 cards" in text and "Your hand: Aragorn" not in text
    secret = hidden_names(state, "p1")
    named = [n for n in secret if n in drawn.strings]
    assert not named, f"p1's board names hidden cards {named}"


def test_boards_of_a_random_game_never_name_hidden_cards(drawn: TextRecorder) -> None:
    state = GAME.setup(Config(seats=GAME.seat_names(2), options={"scenario": "duel2"}), 4)
    rnd = random.Random(4)
    for step in range(120):
        if GAME.outcome(state) is not None:
            break
        d = rnd.choice(GAME.pending(state))
        state = GAME.apply(state, d.seat, random_answer(d, rnd)).state
        if step % 30 == 0:
            for seat in (None, "p1", "p2"):
                drawn.calls.clear()
                registry.render(GAME.view(state, seat))
                # A wrapped tile may draw "Galadriel" alone for the visible "Phial of Galadriel": names inside a
                # visible card's name are not secrets on their own.
                seen = seen_names(state, seat)
                secret = {n for n in hidden_names(state, seat) if not any(n in s for s in seen)}
                assert not [n for n in secret if n in drawn.strings]


def test_the_same_view_gives_the_same_bytes() -> None:
    view = GAME.view(a_table(), None)
    assert registry.render(view) == registry.render(view)
