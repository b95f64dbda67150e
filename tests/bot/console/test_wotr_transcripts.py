"""Whole War of the Ring games, one per scenario and player count (Trilogy for 4, 3 and 2 people, both Duels
and Fellowship of the Ring), played through the console's `--script`.

Each `transcripts/wotr_*.txt` was written by the autoplay policy (tests/engines/wotr/autoplay.py); its header
says how (players, scenario, seed) and how it must end. The first test replays each in a real console process
on a fresh SQLite file; the second plays the game again with the policy and checks it writes the same file.
When a rules change alters the games on purpose, write them again:

    python -m tests.engines.wotr.autoplay --rewrite tests/bot/console/transcripts/wotr_*.txt
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.engines.transcripts import parse_header, shown_path
from tests.engines.wotr.autoplay import replay_header, transcript

ROOT = Path(__file__).resolve().parents[3]
TRANSCRIPTS = sorted((Path(__file__).parent / "transcripts").glob("wotr_*.txt"))


def run_script(tmp_path: Path, script: Path, seed: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_URL")}
    env |= {"DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'console.db'}", "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "bot", "play", "--script", str(script), "--seed", seed,
                           "--no-images"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=180)


def test_every_scenario_and_player_count_has_a_transcript() -> None:
    played = {(h["scenario"], h["players"]) for h in (parse_header(p.read_text(encoding="utf-8"))
                                                      for p in TRANSCRIPTS)}
    assert played == {("trilogy", "4"), ("trilogy", "3"), ("trilogy", "2"), ("duel2", "2"), ("duel3", "3"),
                      ("fotr", "2")}
    results = [parse_header(p.read_text(encoding="utf-8"))["result"] for p in TRANSCRIPTS]
    assert any("Free Peoples win" in r for r in results) and any("Shadow win" in r for r in results)


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda p: p.stem)
def test_the_console_plays_the_transcript_to_its_end(tmp_path: Path, path: Path) -> None:
    info = parse_header(path.read_text(encoding="utf-8"))
    result = run_script(tmp_path, path, info["seed"])
    out = result.stdout
    assert result.returncode == 0, out[-3000:] + result.stderr[-3000:]
    assert "!!" not in out  # no refusal
    assert f"[table] The game is over: {info['result']}" in out
    rounds = int(info["rounds"])
    assert f"Round {rounds} begins" in out and f"Round {rounds + 1} begins" not in out
    # Hands go by private message only: no hand is listed to the table.
    assert not [line for line in out.splitlines() if line.startswith("[table]") and ": hand:" in line]


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda p: p.stem)
def test_the_policy_still_writes_the_same_transcript(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert transcript(replay_header(text), shown_path(path)) == text, (
        f"{path.name} no longer matches the policy's game; if intended, run: "
        f"python -m tests.engines.wotr.autoplay --rewrite {shown_path(path)}")
