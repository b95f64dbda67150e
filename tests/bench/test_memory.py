"""The memory bench's painter row runs (not timed: its figures are read by `python -m tests.bench --only memory`)."""

from __future__ import annotations

import subprocess
import sys

from tests.bench.memory import PAINTED, painter_rows, rss_mb


def test_rss_of_a_live_child_and_of_this_process() -> None:
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"], stdin=subprocess.DEVNULL)
    try:
        assert rss_mb(child.pid) > 0
    finally:
        child.kill()
        child.wait()
    assert rss_mb() > 0


def test_painter_row_draws_boards_of_every_game() -> None:
    [row] = painter_rows(moves=1)
    assert row.value.endswith("MiB resident") and float(row.value.split()[0]) > 0
    assert float(row.floor.split()[-2]) > 0
    for label, *_ in PAINTED:
        assert f"{label} 5" in row.note  # one move's table, then each of the 4 seats' own
    assert "started" not in row.note  # its child never died
