"""A busy game's boards are coalesced (issue 17): while newer notices of a game wait in its delivery chain, an
older one still posts its lines and DMs, but only the newest draws a board, the table's and each seat's own. Real
notices of real commands, handed to the Discord messenger all at once (as a burst of commands leaves them), through
discord.py against simcord."""

from __future__ import annotations

import asyncio
import io
import random

import pytest
from PIL import Image

from bot.chat import board_posts
from bot.chat.players import named, names_of, said
from bot.service import Notice, User
from engines import registry
from engines.core import View
from engines.meq import GAME as MEQ
from engines.wotr import GAME as WOTR
from render.registry import render
from tests.bot.chat.conftest import opened
from tests.engines.randomplay import random_answer


@pytest.fixture(autouse=True)
def installed(monkeypatch: pytest.MonkeyPatch) -> None:
    registry.register(WOTR)
    registry.register(MEQ)
    # Which notice draws is what is tested here: every board it draws goes in a post of its own, never into the
    # board above while the same players are up (tests/bot/chat/test_board_edits.py).
    monkeypatch.setattr(board_posts, "FRESH_AFTER", 0)


class Holding:
    """The service's messenger while the burst is played: keeps each notice, in order, to hand over at once."""

    def __init__(self) -> None:
        self.notices: list[Notice] = []

    async def deliver(self, notice: Notice) -> None:
        self.notices.append(notice)


async def burst(env, thread, members, enough) -> list[Notice]:
    """Random commands of the thread's game until the notices they made satisfy `enough`; the notices."""
    service = env.bot.service
    game_id = max(service.core.cache.ids())
    live = await service.core.in_play(game_id, None)
    user_of = {s.seat: User(id=s.user_id, name=s.display_name) for s in live.seats if s.seat}
    await env.bot.messenger.drain()
    held = Holding()
    service.core.messenger = held
    rnd = random.Random(5)
    game = registry.get(live.row.game)
    try:
        with env.time_context():
            while not enough(held.notices):
                state = service.core.cache.peek(game_id)[1]
                assert game.outcome(state) is None, "the game ended before the burst was made"
                d = rnd.choice(game.pending(state))
                await service.act(game_id, user_of[d.seat], game.format(random_answer(d, rnd)))
                await service.core.settle(game_id)
    finally:
        service.core.messenger = env.bot.messenger
    return held.notices


async def pixels(attachment) -> bytes:
    return Image.open(io.BytesIO(await attachment.read())).convert("RGB").tobytes()


def drawn(png: bytes) -> bytes:
    return Image.open(io.BytesIO(png)).convert("RGB").tobytes()


def board(notice: Notice, view: View | None) -> bytes:
    """The board the messenger draws of `view`, one of the notice's: with the players' names (bot/chat/players.py)."""
    assert view is not None
    return drawn(render(named(view, names_of(notice.seats))))


def first_line(notice: Notice) -> str:
    """The notice's first line as the thread reads it, its seats named."""
    return said(notice.public_lines, names_of(notice.seats))[0]


async def test_three_queued_notices_of_one_game_draw_one_board_the_newests_and_post_every_notices_lines(world):
    env, guild, channel, alice, bob = world
    thread = await wotr_duel(world)
    notices = await burst(env, thread, (alice, bob), lambda ns: sum(n.table_changed for n in ns) >= 3)
    assert all(n.public_lines for n in notices)
    before = len(thread.history())
    with env.time_context():
        for notice in notices:  # handed over back to back, as a burst of commits leaves them
            await env.bot.messenger.deliver(notice)
        await env.bot.messenger.drain()
    posted = thread.history()[before:]  # oldest first
    assert [m.content.splitlines()[0] for m in posted] == [first_line(n) for n in notices]
    boards = [m for m in posted if m.attachments]
    assert len(boards) == 1 and boards[0] is posted[-1]  # one board, with the newest notice's lines
    assert notices[-1].public_view is not None
    assert await pixels(boards[0].attachments[0]) == board(notices[-1], notices[-1].public_view)


async def test_a_seats_own_board_is_drawn_once_for_queued_notices_that_each_change_its_hand(world):
    env, guild, channel, alice, bob = world
    carol = guild.add_member(env.create_user("carol"))
    env.bot.service.seed_source = lambda: 3
    thread = await opened(alice, channel, (bob, carol), "meq", "heroes=argalad,beravor")

    def changed(notices: list[Notice], seat: str) -> int:
        return sum(p.hand_changed for n in notices for p in n.private if p.seat == seat)

    notices = await burst(env, thread, (alice, bob, carol),
                          lambda ns: any(changed(ns, s.seat) >= 3 for s in ns[0].seats if s.seat) if ns else False)
    seat = next(s for s in notices[0].seats if s.seat and changed(notices, s.seat) >= 3)
    member = next(m for m in (alice, bob, carol) if m.id == seat.user_id)
    before = {m.id for m in member.user.dm_channel.history()}
    with env.time_context():
        for notice in notices:
            await env.bot.messenger.deliver(notice)
        await env.bot.messenger.drain()
    dms = [m for m in member.user.dm_channel.history() if m.id not in before]
    told = [n for n in notices for p in n.private if p.seat == seat.seat and (p.lines or p.hand_changed)]
    assert len(dms) >= len(told) >= 3  # every notice's words still go out by DM
    boards = [a for m in dms for a in m.attachments if a.filename == "your-board.png"]
    assert len(boards) == 1
    newest = next(p for p in notices[-1].private if p.seat == seat.seat)
    assert newest.view is not None
    assert await pixels(boards[0]) == board(notices[-1], newest.view)


