"""The players' names in what the table reads (render/players.py): the engines' words with seats named, never
an id, a quoted word to type or another word that holds a seat's label; and every board draws the names the bot
gives its view (`View.names`), each renderer through kit.text, where the tests listen."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from typing import Any

import pytest

from engines import registry
from engines.core import Config, View
from render import generic, kit, lcg, meq, players, tcg, wotr
from render.registry import render
from render.text import view_text
from tests.engines.randomplay import random_answer
from tests.render.test_kit import TextRecorder

NAMES = {"p1": "alice", "p2": "bob", "p3": "cara", "p4": "dan"}


# --- the engines' words -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "said"), [
    ("p1 plays Core Set: Tactics: Gimli; Thalin; Legolas.", "alice plays Core Set: Tactics: Gimli; Thalin; Legolas."),
    ("Brok Ironfist is put into play under p1's control.", "Brok Ironfist is put into play under alice's control."),
    ("Forest Spider attacks p2: no ready character can defend (p2: answered by itself).",
     "Forest Spider attacks bob: no ready character can defend (bob: answered by itself)."),
    ("The vote is tied between p2, p4; chance chooses p4.", "The vote is tied between bob, dan; chance chooses dan."),
    ("Round 1, planning phase: waiting on p2, p1", "Round 1, planning phase: waiting on bob, alice"),
    ("Eleanor's turn (p2) on Minas Tirith.", "Eleanor's turn (bob) on Minas Tirith."),
    ("Trilogy: Frodo's deck (Free Peoples, 30 cards) played by p1; Witch-king's deck played by p2.",
     "Trilogy: Frodo's deck (Free Peoples, 30 cards) played by alice; Witch-king's deck played by bob."),
])
def test_the_seats_of_the_engines_lines_are_named(text: str, said: str) -> None:
    assert players.in_words(text, NAMES) == said


@pytest.mark.parametrize("text", [
    "Setup (RR p.10): vote for the first player; type the seat alone, e.g. 'p1'",  # a word to type, and a page
    "Type `p2` to vote for the second player.",
    "Options: six-p1, subject:p1:c3, c1=1, p1-led, xp1, p12.",  # ids and other words holding a label
    "p5 is no seat of this game.",
    "Seats: alice as p1, bob as p2.",  # the bot's own line tying names to seats
    "bob (p2) missed the deadline.",
])
def test_what_is_not_a_seat_of_the_game_or_names_its_player_already_stays(text: str) -> None:
    assert players.in_words(text, {k: v for k, v in NAMES.items() if k != "p4"}) == text


def test_without_names_every_text_stays_as_the_engine_wrote_it() -> None:
    assert players.in_words("p1 plays Gimli.", {}) == "p1 plays Gimli."
    assert players.in_words("p1 plays Gimli.", {"p1": "p1"}) == "p1 plays Gimli."


def test_a_player_of_two_seats_is_named_with_each_seat() -> None:
    names = {"p1": "alice (p1)", "p2": "alice (p2)"}
    assert players.in_words("p1 passes to p2.", names) == "alice (p1) passes to alice (p2)."
    assert players.in_words("Seats: alice as p1, alice as p2.", names) == "Seats: alice as p1, alice as p2."
    assert players.with_seat(names, "p2") == "alice (p2)"
    assert players.name(names, "p2") == "alice (p2)"


def test_the_band_label_shortens_the_name_never_the_seat() -> None:
    fnt = kit.font(28, bold=True)
    long = {"p3": "Galadriel of Lothlórien, Lady of the Golden Wood"}
    label = players.fitted(long, "p3", fnt, 220)
    assert label.endswith("… (p3)") and fnt.width(label) <= 220
    assert players.fitted(NAMES, "p1", fnt, 220) == "alice (p1)"
    assert players.fitted({}, "p1", fnt, 220) == "p1"


def engine_words(name: str, seed: int, steps: int = 400) -> list[str]:
    """What one random game of `name` says to the table and asks of its seats: its events, prompts and statuses."""
    game = registry.get(name)
    seats = game.seat_names(game.max_seats)
    step = game.start(Config(seats=seats), seed)
    state, said = step.state, [e.text for e in step.events]
    rnd = random.Random(seed)
    for _ in range(steps):
        if game.outcome(state) is not None:
            break
        pending = game.pending(state)
        said += [d.prompt for d in pending]
        decision = rnd.choice(pending)
        step = game.apply(state, decision.seat, random_answer(decision, rnd))
        state = step.state
        said += [e.text for e in step.events] + [game.view(state, None).status]
    return said


@pytest.mark.parametrize("name", ["lcg", "wotr", "tcg", "meq"])
def test_every_seat_an_engine_writes_is_named_but_a_quoted_one_and_nothing_else_changes(name: str) -> None:
    """Random games of each engine: every seat label left in the named text is one to type, in quotes; and naming
    changes the seats alone (with names that are markers, undoing them gives the engine's words back)."""
    registry.load()
    marks = {f"p{i}": f"\x00{i}\x00" for i in range(1, 5)}
    for text in engine_words(name, seed=1):
        named = players.in_words(text, marks)
        left = [m for m in re.finditer(r"(?<![\w-])p[1-4](?![\w-])", named) if named[m.start() - 1:m.start()] != "'"]
        assert not left, f"{name}: a seat left unnamed in {text!r}"
        assert re.sub("\x00([1-4])\x00", r"p\1", named) == text


# --- the boards ------------------------------------------------------------------------------------------------


def played(name: str, steps: int) -> View:
    registry.load()
    game = registry.get(name)
    state = game.setup(Config(seats=game.seat_names(max(2, game.min_seats))), 3)
    rnd = random.Random(3)
    for _ in range(steps):
        if game.outcome(state) is not None:
            break
        decision = rnd.choice(game.pending(state))
        state = game.apply(state, decision.seat, random_answer(decision, rnd)).state
    view: View = game.view(state, None)
    return view


def forget_boards() -> None:
    lcg.forget()
    wotr.forget()
    tcg.forget()
    meq.BLOCKS.clear()


# What each board writes of its players: the seats' bands with the seat ('alice (p1)'), where the seat is a word
# players type, or the name alone where it is only a label.
# Each entry: one of these is drawn (the TCG's active fellowship is named alone, the other player's band with the seat).
LABELS: dict[str, list[tuple[str, ...]]] = {
    "lcg": [("alice (p1)",), ("bob (p2)",)],
    "tcg": [("alice's fellowship", "bob's fellowship"), ("alice (p1) ·", "bob (p2) ·")],
    "wotr": [("'s deck (alice)",), ("'s deck (bob)",)],
    "meq": [("Sauron (alice)",), ("(bob)",)],
}


@pytest.mark.parametrize(("name", "steps"), [("lcg", 30), ("tcg", 10), ("wotr", 10), ("meq", 10)])
def test_each_board_draws_its_players_names(name: str, steps: int, monkeypatch: pytest.MonkeyPatch) -> None:
    forget_boards()
    monkeypatch.setattr(kit, "to_png", lambda img: b"")
    view = played(name, steps)
    drawn = TextRecorder().install(monkeypatch)
    render(view)
    unnamed = list(drawn.strings)
    assert not any("alice" in s for s in unnamed)
    drawn.calls.clear()
    render(replace(view, names={"p1": "alice", "p2": "bob"}))  # the same table: only the names are new
    for labels in LABELS[name]:
        assert any(label in s for s in drawn.strings for label in labels), f"{name}: no {labels} in {drawn.strings}"
    assert not any(re.search(r"waiting on p\d", s) for s in drawn.strings), drawn.strings


def test_the_generic_board_names_the_seat_panels_the_status_and_the_decisions(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kit, "to_png", lambda img: b"")
    drawn = TextRecorder().install(monkeypatch)
    view = played("lcg", 3)
    plain = View(game="x", seat=None, title=view.title, status=view.status, seats=view.seats,
                 decisions=[], waiting_on=view.waiting_on, names={"p1": "alice", "p2": "bob"})
    generic.render_view(plain)
    assert "alice (p1)" in drawn.strings and "bob (p2)" in drawn.strings
    assert any("alice" in s for s in drawn.strings if s.startswith(view.status.split(":")[0]))


def test_the_text_board_names_the_seats_and_keeps_them_to_type() -> None:
    view: Any = played("lcg", 3)
    text = view_text(replace(view, names={"p1": "alice", "p2": "bob"}))
    assert "waiting on alice" in text or "waiting on bob" in text, text
    assert "\nalice (p1): " in text and "\nbob (p2): " in text
    assert "e.g. 'p1'" in text or "vote" not in text  # the seat to type in the vote stays a seat
    assert view_text(view) == view_text(replace(view, names={}))
