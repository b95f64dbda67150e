"""The players' names in what Discord shows of a game: its log lines, questions, boards and DMs.

The engines name seats ("p1 plays Gimli.") and the seats table ties each to a user; in a four-player thread
nobody remembers who "p3" is. The service hands every notice the game's seats with their players' names
(`Notice.seats`), and this module makes of them one mapping, seat -> the name the table reads, which the
messenger and the commands give to what they show: the engines' lines and prompts through
`render.players.in_words`, a board through the view's `names` (`named`), drawn by render/players.py. Engines stay
as they are and know no names; the console keeps its seat labels (its players are "Player 1", "Player 2"...
in the order of the seats, and its commands say `as p1`).

A name says one player: a user who plays two seats (a two-handed LCG game) is "alice (p1)" and "alice (p2)", and
a name that is itself one of the game's seat labels (a user called "p2") gives way to the label.

A refusal names the players too (`refused`): the engines and the service refuse in seats ("Decision 4 is for p2,
not for p1.", which the console shows as it is), and the player who pressed another's button reads "Decision 4 is
for bob (p2), not for you." (bot/chat/refusals.py finds the game's seats for it)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import TypeVar

from bot.service.types import SeatInfo
from engines.core import NotYourDecision, View, WestmarchError
from engines.core.zones import Seat
from render.players import in_words, with_seat

V = TypeVar("V", bound=View)

# What discord.utils.escape_markdown and escape_mentions add to a stored name (bot/safe_text.py): a backslash before
# a markdown character, a zero-width space after an @. A board draws the name as typed; a message needs the escapes.
_ESCAPED = re.compile(r"\\([^\w\s]|_)")


def names_of(seats: Iterable[SeatInfo]) -> dict[Seat, str]:
    """Each seat's player as the table reads them (see the module's rules); seats with nobody in them are left out."""
    seated = [(s.seat, s.name.strip()) for s in seats if s.seat]
    labels = {seat.lower() for seat, _ in seated}
    count = Counter(name.casefold() for _, name in seated)
    out: dict[Seat, str] = {}
    for seat, name in seated:
        if not name or name.lower() in labels or name == "?":
            continue  # no name worth the seat's label ("?": safe_text's name for a name of nothing)
        out[seat] = f"{name} ({seat})" if count[name.casefold()] > 1 else name
    return out


def said(lines: Sequence[str], names: Mapping[Seat, str]) -> list[str]:
    """Log lines (the engines' events and the bot's own) with the seats named."""
    return [in_words(line, names) for line in lines]


def drawn(name: str) -> str:
    """A stored name as a board draws it: without the escapes that keep it from formatting a message."""
    return _ESCAPED.sub(r"\1", name).replace("\u200b", "")


def named(view: V, names: Mapping[Seat, str]) -> V:
    """`view` with its players' names, for the renderers (a copy: the service keeps and compares its views)."""
    if not names:
        return view
    return replace(view, names={seat: drawn(name) for seat, name in names.items()})


def option_label(label: str, names: Mapping[Seat, str]) -> str:
    """An option's label on a button or in a menu, naming the players: a seat alone (the LCG's vote for the first
    player) as "carol (p3)", since the question says to answer with the seat; a seat among other words by its
    player. Names as typed: a label is not markdown, so the escapes a message needs would show."""
    plain = {seat: drawn(name) for seat, name in names.items()}
    return with_seat(plain, label) if label in plain else in_words(label, plain)


def refused(error: WestmarchError, names: Mapping[Seat, str]) -> str:
    """A refusal's sentence as a player reads it, with the game's seats named. An answer to another seat's decision
    says whose it is with the seat (the one asked answers it) and speaks to the one refused: "Decision 4 is for
    bob (p2), not for you."; any other refusal is named word by word (`render.players.in_words`), and one naming
    no seat reads as it is."""
    if isinstance(error, NotYourDecision) and error.owner is not None and error.decision is not None:
        return f"Decision {error.decision} is for {with_seat(names, error.owner)}, not for you."
    return in_words(error.message, names)
