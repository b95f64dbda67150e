"""Boards drawn in a process of the bot's own (bot/chat/painter.py, issue 17): the same PNG as drawn here, a
renderer's error said back without losing the process, a process that dies replaced, and a board that cannot be
drawn leaving its notice's words and buttons to go out without it."""

from __future__ import annotations

import asyncio
import os
import random
import time
from pathlib import Path

import pytest

from bot.chat.painter import DrawFailed, Painter
from engines import registry
from engines.core import Config
from engines.lcg import GAME as LCG
from engines.wotr import GAME as WOTR
from render.registry import RENDERERS, render
from tests.bot.chat.conftest import opened
from tests.engines.randomplay import random_answer


def played(name: str, options: dict[str, str | int | bool], moves: int, seed: int = 3):
    """The table's view of a game `moves` random moves in."""
    game = registry.get(name)
    rnd = random.Random(seed)
    state = game.setup(Config(seats=game.seat_names(4), options=options), seed)
    for _ in range(moves):
        if game.outcome(state) is not None:
            break
        d = rnd.choice(game.pending(state))
        state = game.apply(state, d.seat, random_answer(d, rnd)).state
    return game.view(state, None)


# Run in the painter's process, imported there by name (tests.bot.chat.test_painter).
def pid(_: object) -> int:
    return os.getpid()


def dies_once(marker: str) -> str:
    """Kills the process it runs in, the first time (no marker yet)."""
    path = Path(marker)
    if not path.exists():
        path.write_text("died")
        os._exit(9)
    return "drawn by the next one"


def dies(_: object) -> None:
    os._exit(9)


def slow(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


@pytest.fixture(autouse=True)
def installed() -> None:
    registry.register(LCG)
    registry.register(WOTR)


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
    waiting = asyncio.create_task(painter.call(slow, 0.5))
    await asyncio.sleep(0.2)
    waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    assert await painter.call(slow, 0.01) == 0.01  # its own answer, not the cancelled one's


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
    await env.bot.painter.close()
    env.bot.painter = Painter(own_process=False)
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
