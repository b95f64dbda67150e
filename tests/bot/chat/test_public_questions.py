"""A post that carries a public decision's buttons says what they ask and of whom ("Decision 12 for bob (p2): rest
here?"), by name, never a ping, and never a private decision's words (those go by DM only): a play-tester found
one Middle-earth Quest thread with 51 of its 334 posts bare buttons, [walk the Dark Path] [stop exploring]."""

from __future__ import annotations

import random
import re
from datetime import timedelta

import discord
import pytest

from bot.pace import stamp
from bot.service import Notice, User
from bot.service.types import WaitInfo
from engines import registry
from engines.core import Decision, DecisionKind, Option
from engines.lcg import GAME as LCG
from engines.meq import GAME as MEQ
from engines.tcg import GAME as TCG
from engines.wotr import GAME as WOTR
from tests.bot.chat.conftest import opened
from tests.engines.randomplay import random_answer

DECISION_ID = re.compile(r"^wm:g\d+:d(\d+):")


@pytest.fixture(autouse=True)
def installed() -> None:
    for game in (LCG, MEQ, TCG, WOTR):
        registry.register(game)


class Keeping:
    """The bot's messenger, keeping every decision a notice has shown, by id."""

    def __init__(self, messenger) -> None:
        self.messenger = messenger
        self.decisions: dict[int, Decision] = {}

    async def deliver(self, notice: Notice) -> None:
        self.decisions.update((d.id, d) for d in notice.decisions)
        await self.messenger.deliver(notice)


def asked_by(message: discord.Message) -> list[int]:
    """The decisions whose buttons or menus a post carries, in order."""
    ids = [int(m[1]) for row in message.components for c in getattr(row, "children", [])
           if (m := DECISION_ID.match(getattr(c, "custom_id", None) or ""))]
    return list(dict.fromkeys(ids))


async def played(world, name: str, options: str, enough: int, steps: int):
    """A random game of `name` (Alice, Bob and, for MEQ, Carol) through the bot, every notice delivered before the
    next command, until `enough` thread posts carry public buttons: the thread, the players, the decisions shown."""
    env, guild, channel, alice, bob = world
    players = [alice, bob, guild.add_member(env.create_user("carol"))] if name == "meq" else [alice, bob]
    service = env.bot.service
    service.seed_source = lambda: 3
    kept = Keeping(env.bot.messenger)
    service.core.messenger = kept
    try:
        thread = await opened(alice, channel, players[1:], name, options)
        game_id = max(service.core.cache.ids())
        live = await service.core.in_play(game_id, None)
        user_of = {s.seat: User(id=s.user_id, name=s.display_name) for s in live.seats if s.seat}
        game, rnd = registry.get(name), random.Random(5)
        with env.time_context():
            for _ in range(steps):
                if sum(bool(asked_by(m)) for m in thread.history()) >= enough:
                    break
                state = await service.stored_state(game_id)
                if game.outcome(state) is not None:
                    break
                d = rnd.choice(game.pending(state))
                await service.act(game_id, user_of[d.seat], game.format(random_answer(d, rnd)))
                await env.bot.messenger.drain()
    finally:
        service.core.messenger = env.bot.messenger
    return thread, players, kept.decisions


@pytest.mark.parametrize(("name", "options", "enough", "steps"), [
    ("meq", "heroes=argalad,beravor", 12, 120),
    ("lcg", "", 12, 120),
    ("tcg", "first_player=p1", 2, 120),
    ("wotr", "scenario=duel2", 1, 200),
])
async def test_every_post_with_public_buttons_says_what_they_ask_and_of_whom(world, name, options, enough, steps):
    thread, players, decisions = await played(world, name, options, enough, steps)
    names = {m.id: m.user.name for m in players}
    seats = {s.seat: names[s.user_id] for s in await world[0].bot.service.seats(1) if s.seat}
    posts = [m for m in thread.history() if asked_by(m)]
    assert len(posts) >= enough
    for post in posts:
        lines = post.content.splitlines()
        for d in (decisions[i] for i in asked_by(post)):
            assert not d.private
            [line] = [line for line in lines if re.match(rf"Decisions? (.* and )?{d.id} for ", line)
                      or f", {d.id} for " in line.split(": ")[0]]
            assert f"{d.id} for {seats[d.seat]} ({d.seat}" in line and line.endswith(f": {d.prompt}"), post.content
            assert "<@" not in line
        assert not any(line.startswith("Waiting on") and f"({d.seat})" in line
                       for d in (decisions[i] for i in asked_by(post)) for line in lines), post.content
    said = "\n".join(m.content for m in thread.history())
    for d in decisions.values():  # a private decision's words are for its seat's DMs
        assert not (d.private and f"Decision {d.id} for " in said)


async def test_a_question_is_said_once_with_the_waiting_line_for_the_others_and_no_private_words(world):
    """Bob (p2) and Cara (p3) vote in the open, Alice (p1) chooses in private, and Bob is newly waited on with a
    deadline: the post asks the vote once, names Bob's deadline there, and waits on Alice by name, without saying
    her question."""
    env, guild, channel, alice, bob = world
    cara = guild.add_member(env.create_user("cara"))
    await alice.slash(channel, "game new", name="tally")
    [thread] = channel.threads
    for member in (bob, cara):
        await member.slash(thread, "game join")
    service = env.bot.service
    ref, seats = await service.ref(1), await service.seats(1)
    for info, seat in zip(seats, ("p1", "p2", "p3"), strict=True):
        info.seat = seat
    now = env.now()
    vote = [Option(id=s, label=s) for s in ("p1", "p2", "p3")]
    decisions = [
        Decision(id=7, seat="p1", kind=DecisionKind.CHOOSE_ONE, prompt="Bid 9 Leaves?", options=vote[:1],
                 private=True),
        Decision(id=8, seat="p2", kind=DecisionKind.CHOOSE_ONE, prompt="Vote for the first player", options=vote),
        Decision(id=9, seat="p3", kind=DecisionKind.CHOOSE_ONE, prompt="Vote for the first player", options=vote),
    ]
    due = now + timedelta(days=2)
    notice = Notice(ref=ref, seats=seats, public_lines=["The bids are in."], decisions=decisions,
                    new_decisions=[7, 8, 9], waiting_before=["p3"], waiting_after=["p1", "p2", "p3"],
                    turn_notify=["p1", "p2"],
                    waits=[WaitInfo(game_id=1, seat="p2", user_id=bob.id, name="bob", since=now, deadline_at=due)])
    before = len(thread.history())
    with env.time_context():
        await env.bot.messenger.deliver(notice)
        await env.bot.messenger.drain()
    [post] = thread.history()[before:]
    assert post.content.splitlines() == [
        "The bids are in.",
        "Waiting on alice (p1).",
        f"Decisions 8 for bob (p2, due {stamp(due)}) and 9 for cara (p3): Vote for the first player",
    ]
    assert asked_by(post) == [8, 9]
    assert "Bid 9 Leaves?" in "\n".join(m.content for m in alice.user.dm_channel.history())
