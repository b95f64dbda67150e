"""The garbage collector, set for a long-lived bot that keeps many games in memory (and for its painter's child,
bot/chat/painter.py, which keeps what boards share). Here, not under bot/service/: the child imports it alone.

A full (generation 2) collection walks every object the process tracks: the code, card libraries and timers
loaded at start-up, and each cached game's state (about 0.23 ms per game: ~250 ms pauses on the event loop
with the default 1,000-game cache). What start-up loaded lives as long as the process, so it is frozen out of
every collection; the thresholds make young collections rarer and full ones much rarer. Games are plain data
(dataclasses of lists and dicts) and make no cycles, so letting garbage wait longer costs little memory.
"""

from __future__ import annotations

import gc
from typing import Any

# Generation 0 is collected every 200,000 net allocations instead of 700, generation 1 every 10 of those,
# generation 2 every 100 of those (and only when it has grown by a quarter, CPython's rule). A command copies its
# game's state (thousands of objects) and the copy lives until the game's next command, so with many busy games a
# young collection finds most of what it walks still alive: collecting every 50,000 walked the same states again
# and again (100 saturated LCG games: 37% of the engine's apply rate; 200,000: 44%, with p99 at 100 commands/s
# unchanged, 2.2 ms; tests/bench/latency.py). Games make no cycles, so garbage waiting longer costs no memory.
THRESHOLDS = (200_000, 10, 100)


def settle() -> None:
    """Call once start-up has loaded what lives as long as the process: collect, freeze, set the thresholds."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)


async def settle_after_start(_downtime: Any = None) -> None:
    """`settle` as a hook run after the bot's start-up (bot/chat/client.py `after_start`)."""
    settle()
