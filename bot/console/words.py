"""What the service says in Discord's words, said as the console says it. The service's refusals and notices name
Discord's commands ("resume it with `/game resume`"); the console has a verb for each, the same word without
`/game`, and its own form where Discord takes options: a player by number, not by mention; 'delegate off', not a
delegate command with no user; 'games', not `/game list`."""

from __future__ import annotations

import re

# The forms that differ, most specific first; any other `/game <verb>` is the console's '<verb>'.
FORMS = (
    (re.compile(r"`/game delegate`,? (?:and|with) no user"), "'delegate off'"),
    (re.compile(r"`/game delegate user:@\w+`"), "'delegate <player number>'"),
    (re.compile(r"`/game vacation until:([^`]+)`"), r"'vacation \1'"),
    (re.compile(r"`/game list`"), "'games'"),
    (re.compile(r"`/game (\w+)`"), r"'\1'"),
)


def console_words(text: str) -> str:
    """`text` with each Discord command it names (`/game resume`) as the console's verb ('resume')."""
    if "/game" not in text:
        return text
    for pattern, said in FORMS:
        text = pattern.sub(said, text)
    return text
