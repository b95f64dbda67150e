"""Two hundred commands in a second from one user (issue 18; issue 7 'Limits'): beyond the per-minute limit
every command and every button press is refused before it runs, to the sender alone, saying when to try
again; the refused ones change nothing, other users play on, and the sender plays again once the minute has
passed. The limiter runs on simcord's clock, as in tests/bot/chat/test_guard_commands.py."""

from __future__ import annotations

import re
from datetime import timedelta

from bot.service.limits import Limits, RateLimiter
from tests.attack.footprint import footprint
from tests.bot.chat.test_game_commands import last_dm_with_buttons, lobby

PER_MINUTE = Limits().commands_per_minute  # the shipped default (COMMANDS_PER_MINUTE)
BURST = 200
SLOW_DOWN = re.compile(rf"^Slow down: at most {PER_MINUTE} commands a minute\. Try again in (\d+) seconds\.$")


async def test_two_hundred_commands_in_a_second_are_refused_beyond_the_limit_and_change_nothing(world):
    """Alice floods the game: reads of the log, then bids, undos and an abandon, typed and clicked, two hundred
    in all within one simulated second."""
    env, guild, channel, alice, bob = world
    thread = await lobby(world)
    await alice.slash(thread, "game start")
    env.bot.rate = RateLimiter(PER_MINUTE, clock=lambda: env.now().timestamp())
    state = await env.bot.service.stored_state(1)
    alices = next(d for d in state.decisions if d.seat == "p1")
    bid = last_dm_with_buttons(alice)
    button = bid.components[0].children[0].custom_id
    started = env.now()

    for _ in range(PER_MINUTE):  # her minute's worth: harmless reads, each answered
        read = await alice.slash(thread, "game log")
        assert read.ephemeral and not SLOW_DOWN.match(read.response.content)
    before = await footprint(env.bot.service, 1)
    attempts = [
        lambda: alice.slash(thread, "game act", command=f"answer {alices.id} {alices.options[0].id}"),
        lambda: alice.user.click(bid, custom_id=button),
        lambda: alice.slash(thread, "game abandon"),
        lambda: alice.slash(thread, "game undo"),
        lambda: alice.slash(thread, "game pace", deadline_days=1),
    ]
    waits = set()
    for n in range(BURST - PER_MINUTE):
        refused = await attempts[n % len(attempts)]()
        assert refused.acknowledged and refused.ephemeral
        said = SLOW_DOWN.match(refused.response.content)
        assert said, refused.response.content
        waits.add(int(said[1]))
    assert env.now() - started < timedelta(seconds=1)
    assert waits and all(1 <= w <= 60 for w in waits)
    assert await footprint(env.bot.service, 1) == before  # not one of them ran

    # Bob has his own minute: he bids in the middle of her flood.
    his = last_dm_with_buttons(bob)
    played = await bob.user.click(his, custom_id=his.components[0].children[0].custom_id)
    assert "Done: `answer" in played.response.content
    still = await alice.user.click(bid, custom_id=button)
    assert SLOW_DOWN.match(still.response.content)

    await env.advance_time(61)  # her minute has passed
    clicked = await alice.user.click(bid, custom_id=button)
    assert "Done: `answer" in clicked.response.content
    assert (await env.bot.service.ref(1)).status == "active"
    assert any("Bids:" in m.content for m in thread.history())
