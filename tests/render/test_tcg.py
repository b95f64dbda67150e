"""The Decipher TCG table, checked on real PNGs: the registry picks it; it shows the adventure path with every
player's marker, the twilight pool, the active fellowship with wounds, burdens and possessions, allies and
support areas, minions grouped by their skirmish, threats, dead piles and every count; a seat's own hand only
on that seat's board; no hidden card is named; it reads on a phone and renders in time."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image

from engines.core import Config
from engines.core.zones import CardView
from engines.tcg import GAME
from engines.tcg.state import WOUNDS, TcgState
from engines.tcg.view import TcgView
from render import kit, registry, tcg
from tests.engines.randomplay import hidden_names, random_answer, seen_names
from tests.engines.tcg.table import a_game, put
from tests.render.test_kit import TextRecorder


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[TextRecorder]:
    tcg.forget()  # drawn blocks and tiles are reused between renders: start from nothing to see every string
    yield TextRecorder().install(monkeypatch)
    tcg.forget()


def decode(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def a_table() -> TcgState:
    """p1's fellowship at site 2 in a skirmish: a wounded Merry bearing a Javelin, an ally, a support condition,
    two minions on the Horseman (one fighting now), one minion unassigned, burdens, threats, a dead companion."""
    state = a_game(2)
    p1, p2 = state.players
    site2 = next(c for c in p2.adventure.cards if state.defs[c.ref].site == 2)
    p2.adventure.cards.remove(site2)
    state.path.cards.append(site2)  # placed by the opponent (spec 4.2)
    p1.position = 2
    state.phase, state.twilight, state.turn_no = "skirmish", 4, 2
    p1.burdens, p1.threats = 2, 1
    merry = next(c for c in p1.fellowship.cards if c.ref == "8_121")
    horseman = next(c for c in p1.fellowship.cards if c.ref == "7_226")
    merry.tokens[WOUNDS] = 2
    put(state, "7_248", "", on=merry)  # Rohirrim Javelin
    put(state, "1_40", "fellowship")  # Elrond, an ally
    put(state, "8_63", "support")  # Line of Defense
    dead = put(state, "7_96", "dead")  # Gondorian Captain
    assert dead.name
    m1, m2, m3 = (put(state, ref, "minions", "p2") for ref in ("7_190", "7_133", "7_196"))
    state.assign = {m1.uid: horseman.uid, m2.uid: horseman.uid}
    state.skirmish = horseman.uid
    return state


def test_the_registry_draws_tcg_with_its_own_table() -> None:
    assert registry.renderer_for("tcg") is tcg._render


def test_the_table_shows_path_pool_fellowship_minions_and_counts(drawn: TextRecorder) -> None:
    """Issue 13, the image: path 1-9 with markers, pool, active fellowship, allies, support, minions and their
    skirmish pairing (spec 4.7), threats, dead pile, hand and deck counts."""
    state = a_table()
    img = decode(registry.render(GAME.view(state, None)))
    assert img.format == "PNG" and img.width == tcg.WIDTH and 1000 < img.height < 6000
    for n in range(3, 10):
        assert f"Site {n}" in drawn.strings  # unplaced sites still have their slot
    site1, site2 = (state.site_at(n) for n in (1, 2))
    assert site1 is not None and site2 is not None
    assert f"1 · Shadow {state.defs[site1.ref].twilight}" in drawn.strings
    assert "p1 (FP)" in drawn.strings and "p2" in drawn.strings  # the markers (spec 3.3)
    assert "Twilight pool 4" in drawn.strings
    assert any(s.startswith("p1's fellowship, the active one") for s in drawn.strings)
    assert "2 wound" in drawn.strings and "2 burden" in drawn.strings and "Ring-bearer" in drawn.strings
    assert any(s.startswith("Rohirrim J") for s in drawn.strings)  # the possession on its bearer's tile
    assert "Allies · 1" in drawn.strings and "Support area · 1" in drawn.strings
    assert any(s.startswith("Skirmish now, strength") and "Enraged Horseman" in s for s in drawn.strings)
    assert "Not assigned" in drawn.strings and "Minions · 3" in drawn.strings
    assert any("threats 1" in s for s in drawn.strings)
    assert "Dead pile: Gondorian Captain" in drawn.strings
    p1, p2 = state.players
    assert any(f"hand {len(p2.hand.cards)} · draw deck {len(p2.draw.cards)}" in s for s in drawn.strings)
    assert not any(s.startswith("Your hand") for s in drawn.strings)  # the table's board carries no hand
    colours = img.convert("RGB").getcolors(1 << 16)
    assert colours is not None and len(colours) > 20


def test_a_seats_board_shows_its_own_hand_and_nobody_elses(drawn: TextRecorder) -> None:
    """Spec 1.3: hands and adventure decks are their owner's alone."""
    state = a_table()
    registry.render(GAME.view(state, "p2"))
    p2 = state.players[1]
    assert f"Your hand · {len(p2.hand.cards)} cards" in drawn.strings
    assert any(s.startswith("Your adventure deck: ") for s in drawn.strings)
    secret = hidden_names(state, "p2")
    named = [n for n in secret if n in drawn.strings]
    assert not named, f"p2's board names hidden cards {named}"


