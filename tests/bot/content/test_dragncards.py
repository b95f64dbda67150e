"""Reading DragnCards' cardDb.tsv, on invented rows: overloaded columns, multi-sided quest cards, keywords,
missing trailing columns, and the `with_text` switch that is for a user's own machine only."""

from __future__ import annotations

import json
from pathlib import Path

from bot.content.lcg.dragncards import import_dragncards, parse_card_db
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
    guid,
    row,
    snippet_recipes,
    snippet_rows,
    tsv,
)


def table(*, with_text: bool = False):
    return parse_card_db(tsv(snippet_rows()), with_text=with_text)


def test_a_heros_cost_column_is_its_threat_cost() -> None:
    hero = table().cards[HERO]
    assert (hero.type, hero.threat_cost, hero.cost, hero.sphere) == ("hero", 10, 0, "leadership")
    assert (hero.willpower, hero.attack, hero.defense, hero.hit_points, hero.unique) == (2, 3, 2, 5, True)
    assert hero.traits == ("Noble", "Warrior") and hero.keywords == ("Sentinel",)


def test_an_x_cost_is_none_and_other_player_costs_are_numbers() -> None:
    cards = table().cards
    assert cards[ALLY].cost is None
    assert cards[EVENT].cost == 1 and cards[ATTACHMENT].cost == 2


def test_an_encounter_cards_threat_column_is_its_staging_threat() -> None:
    orc = table().cards[ORC]
    assert (orc.type, orc.threat, orc.engagement_cost, orc.victory, orc.cost) == ("enemy", 2, 25, 1, 0)
    assert orc.sphere == ""  # an encounter card has no sphere, whatever the column says
    assert orc.encounter_set == "Test Wilds" and orc.has_shadow


def test_only_keywords_are_kept_and_the_rest_is_noted() -> None:
    t = table()
    assert t.cards[ORC].keywords == ("Surge", "Doomed 2")
    assert t.cards[ATTACHMENT].keywords == ("Restricted",)
    assert [n.card for n in t.notes if "keyword" in n.reason] == [ORC]  # "Attach to" is expected, not noted


def test_the_play_restriction_is_read_as_a_fact_from_keywords_or_text_never_kept_as_words() -> None:
    extra = [
        row(guid(31), "Invented Cloak", "player", "Attachment", 31, sphere="Spirit", cost="1",
            text="Attach to a [spirit] or Noldor hero. Invented attachment words."),
        row(guid(32), "Invented Horn", "player", "Attachment", 32, sphere="Tactics", cost="1",
            text="Limit 2 per deck. Attach to a Gondor hero or Pippin. Invented words."),
        row(guid(33), "Invented Trap", "player", "Attachment", 33, sphere="Lore", cost="1",
            keywords="Attach to an Orc enemy engaged with a player."),
        row(guid(34), "Invented Oddity", "player", "Attachment", 34, sphere="Lore", cost="1",
            keywords="Attach to a player's threat dial."),
        row(guid(35), "Invented Boon", "player", "Attachment", 35, sphere="Lore", cost="1",
            text="Setup: Attach to a hero. Invented words."),
    ]  # fmt: skip
    t = parse_card_db(tsv([*snippet_rows(), *extra]))
    assert t.cards[ATTACHMENT].attach_to == "hero"  # "Attach to a hero. Restricted."
    assert [t.cards[guid(n)].attach_to for n in (31, 32, 33, 34, 35)] == [
        "spirit/Noldor hero", "Gondor hero | named Pippin", "Orc engaged enemy", "", "",
    ]  # fmt: skip
    assert t.cards[HERO].attach_to == "" and t.cards[EVENT].attach_to == ""
    assert [n.card for n in t.notes if "attach_to" in n.reason] == [guid(34)]  # not understood: noted
    assert all(c.text == "" for c in t.cards.values())


def test_x_values_outside_cost_are_read_as_zero_with_a_note() -> None:
    t = table()
    assert t.cards[BOG].threat == 0 and t.cards[BOG].quest_points == 4
    assert any(n.card == BOG and "threat is X" in n.reason for n in t.notes)


def test_a_quest_card_is_one_definition_from_both_sides() -> None:
    cards = table().cards
    stage = cards[STAGE_1]
    assert (stage.type, stage.name, stage.stage_name, stage.stage, stage.quest_points) == (
        "quest", "Setting Out", "Into the Wilds", 1, 8,
    )  # fmt: skip
    assert stage.keywords == ("Battle",)
    assert (cards[STAGE_2A].stage, cards[STAGE_2B].stage, cards[STAGE_2B].quest_points) == (2, 2, 0)


def test_other_multi_sided_cards_are_read_from_their_first_side() -> None:
    rules = table().cards[RULES]
    assert (rules.type, rules.name) == ("nightmare", "Test Nightmare")


def test_type_names_are_snake_case() -> None:
    assert table().cards[RELIC].type == "objective_ally"


def test_missing_trailing_columns_read_as_blank() -> None:
    text = tsv(snippet_rows(), trim=True)
    assert any(len(line.split("\t")) < 20 for line in text.splitlines())
    assert parse_card_db(text).cards == parse_card_db(tsv(snippet_rows(), trim=False)).cards


def test_no_text_unless_asked_and_then_only_for_the_users_own_machine() -> None:
    plain = table()
    assert all(c.text == "" and c.shadow_text == "" for c in plain.cards.values())
    worded = table(with_text=True)
    assert worded.cards[EVENT].text == "Invented event words for a test."
    assert worded.cards[ORC].shadow_text == "Invented shadow words."


def test_a_repeated_id_is_reported_and_the_first_row_kept() -> None:
    rows = [*snippet_rows(), row(GLOOM, "Copy", "encounter", "Treachery", 99)]
    t = parse_card_db(tsv(rows))
    assert t.cards[GLOOM].name == "Sudden Gloom"
    assert [(p.card, "repeated" in p.reason) for p in t.problems] == [(GLOOM, True)]


def test_progress_is_reported_to_the_end() -> None:
    calls: list[tuple[int, int]] = []
    t = parse_card_db(tsv(snippet_rows()), on_progress=lambda done, total: calls.append((done, total)))
    assert calls[-1] == (len(t.cards), len(t.cards)) == (12, 12)


def test_a_dragncards_folder_becomes_one_pack(tmp_path: Path) -> None:
    (tmp_path / "cardDb.tsv").write_text(tsv(snippet_rows()), encoding="utf-8")
    (tmp_path / "preBuiltDecks.json").write_text(json.dumps(snippet_recipes()), encoding="utf-8")
    result = import_dragncards(tmp_path)
    assert result.counts["cards"] == 12 and result.counts["scenarios"] == 1 and result.counts["decks"] == 1
    assert result.read == 16 + 30  # rows plus recipe entries
    assert result.problems == []
    assert "12 cards, 1 scenarios, 1 decks" in result.summary()


def test_the_command_line_import_writes_a_pack_that_loads(tmp_path: Path, capsys) -> None:
    from bot.content.lcg.__main__ import main
    from engines.lcg.library import pack_from_json

    (tmp_path / "cardDb.tsv").write_text(tsv(snippet_rows()), encoding="utf-8")
    out = tmp_path / "mine.json"
    assert main(["import-dragncards", str(tmp_path), str(out), "--with-text"]) == 0
    pack = pack_from_json(out.read_text(encoding="utf-8"))
    assert len(pack.cards) == 12 and next(c for c in pack.cards if c.id == EVENT).text
    assert "12 cards" in capsys.readouterr().out
