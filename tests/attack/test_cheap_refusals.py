"""Refusals that cost nothing (issue 18): a hostile answer is refused before any work is done on it. A RingsDB
answer claiming ten million copies of a card used to be counted copy by copy (2.4 s on the event loop)."""

from __future__ import annotations

import json

import pytest

from bot.content.errors import ContentError
from bot.content.lcg.ringsdb import Response, import_ringsdb
from engines.lcg.library import builtin


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"name": "x", "heroes": {"01001": 1}, "slots": {"01002": 10_000_000}},
         "holds 10000000 copies of card 01002; a deck holds at most 99"),
        ({"name": "x", "heroes": {str(n): 1 for n in range(10_000, 10_600)}, "slots": {}},
         "lists 600 cards; a deck has at most 500"),
    ],
)
async def test_a_ringsdb_deck_with_absurd_counts_is_refused_before_any_lookup(body: object, message: str) -> None:
    asked: list[str] = []

    def fetch(url: str) -> Response:
        asked.append(url)
        return Response(200, json.dumps(body).encode())

    with pytest.raises(ContentError, match=message):
        await import_ringsdb("1", known=builtin().cards, fetch=fetch)
    assert len(asked) == 1  # the deck itself; not one card was looked up


def test_a_ringsdb_deck_name_cannot_ping_or_format():
    from bot.content.lcg.ringsdb import _deck_shape, parse_ref

    shaped = _deck_shape({"name": "@everyone **Best deck**", "heroes": {}, "slots": {}}, parse_ref("1"))
    assert "@everyone" not in shaped.name and "\\*\\*Best" in shaped.name
