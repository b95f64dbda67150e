"""A game is a plug-in (issue 15): one registration per game names its engine, renderer, Discord commands,
console verbs and coverage report, and the client, the console and the tools find games only through it."""

from __future__ import annotations

import importlib
import inspect

import pytest

from bot import plugins
from bot.__main__ import main
from engines import registry
from render import registry as renderers
from render.generic import render_view

SHIPPED = registry.load()  # the engines found in engines/ (the test game Tally lives in tests/)
PLUGINS = plugins.all_plugins()


def test_every_shipped_engine_has_exactly_one_registration():
    assert {p.name for p in PLUGINS} == set(SHIPPED)


@pytest.mark.parametrize("plugin", PLUGINS, ids=lambda p: p.name)
def test_a_registration_names_modules_that_provide_what_it_says(plugin: plugins.Plugin):
    assert importlib.import_module(plugin.engine).GAME.name == plugin.name
    if plugin.renderer is not None:
        importlib.import_module(plugin.renderer)
        assert renderers.renderer_for(plugin.name) is not render_view  # its own board, not the generic
    if plugin.discord is not None:
        assert inspect.iscoroutinefunction(plugin.load("discord").setup)
    if plugin.console is not None:
        assert callable(plugin.load("console").verbs)
    if plugin.coverage is not None:
        assert plugin.name in plugins.coverage(plugin.name).lower() or "cards" in plugins.coverage(plugin.name)


def test_an_unknown_game_is_named_with_the_known_ones():
    with pytest.raises(KeyError, match=r"No game 'chess' is registered\. Registered: .*lcg.*wotr"):
        plugins.get("chess")


def test_a_second_registration_of_one_game_is_refused(tmp_path, monkeypatch):
    pkg = tmp_path / "twice"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    for n in (1, 2):
        (pkg / f"r{n}.py").write_text("from bot.plugins import Plugin\nPLUGIN = Plugin(name='x', engine='e')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ValueError, match="Two registrations for the game 'x'"):
        plugins.discover("twice")


def test_cards_coverage_reports_each_registered_game(capsys):
    assert main(["cards", "coverage", "wotr"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("War of the Ring:") and "scripted" in out and "by hand: " in out
