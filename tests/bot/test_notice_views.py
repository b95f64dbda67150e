"""A commit's notice works out its views when a messenger first reads them (bot/service/views.py): they must be
the views of the state the commit left, as `Game.view` builds them, and what a messenger reads of every notice
(whose hand changed, and that hand) must not build the whole views of the table and every seat."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.service import Notice, Service, User
from engines import registry
from tests.conftest import RecordingMessenger
from tests.engines.randomplay import random_answer

registry.load()


async def started(service: Service, name: str, options: str, players: int) -> tuple[int, dict[str, User]]:
    users = [User(id=700 + i, name=f"Player {i + 1}") for i in range(players)]
    ref = await service.create(name, users[0], options=options)
    for user in users[1:]:
        await service.join(ref.id, user)
    await service.start(ref.id, users[0])
    return ref.id, {s.seat or "": next(u for u in users if u.id == s.user_id) for s in await service.seats(ref.id)}


def check(game: Any, notice: Notice, before: Any, after: Any, hands_first: bool) -> None:
    """Every lazily read field against the views built from the states; read in either order, since a hand is
    taken from the seat's whole view once that is built, and worked out alone before."""
    table = game.view(after, None)
    for p in notice.private:
        old, new = game.view(before, p.seat), game.view(after, p.seat)
        if hands_first:
            assert p.hand_changed == (bool(new.private) and old.private != new.private), p.seat
            assert p.hand == new.private
            assert p.view == new
        else:
            assert p.view == new
            assert p.hand == new.private
            assert p.hand_changed == (bool(new.private) and old.private != new.private), p.seat
    assert notice.table_changed == (game.view(before, None) != table)
    assert notice.public_view == table


@pytest.mark.parametrize(("name", "options", "players"), [("lcg", "", 3), ("wotr", "scenario=trilogy", 4)])
async def test_a_notice_shows_the_views_of_the_state_its_commit_left(
    service: Service, messenger: RecordingMessenger, name: str, options: str, players: int
):
    game = registry.get(name)
    game_id, by_seat = await started(service, name, options, players)
    rnd = random.Random(5)
    state = await service.stored_state(game_id)
    changed = 0
    for n in range(60):
        if game.outcome(state) is not None:
            break
        decision = rnd.choice(game.pending(state))
        mark = len(messenger.notices)
        await service.act(game_id, by_seat[decision.seat], game.format(random_answer(decision, rnd)))
        before, state = state, await service.stored_state(game_id)
        notice = messenger.notices[mark]
        check(game, notice, before, state, hands_first=n % 2 == 0)
        changed += sum(p.hand_changed for p in notice.private)
    assert changed > 0  # hands did change, and were compared


async def test_whose_hand_changed_is_read_without_building_the_views(
    service: Service, messenger: RecordingMessenger, monkeypatch: pytest.MonkeyPatch
):
    """What a messenger reads of every notice builds no whole view; the table's view is built once, when read."""
    game = registry.get("lcg")
    game_id, by_seat = await started(service, "lcg", "", 2)
    built: list[int] = []
    views = game.views

    def counted(state: Any, seats: Any) -> Any:
        built.append(1)
        return views(state, seats)

    monkeypatch.setattr(game, "views", counted)  # the real views, counted
    rnd = random.Random(3)
    mark = len(messenger.notices)
    for _ in range(12):
        state = await service.stored_state(game_id)
        decision = rnd.choice(game.pending(state))
        await service.act(game_id, by_seat[decision.seat], game.format(random_answer(decision, rnd)))
    notices = messenger.notices[mark:]
    assert len(notices) == 12
    hands = [(p.hand_changed, p.hand) for n in notices for p in n.private]
    assert any(changed for changed, _ in hands)
    assert built == []
    table = notices[-1].public_view
    assert table is not None and notices[-1].public_view is table
    assert len(built) == 1


def test_a_commands_events_are_journaled_as_the_codec_writes_them():
    # bot/service/core.py `events_json` builds the journal's copy of a command's events without the codec's
    # generic walk; what it writes must be what the codec would, for the table's lines and a seat's alike.
    import json

    from bot.service.core import events_json
    from engines.core import Event, codec

    events = [Event(text="p1 plays Gandalf."), Event(text="You draw Sting.", audience=["p2"]),
              Event(text="Both see it.", audience=["p1", "p3"])]
    assert events_json(events) == json.dumps(codec.to_data(events))
    assert events_json([]) == "[]"
