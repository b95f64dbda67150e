"""Issue 15: inside the WotR engine the rules fire named moments and the card effects register for them, so
no two of its modules import each other (import-linter's acyclic_siblings contract over engines.wotr).

The contract is written to a temporary file here (the project's own contracts live in pyproject.toml);
the test fails if any module of engines.wotr comes back into a circle."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
LINT = Path(sys.executable).parent / "lint-imports"
CONTRACT = """\
[importlinter]
root_packages =
    engines

[importlinter:contract:wotr-acyclic]
name = engines.wotr has no circles among its modules
type = acyclic_siblings
ancestors =
    engines.wotr
"""


@pytest.mark.skipif(not LINT.exists(), reason="import-linter is not installed next to this Python")
def test_engines_wotr_modules_import_one_another_without_circles(tmp_path: Path) -> None:
    config = tmp_path / "wotr-contracts.ini"
    config.write_text(CONTRACT, encoding="utf-8")
    result = subprocess.run([str(LINT), str(config)], cwd=ROOT, capture_output=True, text=True, timeout=120,
                            env={"PYTHONPATH": str(ROOT), "PATH": str(LINT.parent)})
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    assert "1 kept, 0 broken" in result.stdout
