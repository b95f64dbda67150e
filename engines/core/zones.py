"""Cards, zones and who may see them.

Every zone declares a visibility; a card may be face down inside a public zone (an LCG shadow card, a MEQ
monster token) or known to extra seats (a card a player looked at). `visible_to` is the one place that
decides what a seat may see, and views are built only through it, so hidden information is redacted by
construction rather than by each game remembering to.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

Seat = str


class Visibility(StrEnum):
    PUBLIC = "public"  # everyone: play areas, discard piles, the staging area
    OWNER = "owner"  # the owning seat only: a hand
    SEATS = "seats"  # a named group: MEQ's hero mission is seen by every hero but not by Sauron
    HIDDEN = "hidden"  # nobody, owner included: deck order, unrevealed quest stages


def _same(a: object, b: object) -> bool:
    """Field by field, as a dataclass compares, but by its fields' dict in one C comparison: cards and zones are
    compared after every command (whose hand changed) and through the rules, and the generated `__eq__`, which
    builds a tuple of every field for both sides, was several times slower."""
    return a.__class__ is b.__class__ and a.__dict__ == b.__dict__


@dataclass(kw_only=True, eq=False)
class Card:
    """One physical card (or token) in the game. `uid` is unique within a game and never shown for a
    hidden card, because uids are handed out in deck-list order and would betray the shuffle. (MEQ's heroes
    are offered face-down monster tokens by uid, so MEQ hands a card its uid when its deck is shuffled, and
    a new one at every reshuffle: engines/meq/stock.py `shuffle`.)"""

    uid: str
    name: str
    ref: str = ""  # the id of the card's definition in the game's data (an LCG card's GUID)
    back: str = ""  # what its back shows when face down, if not the zone's usual back ("shadow")
    face_up: bool = True
    known_to: list[Seat] = field(default_factory=list)  # seats that looked at it although the zone hides it
    tokens: dict[str, int] = field(default_factory=dict)  # damage, progress, resources, wounds...
    flags: list[str] = field(default_factory=list)  # exhausted, rotated, ...
    attached: list[Card] = field(default_factory=list)  # attachments, possessions, shadow cards

    __eq__ = _same  # not a method that calls it: one Python call per card compared, not two


@dataclass(kw_only=True, eq=False)
class Zone:
    name: str
    visibility: Visibility
    owner: Seat | None = None
    seats: list[Seat] = field(default_factory=list)  # who sees it when visibility is SEATS
    ordered: bool = False
    cards: list[Card] = field(default_factory=list)

    __eq__ = _same

    def audience(self, all_seats: list[Seat]) -> list[Seat]:
        """The seats that may see the faces of face-up cards in this zone."""
        if self.visibility is Visibility.PUBLIC:
            return list(all_seats)
        if self.visibility is Visibility.OWNER:
            return [self.owner] if self.owner else []
        if self.visibility is Visibility.SEATS:
            return list(self.seats)
        return []

    def take(self, uid: str) -> Card:
        for i, card in enumerate(self.cards):
            if card.uid == uid:
                return self.cards.pop(i)
        raise KeyError(uid)

    def find(self, uid: str) -> Card | None:
        return next((c for c in self.cards if c.uid == uid), None)


def visible_to(zone: Zone, card: Card, seat: Seat | None) -> bool:
    """May `seat` (None = the public table) see this card's face?"""
    if seat is not None and seat in card.known_to:
        return True
    if not card.face_up:
        return False
    if zone.visibility is Visibility.PUBLIC:
        return True
    if seat is None:
        return False
    if zone.visibility is Visibility.OWNER:
        return zone.owner == seat
    if zone.visibility is Visibility.SEATS:
        return seat in zone.seats
    return False


