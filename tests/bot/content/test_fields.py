"""The shared field readers: printed numbers, traits, keywords, type names and slugs."""

from __future__ import annotations

import pytest

from bot.content.lcg import fields


@pytest.mark.parametrize(("raw", "value"), [("3", 3), ("", 0), ("-", 0), ("X", None), ("x", None), ("1*", 1)])
def test_a_printed_number_reads_as_an_int_or_none_for_x(raw: str, value: int | None) -> None:
    assert fields.stat(raw) == value


def test_a_number_that_is_not_one_is_refused() -> None:
    with pytest.raises(fields.BadNumber, match="'A' is not a number"):
        fields.stat("A")


def test_traits_split_on_full_stops() -> None:
    assert fields.traits("Dwarf. Noble. ") == ("Dwarf", "Noble")
    assert fields.traits("") == ()


def test_keywords_are_split_one_per_entry() -> None:
    assert fields.keywords("Guarded. Restricted.") == (("Guarded", "Restricted"), [])
    assert fields.keywords("Doomed 2. Archery X. Surge") == (("Doomed 2", "Archery X", "Surge"), [])
    assert fields.keywords("Guarded (enemy).") == (("Guarded (enemy)",), [])


def test_play_restrictions_and_sentences_are_not_keywords() -> None:
    kept, dropped = fields.keywords("Attach to a hero. Restricted. Some invented sentence here.")
    assert kept == ("Restricted",)
    assert dropped == ["Attach to a hero", "Some invented sentence here"]


@pytest.mark.parametrize(
    ("name", "back", "type_"),
    [
        ("Objective Ally", "encounter", "objective_ally"),
        ("Ship Enemy", "encounter", "ship_enemy"),
        ("Side Quest", "player", "player_side_quest"),
        ("Side Quest", "encounter", "encounter_side_quest"),
        ("Hero", "player", "hero"),
        ("Quest", "multi_sided", "quest"),
    ],
)
def test_type_names_become_snake_case(name: str, back: str, type_: str) -> None:
    assert fields.card_type(name, back) == type_


def test_slugs() -> None:
    assert fields.slugify("Passage Through Mirkwood") == "passage-through-mirkwood"
    assert fields.slugify("Helm's Deep") == "helms-deep"
    assert fields.slugify("The Drúadan Forest") == "the-druadan-forest"
    assert fields.camel_to_slug("coreLeadership") == "core-leadership"
