"""The state of a War of the Ring game: plain data, zones with their visibility (spec 1.4, 1.5).

A *deck* is a role (Frodo, Witch-king...), not a person: one person may run two decks, which stay apart in
every way (spec 1.3). Hands are visible to the person running the deck only; teammates never see them. The
cycle and eliminated piles are face down: a card cycled from hand is known to its owner only (face down), a
card that leaves play was seen by everyone and stays face up in the pile.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engines.core import BaseState, Card, Visibility, Zone
from engines.wotr.cards import FP, SHADOW, CardDef

OptionValue = str | int | bool
# Flags on cards.
IN_RESERVE_THIS_ROUND = "new"  # played to reserve this round: it may not move (L319-325)
FACE_DOWN = "face down"  # a path lost by the Free Peoples, kept by the Shadow as a reminder (0 VP)
REACTIVATED_ACROSS = "printed icons ignored"  # reactivated from the other side's scoring area (L471-473)
ATK, DEF = "atk", "def"  # combat tokens (L399-418)


def _zone(name: str, visibility: Visibility, owner: str | None = None) -> Zone:
    return Zone(name=name, visibility=visibility, owner=owner, ordered=True)


@dataclass(kw_only=True)
class Deck:
    """One role's cards and token. `seat` is the person running it."""

    key: str
    name: str
    side: str
    seat: str
    ring: str = "none"  # the Ring token: unused, used (Trilogy, discarded), flipped (Duel, this round), none
    ring_mode: str = "none"  # trilogy, duel or none (spec 3)
    draw: Zone = field(default_factory=lambda: _zone("draw deck", Visibility.HIDDEN))
    hand: Zone = field(default_factory=lambda: _zone("hand", Visibility.OWNER))
    cycle: Zone = field(default_factory=lambda: _zone("cycle pile", Visibility.PUBLIC))
    eliminated: Zone = field(default_factory=lambda: _zone("eliminated pile", Visibility.PUBLIC))
    reserve: Zone = field(default_factory=lambda: _zone("reserve", Visibility.PUBLIC))

    def __post_init__(self) -> None:
        for zone in self.zones():
            zone.owner = self.seat
            zone.name = f"{self.name}: {zone.name.split(': ')[-1]}"

    def zones(self) -> list[Zone]:
        return [self.draw, self.hand, self.cycle, self.eliminated, self.reserve]


@dataclass(kw_only=True)
class Combat:
    """The combat being resolved (spec 4.3): unit values are fixed when it starts."""

    loc: str  # the location card's uid
    kind: str  # battleground or path
    defender: str  # the defending side
    attack: int  # A
    loc_def: int  # D_loc
    values: dict[str, int] = field(default_factory=dict)  # defending unit uid -> its value
    need: int = 0  # attack icons still to cancel after the eliminations so far
    chosen: list[str] = field(default_factory=list)  # defending units chosen for elimination, in order
    supports: dict[str, str] = field(default_factory=dict)  # character uid -> supporting army uid


@dataclass(kw_only=True)
class Chain:
    """"Draw N: from these, eliminate 1, play up to K of a kind, cycle the rest" (L336-339), in progress."""

    deck: str
    cards: list[str] = field(default_factory=list)  # the drawn cards still in hand
    kinds: list[str] = field(default_factory=list)  # what may be played: "army", "character", a keyword, a faction
    where: str = ""  # where they may go: "" anywhere legal, "reserve", or a location's name
    plays_left: int = 2
    played: int = 0
    eliminated: bool = False  # True from the start when the text eliminates nothing
    source: str = ""  # the card or location whose text this is, named in the log and the prompts (issue 16)


