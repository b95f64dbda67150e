"""Whole Middle-earth Quest games for 2, 3 and 4 players (Sauron and one to three heroes), played through the
console's `--script` to the Finale (issue 14: "Console transcripts of complete games for 2, 3 and 4 players").

Each `transcripts/meq_*.txt` was written by the autoplay policy (tests/engines/meq/autoplay.py); its header says
how (players, seed) and how it must end. The first test replays each in a real console process on a fresh
SQLite file; the second plays the game again with the policy and checks it writes the same file. When a rules
change alters the games on purpose, write them again:

    python -m tests.engines.meq.autoplay --rewrite tests/bot/console/transcripts/meq_*.txt
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.engines.meq.autoplay import replay_header, transcript
from tests.engines.transcripts import moves_per_round, parse_header, shown_path

ROOT = Path(__file__).resolve().parents[3]
TRANSCRIPTS = sorted((Path(__file__).parent / "transcripts").glob("meq_*.txt"))


def run_script(tmp_path: Path, script: Path, seed: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_URL")}
    env |= {"DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'console.db'}", "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "bot", "play", "--script", str(script), "--seed", seed,
                           "--no-images"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)


def test_every_player_count_has_a_transcript_and_both_sides_win_one() -> None:
    """meq spec 2 (2 to 4 players: Sauron and 1 to 3 heroes); spec 5.9 (the Finale: a Mission, or its combat)."""
    headers = [parse_header(p.read_text(encoding="utf-8")) for p in TRANSCRIPTS]
    assert sorted(h["players"] for h in headers) == ["2", "3", "4"]
    results = [h["result"] for h in headers]
    assert any("the heroes win" in r for r in results) and any("Sauron wins" in r or "(sauron)" in r
                                                                 for r in results)
    assert all(r.startswith("The ") and "Finale" in r for r in results)  # each game reached its end


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda p: p.stem)
def test_the_console_plays_the_transcript_to_its_end(tmp_path: Path, path: Path) -> None:
    """Issue 14: the game reaches the Finale through `python -m bot play --script`, with no refusal."""
    text = path.read_text(encoding="utf-8")
    info = parse_header(text)
    result = run_script(tmp_path, path, info["seed"])
    out = result.stdout
    assert result.returncode == 0, out[-3000:] + result.stderr[-3000:]
    assert "!!" not in out  # no refusal
    assert "the Finale begins." in out  # spec 5.9: by the Story step, not by a shortcut
    assert f"[table] The game is over: {info['result']}" in out
    rounds = int(info["rounds"])
    assert f"[table] Round {rounds}: Sauron's turn." in out and f"Round {rounds + 1}: Sauron's turn." not in out
    # meq spec 1.4: hands, Sauron's hands and the Missions go by private message only, never to the table.
    assert not [line for line in out.splitlines() if line.startswith("[table]") and "Your " in line]
    # Every seat typed something in every round it was in: no seat is a spectator (spec 3).
    counts = moves_per_round(text)
    seats = {f"p{i}" for i in range(1, int(info["players"]) + 1)}
    assert set(counts[1]) == seats


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda p: p.stem)
def test_the_policy_still_writes_the_same_transcript(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert transcript(replay_header(text), shown_path(path)) == text, (
        f"{path.name} no longer matches the policy's game; if intended, run: "
        f"python -m tests.engines.meq.autoplay --rewrite {shown_path(path)}")
