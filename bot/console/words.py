"""What the service says in Discord's words, said as the console says it: Discord's timestamps
(`<t:1767225600:R>`, which Discord shows in each reader's time zone) as dates a terminal can show, and Discord's
commands ("resume it with `/game resume`") as the console's verbs: the same word without `/game`, and the console's
own form where Discord takes options: a player by number, not by mention; 'delegate off', not a delegate command
with no user; 'games', not `/game list`. The session and the messenger print everything through `console_words`."""

from __future__ import annotations

import re
from datetime import UTC, datetime

STAMP = re.compile(r"<t:(-?\d+):\w>")

# The forms that differ, most specific first; any other `/game <verb>` is the console's '<verb>'.
FORMS = (
    (re.compile(r"`/game delegate`,? (?:and|with) no user"), "'delegate off'"),
    (re.compile(r"`/game delegate user:@\w+`"), "'delegate <player number>'"),
    (re.compile(r"`/game vacation until:([^`]+)`"), r"'vacation \1'"),
    (re.compile(r"`/game list`"), "'games'"),
    (re.compile(r"`/game (\w+)`"), r"'\1'"),
)


def console_words(text: str) -> str:
    """`text` with its Discord timestamps as dates and each Discord command it names (`/game resume`) as the
    console's verb ('resume')."""
    if "<t:" in text:
        text = STAMP.sub(lambda m: datetime.fromtimestamp(int(m.group(1)), UTC).strftime("%Y-%m-%d %H:%M UTC"), text)
    if "/game" not in text:
        return text
    for pattern, said in FORMS:
        text = pattern.sub(said, text)
    return text
