"""`python -m bot.content.lcg build-core [OUT] [--data DIR]` and `... import-dragncards DIR OUT [--with-text]`.

build-core-campaign: the facts-only Core Set campaign pack (`engines/lcg/packs/core-campaign.json`).
import-campaigns: every DragnCards campaign pool as a user's own pack of campaigns.
build-core: write the facts-only Core Set pack (default `engines/lcg/packs/core.json`) from the community
data (default `../shared/data/lcg`). import-dragncards: turn a user's own DragnCards folder into a pack; with
`--with-text` it keeps the card text, for that user's machine only (never commit such a pack).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bot.content.errors import ContentError
from bot.content.lcg.campaigns import CORE_CAMPAIGN_OUT, build_core_campaign, import_campaigns
from bot.content.lcg.core import DEFAULT_DATA, DEFAULT_OUT, build_core, write_pack
from bot.content.lcg.dragncards import import_dragncards
from bot.content.lcg.report import ImportResult
from bot.settings import settings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.content.lcg", description="LCG content import.")
    sub = parser.add_subparsers(dest="verb", required=True)
    core = sub.add_parser("build-core", help="write the facts-only Core Set pack")
    core.add_argument("out", nargs="?", type=Path, default=DEFAULT_OUT, help="a .json file or a folder")
    core.add_argument("--data", type=Path, default=DEFAULT_DATA, help="the shared LCG data folder")
    dragn = sub.add_parser("import-dragncards", help="a pack from a DragnCards folder (cardDb.tsv, ...)")
    dragn.add_argument("folder", type=Path)
    dragn.add_argument("out", type=Path, nargs="?", default=Path(settings().pack_dir) / "dragncards.json",
                       help="where to write the pack (default: PACK_DIR/dragncards.json, which the bot loads)")
    dragn.add_argument("--with-text", action="store_true", help="keep card text (for your own machine only)")
    dragn.add_argument("--verbose", action="store_true", help="list every note, not only the problems")
    core_campaign = sub.add_parser("build-core-campaign", help="write the facts-only Core Set campaign pack")
    core_campaign.add_argument("out", nargs="?", type=Path, default=CORE_CAMPAIGN_OUT)
    core_campaign.add_argument("--data", type=Path, default=DEFAULT_DATA, help="the shared LCG data folder")
    camps = sub.add_parser("import-campaigns", help="a pack of campaigns from a DragnCards folder (campaign/*.txt)")
    camps.add_argument("folder", type=Path)
    camps.add_argument("out", type=Path, nargs="?", default=Path(settings().pack_dir) / "campaigns.json",
                       help="where to write the pack (default: PACK_DIR/campaigns.json, which the bot loads)")
    camps.add_argument("--with-text", action="store_true", help="keep card text (for your own machine only)")
    args = parser.parse_args(argv)
    try:
        if args.verb == "build-core":
            out = args.out / "core.json" if args.out.is_dir() else args.out
            result = build_core(args.data)
        elif args.verb == "build-core-campaign":
            out, result = args.out, build_core_campaign(args.data)
        elif args.verb == "import-campaigns":
            out, result = args.out, import_campaigns(args.folder, with_text=args.with_text)
        else:
            out = args.out
            result = import_dragncards(args.folder, with_text=args.with_text)
    except ContentError as error:
        print(f"Import refused, nothing written. {error}", file=sys.stderr)
        return 1
    out.parent.mkdir(parents=True, exist_ok=True)
    size = write_pack(result.pack, out)
    report(result, verbose=getattr(args, "verbose", False))
    print(f"Wrote {out} ({size:,} bytes).")
    return 0


def report(result: ImportResult, *, verbose: bool = False) -> None:
    print(result.summary())
    for problem in result.problems:
        print(f"  not mapped: {problem}")
    for note in result.notes if verbose else result.notes[:20]:
        print(f"  note: {note}")
    if not verbose and len(result.notes) > 20:
        print(f"  ... and {len(result.notes) - 20} more notes (--verbose lists them)")


if __name__ == "__main__":
    sys.exit(main())
