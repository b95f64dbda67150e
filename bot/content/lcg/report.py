"""What an import hands back: the pack, its counts, and everything it could not (or only partly) map.

An import that can map most of its input still succeeds: a deck with one unknown card is worth loading, and
the player is told which card. Only input that is unusable as a whole raises `ContentError`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from engines.lcg.cards import Pack

Progress = Callable[[int, int], None]
"""`on_progress(done, total)`, called now and then during a long import and once at the end of each phase
(cards, then recipes; or deck entries): `total` is that phase's."""


def no_progress(done: int, total: int) -> None:
    """The default progress callback: nobody is watching."""


@dataclass(frozen=True)
class Problem:
    """One entry that was not mapped, or mapped with a loss: where it is and why."""

    where: str  # "cardDb.tsv line 12", "recipe Q01.1 entry 3", "RingsDB card 02004"
    reason: str
    card: str = ""  # the card id it is about, when there is one

    def __str__(self) -> str:
        return f"{self.where}: {self.reason}"


@dataclass
class ImportResult:
    pack: Pack
    problems: list[Problem] = field(default_factory=list)  # entries left out: unknown ids, unmapped codes
    notes: list[Problem] = field(default_factory=list)  # entries kept with a loss: X read as 0, a dropped line
    read: int = 0  # input records read (rows, recipe entries, deck entries)

    @property
    def counts(self) -> dict[str, int]:
        return {
            "read": self.read,
            "cards": len(self.pack.cards),
            "scenarios": len(self.pack.scenarios),
            "decks": len(self.pack.decks),
            "problems": len(self.problems),
            "notes": len(self.notes),
        }

    def summary(self) -> str:
        c = self.counts
        line = (
            f"{self.pack.name}: {c['cards']} cards, {c['scenarios']} scenarios, {c['decks']} decks "
            f"from {c['read']} records"
        )
        if self.problems:
            line += f"; {len(self.problems)} not mapped"
        return line + "."
