"""Reading DragnCards' preBuiltDecks.json, on invented recipes: Standard, Easy and Nightmare become one
Scenario; load groups land in the right fields; pre-built player decks become Decks."""

from __future__ import annotations

import json

from bot.content.lcg.dragncards import parse_card_db
from bot.content.lcg.recipes import parse_recipes
from engines.lcg.cards import Slot
from tests.bot.content.helpers import (
    ALLY,
    ATTACHMENT,
    BOG,
    EVENT,
    GLOOM,
    HERO,
    ORC,
    RELIC,
    RULES,
    STAGE_1,
    STAGE_2A,
    STAGE_2B,
    entry,
    recipes_text,
    snippet_recipes,
    snippet_rows,
    tsv,
)

CARDS = parse_card_db(tsv(snippet_rows())).cards


def recipes(text: str | None = None, **options):
    return parse_recipes(text or recipes_text(), CARDS, **options)


def test_the_three_modes_merge_into_one_scenario_named_by_the_standard_label() -> None:
    (scenario,) = recipes().scenarios
    assert (scenario.key, scenario.name) == ("trouble-in-the-test-wilds", "Trouble in the Test Wilds")


def test_quest_cards_are_ordered_by_stage_and_alternatives_keep_the_recipe_order() -> None:
    (scenario,) = recipes().scenarios
    assert scenario.quest == (STAGE_1, STAGE_2B, STAGE_2A)


def test_groups_land_in_their_fields_and_repeated_entries_merge() -> None:
    (s,) = recipes().scenarios
    assert s.encounter == (Slot(card=ORC, count=4), Slot(card=BOG, count=2), Slot(card=GLOOM, count=2))
    assert s.easy_encounter == (Slot(card=ORC, count=2), Slot(card=BOG, count=1))
    assert s.nightmare_encounter == (Slot(card=ORC, count=4),)
    assert s.staging == (Slot(card=BOG),) and s.set_aside == (Slot(card=RELIC),)
    assert s.nightmare_staging == (Slot(card=BOG),) and s.nightmare_set_aside == (Slot(card=GLOOM),)


def test_other_groups_and_mode_differences_go_to_extra() -> None:
    (s,) = recipes().scenarios
    extra = dict(s.extra)
    assert extra["encounter2"] == (Slot(card=GLOOM),)  # Easy keeps it: same as Standard, so no "easy." entry
    assert "easy.encounter2" not in extra
    assert extra["nightmare.encounter2"] == ()  # Nightmare has none
    assert extra["nightmare.rules"] == (Slot(card=RULES),)  # the rules card is not put in the staging area
    assert "easy.staging" not in extra and "nightmare.quest" not in extra


def test_an_unknown_card_is_reported_and_left_out() -> None:
    data = snippet_recipes()
    data["preBuiltDecks"]["Q90.1"]["cards"].append(entry("ffffffff-0000-4000-8000-000000000000", "sharedEncounterDeck"))
    result = recipes(json.dumps(data))
    (problem,) = result.problems
    assert problem.where == "preBuiltDecks.json recipe Q90.1 entry 11"
    assert "unknown card id ffffffff" in problem.reason
    assert sum(s.count for s in result.scenarios[0].encounter) == 8


def test_a_pre_built_deck_has_its_heroes_and_cards_and_notes_its_sideboard() -> None:
    result = recipes()
    (deck,) = result.decks
    assert (deck.key, deck.name) == ("core-testing", "Core Set: Testing")
    assert deck.heroes == (HERO,)
    assert deck.cards == (Slot(card=ALLY, count=3), Slot(card=EVENT, count=2)) and deck.size == 5
    assert ATTACHMENT not in {s.card for s in deck.cards}
    assert any("sideboard" in n.reason for n in result.notes)
    assert any(n.where.endswith("CCT.1") for n in result.notes)  # campaign pools are skipped, and said so


def test_only_the_wanted_recipes_are_read() -> None:
    result = recipes(keys={"coreTesting"})
    assert result.scenarios == [] and len(result.decks) == 1


def test_two_scenarios_with_one_title_get_distinct_keys() -> None:
    data = snippet_recipes()
    data["preBuiltDecks"]["Q91.1"] = {**data["preBuiltDecks"]["Q90.1"]}
    keys = [s.key for s in recipes(json.dumps(data)).scenarios]
    assert keys == ["trouble-in-the-test-wilds", "trouble-in-the-test-wilds-91-1"]


def test_an_easy_only_recipe_stands_in_for_standard() -> None:
    data = {"preBuiltDecks": {"E92.1": snippet_recipes()["preBuiltDecks"]["E90.1"]}}
    result = recipes(json.dumps(data))
    (s,) = result.scenarios
    assert s.name == "Trouble in the Test Wilds" and s.encounter == (Slot(card=ORC, count=2), Slot(card=BOG))
    assert any("stands in" in n.reason for n in result.notes)
