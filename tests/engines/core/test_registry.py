"""The registry of games: engines register by name, the bot looks them up, and a game that is not part of
this build is skipped while a game that is broken fails loudly."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from engines import registry
from tests.games.tally import GAME as TALLY
from tests.games.tally import Tally


@pytest.fixture(autouse=True)
def empty_registry(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """Each test starts with no game registered and leaves the real registry as it was."""
    games: dict[str, Any] = {}
    monkeypatch.setattr(registry, "_GAMES", games)
    return games


class Other(Tally):
    name = "other"


def test_a_registered_game_is_found_by_name() -> None:
    """Given Tally registered, when 'tally' is looked up, then the same game object comes back."""
    assert registry.register(TALLY) is TALLY
    assert registry.get("tally") is TALLY
    assert registry.names() == ["tally"]


def test_names_are_listed_in_order() -> None:
    """Given two games registered in reverse order, then names() lists them alphabetically."""
    registry.register(TALLY)
    registry.register(Other())
    assert registry.names() == ["other", "tally"]


def test_registering_a_name_again_replaces_the_game() -> None:
    """Given Tally registered, when another game is registered under the same name, then the newer one
    is found."""
    registry.register(TALLY)
    newer = Tally()
    registry.register(newer)
    assert registry.get("tally") is newer
    assert registry.names() == ["tally"]


def test_an_unknown_game_is_refused_with_the_known_ones() -> None:
    """Given Tally and Other registered, when 'lcg' is looked up, then KeyError names it and lists the
    known games."""
    registry.register(TALLY)
    registry.register(Other())
    with pytest.raises(KeyError) as info:
        registry.get("lcg")
    assert info.value.args[0] == "Unknown game 'lcg'. Known games: other, tally."


def test_with_nothing_installed_the_refusal_says_so() -> None:
    """Given no game registered, when any game is looked up, then KeyError says none are installed."""
    with pytest.raises(KeyError) as info:
        registry.get("tally")
    assert info.value.args[0] == "Unknown game 'tally'. Known games: none installed."
    assert registry.names() == []


def test_load_registers_a_module_game() -> None:
    """Given a module exposing GAME, when loaded, then its game is registered and its name returned."""
    assert registry.load(["tests.games.tally"]) == ["tally"]
    assert registry.get("tally") is TALLY


def test_load_skips_a_game_that_is_not_part_of_this_build() -> None:
    """Given game packages that do not exist, when loaded, then they are skipped quietly and nothing is
    registered."""
    assert registry.load(["engines.no_such_game", "westmarch_no_such_package.game"]) == []
    assert registry.names() == []


def test_load_skips_a_module_without_a_game() -> None:
    """Given a module that exposes no GAME, when loaded, then nothing is registered from it."""
    assert registry.load(["engines.core", "tests.games.tally"]) == ["tally"]


@pytest.fixture
def broken_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A game module that exists but imports a dependency that does not."""
    (tmp_path / "westmarch_broken_game.py").write_text("import westmarch_missing_dependency\nGAME = None\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "westmarch_broken_game", raising=False)
    return "westmarch_broken_game"


def test_load_fails_loudly_for_a_game_whose_own_imports_are_broken(broken_game: str) -> None:
    """Given a game module that is present but cannot import what it needs, when loaded, then the
    ModuleNotFoundError for the missing dependency propagates instead of the game silently vanishing."""
    with pytest.raises(ModuleNotFoundError) as info:
        registry.load([broken_game])
    assert info.value.name == "westmarch_missing_dependency"


def test_the_builtin_list_loads_whatever_is_installed() -> None:
    """Given the shipped list of game packages, when loaded, then every name returned is registered and
    no error is raised for the ones not yet written."""
    loaded = registry.load()
    assert registry.names() == sorted(loaded)
