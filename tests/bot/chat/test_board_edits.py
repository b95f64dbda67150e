"""One board per meaningful change, edited rather than spammed (DESIGN.md, Discord; bot/chat/board_posts.py): while
the same players make their moves the board above is edited in place; when the turn passes a board is posted with
the post that says so; the thread's newest board always shows the table as it is. Real games played through the
real Discord messenger, every board read back from simcord."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.chat.board_posts import FRESH_AFTER
from bot.chat.players import named, names_of
from bot.service import Notice, User
from engines import registry
from engines.lcg import GAME as LCG
from engines.wotr import GAME as WOTR
from render.registry import render
from tests.bot.chat.conftest import opened
from tests.engines.randomplay import random_answer


@pytest.fixture(autouse=True)
def installed() -> None:
    registry.register(WOTR)
    registry.register(LCG)


async def shows(message) -> bytes:
    """The pixels of the board a message carries now (after any edit)."""
    [attachment] = message.attachments
    return Image.open(io.BytesIO(await attachment.read())).convert("RGB").tobytes()


def drawn(notice: Notice) -> bytes:
    """The notice's board as the messenger draws it, with the players' names (bot/chat/players.py)."""
    assert notice.public_view is not None
    return Image.open(io.BytesIO(render(named(notice.public_view, names_of(notice.seats))))).convert("RGB").tobytes()


async def played(env, thread, steps: int, seed: int, lost: bool = False) -> tuple[int, int]:
    """Random moves of the thread's game, each delivered before the next, checked as a player reads the thread;
    (boards posted, table changes). `lost`: the thread's board was deleted: the first board is a post of its own."""
    service, mail = env.bot.service, env.bot.messenger
    await mail.drain()
    game_id = max(service.core.cache.ids())
    live = await service.core.in_play(game_id, None)
    user_of = {s.seat: User(id=s.user_id, name=s.display_name) for s in live.seats if s.seat}
    game = registry.get(live.row.game)
    heard: list[Notice] = []
    deliver = mail.deliver

    async def hear(notice: Notice) -> None:
        heard.append(notice)
        await deliver(notice)

    mail.deliver = hear
    rnd = random.Random(seed)
    up: set[str] | None = None  # whom the game waited on after the move before
    since = 0  # posts since the thread's last board post
    posted = changes = 0
    try:
        with env.time_context():
            for _ in range(steps):
                state = service.core.cache.peek(game_id)[1]
                if game.outcome(state) is not None:
                    break
                before = len(thread.history())
                d = rnd.choice(game.pending(state))
                await service.act(game_id, user_of[d.seat], game.format(random_answer(d, rnd)))
                await service.core.settle(game_id)
                await mail.drain()
                [notice] = heard[-1:]
                heard.clear()
                new = thread.history()[before:]
                boards = [m for m in new if m.attachments]
                over = notice.outcome is not None
                turn_passed = up is not None and bool(set(notice.waiting_after) - up)
                changes += notice.table_changed
                if notice.table_changed and turn_passed and not over:
                    assert boards, "the post handing over the turn carries the board"
                if boards:
                    assert lost or up is None or turn_passed or since >= FRESH_AFTER or over, (
                        "no board of its own while the same players are up")
                    lost = False
                    posted += len(boards)
                    since = sum(1 for m in new[new.index(boards[-1]) + 1:])
                else:
                    since += len(new)
                newest = next(m for m in reversed(thread.history()) if m.attachments)
                assert await shows(newest) == drawn(notice), "the thread's newest board shows the table as it is"
                up = set(notice.waiting_after)
    finally:
        mail.deliver = deliver
    return posted, changes


async def test_a_wotr_duel_edits_the_board_while_the_same_player_moves_and_posts_one_when_the_turn_passes(world):
    env, guild, channel, alice, bob = world
    env.bot.service.seed_source = lambda: 3
    thread = await opened(alice, channel, (bob,), "wotr", "scenario=duel2")
    posted, changes = await played(env, thread, 60, seed=1)
    assert 0 < posted < changes  # some changes edited the board above instead of posting another


async def test_an_lcg_game_to_its_end_posts_fewer_boards_than_changes_and_its_last_board_on_its_own(world):
    env, guild, channel, alice, bob = world
    env.bot.service.seed_source = lambda: 5
    thread = await opened(alice, channel, (bob,), "lcg")
    posted, changes = await played(env, thread, 400, seed=2)
    assert 0 < posted < changes
    assert env.bot.service.core.cache.peek(max(env.bot.service.core.cache.ids()))[1] is not None
    last = thread.history()[-1]
    assert "lose" in last.content or "win" in last.content, "the game was played to its end"
    assert last.attachments, "the final board is a post of its own"


async def test_a_board_whose_message_was_deleted_meanwhile_is_posted_again_rather_than_lost(world, caplog):
    env, guild, channel, alice, bob = world
    env.bot.service.seed_source = lambda: 3
    thread = await opened(alice, channel, (bob,), "wotr", "scenario=duel2")
    service, mail = env.bot.service, env.bot.messenger
    game_id = max(service.core.cache.ids())
    live = await service.core.in_play(game_id, None)
    user_of = {s.seat: User(id=s.user_id, name=s.display_name) for s in live.seats if s.seat}
    shown = env.bot.get_channel(thread.id)
    rnd = random.Random(1)
    tried = 0  # edits of a deleted board tried
    with env.time_context():
        for _ in range(20):  # before each move, someone deletes every board in the thread
            await mail.drain()
            for m in thread.history():
                if m.attachments:
                    await (await shown.fetch_message(m.id)).delete()
            state = service.core.cache.peek(game_id)[1]
            d = rnd.choice(WOTR.pending(state))
            await service.act(game_id, user_of[d.seat], WOTR.format(random_answer(d, rnd)))
            caplog.clear()
            await service.core.settle(game_id)
            await mail.drain()
            boards = [m for m in thread.history() if m.attachments]
            view = WOTR.view(service.core.cache.peek(game_id)[1], None)
            if "editing the board in message" in caplog.text:
                tried += 1
                assert boards, "the board went in a post of its own"
            if boards:  # a board drawn after the deletion: a post of its own, showing the table as it is
                [board] = boards
                table = named(view, names_of(await service.seats(game_id)))
                assert await shows(board) == Image.open(io.BytesIO(render(table))).convert("RGB").tobytes()
    assert tried
