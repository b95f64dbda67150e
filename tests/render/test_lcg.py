"""The LCG table, checked on real PNGs of real games and on what it writes: the registry picks it, every card
on the table is named and no hidden one is, a seat's board alone carries its hand, numbers are big, and the
same view gives the same bytes."""

from __future__ import annotations

import importlib
import io
import random
import subprocess
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from PIL import Image, ImageFont

from engines.core import Config, visible_to
from engines.core.zones import Card, CardView, ZoneView
from engines.lcg import GAME
from engines.lcg.state import LcgState
from engines.lcg.view import LcgView
from render import kit, lcg, lcg_card, lcg_layout, registry
from render.generic import render_view
from render.kept import Kept
from tests.engines.randomplay import check_words, random_answer
from tests.render.test_kit import TextRecorder

ROOT = Path(__file__).resolve().parents[2]


def keep_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing kept between renders: a test that reads what a render draws sees the whole board drawn."""
    monkeypatch.setattr(lcg, "BLOCKS", kit.KeptBlocks(0))
    monkeypatch.setattr(lcg, "LAID_OUT", Kept(0))
    monkeypatch.setattr(lcg, "HEADS", Kept(0))
    monkeypatch.setattr(lcg_card, "LAID_OUT", Kept(0))
    monkeypatch.setattr(lcg_card, "TILES", Kept(0))
    monkeypatch.setattr(lcg_card, "FRAMES", Kept(0))


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> TextRecorder:
    keep_nothing(monkeypatch)
    return TextRecorder().install(monkeypatch)


@pytest.fixture
def no_encoding(monkeypatch: pytest.MonkeyPatch) -> None:
    """Skip PNG encoding where a test only reads what was drawn: it is half of a render's time."""
    monkeypatch.setattr(kit, "to_png", lambda img: b"")


