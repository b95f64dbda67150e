"""The console says the service's words in its own verbs (bot/console/words.py): every Discord command a player
may read from the service ("resume it with `/game resume`") is one the console has, said as the console's verb."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from bot.console.session import HELP
from bot.console.words import console_words

ROOT = Path(__file__).resolve().parents[3]


def named_commands() -> list[str]:
    """Each string literal (f-string parts too) of bot/service that names a `/game` command, but docstrings."""
    found = []
    for path in sorted((ROOT / "bot" / "service").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = {id(node.body[0].value) for node in ast.walk(tree)
                if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
                and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
        found += [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
                  and isinstance(node.value, str) and "`/game" in node.value and id(node) not in docs]
    return found


def test_every_discord_command_the_service_names_is_a_console_verb() -> None:
    texts = named_commands()
    assert len(texts) >= 7  # resume, back, pace, list, delegate, vacation, abandon: a scan finding none is broken
    verbs = set(re.findall(r"^  (\w+)|\| (\w+)", HELP, re.MULTILINE))
    known = {v for pair in verbs for v in pair if v} | {"games"}
    for text in texts:
        said = console_words(text)
        assert "/game" not in said, text
        for verb in re.findall(r"(?<!\w)'(\w+)", said):
            assert verb in known, (verb, said)


def test_the_forms_that_differ() -> None:
    assert console_words("(revoke with `/game delegate` and no user).") == "(revoke with 'delegate off')."
    said = console_words("name them with `/game delegate user:@them` (they act for you until you run "
                         "`/game delegate` with no user)")
    assert said == "name them with 'delegate <player number>' (they act for you until you run 'delegate off')"
    assert console_words("`/game vacation until:YYYY-MM-DD` pauses") == "'vacation YYYY-MM-DD' pauses"
    assert console_words("Finish or abandon one (`/game list`) first.") == "Finish or abandon one ('games') first."
    assert console_words("no command here") == "no command here"
    # Discord's timestamps, shown in each reader's time zone there, as dates in the terminal
    assert console_words("waited since <t:86400:f> (`/game back`)") == "waited since 1970-01-02 00:00 UTC ('back')"
