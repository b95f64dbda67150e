"""`python -m bot.content.wotr build [OUT] [--data DIR] [--with-text]`: write the War of the Ring pack.

Without `--with-text` (the default) the pack holds facts only and may be committed; with it, the card words
are kept for the user's own machine (never commit such a pack).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bot.content.errors import ContentError
from bot.content.wotr.importer import DEFAULT_DATA, DEFAULT_OUT, build_pack
from engines.wotr.cards import pack_to_json


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.content.wotr", description="War of the Ring content.")
    sub = parser.add_subparsers(dest="verb", required=True)
    build = sub.add_parser("build", help="write the War of the Ring pack from the community data")
    build.add_argument("out", nargs="?", type=Path, default=DEFAULT_OUT, help="a .json file or a folder")
    build.add_argument("--data", type=Path, default=DEFAULT_DATA, help="the folder with cards.json and friends")
    build.add_argument("--with-text", action="store_true", help="keep card text (for your own machine only)")
    args = parser.parse_args(argv)
    try:
        result = build_pack(args.data, with_text=args.with_text)
    except ContentError as error:
        print(f"Import refused, nothing written. {error}", file=sys.stderr)
        return 1
    out = args.out / "wotrcg.json" if args.out.is_dir() else args.out
    out.parent.mkdir(parents=True, exist_ok=True)
    text = pack_to_json(result.pack)
    out.write_text(text, encoding="utf-8")
    print(result.summary())
    for problem in result.problems:
        print(f"  not mapped: {problem}")
    for note in result.notes:
        print(f"  note: {note}")
    print(f"Wrote {out} ({len(text.encode()):,} bytes).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