def test_boards_of_a_random_game_never_name_hidden_cards(drawn: TextRecorder) -> None:
    """Spec 1.3, for 3 players: every audience's board over a random game names only what it may see."""
    state = GAME.setup(Config(seats=GAME.seat_names(3), options={}), 6)
    rnd = random.Random(6)
    for step in range(150):
        if GAME.outcome(state) is not None:
            break
        d = rnd.choice(GAME.pending(state))
        state = GAME.apply(state, d.seat, random_answer(d, rnd)).state
        if step % 25 == 0:
            for seat in (None, "p1", "p2", "p3"):
                tcg.forget()
                drawn.calls.clear()
                registry.render(GAME.view(state, seat))
                seen = seen_names(state, seat)
                secret = {n for n in hidden_names(state, seat) if not any(n in s for s in seen)}
                assert not [n for n in secret if any(n in s for s in drawn.strings)]


def test_the_same_view_gives_the_same_bytes() -> None:
    view = GAME.view(a_table(), None)
    tcg.forget()
    first = registry.render(view)
    assert registry.render(view) == first  # the second from reused blocks: the same pixels


def test_more_never_covers_a_card(drawn: TextRecorder, monkeypatch: pytest.MonkeyPatch) -> None:
    """A long support area: the tiles wrap over rows; past three rows "+N more" takes a slot of its own and
    counts exactly the cards not drawn."""
    state = a_game(2)
    for _ in range(20):
        put(state, "8_63", "support")
    tiles: list[tuple[int, int]] = []
    mores: list[tuple[tuple[int, int, int, int], int]] = []
    real_tile, real_more = tcg._tile, kit.more_tile

    def tile(img: Image.Image, card: CardView, x: int, y: int, *rest: Any) -> None:
        if card.ref == "8_63":
            tiles.append((x, y))
        real_tile(img, card, x, y, *rest)

    def more(img: Image.Image, box: tuple[int, int, int, int], n: int) -> None:
        mores.append((box, n))
        real_more(img, box, n)

    monkeypatch.setattr(tcg, "_tile", tile)
    monkeypatch.setattr(kit, "more_tile", more)
    registry.render(GAME.view(state, None))
    ((box, n),) = mores
    assert len(tiles) + n == 20 and len(tiles) == tcg.PER_ROW * tcg.MAX_ROWS - 1
    assert all(x + tcg.TILE_W <= box[0] or x >= box[2] for x, y in tiles if y == box[1]), "a card is under +N more"


PHONE_WIDTH = 400  # Discord's inline preview on a phone, in CSS pixels
MIN_CAP_HEIGHT = 6.0  # px: as tests/render/test_wotr.py


def test_the_smallest_text_is_legible_at_phone_width(drawn: TextRecorder) -> None:
    """Issue 13: scaled to 400 px wide, every font the board drew with has capitals at least 6 px tall."""
    img = decode(registry.render(GAME.view(a_table(), "p1")))
    scale = PHONE_WIDTH / img.width
    heights = []
    for call in drawn.calls:
        left, top, right, bottom = call.kwargs["font"].getbbox("H")
        heights.append((bottom - top) * scale)
    assert heights and min(heights) >= MIN_CAP_HEIGHT, f"smallest capital {min(heights):.1f} px at 400 px wide"


def test_the_skirmish_line_shows_the_strengths_the_engine_compares(drawn: TextRecorder) -> None:
    # the image and the skirmish result must agree: a possession's strength bonus counts (spec 4.8), so the
    # line shows the current strengths, not the printed ones
    state = a_table()
    horseman = next(c for c in state.players[0].fellowship.cards if c.ref == "7_226")
    put(state, "8_40", "", on=horseman)  # Knight's Mount, strength +1
    view = GAME.view(state, None)
    registry.render(view)
    assert "Skirmish now, strength 6 against 12: Enraged Horseman against" in drawn.strings  # 5 + 1; 6 + 6
    # and how each is made up, under it, as the log will resolve the skirmish: the possession by name, each minion
    # (wrapped at the panel's edge)
    at = drawn.strings.index("Enraged Horseman 6 (5 +1 Knight's Mount) against 12 (Morgul Destroyer 6;")
    assert drawn.strings[at + 1] == "Desert Runner 6)"
    table = GAME.view(state, None)
    assert isinstance(table, TcgView)
    assert ("Skirmish: Enraged Horseman (strength 6: 5 +1 Knight's Mount) against Morgul Destroyer 6; Desert Runner 6 "
            "(strength 12)") in table.lines


