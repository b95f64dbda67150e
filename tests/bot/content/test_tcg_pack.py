"""The TCG importer, its strict HJSON reader, the committed facts-only pack and deck lists (spec 8.1)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.content.errors import ContentError
from bot.content.tcg.__main__ import main
from bot.content.tcg.hjson import HjsonError, loads
from bot.content.tcg.importer import DEFAULT_DATA, DEFAULT_OUT, build_pack
from engines.core import CommandError
from engines.tcg.cards import builtin, pack_from_json, pack_to_json
from engines.tcg.decks import parse, starter

REPO = Path(__file__).resolve().parents[3]
needs_shared = pytest.mark.skipif(not (DEFAULT_DATA / "set07").is_dir(),
                                  reason="the GEMP data (../shared/data/tcg) is absent, as in a fresh clone")
PACK_TEXT = DEFAULT_OUT.read_text(encoding="utf-8")


def test_hjson_reader_reads_gemps_dialect_and_refuses_the_rest() -> None:
    text = "{\n a: 1\n b: two words, here\n c: [x\n  'y'\n ]\n # note\n d: {\n e: true\n }\n f: -2 // c\n}"
    assert loads(text) == {"a": 1, "b": "two words, here", "c": ["x", "y"], "d": {"e": True}, "f": -2}
    for bad in ("{ a: 1", "{ a 1 }", "[1, 2", "{ a: '''x''' }", "{ a: 1 } x"):
        with pytest.raises(HjsonError, match="line"):
            loads(bad)


def test_the_committed_pack_has_facts_and_the_four_starters() -> None:
    pack = pack_from_json(PACK_TEXT)
    assert len(pack.cards) == 852
    assert [d.key for d in pack.decks] == ["sog-merry-starter", "sog-pippin-starter", "fotr-aragorn-starter",
                                          "fotr-gandalf-starter"]
    cards = {c.id: c for c in pack.cards}
    frodo = cards["7_317"]
    assert (frodo.strength, frodo.vitality, frodo.resistance, frodo.ring_bearer, frodo.signet) == (3, 4, 10, True,
                                                                                                   "aragorn")
    assert cards["7_133"].keyword_value("ambush") == 1 and cards["8_60"].keywords == ("southron", "archer")
    assert cards["7_339"].site == 3 and cards["7_339"].twilight == 1 and "sanctuary" in cards["7_339"].keywords
    assert cards["7_253"].item_class == "mount" and cards["7_253"].bearer == "culture(rohan),man"
    assert pack.decks[0].starting == ["7_317", "7_1", "8_121", "7_226"]
    assert pack.decks[1].starting == ["7_317", "7_1", "8_122", "7_96"]  # the list's Gondorian Captain is 7_96
    # The set-1 starters begin with the companion their product list marks "(starting)" (issue 13: decks)
    assert pack.decks[2].starting == ["1_290", "1_2", "1_365"] and cards["1_365"].title == "Aragorn"
    assert pack.decks[3].starting == ["1_290", "1_2", "1_364"] and cards["1_364"].title == "Gandalf"


@needs_shared
def test_the_committed_pack_is_what_the_importer_makes_today() -> None:
    result = build_pack(DEFAULT_DATA)
    assert result.problems == []
    assert pack_to_json(result.pack) == PACK_TEXT, "run: python -m bot.content.tcg build"


@needs_shared
def test_no_seven_word_run_of_card_text_is_committed() -> None:
    runs: set[tuple[str, ...]] = set()
    for path in sorted(DEFAULT_DATA.glob("set0*/*.hjson")):
        for row in loads(path.read_text(encoding="utf-8")).values():
            for column in ("gametext", "lore"):
                w = re.findall(r"[\w']+", re.sub("<[^>]+>", " ", str(row.get(column) or "")).lower())
                runs.update(tuple(w[i:i + 7]) for i in range(len(w) - 6))
    assert len(runs) > 1000
    # A card's title is a fact the pack must hold, even when another card's text names it (7 words or more).
    titles = {tuple(re.findall(r"[\w']+", c.title.lower())) for c in builtin().values()}
    runs = {r for r in runs if not any(len(t) >= 7 and _within(r, t) for t in titles)}
    files = [DEFAULT_OUT, *sorted((REPO / "engines" / "tcg").glob("*.py")), *sorted((REPO / "tests" / "engines" /
             "tcg").glob("*.py")), Path(__file__), *sorted((REPO / "bot" / "content" / "tcg").glob("*.py"))]
    for path in files:
        w = re.findall(r"[\w']+", path.read_text(encoding="utf-8").lower())
        copied = [" ".join(w[i:i + 7]) for i in range(len(w) - 6) if tuple(w[i:i + 7]) in runs]
        assert copied == [], f"{path.name} copies card text: {copied[:3]}"


def _within(run: tuple[str, ...], title: tuple[str, ...]) -> bool:
    return any(title[i:i + 7] == run for i in range(len(title) - 6))


def test_deck_lists_are_checked_and_name_the_bad_line() -> None:
    defs = builtin()
    merry = starter("sog-merry-starter", defs)
    assert len(merry.draw) == 58 and sorted(merry.sites) == list(range(1, 10))
    with pytest.raises(CommandError, match=r"Line 2 \('2 of 7_226'\)"):
        parse("1x7_317\n2 of 7_226", defs)
    with pytest.raises(CommandError, match="no card 9_999"):
        parse("1x9_999", defs)
    with pytest.raises(CommandError, match="lacks site 9"):
        parse("1x7_317\n1x7_1\n" + "\n".join(f"1x{c}" for c in ["7_330", "7_336", "7_339", "7_341", "7_345",
                                                                  "7_348", "8_120", "7_358"]), defs)
    gemp = "7_317|7_1|7_330,7_336,7_339,7_341,7_345,7_348,8_120,7_358,7_361|7_226,7_226"
    assert parse(gemp, defs).draw == ["7_226", "7_226"]
    with pytest.raises(CommandError, match="a second site 1"):
        parse(gemp.replace("7_336", "7_329"), defs)
    with pytest.raises(CommandError, match="no One Ring"):
        parse(gemp.replace("|7_1|", "||"), defs)


def test_an_unreadable_file_refuses_the_whole_import(tmp_path: Path) -> None:
    (tmp_path / "set01").mkdir()
    (tmp_path / "set01" / "set01-X.hjson").write_text("{ 1_1: { title: x\n", encoding="utf-8")
    with pytest.raises(ContentError, match="not valid HJSON"):
        build_pack(tmp_path)
    assert main(["build", str(tmp_path / "out.json"), "--data", str(tmp_path)]) == 1
    assert not (tmp_path / "out.json").exists()
