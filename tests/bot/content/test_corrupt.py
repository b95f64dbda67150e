"""A corrupt file is refused whole, with the line and the reason, and nothing is written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.content.errors import ContentError
from bot.content.lcg.__main__ import main
from bot.content.lcg.dragncards import COLUMNS, parse_card_db
from bot.content.lcg.recipes import parse_recipes
from engines.core.errors import CommandError
from tests.bot.content.helpers import ORC, entry, recipes_text, snippet_rows, tsv


def test_a_content_error_is_a_command_error_with_where_and_why() -> None:
    error = ContentError("no name", where="cardDb.tsv line 3")
    assert isinstance(error, CommandError)
    assert str(error) == "cardDb.tsv line 3: no name" and error.where == "cardDb.tsv line 3"


def test_wrong_columns_are_refused_at_line_1() -> None:
    columns = tuple(c for c in COLUMNS if c not in ("type", "cost"))
    with pytest.raises(ContentError, match=r"cardDb.tsv line 1: missing column\(s\) type, cost"):
        parse_card_db(tsv(snippet_rows(), columns=columns))


def test_a_truncated_row_is_refused_with_its_line() -> None:
    text = tsv(snippet_rows())
    lines = text.splitlines()
    lines[4] = lines[4][:45]  # cut the fourth card short, inside its name
    with pytest.raises(ContentError, match=r"cardDb.tsv line 5: .*truncated"):
        parse_card_db("\n".join(lines))


def test_a_row_cut_inside_its_id_is_refused() -> None:
    text = tsv(snippet_rows()) + "0000000-0000-4000-8000-0000000\n"
    with pytest.raises(ContentError, match=r"line 18: .*not a card id"):
        parse_card_db(text)


def test_a_row_with_too_many_columns_is_refused() -> None:
    text = tsv(snippet_rows(), trim=False).rstrip("\n") + "\textra\n"
    with pytest.raises(ContentError, match=r"line 17: 29 columns where the header has 28"):
        parse_card_db(text)


def test_an_unknown_card_back_is_refused() -> None:
    rows = snippet_rows()
    rows[0]["cardBack"] = "sideways"
    with pytest.raises(ContentError, match=r"line 2: cardBack 'sideways'"):
        parse_card_db(tsv(rows))


def test_bad_json_is_refused_with_its_line() -> None:
    text = recipes_text()
    broken = text[: text.index('"E90.1"')] + "oops" + text[text.index('"E90.1"') :]
    with pytest.raises(ContentError, match=r"preBuiltDecks.json line \d+: not valid JSON"):
        parse_recipes(broken, {})


@pytest.mark.parametrize(
    ("recipe", "message"),
    [
        ({"label": "x"}, r"recipe Q90.1: a recipe must be an object with a 'cards' list"),
        ({"cards": ["nope"]}, r"recipe Q90.1 entry 1: an entry must be an object"),
        ({"cards": [{"databaseId": ORC, "quantity": 1}]}, r"entry 1: an entry needs a 'databaseId' and a 'load"),
        ({"cards": [entry(ORC, "sharedEncounterDeck", 0)]}, r"entry 1: quantity 0 is not a positive whole number"),
    ],
)
def test_a_recipe_of_the_wrong_shape_is_refused(recipe: object, message: str) -> None:
    with pytest.raises(ContentError, match=message):
        parse_recipes(json.dumps({"preBuiltDecks": {"Q90.1": recipe}}), {})


def test_a_file_that_is_not_the_recipe_format_is_refused() -> None:
    with pytest.raises(ContentError, match="no 'preBuiltDecks' object"):
        parse_recipes("[1, 2]", {})


def test_a_failed_build_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "lcg" / "dragncards"
    folder.mkdir(parents=True)
    (folder / "cardDb.tsv").write_text(tsv(snippet_rows())[:-60], encoding="utf-8")  # cut mid-row
    (folder / "preBuiltDecks.json").write_text(recipes_text(), encoding="utf-8")
    out = tmp_path / "core.json"
    out.write_text("the old pack", encoding="utf-8")
    assert main(["build-core", str(out), "--data", str(tmp_path / "lcg")]) == 1
    assert out.read_text(encoding="utf-8") == "the old pack"
    assert "nothing written" in capsys.readouterr().err
    assert [p.name for p in tmp_path.iterdir() if p.is_file()] == ["core.json"]  # no temporary file left
