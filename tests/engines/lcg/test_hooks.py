"""The rules reach card text through named hooks (DESIGN, Layers: "Inside an engine, rules fire named moments
and card effects register for them, so the rules never import the card families")."""

import pytest

from engines.lcg import GAME, hooks
from engines.lcg.hooks import Hook


def test_every_hook_the_rules_call_is_answered_once_the_engine_is_loaded() -> None:
    assert GAME.name == "lcg"  # importing the engine imported the card effects, which registered the handlers
    declared = [h for h in vars(hooks).values() if isinstance(h, Hook)]
    assert len(declared) > 40
    assert [h.name for h in declared if not h.answered] == []


def test_a_hook_answers_through_its_one_handler_and_refuses_a_second() -> None:
    hook: Hook[[int], int] = Hook("a test moment")
    with pytest.raises(RuntimeError, match="nothing answers the hook 'a test moment'"):
        hook(1)

    def first(n: int) -> int:
        return n + 1

    def second(n: int) -> int:
        return n + 2

    assert hook.register(first) is first
    assert hook(1) == 2
    with pytest.raises(RuntimeError, match="already has a handler"):
        hook.register(second)
    assert hook(1) == 2
