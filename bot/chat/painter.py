"""Board images drawn in a process of their own, so that drawing never holds the interpreter lock the commands need.

Drawing a board is Python (layout, text, palette indices: render/) for most of its time. On a worker thread of the
bot's process it takes the interpreter lock in turns with the event loop, every few milliseconds: a busy game's
board took about half as long again as drawn alone, and every command of every game waited on it in those turns
(issue 17). The painter hands each view to one long-lived child process over a socket, which the event loop reads
like any other: the loop pickles the view (0.1-0.4 ms) and is free until the PNG is back.

One child per bot, drawing one board at a time: what render/ keeps between boards (laid-out blocks, drawn tiles,
text masks) lives there and is shared by every game, as it was by the threads. A child that dies (killed, out of
memory) is replaced at the next board, and the board it was drawing is drawn once more by the new one; one that
fails twice raises `DrawFailed`, as a renderer's own error does, and the messenger posts without the image.

The child is a fresh interpreter (`python -m bot.chat.painter`), not a fork of the bot (a process with threads, where
forking is unsafe) and not one of multiprocessing's (which imports the parent's main module again in the child).
It starts with the bot, in the background, and imports every renderer before its first board (about 0.3 s).
`RENDER_PROCESS=false` draws on a worker thread of the bot's process instead.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import pickle
import pkgutil
import socket
import struct
import sys
import traceback
from collections.abc import Callable
from typing import Any, TypeVar

import render
from engines.core.contract import View
from render.registry import render as draw_board

log = logging.getLogger(__name__)

T = TypeVar("T")
_LENGTH = struct.Struct("!Q")  # each message: its length, then the pickle
_READ_LIMIT = 1 << 22


class DrawFailed(Exception):
    """A board could not be drawn: its renderer raised (the message says what), or the child died twice."""


def _read(sock: socket.socket, size: int) -> bytes | None:
    parts, left = [], size
    while left:
        part = sock.recv(min(left, 1 << 20))
        if not part:
            return None
        parts.append(part)
        left -= len(part)
    return b"".join(parts)


def serve(sock: socket.socket) -> None:
    """The child: draw each (function, argument) it is sent, in order, until the bot closes its end."""
    for module in pkgutil.iter_modules(render.__path__):  # every renderer, before the first board
        importlib.import_module(f"render.{module.name}")
    with sock:
        while (head := _read(sock, _LENGTH.size)) is not None:
            body = _read(sock, _LENGTH.unpack(head)[0])
            if body is None:
                return
            try:
                fn, arg = pickle.loads(body)
                reply = pickle.dumps((True, fn(arg)), protocol=pickle.HIGHEST_PROTOCOL)
            except Exception as exc:  # a renderer's bug: said back to the bot, and this child draws on
                traceback.print_exc()
                reply = pickle.dumps((False, f"{type(exc).__name__}: {exc}"), protocol=pickle.HIGHEST_PROTOCOL)
            sock.sendall(_LENGTH.pack(len(reply)) + reply)


class _Child:
    """One child process and the bot's end of its socket, read by the event loop."""

    def __init__(self, process: asyncio.subprocess.Process, reader: asyncio.StreamReader,
                 writer: asyncio.StreamWriter) -> None:
        self.process = process
        self.reader = reader
        self.writer = writer

    @classmethod
    async def start(cls) -> _Child:
        ours, theirs = socket.socketpair()
        try:  # its own socket, not stdout: whatever a renderer prints cannot garble a board
            process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", __name__, str(theirs.fileno()), pass_fds=(theirs.fileno(),),
                stdin=asyncio.subprocess.DEVNULL,
            )
        except BaseException:
            ours.close()
            raise
        finally:
            theirs.close()
        # A board is read whole before the reader pauses (at twice its limit; 64 KiB by default, about one board).
        reader, writer = await asyncio.open_unix_connection(sock=ours, limit=_READ_LIMIT)
        return cls(process, reader, writer)

    async def call(self, fn: Callable[[Any], T], arg: Any) -> tuple[bool, Any]:
        body = pickle.dumps((fn, arg), protocol=pickle.HIGHEST_PROTOCOL)
        self.writer.write(_LENGTH.pack(len(body)) + body)
        await self.writer.drain()
        head = await self.reader.readexactly(_LENGTH.size)
        reply: tuple[bool, Any] = pickle.loads(await self.reader.readexactly(_LENGTH.unpack(head)[0]))
        return reply

    async def stop(self) -> None:
        self.writer.close()  # the child reads the end of its socket and returns
        with contextlib.suppress(OSError):
            await self.writer.wait_closed()
        try:
            await asyncio.wait_for(self.process.wait(), 5)
        except TimeoutError:  # drawing a board that will never be read
            with contextlib.suppress(ProcessLookupError):
                self.process.kill()
            await self.process.wait()


class Painter:
    """Draws boards for one bot: `draw(view)` is the PNG, as render.registry.render draws it."""

    def __init__(self, own_process: bool = True) -> None:
        self.own_process = own_process
        self._child: _Child | None = None
        self._lock = asyncio.Lock()  # one board at a time through the socket: a request, then its reply
        self.started = 0  # children started so far (a second one means the first died)

    async def start(self) -> None:
        """Start the child now (the bot starting), so the first board does not wait for its imports."""
        if self.own_process:
            async with self._lock:
                if self._child is None:
                    await self._start()

    async def draw(self, view: View) -> bytes:
        png: bytes = await self.call(draw_board, view)
        return png

    async def call(self, fn: Callable[[Any], T], arg: Any) -> T:
        """`fn(arg)` where boards are drawn: `fn` a module-level function (the child imports it by name), `arg`
        and its result picklable."""
        if not self.own_process:
            try:
                return await asyncio.to_thread(fn, arg)
            except Exception as exc:
                raise DrawFailed(f"{type(exc).__name__}: {exc}") from exc
        async with self._lock:
            for attempt in (1, 2):
                child = self._child or await self._start()
                try:
                    ok, value = await child.call(fn, arg)
                except (OSError, EOFError, asyncio.IncompleteReadError) as exc:
                    self._child = None  # dead or half-read: the next board starts another
                    await child.stop()
                    if attempt == 2:
                        raise DrawFailed(f"the drawing process stopped twice ({type(exc).__name__})") from exc
                    log.warning("the drawing process stopped (%s); starting another", type(exc).__name__)
                    continue
                except BaseException:  # cancelled mid-exchange: its reply would answer the next board
                    self._child = None
                    await asyncio.shield(child.stop())
                    raise
                if not ok:
                    raise DrawFailed(value)
                result: T = value
                return result
        raise AssertionError("unreachable")

    async def _start(self) -> _Child:
        self._child = await _Child.start()
        self.started += 1
        return self._child

    @property
    def pid(self) -> int | None:
        """The child's process id, while one runs."""
        return self._child.process.pid if self._child is not None else None

    async def close(self) -> None:
        async with self._lock:
            child, self._child = self._child, None
            if child is not None:
                await child.stop()


if __name__ == "__main__":  # the child (`_Child.start`): its socket's file descriptor
    serve(socket.socket(fileno=int(sys.argv[1])))
