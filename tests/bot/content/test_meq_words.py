"""Card words from a user's own copy (issue 14, Cards: "The project ships no card text; an importer lets a user
add the words from their own copy"; data/README.md: prose stays out of the repository). Every words string here
is made up: no test carries a card's real text."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.content.errors import ContentError
from bot.content.meq.__main__ import main
from bot.content.meq.importer import DEFAULT_DATA
from bot.content.meq.lookup import card_facts, lookup
from bot.content.meq.words import WORDS_FORMAT, default_path, import_words, load_words, read_source
from engines.meq.cards import index

ROOT = Path(__file__).resolve().parents[3]
MADE_UP = "Test words for a made-up effect."
OTHER = "Other test words, with a comma, for a second made-up effect."


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def refused(source: Path, out: Path) -> str:
    with pytest.raises(ContentError) as caught:
        import_words(source, out)
    return str(caught.value)


def test_a_json_list_by_id_and_by_name_is_stored_and_shown_under_the_facts(tmp_path: Path):
    out = tmp_path / "store" / "words.json"
    source = write(tmp_path, "mine.json", json.dumps([
        {"card": "argalad", "text": MADE_UP},
        {"card": "Elven Cloak", "text": OTHER},  # a name, in any case, names its one card
    ], indent=1))
    stored = import_words(source, out)
    assert (stored.added, stored.replaced, stored.total) == (2, 0, 2)
    assert load_words(out) == {"argalad": MADE_UP, "item-elven-cloak": OTHER}
    assert json.loads(out.read_text(encoding="utf-8"))["format"] == WORDS_FORMAT
    [hero] = lookup("Argalad", out)
    assert hero.startswith("**Argalad** (hero, `argalad`): ") and hero.endswith(f"\n> {MADE_UP}")
    [other] = lookup("thalin", out)
    assert "\n>" not in other  # no words imported for Thalin: the facts only


def test_without_a_words_file_the_lookup_shows_the_facts_only(tmp_path: Path):
    [hero] = lookup("argalad", tmp_path / "none.json")
    assert hero == card_facts("argalad")[0] and ">" not in hero and "fortitude" in hero


def test_a_csv_file_with_quoted_commas_and_lines(tmp_path: Path):
    out = tmp_path / "words.json"
    source = write(tmp_path, "mine.csv", f'Card,Text\nberavor,"{OTHER}"\nitem-horse,"{MADE_UP}\nSecond line."\n')
    import_words(source, out)
    assert load_words(out) == {"beravor": OTHER, "item-horse": f"{MADE_UP}\nSecond line."}
    [horse] = lookup("item-horse", out)
    assert horse.endswith(f"> {MADE_UP}\n> Second line.")


@pytest.mark.parametrize(("name", "text", "where", "why"), [
    ("bad.json", '[\n {"card": "argalad", "text": "x"},\n {"card": "no-such-card", "text": "x"}\n]',
     "bad.json line 3", "no card has the id or name 'no-such-card'"),
    ("bad.json", '[\n {"card": "argalad", "text": "x"},\n {"card": "thalin" "text": "x"}\n]',
     "bad.json line 3", "not valid JSON"),
    ("bad.json", '[\n {"card": "argalad", "text": ""}\n]', "bad.json line 2", "the words are missing or empty"),
    ("bad.json", '[\n {"card": "argalad", "words": "x"}\n]', "bad.json line 2", '{"card"'),
    ("bad.json", '{"argalad": "x"}', "bad.json line 1", "expected a JSON list"),
    ("bad.csv", "card,text\nargalad,x\nthalin,x,y\n", "bad.csv line 3", "expected 2 fields"),
    ("bad.csv", "name,words\nargalad,x\n", "bad.csv line 1", "header 'card,text'"),
    ("bad.csv", "card,text\nargalad,x\n\nArgalad,y\n", "bad.csv line 4",
     "argalad already has words from bad.csv line 2"),
    ("bad.csv", "card,text\nParry,x\n", "bad.csv line 2", "'Parry' names 7 cards"),
    ("bad.csv", "card,text\nArgalat,x\n", "bad.csv line 2", "did you mean 'Argalad'?"),
])
def test_a_bad_line_is_refused_by_its_line_and_nothing_is_written(tmp_path: Path, name: str, text: str, where: str,
                                                                  why: str):
    out = tmp_path / "words.json"
    message = refused(write(tmp_path, name, text), out)
    assert message.startswith(where + ":") and why in message, message
    assert not out.exists()


def test_a_refused_import_leaves_the_stored_words_as_they_were(tmp_path: Path):
    out = tmp_path / "words.json"
    import_words(write(tmp_path, "good.csv", f"card,text\nargalad,{MADE_UP}\n"), out)
    before = out.read_bytes()
    refused(write(tmp_path, "bad.csv", "card,text\nthalin,x\nnobody,y\n"), out)
    assert out.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["bad.csv", "good.csv",
                                                                                       "words.json"]


def test_a_second_import_adds_and_replaces_and_replace_starts_afresh(tmp_path: Path):
    out = tmp_path / "words.json"
    import_words(write(tmp_path, "a.csv", f"card,text\nargalad,{MADE_UP}\nthalin,{MADE_UP}\n"), out)
    stored = import_words(write(tmp_path, "b.csv", f"card,text\nthalin,\"{OTHER}\"\neleanor,{MADE_UP}\n"), out)
    assert (stored.added, stored.replaced, stored.total) == (1, 1, 3)
    assert load_words(out)["thalin"] == OTHER
    import_words(write(tmp_path, "c.csv", f"card,text\neometh,{MADE_UP}\n"), out, replace=True)
    assert load_words(out) == {"eometh": MADE_UP}


def test_a_long_name_the_pack_cuts_short_still_finds_its_card(tmp_path: Path):
    cut = next(c for c in index().encounters.values() if c.name.endswith("…"))
    full = cut.name.removesuffix("…") + " and a made-up ending"
    assert read_source(write(tmp_path, "long.json", json.dumps([{"card": full, "text": MADE_UP}]))) == {
        cut.id: MADE_UP}


def test_the_community_layout_is_read_by_the_ids_the_importer_gave(tmp_path: Path):
    folder = tmp_path / "meq"
    folder.mkdir()
    write(folder, "heroes.json", json.dumps({"heroes": [{"id": "argalad", "name": "Argalad", "abilityText": MADE_UP}]}))
    write(folder, "quests.json", json.dumps({"quests": [
        {"id": next(iter(index().quests)), "setup": "", "task": "Made-up task.", "reward": "Made-up reward."}]}))
    words = read_source(folder)
    assert words["argalad"] == MADE_UP
    assert words[next(iter(index().quests))] == "Task: Made-up task. Reward: Made-up reward."
    write(folder, "items.json", json.dumps({"items": [{"id": "item-boat"}, {"id": "item-sled", "ability": "x"}]}))
    message = refused(folder, tmp_path / "words.json")
    assert f"{folder / 'items.json'} record 2:" in message and "item-sled" in message
    assert not (tmp_path / "words.json").exists()


@pytest.mark.skipif(not DEFAULT_DATA.is_dir(), reason="../shared/data/meq is not on this machine")
def test_the_shared_community_data_gives_words_to_nearly_every_card(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]):
    out = tmp_path / "words.json"
    assert main(["words", str(DEFAULT_DATA), "--out", str(out)]) == 0
    words = load_words(out)
    ids = {k for table in (index().heroes, index().combat, index().encounters, index().events, index().shadows,
                           index().perils, index().plots, index().quests, index().missions) for k in table}
    assert len(words) > 300 and set(words) <= ids | set(index().foes) | set(index().items) | set(index().corruption)
    assert set(index().encounters) <= set(words) and set(index().shadows) <= set(words)
    assert "Stored words for" in capsys.readouterr().out


def test_the_command_line_refuses_with_the_line_and_writes_nothing(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]):
    out = tmp_path / "words.json"
    assert main(["words", str(write(tmp_path, "w.csv", "card,text\nnobody,x\n")), "--out", str(out)]) == 1
    assert "Import refused, nothing written. w.csv line 2: no card has the id or name 'nobody'" in \
        capsys.readouterr().err
    assert not out.exists()


def test_an_unreadable_words_file_costs_the_words_not_the_facts(tmp_path: Path):
    out = write(tmp_path, "words.json", "{not json")
    found = lookup("argalad", out)
    assert found[0] == card_facts("argalad")[0] and "Your card words were not shown" in found[-1]


def test_the_default_words_file_is_outside_the_repository(monkeypatch: pytest.MonkeyPatch):
    # data/README.md: the project commits no card text; the stored words are ignored by git
    from bot.settings import Settings

    assert default_path() == Path(Settings(_env_file=None).pack_dir) / "meq" / "words.json"
    relative = Path(Settings(_env_file=None).pack_dir) / "meq" / "words.json"
    ignored = subprocess.run(["git", "check-ignore", "-q", str(relative)], cwd=ROOT, capture_output=True)
    assert ignored.returncode == 0, f"{relative} is not ignored by .gitignore"


def test_the_console_shows_the_words_a_user_imported(tmp_path: Path):
    packs = tmp_path / "packs"
    import_words(write(tmp_path, "w.csv", f"card,text\nargalad,{MADE_UP}\n"), packs / "meq" / "words.json")
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_URL")}
    env |= {"DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'console.db'}", "PYTHONPATH": str(ROOT),
            "PACK_DIR": str(packs), "CONSOLE_IMAGE_DIR": str(tmp_path / "boards")}
    result = subprocess.run([sys.executable, "-m", "bot", "play"], cwd=tmp_path, env=env, capture_output=True,
                            text=True, timeout=120, input="meq card Argalad\nmeq card Thalin\nmeq card nobody\nquit\n")
    assert result.returncode == 0, result.stderr
    assert "**Argalad** (hero, `argalad`)" in result.stdout and f"> {MADE_UP}" in result.stdout
    assert "**Thálin** (hero, `thalin`)" in result.stdout and result.stdout.count(MADE_UP) == 1  # Thalin: facts only
    assert "Nothing is called 'nobody'." in result.stdout