def test_a_tile_with_badges_keeps_strength_and_vitality(drawn: TextRecorder) -> None:
    # Frodo's long name and his Ring-bearer chip leave one line: it shows his strength and vitality (what a
    # skirmish needs), not his culture and race
    state = a_table()
    registry.render(GAME.view(state, None))
    assert any(s.startswith("S 3 · V 4") for s in drawn.strings)


def test_a_twins_tile_shows_the_id_the_log_names_it_by_and_a_lone_card_shows_none(
        drawn: TextRecorder, monkeypatch: pytest.MonkeyPatch) -> None:
    # play-tester: "Gondorian Captain (c75) takes a wound" could not be matched to either Captain's tile
    from tests.engines.tcg.table import pippin_game, proc, turn_of

    state = pippin_game()
    frodo, pippin, first = state.players[0].fellowship.cards
    second = put(state, "7_96", "fellowship")  # a second Gondorian Captain
    in_hand = put(state, "7_96", "hand")  # a third copy, hidden: its id follows the deck list
    turn = turn_of(state)
    proc.wound_now(turn, second.uid, "effect")
    assert f"Gondorian Captain ({second.uid}) takes a wound (1 of 3)." in [e.text for e in turn.events]
    tiles: dict[str, tuple[str, ...]] = {}  # uid -> the chips its tile was drawn with
    real_tile = tcg._tile

    def tile(img: Image.Image, card: CardView, x: int, y: int, *rest: Any) -> None:
        seen: list[tuple[str, ...]] = []
        real_drawn = tcg.drawn_tile

        def drawn_tile(*args: Any) -> Image.Image:
            seen.append(args[4])
            return real_drawn(*args)

        monkeypatch.setattr(tcg, "drawn_tile", drawn_tile)
        real_tile(img, card, x, y, *rest)
        monkeypatch.setattr(tcg, "drawn_tile", real_drawn)
        tiles[card.uid or "?"] = seen[0]

    monkeypatch.setattr(tcg, "_tile", tile)
    img = decode(registry.render(GAME.view(state, "p1")))  # p1's own board: the table, and its hand below
    assert img.format == "PNG"
    assert first.uid in tiles[first.uid] and second.uid in tiles[second.uid]
    for lone in (frodo, pippin, in_hand):
        assert lone.uid not in tiles[lone.uid], f"{lone.name}'s tile shows an id it is never named by"
    assert first.uid in drawn.strings and second.uid in drawn.strings  # drawn, as chips
    assert not {frodo.uid, pippin.uid, in_hand.uid} & set(drawn.strings)


def test_a_skirmish_of_a_twin_names_which_copy(drawn: TextRecorder) -> None:
    from tests.engines.tcg.table import pippin_game

    state = pippin_game()
    second = put(state, "7_96", "fellowship")
    spearman = put(state, "7_201", "minions", "p2")
    state.assign, state.skirmish, state.phase = {spearman.uid: second.uid}, second.uid, "skirmish"
    registry.render(GAME.view(state, None))
    assert any(s.startswith("Skirmish now") and s.endswith(f": Gondorian Captain ({second.uid}) against")
               for s in drawn.strings)


def test_lists_of_card_names_part_them_with_semicolons_as_the_log_does(drawn: TextRecorder) -> None:
    # a card's own name may hold a comma ("Arwen, Daughter of Elrond"): parted with ", " two dead cards read
    # as three, so the board parts its lists as engines/core/words.py card_list does (and the log with it)
    state = a_table()
    p2 = state.players[1]
    put(state, "1_30", "dead")  # Arwen, Daughter of Elrond, beside the Gondorian Captain
    put(state, "1_30", "dead", "p2")
    put(state, "7_96", "dead", "p2")
    registry.render(GAME.view(state, None))
    assert "Dead pile: Gondorian Captain; Arwen, Daughter of Elrond" in drawn.strings
    assert "Dead pile: Arwen, Daughter of Elrond; Gondorian Captain" in drawn.strings
    said = " ".join(drawn.strings)  # a long line is wrapped: its parts are drawn one after the other
    fellowship = "; ".join(c.name for c in p2.fellowship.cards)  # p2 waits this turn: its fellowship by name
    assert fellowship.count(", ") >= 2 and f"Fellowship (waits for its turn): {fellowship}" in said
    tcg.forget()
    drawn.calls.clear()
    registry.render(GAME.view(state, "p2"))
    said = " ".join(drawn.strings)
    sites = sorted(p2.adventure.cards, key=lambda c: state.defs[c.ref].site)
    deck = "; ".join(f"{state.defs[c.ref].site} {c.name}" for c in sites)
    assert f"Your adventure deck: {deck}" in said
