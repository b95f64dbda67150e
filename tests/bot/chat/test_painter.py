"""Boards drawn in a process of the bot's own (bot/chat/painter.py, issue 17): the same PNG as drawn here, a
renderer's error said back without losing the process, a process that dies replaced, and a board that cannot be
drawn leaving its notice's words and buttons to go out without it."""

from __future__ import annotations

import asyncio
import itertools
import os
import pickle
import platform
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.chat.board_posts import BoardPosts
from bot.chat.painter import HEAP_TUNABLES, HUGE_PAGES, DrawFailed, Painter, child_environment
from bot.chat.players import named, names_of
from bot.service import Notice
from engines import registry
from engines.core import Config
from engines.lcg import GAME as LCG
from engines.meq import GAME as MEQ
from engines.tcg import GAME as TCG
from engines.wotr import GAME as WOTR
from render.registry import RENDERERS, render
from tests.bot.chat.conftest import opened, painted_by
from tests.bot.chat.painted import dies, dies_once, heap, pid, refaults, slow
from tests.bot.chat.test_board_coalescing import burst, drawn, pixels, wotr_duel
from tests.engines.randomplay import random_answer


def played(name: str, options: dict[str, str | int | bool], moves: int, seed: int = 3, seats: int = 4):
    """The table's view of a game `moves` random moves in."""
    game = registry.get(name)
    rnd = random.Random(seed)
    state = game.setup(Config(seats=game.seat_names(seats), options=options), seed)
    for _ in range(moves):
        if game.outcome(state) is not None:
            break
        d = rnd.choice(game.pending(state))
        state = game.apply(state, d.seat, random_answer(d, rnd)).state
    return game.view(state, None)


@pytest.fixture(autouse=True)
def installed() -> None:
    for game in (LCG, WOTR, MEQ, TCG):
        registry.register(game)


@pytest.fixture
async def painter():
    made = Painter()
    yield made
    await made.close()


@pytest.mark.parametrize(("name", "options"), [("lcg", {}), ("wotr", {"scenario": "trilogy"})])
async def test_a_board_drawn_in_the_painters_process_is_the_png_drawn_here(painter, name, options):
    for moves in (0, 60):
        view = played(name, options, moves)
        assert await painter.draw(view) == render(view)
    assert await painter.call(pid, None) == painter.pid != os.getpid()


async def test_a_renderers_error_is_said_back_and_the_same_process_draws_the_next_board(painter):
    view = played("lcg", {}, 10)
    await painter.start()
    first = painter.pid
    with pytest.raises(DrawFailed, match="AttributeError: 'NoneType' object has no attribute 'game'"):
        await painter.draw(None)
    assert await painter.draw(view) == render(view)
    assert painter.pid == first and painter.started == 1


async def test_a_process_killed_between_boards_is_replaced_at_the_next(painter):
    view = played("lcg", {}, 10)
    await painter.start()
    first = painter.pid
    assert first is not None
    os.kill(first, 9)
    assert await painter.draw(view) == render(view)
    assert painter.started == 2 and painter.pid != first


