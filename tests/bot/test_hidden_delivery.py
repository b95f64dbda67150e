"""Hidden information as delivered (issue 7, Security): random games played through the service on a real
SQLite file, and every notice it hands the messenger checked. Whatever goes to the table (log lines, the board
view and its text, public decisions and their buttons, undo and deadline asks) names no card hidden from the
table; whatever goes to a seat's DMs (its private lines, its hand, its own decisions, reminders) names no card
hidden from that seat, and carries no other seat's decision.

tests/engines/randomplay.py checks the engines' views, prompts and events; this checks what the service
actually chooses to send to whom, after each commit. WESTMARCH_HIDDEN_GAMES sets how many LCG games (3)."""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from bot.service import Notice, Service, User
from engines import registry
from engines.core import View, codec
from render.text import view_text, zone_text
from tests.conftest import RecordingMessenger
from tests.engines.randomplay import check_words, random_answer, shown_in, shown_uids, visible_uids
from tests.engines.test_random_play import VARIANTS

registry.load()
GAMES = int(os.environ.get("WESTMARCH_HIDDEN_GAMES", "3"))
MAX_COMMANDS = 400  # per LCG game: enough for setup, several rounds, combat and shadow cards


def check_view(state: Any, view: View, seat: str | None, where: str) -> None:
    leaked = shown_uids(codec.to_data(view)) - visible_uids(state, seat)
    assert not leaked, f"{where} for {seat or 'the table'} shows hidden cards {sorted(leaked)}"


def check_notice(state: Any, notice: Notice, before: Any = None) -> None:
    """Everything one commit's notice would put in the thread or in someone's DMs. The step's log may name a
    card that was in sight before the step (`before`) or turned face up during it, as the engine tests allow."""
    shown = shown_in(notice.public_lines)
    check_words(list(notice.public_lines), state, None, "the log in the thread", before, shown)
    table: list[str] = []
    if notice.public_view is not None:
        check_view(state, notice.public_view, None, "the board")
        table.append(view_text(notice.public_view))
    for d in notice.decisions:
        words = [d.prompt, *(o.label for o in d.options)]
        if d.private:  # by DM, to its own seat only
            check_words(words, state, d.seat, f"decision {d.id} (DM)")
        else:  # buttons in the thread
            table += words
    if notice.undo_ask is not None:
        table.append(notice.undo_ask.step)
    check_words(table, state, None, "a message to the table")
    for p in notice.private:
        check_words(list(p.lines), state, p.seat, "the log by DM", before, shown)
        dm = [zone_text(z, with_owner=False) for z in p.hand]  # the hand a DM carries
        if p.view is not None:
            assert p.view.seat == p.seat, f"{p.seat} is sent {p.view.seat}'s view"
            check_view(state, p.view, p.seat, "a DM")
            assert p.hand == p.view.private, f"{p.seat}'s DM carries other zones than its view's"
        check_words(dm, state, p.seat, "a DM")
    for r in notice.reminders:
        check_words(r.asked, state, r.seat, "a reminder DM")


async def play_and_check(service: Service, messenger: RecordingMessenger, name: str, players: int, seed: int,
                         options: str, max_commands: int) -> int:
    """Play random commands as the seats' own users; check every notice against the state it was made from."""
    game = registry.get(name)
    users = [User(id=500 + i, name=f"Player {i + 1}") for i in range(players)]
    first = len(messenger.notices)
    ref = await service.create(name, users[0], options=options)
    for user in users[1:]:
        await service.join(ref.id, user)
    await service.start(ref.id, users[0])
    by_seat = {s.seat: next(u for u in users if u.id == s.user_id) for s in await service.seats(ref.id)}
    rnd = random.Random(seed)
    state = await service.stored_state(ref.id)
    for notice in messenger.notices[first:]:
        check_notice(state, notice)
    played = 0
    while played < max_commands and game.outcome(state) is None:
        decision = rnd.choice(game.pending(state))
        text = game.format(random_answer(decision, rnd))
        mark = len(messenger.notices)
        await service.act(ref.id, by_seat[decision.seat], text)
        played += 1
        before, state = state, await service.stored_state(ref.id)
        assert len(messenger.notices) > mark
        for notice in messenger.notices[mark:]:
            check_notice(state, notice, before)
    return played


def options(name: str, seed: int) -> str:
    chosen = VARIANTS[name][seed % len(VARIANTS[name])]
    return " ".join(f"{k}={'yes' if v is True else v}" for k, v in chosen.items())


def lcg_options(seed: int) -> str:
    return options("lcg", seed)


@pytest.mark.parametrize("seed", range(GAMES))
async def test_random_lcg_games_deliver_no_hidden_card_to_the_wrong_audience(
    service: Service, messenger: RecordingMessenger, seed: int
):
    played = await play_and_check(service, messenger, "lcg", 1 + seed % 4, seed, lcg_options(seed), MAX_COMMANDS)
    assert played >= 20
    assert any(p.hand_changed for n in messenger.notices for p in n.private)  # hands did go out, and were checked


@pytest.mark.parametrize("seed", range(GAMES))
async def test_random_wotr_games_deliver_no_hidden_card_to_the_wrong_audience(
    service: Service, messenger: RecordingMessenger, seed: int
):
    """Each seat's hand and reserve by DM only, teammates' included (spec 5; the rules keep them apart)."""
    played = await play_and_check(service, messenger, "wotr", 2 + seed % 3, seed, options("wotr", seed), MAX_COMMANDS)
    assert played >= 20
    assert any(p.hand_changed for n in messenger.notices for p in n.private)


async def test_random_tally_games_deliver_no_hidden_card_to_the_wrong_audience(
    service: Service, messenger: RecordingMessenger
):
    for seed in range(4):
        await play_and_check(service, messenger, "tally", 2 + seed % 3, seed, "", 1000)
    assert messenger.notices
