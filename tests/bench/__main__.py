"""`make bench`: measure, print a table, and rewrite BENCHMARKS.md.

Each figure stands beside its floor, measured in the same run on the same machine: command latency beside the
engine's own apply of the same commands plus a bare-driver journal INSERT + COMMIT, a board render beside
Pillow's encode of the very image it shipped, in the same mode (palette) and at the same level.
Sections live in their own modules; `--only` runs some of them (the file is then left alone).
"""

from __future__ import annotations

import argparse
import importlib
import os
import platform
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from bot import plugins
from tests.bench import boards, busy, latency, memory, play, startup
from tests.bench.common import Row

ROOT = Path(__file__).resolve().parents[2]


def game_sections() -> tuple[str, ...]:
    """Each registered game's own rows (render, random play), from `tests/bench/<game>.py` when it has one: a new
    game adds its module and nothing here changes (docs/adding-a-game.md)."""
    return tuple(f"tests.bench.{p.name}" for p in plugins.all_plugins())


def sections(args: argparse.Namespace) -> dict[str, Callable[[], list[Row]]]:
    found: dict[str, Callable[[], list[Row]]] = {
        "latency": lambda: latency.rows(args.games, args.commands),
        "boards": boards.rows,
        "busy": busy.rows,
        "play": play.rows,
    }
    for name in game_sections():
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:
                continue
            raise
        found[name.rsplit(".", 1)[1]] = module.rows
    found["startup"] = startup.rows
    found["memory"] = memory.rows
    return found


def write(rows: list[Row]) -> str:
    width = max(len(r.name) for r in rows)
    table = "\n".join(f"{r.name:<{width}}  {r.value:<32} {r.floor:<36} {r.note}" for r in rows)
    md = [
        "# Benchmarks",
        "",
        f"Written by `make bench` on {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {platform.machine()}, "
        f"{os.cpu_count()} CPUs, Python {platform.python_version()}. Each figure stands beside its floor, "
        "measured in the same run.",
        "",
        "| what | measured | floor | note |",
        "|---|---|---|---|",
        *(f"| {r.name} | {r.value} | {r.floor} | {r.note} |" for r in rows),
        "",
    ]
    (ROOT / "BENCHMARKS.md").write_text("\n".join(md), encoding="utf-8")
    return table


def main() -> None:
    parser = argparse.ArgumentParser(prog="make bench")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--commands", type=int, default=2000)
    parser.add_argument("--only", nargs="*", help="run just these sections (BENCHMARKS.md is then not rewritten)")
    parser.add_argument("--markdown", action="store_true", help="with --only: print BENCHMARKS.md's table rows")
    args = parser.parse_args()
    chosen = sections(args)
    names = args.only or list(chosen)
    unknown = sorted(set(names) - set(chosen))
    if unknown:
        parser.error(f"unknown section(s) {', '.join(unknown)}; there are {', '.join(chosen)}")
    rows = [row for name in names for row in chosen[name]()]
    if args.only and args.markdown:
        print("\n".join(f"| {r.name} | {r.value} | {r.floor} | {r.note} |" for r in rows))
    elif args.only:
        width = max(len(r.name) for r in rows)
        print("\n".join(f"{r.name:<{width}}  {r.value:<32} {r.floor:<36} {r.note}" for r in rows))
    else:
        print(write(rows))


if __name__ == "__main__":
    main()