def reaped(pid: int, caplog: pytest.LogCaptureFixture, timeout: float = 10.0) -> bool:
    """The process is gone from the process table (no zombie) and its end was logged, within `timeout`."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not Path(f"/proc/{pid}").exists() and f"the drawing process {pid} ended" in caplog.text:
            return True
        time.sleep(0.02)
    return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
async def test_a_process_killed_between_boards_is_reaped_and_said_at_once(painter, caplog):
    """Not left a zombie until the next board, which in a quiet server may be hours away."""
    await painter.start()
    first = painter.pid
    assert first is not None
    os.kill(first, 9)
    assert await asyncio.to_thread(reaped, first, caplog)
    assert f"the drawing process {first} ended (killed by signal 9)" in caplog.text
    view = played("lcg", {}, 10)
    assert await painter.draw(view) == render(view)
    second = painter.pid
    assert second is not None
    await painter.close()
    assert not await asyncio.to_thread(reaped, second, caplog, 0.5)  # stopped on purpose: not reported as a death
    assert not await asyncio.to_thread(Path(f"/proc/{second}").exists)


async def test_the_board_a_dying_process_was_drawing_is_drawn_by_the_next_one(painter, tmp_path):
    assert await painter.call(dies_once, str(tmp_path / "marker")) == "drawn by the next one"
    assert painter.started == 2


async def test_a_board_that_kills_its_process_twice_fails_and_the_next_board_still_draws(painter):
    with pytest.raises(DrawFailed, match="stopped twice"):
        await painter.call(dies, None)
    view = played("lcg", {}, 10)
    assert await painter.draw(view) == render(view)
    assert painter.started == 3


async def test_a_draw_cancelled_midway_leaves_no_reply_for_the_next_board(painter):
    await painter.start()
    first = painter.pid
    waiting = asyncio.create_task(painter.call(slow, 0.5))
    await asyncio.sleep(0.2)  # drawing by now
    waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    assert await painter.call(slow, 0.01) == 0.01  # its own answer, not the cancelled one's
    assert painter.pid == first and painter.started == 1


async def test_a_board_whose_notice_stopped_waiting_before_its_turn_is_not_drawn(painter, tmp_path):
    await painter.start()
    busy = asyncio.create_task(painter.call(slow, 0.3))
    await asyncio.sleep(0.05)
    queued = asyncio.create_task(painter.call(dies_once, str(tmp_path / "marker")))
    await asyncio.sleep(0.05)
    queued.cancel()
    assert await busy == 0.3
    with pytest.raises(asyncio.CancelledError):
        await queued
    assert not (tmp_path / "marker").exists() and painter.started == 1


async def test_a_process_that_cannot_start_fails_the_board_and_the_next_board_tries_again(painter, monkeypatch):
    monkeypatch.setattr(sys, "executable", "/bin/false")
    with pytest.raises(DrawFailed, match="did not start"):
        await painter.call(pid, None)
    monkeypatch.undo()
    assert await painter.call(pid, None) == painter.pid and painter.started == 1


async def test_boards_asked_for_once_closed_fail_and_start_nothing(painter):
    await painter.start()
    await painter.close()
    with pytest.raises(DrawFailed, match="closed"):
        await painter.call(pid, None)
    assert painter.pid is None and painter.started == 1


def test_the_views_of_every_game_go_to_the_painter_whole():
    # What crosses to the painter's process is the pickled view: every game's view must survive it unchanged.
    games: list[tuple[str, dict[str, str | int | bool]]] = [("lcg", {}), ("wotr", {"scenario": "trilogy"}),
                                                             ("meq", {}), ("tcg", {})]
    for name, options in games:
        view = played(name, options, 40, seats=2 if name == "tcg" else 4)
        assert pickle.loads(pickle.dumps(view, protocol=pickle.HIGHEST_PROTOCOL)) == view


def huge_pages_offered() -> bool:
    """Linux with transparent huge pages on request (`madvise`) or always, and a glibc that asks for them (2.35+)."""
    mode = Path("/sys/kernel/mm/transparent_hugepage/enabled")
    libc, version = platform.libc_ver()
    return (mode.exists() and "[never]" not in mode.read_text() and libc == "glibc"
            and tuple(int(p) for p in version.split(".")[:2]) >= (2, 35))


async def test_the_painters_process_keeps_its_heap_on_huge_pages(painter):
    """A board drawn after the painter sat idle read its objects from pages the machine had since used for other
    work: the child allocates with malloc on 2 MB pages (bot/chat/painter.py `child_environment`)."""
    view = played("lcg", {}, 60)
    assert await painter.draw(view) == render(view)
    allocator, tunables, huge_kb = await painter.call(heap, None)
    assert allocator == "malloc" and HUGE_PAGES in tunables.split(":")
    if huge_pages_offered():
        assert huge_kb >= 2048  # at least one 2 MB page: the heap asked for them and got them


async def test_the_painters_process_draws_board_after_board_in_the_same_pages(painter):
    """A board and its strips are over glibc's usual threshold for a mapping of their own: each board mapped fresh
    memory and faulted it in (on huge pages, a 2 MB page cleared per fault), and freeing it gave the heap's top back.
    In the painter's process, the rounds after the first reuse the heap's pages (bot/chat/painter.py
    `HEAP_TUNABLES`)."""
    rounds = await painter.call(refaults, None)
    assert max(rounds[2:]) <= 1, rounds


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="glibc's thresholds")
def test_glibcs_own_thresholds_fault_board_after_board_and_the_painters_do_not():
    """What the heap's thresholds spare, in fresh processes on 4 KB pages (huge pages are granted or not as the
    machine's memory allows): on glibc's defaults, every round faults its pages in again; with the painter's
    thresholds alone, no round after the first does."""

    def rounds(tunables: str) -> list[int]:
        env = {**child_environment(), "GLIBC_TUNABLES": tunables}
        done = subprocess.run(
            [sys.executable, "-c", "from tests.bot.chat.painted import refaults; print(*refaults(None))"],
            env=env, capture_output=True, text=True, check=True, timeout=60)
        return [int(n) for n in done.stdout.split()]

    assert min(rounds("")[2:]) > 100
    thresholds = ":".join(t for t in HEAP_TUNABLES if t != HUGE_PAGES)
    assert max(rounds(thresholds)[2:]) <= 1


def test_the_painters_environment_keeps_what_the_bot_was_started_with():
    """PYTHONMALLOC=debug (a leak hunted in a renderer) and other glibc tunables pass through; huge pages are added
    to the tunables, once, with the heap's thresholds, each unless the bot was started with its own value."""
    env = child_environment({"PYTHONMALLOC": "debug", "GLIBC_TUNABLES": "glibc.malloc.arena_max=2", "X": "1"})
    assert env["PYTHONMALLOC"] == "debug" and env["X"] == "1"
    assert env["GLIBC_TUNABLES"] == ":".join(("glibc.malloc.arena_max=2", *HEAP_TUNABLES))
    off = child_environment({"GLIBC_TUNABLES": "glibc.malloc.hugetlb=0:glibc.malloc.trim_threshold=0"})
    assert off["GLIBC_TUNABLES"].split(":") == [
        "glibc.malloc.hugetlb=0", "glibc.malloc.trim_threshold=0", "glibc.malloc.mmap_threshold=33554432"]
    plain = child_environment({})
    assert plain["PYTHONMALLOC"] == "malloc" and plain["GLIBC_TUNABLES"].split(":") == list(HEAP_TUNABLES)
    assert HUGE_PAGES in HEAP_TUNABLES
    assert plain["PYTHONPATH"] == os.pathsep.join(p for p in sys.path if p)  # a game loaded from elsewhere imports


