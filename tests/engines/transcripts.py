"""What every game's autoplay module does the same way with a console transcript: name its path in the header
relative to the repository, read the header's `# key: value` lines back, and count the game commands each seat
typed per round (`python -m tests.engines.<game>.autoplay --count FILE`; tests/bench/typing.py also counts the
looks a player needs, by replaying the transcript through the console)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LOOKS = ("", "hand", "status", "log", "new")  # lines that only look (or start the game): not counted


def shown_path(path: str | Path) -> str:
    """A path as the header names it: relative to the repository when inside it, so headers do not depend on
    where the checkout lives."""
    try:
        return str(Path(path).resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


def parse_header(text: str) -> dict[str, str]:
    """The `# key: value` lines at the top of a transcript."""
    found: dict[str, str] = {}
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        match = re.fullmatch(r"# ([a-z][a-z ]*): (.*)", line)
        if match:
            found[match.group(1)] = match.group(2)
    return found


def moves_per_round(text: str) -> dict[int, dict[str, int]]:
    """The game commands each seat typed in each round of a transcript (round 0: before round 1), read from its
    lines: `as <seat>` switches the seat, `# round N` starts a round; looking is not counted (issue 16 measures
    what the table makes players answer)."""
    counts: dict[int, dict[str, int]] = {}
    seat, rnd = "", 0
    for line in text.splitlines():
        if line.startswith("as "):
            seat = line.split()[1]
        elif match := re.fullmatch(r"# round (\d+)", line):
            rnd = int(match.group(1))
            counts.setdefault(rnd, {})
        elif line.split(" ", 1)[0] not in LOOKS and not line.startswith("#"):
            counts.setdefault(rnd, {})[seat] = counts.setdefault(rnd, {}).get(seat, 0) + 1
    return counts


def count_table(text: str) -> list[str]:
    """`moves_per_round` as Markdown rows: round, each seat's count, the round's total."""
    counts = moves_per_round(text)
    seats = sorted({s for per in counts.values() for s in per})
    rows = ["| round | " + " | ".join(seats) + " | total |", "|---" * (len(seats) + 2) + "|"]
    for rnd, per in sorted(counts.items()):
        cells = [str(per.get(s, 0)) for s in seats]
        rows.append(f"| {rnd or 'opening'} | " + " | ".join(cells) + f" | {sum(per.values())} |")
    totals = [sum(per.get(s, 0) for per in counts.values()) for s in seats]
    rows.append("| all | " + " | ".join(str(t) for t in totals) + f" | {sum(totals)} |")
    return rows
