"""Issue 6, done when: a three-scenario LCG campaign through the console with scripted moves. A hero dies in the
first scenario and is banned afterwards, with the threat penalty applied in the second; a boon earned is in the
deck the next time; the export round-trips; a restart between scenarios loses nothing (spec 7; C 12.5, 13.2).

The campaign is played twice: in process by `campaign_play` (a real ConsoleSession on a real SQLite file,
restarted between the scenarios), which reads the games' states to check the table; and from its two
transcripts by two real console processes on one database file."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from engines.lcg import GAME
from engines.lcg.campaign import export
from tests.bot.console.campaign_play import PARTS, SEED, play_campaign, transcript

ROOT = Path(__file__).resolve().parents[3]


def hero_threat(*names: str) -> int:
    return sum(GAME.library.find(n)[0].threat_cost for n in names)


async def test_a_three_scenario_campaign_in_one_console_restarted_between_scenarios(tmp_path: Path) -> None:
    out: list[str] = []
    played = await play_campaign(f"sqlite+aiosqlite:///{tmp_path / 'campaign.db'}", out.append, tmp_path)
    seen = played.observed
    text = "\n".join(out)
    assert seen["won 1"] and seen["won 2"] and seen["won 3"]
    # The hero killed in the first scenario falls when the win is recorded (C 12.5.2) ...
    assert "Thalin (p2) has fallen" in text
    # ... its deck is refused afterwards (spec 9.8), and the replacement costs each player +1 (C 12.5.2; 7.4).
    assert "Core Set: Tactics holds Thalin, which may not be used in this campaign" in text
    assert seen["heroes 2"] == {"p1": ["Aragorn", "Glóin", "Théodred"], "p2": ["Beravor", "Gimli", "Legolas"]}
    assert seen["threat 1"] == {"p1": hero_threat("Aragorn", "Glóin", "Théodred"),
                                "p2": hero_threat("Gimli", "Legolas", "Thalin")}
    assert seen["threat 2"] == {"p1": hero_threat("Aragorn", "Glóin", "Théodred") + 1,
                                "p2": hero_threat("Gimli", "Legolas", "Beravor") + 1}
    # The boons earned are in each deck the next time, the burden in the encounter deck (C 12.5.3.1) ...
    assert seen["boons 2"] == {"p1": ["Mendor's Support"], "p2": ["Mendor's Support"]}
    assert seen["encounter 2"] == ["Ungoliant's Swarm"]
    # ... and a Permanent boon on its hero (C 12.5.3.2).
    assert seen["valor 3"] == ["Aragorn: Valor"]
    # A restart between scenarios loses nothing: the log read by the new process is the one written before.
    before = (tmp_path / "before-restart.json").read_text(encoding="utf-8")
    assert (tmp_path / "after-restart.json").read_text(encoding="utf-8") == before
    # The export round-trips, and a campaign imported from it exports the same log.
    final = (tmp_path / "final.json").read_text(encoding="utf-8")
    book = export.from_json(final)
    assert export.to_json(book) == final
    assert (tmp_path / "imported.json").read_text(encoding="utf-8") == final
    assert book.status == "finished" and book.fallen == ["Thalin"] and book.penalty == 1
    assert [a.scenario for a in book.history if a.recorded] == ["passage-through-mirkwood", "journey-down-the-anduin",
                                                                "escape-from-dol-guldur"]
    assert book.total_score == sum(a.score.total for a in book.history if a.score)
    markdown = (tmp_path / "final.md").read_text(encoding="utf-8")
    assert "**Fallen heroes:** Thalin" in markdown and f"**Campaign total:** {book.total_score}" in markdown
    # The transcripts the replay test runs are the ones this game writes.
    for n, (path, lines) in enumerate(zip(PARTS, played.parts, strict=True), start=1):
        assert transcript(lines, n, tmp_path) == path.read_text(encoding="utf-8"), (
            f"{path.name} is out of date: python -m tests.bot.console.campaign_play --rewrite")


def run_part(tmp_path: Path, part: Path) -> subprocess.CompletedProcess[str]:
    script = tmp_path / part.name
    script.write_text(part.read_text(encoding="utf-8").replace("EXPORTS", str(tmp_path)), encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_URL")}
    env |= {"DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'console.db'}", "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "bot", "play", "--script", str(script), "--seed", str(SEED),
                           "--no-images"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)


def test_the_campaign_transcripts_replay_in_two_console_processes(tmp_path: Path) -> None:
    first = run_part(tmp_path, PARTS[0])
    assert first.returncode == 0, first.stdout[-3000:] + first.stderr[-3000:]
    assert "!!" not in first.stdout
    assert "Thalin (p2) has fallen" in first.stdout
    second = run_part(tmp_path, PARTS[1])  # a new process: the bot was restarted
    assert second.returncode == 0, second.stdout[-3000:] + second.stderr[-3000:]
    assert "!!" not in second.stdout
    assert "**Fallen heroes:** Thalin" in second.stdout  # `campaign log` after the restart
    assert "[campaign 1] hero change: p2 Thalin -> Beravor (+1 threat penalty)" in second.stdout
    assert "[campaign 1] Threat penalty: p1 +1, p2 +1." in second.stdout
    assert "The Core Set campaign is complete." in second.stdout
    before = (tmp_path / "before-restart.json").read_text(encoding="utf-8")
    assert (tmp_path / "after-restart.json").read_text(encoding="utf-8") == before
    assert (tmp_path / "imported.json").read_text(encoding="utf-8") == (tmp_path / "final.json").read_text(
        encoding="utf-8")
