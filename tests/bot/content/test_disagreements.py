"""Where the two community sources disagree, DragnCards wins for the LCG (data README), and each known
disagreement is recorded here, so a new one (or a fix upstream) shows up as a failing test."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from engines.lcg.library import builtin
from tests.bot.content.helpers import CARD_DB, SHARED_LCG, needs_shared

JMT = SHARED_LCG / "jmthompson2015"
# jmthompson2015 field -> DragnCards column, for the numbers both sources carry
NUMBERS = {"engagement_cost": "engagementCost", "threat": "threat", "attack": "attack", "defense": "defense",
           "health": "hitPoints", "victory": "victoryPoints", "willpower": "willpower", "cost": "cost"}  # fmt: skip
# (card, field): (DragnCards, jmthompson2015). None: the field is missing there.
KNOWN_NUMBERS = {("Hill Troll", "victory"): ("4", None), ("Gladden Fields", "victory"): ("3", None)}
KNOWN_NAMES = {  # by (Core Set number, side)
    (9, "A"): ("Dunhere", "Dúnhere"),
    (126, "A"): ("To the River...", "To the River"),
    (126, "B"): ("To the River...", "To the River"),
}
ANDUIN = ("Journey Down the Anduin", "Journey Along the Anduin")  # the Anduin encounter set's name in each


def core_records() -> list[dict[str, object]]:
    records: list[dict[str, object]] = []
    for path in sorted(JMT.glob("*.json")):
        if path.name not in ("packs.json", "types.json"):
            records += [r for r in json.loads(path.read_text(encoding="utf-8")) if r.get("pack_code") == "Core"]
    return records


def core_rows() -> dict[tuple[int, str], dict[str, str]]:
    """Core Set rows by (number, side): a single-sided card is side A."""
    with Path(CARD_DB).open(encoding="utf-8", newline="") as handle:
        rows = csv.DictReader(handle, delimiter="\t")
        return {(int(r["numberInPack"]), r["side"] or "A"): {k: v or "" for k, v in r.items() if k} for r in rows
                if r["packName"] == "Core Set"}  # fmt: skip


def key(record: dict[str, object]) -> tuple[int, str]:
    """jmthompson2015 has one record per quest side ("sequence": "1A", "1B"), one per other card."""
    return int(str(record["position"])), str(record.get("sequence") or "A")[-1]


@pytest.fixture(scope="module")
def sources() -> tuple[list[dict[str, object]], dict[tuple[int, str], dict[str, str]]]:
    return core_records(), core_rows()


@needs_shared
def test_the_core_set_numbers_disagree_only_where_recorded(sources) -> None:
    records, rows = sources
    found: dict[tuple[str, str], tuple[str, object]] = {}
    for record in records:  # joined by number in pack: encounter records have no id (data README)
        row = rows[key(record)]
        if record["type_code"] == "quest":
            if row["side"] == "B" and str(record.get("quest_points")) != row["questPoints"]:
                found[(str(record["name"]), "quest_points")] = (row["questPoints"], record.get("quest_points"))
            continue
        for field, column in NUMBERS.items():
            if record["type_code"] == "hero" and field in ("cost", "threat"):
                continue  # a hero's threat is `threat` there and `cost` here: compared below
            theirs, ours = record.get(field), row[column]
            if not (theirs is None and ours == "") and str(theirs) != ours:
                found[(str(record["name"]), field)] = (ours, theirs)
        if record["type_code"] == "hero":
            assert str(record["threat"]) == row["cost"]
    assert found == KNOWN_NUMBERS


@needs_shared
def test_dragncards_wins_hill_troll_and_gladden_fields_are_worth_victory_points() -> None:
    library = builtin()
    assert [c.victory for c in library.find("Hill Troll")] == [4]
    assert [c.victory for c in library.find("Gladden Fields")] == [3]


@needs_shared
def test_names_and_the_anduin_set_differ_only_where_recorded(sources) -> None:
    records, rows = sources
    names = {key(r): (rows[key(r)]["name"], r["name"]) for r in records}
    assert {k: pair for k, pair in names.items() if pair[0] != pair[1]} == KNOWN_NAMES
    sets = {(rows[key(r)]["encounterSet"], r["encounter_set"]) for r in records if r.get("encounter_set")}
    assert {pair for pair in sets if pair[0] != pair[1]} == {ANDUIN}
