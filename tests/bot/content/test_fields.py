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
    ("sentence", "restriction"),
    [
        ("Attach to a hero.", "hero"),
        ("Attach to a Hero.", "hero"),
        ("Attach to a character.", "character"),
        ("Attach to an ally.", "ally"),
        ("Attach to a location.", "location"),
        ("Attach to the active location.", "active location"),
        ("Attach to a Forest location in the staging area.", "Forest staging location"),
        ("Attach to an enemy.", "enemy"),
        ("Attach to an Orc enemy engaged with a player.", "Orc engaged enemy"),
        ("Attach to a Battle quest card in play.", "Battle quest"),
        ("Attach to a Dwarf character.", "Dwarf character"),
        ("Attach to a [spirit] hero.", "spirit hero"),
        ("Attach to a Dwarf or Hobbit character.", "Dwarf/Hobbit character"),
        ("Attach to a [leadership] or a Scout character.", "leadership/Scout character"),
        ("Attach to a [leadership] or sentinel hero.", "leadership/Sentinel hero"),
        ("Attach to a Nolder or Dale hero.", "Noldor/Dale hero"),
        ("Attach to a hero with the printed Ranged keyword.", "hero with Ranged"),
        ("Attach to a Dale character with the ranged keyword.", "Dale character with Ranged"),
        ("Attach to a hero you control.", "own hero"),
        ("Attach to Bilbo Baggins.", "named Bilbo Baggins"),
        ("Attach to Cirdan the Shipwright or Gandalf.", "named Cirdan the Shipwright | named Gandalf"),
        ("Attach to a Warrior hero or Gandalf.", "Warrior hero | named Gandalf"),
        ("Attach to a [tactics] hero, or to Éomer.", "tactics hero | named Éomer"),
        ("Attach to a player's threat dial.", None),
        ("Attach to the Ring-bearer.", None),
        ("Attach to a non-objective unique ally in play.", None),
        ("Attach to a location with no tokens on it.", None),
        ("Attached hero gets -1 [willpower].", None),
    ],
)
def test_attach_to_sentences_become_normalized_restrictions(sentence: str, restriction: str | None) -> None:
    from engines.lcg.cards import host_rules

    assert fields.attach_to(sentence) == restriction
    if restriction is not None:
        host_rules(restriction)  # what the reader writes, the engine reads


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
