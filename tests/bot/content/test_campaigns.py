"""Campaigns from the community data: the committed Core Set campaign (facts only, what the generator makes
today) and the importer of DragnCards' campaign pools, run on the real files without committing their text."""

from __future__ import annotations

import csv
import json
import re
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest

from bot.content.errors import ContentError
from bot.content.lcg.campaigns import build_core_campaign, import_campaigns, parse_pool
from engines.lcg.library import builtin, pack_from_json, pack_to_json
from tests.bot.content.helpers import CARD_DB, REPO, SHARED_LCG, guid, needs_shared

PACK_TEXT = (resources.files("engines.lcg") / "packs" / "core-campaign.json").read_text(encoding="utf-8")
DRAGNCARDS = SHARED_LCG / "dragncards"


def test_the_core_campaign_is_the_three_core_scenarios_in_order() -> None:  # spec 7.1
    core = builtin().campaign("core")
    library = builtin()
    assert [s.scenario for s in core.steps] == ["passage-through-mirkwood", "journey-down-the-anduin",
                                                "escape-from-dol-guldur"]
    assert all(s.scenario in library.scenarios and s.campaign_card in library.cards for s in core.steps)
    pool = {e.title: e for e in core.pool}
    assert pool["Valor"].permanent and pool["Valor"].kind == "boon" and pool["Valor"].copies == 4
    assert pool["Scarred"].permanent and pool["Scarred"].kind == "burden" and pool["Scarred"].back == "encounter"
    assert pool["Mendor's Support"].back == "player" and pool["Mendor's Support"].copies == 4
    assert all(e.card in library.cards for e in core.pool)


def test_the_committed_campaign_pack_carries_no_card_text() -> None:
    pack = pack_from_json(PACK_TEXT)
    assert all(c.text == "" and c.shadow_text == "" for c in pack.cards)


@needs_shared
def test_no_seven_word_run_of_any_card_text_is_in_the_campaign_pack() -> None:
    runs: set[tuple[str, ...]] = set()
    with CARD_DB.open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            for column in ("text", "shadow"):
                w = re.findall(r"[\w']+", (row.get(column) or "").lower())
                runs.update(tuple(w[i : i + 7]) for i in range(len(w) - 6))
    w = re.findall(r"[\w']+", PACK_TEXT.lower())
    assert [" ".join(w[i : i + 7]) for i in range(len(w) - 6) if tuple(w[i : i + 7]) in runs] == []


@needs_shared
def test_the_committed_campaign_pack_is_what_the_generator_makes_today() -> None:
    result = build_core_campaign(SHARED_LCG)
    assert result.problems == []
    assert pack_to_json(result.pack) == PACK_TEXT, "run: python -m bot.content.lcg build-core-campaign"


def test_a_pool_entry_may_spell_its_id_three_ways() -> None:  # the community files' quirks
    text = json.dumps([{"uuid": guid(1), "quantity": 1, "loadGroupId": "sharedSetAside"},
                       {"uuiid": guid(2), "quantity": 4, "loadGroupId": "sharedSetAside"},
                       {"cardRow": {"cardid": guid(3)}, "quantity": 1, "groupId": "sharedSetAside"},
                       {"quantity": 1}])
    lines, problems = parse_pool(text, "pool.txt")
    assert [(x.card, x.quantity) for x in lines] == [(guid(1), 1), (guid(2), 4), (guid(3), 1)]
    assert [str(p) for p in problems] == ["pool.txt entry 4: no card id or no quantity"]


def test_a_pool_file_that_is_not_a_list_is_refused() -> None:
    with pytest.raises(ContentError, match="JSON list"):
        parse_pool('{"uuid": 1}', "pool.txt")
    with pytest.raises(ContentError, match="not JSON"):
        parse_pool("[", "pool.txt")


@needs_shared
def test_every_campaign_pool_in_the_shared_data_imports() -> None:
    result = import_campaigns(DRAGNCARDS)
    campaigns = {c.key: c for c in result.pack.campaigns}
    assert set(campaigns) == {"ccc-1", "ccc-2", "ccc-3", "ccl-1"}
    assert [s.scenario for s in campaigns["ccc-1"].steps] == ["passage-through-mirkwood", "journey-down-the-anduin",
                                                              "escape-from-dol-guldur"]
    assert len(campaigns["ccc-3"].steps) == 9  # Angmar Awakened, its ids nested in `cardRow`
    assert len(campaigns["ccc-2"].pool) == 9  # The Dark of Mirkwood, its ids spelled `uuiid`
    saga = campaigns["ccl-1"]  # no campaign card in the pool: the saga's packs give its 18 scenarios
    assert len(saga.steps) == 18 and saga.steps[0].name == "A Shadow of the Past"
    treason = next(s for s in saga.steps if s.name == "The Uruk-hai")
    assert set(treason.banned) == {"Frodo Baggins", "Saruman", "Gríma", "Aragorn"}  # C 12.5.2.1-12.5.2.3
    assert treason.fellowship_aragorn and not saga.steps[0].fellowship_aragorn  # C 12.5.2.2
    land = next(s for s in saga.steps if s.name == "Shelob's Lair")
    assert land.banned == ("Aragorn",) and not land.fellowship_aragorn
    counsels = saga.entry("Poisoned Counsels")
    assert counsels is not None and counsels.kind == "burden" and counsels.back == "player" and counsels.copies == 4
    assert any("Hobbit saga treasure" in str(p) for p in result.problems)  # CCH.1 holds treasures, not boons
    assert all(c.text == "" for c in result.pack.cards)  # facts only unless the user asks for words


@needs_shared
def test_the_import_command_writes_a_pack_the_library_loads(tmp_path: Path) -> None:
    out = tmp_path / "campaigns.json"
    done = subprocess.run([sys.executable, "-m", "bot.content.lcg", "import-campaigns", str(DRAGNCARDS), str(out)],
                          cwd=REPO, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "Wrote" in done.stdout
    pack = pack_from_json(out.read_text(encoding="utf-8"))
    library = builtin()
    library.add(pack)
    assert library.campaign("ccl-1").name == "The Lord of the Rings"
