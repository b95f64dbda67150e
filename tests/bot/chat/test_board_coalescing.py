"""A busy game's boards are coalesced (issue 17): while newer notices of a game wait in its delivery chain, an
older one still posts its lines and DMs, but only the newest draws a board, the table's and each seat's own. Real
notices of real commands, handed to the Discord messenger all at once (as a burst of commands leaves them), through
discord.py against simcord."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.service import Notice, User
from engines import registry
from engines.meq import GAME as MEQ
from engines.wotr import GAME as WOTR
from render.registry import render
from tests.engines.randomplay import random_answer


@pytest.fixture(autouse=True)
def installed() -> None:
    registry.register(WOTR)
    registry.register(MEQ)


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


async def test_three_queued_notices_of_one_game_draw_one_board_the_newests_and_post_every_notices_lines(world):
    env, guild, channel, alice, bob = world
    env.bot.service.seed_source = lambda: 3
    await alice.slash(channel, "game new", name="wotr", options="scenario=duel2")
    thread = channel.threads[-1]
    await bob.slash(thread, "game join")
    await alice.slash(thread, "game start")
    notices = await burst(env, thread, (alice, bob), lambda ns: sum(n.table_changed for n in ns) >= 3)
    assert all(n.public_lines for n in notices)
    before = len(thread.history())
    with env.time_context():
        for notice in notices:  # handed over back to back, as a burst of commits leaves them
            await env.bot.messenger.deliver(notice)
        await env.bot.messenger.drain()
    posted = thread.history()[before:]  # oldest first
    assert [m.content.splitlines()[0] for m in posted] == [n.public_lines[0] for n in notices]
    boards = [m for m in posted if m.attachments]
    assert len(boards) == 1 and boards[0] is posted[-1]  # one board, with the newest notice's lines
    assert notices[-1].public_view is not None
    assert await pixels(boards[0].attachments[0]) == drawn(render(notices[-1].public_view))


async def test_a_seats_own_board_is_drawn_once_for_queued_notices_that_each_change_its_hand(world):
    env, guild, channel, alice, bob = world
    carol = guild.add_member(env.create_user("carol"))
    env.bot.service.seed_source = lambda: 3
    await alice.slash(channel, "game new", name="meq", options="heroes=argalad,beravor")
    thread = channel.threads[-1]
    await bob.slash(thread, "game join")
    await carol.slash(thread, "game join")
    await alice.slash(thread, "game start")

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
    assert await pixels(boards[0]) == drawn(render(newest.view))
