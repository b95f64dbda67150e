"""The map format and the shipped map (docs/meq-map.md; meq spec 7.1, 7.2)."""

from __future__ import annotations

import pytest

from engines.core import Config, codec
from engines.meq import GAME
from engines.meq import board as mb

SMALL = """meq-map 1
map tiny "Tiny"
region r1 "Region" g1
location a "A" r1 stronghold=3
location b "B" r1
location h "H" r1 haven
path a b hill 2 land high
path b h any 1 water img-firstpass "a guess"
"""


def test_the_shipped_map_is_connected_and_lists_its_weak_spots() -> None:
    board = mb.builtin("base")
    report = mb.check(board)
    assert len(report.components) == 1 and report.isolated == []
    assert (report.locations, report.paths) == (63, 79)
    added = [p for p in board.paths if p.confidence == "added"]
    assert len(added) == 4 and all(p.note and not p.verified for p in added)
    assert len(report.unverified) == 33


def test_a_map_round_trips_through_its_text() -> None:
    board = mb.parse(SMALL)
    again = mb.parse(mb.write(board))
    assert (again.locations, again.paths) == (board.locations, board.paths)


@pytest.mark.parametrize(("bad", "words"), [
    (SMALL.replace("path a b hill 2", "path a z hill 2"), "line 7, field b: unknown location 'z'"),
    (SMALL.replace("hill 2", "hill 9"), "line 7, field cost: 9 is out of range"),
    (SMALL.replace("hill 2", "lava 2"), "line 7, field icon"),
    (SMALL.replace("path b h any 1 water img-firstpass \"a guess\"\n", ""), "not connected: h"),
    (SMALL.replace("meq-map 1", "meq-map 9"), "newer than this engine"),
    (SMALL.replace("location b \"B\" r1", "location b \"B\" r2"), "line 5, field region: unknown region 'r2'"),
])
def test_bad_maps_are_refused_with_the_line_and_field(bad: str, words: str) -> None:
    with pytest.raises(mb.MapError, match=words.replace("(", r"\(").replace(")", r"\)")):
        mb.parse(bad)


def test_a_game_keeps_the_map_it_started_with() -> None:
    state = GAME.setup(Config(seats=["p1", "p2"], options={"heroes": "argalad"}), 1)
    text = codec.dumps(state)
    assert '"digest"' in text and state.map.key == "base"
    again = codec.loads(type(state), text)
    assert again.map == state.map  # the map travels inside the state, not looked up again
