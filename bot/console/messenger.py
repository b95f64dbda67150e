"""Delivery to a terminal: public lines and board images for the table, private lines per seat."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from bot.console.words import console_words
from bot.service import Notice
from engines.core import card_list
from render.registry import render
from render.text import decision_text, view_text


class ConsoleMessenger:
    """Prints what the channel and each seat's DMs would show, and writes the board to `image_dir`."""

    def __init__(self, out: Callable[[str], None], image_dir: Path | None, show_hands: bool = True) -> None:
        self._out = out
        self.image_dir = image_dir
        self.show_hands = show_hands
        self.boards: dict[int, int] = {}  # game id -> the number of its last board image

    def _next_board(self, game_id: int) -> Path:
        """The next image of this game, after those an earlier session wrote (a restart never overwrites them)."""
        assert self.image_dir is not None
        if game_id not in self.boards:
            taken = [p.stem.rsplit("-", 1)[-1] for p in self.image_dir.glob(f"game{game_id}-*.png")]
            self.boards[game_id] = max((int(n) for n in taken if n.isdigit()), default=0)
        self.boards[game_id] += 1
        return self.image_dir / f"game{game_id}-{self.boards[game_id]:04d}.png"

    def out(self, text: str) -> None:
        self._out(console_words(text))

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
            if self.show_hands:
                for zone in p.hand_told:
                    names = card_list((c.name or "?" for c in zone.cards), "empty")  # names may hold a comma
                    self.out(f"[to {p.seat}] Your {zone.name}: {names}")
            # What the seat is asked now, at once: nobody should have to type 'hand' to see their next choice.
            for d in notice.decisions:
                if d.seat == p.seat and d.id in notice.new_decisions:
                    self.out(f"[to {p.seat}] {decision_text(d)}")
        if notice.waiting_changed and notice.waiting_after:
            self.out(f"[table] Waiting on: {', '.join(notice.waiting_after)}")
        for r in notice.reminders:
            what = f"{r.nudged_by} nudges you" if r.nudged_by else "Reminder"
            self.out(f"[to {r.seat}] {what}: the game has waited on you since <t:{int(r.since.timestamp())}:f>.")
        if notice.deadline_ask:
            late = notice.deadline_ask
            choices = "extend|skip|auto" if late.allow_auto else "extend|skip"
            self.out(f"[table] The host or most of the others: type 'deadline {late.wait_id} {choices}'.")
        if self.image_dir is not None and notice.public_view is not None and notice.table_changed:
            png = await asyncio.to_thread(render, notice.public_view)
            self.image_dir.mkdir(parents=True, exist_ok=True)
            path = self._next_board(notice.ref.id)
            await asyncio.to_thread(path.write_bytes, png)
            self.out(f"[table] board: {path}")

    def describe(self, text: str) -> None:
        self.out(text)


__all__ = ["ConsoleMessenger", "view_text"]
