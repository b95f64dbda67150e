"""What tests/bot/chat/test_painter.py has the painter's process run: imported there by name, so it imports
nothing heavy (the test's own module brings discord.py and the bot with it)."""

from __future__ import annotations

import os
import time
from pathlib import Path


def pid(_: object) -> int:
    return os.getpid()


def dies_once(marker: str) -> str:
    """Kills the process it runs in, the first time (no marker yet)."""
    path = Path(marker)
    if not path.exists():
        path.write_text("died")
        os._exit(9)
    return "drawn by the next one"


def dies(_: object) -> None:
    os._exit(9)


def slow(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


def heap(_: object) -> tuple[str, str, int]:
    """The allocator and glibc tunables the process runs with, and how much of its memory (kB) is on transparent
    huge pages (0 where /proc does not say)."""
    huge = 0
    rollup = Path("/proc/self/smaps_rollup")
    if rollup.exists():
        for line in rollup.read_text().splitlines():
            if line.startswith("AnonHugePages:"):
                huge = int(line.split()[1])
    return os.environ.get("PYTHONMALLOC", ""), os.environ.get("GLIBC_TUNABLES", ""), huge


def refaults(_: object) -> list[int]:
    """The page faults each of five rounds takes to make, write and free buffers the size of a busy game's board and
    its strips (1.7 MB, 2 MB and 400 KB pieces)."""
    import resource

    def touched(size: int) -> bytearray:
        buffer = bytearray(size)
        buffer[::4096] = bytes(len(range(0, size, 4096)))  # a byte written on every page
        return buffer

    out = []
    for _ in range(5):
        before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
        pieces = [touched(size) for size in (1_700_000, 400_000, 400_000, 400_000, 2_000_000, 400_000)]
        del pieces
        out.append(resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before)
    return out
