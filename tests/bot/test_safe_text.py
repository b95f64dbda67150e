"""Words a player typed, ended as a sentence once: a reason that brings its own full stop, question or
exclamation mark takes no other."""

from __future__ import annotations

import pytest

from bot import safe_text


@pytest.mark.parametrize(("typed", "read"), [
    ("a rules question", "a rules question."),
    ("is that enemy engaged?", "is that enemy engaged?"),
    ("back in five!", "back in five!"),
    ("dinner.", "dinner."),
    ("he said \"wait!\"", "he said \"wait!\""),
    ("a very long reason clipped…", "a very long reason clipped…"),
    ("trailing space? ", "trailing space?"),
])
def test_a_reason_ends_its_sentence_once(typed: str, read: str) -> None:
    assert safe_text.ended(typed) == read
