"""Settings: .env.example works as it is, names every setting, and the shard and limit settings are read."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.service.limits import Limits
from bot.settings import Settings
from bot.shards import Shards

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / ".env.example"


def test_the_example_env_file_loads_and_names_every_setting(monkeypatch: pytest.MonkeyPatch):
    for name in Settings.model_fields:
        monkeypatch.delenv(name.upper(), raising=False)
    config = Settings(_env_file=EXAMPLE)
    assert config.discord_token is None and config.dev_guild_id is None  # empty lines mean unset
    assert config.shards() is None and Limits.of(config) == Limits()
    named = set(re.findall(r"^#?\s*([A-Z_]+)=", EXAMPLE.read_text(encoding="utf-8"), flags=re.M))
    assert {n.upper() for n in Settings.model_fields} - named == {"PACK_DIR"}  # a folder, not worth a line


def test_shards_and_limits_come_from_the_environment(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("SHARD_COUNT", "4")
    monkeypatch.setenv("SHARD_IDS", "2-3")
    monkeypatch.setenv("COMMANDS_PER_MINUTE", "5")
    monkeypatch.setenv("MAX_OPEN_GAMES", "3")
    config = Settings(_env_file=None)
    assert config.shards() == Shards(count=4, ids=(2, 3))
    assert Limits.of(config).commands_per_minute == 5 and Limits.of(config).open_games_per_server == 3
    assert "secret" not in repr(Settings(_env_file=None, discord_token="secret"))
