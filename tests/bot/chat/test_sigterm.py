"""`python -m bot` stopped by SIGTERM (`docker stop`, `systemctl stop`) stops as Ctrl+C stops it: the shutdown
path runs, with its snapshot of every game in memory, and the process exits 0. Python's own SIGTERM ends a process
where it stands, which for the bot meant no shutdown snapshot before an update (README, 'Updating the bot under
running games').

The real bot process logs in to a local Discord double (tests/bot/chat/rest_double.py) and is sent to a gateway that
accepts the connection and never answers, so it waits there, connecting, until it is told to stop."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

from tests.bot.chat.rest_double import RestDouble, serving

ROOT = Path(__file__).resolve().parents[3]
TOKEN = "MTIzNDU2Nzg5.sigterm-test-token.abcdefghijklmnop"


async def test_sigterm_stops_the_bot_through_its_shutdown_path(tmp_path: Path):
    connecting = asyncio.Event()

    async def silent(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        connecting.set()
        await reader.read()  # until the bot hangs up
        writer.close()

    gateway = await asyncio.start_server(silent, "127.0.0.1", 0)
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
            # Logged in, set up (timers, commands), and connecting to the gateway; or ended already.
            ended = asyncio.ensure_future(process.wait())
            await asyncio.wait([ended, asyncio.ensure_future(connecting.wait())], timeout=120,
                               return_when=asyncio.FIRST_COMPLETED)
            assert connecting.is_set() or ended.done(), "the bot neither connected nor ended in 2 minutes"
            if process.returncode is not None:
                out, err = await process.communicate()
                raise AssertionError((out + err).decode()[-3000:])
            process.send_signal(signal.SIGTERM)
            out, err = await asyncio.wait_for(process.communicate(), timeout=60)
        finally:
            if process.returncode is None:
                process.kill()
                await process.wait()
    printed = (out + err).decode()
    assert process.returncode == 0, printed[-3000:]
    assert "SIGTERM: stopping" in printed
    assert "stopping: 0 games in memory written as snapshots" in printed
