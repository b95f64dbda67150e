"""War of the Ring: The Card Game rows of `make bench`: the table render beside its PNG floor, and random play
and replay speed for each kind of scenario."""

from __future__ import annotations

from engines.wotr import GAME
from tests.bench.boards import midgame, moves_row
from tests.bench.common import Row
from tests.bench.play import game_rows

SCENARIOS = (("trilogy", 4), ("duel2", 2), ("fotr", 2))


def rows(seconds: float = 3.0) -> list[Row]:
    # A 4-player Trilogy table in round 5's combat step or later: cards on the path and the battleground and
    # both scoring areas filled.
    state = midgame(GAME, 4, 11, lambda s, _: s.round >= 5 and s.phase == "combat", options={"scenario": "trilogy"})
    out = [moves_row(GAME, state, None, "WotR, Trilogy 4 players mid-game, table view", "wotr"),
           moves_row(GAME, state, "p1", "WotR, Trilogy 4 players mid-game, seat view (with hand)", "wotr")]
    for scenario, people in SCENARIOS:
        out += game_rows(GAME, people, seconds, {"scenario": scenario}, label=scenario)
    return out


if __name__ == "__main__":
    for row in rows():
        print(f"| {row.name} | {row.value} | {row.floor} | {row.note} |")
