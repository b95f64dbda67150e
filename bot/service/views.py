"""What a commit shows: the views of the state it left, and of the one before, worked out when first read.

A notice used to carry every audience's whole view of the new state, built after every command. A messenger
reads few of them: the table's view only for a board it draws, and a busy game draws one board for many
commands (bot/chat/messenger.py); a seat's whole view only where the game sends each seat its own board. What
it reads of every notice is whose hand changed, and that needs the seats' hidden zones alone
(`Game.private`). So the views are built on the first read and kept (issue 17: building every view cost a
saturated LCG or WotR server about a third of its commands' time). A state is never changed once made (`apply`
copies), so its views come out the same whenever they are built.

Read on the event loop only: a renderer on a worker thread is handed a view already built."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from engines.core import Decision, View, ZoneView
from engines.core.contract import Game, Outcome
from engines.core.zones import Seat

if TYPE_CHECKING:
    from bot.service.types import Seen

class Views:
    """What one state looks like to the table and to each of `seats`, and whom it waits on (at once: the
    waits are written with the command). Each view is worked out when first asked for, then kept with the
    state (bot/service/core.py `Live`), so the next command's notice compares against them as they are."""

    def __init__(self, game: Game[Any], state: Any, seats: Sequence[Seat],
                 pending: Sequence[Decision] | None = None) -> None:
        self.game = game
        self.state = state
        self.seat_names = list(seats)
        self.pending: tuple[Decision, ...] = tuple(game.pending(state) if pending is None else pending)
        self._whole: tuple[View, dict[Seat, View]] | None = None
        self._hands: dict[Seat, list[ZoneView]] = {}
        self._bases: dict[Seat, Sequence[object]] = {}

    def _all(self) -> tuple[View, dict[Seat, View]]:
        if self._whole is None:  # every audience at once: a game works out what they share once (`Game.views`)
            self._whole = self.game.views(self.state, self.seat_names)
        return self._whole

    @property
    def public(self) -> View:
        return self._all()[0]

    @property
    def seats(self) -> dict[Seat, View]:
        return self._all()[1]

    def hand(self, seat: Seat) -> list[ZoneView]:
        """The seat's own hidden zones (its view's `private`), from its view if built already."""
        found = self._hands.get(seat)
        if found is None:
            whole = self._whole[1].get(seat) if self._whole is not None else None
            found = self._hands[seat] = whole.private if whole is not None else self.game.private(self.state, seat)
        return found

    def basis(self, seat: Seat) -> Sequence[object]:
        """What the seat's hidden zones are made from (`Game.private_basis`): equal for two states, so are they."""
        found = self._bases.get(seat)
        if found is None:
            basis = self.game.private_basis(self.state, seat)  # None: the views themselves, as kept for the DM
            found = self._bases[seat] = basis if basis is not None else self.hand(seat)
        return found

    def inherit(self, seat: Seat, earlier: Views) -> None:
        """Take the seat's hidden zones as built for `earlier`, whose basis is equal to this state's (so are the
        views, `basis`). Handed on from command to command while they stay unchanged, a seat's hand is built once
        per change (for the DM that says it) and is there to compare with when it next changes: building the old
        one again for that was a third of whose-hand-changed's cost in a WotR game."""
        kept = earlier._hands.get(seat)
        if kept is not None:
            self._hands.setdefault(seat, kept)


@dataclass(frozen=True)
class Commit:
    """The views a notice reads (bot/service/types.py `Seen`): of the state after the commit (`now`) and of the
    one before (`was`, None when the table has seen no state before: a game just started)."""

    was: Views | None
    now: Views
    hands: dict[Seat, bool] = field(default_factory=dict, compare=False)  # whose hand changed, once worked out

    def work_out(self) -> None:
        """Work out now what every notice reads of the two states: whose hand changed, and the decisions opened
        and whom they wait on. The command path calls it straight after `apply`, while both states are still in
        the processor's caches: its notice is built after the commit, which on a busy server comes after other
        games' commands, and comparing the two states then read them back from memory (in a saturated WotR server,
        most of what whose-hand-changed cost)."""
        for seat in self.now.seat_names:
            self.hand_changed(seat)
        _ = self.new_decisions, self.waiting_before, self.waiting_after, self.outcome

    @cached_property
    def new_decisions(self) -> list[int]:
        was = self.was
        return [d.id for d in self.now.pending if was is None or d not in was.pending]

    @cached_property
    def waiting_before(self) -> list[Seat]:
        return list(dict.fromkeys(d.seat for d in self.was.pending)) if self.was is not None else []

    @cached_property
    def waiting_after(self) -> list[Seat]:
        return list(dict.fromkeys(d.seat for d in self.now.pending))

    @cached_property
    def outcome(self) -> Outcome | None:
        return self.now.game.outcome(self.now.state)

    def public(self) -> View:
        return self.now.public

    def table_changed(self) -> bool:
        # Views are dataclasses: equality is structural, and several times cheaper than comparing their JSON.
        return self.was is None or self.was.public != self.now.public

    def changed_since(self, earlier: Seen) -> bool:
        """The table's view differs from the one before `earlier`, a commit of the same game."""
        was = earlier.was if isinstance(earlier, Commit) else None
        return was is None or was.public != self.now.public

    def seat(self, seat: Seat) -> View:
        return self.now.seats[seat]

    def hand(self, seat: Seat) -> list[ZoneView]:
        return self.now.hand(seat)

    def hand_changed(self, seat: Seat) -> bool:
        """The seat has hidden zones, and they are not as they were (a seat seen for the first time): compared by
        what they are made from first, which most commands leave as it was, so most hands are never built."""
        found = self.hands.get(seat)
        if found is None:
            found = self.hands[seat] = self._hand_changed(seat)
        return found

    def hand_news(self, seat: Seat) -> list[ZoneView]:
        """The seat's hidden zones that changed (all of them where there is nothing to compare with)."""
        if not self.hand_changed(seat):
            return []
        now, was = self.now.hand(seat), self.was
        if was is None or seat not in was.seat_names:
            return now
        before = was.hand(seat)
        if len(before) != len(now):
            return now
        return [zone for zone, old in zip(now, before, strict=True) if zone != old]

    def _hand_changed(self, seat: Seat) -> bool:
        now, was = self.now, self.was
        basis = now.basis(seat)
        if not basis:
            return False
        if was is None or seat not in was.seat_names:
            return True
        if was.basis(seat) == basis:
            now.inherit(seat, was)
            return False
        return was.hand(seat) != now.hand(seat)
