"""The console adapter end to end: `python -m bot` in a subprocess on a real SQLite file."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

ROOT = Path(__file__).resolve().parents[3]


def run_bot(tmp_path: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_URL")}
    env |= {"DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'console.db'}", "PYTHONPATH": str(ROOT),
            "CONSOLE_IMAGE_DIR": str(tmp_path / "boards")}
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=tmp_path, env=env, input=stdin,
                          capture_output=True, text=True, timeout=120)


def script(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def bid_options(output: str, seat: str) -> list[str]:
    """The option ids of a seat's bid decision, as its own `hand` printed them."""
    block = output.split(f"Now acting as {seat}.")[1]
    match = re.search(r"Bid a card face down \[(.*?)\]", block)
    assert match, block
    return [part.split("=")[0] for part in match.group(1).split(", ")]


def test_without_a_token_run_opens_the_console(tmp_path: Path):
    result = run_bot(tmp_path, stdin="help\nquit\n")
    assert result.returncode == 0, result.stderr
    assert "No DISCORD_TOKEN configured: starting the console game" in result.stderr
    assert "Westmarch console" in result.stdout and "Console verbs" in result.stdout
    # The interactive help is the session's, with each game's own verbs filled in, not the raw template.
    assert "{games}" not in result.stdout and "campaign ..." in result.stdout
    assert (tmp_path / "console.db").exists()


def test_a_transcript_prints_what_every_seat_sees_and_survives_a_restart(tmp_path: Path):
    first = run_bot(tmp_path, "play", "--load", "tests.games.tally", "--seed", "7", "--script",
                    str(script(tmp_path, "one.txt", "new tally 2\nas p1\nhand\nas p2\nhand\n")))
    assert first.returncode == 0, first.stdout + first.stderr
    assert "[table] Tally (kernel test game) begins" in first.stdout
    assert "[to p1] Your hand:" in first.stdout and "[to p2] Your hand:" in first.stdout
    p1, p2 = bid_options(first.stdout, "p1"), bid_options(first.stdout, "p2")

    # A second process: the game is still there, and play continues where it stopped.
    second = run_bot(tmp_path, "play", "--load", "tests.games.tally", "--script", str(script(tmp_path, "two.txt", f"""
open 1
as p1
{p1[0]}
! answer 1 {p1[1]}
! as p9
as p2
answer 2 {p2[0]}
status
log 5
""")))
    out = second.stdout
    assert second.returncode == 0, out + second.stderr
    assert "! That choice is no longer open" in out  # the stale answer, refused with a reason
    assert "! No seat 'p9'" in out
    assert "[to p1] You bid" in out and "[to p2] You bid" in out
    assert "[table] Bids:" in out
    assert "Bidding" not in out.split("> status")[1]  # the status view after both bids
    boards = sorted((tmp_path / "boards").glob("*.png"))
    assert boards and Image.open(boards[-1]).format == "PNG"


def test_an_unexpected_refusal_fails_the_transcript(tmp_path: Path):
    result = run_bot(tmp_path, "play", "--load", "tests.games.tally", "--no-images", "--script",
                     str(script(tmp_path, "bad.txt", "new tally 2\nanswer 99 c1\n")))
    assert result.returncode == 1
    assert "!! line 2: unexpected refusal" in result.stdout


@pytest.mark.parametrize("line", ["new chess 2", "status"])
def test_bad_console_input_gets_a_clear_message(tmp_path: Path, line: str):
    result = run_bot(tmp_path, "play", "--no-images", "--script", str(script(tmp_path, "x.txt", f"! {line}\n")))
    assert result.returncode == 0, result.stdout
    assert re.search(r"! (Unknown game 'chess'|No game is open)", result.stdout)


def test_the_pace_verbs_work_in_the_console(tmp_path: Path):
    result = run_bot(tmp_path, "play", "--load", "tests.games.tally", "--no-images", "--script",
                     str(script(tmp_path, "pace.txt", "new tally 2\npace deadline=2 auto=yes\npace\nnudge\n"
                                                      "! nudge\n! pace every=0\n")))
    out = result.stdout
    assert result.returncode == 0, out + result.stderr
    assert "Pace: reminders after 24 h, then every 24 h; a deadline of 2 day(s) per decision" in out
    assert "automatic seat allowed" in out
    assert "Nudged Player 2." in out
    assert "[to p2] Player 1 nudges you: the game has waited on you since 20" in out and "UTC." in out
    assert "! Player 2 was nudged" in out


