"""`/game log` on Discord: a reply over 2,000 characters is cut to Discord's limit. It used to keep the reply's
last 2,000 characters, so its first line came out cut at its start (a TCG game's last lines, each shuffle's
reveal about 480 characters long, read as a different line). The log now goes whole, in as many messages as it
takes, each a run of whole lines; other replies keep their newest lines whole."""

from __future__ import annotations

import random

import pytest

from bot.chat import io
from bot.service import User
from engines import registry
from engines.wotr import GAME as WOTR
from tests.bot.chat.conftest import opened
from tests.engines.randomplay import random_answer


@pytest.fixture(autouse=True)
def installed() -> None:
    registry.register(WOTR)


def texts(result) -> list[str]:
    """The messages of a deferred reply: the first is the reply itself, the rest its follow-ups."""
    return [result.response.content, *(m.content for m in result.followups)]


async def test_a_long_log_comes_whole_in_several_messages_of_whole_lines(world):
    env, guild, channel, alice, bob = world
    service = env.bot.service
    service.seed_source = lambda: 7  # the same deal on every run
    thread = await opened(alice, channel, [bob], "wotr", "scenario=duel2")
    game_id = max(service.core.cache.ids())
    live = await service.core.in_play(game_id, None)
    user_of = {s.seat: User(id=s.user_id, name=s.display_name) for s in live.seats if s.seat}
    rnd = random.Random(5)
    for _ in range(40):  # random moves, until the log's last 50 lines run over one message
        state = service.core.cache.peek(game_id)[1]
        d = rnd.choice(WOTR.pending(state))
        await service.act(game_id, user_of[d.seat], WOTR.format(random_answer(d, rnd)))
        await service.core.settle(game_id)
        if sum(len(line) + 1 for line in await service.log(game_id, user_of["p1"], 50)) > 2600:
            break
    await env.bot.messenger.drain()

    few = texts(await alice.slash(thread, "game log", lines=3))
    assert len(few) == 1  # three lines fit in one message, as before
    result = await alice.slash(thread, "game log", lines=50)
    assert result.ephemeral
    messages = texts(result)
    assert len(messages) >= 2, [len(m) for m in messages]
    assert all(0 < len(m) <= 2000 for m in messages)
    told = "\n".join(messages)
    assert not told.startswith("…")  # nothing was clipped
    logged = await service.log(game_id, user_of["p1"], 50)  # Alice's: the table's lines and her own
    assert len(told.split("\n")) == len(logged) > 20  # every line, each whole
    assert told.endswith(few[0])


def test_a_clipped_reply_keeps_its_newest_lines_whole() -> None:
    text = "\n".join(f"line {i} " + "x" * 90 for i in range(40))  # 40 lines of 97 or 98 characters
    clipped = io.clip(text)
    assert len(clipped) <= 2000 and clipped.startswith("…\n")
    kept = clipped.removeprefix("…\n").split("\n")
    assert kept[-1] == f"line 39 {'x' * 90}" and all(line.startswith("line ") for line in kept)
    assert len(kept) == 20  # as many whole lines as fit beside the mark
    assert io.clip("x" * 2500) == "…\n" + "x" * 1998  # one line longer than a message keeps its end
