"""Whole Decipher TCG games with the Siege of Gondor starters, for 2, 3 and 4 players, played through the
console's `--script` to the game's end (issue 13: "Console transcripts of complete games").

Each `transcripts/tcg_*.txt` was written by the autoplay policy (tests/engines/tcg/autoplay.py); its header says
how (players, seed) and how it must end. The first test replays each in a real console process on a fresh
SQLite file; the second plays the game again with the policy and checks it writes the same file. When a rules
change alters the games on purpose, write them again:

    python -m tests.engines.tcg.autoplay --rewrite tests/bot/console/transcripts/tcg_*.txt
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.engines.tcg.autoplay import replay_header, transcript
from tests.engines.transcripts import parse_header, shown_path

ROOT = Path(__file__).resolve().parents[3]
TRANSCRIPTS = sorted((Path(__file__).parent / "transcripts").glob("tcg_*.txt"))


def run_script(tmp_path: Path, script: Path, seed: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_URL")}
    env |= {"DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'console.db'}", "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "bot", "play", "--script", str(script), "--seed", seed,
                           "--no-images"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)


def test_every_player_count_has_a_transcript_and_both_ways_to_win_show() -> None:
    """Spec 4 (2 to 4 players); spec 5.4 (winning at site 9, and elimination in multiplayer)."""
    headers = [parse_header(p.read_text(encoding="utf-8")) for p in TRANSCRIPTS]
    assert sorted(h["players"] for h in headers) == ["2", "3", "4"]
    results = [h["result"] for h in headers]
    assert any("reached site 9" in r for r in results) and any("the last player left" in r for r in results)


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda p: p.stem)
def test_the_console_plays_the_transcript_to_its_end(tmp_path: Path, path: Path) -> None:
    """Issue 13: the game reaches its end through `python -m bot play --script`, with no refusal."""
    info = parse_header(path.read_text(encoding="utf-8"))
    result = run_script(tmp_path, path, info["seed"])
    out = result.stdout
    assert result.returncode == 0, out[-3000:] + result.stderr[-3000:]
    assert "!!" not in out  # no refusal
    assert f"[table] The game is over: {info['result']}" in out
    turns = int(info["turns"])
    assert f"[table] Turn {turns}: " in out and f"[table] Turn {turns + 1}: " not in out
    # Spec 1.3: hands go by private message only; no hand is listed to the table.
    assert not [line for line in out.splitlines() if line.startswith("[table]") and ": hand" in line]
    # each seat reads its own hand as "Your hand", not "Your p1: hand"
    assert "[to p1] Your hand: " in out and "Your p1: hand" not in out
    # the names are split by "; ", since some hold a comma ("Úlairë Otsëa, Black-Mantled Wraith"): 8 cards
    first = next(line for line in out.splitlines() if line.startswith("[to p1] Your hand: "))
    assert len(first.removeprefix("[to p1] Your hand: ").split("; ")) == 8
    # Spec 1.3: each shuffle's commitment, posted when made, is revealed at the end as the text it hashes to
    posted = re.findall(r"^\[table\] (p\d) shuffles the draw deck; commitment sha256 ([0-9a-f]{16})…$", out, re.M)
    revealed = re.findall(r"^\[table\] (p\d)'s draw deck \(commitment sha256 ([0-9a-f]{16})…\): sha256 of "
                          r"'([^']*)' is ([0-9a-f]{64})\.$", out, re.M)
    assert len(posted) >= int(info["players"]) and [r[:2] for r in revealed] == posted
    assert all(hashlib.sha256(text.encode()).hexdigest() == digest.lower() and digest.startswith(short)
               for _, short, text, digest in revealed)


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda p: p.stem)
def test_the_policy_still_writes_the_same_transcript(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert transcript(replay_header(text), shown_path(path)) == text, (
        f"{path.name} no longer matches the policy's game; if intended, run: "
        f"python -m tests.engines.tcg.autoplay --rewrite {shown_path(path)}")
