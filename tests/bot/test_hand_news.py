"""What a seat is told privately after a commit: the hidden zones of its own that changed, not all of them.

Found by a play-tester: a War of the Ring seat holds a hand, a cycle pile and an eliminated pile per deck (all
hidden from the others), and after every play each seat was sent all of them again, up to 24 names of a cycle
pile it had not touched. A zone that did not change is not told again; one that did is told whole."""

from __future__ import annotations

import random

from bot.service import Service
from engines import registry
from tests.conftest import PLAYERS, RecordingMessenger
from tests.engines.randomplay import random_answer


async def test_a_seat_is_told_the_hidden_zones_that_changed(service: Service, messenger: RecordingMessenger):
    registry.load()
    game = registry.get("wotr")
    ref = await service.create("wotr", PLAYERS[0], options="scenario=trilogy")
    for user in PLAYERS[1:]:
        await service.join(ref.id, user)
    await service.start(ref.id, PLAYERS[0])
    user_of = {s.seat: next(u for u in PLAYERS if u.id == s.user_id) for s in await service.seats(ref.id) if s.seat}
    rnd = random.Random(3)
    partly = 0
    for _ in range(150):
        state = await service.stored_state(ref.id)
        pending = game.pending(state)
        if not pending:
            break
        d = rnd.choice(pending)
        seen = len(messenger.notices)
        await service.act(ref.id, user_of[d.seat], game.format(random_answer(d, rnd)))
        for notice in messenger.notices[seen:]:
            for p in notice.private:
                if not p.hand_changed:
                    assert p.hand_told == []
                    continue
                assert notice.seen is not None and notice.seen.was is not None
                before = notice.seen.was.hand(p.seat)  # type: ignore[attr-defined]
                now = p.hand
                changed = [zone for zone, old in zip(now, before, strict=True) if zone != old]
                assert p.hand_told == changed and changed, (p.seat, now, before)
                partly += len(changed) < len(now)
    assert partly > 10  # most plays change a hand and leave a pile, or the reverse
