"""What a decision button or menu sends, and how the service tells the decision it was posted for from a later
one with the same number.

Decision numbers are reused after an undo: decision 2 taken back and asked again may be another question
("Cost of Gandalf the Grey" where the button said "Cost of Fatty Bolger"). So a button carries a stamp, a
short digest of the whole decision as it was asked (prompt, options, bounds); the service checks it under the
game's lock, against the decision open now, and refuses a click whose decision is no longer that one. A
decision whose data changes while it stays open is posted anew with new buttons (bot/service/views.py
`new_decisions` compares the same whole decision), so the newest buttons always carry its current stamp.
"""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass

from engines.core import NONE, Decision, StaleDecision

STAMP = r"[a-z2-7]{8}"  # base32 of a 5-byte digest: a chance in 10^12 that two questions share one
BY_INDEX = re.compile(r"#(\d+)")  # an option by its place, where its id is too long for Discord (100 characters)


def stamp(decision: Decision) -> str:
    """A short digest of the decision as asked: every field, so a decision asked again differently differs."""
    data = json.dumps(dataclasses.asdict(decision), sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    digest = hashlib.blake2b(data.encode(), digest_size=5).digest()
    return base64.b32encode(digest).decode().lower()


@dataclass(frozen=True)
class Pressed:
    """A button press or a menu choice on decision `decision`. `stamp` is None for a button posted before
    stamps: it answers decision `decision` as typing would (the words of an old button never change). Each
    pick is an option id, or `#<index>`, the option's place among the decision's options (a stamped press
    only: the stamp pins the options). No picks (a menu sent empty) answers with nothing chosen, `none`, which
    the rules take where choosing nothing is allowed and refuse with their own words elsewhere."""

    decision: int
    stamp: str | None
    picks: tuple[str, ...] = ()

    def command(self, pending: Iterable[Decision]) -> str:
        """The command this press types, once its decision is checked to be the one it was posted for. Raises
        StaleDecision, with the usual words, when it is not."""
        open_now = next((d for d in pending if d.id == self.decision), None)
        if self.stamp is not None:
            if open_now is None:
                raise StaleDecision.closed(self.decision)
            if stamp(open_now) != self.stamp:
                raise StaleDecision(
                    f"That choice is no longer open: decision {self.decision} has changed since this was posted "
                    "(a move was taken back, or its options changed). Use the newest buttons."
                )
        words = [self._option(open_now, pick) for pick in self.picks]
        return " ".join(["answer", str(self.decision), *(words or [NONE])])  # an empty menu: nothing chosen

    def _option(self, decision: Decision | None, pick: str) -> str:
        by_index = BY_INDEX.fullmatch(pick)
        if by_index is None or decision is None or any(o.id == pick for o in decision.options):
            return pick
        index = int(by_index[1])
        if self.stamp is None or index >= len(decision.options):  # an index means something only where stamped
            raise StaleDecision.closed(self.decision)
        return decision.options[index].id
