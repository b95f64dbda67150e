"""Delivery to a terminal: public lines and board images for the table, private lines per seat."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from bot.service import Notice
from render.registry import render
from render.text import view_text


class ConsoleMessenger:
    """Prints what the channel and each seat's DMs would show, and writes the board to `image_dir`."""

    def __init__(self, out: Callable[[str], None], image_dir: Path | None, show_hands: bool = True) -> None:
        self.out = out
        self.image_dir = image_dir
        self.show_hands = show_hands
        self.boards = 0

    async def deliver(self, notice: Notice) -> None:
        for line in notice.public_lines:
            self.out(f"[table] {line}")
        if notice.undo_ask:
            ask = notice.undo_ask
            names = ", ".join(s.seat or s.name for s in ask.needs)
            self.out(f"[table] {names}: type 'yes {ask.request_id}' or 'no {ask.request_id}' (as yourself).")
        for p in notice.private:
            for line in p.lines:
                self.out(f"[to {p.seat}] {line}")
            if self.show_hands and p.hand_changed and p.view is not None:
                for zone in p.view.private:
                    names = ", ".join(c.name or "?" for c in zone.cards) or "empty"
                    self.out(f"[to {p.seat}] Your {zone.name}: {names}")
        if notice.waiting_changed and notice.waiting_after:
            self.out(f"[table] Waiting on: {', '.join(notice.waiting_after)}")
        if notice.public_view is not None and notice.table_changed and self.image_dir is not None:
            png = await asyncio.to_thread(render, notice.public_view)
            self.image_dir.mkdir(parents=True, exist_ok=True)
            self.boards += 1
            path = self.image_dir / f"game{notice.ref.id}-{self.boards:04d}.png"
            await asyncio.to_thread(path.write_bytes, png)
            self.out(f"[table] board: {path}")

    def describe(self, text: str) -> None:
        self.out(text)


__all__ = ["ConsoleMessenger", "view_text"]