def test_pause_resume_and_delegates_in_the_console(tmp_path: Path):
    """The host pauses (moves are refused), resumes; player 2 names player 3, who then acts for p2."""
    lines = ["new tally 2", "pause lunch", "as 2", "! draw", "! resume", "as 1", "resume", "as 2",
             "delegate 3", "as 3", "hand", "as 2", "delegate off", "as 3", "! hand"]
    result = run_bot(tmp_path, "play", "--load", "tests.games.tally", "--no-images", "--script",
                     str(script(tmp_path, "guard.txt", "\n".join(lines) + "\n")))
    out = result.stdout
    assert result.returncode == 0, out + result.stderr
    assert "[table] Player 1 paused the game: lunch. The host or a server admin can resume it with 'resume'." in out
    assert "/game" not in out  # the service's words name Discord's commands: the console says its own verbs
    assert "! Game 1 is paused, so it takes no moves for now." in out
    assert "! Only the host or a server admin can resume the game." in out
    assert "Game 1 is running again." in out
    assert "Player 3 may now act for your seat (revoke with 'delegate off')." in out  # the console's verb, not /game's
    assert "Your hand (3)" in out.split("Now acting as 3.")[1]
    assert "! You are not seated in game 1." in out


def test_start_up_prints_nothing_nobody_asked_for(tmp_path: Path):
    """Issue 16: the schema steps of a first start (Alembic's INFO lines) are not news to a player."""
    result = run_bot(tmp_path, "play", "--no-images", "--script", str(script(tmp_path, "q.txt", "games\n")))
    assert result.returncode == 0, result.stderr
    assert "alembic" not in result.stderr.lower() and "Running upgrade" not in result.stderr


def test_board_images_keep_their_numbers_across_restarts(tmp_path: Path):
    """Issue 16: a second session continues a game's image numbers instead of overwriting game1-0001.png."""
    first = run_bot(tmp_path, "play", "--load", "tests.games.tally", "--seed", "7", "--script",
                    str(script(tmp_path, "one.txt", "new tally 2\n")))
    assert first.returncode == 0, first.stdout + first.stderr
    written = sorted(p.name for p in (tmp_path / "boards").glob("game1-*.png"))
    kept = {name: (tmp_path / "boards" / name).read_bytes() for name in written}
    p1 = bid_options(run_bot(tmp_path, "play", "--load", "tests.games.tally", "--script",
                             str(script(tmp_path, "h.txt", "open 1\nas p1\nhand\n"))).stdout, "p1")
    second = run_bot(tmp_path, "play", "--load", "tests.games.tally", "--script",
                     str(script(tmp_path, "two.txt", f"open 1\nas p1\n{p1[0]}\n")))
    assert second.returncode == 0, second.stdout + second.stderr
    now = sorted(p.name for p in (tmp_path / "boards").glob("game1-*.png"))
    assert now[: len(written)] == written and len(now) > len(written)
    assert all((tmp_path / "boards" / name).read_bytes() == png for name, png in kept.items())


def test_a_players_next_decision_is_shown_at_once(tmp_path: Path):
    """Issue 16: after a move, the console prints what each seat is asked next; nobody has to type 'hand'."""
    result = run_bot(tmp_path, "play", "--load", "tests.games.tally", "--seed", "7", "--no-images", "--script",
                     str(script(tmp_path, "one.txt", "new tally 2\n")))
    assert result.returncode == 0, result.stdout + result.stderr
    out = result.stdout.split("> new tally 2", 1)[1]
    assert re.search(r"\[to p1\] Decision \d+ \(choose one\): Bid a card face down \[", out)
    assert re.search(r"\[to p2\] Decision \d+ \(choose one\): Bid a card face down \[", out)


def test_order_alone_lists_the_games_standing_orders(tmp_path: Path):
    # a new player types 'order' to learn the keys: the console lists them (the TCG's windows, the Ring, the
    # kernel's forced) instead of refusing 'order' as an option of the open decision
    result = run_bot(tmp_path, "play", "--no-images", "--seed", "3", "--script",
                     str(script(tmp_path, "orders.txt", "new tcg 2\nas p2\norder\n")))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Standing orders (order <key> <value>" in result.stdout
    assert "  skirmish: auto | ask | pass" in result.stdout and "  ring: ask | always | never" in result.stdout
    assert "  forced: auto | ask" in result.stdout and "!!" not in result.stdout
