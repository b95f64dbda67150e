"""The import contracts of pyproject.toml (DESIGN.md, "Layers"; issue 15) hold, and they would catch a
forbidden import: each case adds one to a copy of the tree and lint-imports must break the contract it names."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINT = Path(sys.executable).parent / "lint-imports"


def lint(tree: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(LINT), str(tree / "pyproject.toml"), "--no-cache", "--no-logo"],
        cwd=tree, capture_output=True, text=True, env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"},
        check=False,
    )


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    copy = tmp_path_factory.mktemp("tree")
    for name in ("bot", "render", "engines"):
        shutil.copytree(ROOT / name, copy / name, ignore=shutil.ignore_patterns("__pycache__", "packs", "fonts"))
    shutil.copy(ROOT / "pyproject.toml", copy / "pyproject.toml")
    return copy


def test_the_contracts_hold_on_the_project():
    done = lint(ROOT)
    assert done.returncode == 0, done.stdout[-3000:]
    assert "Contracts: 3 kept, 0 broken." in done.stdout


@pytest.mark.parametrize(
    ("where", "line", "broken"),
    [
        ("engines/wotr/_probe.py", "import engines.lcg.state\n", "Each game engine is independent"),
        ("engines/core/_probe.py", "import bot.service\n", "Layers: bot -> render -> engines"),
        ("render/_probe.py", "import bot.chat.io\n", "Layers: bot -> render -> engines"),
        ("bot/service/core.py", "import bot.service.service\n", "No import circles among siblings"),
    ],
)
def test_a_forbidden_import_breaks_its_contract(tree: Path, where: str, line: str, broken: str):
    target = tree / where
    kept = target.read_text() if target.exists() else None
    target.write_text((kept or "") + line)
    try:
        done = lint(tree)
    finally:
        if kept is None:
            target.unlink()
        else:
            target.write_text(kept)
    assert done.returncode != 0
    assert f"{broken}" in done.stdout and "BROKEN" in done.stdout.split(broken, 1)[1].splitlines()[0]