async def wotr_duel(world):
    env, guild, channel, alice, bob = world
    env.bot.service.seed_source = lambda: 3
    return await opened(alice, channel, (bob,), "wotr", "scenario=duel2")


async def posted_by(thread, before: int, notice: Notice) -> None:
    """Until the notice's lines are in the thread (its delivery has decided about its board): read from the
    simulated Discord, which no event announces."""
    while not any(m.content.startswith(first_line(notice)) for m in thread.history()[before:]):  # noqa: ASYNC110
        await asyncio.sleep(0)


async def test_while_another_command_of_the_game_is_under_way_its_notice_draws_the_board(world):
    env, guild, channel, alice, bob = world
    thread = await wotr_duel(world)
    first, second = (await burst(env, thread, (alice, bob), lambda ns: sum(n.table_changed for n in ns) >= 2))[-2:]
    mail, core = env.bot.messenger, env.bot.service.core
    before = len(thread.history())
    with env.time_context():
        async with core.lock(first.ref.id):  # a command of the game is being applied and committed
            await mail.deliver(first)
            await posted_by(thread, before, first)
        await mail.deliver(second)  # that command's notice
        await mail.drain()
    posted = thread.history()[before:]
    assert [m.content.splitlines()[0] for m in posted] == [first_line(first), first_line(second)]
    assert not posted[0].attachments and posted[1].attachments
    assert second.public_view is not None
    assert await pixels(posted[1].attachments[0]) == board(second, second.public_view)


async def test_a_board_skipped_for_a_command_that_is_then_refused_is_posted_on_its_own(world):
    env, guild, channel, alice, bob = world
    thread = await wotr_duel(world)
    [notice] = (await burst(env, thread, (alice, bob), lambda ns: any(n.table_changed for n in ns)))[-1:]
    mail, core = env.bot.messenger, env.bot.service.core
    before = len(thread.history())
    with env.time_context():
        async with core.lock(notice.ref.id):  # a command under way, refused: no notice follows
            await mail.deliver(notice)
            await posted_by(thread, before, notice)
            assert not any(m.attachments for m in thread.history()[before:])
        await mail.drain()
    posted = thread.history()[before:]
    assert len(posted) == 2 and not posted[0].attachments
    assert posted[1].content == "" and len(posted[1].attachments) == 1  # the board alone, after the lines
    assert notice.public_view is not None
    assert await pixels(posted[1].attachments[0]) == board(notice, notice.public_view)


async def test_two_notices_skipped_while_commands_were_under_way_owe_one_board_the_newests(world):
    env, guild, channel, alice, bob = world
    thread = await wotr_duel(world)
    first, second = (await burst(env, thread, (alice, bob), lambda ns: sum(n.table_changed for n in ns) >= 2))[-2:]
    mail, core = env.bot.messenger, env.bot.service.core
    before = len(thread.history())
    with env.time_context():
        async with core.lock(first.ref.id):
            for notice in (first, second):  # each delivered, and its delivery done, while a command is under way
                await mail.deliver(notice)
                await posted_by(thread, before, notice)
                await asyncio.wait([mail._tails[notice.ref.id]])  # its DMs too: each owes the board in turn
        await mail.drain()
    posted = thread.history()[before:]
    assert [bool(m.attachments) for m in posted] == [False, False, True] and posted[2].content == ""
    assert second.public_view is not None
    assert await pixels(posted[2].attachments[0]) == board(second, second.public_view)


async def test_a_seats_board_skipped_while_a_command_was_under_way_follows_by_dm_once_it_is_refused(world):
    env, guild, channel, alice, bob = world
    carol = guild.add_member(env.create_user("carol"))
    env.bot.service.seed_source = lambda: 3
    thread = await opened(alice, channel, (bob, carol), "meq", "heroes=argalad,beravor")
    notices = await burst(env, thread, (alice, bob, carol),
                          lambda ns: bool(ns) and any(p.hand_changed and p.lines for p in ns[-1].private))
    notice = notices[-1]
    p = next(p for p in notice.private if p.hand_changed and p.lines)
    member = next(m for m in (alice, bob, carol) if m.id == p.user_id)
    before = len(member.user.dm_channel.history())
    mail, core = env.bot.messenger, env.bot.service.core
    with env.time_context():
        async with core.lock(notice.ref.id):  # a command under way, then refused
            await mail.deliver(notice)
            await asyncio.wait([mail._tails[notice.ref.id]])
            told = member.user.dm_channel.history()[before:]
            assert told and not any(m.attachments for m in told)  # the words at once, without the board
        await mail.drain()
    dms = member.user.dm_channel.history()[before:]
    boards = [a for m in dms for a in m.attachments if a.filename == "your-board.png"]
    assert len(boards) == 1 and dms[-1].attachments  # the board alone, after the words
    assert p.view is not None
    assert await pixels(boards[0]) == board(notice, p.view)
