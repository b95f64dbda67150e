"""The state of a Decipher TCG game: plain data, every zone with its visibility (spec 1.2, 1.3).

Hands and adventure decks are seen by their owner only; draw-deck order by nobody; everything on the table,
discard and dead piles are public (spec 9.9). A shuffle's salt and order are kept here, never in a view, and
published with the result so players can check the commitment printed at the start.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from engines.core import BaseState, Card, Visibility, Zone
from engines.tcg.cards import CardDef

OptionValue = str | int | bool
WOUNDS = "wounds"
# The standing-order windows (spec 1.3, 4.11): the Shadow player's own phase and the four action procedures.
WINDOWS = ("shadow", "maneuver", "archery", "skirmish", "regroup")
ACTION_WINDOWS = WINDOWS[1:]
# Standing orders (spec 1.3; `order skirmish pass`, `order ring always`), kept by the kernel in `state.orders`
# (engines/core/orders.py): chosen in advance and applied whatever the hand holds, so they tell nobody anything.
# The first value is the default. `auto` (engines/tcg/windows.py) asks at each opportunity unless public facts
# alone show there is nothing the seat could do there; `respond` governs the response window a wound opens.
ORDER_VALUES = {"shadow": ("ask", "pass"), **{w: ("auto", "ask", "pass") for w in ACTION_WINDOWS},
                "ring": ("ask", "always", "never"), "respond": ("ask", "never")}


def order(state: BaseState, seat: str, key: str) -> str:
    return state.orders.get(seat, {}).get(key, ORDER_VALUES[key][0])


def _zone(name: str, visibility: Visibility) -> Zone:
    return Zone(name=name, visibility=visibility, ordered=True)


@dataclass(kw_only=True)
class Shuffle:
    """A commitment (spec 1.3): sha256 of the salt and the shuffled order. `salt` and `order` stay secret until
    the game ends."""

    seat: str
    what: str
    digest: str
    salt: str = ""
    order: list[str] = field(default_factory=list)  # card ids, top of the deck last (the draw end)


@dataclass(kw_only=True)
class Player:
    seat: str
    deck: str = ""
    hand: Zone = field(default_factory=lambda: _zone("hand", Visibility.OWNER))
    draw: Zone = field(default_factory=lambda: _zone("draw deck", Visibility.HIDDEN))
    discard: Zone = field(default_factory=lambda: _zone("discard pile", Visibility.PUBLIC))
    dead: Zone = field(default_factory=lambda: _zone("dead pile", Visibility.PUBLIC))
    adventure: Zone = field(default_factory=lambda: _zone("adventure deck", Visibility.OWNER))
    fellowship: Zone = field(default_factory=lambda: _zone("fellowship", Visibility.PUBLIC))
    support: Zone = field(default_factory=lambda: _zone("support area", Visibility.PUBLIC))
    position: int = 1  # the site number the marker is on
    burdens: int = 0
    threats: int = 0
    ring_bearer: str = ""  # the Ring-bearer's uid
    ring: str = ""  # The One Ring's uid (attached to the Ring-bearer)
    wearing: bool = False
    reshuffled: bool = False
    # The distinct card ids of the draw deck when the deck is a published built-in starter, so the table knows
    # them; empty for a pasted list, which only its owner knows (engines/tcg/windows.py reads it).
    listed: tuple[str, ...] = ()
    out: bool = False  # lost and removed (multiplayer elimination)

    def __post_init__(self) -> None:
        for zone in self.zones():
            zone.owner = self.seat
            zone.name = f"{self.seat}: {zone.name.split(': ')[-1]}"

    def zones(self) -> list[Zone]:
        return [self.hand, self.draw, self.discard, self.dead, self.adventure, self.fellowship, self.support]

    def __getattr__(self, name: str) -> Zone:
        """A zone `apply`'s copy left unmade (engines/tcg/copying.py: a step touches few of a player's zones):
        made on first use, from the state it was copied from."""
        lazy = self.__dict__.get("_lazy")
        if lazy is None or name not in lazy:
            raise AttributeError(name)
        zone: Zone = lazy.pop(name)()
        self.__dict__[name] = zone
        return zone


@dataclass(kw_only=True)
class Mod:
    """A lasting change from an event or ability: `stat` of card `uid` by `amount` until `until` (skirmish,
    phase or turn) (spec 6.1)."""

    uid: str
    stat: str  # strength, damage, archery:fp, archery:shadow, site, move_limit
    amount: int
    until: str
    # Whose doing it is, for the table to read ("Aragorn 8 (6 +2 Dagger Strike)"): the uid of the card whose text
    # made it (`proc.credit_mods`), or the seat that adjusted it by hand; "" for none named.
    by: str = ""


@dataclass(kw_only=True)
class TcgState(BaseState):
    options: dict[str, OptionValue] = field(default_factory=dict)
    defs: dict[str, CardDef] = field(default_factory=dict)
    players: list[Player] = field(default_factory=list)
    path: Zone = field(default_factory=lambda: _zone("adventure path", Visibility.PUBLIC))
    minions: Zone = field(default_factory=lambda: _zone("minions", Visibility.PUBLIC))
    owners: dict[str, str] = field(default_factory=dict)  # card uid -> owning seat
    shuffles: list[Shuffle] = field(default_factory=list)
    twilight: int = 0
    fp: int = 0  # the Free Peoples player's index in `players`
    turn_no: int = 0
    moves: int = 0
    move_limit: int = 2
    phase: str = "setup"
    step: str = "turn"
    shadow_seats: list[str] = field(default_factory=list)  # this turn's Shadow players, from right(FP) going right
    shadow_index: int = 0
    actors: list[str] = field(default_factory=list)  # the action procedure's order
    actor: int = 0
    passes: int = 0
    proc_next: str = ""
    assign: dict[str, str] = field(default_factory=dict)  # minion uid -> companion uid
    fierce: bool = False
    skirmish: str = ""  # the companion whose skirmish is being fought
    fought: list[str] = field(default_factory=list)  # companions whose skirmish this round is over
    skirmish_wounds: dict[str, int] = field(default_factory=dict)  # wounds taken in this skirmish
    last_winner: str = ""  # "fp" or "shadow" for the skirmish just resolved
    mods: list[Mod] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)  # this turn's effects ("shadow initiative", ...)
    queue: list[str] = field(default_factory=list)  # small tasks resolved one at a time ("wound:c12:skirmish")
    next_uid: int = 1

    # --- lookups ------------------------------------------------------------------------------
    def opt(self, name: str) -> OptionValue:
        return self.options[name]

    def card_def(self, card: Card) -> CardDef:
        return self.defs[card.ref]

    def player(self, seat: str) -> Player:
        for p in self.players:
            if p.seat == seat:
                return p
        raise KeyError(seat)

    @property
    def fp_player(self) -> Player:
        return self.players[self.fp]

    def new_card(self, ref: str, seat: str) -> Card:
        card = Card(uid=f"c{self.next_uid}", name=self.defs[ref].name, ref=ref)
        self.next_uid += 1
        self.owners[card.uid] = seat
        return card

    def zones(self) -> list[Zone]:
        return [self.path, self.minions, *(z for p in self.players for z in p.zones())]

    def search_order(self) -> Iterator[Zone]:
        """Every zone, the table and hands first and the draw and adventure decks last, one at a time: a card in
        play is found without making the decks that a copy left unmade (copying.py)."""
        yield self.path
        yield self.minions
        fp = self.fp_player
        yield fp.fellowship
        for p in self.players:
            yield p.support
        for name in ("fellowship", "hand", "discard", "dead", "draw", "adventure"):
            for p in self.players:
                if not (p is fp and name == "fellowship"):
                    yield getattr(p, name)

    def locate(self, uid: str) -> tuple[Zone, Card, Card | None]:
        """A card anywhere: (zone, card, the card it is attached to or None)."""
        for zone in self.search_order():
            for card in zone.cards:
                if card.uid == uid:
                    return zone, card, None
                for sub in card.attached:
                    if sub.uid == uid:
                        return zone, sub, card
        raise KeyError(uid)

    def find(self, uid: str) -> Card | None:
        try:
            return self.locate(uid)[1]
        except KeyError:
            return None

    def site_at(self, number: int) -> Card | None:
        return next((c for c in self.path.cards if self.card_def(c).site == number), None)

    def current_site(self) -> Card | None:
        return self.site_at(self.fp_player.position)

    def live(self) -> list[Player]:
        return [p for p in self.players if not p.out]

    def right_of(self, seat: str) -> str:
        """The next remaining seat to the right (counter-clockwise, spec 4)."""
        i = next(k for k, p in enumerate(self.players) if p.seat == seat)
        for step in range(1, len(self.players) + 1):
            p = self.players[(i - step) % len(self.players)]
            if not p.out:
                return p.seat
        return seat

    def left_of(self, seat: str) -> str:
        i = next(k for k, p in enumerate(self.players) if p.seat == seat)
        for step in range(1, len(self.players) + 1):
            p = self.players[(i + step) % len(self.players)]
            if not p.out:
                return p.seat
        return seat

    def going_right(self, seat: str) -> list[str]:
        """Every other remaining seat, starting at right(seat) and going right."""
        out: list[str] = []
        s = self.right_of(seat)
        while s != seat and s not in out:
            out.append(s)
            s = self.right_of(s)
        return out