@dataclass(kw_only=True)
class WotrState(BaseState):
    scenario: str = "trilogy"
    options: dict[str, OptionValue] = field(default_factory=dict)
    defs: dict[str, CardDef] = field(default_factory=dict)
    decks: list[Deck] = field(default_factory=list)
    order: list[str] = field(default_factory=list)  # deck keys in seat order (a deck may sit twice)
    start: int = 0  # the starting player's seat: an index into `order`
    turn: int = 0  # whose action: an index into `order`
    round: int = 0
    phase: str = "setup"  # setup, action, combat, over
    acting: str = ""  # the deck whose action is being resolved (its follow-up choices are open)
    passed: list[str] = field(default_factory=list)  # decks that passed since the last action
    streak: int = 0  # seats that passed in a row
    owners: dict[str, str] = field(default_factory=dict)  # faction card uid -> the deck it belongs to
    bg_fp: Zone = field(default_factory=lambda: _zone("Free Peoples battlegrounds", Visibility.PUBLIC))
    bg_shadow: Zone = field(default_factory=lambda: _zone("Shadow battlegrounds", Visibility.PUBLIC))
    path_deck: Zone = field(default_factory=lambda: _zone("path deck", Visibility.PUBLIC))
    active: Zone = field(default_factory=lambda: _zone("active locations", Visibility.PUBLIC))
    resolving: Zone = field(default_factory=lambda: _zone("being played", Visibility.PUBLIC))
    fp_area: Zone = field(default_factory=lambda: _zone("Free Peoples scoring area", Visibility.PUBLIC))
    shadow_area: Zone = field(default_factory=lambda: _zone("Shadow scoring area", Visibility.PUBLIC))
    set_aside: Zone = field(default_factory=lambda: _zone("set aside", Visibility.PUBLIC))
    corruption: int = 0
    last_path: int = 0  # the number of the last path activated
    final_fought: bool = False  # combat on the scenario's last path was resolved (game end, L377)
    played: list[str] = field(default_factory=list)  # characters and items played this round (L342-343)
    combat: Combat | None = None
    combat_queue: list[str] = field(default_factory=list)  # location uids, in the starting player's order
    resume: str = ""  # "action": a path was replaced mid-step; go back to the action step after its combat
    incoming: str = ""  # the path that replaced it, whose activation text runs after that combat
    chain: Chain | None = None
    queue: list[str] = field(default_factory=list)  # small demands to resolve one at a time ("cycle1:frodo")
    round_flags: list[str] = field(default_factory=list)  # effects lasting until the end of the round
    # This round's cards whose text was announced as not scripted, in order, as "<deck key>|<card name>" (no deck
    # key for a location's activation text): whose text a proposal may be resolving (adjust.credit).
    unscripted_texts: list[str] = field(default_factory=list)
    next_uid: int = 1

    # --- lookups ---------------------------------------------------------------------------
    def deck(self, key: str) -> Deck:
        for d in self.decks:
            if d.key == key:
                return d
        raise KeyError(key)

    def side_decks(self, side: str) -> list[Deck]:
        return [d for d in self.decks if d.side == side]

    def enemies(self, deck: Deck) -> list[Deck]:
        return [d for d in self.decks if d.side != deck.side]

    def area(self, side: str) -> Zone:
        return self.fp_area if side == FP else self.shadow_area

    def bg_deck(self, side: str) -> Zone:
        return self.bg_fp if side == FP else self.bg_shadow

    def opt(self, name: str) -> OptionValue:
        return self.options[name]

    def card_def(self, card: Card) -> CardDef:
        return self.defs[card.ref]

    def new_card(self, ref: str) -> Card:
        card = Card(uid=f"c{self.next_uid}", name=self.defs[ref].name, ref=ref)
        self.next_uid += 1
        return card

    def zones(self) -> list[Zone]:
        shared = [self.bg_fp, self.bg_shadow, self.path_deck, self.active, self.resolving, self.fp_area,
                  self.shadow_area, self.set_aside]
        return shared + [z for d in self.decks for z in d.zones()]

    def locate(self, uid: str) -> tuple[Zone, Card, Card | None]:
        """Find a card anywhere: (its zone, the card, its host: the location or wielder it sits on, or None)."""
        for zone in self.zones():
            for card in zone.cards:
                if card.uid == uid:
                    return zone, card, None
                for sub in card.attached:
                    if sub.uid == uid:
                        return zone, sub, card
                    for item in sub.attached:
                        if item.uid == uid:
                            return zone, item, sub
        raise KeyError(uid)

    def active_paths(self) -> list[Card]:
        return [c for c in self.active.cards if self.card_def(c).kind == "path"]

    def active_battlegrounds(self) -> list[Card]:
        return [c for c in self.active.cards if self.card_def(c).kind == "battleground"]

    def in_play(self) -> list[tuple[Card, str]]:
        """Every army and character in play with where it is ("reserve:<deck>" or a location uid)."""
        out: list[tuple[Card, str]] = []
        for d in self.decks:
            out.extend((c, f"reserve:{d.key}") for c in d.reserve.cards)
        for loc in self.active.cards:
            out.extend((c, loc.uid) for c in loc.attached)
        return out

    def controller(self, card: Card) -> Deck:
        """The deck controlling an army or character in play (its owner: cards never change hands)."""
        return self.deck(self.owners[card.uid])


def other(side: str) -> str:
    return SHADOW if side == FP else FP
