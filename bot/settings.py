"""Configuration from the environment (and an optional .env file). The token is read here and nowhere else."""

from __future__ import annotations

from functools import lru_cache

from pydantic import SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.shards import Shards

DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///data/westmarch.db"


class Settings(BaseSettings):
    # An empty line in .env (`DEV_GUILD_ID=`) means unset, as .env.example leaves them.
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore", env_ignore_empty=True)

    discord_token: SecretStr | None = None
    database_url: str = DEFAULT_DATABASE_URL
    dev_guild_id: int | None = None
    # The state is written every this many commands (and at the end); a cold load applies at most this many
    # again, about 1 ms each (bot/store/snapshots.py). 200 keeps a command's bytes near its journal row.
    snapshot_every: int = 200
    state_cache: int = 1000  # decoded game states kept in memory (about 130 KiB each for a 4-player LCG table)
    console_image_dir: str = "out/boards"
    # Boards are drawn in a process of the bot's own (bot/chat/painter.py); false: on a thread of the bot's process.
    render_process: bool = True
    pack_dir: str = "data/packs"  # the user's own content packs (e.g. an import of the DragnCards files)
    extra_game_modules: str = ""
    log_level: str = "INFO"
    # Limits, each refused with a clear message (bot/service/limits.py, Limits.of).
    max_command_length: int = 500
    commands_per_minute: int = 30
    max_open_games: int = 50  # per server, unless the server has its own (guild_settings)
    max_journal_entries: int = 20_000  # per game
    # Sharding across processes: this process runs these shards (e.g. "0,1") of SHARD_COUNT, and only their
    # servers' games and timers. Unset: one process runs everything.
    shard_count: int | None = None
    shard_ids: str = ""

    def game_modules(self) -> list[str]:
        return [m.strip() for m in self.extra_game_modules.split(",") if m.strip()]

    def shards(self) -> Shards | None:
        """This process's shards, or None when one process runs every server."""
        return Shards.parse(self.shard_count, self.shard_ids)


@lru_cache(maxsize=1)
def settings() -> Settings:
    return Settings()
