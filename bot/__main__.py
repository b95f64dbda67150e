"""`python -m bot [run|play|sync|migrate|backup|cards]`.

run (the default): the Discord bot when DISCORD_TOKEN is set, otherwise the console game.
play: the console game (`--script FILE` plays a transcript non-interactively).
sync: register the slash commands with Discord once (never done on start-up: Discord limits it).
migrate: bring the database schema up to date (run and play also do this first).
backup FILE: a consistent copy of the SQLite database, safe while the bot runs.
cards coverage GAME: the cards whose effects are scripted and those still resolved by hand, as the game's
registration reports them (bot/plugins.py).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from pathlib import Path

from bot import plugins
from bot.settings import settings
from bot.store import migrate
from engines import registry


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Westmarch: Middle-earth games by post.")
    sub = parser.add_subparsers(dest="verb")
    sub.add_parser("run", help="the Discord bot if a token is configured, else the console")
    play = sub.add_parser("play", help="the console game")
    play.add_argument("--script", type=Path, help="play this transcript and print what every seat sees")
    play.add_argument("--seed", type=int, help="seed new games with this number (reproducible transcripts)")
    play.add_argument("--images", type=Path, help="write board images here (default: CONSOLE_IMAGE_DIR)")
    play.add_argument("--no-images", action="store_true", help="do not render board images")
    play.add_argument("--load", action="append", default=[], help="also load this game module")
    sub.add_parser("sync", help="register slash commands with Discord")
    sub.add_parser("migrate", help="upgrade the database schema")
    backup = sub.add_parser("backup", help="copy the SQLite database safely, even while the bot runs")
    backup.add_argument("file", type=Path, help="where to write the copy (must not exist)")
    cards = sub.add_parser("cards", help="card data reports")
    cards.add_argument("report", choices=["coverage"], help="coverage: which cards' effects are scripted")
    cards.add_argument("game", choices=[p.name for p in plugins.with_("coverage")], help="the game whose cards")
    cards.add_argument("--list", action="store_true", help="name every card, not only those resolved by hand")
    args = parser.parse_args(argv)
    if args.verb == "cards":
        print(coverage_report(args.game, show_all=args.list))
        return 0

    config = settings()
    logging.basicConfig(level=config.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if logging.getLogger().level > logging.DEBUG:  # the schema steps are news to nobody at start-up
        logging.getLogger("alembic").setLevel(logging.WARNING)
    registry.load([*registry.BUILTIN, *config.game_modules(), *getattr(args, "load", [])])

    if args.verb == "backup":  # a copy of what is there: no migration first
        from bot.store.backup import BackupError
        from bot.store.backup import backup as copy_database

        try:
            size = copy_database(config.database_url, args.file)
        except BackupError as exc:
            print(exc, file=sys.stderr)
            return 1
        print(f"Backed up to {args.file} ({size} bytes).")
        return 0
    # Alembic's async environment runs its own event loop, so migrations run before ours starts.
    migrate.upgrade(config.database_url)
    verb = args.verb or "run"
    if verb == "migrate":
        return 0
    if verb == "run" and config.discord_token is None:
        print("No DISCORD_TOKEN configured: starting the console game instead.", file=sys.stderr)
        verb = "play"
    if verb == "play":
        from bot.console.run import play as play_console

        image_dir = (
            None
            if getattr(args, "no_images", False)
            else (getattr(args, "images", None) or Path(config.console_image_dir))
        )
        return asyncio.run(
            play_console(
                config.database_url,
                getattr(args, "script", None),
                image_dir,
                getattr(args, "seed", None),
                config.snapshot_every,
            )
        )
    from bot.chat.client import run_bot, sync_commands

    if verb == "sync":
        return asyncio.run(sync_commands(config))
    return asyncio.run(run_bot(config))


def coverage_report(game: str = "lcg", show_all: bool = False) -> str:
    """A game's own coverage report, found through its registration (bot/plugins.py)."""
    return plugins.coverage(game, show_all=show_all)


if __name__ == "__main__":
    sys.exit(main())