async def test_closing_stops_the_process(painter):
    await painter.start()
    child = painter.pid
    assert child is not None
    await painter.close()
    assert painter.pid is None
    with pytest.raises(ProcessLookupError):
        os.kill(child, 0)


async def test_on_a_thread_it_draws_the_same_board_in_this_process():
    painter = Painter(own_process=False)
    view = played("lcg", {}, 10)
    assert await painter.draw(view) == render(view)
    assert await painter.call(pid, None) == os.getpid() and painter.pid is None


def broken(view: object) -> bytes:
    raise RuntimeError("a renderer's bug")


async def test_a_board_that_cannot_be_drawn_leaves_the_notice_to_go_out_without_it(world, monkeypatch, caplog):
    # The renderer is this process's: the board is drawn on a thread here, so that a bug can be put in it.
    env, guild, channel, alice, bob = world
    await painted_by(env, Painter(own_process=False))
    monkeypatch.setitem(RENDERERS, "wotr", broken)
    env.bot.service.seed_source = lambda: 3
    thread = await opened(alice, channel, (bob,), "wotr", "scenario=duel2")
    await env.bot.messenger.drain()
    posted = thread.history()
    assert posted[-1].content.startswith("War of the Ring: The Card Game begins.")  # the start's notice, posted
    assert not any(m.attachments for m in posted)
    assert any(m.components for m in alice.user.dm_channel.history()), "her decisions' buttons still go out"
    assert "its board could not be drawn: RuntimeError: a renderer's bug" in caplog.text
    status = await alice.slash(thread, "game status")
    assert "(The board could not be drawn this time.)" in status.response.content and not status.response.attachments


