"""The garbage collector after start-up (bot/heap.py; issue 17): what start-up loaded is frozen out of
every collection, and the thresholds are the tuned ones."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from bot import heap


@pytest.fixture
def restored() -> Iterator[None]:
    was = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*was)


def test_settling_freezes_what_was_loaded_and_sets_the_thresholds(restored: None) -> None:
    loaded = [{"card": i} for i in range(1000)]  # what start-up loaded, and keeps
    heap.settle()
    assert gc.get_freeze_count() >= len(loaded)
    assert gc.get_threshold() == heap.THRESHOLDS
