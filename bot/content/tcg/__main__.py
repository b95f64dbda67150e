"""`python -m bot.content.tcg build [OUT] [--data DIR]`: write the Decipher TCG facts-only pack."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bot.content.errors import ContentError
from bot.content.tcg.importer import DEFAULT_DATA, DEFAULT_OUT, build_pack
from engines.tcg.cards import pack_to_json


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.content.tcg", description="Decipher TCG content.")
    sub = parser.add_subparsers(dest="verb", required=True)
    build = sub.add_parser("build", help="write the TCG pack from GEMP's card files")
    build.add_argument("out", nargs="?", type=Path, default=DEFAULT_OUT, help="a .json file or a folder")
    build.add_argument("--data", type=Path, default=DEFAULT_DATA, help="the gemp-playerscouncil-hjson folder")
    args = parser.parse_args(argv)
    try:
        result = build_pack(args.data)
    except ContentError as error:
        print(f"Import refused, nothing written. {error}", file=sys.stderr)
        return 1
    out = args.out / "tcg.json" if args.out.is_dir() else args.out
    out.parent.mkdir(parents=True, exist_ok=True)
    text = pack_to_json(result.pack)
    out.write_text(text, encoding="utf-8")
    print(result.summary())
    for problem in result.problems:
        print(f"  not mapped: {problem}")
    print(f"Wrote {out} ({len(text.encode()):,} bytes).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