def decode(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


# --- games to draw ----------------------------------------------------------------------------------------


def lcg_game(seed: int, seats: int = 4) -> Iterator[LcgState]:
    """Every state of one random four-player game of Passage Through Mirkwood, the way randomplay plays."""
    state = GAME.setup(Config(seats=[f"p{i}" for i in range(1, seats + 1)]), seed)
    rnd = random.Random(seed)
    yield state
    while GAME.outcome(state) is None:
        decision = rnd.choice(GAME.pending(state))
        state = GAME.apply(state, decision.seat, random_answer(decision, rnd)).state
        yield state


def _busy(state: LcgState) -> bool:
    """Mid-game and crowded: shadow cards dealt, an attachment on a character, damage, an active location."""
    engaged = [e for p in state.players for e in p.engaged.cards]
    in_play = [c for p in state.players for c in p.play.cards]
    return (
        any(not a.face_up for e in engaged for a in e.attached)
        and any(c.attached for c in in_play)
        and any(c.tokens.get("damage") for c in in_play)
        and any("exhausted" in c.flags for c in in_play)
        and bool(state.active.cards)
        and len(state.staging.cards) >= 2
    )


@cache
def midgame() -> LcgState:
    """The first busy state, with more than 20 cards face up on the table, of the first seed that reaches one (the
    tests here count on a crowd, whatever course the random game takes as the rules change)."""
    for seed in range(1, 20):
        for state in lcg_game(seed):
            if _busy(state) and _crowd(state) > 20:
                return state
    raise AssertionError("no random game reached a busy table")


def _crowd(state: LcgState) -> int:
    zones = [state.quest, state.active, state.staging, *[z for p in state.players for z in (p.play, p.engaged)]]
    return sum(1 for z in zones for c in _walk(z.cards) if c.face_up)


def _walk(zone_cards: list[Card]) -> Iterator[Card]:
    for card in zone_cards:
        yield card
        yield from _walk(card.attached)


def names(state: LcgState, seat: str | None, visible: bool) -> set[str]:
    """Names of the cards `seat` may (or may not) see, anywhere in the state."""
    out: set[str] = set()
    for zone in state.zones():
        for top in zone.cards:
            for card in [top, *_walk(top.attached)]:
                if visible_to(zone, card, seat) == visible:
                    out.add(card.name)
    return out


def secret_names(state: LcgState, seat: str | None) -> set[str]:
    """Cards hidden from `seat` (hands, decks, face-down shadow cards, later quest stages) whose name no card
    it can see shares: drawing one of these names would leak."""
    return names(state, seat, visible=False) - names(state, seat, visible=True)


def view_cards(zones: list[ZoneView | None]) -> list[CardView]:
    out: list[CardView] = []

    def walk(card: CardView) -> None:
        out.append(card)
        for a in card.attached:
            walk(a)

    for zone in zones:
        for card in zone.cards if zone else []:
            walk(card)
    return out


def table_zones(view: LcgView) -> list[ZoneView | None]:
    """The zones the board draws card by card (discard piles and the victory display are counts)."""
    return [view.quest, view.active, view.staging, *[z for p in view.players for z in (p.play, p.engaged)]]


def lcg_view(state: LcgState, seat: str | None) -> LcgView:
    view = GAME.view(state, seat)
    assert isinstance(view, LcgView)
    return view


def without(text: str, visible: set[str]) -> str:
    """`text` with the names of visible cards blanked, longest first: "Gandalf's Search" on the board does
    not leak the Gandalf in someone's hand."""
    for name in sorted(visible, key=len, reverse=True):
        text = text.replace(kit.fold(name), "|")
    return text


def said(drawn: TextRecorder) -> str:
    """Everything drawn, in drawing order: a name wrapped over two lines reads whole again."""
    return " ".join(drawn.strings)


# --- the image --------------------------------------------------------------------------------------------


def test_a_four_player_table_is_one_phone_width_palette_image() -> None:
    img = decode(lcg.render_table(lcg_view(midgame(), None)))
    assert img.width == lcg_layout.WIDTH == 960  # as the War of the Ring board: legible at a phone's 400 px
    assert 1600 < img.height < 3200  # four players stacked, one band each: under three and a half widths tall
    assert img.mode == "P"


def test_the_same_view_gives_the_same_bytes() -> None:
    state = midgame()
    for seat in (None, "p2"):
        assert lcg.render_table(lcg_view(state, seat)) == lcg.render_table(lcg_view(state, seat))
    assert lcg.render_table(lcg_view(state, None)) != lcg.render_table(lcg_view(state, "p2"))


# --- the registry -----------------------------------------------------------------------------------------


def test_boards_stamped_from_kept_glyph_masks_are_the_boards_imagedraw_text_draws(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """kit.text stamps kept glyph masks (issue 17); the table and a seat's board, drawn whole in full colour, are
    pixel for pixel what drawing every string with ImageDraw.text gives. (Stamped in a palette's indices, they are
    what mapping these gives: tests/render/test_indexed.py.)"""
    from PIL import ImageDraw

    keep_nothing(monkeypatch)
    state = midgame()
    stamped = [lcg.draw_table(lcg_view(state, seat), None) for seat in (None, "p1")]

    def pil_text(draw: ImageDraw.ImageDraw, xy: tuple[int, int], s: str, fnt: kit.Font, fill: kit.RGB,
                 anchor: str = "la") -> None:
        draw.text(xy, kit.fold(s), fill=fill, font=fnt.face, anchor=anchor, stroke_width=fnt.stroke, stroke_fill=fill)

    monkeypatch.setattr(kit, "text", pil_text)
    drawn = [lcg.draw_table(lcg_view(state, seat), None) for seat in (None, "p1")]
    for ours, theirs in zip(stamped, drawn, strict=True):
        assert ours.size == theirs.size and ours.tobytes() == theirs.tobytes()


def test_the_registry_draws_an_lcg_view_with_the_lcg_renderer() -> None:
    view = lcg_view(midgame(), "p1")
    renderer = registry.renderer_for("lcg")
    assert renderer is not render_view and renderer.__module__ == "render.lcg"
    assert registry.render(view) == lcg.render_table(view)


def test_the_lcg_renderer_loads_itself_on_first_use() -> None:
    """The bot imports only the registry: asking for 'lcg' imports render.lcg, which registers itself."""
    script = (
        "import sys\n"
        "from render import registry\n"
        "assert 'render.lcg' not in sys.modules\n"
        "fn = registry.renderer_for('lcg')\n"
        "assert fn.__module__ == 'render.lcg' and registry.renderer_for('lcg') is fn\n"
        "assert registry.renderer_for('no_such_game') is registry.render_view\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


def test_a_game_renderer_that_fails_to_import_is_an_error_not_a_fallback(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(name: str) -> None:
        raise ModuleNotFoundError("No module named 'numpy'", name="numpy")

    monkeypatch.setattr(importlib, "import_module", broken)
    with pytest.raises(ModuleNotFoundError, match="numpy"):
        registry.renderer_for("brokengame")


# --- what the board says ----------------------------------------------------------------------------------


def test_every_card_on_a_mid_game_table_is_named_with_its_marks(drawn: TextRecorder, no_encoding: None) -> None:
    view = lcg_view(midgame(), None)
    lcg.render_table(view)
    text = said(drawn)
    shown = [c for c in view_cards(table_zones(view)) if c.name is not None]
    assert len(shown) > 20
    missing = sorted({c.name for c in shown if c.name and kit.fold(c.name) not in text})
    assert not missing, f"cards on the table not drawn: {missing}"
    for card in shown:
        for kind, amount in card.tokens.items():
            if amount and kind != "progress":  # progress is the bar's "n / QP"
                assert kit.token_label(kind, amount) in drawn.strings, (card.name, kind)
    exhausted = sum("exhausted" in c.flags for c in shown)
    assert drawn.strings.count("EXHAUSTED") >= exhausted > 0
    shadows = [a for p in view.players for e in p.engaged.cards for a in e.attached if a.name is None]
    assert shadows and drawn.strings.count("shadow card") == len(shadows)


def test_the_table_shows_the_round_phase_first_player_threat_and_encounter_counts(
    drawn: TextRecorder, no_encoding: None
) -> None:
    view = lcg_view(midgame(), None)
    lcg.render_table(view)
    first = next(p.seat for p in view.players if p.first)
    for expected in (
        f"Round {view.round}",
        f"{view.phase.capitalize()} phase",
        f"First player: {first}",
        "FIRST",
        f"Encounter deck {view.encounter_deck}",
        f"Encounter discard {view.encounter_discard.count if view.encounter_discard else 0}",
        f"Victory {lcg._victory_points(view)}",
        f"threat {view.staging_threat}",
        *(str(p.threat) for p in view.players),
        *(f"discard {p.discard.count}" for p in view.players),
    ):
        assert expected in drawn.strings, expected
    assert view.status in said(drawn)  # whom the game waits on, as `status` says it (test_lcg_phone.py)
    assert "Your hand" not in said(drawn)
    quest = view.quest.cards[0] if view.quest else None
    assert quest is not None and quest.ref is not None
    needed = view.facts[quest.ref].quest_points
    assert f"{quest.tokens.get('progress', 0)} / {needed}" in drawn.strings


def test_card_names_are_at_least_24_px_and_stat_numbers_bigger(drawn: TextRecorder, no_encoding: None) -> None:
    view = lcg_view(midgame(), "p1")
    lcg.render_table(view)
    words = {w for c in view_cards([*table_zones(view), *view.private]) if c.name for w in kit.fold(c.name).split()}
    sizes = {call.text: call.kwargs["font"].size for call in drawn.calls if isinstance(call.kwargs.get("font"),
                                                                                       ImageFont.FreeTypeFont)}
    name_lines = [s for s in sizes if s.split() and all(w in words for w in s.split())]
    assert name_lines and min(sizes[s] for s in name_lines) >= 24
    numbers = [call for call in drawn.calls if call.text.isdigit() and call.kwargs["font"].size == lcg_card.STAT.size]
    assert len(numbers) > 40 and lcg_card.STAT.size >= 32


def test_a_modified_stat_is_drawn_in_its_changed_colour(drawn: TextRecorder, no_encoding: None) -> None:
    view = lcg_view(midgame(), None)
    hero = next(c for p in view.players for c in p.play.cards if c.ref and view.facts[c.ref].type == "hero")
    assert hero.uid is not None and hero.ref is not None
    printed = view.facts[hero.ref].willpower
    view.current[hero.uid] = {"willpower": printed + 7}
    lcg.render_table(view)
    raised = [c for c in drawn.calls if c.text == str(printed + 7)]
    assert raised and raised[0].kwargs["fill"] == lcg_card.UP


# --- hidden information -----------------------------------------------------------------------------------


def test_no_hidden_card_is_ever_named_on_the_table_or_a_seats_board(drawn: TextRecorder, no_encoding: None) -> None:
    checked = 0
    for seed in (1, 2):
        for i, state in enumerate(lcg_game(seed)):
            if i % 13:
                continue
            for seat in (None, state.seats[i % len(state.seats)]):
                drawn.calls.clear()
                lcg.render_table(lcg_view(state, seat))
                text = without(said(drawn), names(state, seat, visible=True))
                leaked = sorted(n for n in secret_names(state, seat) if kit.fold(n) in text)
                assert not leaked, f"seed {seed} step {i}: {seat or 'the table'} is shown hidden cards {leaked}"
                checked += 1
    assert checked > 40


def test_the_hand_strip_is_drawn_only_on_its_seats_board(drawn: TextRecorder) -> None:
    state = midgame()
    table = decode(lcg.render_table(lcg_view(state, None)))
    assert not [s for s in drawn.strings if s.startswith("Your hand")]
    for seat in state.seats:
        drawn.calls.clear()
        view = lcg_view(state, seat)
        img = decode(lcg.render_table(view))
        hand = state.player(seat).hand.cards
        assert f"Your hand · {len(hand)}" in drawn.strings
        text = said(drawn)
        for card in hand:
            assert kit.fold(card.name) in text, f"{seat} cannot see {card.name} in their own hand"
        others = {c.name for p in state.players if p.seat != seat for c in p.hand.cards} - names(state, seat, True)
        assert not [n for n in others if kit.fold(n) in without(text, names(state, seat, True))]
        assert img.width == table.width and img.height > table.height


def test_a_prompt_naming_a_card_in_hand_is_shown_only_to_the_seat_answering_it(
    drawn: TextRecorder, no_encoding: None
) -> None:
    """A private decision's prompt ("Pay 2 for Gandalf: ...") never reaches the table's status line or
    board; the deciding seat's own board, and only it, adds its prompt under the status line."""
    states = list(lcg_game(1))
    for s in states:  # whole names only: "Gandalf's Search" being played does not name a Gandalf in hand
        check_words([GAME.view(s, None).status], s, None, "the status line")
    state = next(s for s in states if s.decisions and s.decisions[0].private)
    seat = state.decisions[0].seat
    prompt = kit.fold(state.decisions[0].prompt)
    for audience in (None, *state.seats):
        drawn.calls.clear()
        view = lcg_view(state, audience)
        lcg.render_table(view)
        assert view.status in said(drawn) and f"waiting on {seat}" in view.status
        own = [d for d in state.decisions if d.seat == audience]
        assert (f"Your decision: {prompt}" in said(drawn)) == bool(own and own[0].prompt == prompt), audience
