"""Decipher TCG rows of `make bench`: the table render beside its bare encode, random play and replay speed for
2, 3 and 4 players, and the messages a typical 2-player turn asks of each player (issue 13).

The render is measured as the bot draws it: after each move of a game (the renderer keeps unchanged blocks
drawn), beside Pillow encoding the very same image in the same palette mode at kit's level, and once cold
(nothing kept) for comparison.

The message count is the number of decisions each player answers in a turn (every answer is one message by
post: a click or a command), over the autoplay policy's 2-player games (tests/engines/tcg/autoplay.py),
split by role: the Free Peoples player and the Shadow player of that turn. It is taken with the engine's
default standing orders, with every window and forced decision asked, and with a quiet set (maneuver,
archery and regroup passed, the Ring always put on)."""

from __future__ import annotations

import io
import random
import statistics
import time
from collections import defaultdict

from PIL import Image

from engines.core import Config
from engines.tcg import GAME
from render import kit, tcg
from render.registry import render
from tests.bench.common import Row
from tests.bench.play import game_rows
from tests.engines.randomplay import random_answer
from tests.engines.tcg.autoplay import ORDER_SETS, play_game

SEEDS = range(1, 21)  # 2-player autoplay games measured for the message count


def _encode(png: bytes) -> float:
    img = Image.open(io.BytesIO(png))
    img.load()
    start = time.perf_counter()
    img.save(io.BytesIO(), format="PNG", compress_level=kit.PNG_COMPRESS_LEVEL)
    return time.perf_counter() - start


def render_rows(seat: str | None, label: str, moves: int = 60) -> list[Row]:
    """The board after each of `moves` random moves of a 3-player game, warm (as the bot renders) and cold."""
    state = GAME.setup(Config(seats=GAME.seat_names(3), options={}), 11)
    rnd = random.Random(11)
    render(GAME.view(state, seat))  # fonts and the pack, once per process
    warm, cold, floors, sizes = [], [], [], []
    for _ in range(moves):
        if GAME.outcome(state) is not None:
            break
        d = rnd.choice(GAME.pending(state))
        state = GAME.apply(state, d.seat, random_answer(d, rnd)).state
        view = GAME.view(state, seat)
        start = time.perf_counter()
        png = render(view)
        warm.append(time.perf_counter() - start)
        floors.append(_encode(png))
        sizes.append(len(png))
        kept = dict(tcg.BLOCKS.blocks)
        tcg.forget()
        start = time.perf_counter()
        render(view)
        cold.append(time.perf_counter() - start)
        tcg.BLOCKS.blocks.update(kept)  # back to the warm state the next move expects
    w, c, f = (statistics.median(x) * 1000 for x in (warm, cold, floors))
    height = Image.open(io.BytesIO(png)).height
    return [Row(f"board render, TCG, 3 players, {label}, after each of {len(warm)} moves",
                f"{w:.1f} ms, {statistics.median(sizes) / 1024:.1f} KiB (960x{height} at the end)",
                f"bare PNG encode, same image and palette mode {f:.1f} ms",
                f"{w / f:.1f}x the floor; cold (nothing kept drawn) {c:.1f} ms, {c / f:.1f}x")]


def message_counts(orders: str) -> dict[str, float]:
    """Mean decisions answered per turn by the FP player and by the Shadow player, over 2-player games."""
    per_role: dict[str, list[int]] = defaultdict(list)
    turns = 0
    for seed in SEEDS:
        game = play_game(2, seed, orders)
        done = game.turns if game.reason else game.turns - 1
        for turn in range(1, done + 1):
            for role in ("fp", "shadow"):
                per_role[role].append(sum(n for (t, _, r), n in game.asked.items() if t == turn and r == role))
        turns += done
    return {"fp": statistics.mean(per_role["fp"]), "shadow": statistics.mean(per_role["shadow"]),
            "fp_median": statistics.median(per_role["fp"]), "shadow_median": statistics.median(per_role["shadow"]),
            "turns": turns}


def message_rows() -> list[Row]:
    out = []
    for orders in ORDER_SETS:
        m = message_counts(orders)
        words = {"default": "default standing orders", "all-ask": "every window asked (order <window> ask, "
                 "order forced ask)", "quiet": "quiet orders (maneuver, archery, regroup pass; ring always)"}[orders]
        out.append(Row(f"messages per 2-player turn, {words}",
                       f"FP {m['fp']:.1f}, Shadow {m['shadow']:.1f} (medians {m['fp_median']:.0f} / "
                       f"{m['shadow_median']:.0f})", "", f"{m['turns']:.0f} turns of {len(SEEDS)} autoplay games"))
    return out


def rows(seconds: float = 3.0) -> list[Row]:
    out = [*render_rows(None, "table view"), *render_rows("p1", "seat view (with hand)")]
    for people in (2, 3, 4):
        out += game_rows(GAME, people, seconds, {})
    return out + message_rows()


if __name__ == "__main__":
    for row in rows():
        print(f"| {row.name} | {row.value} | {row.floor} | {row.note} |")
