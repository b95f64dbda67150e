"""No leak, for every engine (issue 18; DESIGN.md 'The engine contract': hidden information by construction): a
player reads the thread and their own DMs hoping to learn a card hidden from them. tests/bot/test_hidden_delivery.py
plays long random games of the engines it names (lcg, wotr and the test game); this plays a few short ones of
*every* engine in the registry, so an engine registered tomorrow is checked the day it arrives, with the same
checks (`play_and_check`: no public line, board or button names a card hidden from the table, no DM names a card
hidden from its seat or carries another seat's decision)."""

from __future__ import annotations

import pytest

from bot.service import Service
from engines import registry
from tests.bot.test_hidden_delivery import play_and_check
from tests.conftest import RecordingMessenger
from tests.engines.test_random_play import VARIANTS

BUILTIN = registry.load()  # what this build ships (engines.registry.BUILTIN that are installed)
ENGINES = registry.names()
GAMES = 2  # per engine, short ones: the long ones are test_hidden_delivery's
COMMANDS = 80


def options_for(name: str, seed: int) -> str:
    """The engine's own option sets where the random-play test has them, cycled by seed; none otherwise."""
    variants = VARIANTS.get(name, [{}])
    chosen = variants[seed % len(variants)]
    return " ".join(f"{k}={'yes' if v is True else v}" for k, v in chosen.items())


def test_every_registered_engine_is_checked_for_leaks() -> None:
    """The list below is the registry's, read when the tests are collected; every shipped engine is in it."""
    assert ENGINES, "no engine is registered"
    assert set(BUILTIN) <= set(ENGINES)
    assert set(ENGINES) == set(registry.names())


@pytest.mark.parametrize("seed", range(GAMES))
@pytest.mark.parametrize("name", ENGINES)
async def test_random_games_of_every_engine_show_no_hidden_card_to_the_wrong_audience(
    service: Service, messenger: RecordingMessenger, name: str, seed: int
) -> None:
    game = registry.get(name)
    seats = game.min_seats + seed % (game.max_seats - game.min_seats + 1)
    played = await play_and_check(service, messenger, name, seats, seed, options_for(name, seed), COMMANDS)
    assert played >= 1
    assert any(n.private for n in messenger.notices)  # something did go to a seat alone, and was checked
