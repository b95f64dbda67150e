"""The importers on the whole community data in ../shared (skipped in a fresh clone, which has none)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.content.lcg.dragncards import import_dragncards
from bot.content.lcg.report import ImportResult
from bot.content.lcg.ringsdb import core_codes
from engines.lcg.library import builtin, pack_from_json, pack_to_json
from tests.bot.content.helpers import SHARED_LCG, needs_shared

pytestmark = needs_shared


@pytest.fixture(scope="module")
def everything() -> ImportResult:
    return import_dragncards(SHARED_LCG / "dragncards")


def test_every_card_id_becomes_one_definition_and_every_recipe_maps(everything: ImportResult) -> None:
    assert everything.counts["cards"] == 4376  # the README's count of card ids
    assert everything.problems == []
    assert everything.counts["scenarios"] == 145  # one per Standard recipe; Easy and Nightmare merge into it
    assert [d.key for d in everything.pack.decks][:4] == ["core-leadership", "core-lore", "core-spirit", "core-tactics"]


def test_no_text_comes_along_unless_asked(everything: ImportResult) -> None:
    assert all(c.text == "" and c.shadow_text == "" for c in everything.pack.cards)


def test_with_text_is_for_a_users_own_machine(tmp_path: Path) -> None:
    worded = import_dragncards(SHARED_LCG / "dragncards", with_text=True)
    assert sum(bool(c.text) for c in worded.pack.cards) > 3000
    aragorn = next(c for c in worded.pack.cards if c.id == "51223bd0-ffd1-11df-a976-0801200c9001")
    assert aragorn.text == ""  # one of the 16 player rows with no text in the file (data README)
    library = builtin()
    library.add(worded.pack)  # the user's import adds the words to the built-in facts
    assert library.card("51223bd0-ffd1-11df-a976-0801200c9002").text != ""


def test_the_whole_import_round_trips_through_json(everything: ImportResult) -> None:
    assert pack_from_json(pack_to_json(everything.pack)) == everything.pack


def test_progress_reaches_the_end() -> None:
    calls: list[tuple[int, int]] = []
    import_dragncards(SHARED_LCG / "dragncards", on_progress=lambda done, total: calls.append((done, total)))
    assert calls[0][0] < calls[0][1] and calls[-1][0] == calls[-1][1] and len(calls) > 10


def test_core_set_ringsdb_codes_match_jmthompson2015() -> None:
    """RingsDB's code for a Core Set card is '01' + its number: checked against every Core player record."""
    codes = core_codes(builtin().cards.values())
    records = [r for name in ("hero", "ally", "attachment", "event")
               for r in json.loads((SHARED_LCG / "jmthompson2015" / f"{name}.json").read_text(encoding="utf-8"))
               if r.get("pack_code") == "Core"]  # fmt: skip
    assert len(records) == 73
    assert {r["code"]: r["octgnid"] for r in records} == codes


def test_the_derived_mirkwood_fixture_agrees_with_the_pack() -> None:
    """The shared joined fixture counts DragnCards' load groups; the Nightmare rules card that DragnCards puts
    in its staging area (the card stays beside the quest deck) is in the pack's `nightmare.rules` group."""
    derived = json.loads((SHARED_LCG / "derived" / "passage_through_mirkwood.json").read_text(encoding="utf-8"))
    m = builtin().scenario("passage-through-mirkwood")

    def n(slots) -> int:
        return sum(s.count for s in slots)

    assert derived["Q01.1"]["totals_by_group"] == {
        "sharedQuestDeck": len(m.quest), "sharedEncounterDeck": n(m.encounter), "sharedStagingArea": n(m.staging),
    }  # fmt: skip
    assert derived["E01.1"]["totals_by_group"]["sharedEncounterDeck"] == n(m.easy_encounter)
    nightmare = derived["N01.1"]["totals_by_group"]
    assert nightmare["sharedEncounterDeck"] == n(m.nightmare_encounter)
    assert nightmare["sharedStagingArea"] == n(m.nightmare_staging) + n(dict(m.extra)["nightmare.rules"])
