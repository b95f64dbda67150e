"""A local HTTP server that answers the few Discord REST routes these tests need, so discord.py's own HTTP
client (its rate limiter and retries, which simcord replaces) runs for real over a real socket. Each answer to
a message POST can be scripted: a status, with Discord's headers and body for a 429."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

BOT_USER = {"id": "4242", "username": "westmarch", "discriminator": "0", "avatar": None, "bot": True,
            "global_name": None}


@dataclass
class RestDouble:
    script: list[int] = field(default_factory=list)  # statuses for the next message POSTs; then 200
    retry_after: float = 0.25
    seen: list[tuple[str, str, str]] = field(default_factory=list)  # method, path, Authorization header
    base: str = ""

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_route("*", "/{tail:.*}", self.handle)
        return app

    async def handle(self, request: web.Request) -> web.Response:
        self.seen.append((request.method, request.path, request.headers.get("Authorization", "")))
        path = request.path.removeprefix("/api/v10")
        if path == "/users/@me":
            return _json(BOT_USER)
        if path == "/oauth2/applications/@me":
            return _json({
                "id": BOT_USER["id"], "name": "Westmarch", "description": "", "icon": None, "bot_public": True,
                "bot_require_code_grant": False, "owner": BOT_USER, "verify_key": "00", "flags": 0,
            })
        if path.startswith("/applications/") and request.method == "PUT":  # a command sync
            commands: list[dict[str, Any]] = await request.json()
            return _json([
                {**c, "id": str(900 + i), "application_id": BOT_USER["id"], "version": "1",
                 "default_member_permissions": None, "type": c.get("type", 1)}
                for i, c in enumerate(commands)
            ])
        if path.endswith("/messages") and request.method == "POST":
            status = self.script.pop(0) if self.script else 200
            if status == 429:
                body = {"message": "You are being rate limited.", "retry_after": self.retry_after, "global": False}
                headers = {"Via": "1.1 google", "X-RateLimit-Bucket": "b1", "X-RateLimit-Limit": "5",
                           "X-RateLimit-Remaining": "0", "X-RateLimit-Reset-After": str(self.retry_after)}
                return _json(body, status=429, headers=headers)
            if status >= 400:
                return _json({"message": "Server error", "code": 0}, status=status)
            payload = await request.json()
            channel_id = path.split("/")[2]
            return _json({
                "id": "777", "channel_id": channel_id, "type": 0, "content": payload.get("content", ""),
                "author": BOT_USER, "attachments": [], "embeds": [], "mentions": [], "mention_roles": [],
                "pinned": False, "mention_everyone": False, "tts": False, "timestamp": "2026-11-22T06:00:00+00:00",
                "edited_timestamp": None, "flags": 0, "components": [],
            })
        return _json({"message": "Unknown route", "code": 0}, status=404)

    def posts(self) -> int:
        return sum(1 for method, path, _ in self.seen if method == "POST" and path.endswith("/messages"))


def _json(body: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    """JSON with the exact content type discord.py looks for (no charset)."""
    return web.Response(body=json.dumps(body).encode(), status=status,
                        headers={**(headers or {}), "Content-Type": "application/json"})


@asynccontextmanager
async def serving(double: RestDouble) -> AsyncIterator[RestDouble]:
    runner = web.AppRunner(double.app())
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    double.base = f"http://127.0.0.1:{port}/api/v10"
    try:
        yield double
    finally:
        await runner.cleanup()
