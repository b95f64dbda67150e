"""The real bot process (`python -m bot`) against a local Discord double (tests/bot/chat/rest_double.py) for its
REST calls and a local stand-in for the gateway:

- stopped by SIGTERM (`docker stop`, `systemctl stop`) it stops as Ctrl+C stops it: the shutdown path runs, with
  its snapshot of every game in memory, and the process exits 0. Python's own SIGTERM ends a process where it
  stands, which for the bot meant no shutdown snapshot before an update (README, 'Updating the bot under running
  games');
- a gateway it cannot reach as it starts (Discord or the network down) is tried again and again: discord.py 2.x
  ended the bot with an AttributeError on its first retry (its issue 10520)."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

from tests.bot.chat.rest_double import RestDouble, serving

ROOT = Path(__file__).resolve().parents[3]
TOKEN = "MTIzNDU2Nzg5.sigterm-test-token.abcdefghijklmnop"


async def run_until(tmp_path: Path, answers: bool, attempts: int) -> tuple[int | None, str]:
    """Start the bot, wait until it has tried the gateway `attempts` times (a stand-in that holds each connection
    open without a word if `answers`, else hangs up at once), send it SIGTERM; its exit code and what it logged."""
    tried = 0
    enough = asyncio.Event()

    async def gateway_stand_in(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        nonlocal tried
        tried += 1
        if tried >= attempts:
            enough.set()
        if answers:
            await reader.read()  # until the bot hangs up
        writer.close()

    gateway = await asyncio.start_server(gateway_stand_in, "127.0.0.1", 0)
    port = gateway.sockets[0].getsockname()[1]
    async with gateway, serving(RestDouble()) as double:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": TOKEN, "LOG_LEVEL": "INFO",
               "DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}"}
        code = ("import sys, yarl, discord.http, discord.gateway; discord.http.Route.BASE = sys.argv[1]; "
                "discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(sys.argv[2]); "
                "from bot.__main__ import main; sys.exit(main(['run']))")
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-c", code, double.base, f"ws://127.0.0.1:{port}/", cwd=tmp_path, env=env,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        )
        try:
            # Logged in, set up (timers, commands), and trying the gateway; or ended already.
            ended = asyncio.ensure_future(process.wait())
            await asyncio.wait([ended, asyncio.ensure_future(enough.wait())], timeout=120,
                               return_when=asyncio.FIRST_COMPLETED)
            if process.returncode is None:
                assert enough.is_set(), f"the bot tried the gateway {tried} times in 2 minutes"
                process.send_signal(signal.SIGTERM)
            out, err = await asyncio.wait_for(process.communicate(), timeout=60)
        finally:
            if process.returncode is None:
                process.kill()
                await process.wait()
    return process.returncode, (out + err).decode()


async def test_sigterm_stops_the_bot_through_its_shutdown_path(tmp_path: Path):
    code, printed = await run_until(tmp_path, answers=True, attempts=1)
    assert code == 0, printed[-3000:]
    assert "SIGTERM: stopping" in printed
    assert "stopping: 0 games in memory written as snapshots" in printed


async def test_a_gateway_out_of_reach_at_start_is_tried_again_until_the_bot_is_stopped(tmp_path: Path):
    # aiohttp tries the socket twice on each of discord.py's attempts: five are its third attempt
    code, printed = await run_until(tmp_path, answers=False, attempts=5)
    assert code == 0, printed[-3000:]
    assert printed.count("Discord's gateway cannot be reached; trying again in") >= 2
    assert "AttributeError" not in printed and "SIGTERM: stopping" in printed
