"""discord.py's own HTTP client against a local Discord double (tests/bot/chat/rest_double.py): what it does
about 429 and 5xx by itself, what bot/chat/io.py adds, and that the token never reaches a log.

simcord replaces discord.py's `HTTPClient.request`, the very code that honours 429s, so these run the real
client over a real socket instead."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import discord
import pytest
from discord.http import HTTPClient, Route

from bot.chat import io
from tests.bot.chat.rest_double import RestDouble, serving

TOKEN = "MTIzNDU2Nzg5.secret-token-for-the-log-test.abcdefghijklmnop"
ROOT = Path(__file__).resolve().parents[3]


def message_route() -> Route:
    return Route("POST", "/channels/{channel_id}/messages", channel_id=123)


async def client_for(double: RestDouble, monkeypatch: pytest.MonkeyPatch) -> HTTPClient:
    monkeypatch.setattr(Route, "BASE", double.base)
    http = HTTPClient(asyncio.get_running_loop())
    await http.static_login(TOKEN)
    return http


async def test_a_429_is_waited_out_and_retried_by_discord_py(monkeypatch: pytest.MonkeyPatch):
    """Discord says 'retry after 0.25 s': discord.py sleeps that long and sends again; the caller just gets
    the message. This is why io.py does not handle 429 itself."""
    async with serving(RestDouble(script=[429], retry_after=0.25)) as double:
        http = await client_for(double, monkeypatch)
        try:
            started = asyncio.get_running_loop().time()
            sent = await http.request(message_route(), json={"content": "hello"})
            waited = asyncio.get_running_loop().time() - started
        finally:
            await http.close()
    assert sent["content"] == "hello"
    assert double.posts() == 2 and waited >= 0.25


async def test_a_502_is_retried_by_discord_py_itself(monkeypatch: pytest.MonkeyPatch):
    async with serving(RestDouble(script=[502])) as double:
        http = await client_for(double, monkeypatch)
        try:
            sent = await http.request(message_route(), json={"content": "hello"})
        finally:
            await http.close()
    assert sent["content"] == "hello" and double.posts() == 2


async def test_a_503_that_discord_py_gives_up_on_is_retried_by_io_with_bounded_backoff(
    monkeypatch: pytest.MonkeyPatch,
):
    monkeypatch.setattr(io, "RETRY_DELAYS", (0.01, 0.02, 0.04))
    async with serving(RestDouble(script=[503, 503])) as double:
        http = await client_for(double, monkeypatch)
        try:
            sent = await io.retrying(lambda: http.request(message_route(), json={"content": "hi"}), "test")
            double.script = [503] * 10
            with pytest.raises(discord.DiscordServerError):
                await io.retrying(lambda: http.request(message_route(), json={"content": "hi"}), "test")
        finally:
            await http.close()
    assert sent["content"] == "hi"
    assert double.posts() == 3 + 4  # two failures then success; then 1 + 3 retries and it gives up


async def test_the_token_is_used_but_never_logged(tmp_path: Path):
    """`python -m bot sync` with the token in the environment and DEBUG logging: the double sees the token
    in the Authorization header, and nothing the process printed or logged contains it."""
    async with serving(RestDouble()) as double:
        env = {
            **os.environ,
            "DISCORD_TOKEN": TOKEN,
            "DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}",
            "LOG_LEVEL": "DEBUG",
        }
        code = (
            "import sys, discord.http; discord.http.Route.BASE = sys.argv[1]; "
            "from bot.__main__ import main; sys.exit(main(['sync']))"
        )
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-c", code, double.base, cwd=tmp_path, env={**env, "PYTHONPATH": str(ROOT)},
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        )
        out, err = await asyncio.wait_for(process.communicate(), timeout=120)
    printed = (out + err).decode()
    assert process.returncode == 0, printed
    assert "Synced" in printed and "DEBUG" in printed  # it ran, and logged at the most talkative level
    assert any(auth == f"Bot {TOKEN}" for _, _, auth in double.seen)
    assert TOKEN not in printed and TOKEN.split(".")[1] not in printed
