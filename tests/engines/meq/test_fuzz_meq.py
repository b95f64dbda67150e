"""Bad input, fuzzed, against the MEQ engine (the generic fuzz test's property, run for this engine too)."""

from __future__ import annotations

from engines import registry
from tests.engines.test_fuzz_commands import _fuzz


def test_fuzzed_commands_for_meq() -> None:
    _fuzz(registry.get("meq"))()
