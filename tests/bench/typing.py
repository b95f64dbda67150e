"""What a player has to type to play a transcript's game through the console: the game commands, and the looks
(`hand`) needed to learn what is asked (issue 16: "the console shows only 'Waiting on: pX' and the player has
to type `hand`").

The autoplay policies that write the transcripts know every decision without looking, so a transcript holds
only the game commands (and a few looks of its own, ignored here). This replays a transcript through the real
console, in a subprocess, and reads what the console printed to each seat before each `answer N`:

- a decision pushed to the seat (`[to p2] Decision 14 ...`) or listed by a look the seat typed is known;
- an answer to a decision the seat was never shown costs a look first. One look shows all of that seat's open
  decisions, so a run of answers by one seat, with nobody else answering in between, costs at most one look
  (for a console that shows nothing after each answer this is a lower bound: a decision made by the seat's own
  previous answer would need another look).

    python -m tests.bench.typing tests/bot/console/transcripts/wotr_trilogy_4p.txt [--root DIR] [--rounds]

`--root` runs the console of another checkout (a `git worktree` of an older commit) on its own transcript, so
before and after are measured the same way.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

PUSHED = re.compile(r"^\[to (p\d+)\] Decision (\d+)\b")
LISTED = re.compile(r"^Decision (\d+)\b")
ANSWER = re.compile(r"^answer (\d+)\b")
ROUND = re.compile(r"^# round (\d+)")
LOOKS = ("hand", "status")
NOT_GAME = ("as", "hand", "status", "log", "new", "help", "order", "orders")


@dataclass
class Typed:
    """Per round, per seat: game commands typed, and looks needed before them."""

    commands: dict[int, dict[str, int]] = field(default_factory=lambda: defaultdict(lambda: defaultdict(int)))
    looks: dict[int, dict[str, int]] = field(default_factory=lambda: defaultdict(lambda: defaultdict(int)))

    def total(self, which: str) -> int:
        table = self.commands if which == "commands" else self.looks
        return sum(n for per in table.values() for n in per.values())


def replay(transcript: Path, root: Path) -> list[tuple[str, list[str]]]:
    """Each command the console read, with the lines it printed after it."""
    header = transcript.read_text(encoding="utf-8")
    seed = re.search(r"^# seed: (\d+)", header, re.M)
    argv = [sys.executable, "-m", "bot", "play", "--script", str(transcript.resolve()), "--no-images"]
    if seed:
        argv += ["--seed", seed.group(1)]
    out = subprocess.run(argv, cwd=root, capture_output=True, text=True, check=True, timeout=1800).stdout
    steps: list[tuple[str, list[str]]] = [("", [])]
    for line in out.splitlines():
        if line.startswith("> "):
            steps.append((line[2:].strip(), []))
        else:
            steps[-1][1].append(line)
    return steps


def count(transcript: Path, root: Path) -> Typed:
    steps = replay(transcript, root)
    rounds: list[int] = []  # the round of each command, in the order the console reads them
    rnd = 0
    for line in transcript.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        found = ROUND.match(line)
        if found:
            rnd = int(found.group(1))
        elif line and not line.startswith("#"):
            rounds.append(rnd)
    if len(rounds) != len(steps) - 1:
        raise SystemExit(f"{transcript}: the console read {len(steps) - 1} commands, the file has {len(rounds)}")
    known: dict[str, set[int]] = defaultdict(set)
    typed = Typed()
    acting = "p1"
    run_seat, run_looked = "", False

    def shown(lines: list[str], looker: str | None) -> None:
        for text in lines:
            pushed = PUSHED.match(text)
            if pushed:
                known[pushed.group(1)].add(int(pushed.group(2)))
            listed = LISTED.match(text)
            if listed and looker is not None:
                known[looker].add(int(listed.group(1)))

    shown(steps[0][1], None)
    for (command, lines), rnd in zip(steps[1:], rounds, strict=True):
        verb = command.split()[0] if command else ""
        if verb == "as":
            acting = command.split()[1]
        answer = ANSWER.match(command)
        if answer:
            if acting != run_seat:
                run_seat, run_looked = acting, False
            if int(answer.group(1)) not in known[acting] and not run_looked:
                typed.looks[rnd][acting] += 1
                run_looked = True
        if verb not in NOT_GAME:
            typed.commands[rnd][acting] += 1
        shown(lines, acting if verb in LOOKS else None)
    return typed


def rows(typed: Typed) -> list[str]:
    seats = sorted({s for per in typed.commands.values() for s in per}, key=lambda s: int(s[1:]))
    out = ["| round | " + " | ".join(seats) + " | total (commands + looks) |", "|---" * (len(seats) + 2) + "|"]
    for rnd in sorted(typed.commands):
        cells = [f"{typed.commands[rnd].get(s, 0)} + {typed.looks[rnd].get(s, 0)}" for s in seats]
        total = sum(typed.commands[rnd].values()) + sum(typed.looks[rnd].values())
        out.append(f"| {rnd or 'setup'} | " + " | ".join(cells) + f" | {total} |")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("transcripts", nargs="+", type=Path)
    parser.add_argument("--root", type=Path, default=Path.cwd(), help="the checkout whose console replays them")
    parser.add_argument("--rounds", action="store_true", help="a Markdown table per round and seat")
    args = parser.parse_args()
    for transcript in args.transcripts:
        typed = count(transcript, args.root)
        commands, looks = typed.total("commands"), typed.total("looks")
        print(f"{transcript.name}: {commands} commands + {looks} looks = {commands + looks} typed")
        if args.rounds:
            print("\n".join(rows(typed)))


if __name__ == "__main__":
    main()
