"""Board images drawn in a process of their own, so that drawing never holds the interpreter lock the commands need.

Drawing a board is Python (layout, text, palette indices: render/) for most of its time. On a worker thread of the
bot's process it takes the interpreter lock in turns with the event loop, every few milliseconds: a busy game's
board took about half as long again as drawn alone, and every command of every game waited on it in those turns
(issue 17). The painter hands each view to one long-lived child process over a socket. The painter's own thread
pickles the view (0.1-0.4 ms), sends it and waits for the PNG, blocked on the socket, without the interpreter lock.

One child per bot, drawing one board at a time, every game's boards in turn: what render/ keeps between boards
(laid-out blocks, drawn tiles, text masks) lives there and is shared by every game, as it was by the threads. A
child that dies (killed, out of memory) is replaced, and the board it was drawing is drawn once more by the new one.
A board fails with `DrawFailed`, and the messenger posts its notice without the image, when its renderer raises,
when it kills two children, or when it takes longer than `timeout`: its child is killed (a renderer caught in a
loop), since every game's boards wait behind it.

The child is a fresh interpreter (`python -m bot.chat.painter`), not a fork of the bot (a process with threads, where
forking is unsafe) and not one of multiprocessing's (which imports the parent's main module again in the child).
It starts with the bot, in the background, and imports every renderer before it says it is ready (about 0.3 s):
a board's time starts then. It ignores Ctrl+C and SIGTERM, which reach the bot's whole process group: the bot,
shutting down, still draws the boards of its last notices, then closes the socket, and the child ends. A bot
killed outright takes it along (`_die_with`).
`RENDER_PROCESS=false` draws on a worker thread of the bot's process instead.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import os
import pickle
import pkgutil
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
import traceback
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import render
from bot import heap
from engines.core.contract import View
from render.registry import render as draw_board

log = logging.getLogger(__name__)

T = TypeVar("T")
_LENGTH = struct.Struct("!Q")  # each message: its length, then the pickle
_READY = b"R"  # what the child says once it has imported every renderer
_STARTING = 120.0  # seconds a child may take to say it is ready (a cold disk, a busy machine)


class DrawFailed(Exception):
    """A board could not be drawn: its renderer raised (the message says what), it took too long, it killed the
    child drawing it twice, or the painter is closed."""


def _read(sock: socket.socket, size: int, deadline: float | None = None) -> bytes:
    """Exactly `size` bytes; EOFError if the other end closed first, TimeoutError past `deadline` (monotonic)."""
    parts, left = [], size
    while left:
        if deadline is not None:  # a socket's timeout counts for each read, and a board takes several
            sock.settimeout(max(deadline - time.monotonic(), 0.001))
        part = sock.recv(min(left, 1 << 20))
        if not part:
            raise EOFError("the other end closed its socket")
        parts.append(part)
        left -= len(part)
    return b"".join(parts)


def _send(sock: socket.socket, body: bytes) -> None:
    sock.sendall(_LENGTH.pack(len(body)) + body)


def _receive(sock: socket.socket, deadline: float | None = None) -> bytes:
    return _read(sock, _LENGTH.unpack(_read(sock, _LENGTH.size, deadline))[0], deadline)


def serve(sock: socket.socket, modules: Sequence[str] = ()) -> None:
    """The child: draw each (function, argument) it is sent, in order, until the bot closes its end. `modules`:
    what else the bot loaded that may register a renderer (EXTRA_GAME_MODULES)."""
    renderers = [f"render.{m.name}" for m in pkgutil.iter_modules(render.__path__)]
    for module in [*renderers, *modules]:  # before the first board; one that fails costs only its game's boards
        try:
            importlib.import_module(module)
        except Exception:
            traceback.print_exc()
    # The collector set as the bot's (bot/heap.py): what the imports made lives as long as the child, and a view,
    # arriving as thousands of new objects, set off a young collection nearly every board (81 for 104 boards in one
    # run of tests/bench/busy.py, 26 ms in all), though it and what a board draws are freed by their counts.
    heap.settle()
    with sock:
        try:
            sock.sendall(_READY)
            while True:
                body = _receive(sock)
                try:
                    fn, arg = pickle.loads(body)
                    reply = pickle.dumps((True, fn(arg)), protocol=pickle.HIGHEST_PROTOCOL)
                except Exception as exc:  # a renderer's bug: said back to the bot, and this child draws on
                    traceback.print_exc()
                    reply = pickle.dumps((False, f"{type(exc).__name__}: {exc}"), protocol=pickle.HIGHEST_PROTOCOL)
                _send(sock, reply)
        except (EOFError, OSError):  # the bot closed its end, or stopped waiting: so does the child
            return


def child_environment(base: Mapping[str, str] | None = None) -> dict[str, str]:
    """The child's environment: the bot's (`base`, else os.environ), with the bot's import path (a game or a bench
    loaded from outside the current directory imports there too), and its heap on huge pages.

    Why huge pages: a board is drawn after the painter has sat idle (a second in a busy game, hours in a game by
    post), and by then the machine has used the processor's caches and address translations for other work. Python's
    own allocator keeps objects in 4 KB pages, and a board reads thousands of them (kept tiles, laid-out text,
    palette tables) scattered over some 50 MB, each page translated anew. Drawn one after another, a busy LCG game's
    28 boards took 9.5 ms each on this machine; each drawn after a second idle, 50 ms. With every object from glibc's
    malloc (`PYTHONMALLOC=malloc`) on transparent huge pages (2 MB: `glibc.malloc.hugetlb=1`, glibc 2.35 and later,
    THP set to `madvise` or `always`): 8.5 and 22 ms. The bot itself keeps Python's allocator: its commands make and
    free small objects by the thousand, and ran slower on malloc (100 saturated WotR games: 57% of the engine's apply
    rate against 65%). Where glibc or THP is missing, these settings are ignored.

    The board itself (1.7 MB for a busy LCG game's, 3 MB for WotR's) and its PNG's buffers are over glibc's threshold
    for a mapping of their own, so each board mapped fresh memory, took a page fault clearing a 2 MB page for it,
    and gave it back when freed; and the heap's free top was handed back too. With both thresholds raised
    (`HEAP_TUNABLES`), boards reuse the heap's pages as they are: a busy LCG game's boards, each drawn after half a
    second idle, took 8.3-9.8 ms instead of 9.9-12.3 ms (1.9-2.1x their encode against 2.2-2.4x). The heap then
    keeps what its busiest board needed, which the kept blocks dwarf.

    A value the bot was started with is kept (PYTHONMALLOC=debug, to hunt a leak in a renderer; glibc.malloc.hugetlb=0
    to turn huge pages off)."""
    env = dict(os.environ if base is None else base)
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
    env.setdefault("PYTHONMALLOC", "malloc")
    tunables = [t for t in env.get("GLIBC_TUNABLES", "").split(":") if t]
    named = {t.split("=", 1)[0] for t in tunables}
    tunables += [t for t in HEAP_TUNABLES if t.split("=", 1)[0] not in named]
    env["GLIBC_TUNABLES"] = ":".join(tunables)
    return env


HUGE_PAGES = "glibc.malloc.hugetlb=1"  # malloc asks for transparent huge pages (madvise) for what it maps
# Allocations up to 32 MB come from the heap (not a mapping of their own, made and unmapped per board), and the
# heap's free top is handed back to the system only past 256 MB.
HEAP_TUNABLES = (HUGE_PAGES, "glibc.malloc.mmap_threshold=33554432", "glibc.malloc.trim_threshold=268435456")


class _Child:
    """One child process and the bot's end of its socket (blocking: used on the painter's thread only)."""

    def __init__(self, modules: Sequence[str]) -> None:
        self.sock, theirs = socket.socketpair()
        env = child_environment()
        try:  # its own socket, not stdout: whatever a renderer prints cannot garble a board
            self.process = subprocess.Popen(
                [sys.executable, "-m", __name__, str(theirs.fileno()), str(os.getpid()), *modules],
                pass_fds=(theirs.fileno(),), stdin=subprocess.DEVNULL, env=env,
            )
        except BaseException:
            self.sock.close()
            raise
        finally:
            theirs.close()
        self.stopping = False
        self.starter = threading.current_thread()  # the painter's own thread: the child dies with it (`_die_with`)
        # Reaped the moment it ends: a child killed between boards (out of memory, by an admin) would otherwise stay
        # a zombie until the next board found its socket closed, which in a quiet server may be hours.
        threading.Thread(target=self._reap, name="westmarch-painter-reaper", daemon=True).start()
        try:
            ready = _read(self.sock, len(_READY), time.monotonic() + _STARTING)
        except BaseException:
            self.stop(now=True)
            raise
        if ready != _READY:
            self.stop(now=True)
            raise EOFError(f"the drawing process said {ready!r}, not that it was ready")

    def call(self, fn: Callable[[Any], Any], arg: Any, timeout: float) -> tuple[bool, Any]:
        try:
            body = pickle.dumps((fn, arg), protocol=pickle.HIGHEST_PROTOCOL)
        except Exception as exc:  # not the child's doing: it lives on
            raise DrawFailed(f"the board's view cannot be sent ({type(exc).__name__}: {exc})") from exc
        deadline = time.monotonic() + timeout
        self.sock.settimeout(timeout)
        _send(self.sock, body)
        reply: tuple[bool, Any] = pickle.loads(_receive(self.sock, deadline))
        return reply

    def _reap(self) -> None:
        code = self.process.wait()
        # Not a death to report: a child stopped on purpose, or one killed with the thread that started it (`_die_with`:
        # a painter never closed, its thread ended as the interpreter exits).
        if not self.stopping and self.starter.is_alive():
            how = f"killed by signal {-code}" if code < 0 else f"exit status {code}"
            log.warning("the drawing process %s ended (%s); the next board starts another", self.process.pid, how)

    def stop(self, now: bool = False) -> None:
        """Close its socket: it returns after the board it is drawing. `now`: kill it (a board given up)."""
        self.stopping = True
        self.sock.close()
        if not now:
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(5)
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


class Painter:
    """Draws boards for one bot: `draw(view)` is the PNG, as render.registry.render draws it."""

    def __init__(self, own_process: bool = True, timeout: float = 15.0, modules: Sequence[str] = ()) -> None:
        """`timeout`: seconds a board may take (a few hundredths is usual) before its child is killed and the board
        given up. `modules`: game modules loaded besides the built-in ones (EXTRA_GAME_MODULES), imported by the
        child too, for the renderers they register."""
        self.own_process = own_process
        self.timeout = timeout
        self.modules = tuple(modules)
        self._child: _Child | None = None
        # Its own thread, one board at a time through the socket, a request then its reply: a board waiting for
        # another (up to `timeout`) holds none of the threads asyncio.to_thread and DNS lookups share, and a board
        # whose notice stopped waiting before its turn is not drawn.
        self._thread: ThreadPoolExecutor | None = None
        self._closed = False
        self.started = 0  # children started so far (a second one means the first died)

    async def start(self) -> None:
        """Start the child now, and return once it is ready (its imports done, about 0.3 s). The bot starts it in
        the background as it starts (a board asked for meanwhile waits for it)."""
        if self.own_process:
            await self._on_thread(self._running)

    async def draw(self, view: View) -> bytes:
        png: bytes = await self.call(draw_board, view)
        return png

    async def board(self, view: View, game_id: int) -> bytes | None:
        """`draw`, or None when the board cannot be drawn (logged, with the game): whoever posts it posts the
        words and buttons without it (the messenger's notices, `/game status`)."""
        try:
            return await self.draw(view)
        except DrawFailed as failed:
            log.error("game %s: its board could not be drawn: %s", game_id, failed, exc_info=failed.__cause__)
            return None

    async def call(self, fn: Callable[[Any], T], arg: Any) -> T:
        """`fn(arg)` where boards are drawn: `fn` a module-level function (the child imports it by name), `arg`
        and its result picklable."""
        if not self.own_process:
            try:
                return await asyncio.to_thread(fn, arg)
            except Exception as exc:
                raise DrawFailed(f"{type(exc).__name__}: {exc}") from exc
        result: T = await self._on_thread(self._exchange, fn, arg)
        return result

    async def _on_thread(self, fn: Callable[..., T], *args: Any) -> T:
        if self._closed:
            raise DrawFailed("the painter is closed (the bot is stopping)")
        if self._thread is None:
            self._thread = ThreadPoolExecutor(1, thread_name_prefix="westmarch-painter")
        return await asyncio.get_running_loop().run_in_executor(self._thread, fn, *args)

    def _running(self) -> _Child:
        if self._closed:  # asked for before `close` and run after it
            raise DrawFailed("the painter is closed (the bot is stopping)")
        if self._child is None:
            try:
                self._child = _Child(self.modules)
            except (OSError, EOFError) as exc:
                raise DrawFailed(f"the drawing process did not start ({type(exc).__name__}: {exc})") from exc
            self.started += 1
        return self._child

    def _exchange(self, fn: Callable[[Any], Any], arg: Any) -> Any:
        for attempt in (1, 2):
            child = self._running()
            try:
                ok, value = child.call(fn, arg, self.timeout)
            except TimeoutError as exc:  # (an OSError: first)
                self._child = None
                child.stop(now=True)
                raise DrawFailed(f"it took longer than {self.timeout:g} s: given up") from exc
            except (OSError, EOFError) as exc:
                self._child = None  # dead: the next board starts another
                child.stop(now=True)
                if attempt == 2:
                    raise DrawFailed(f"the drawing process stopped twice ({type(exc).__name__})") from exc
                log.warning("the drawing process stopped (%s); starting another", type(exc).__name__)
                continue
            if not ok:
                raise DrawFailed(value)
            return value
        raise AssertionError("unreachable")

    @property
    def pid(self) -> int | None:
        """The child's process id, while one runs."""
        child = self._child
        return child.process.pid if child is not None else None

    async def close(self) -> None:
        """Stop the child, once the board it is drawing (if any) is read; boards asked for after fail."""
        if self._thread is None or self._closed:
            self._closed = True
            return
        self._closed = True
        thread = self._thread
        try:
            await asyncio.get_running_loop().run_in_executor(thread, self._stop)
        finally:
            thread.shutdown(wait=False)

    def _stop(self) -> None:
        child, self._child = self._child, None
        if child is not None:
            child.stop()


def _die_with(parent: int) -> None:
    """Be killed when the bot's thread that started this child ends (Linux: PR_SET_PDEATHSIG), the bot killed
    included: a child drawing a board caught in a loop would never read its socket closing. That thread is the
    painter's own (`Painter._thread`), which lives until the painter is closed, this child stopped first."""
    if sys.platform.startswith("linux"):
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # 1: PR_SET_PDEATHSIG
    if os.getppid() != parent:  # the bot died before that was set
        sys.exit(0)


if __name__ == "__main__":  # the child (`_Child`): its socket's file descriptor, the bot's pid, the game modules
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, signal.SIG_IGN)
    _die_with(int(sys.argv[2]))
    serve(socket.socket(fileno=int(sys.argv[1])), sys.argv[3:])
