"""The War of the Ring importer and its committed facts-only pack (spec 8.1; data/README: no card text)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bot.content.errors import ContentError
from bot.content.wotr.__main__ import main
from bot.content.wotr.importer import DEFAULT_DATA, DEFAULT_OUT, build_pack, keywords_of
from engines.wotr.cards import pack_from_json, pack_to_json

REPO = Path(__file__).resolve().parents[3]
needs_shared = pytest.mark.skipif(not (DEFAULT_DATA / "cards.json").exists(),
                                  reason="the community data (../shared/data/wotrcg) is absent, as in a fresh clone")
PACK_TEXT = DEFAULT_OUT.read_text(encoding="utf-8")


def test_the_committed_pack_has_no_text_and_every_kind() -> None:
    pack = pack_from_json(PACK_TEXT)
    assert all(c.text == "" for c in pack.cards)
    kinds = {k: sum(c.kind == k for c in pack.cards) for k in {c.kind for c in pack.cards}}
    assert kinds == {"army": 32, "character": 56, "item": 26, "event": 9, "battleground": 14, "path": 27}


@needs_shared
def test_the_committed_pack_is_what_the_importer_makes_today() -> None:
    result = build_pack(DEFAULT_DATA)
    assert result.problems == []
    assert pack_to_json(result.pack) == PACK_TEXT, "run: python -m bot.content.wotr build"
    assert "cards.json: no faction card number 110 (a gap in the community data)" in result.notes


def words(text: str) -> list[str]:
    return re.findall(r"[\w']+", text.lower())


@needs_shared
def test_no_seven_word_run_of_card_text_is_committed() -> None:
    """Checks the pack and every WotR source and test file against the community card text."""
    runs: set[tuple[str, ...]] = set()
    for name in ("cards", "battlegrounds", "paths"):
        for row in json.loads((DEFAULT_DATA / f"{name}.json").read_text(encoding="utf-8")):
            for column in ("text", "flavorText"):
                w = words(str(row.get(column) or ""))
                runs.update(tuple(w[i:i + 7]) for i in range(len(w) - 6))
    assert len(runs) > 500
    files = [DEFAULT_OUT, *sorted((REPO / "engines" / "wotr").glob("*.py")),
             *sorted((REPO / "tests" / "engines" / "wotr").glob("*.py")), Path(__file__),
             *sorted((REPO / "bot" / "content" / "wotr").glob("*.py")), *sorted((REPO / "render").glob("wotr*.py")),
             *sorted((REPO / "bot" / "chat").glob("wotr*.py"))]
    for path in files:
        w = words(path.read_text(encoding="utf-8"))
        copied = [" ".join(w[i:i + 7]) for i in range(len(w) - 6) if tuple(w[i:i + 7]) in runs]
        assert copied == [], f"{path.name} copies card text: {copied[:3]}"


def test_facts_read_from_the_records() -> None:
    pack = {c.name: c for c in pack_from_json(PACK_TEXT).cards}
    strider = pack["Strider"]
    assert (strider.kind, strider.faction, strider.side, strider.path_icons) == ("character", "Dúnedain", "fp", 2)
    assert strider.allowed_paths == (2, 3, 4, 5, 6)
    assert pack["Sting"].wielders == ("Frodo", "Sam") and pack["Black Breath"].wielders == ("Nazgûl",)
    assert pack["The Witch-king"].keywords == ("Nazgûl",) and pack["The Witch-king"].path_icons == 2
    assert pack["Ioreth"].promo and not pack["Strider"].promo
    assert pack["Minas Tirith"].vp == 3 and pack["Minas Tirith"].defense == 3 and pack["Minas Tirith"].side == "fp"
    assert pack["Orodruin"].path_number == 9 and pack["Orodruin"].vp == 3
    assert pack["Gandalf's Staff"].may_wield(pack["Gandalf the White"])
    assert pack["Sting"].may_wield(pack["Sam Gamgee"]) and not pack["Sting"].may_wield(pack["Merry Brandybuck"])
    assert pack["Black Breath"].may_wield(pack["The Hunter"])


def test_keywords_are_the_leading_one_word_sentences() -> None:
    assert keywords_of("Weapon. Mount. Then more words follow here.") == ("Weapon", "Mount")
    assert keywords_of("When this happens, do that.") == ()


def test_the_cli_writes_a_pack_and_keeps_text_only_when_asked(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "cards.json").write_text(json.dumps([
        {"cardNumber": "1", "name": "Made-up Army", "faction": "Rohan", "type": "ARMY", "attack": 2, "defense": 1,
         "leadershipAttack": 0, "leadershipDefense": 0, "pathAttack": None, "pathDefense": None,
         "allowedPaths": [], "text": "Invented. Words here.", "team": "fp"},
        {"cardNumber": "2", "name": "Broken", "faction": "Nowhere", "type": "ARMY"},
    ]), encoding="utf-8")
    (data / "battlegrounds.json").write_text("[]", encoding="utf-8")
    (data / "paths.json").write_text(json.dumps([{"cardNumber": "1", "name": "Made-up Path", "pathNumber": 1,
                                                  "pathDefense": 1, "victoryPoints": 2, "text": ""}]),
                                     encoding="utf-8")
    out = tmp_path / "pack.json"
    assert main(["build", str(out), "--data", str(data)]) == 0
    pack = pack_from_json(out.read_text(encoding="utf-8"))
    assert [c.name for c in pack.cards] == ["Made-up Army", "Made-up Path"]
    assert pack.cards[0].keywords == ("Invented",) and pack.cards[0].text == ""
    result = build_pack(data, with_text=True)
    assert result.pack.cards[0].text == "Invented. Words here."
    assert result.problems == ["cards.json record 2: unknown faction 'Nowhere'"]


def test_an_unreadable_file_refuses_the_whole_import(tmp_path: Path) -> None:
    (tmp_path / "cards.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(ContentError, match="not valid JSON"):
        build_pack(tmp_path)
    assert main(["build", str(tmp_path / "out.json"), "--data", str(tmp_path)]) == 1
    assert not (tmp_path / "out.json").exists()


def test_the_committed_pack_keeps_a_battlegrounds_army_gate_and_character_gate_apart() -> None:
    """# L269-279, spec 2.2: a battleground names the factions that may enter as an army and those that may
    enter as a character. Wizard fields no army, so its icon on Edoras is a character icon only."""
    pack = {c.name: c for c in pack_from_json(PACK_TEXT).cards}
    edoras = pack["Edoras"]
    assert edoras.army_factions == ("Rohan", "Isengard")
    assert edoras.character_factions == ("Rohan", "Wizard", "Isengard")
    assert edoras.sides_of_entry("character") == (("Rohan", "Wizard"), ("Isengard",))  # defend, attack
    assert pack["Moria"].army_factions == ("Monstrous", "Elf")
    assert all(c.army_factions and c.character_factions for c in pack.values() if c.kind == "battleground")


def test_a_source_that_names_both_gates_is_read_as_it_is(tmp_path: Path) -> None:
    """# spec 2.2: `armyFactions` and `characterFactions`, when a source has them, win over the joint list;
    a bad faction in either leaves the record out, named."""
    (tmp_path / "cards.json").write_text(json.dumps([
        {"cardNumber": "1", "name": "Made-up Army", "faction": "Rohan", "type": "ARMY"},
        {"cardNumber": "2", "name": "Made-up Rider", "faction": "Rohan", "type": "CHARACTER"},
        {"cardNumber": "3", "name": "Made-up Wizard", "faction": "Wizard", "type": "CHARACTER"},
    ]), encoding="utf-8")
    (tmp_path / "battlegrounds.json").write_text(json.dumps([
        {"cardNumber": "1", "name": "Split Field", "team": "fp", "allowedFactions": ["Rohan", "Isengard"],
         "armyFactions": ["Isengard"], "characterFactions": ["Rohan"]},
        {"cardNumber": "2", "name": "Joint Field", "team": "shadow", "allowedFactions": ["Rohan", "Wizard"]},
        {"cardNumber": "3", "name": "Bad Field", "team": "fp", "armyFactions": ["Nowhere"]},
    ]), encoding="utf-8")
    (tmp_path / "paths.json").write_text("[]", encoding="utf-8")
    result = build_pack(tmp_path)
    fields = {c.name: c for c in result.pack.cards}
    assert (fields["Split Field"].army_factions, fields["Split Field"].character_factions) == (("Isengard",),
                                                                                              ("Rohan",))
    assert (fields["Joint Field"].army_factions, fields["Joint Field"].character_factions) == (("Rohan",),
                                                                                              ("Rohan", "Wizard"))
    assert result.problems == ["battlegrounds.json record 3: unknown faction 'Nowhere'"]
    assert any("Joint Field" not in n and "1 battlegrounds give one faction list" in n for n in result.notes)