@dataclass(kw_only=True)
class CardView:
    """A card as one audience sees it: a face (uid, name, tokens) or a back."""

    uid: str | None
    name: str | None
    ref: str | None = None
    back: str = ""  # what the back says: "player", "encounter", "shadow"...
    tokens: dict[str, int] = field(default_factory=dict)
    flags: list[str] = field(default_factory=list)
    attached: list[CardView] = field(default_factory=list)

    @property
    def hidden(self) -> bool:
        return self.name is None


@dataclass(kw_only=True)
class ZoneView:
    name: str
    owner: Seat | None
    count: int
    cards: list[CardView]  # empty for a zone shown only as a count (a deck)


def card_view(zone: Zone, card: Card, seat: Seat | None, back: str = "") -> CardView:
    """Redact one card (and what is attached to it) for `seat`."""
    # Most cards carry no attachment, token or flag: those are not walked or copied (a hand's view is built
    # after every command that changes it, and every card of a board for each board drawn).
    attached = [card_view(zone, a, seat, back) for a in card.attached] if card.attached else []
    if visible_to(zone, card, seat):
        return CardView(
            uid=card.uid,
            name=card.name,
            ref=card.ref or None,
            tokens=dict(card.tokens) if card.tokens else {},
            flags=list(card.flags) if card.flags else [],
            attached=attached,
        )
    # A hidden card still shows public marks on it (a face-down shadow card has none; a MEQ monster
    # token keeps its colour as its back).
    return CardView(uid=None, name=None, back=card.back or back, attached=attached)


def zone_view(zone: Zone, seat: Seat | None, back: str = "", counts_only: bool = False) -> ZoneView:
    """Redact a zone for `seat`. Decks are usually shown as counts only (`counts_only`)."""
    cards = [] if counts_only else [card_view(zone, c, seat, back) for c in zone.cards]
    return ZoneView(name=zone.name, owner=zone.owner, count=len(zone.cards), cards=cards)


def zone_refs(view: ZoneView) -> set[str]:
    """The card definitions a zone view shows (its faces and what is attached to them): what a view's facts hold."""
    found: set[str] = set()
    stack = list(view.cards)
    while stack:
        card = stack.pop()
        if card.ref:
            found.add(card.ref)
        stack += card.attached
    return found


def _known_to_some(cards: list[Card]) -> bool:
    return any(c.known_to or _known_to_some(c.attached) for c in cards)


class ZoneViews:
    """`zone_view` for every audience of one state in turn: a zone they all see alike (public, or hidden from
    everyone, with no card in it known to some seats only) is redacted once and the same `ZoneView` handed to
    each audience; the others are redacted per audience. Views are read, never changed, once built."""

    def __init__(self) -> None:
        self._alike: dict[tuple[int, str, bool], ZoneView | None] = {}  # None: seen differently by each
        self._refs: dict[int, frozenset[str]] = {}  # id of a ZoneView handed out -> `zone_refs` of it

    def __call__(self, zone: Zone, seat: Seat | None, back: str = "", counts_only: bool = False) -> ZoneView:
        key = (id(zone), back, counts_only)  # the state outlives this memo: its zones' ids stay theirs
        if key not in self._alike:
            alike = counts_only or (zone.visibility in (Visibility.PUBLIC, Visibility.HIDDEN)
                                    and not _known_to_some(zone.cards))
            self._alike[key] = zone_view(zone, None, back, counts_only) if alike else None
        found = self._alike[key]
        return found if found is not None else zone_view(zone, seat, back)

    def refs(self, views: list[ZoneView]) -> set[str]:
        """`zone_refs` of every view in `views`; a view handed to several audiences is walked once."""
        found: set[str] = set()
        for view in views:
            refs = self._refs.get(id(view))  # the views outlive this memo (the audiences' views hold them)
            if refs is None:
                refs = self._refs[id(view)] = frozenset(zone_refs(view))
            found |= refs
        return found

    def alike(self, zone: Zone, back: str = "", counts_only: bool = False) -> bool:
        """Did every audience get the same view of `zone` (redacted so, with these arguments, already)?"""
        return self._alike.get((id(zone), back, counts_only)) is not None
