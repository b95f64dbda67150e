"""Delivery to Discord: the board and log to the game's thread, hands and private choices by DM, with
the thread as the fallback when a player's DMs are closed."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.chat import io
from bot.chat.components import decision_view, undo_view
from bot.service import Notice, PrivateNotice
from render.registry import render
from render.text import zone_text

if TYPE_CHECKING:
    from bot.chat.client import WestmarchBot

log = logging.getLogger(__name__)

WHERE_TO_LOOK = "I can't DM you, so use `/game hand` in this thread to see your hand and make your choices."


class DiscordMessenger:
    def __init__(self, bot: WestmarchBot) -> None:
        self.bot = bot
        # Delivery runs in the background so a command is answered at once; each game's notices are
        # chained so its board posts and DMs keep their order.
        self._tails: dict[int, asyncio.Task[None]] = {}

    async def deliver(self, notice: Notice) -> None:
        previous = self._tails.get(notice.ref.id)
        task = asyncio.create_task(self._deliver_after(previous, notice))
        self._tails[notice.ref.id] = task
        game_id = notice.ref.id

        def forget(done: asyncio.Task[None]) -> None:
            if self._tails.get(game_id) is done:
                del self._tails[game_id]

        task.add_done_callback(forget)

    async def _deliver_after(self, previous: asyncio.Task[None] | None, notice: Notice) -> None:
        if previous is not None:
            await asyncio.wait([previous])
        try:
            await self.deliver_now(notice)
        except Exception:
            log.exception("delivering game %s's notice failed", notice.ref.id)

    async def drain(self) -> None:
        """Wait for every delivery under way (shutdown, tests)."""
        while self._tails:
            await asyncio.wait(list(self._tails.values()))

    async def channel(self, channel_id: int | None) -> discord.abc.Messageable | None:
        if channel_id is None:
            return None
        channel: Any = self.bot.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(channel_id)
            except discord.HTTPException:
                log.warning("channel %s is gone or hidden", channel_id)
                return None
        return channel if isinstance(channel, discord.abc.Messageable) else None

    async def deliver_now(self, notice: Notice) -> None:
        table = await self.channel(notice.ref.thread_id or notice.ref.channel_id)
        if table is not None:
            await self._post_table(table, notice)
        for private in notice.private:
            await self._dm_seat(table, notice, private)

    async def _post_table(self, table: discord.abc.Messageable, notice: Notice) -> None:
        by_seat = {s.seat: s for s in notice.seats if s.seat}
        lines = list(notice.public_lines)
        if notice.waiting_changed and notice.waiting_after and notice.outcome is None:
            who = ", ".join(f"<@{by_seat[s].user_id}> ({s})" if s in by_seat else s for s in notice.waiting_after)
            lines.append(f"Waiting on {who}.")
        if notice.undo_ask is not None:
            ask = notice.undo_ask
            who = " ".join(f"<@{s.user_id}>" for s in ask.needs)
            await io.send(
                table,
                "\n".join([*lines, f"{who}: agree to undo `{ask.command}`?"]),
                view=undo_view(notice.ref.id, ask.request_id),
            )
            return
        kwargs: dict[str, Any] = {}
        if notice.public_view is not None and notice.table_changed:  # one board per change, not per click
            png = await asyncio.to_thread(render, notice.public_view)  # never block the heartbeat
            kwargs["file"] = io.png_file(png)
        public_decisions = [d for d in notice.decisions if not d.private and d.id in notice.new_decisions]
        view = decision_view(notice.ref.id, public_decisions)
        if view is not None:
            kwargs["view"] = view
        if lines or kwargs:
            await io.send(table, "\n".join(lines), **kwargs)

    async def _dm_seat(self, table: discord.abc.Messageable | None, notice: Notice, p: PrivateNotice) -> None:
        mine = [d for d in notice.decisions if d.seat == p.seat and d.private and d.id in notice.new_decisions]
        if not (p.lines or p.hand_changed or mine):
            return
        parts = [f"**{notice.ref.title}, game {notice.ref.id}**", *p.lines]
        if p.hand_changed and p.view is not None:
            parts += [f"Your {zone_text(z, with_owner=False)}" for z in p.view.private]
        parts += [f"Decision {d.id}: {d.prompt}" for d in mine]
        view = decision_view(notice.ref.id, mine)
        kwargs: dict[str, Any] = {"view": view} if view is not None else {}
        seat_info = next((s for s in notice.seats if s.user_id == p.user_id), None)
        delivered = await self.dm_user(p.user_id, "\n".join(parts), **kwargs)
        if not delivered and table is not None and (seat_info is None or seat_info.dm_ok is not False):
            await io.send(table, f"<@{p.user_id}>, {WHERE_TO_LOOK}")

    async def dm_user(self, user_id: int, content: str, **kwargs: Any) -> bool:
        """DM a user and record whether their DMs are open, for every game they sit in."""
        user = self.bot.get_user(user_id)
        if user is None:
            try:
                user = await self.bot.fetch_user(user_id)
            except discord.HTTPException:
                return False
        ok = await io.dm(user, content, **kwargs)
        await self.bot.service.record_dm(user_id, ok)
        return ok
