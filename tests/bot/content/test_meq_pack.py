"""The MEQ importer: the committed packs are what the importer makes from the community data, facts only."""

from __future__ import annotations

import pytest

from bot.content.meq.__main__ import main
from bot.content.meq.importer import DEFAULT_DATA, build
from engines.meq import board as mb
from engines.meq.cards import builtin

pytestmark = pytest.mark.skipif(not DEFAULT_DATA.is_dir(), reason="../shared/data/meq is not on this machine")


def test_the_committed_packs_match_a_fresh_import() -> None:
    result = build(DEFAULT_DATA)
    shipped = mb.builtin("base")
    assert result.board.paths == shipped.paths and result.board.locations == shipped.locations
    assert result.pack.heroes == builtin().heroes and result.pack.combat == builtin().combat


def test_map_check_reports_the_shipped_map(capsys: pytest.CaptureFixture[str], tmp_path) -> None:
    from importlib import resources

    path = tmp_path / "base.map"
    path.write_text((resources.files("engines.meq") / "packs" / "base.map").read_text(encoding="utf-8"))
    assert main(["map", "check", str(path)]) == 0
    out = capsys.readouterr().out
    assert "1 component(s)" in out and "isolated: none" in out and "unverified paths (33)" in out
    broken = tmp_path / "broken.map"
    broken.write_text(path.read_text().replace("path bree fornost any 1", "path bree nowhere any 1"))
    assert main(["map", "check", str(broken)]) == 1


def test_names_typed_in_capitals_read_as_titles() -> None:
    # the data types Event and character names in capitals: the pack keeps small words low and Roman numerals
    # high, where str.title() gave "Dain Ii", "Trust In Friendship" and "The Mouth Of Sauron"
    from bot.content.meq.importer import display_title
    assert display_title("DAIN II") == "Dain II"
    assert display_title("TRUST IN FRIENDSHIP") == "Trust in Friendship"
    assert display_title("The Mouth Of Sauron") == "The Mouth of Sauron"
    assert display_title("BOROMIR'S DREAM") == "Boromir's Dream" and display_title("URUK-HAI") == "Uruk-hai"
    pack = builtin()
    names = {c.name for c in pack.characters} | {e.name for e in pack.events} | {f.name for f in pack.foes}
    assert {"Dain II", "Trust in Friendship", "The Mouth of Sauron"} <= names