async def test_a_board_that_takes_too_long_is_given_up_and_its_process_replaced():
    painter = Painter(timeout=0.5)
    try:
        await painter.start()
        first = painter.pid
        with pytest.raises(DrawFailed, match=r"longer than 0\.5 s"):
            await painter.call(slow, 5.0)
        assert painter.pid is None and first is not None
        with pytest.raises(ProcessLookupError):
            os.kill(first, 0)
        assert await painter.call(slow, 0.01) == 0.01
        assert painter.started == 2
    finally:
        await painter.close()


async def test_boards_given_up_in_the_painters_process_leave_the_notices_and_the_seats_dms_to_go_out(world, caplog):
    # Middle-earth Quest DMs each seat its own board too. Every board here takes longer than the painter allows
    # (a real child, given a millisecond): each is given up, its child killed, and everything else still goes out.
    env, guild, channel, alice, bob = world
    await painted_by(env, Painter(timeout=0.001))
    carol = guild.add_member(env.create_user("carol"))
    thread = await opened(alice, channel, (bob, carol), "meq")
    await env.bot.messenger.drain()
    posted = thread.history()
    assert posted[-1].content.startswith("Middle-earth Quest begins.") and not any(m.attachments for m in posted)
    dms = [m for member in (alice, bob, carol) for m in member.user.dm_channel.history()]
    assert any("Your hand" in m.content for m in dms) and not any(m.attachments for m in dms)
    assert "its board could not be drawn: it took longer than 0.001 s: given up" in caplog.text
    await env.bot.painter.close()


async def test_a_board_that_failed_is_drawn_by_the_next_notice_even_if_that_one_changed_nothing(world, monkeypatch):
    env, guild, channel, alice, bob = world
    await painted_by(env, Painter(own_process=False))  # the renderer is this process's: a bug can be put in it
    thread = await wotr_duel(world)
    env.bot.messenger._boards = BoardPosts(fresh_after=0)  # each board in a post of its own: which one draws counts

    def pair(a: Notice, b: Notice) -> bool:  # a notice that changes the table, then one that does not
        return a.table_changed and not b.table_changed

    notices = await burst(env, thread, (alice, bob), lambda ns: any(pair(a, b) for a, b in itertools.pairwise(ns)))
    i = next(i for i, (a, b) in enumerate(itertools.pairwise(notices)) if pair(a, b))
    with env.time_context():
        for notice in notices[:i]:
            await env.bot.messenger.deliver(notice)
            await env.bot.messenger.drain()
        monkeypatch.setitem(RENDERERS, "wotr", broken)
        before = len(thread.history())
        await env.bot.messenger.deliver(notices[i])
        await env.bot.messenger.drain()
        assert not any(m.attachments for m in thread.history()[before:])  # its words only
        monkeypatch.undo()
        await env.bot.messenger.deliver(notices[i + 1])
        await env.bot.messenger.drain()
    boards = [m for m in thread.history()[before:] if m.attachments]
    assert len(boards) == 1, "the next notice draws the board the failed one owed"
    newest = notices[i + 1].public_view
    assert newest is not None
    assert await pixels(boards[0].attachments[0]) == drawn(render(named(newest, names_of(notices[i + 1].seats))))


def alive(pid: int) -> bool:
    """The process runs (a zombie, killed but not yet reaped, does not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
def test_a_bot_killed_while_its_painter_draws_takes_the_painters_process_with_it():
    bot = subprocess.Popen([sys.executable, "-c", KILLED_MID_BOARD], stdout=subprocess.PIPE, text=True,
                           cwd=Path(__file__).parents[3])
    try:
        assert bot.stdout is not None
        child = int(bot.stdout.readline())
        time.sleep(0.3)  # drawing its minute-long board by now
        assert alive(child)
    finally:
        bot.kill()
        bot.wait()
    deadline = time.monotonic() + 10
    while alive(child) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not alive(child)


KILLED_MID_BOARD = """
import asyncio
from bot.chat.painter import Painter
from tests.bot.chat.painted import slow

async def main():
    painter = Painter(timeout=120)
    await painter.start()
    print(painter.pid, flush=True)
    await painter.call(slow, 60)

asyncio.run(main())
"""
