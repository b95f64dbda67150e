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
from render import kit, registry, wotr
from render.kept import Kept
from tests.engines.randomplay import hidden_names, random_answer, seen_names
from tests.engines.wotr.table import clear_active, fetch, location, opened, put
from tests.render.test_kit import TextRecorder


def keep_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing kept between renders: a test that reads what a render draws sees the whole board drawn."""
    monkeypatch.setattr(wotr, "BLOCKS", kit.KeptBlocks(0))
    monkeypatch.setattr(wotr, "TILES", Kept(0))
    monkeypatch.setattr(wotr, "LAID_OUT", Kept(0))


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> TextRecorder:
    keep_nothing(monkeypatch)
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
    assert img.format == "PNG" and img.width == wotr.WIDTH and 1200 < img.height < 6000
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


# --- issue 16: the table image ----------------------------------------------------------------------------------
def test_a_battlegrounds_entry_gates_are_drawn(drawn: TextRecorder) -> None:
    """L269-279, spec 2.2: the image says which factions may enter as armies and as characters, on each side
    (Edoras: Rohan armies and Rohan and Wizard characters defend; Isengard attacks with both)."""
    state = opened()
    clear_active(state)
    location(state, "Edoras")
    registry.render(GAME.view(state, None))
    assert "Defenders: armies Rohan; characters Rohan, Wizard" in drawn.strings
    assert "Attackers: armies Isengard; characters Isengard" in drawn.strings


def test_the_set_aside_duel_path_is_shown(drawn: TextRecorder) -> None:
    """Spec 4.3.4 (Duel tie): a path nobody scores is set aside; the image shows it."""
    state = opened("duel2", 2)
    tied = state.path_deck.cards.pop(0)
    state.set_aside.cards.append(tied)
    registry.render(GAME.view(state, None))
    assert any(s.startswith("Set aside") for s in drawn.strings)
    assert tied.name.split()[0] in " ".join(drawn.strings)


def test_more_never_covers_a_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """A long reserve: the "+N more" tile takes a slot of its own, and N is exactly the cards not drawn."""
    keep_nothing(monkeypatch)
    state = opened()
    for name in ("Legolas", "Arwen", "Elrond", "Galadriel", "Strider", "Halbarad", "Faramir", "Denethor",
                 "Boromir", "High Elves", "Soldiers of Gondor", "Dead Men of Dunharrow"):
        put(state, "aragorn", name, "reserve")
    tiles: list[tuple[int, int, str]] = []
    mores: list[tuple[tuple[int, int, int, int], int]] = []
    real_tile, real_more = wotr._tile, kit.more_tile

    def tile(img, view, card, x, y, w=wotr.TILE_W):
        tiles.append((x, y, card.name))
        real_tile(img, view, card, x, y, w)

    def more(img, box, n):
        mores.append((box, n))
        real_more(img, box, n)

    monkeypatch.setattr(wotr, "_tile", tile)
    monkeypatch.setattr(kit, "more_tile", more)
    registry.render(GAME.view(state, None))
    assert mores
    for box, _n in mores:
        row = [t for t in tiles if t[1] == box[1]]
        assert all(x + wotr.TILE_W <= box[0] or x >= box[2] for x, _, _ in row), "a card is under +N more"
    ((box, n),) = mores
    shown = [name for _, y, name in tiles if y == box[1]]
    assert len(shown) + n == 12


def test_to_act_marks_the_deck_the_game_waits_on(drawn: TextRecorder) -> None:
    """Issue 16: the image and the status name the same seat. Saruman's Cave-Troll makes each Free Peoples deck
    forsake: the game waits on Frodo's player, in Saruman's turn; Frodo's deck is the one marked."""
    from engines.wotr.view import build
    from tests.engines.wotr.table import answer, to_act

    state = opened()
    troll = put(state, "saruman", "Cave-Troll", "reserve")
    to_act(state, "saruman")
    state = answer(state, "act:saruman", f"use-{troll.uid}")
    view = build(state, None)
    marked = [d.key for d in view.decks if d.to_act]
    assert marked == ["frodo"] and view.waiting_on == ["p1"]
    registry.render(view)
    assert any(s.startswith("Frodo's deck (p1)") and "to act" in s for s in drawn.strings)
    assert not any(s.startswith("Saruman's deck") and "to act" in s for s in drawn.strings)


PHONE_WIDTH = 400  # Discord's inline preview on a phone, in CSS pixels
MIN_CAP_HEIGHT = 6.0  # px: a capital letter 6 px tall there is a ~9 px font, the floor of small phone captions


def test_the_smallest_text_is_legible_at_phone_width(drawn: TextRecorder) -> None:
    """Issue 16: scaled to 400 px wide (Discord's preview on a phone), the smallest text on the board still
    has capitals at least 6 px tall. Measured, not assumed: the cap height ("H") of every font the board
    drew with, times the scale."""
    state = a_table()
    img = decode(registry.render(GAME.view(state, "p1")))
    scale = PHONE_WIDTH / img.width
    heights = []
    for call in drawn.calls:
        face = call.kwargs["font"]
        left, top, right, bottom = face.getbbox("H")
        heights.append((bottom - top) * scale)
    assert heights and min(heights) >= MIN_CAP_HEIGHT, f"smallest capital {min(heights):.1f} px at 400 px wide"


def test_to_act_marks_the_starting_deck_for_the_combat_order() -> None:
    """Issue 16 (found playing): with two people, p1 runs Frodo and Aragorn; Aragorn's deck, the starting
    player, orders the combats, yet the image marked Frodo's deck (the seat's first) "to act"."""
    from engines.wotr import round
    from engines.wotr.view import build
    from tests.engines.wotr.table import turn

    state = opened("trilogy", 2)
    state.start = state.order.index("aragorn")
    state.decisions.clear()
    round.order_combats(turn(state))
    assert state.decisions and "Aragorn's deck" in state.decisions[0].prompt
    assert [d.key for d in build(state, None).decks if d.to_act] == ["aragorn"]


def test_a_wielders_items_each_follow_it_after_a_plus(monkeypatch: pytest.MonkeyPatch) -> None:
    # an item's name may hold a comma ("Nenya, Ring of Adamant"): "+ Sting, Nenya, Ring of Adamant" reads as three
    # items, so each follows its wielder after " + ", as render/text.py writes attachments
    keep_nothing(monkeypatch)
    state = a_table()
    frodo = next(c for c in location(state, "Weathertop").attached if c.name == "Frodo Baggins")
    frodo.attached.append(fetch(state, "frodo", "Nenya, Ring of Adamant"))
    subtitles: dict[str, str] = {}
    real_tile = kit.card_tile

    def card_tile(img: Image.Image, box: kit.Box, name: str, *args: object, **kwargs: object) -> None:
        subtitles[name] = str(kwargs.get("subtitle", ""))
        real_tile(img, box, name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(kit, "card_tile", card_tile)
    registry.render(GAME.view(state, None))
    assert subtitles["Frodo Baggins"] == "Hobbit character + Sting + Nenya, Ring of Adamant"
