"""What a decision button or menu sends, and how the service tells the decision it was posted for from a later
one with the same number.

Decision numbers are reused after an undo: decision 2 taken back and asked again may be another question
("Cost of Gandalf the Grey" where the button said "Cost of Fatty Bolger"). So a button carries a stamp, a
short digest of the question as it was asked (whose it is, its prompt, kind and bounds); the service checks it
under the game's lock, against the decision open now, and refuses a click whose decision is no longer that one.

The stamp leaves out the options: while a question stays open its options may change as other players act (one
takes a deck, and the others' deck choices lose it), and a click on an option still offered answers as it would
have (the play-tester's "Core Set: Spirit", refused though nobody had taken it). An option no longer offered is
refused by the rules, in their words, as typed. A decision whose options change is posted anew all the same
(bot/service/views.py `new_decisions` compares the whole decision). An option id too long for a custom id goes
by a digest of the id (`~<key>`), which names it whatever else the options hold.

Buttons posted before the options were left out carry the digest of the whole decision, options included: they
answer while their decision is exactly as posted, and only they may pick an option by its place (`#<index>`).
"""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.service import forms
from bot.service.guard import acting_seat, check_playing
from bot.service.types import User
from engines import registry
from engines.core import NONE, Answer, Decision, NotYourDecision, StaleDecision, WestmarchError

if TYPE_CHECKING:
    from bot.service.core import Core

STAMP = r"[a-z2-7]{8}"  # base32 of a 5-byte digest: a chance in 10^12 that two questions share one
BY_INDEX = re.compile(r"#(\d+)")  # an option by its place, where its id is too long for Discord (100 characters)


def stamp(decision: Decision) -> str:
    """A short digest of the question as asked: every field but its options, so a question asked again differently
    differs, and one whose options changed meanwhile does not."""
    question = dataclasses.asdict(decision)
    del question["options"]
    return _digest(question)


def whole_stamp(decision: Decision) -> str:
    """The stamp of buttons posted before `stamp` left out the options: every field of the decision."""
    return _digest(dataclasses.asdict(decision))


def option_key(option_id: str) -> str:
    """A pick naming an option by a digest of its id, for an id too long for Discord's custom ids."""
    return "~" + _digest(option_id)


def _digest(data: object) -> str:
    text = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return base64.b32encode(hashlib.blake2b(text.encode(), digest_size=5).digest()).decode().lower()


@dataclass(frozen=True)
class Pressed:
    """A button press or a menu choice on decision `decision`. `stamp` is None for a button posted before
    stamps: it answers decision `decision` as typing would (the words of an old button never change). Each
    pick is an option id, or `#<index>`, the option's place among the decision's options (a stamped press
    only: the stamp pins the options). No picks (a menu sent empty) answers with nothing chosen, `none`, which
    the rules take where choosing nothing is allowed and refuse with their own words elsewhere.

    `form`: a decision's form was sent instead (a modal, bot/service/forms.py): each field's id with what it held,
    read as the answer's words against the decision open now (always stamped)."""

    decision: int
    stamp: str | None
    picks: tuple[str, ...] = ()
    form: tuple[tuple[str, tuple[str, ...]], ...] | None = None

    def asked(self, pending: Iterable[Decision]) -> Decision | None:
        """The decision open under this press's number, checked to be the one it was posted for (None: none is
        open, for a press posted before stamps). Raises StaleDecision, with the usual words, when it is not."""
        open_now = next((d for d in pending if d.id == self.decision), None)
        if self.stamp is not None or self.form is not None:
            if open_now is None:
                raise StaleDecision.closed(self.decision)
            if self.stamp not in (stamp(open_now), whole_stamp(open_now)):
                raise StaleDecision(
                    f"That choice is no longer open: decision {self.decision} has changed since this was posted "
                    "(a move was taken back). Use the newest buttons."
                )
        return open_now

    def command(self, pending: Iterable[Decision]) -> str:
        """The command this press types, once its decision is checked to be the one it was posted for. Raises
        StaleDecision, with the usual words, when it is not; CommandError for a form that reads as no answer."""
        open_now = self.asked(pending)
        if self.form is not None and open_now is not None:
            words = list(forms.read(open_now, dict(self.form)))
        else:
            words = [self._option(open_now, pick) for pick in self.picks]
        return " ".join(["answer", str(self.decision), *(words or [NONE])])  # an empty menu: nothing chosen

    def for_seat(self, pending: Iterable[Decision], seat: str) -> None:
        """Refuse a press on another seat's button, menu or form, in the rules' words. A post asking several seats
        the same question names each button's player ('alice: p2'); the rules may take a typed answer to another
        seat's number as one's own (the LCG's first-player vote), but a press is on the button of one player."""
        asked = next((d for d in pending if d.id == self.decision), None)
        if asked is not None and asked.seat != seat:
            raise NotYourDecision.of(asked.id, asked.seat, seat)

    def _option(self, decision: Decision | None, pick: str) -> str:
        if decision is None or any(o.id == pick for o in decision.options):
            return pick
        if pick.startswith("~"):
            found = next((o.id for o in decision.options if option_key(o.id) == pick), None)
            if found is None:
                raise StaleDecision(f"That choice is no longer open: it is no longer an option of decision "
                                    f"{decision.id}. Use the newest buttons.")
            return found
        by_index = BY_INDEX.fullmatch(pick)
        if by_index is None:
            return pick  # the rules refuse an option they do not offer, in their words
        index = int(by_index[1])
        # A place means something only where the whole decision, options included, is as it was posted.
        if self.stamp != whole_stamp(decision) or index >= len(decision.options):
            raise StaleDecision.closed(self.decision)
        return decision.options[index].id


async def to_open_form(core: Core, game_id: int, user: User, pressed: Pressed) -> Decision:
    """The decision whose form `user` opens with a button, checked as the form's answer will be (the game being
    played, the decision open and as posted, and the user acting for its seat), so that nobody fills in a form
    only to be refused, and a form shows a decision's options only to its seat."""
    live = await core.in_play(game_id, user)  # as a command reads it: from memory when kept
    row, seats, state = live.row, live.seats, live.state
    assert row is not None and seats is not None
    try:
        check_playing(row)
        assert state is not None  # a game being played has a state
        game = registry.get(row.game)
        decision = pressed.asked(game.pending(state))
        if decision is None:
            raise StaleDecision.closed(pressed.decision)
        seat = acting_seat(game, state, seats, user, Answer(decision=decision.id, choice=()), game_id)
        pressed.for_seat([decision], seat)
    except WestmarchError:
        await core.confirm(game_id, row.version)  # not refused from a stale memory, as a command is not
        raise
    return decision
