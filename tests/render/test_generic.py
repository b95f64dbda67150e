"""The generic board, checked on real PNGs and on what it writes: any View draws, hidden cards stay backs,
each seat sees its own hand and nobody else's, and the same view gives the same bytes."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageStat

from engines.core import (
    Answer,
    BaseState,
    CardView,
    Config,
    Decision,
    DecisionKind,
    Option,
    SeatView,
    Turn,
    View,
    ZoneView,
    visible_to,
)
from render import generic, kit, registry
from render.generic import render_view
from tests.games.tally import GAME as TALLY
from tests.games.tally import TallyState
from tests.render.test_kit import TextRecorder


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> TextRecorder:
    return TextRecorder().install(monkeypatch)


@pytest.fixture
def no_encoding(monkeypatch: pytest.MonkeyPatch) -> None:
    """Skip PNG encoding where a test only reads what was drawn: it is most of a render's time."""
    monkeypatch.setattr(kit, "to_png", lambda img: b"")


def a_view(*zones: ZoneView, **fields: Any) -> View:
    defaults: dict[str, Any] = {"game": "test", "seat": None, "title": "A test table", "status": "p1 to act"}
    return View(table=list(zones), **{**defaults, **fields})


def a_zone(name: str, *cards: CardView, count: int | None = None, owner: str | None = None) -> ZoneView:
    return ZoneView(name=name, owner=owner, count=len(cards) if count is None else count, cards=list(cards))


def face(name: str, **marks: Any) -> CardView:
    return CardView(uid=name.lower(), name=name, **marks)


def back(label: str = "encounter") -> CardView:
    return CardView(uid=None, name=None, back=label)


