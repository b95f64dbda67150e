"""Configuration from the environment (and an optional .env file). The token is read here and nowhere else."""

from __future__ import annotations

from functools import lru_cache

from pydantic import SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///data/westmarch.db"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr | None = None
    database_url: str = DEFAULT_DATABASE_URL
    dev_guild_id: int | None = None
    snapshot_every: int = 50
    state_cache: int = 1000  # decoded game states kept in memory (about 130 KiB each for a 4-player LCG table)
    console_image_dir: str = "out/boards"
    pack_dir: str = "data/packs"  # the user's own content packs (e.g. an import of the DragnCards files)
    extra_game_modules: str = ""
    log_level: str = "INFO"

    def game_modules(self) -> list[str]:
        return [m.strip() for m in self.extra_game_modules.split(",") if m.strip()]


@lru_cache(maxsize=1)
def settings() -> Settings:
    return Settings()
