"""The committed Core Set pack: what `builtin()` loads, that it carries no card text, and that it is what the
generator makes from the community data today."""

from __future__ import annotations

import csv
import re
from importlib import resources

import pytest

from bot.content.lcg.core import build_core
from engines.lcg.library import builtin, pack_from_json, pack_to_json
from tests.bot.content.helpers import CARD_DB, SHARED_LCG, needs_shared

PACK_TEXT = (resources.files("engines.lcg") / "packs" / "core.json").read_text(encoding="utf-8")
LIBRARY = builtin()
STARTERS = ("core-leadership", "core-lore", "core-spirit", "core-tactics")


def count(slots) -> int:
    return sum(s.count for s in slots)


def test_builtin_loads_three_scenarios_and_four_starter_decks() -> None:
    assert "core" in LIBRARY.packs
    assert sorted(LIBRARY.scenarios) == [
        "escape-from-dol-guldur",
        "journey-down-the-anduin",
        "passage-through-mirkwood",
    ]
    assert sorted(LIBRARY.decks) == sorted(STARTERS)


@pytest.mark.parametrize("key", STARTERS)
def test_each_starter_deck_is_three_heroes_and_thirty_cards_counting_gandalf(key: str) -> None:
    deck = LIBRARY.deck(key)
    assert len(deck.heroes) == 3 and all(LIBRARY.card(h).type == "hero" for h in deck.heroes)
    assert deck.size == 30
    assert [LIBRARY.card(s.card).name for s in deck.cards].count("Gandalf") == 1  # the recipe puts him in the 30


def test_passage_through_mirkwood_standard_and_easy() -> None:
    mirkwood = LIBRARY.scenario("passage-through-mirkwood")
    assert [LIBRARY.card(q).stage for q in mirkwood.quest] == [1, 2, 3, 3]  # two alternative stage 3s
    assert count(mirkwood.encounter) == 34 and count(mirkwood.staging) == 2
    assert count(mirkwood.easy_encounter) == 25 and "easy.staging" not in dict(mirkwood.extra)  # Easy stages 2 too
    assert count(mirkwood.nightmare_encounter) > 0 and count(mirkwood.nightmare_staging) == 2
    assert [LIBRARY.card(s.card).type for s in dict(mirkwood.extra)["nightmare.rules"]] == ["nightmare"]


def test_difficulty_ratings_are_those_printed_on_the_core_quests() -> None:  # spec: RR p.26
    ratings = {key: s.difficulty_rating for key, s in LIBRARY.scenarios.items()}
    assert ratings == {"passage-through-mirkwood": 1, "journey-down-the-anduin": 4, "escape-from-dol-guldur": 7}


def test_escape_from_dol_guldur_sets_the_nazgul_aside() -> None:
    escape = LIBRARY.scenario("escape-from-dol-guldur")
    assert [LIBRARY.card(s.card).name for s in escape.set_aside] == ["Nazgûl of Dol Guldur"]
    assert sorted(LIBRARY.card(s.card).type for s in escape.staging) == ["objective"] * 3


def test_every_card_a_scenario_or_deck_names_is_defined() -> None:
    pack = pack_from_json(PACK_TEXT)
    ids = {c.id for c in pack.cards}
    for s in pack.scenarios:
        groups = (s.encounter, s.easy_encounter, s.nightmare_encounter, s.staging, s.active_location, s.set_aside,
                  s.nightmare_staging, s.nightmare_set_aside, *(slots for _, slots in s.extra))  # fmt: skip
        assert set(s.quest) | {slot.card for g in groups for slot in g} <= ids
    for d in pack.decks:
        assert set(d.heroes) | {slot.card for slot in d.cards} <= ids


def test_the_pack_has_every_core_player_card() -> None:
    core_player = [c for c in LIBRARY.cards.values() if c.pack == "Core Set" and c.is_player_card]
    assert len(core_player) == 73 and sum(c.type == "hero" for c in core_player) == 12


def test_the_committed_pack_carries_no_card_text() -> None:
    pack = pack_from_json(PACK_TEXT)
    assert all(c.text == "" and c.shadow_text == "" for c in pack.cards)


def words(text: str) -> list[str]:
    return re.findall(r"[\w']+", text.lower())


@needs_shared
def test_no_seven_word_run_of_any_card_text_is_in_the_pack() -> None:
    runs: set[tuple[str, ...]] = set()
    with CARD_DB.open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            for column in ("text", "shadow"):
                w = words(row.get(column) or "")
                runs.update(tuple(w[i : i + 7]) for i in range(len(w) - 6))
    assert len(runs) > 10_000  # the check has something to check against
    w = words(PACK_TEXT)
    assert [" ".join(w[i : i + 7]) for i in range(len(w) - 6) if tuple(w[i : i + 7]) in runs] == []


@needs_shared
def test_the_committed_pack_is_what_the_generator_makes_today() -> None:
    result = build_core(SHARED_LCG)
    assert result.problems == []
    assert pack_to_json(result.pack) == PACK_TEXT, "run: python -m bot.content.lcg build-core"
