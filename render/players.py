"""Who plays each seat, in what the table reads: a board's labels and the engines' own words.

Engines know seats, never players (DESIGN.md, 'The engine contract'): they name a seat by its label, in fields (a
player's `seat`) and in their text ("p1 plays Gimli.", "p2's hand", "waiting on p1, p2", "(p2: answered by
itself)"). The bot knows who sits where, and hands it over on the view it shows (`View.names`, filled by
bot/chat/players.py); what it posts of the engines' text it names with `in_words` below. Three forms:

- `name(names, seat)`: the player alone, "alice", where the seat is only the engine's label for them (a log
  line, "First player", "Frodo's deck (alice)", "Sauron (alice)");
- `with_seat(names, seat)`: "alice (p1)", on the seat's own band or panel, where the seat is also a word the
  players type ('look p1 discard', the LCG's vote for the first player): the board says which is whose;
- `in_words(text, names)`: engine text with every seat of the game named.

`in_words` is a substitution, so it is kept to what can only be a seat. It replaces the game's own seat labels
(the keys of `names`, never any "p" and a number), each a whole word: not inside another word or id ("six-p1",
"subject:p1:c3", "c1=1"), not in quotes or backticks (`e.g. 'p1'`, "type `p1`": a word to type stays as it is
typed), and followed by nothing but a space, punctuation or "'s". No card name or id is such a word:
tests/render/test_players.py plays random games of every engine and checks that every seat their texts write is
named, but a quoted one, and that nothing else changes. A seat written just after its player's name ("alice as
p1", "Bob (p2)": the bot's own "Seats:" line, a missed deadline) is left as it is: the line names the player
already. With no names (the console) every text stays as it is.

Why names are given at the edge rather than written by the engines: the engines stay free of users (a game's log
is journaled once, as the rules said it, and a seat may change hands: a delegate, the automatic seat), and the
same words serve the console, which names no one.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache

from render import kit

Names = Mapping[str, str]

# Before a seat: not a word character, a quote, a backtick or an id's joiner. After it: not a word character, a
# joiner or a closing quote ("'s" is a possessive, "p2's hand", and is named: "alice's hand").
_BEFORE = r"(?<![\w'\"`\-:=/#.])"
_AFTER = r"(?![\w\-=`\"]|'(?!s\b))"


@lru_cache(maxsize=256)
def _seat_words(seats: tuple[str, ...]) -> re.Pattern[str]:
    labels = "|".join(re.escape(s) for s in sorted(seats, key=len, reverse=True))
    return re.compile(f"{_BEFORE}(?:{labels}){_AFTER}")


def name(names: Names, seat: str) -> str:
    """The seat's player, or the seat's label where none is known."""
    return names.get(seat) or seat


def _bare(names: Names, seat: str) -> str:
    """The player's name without the seat a player of two seats is named with ("alice (p1)"); "" if none."""
    who = names.get(seat) or ""
    return "" if who == seat else who.removesuffix(f" ({seat})")


def with_seat(names: Names, seat: str) -> str:
    """'alice (p1)': the player and the seat they play; the label alone where no player is known."""
    who = _bare(names, seat)
    return f"{who} ({seat})" if who else seat


def fitted(names: Names, seat: str, fnt: kit.Font, width: int) -> str:
    """`with_seat` in `width` pixels: a long name is shortened, the seat after it never is (it is what players type)."""
    who = _bare(names, seat)
    if not who:
        return kit.ellipsize(seat, fnt, width)
    tail = f" ({seat})"
    return kit.ellipsize(who, fnt, max(width - fnt.width(tail), 0)) + tail


def in_words(text: str, names: Names) -> str:
    """`text`, an engine's words, with each of the game's seats named by its player (see the module's rules)."""
    if not names or not text:
        return text
    seats = tuple(s for s, who in names.items() if who and who != s)
    if not seats:
        return text

    def named(match: re.Match[str]) -> str:
        seat = match.group(0)
        who = names[seat]
        bare = who.removesuffix(f" ({seat})")  # a player of two seats is named with the seat: "alice (p1)"
        before = text[:match.start()]
        if before.endswith((f"{bare} as ", f"{bare} (")):  # the line names the player with the seat already
            return seat
        return who

    return _seat_words(seats).sub(named, text)
