"""Bad input, fuzzed, for the TCG (issue 7's check, run on this engine): only worded refusals, no change."""

from __future__ import annotations

from engines import registry
from tests.engines.test_fuzz_commands import _fuzz

registry.load()


def test_fuzzed_commands_for_the_tcg() -> None:
    _fuzz(registry.get("tcg"))()