def decode(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def tally_game(seats: int, seed: int) -> Iterator[TallyState]:
    """Every state of one random Tally game: bids face down, the reveal, plays and draws, the end."""
    state = TALLY.setup(Config(seats=[f"p{i}" for i in range(1, seats + 1)]), seed)
    rnd = random.Random(seed)
    yield state
    while state.outcome is None:
        decision = rnd.choice(TALLY.pending(state))
        answer = Answer(decision=decision.id, choice=(rnd.choice(decision.options).id,))
        state = TALLY.apply(state, decision.seat, answer).state
        yield state


def hidden_names(state: TallyState, seat: str | None) -> set[str]:
    zones = [state.deck, state.bids, state.pile, *state.hands.values()]
    return {c.name for z in zones for c in z.cards if not visible_to(z, c, seat)}


# --- the size and look of a board ------------------------------------------------------------------------


def test_a_board_is_1600_wide_and_grows_with_its_content() -> None:
    small = decode(render_view(a_view(a_zone("staging_area", face("Hill Troll")))))
    big = decode(render_view(a_view(*(a_zone(f"zone_{i}", *(face(f"Orc {j}") for j in range(9))) for i in range(3)))))
    assert small.width == big.width == generic.WIDTH
    assert small.mode == "P"  # a drawn board fits a 256-colour palette (see kit.to_png)
    assert 300 < small.height < big.height


def test_the_tile_of_a_card_is_drawn_and_a_face_down_card_looks_different() -> None:
    up = decode(render_view(a_view(a_zone("staging_area", face("Hill Troll"))))).convert("RGB")
    down = decode(render_view(a_view(a_zone("staging_area", back())))).convert("RGB")
    assert up.size == down.size
    # Palette quantization (kit.to_png) may nudge anti-aliased pixels elsewhere by a few levels: ignore those.
    changed = ImageChops.difference(up, down).convert("L").point(lambda p: 255 if p > 32 else 0).getbbox()
    assert changed is not None
    left, top, right, bottom = changed  # only the tile differs, and the whole tile does
    assert kit.TILE[0] - 4 <= right - left <= kit.TILE[0]
    assert kit.TILE[1] - 4 <= bottom - top <= kit.TILE[1]
    for img in (up, down):
        assert sum(ImageStat.Stat(img.crop(changed).convert("L")).var) > 100
    difference = ImageStat.Stat(ImageChops.difference(up, down).crop(changed).convert("L")).mean[0]
    assert difference > 60


def test_the_same_view_gives_the_same_bytes() -> None:
    states = list(tally_game(4, seed=11))
    mid = states[len(states) // 2]
    for seat in (None, "p2"):
        first = render_view(TALLY.view(mid, seat))
        assert render_view(TALLY.view(mid, seat)) == first
    assert render_view(TALLY.view(mid, None)) != render_view(TALLY.view(mid, "p2"))


# --- what a board says -----------------------------------------------------------------------------------


def test_the_public_tally_board_never_draws_a_hidden_card(drawn: TextRecorder, no_encoding: None) -> None:
    backs_seen = 0
    for seed in (1, 2):
        for state in tally_game(4, seed):
            drawn.calls.clear()
            render_view(TALLY.view(state, None))
            secret = hidden_names(state, None)
            leaked = [s for s in drawn.strings for name in secret if name in s]
            assert not leaked, f"the table's board names hidden cards: {leaked}"
            backs_seen += drawn.strings.count("Tally")  # the label on a face-down bid's back
    assert backs_seen  # the games did reach face-down bids, so backs were really drawn


def test_each_seat_sees_its_own_hand_and_no_card_hidden_from_it(drawn: TextRecorder, no_encoding: None) -> None:
    for state in tally_game(3, seed=4):
        for seat in state.seats:
            drawn.calls.clear()
            render_view(TALLY.view(state, seat))
            for card in state.hands[seat].cards:
                assert card.name in drawn.strings, f"{seat} cannot see {card.name} in their own hand"
            secret = hidden_names(state, seat)
            leaked = [s for s in drawn.strings for name in secret if name in s]
            assert not leaked, f"{seat}'s board names cards hidden from them: {leaked}"


def test_a_zone_with_only_a_count_is_a_face_down_stack(drawn: TextRecorder) -> None:
    render_view(a_view(a_zone("encounter_deck", count=34)))
    assert "34" in drawn.strings
    assert "encounter" in drawn.strings and "deck" in drawn.strings  # the stack's back label, wrapped
    assert "Encounter deck · 34" in drawn.strings


def test_a_long_zone_ends_in_a_more_tile(drawn: TextRecorder) -> None:
    cards = [face(f"Orc {i}") for i in range(60)]
    img = decode(render_view(a_view(a_zone("discard", *cards))))
    shown = [s for s in drawn.strings if s.startswith("Orc ")]
    assert len(shown) < 30 and "Orc 59" not in shown
    assert f"+{60 - len(shown)} more" in drawn.strings
    assert img.height < 1400


def test_tokens_flags_and_attachments_are_drawn(drawn: TextRecorder) -> None:
    aragorn = face(
        "Aragorn", tokens={"damage": 2}, flags=["exhausted"], attached=[face("Celebrían's Stone"), back("shadow")]
    )
    render_view(a_view(a_zone("play_area", aragorn, owner="p1")))
    for expected in ("Aragorn", "2 dmg", "EXHAUSTED", "shadow", "Play area (p1) · 1"):
        assert expected in drawn.strings, expected
    assert any(s.startswith("Celebrían's") for s in drawn.strings)  # the accent survives


def test_the_header_seats_and_decisions_are_drawn(drawn: TextRecorder) -> None:
    decision = Decision(
        id=7,
        seat="p1",
        kind=DecisionKind.CHOOSE_MANY,
        prompt="Commit characters to the quest",
        options=[Option(id="o1", label="Gimli"), Option(id="o2", label="Legolas")],
        low=0,
        high=2,
    )
    view = a_view(
        seat="p1",
        seats=[SeatView(seat="p1", counters={"threat": 29}), SeatView(seat="p2")],
        counters={"round": 3},
        decisions=[decision],
        waiting_on=["p1"],
    )
    render_view(view)
    for expected in (
        "A test table",
        "p1 to act",
        "round 3",
        "threat 29",
        "you",
        "to act",
        "#7 p1: Commit characters to the quest",
        "o1: Gimli",
        "o2: Legolas",
    ):
        assert expected in drawn.strings, expected


def test_a_twin_option_is_drawn_with_its_id_once(drawn: TextRecorder) -> None:
    """Two options that read the same carry their ids in their labels (engines/core/turn.py); the chip, which writes
    each id before its label, draws "c107: Forest Spider", not "c107: c107: Forest Spider"."""
    turn = Turn(state=BaseState(seats=["p1"]), seat="p1")
    asked = turn.ask("p1", DecisionKind.CHOOSE_ONE, "Which enemy attacks you next?",
                     [Option(id="c107", label="Forest Spider"), Option(id="c108", label="Forest Spider")])
    render_view(a_view(seat="p1", decisions=[asked]))
    assert "c107: Forest Spider" in drawn.strings and "c108: Forest Spider" in drawn.strings
    assert not [s for s in drawn.strings if "c107: c107" in s]


def test_a_private_decision_is_not_spelt_out_to_anyone_else(drawn: TextRecorder) -> None:
    secret = Decision(
        id=3,
        seat="p2",
        kind=DecisionKind.CHOOSE_ONE,
        prompt="Bid Sting face down",
        private=True,
        options=[Option(id="c1", label="Sting")],
    )
    render_view(a_view(seat="p1", decisions=[secret]))
    assert not [s for s in drawn.strings if "Sting" in s]
    assert "#3 p2 is deciding" in drawn.strings


# --- the registry ----------------------------------------------------------------------------------------


@pytest.fixture
def renderers(monkeypatch: pytest.MonkeyPatch) -> dict[str, registry.Renderer]:
    table: dict[str, registry.Renderer] = {}
    monkeypatch.setattr(registry, "RENDERERS", table)
    return table


def test_a_game_without_its_own_renderer_gets_the_generic_one(renderers: dict[str, registry.Renderer]) -> None:
    assert registry.renderer_for("tally") is render_view
    view = a_view(a_zone("pile", face("7 Leaves")))
    assert registry.render(view) == render_view(view)


def test_a_registered_renderer_draws_its_game(renderers: dict[str, registry.Renderer]) -> None:
    def special(view: View) -> bytes:
        return b"special " + view.title.encode()

    registry.register("test", special)
    registry.register("test", special)  # the same function again is harmless (a module imported twice)
    assert registry.render(a_view()) == b"special A test table"
    assert registry.renderer_for("other") is render_view
    with pytest.raises(ValueError, match="already has a renderer"):
        registry.register("test", render_view)


def test_a_choice_of_any_number_says_how_to_choose_none():
    """Issue 16 (found playing): a Ranged 'join the attack?' prompt listed the archers and nothing else, so a
    player who wanted none of them had no way to know the word 'none'."""
    from render.text import decision_text

    optional = Decision(id=51, seat="p1", kind=DecisionKind.CHOOSE_MANY, prompt="Join the attack?",
                        options=[Option(id="c14", label="Archer")], low=0, high=1)
    assert "'none'" in decision_text(optional)
    required = Decision(id=52, seat="p1", kind=DecisionKind.CHOOSE_MANY, prompt="Choose attackers",
                        options=[Option(id="c14", label="Archer")], low=1, high=1)
    assert "none" not in decision_text(required)
