"""Players are named in what Discord shows of a game (bot/chat/players.py): the log lines posted to its thread, what
is asked, the board drawn, `/game log` and `/game status`, never "p1" alone, whom nobody in a four-player thread
can place. The engines still name seats; the Discord adapter names their players."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.chat.painter import Painter
from bot.chat.players import drawn, named, names_of, said
from bot.service.types import SeatInfo
from engines.core import View
from render import lcg as lcg_render
from tests.bot.chat.conftest import painted_by
from tests.bot.chat.test_lcg_commands import choose_decks, fresh_library, lcg_lobby
from tests.render.test_kit import TextRecorder

__all__ = ["fresh_library"]  # the LCG installed from its shipped packs, for every test here


def seat(seat: str | None, name: str, user_id: int = 1) -> SeatInfo:
    return SeatInfo(seat=seat, user_id=user_id, name=name)


def test_each_seat_is_named_by_its_player() -> None:
    assert names_of([seat("p1", "alice"), seat("p2", "bob", 2), seat(None, "carol", 3)]) == {"p1": "alice", "p2": "bob"}


def test_a_player_of_two_seats_is_named_with_each_seat() -> None:
    # a two-handed LCG game: one user in two seats, or two users of one name, would read as one player
    assert names_of([seat("p1", "alice"), seat("p2", "alice")]) == {"p1": "alice (p1)", "p2": "alice (p2)"}
    assert names_of([seat("p1", "Alice"), seat("p2", "alice", 2)]) == {"p1": "Alice (p1)", "p2": "alice (p2)"}


def test_a_name_that_is_a_seat_label_or_nothing_gives_way_to_the_label() -> None:
    assert names_of([seat("p1", "p2"), seat("p2", "bob", 2), seat("p3", "?", 3), seat("p4", " ", 4)]) == {"p2": "bob"}


def test_the_lines_name_the_players_and_a_board_gets_them_as_typed() -> None:
    names = names_of([seat("p1", "bob\\_smith"), seat("p2", "carol", 2)])
    assert said(["p1 plays Gimli.", "p2's threat reaches 51."], names) == [
        "bob\\_smith plays Gimli.", "carol's threat reaches 51."]
    view = View(game="x", seat=None, title="t", status="waiting on p1")
    shown = named(view, names)
    assert shown.names == {"p1": "bob_smith", "p2": "carol"} and drawn("a\\*b\\*") == "a*b*"
    assert view.names == {} and shown == replace(view, names=shown.names)  # the service's view is left as it was
    assert named(view, {}) is view


async def test_the_thread_log_and_board_name_the_players(world, monkeypatch: pytest.MonkeyPatch) -> None:
    """Given Alice (p1) and Bob (p2) in an LCG game, when they choose their decks, then the thread says "alice
    plays ..." and the board's seat bands say "alice (p1)" and "bob (p2)"; "Seats: alice as p1" still ties them."""
    lcg_render.forget()  # blocks drawn by other tests would not pass the recorder below
    drawn_text = TextRecorder().install(monkeypatch)
    env, guild, channel, alice, bob = world
    await painted_by(env, Painter(own_process=False))  # drawn on a thread of this process, where the recorder listens
    thread = await lcg_lobby(world)
    await choose_decks(world, thread)
    await env.bot.messenger.drain()
    posted = "\n".join(m.content for m in thread.history())
    assert "Seats: alice as p1, bob as p2." in posted
    assert "alice plays Core Set: Leadership" in posted and "bob plays Core Set: Lore" in posted, posted
    assert "p1 plays" not in posted and "p2 plays" not in posted
    assert any(m.attachments for m in thread.history())
    assert "alice (p1)" in drawn_text.strings and "bob (p2)" in drawn_text.strings, drawn_text.strings

    log = await bob.slash(thread, "game log")
    assert "alice plays Core Set: Leadership" in log.response.content, log.response.content
    status = await bob.slash(thread, "game status")
    assert "waiting on alice, bob" in status.response.content, status.response.content
    assert "e.g. 'p1'" in status.response.content  # the seat to type in the vote is a seat still


async def test_the_first_player_vote_names_whom_each_button_votes_for(world) -> None:
    """The LCG's vote for the first player (RR p.10) offers the seats: each button says whose seat it is ("alice: bob
    (p2)"), the seat kept since the question says to answer with it; the answer is still the seat."""
    env, guild, channel, alice, bob = world
    thread = await lcg_lobby(world)
    await choose_decks(world, thread)
    await env.bot.messenger.drain()
    vote = next(m for m in reversed(thread.history()) if m.components)
    labels = [c.label for row in vote.components for c in row.children]
    assert {"alice: alice (p1)", "alice: bob (p2)", "bob: alice (p1)", "bob: bob (p2)"} <= set(labels), labels
    button = next(c for row in vote.components for c in row.children if c.label == "bob: alice (p1)")
    await bob.click(vote, custom_id=button.custom_id)
    await env.bot.messenger.drain()
    assert thread.history()[-1].content == "Waiting on alice (p1).", thread.history()[-1].content  # bob's vote taken


def test_an_option_that_is_a_seat_names_its_player_and_keeps_the_seat() -> None:
    from bot.chat.players import option_label

    names = names_of([seat("p1", "bob\\_smith"), seat("p2", "carol", 2)])
    assert option_label("p1", names) == "bob_smith (p1)"  # as typed: a button label is not markdown
    assert option_label("Attack p2's enemy", names) == "Attack carol's enemy"
    assert option_label("Core Set: Lore", names) == "Core Set: Lore"
    assert option_label("p3", names) == "p3" and option_label("p1", {}) == "p1"
