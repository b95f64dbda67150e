"""The state of an LCG game: plain data (JSON round-trippable), zones with their visibility (spec 1.2).

Cards in play are kernel `Card`s: `ref` names the CardDef, tokens hold damage/progress/resources/time, flags
hold exhausted/committed/..., and `attached` holds attachments and (face down) shadow cards.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engines.core import BaseState, Card, Visibility, Zone
from engines.lcg.campaign.plan import CampaignSetup
from engines.lcg.cards import CardDef, Scenario

# Token kinds (spec 1.1): damage, progress, resource; time counters reuse resources but are kept apart.
DAMAGE, PROGRESS, RESOURCE, TIME = "damage", "progress", "resource", "time"
# Flags on cards in play. An enemy is "attacking" from the moment its attack begins until the attack has
# resolved, and "attacked" from then until the end of combat (spec 4.6 step 4): the table is never told it has
# attacked while its defender is still being declared.
EXHAUSTED, COMMITTED, PRISONER, ATTACKED = "exhausted", "committed", "prisoner", "attacked"
ATTACKING = "attacking"

PHASES = ("resource", "planning", "quest", "travel", "encounter", "combat", "refresh")


def hidden(name: str, owner: str | None = None) -> Zone:
    return Zone(name=name, visibility=Visibility.HIDDEN, owner=owner, ordered=True)


def public(name: str, owner: str | None = None, ordered: bool = False) -> Zone:
    return Zone(name=name, visibility=Visibility.PUBLIC, owner=owner, ordered=ordered)


@dataclass(kw_only=True)
class Player:
    seat: str
    deck_key: str = ""
    threat: int = 0
    eliminated: bool = False
    mulligan_done: bool = False
    deck: Zone = field(default_factory=lambda: hidden("deck"))  # Z1: hidden from all, owner included
    hand: Zone = field(default_factory=lambda: Zone(name="hand", visibility=Visibility.OWNER))  # Z2
    discard: Zone = field(default_factory=lambda: public("discard", ordered=True))  # Z3
    play: Zone = field(default_factory=lambda: public("play area"))  # Z4: heroes, allies (+ attachments)
    engaged: Zone = field(default_factory=lambda: public("engaged"))  # Z5: enemies (+ face-down shadows)
    attacked: list[str] = field(default_factory=list)  # enemy uids this player attacked this round

    def __post_init__(self) -> None:
        for zone in (self.deck, self.hand, self.discard, self.play, self.engaged):
            zone.owner = self.seat  # the hand is visible to its owner only: the owner must be set


@dataclass(kw_only=True)
class Task:
    """One pending piece of the round's procedure. The engine keeps a stack of them; a task may push more
    tasks or open decisions, which suspends the game until they are answered (DESIGN: suspend, never ask)."""

    kind: str
    seat: str = ""
    ref: str = ""  # a card uid
    n: int = 0
    note: str = ""


@dataclass(kw_only=True)
class Modifier:
    """A lasting stat change made by hand (manual adjustment), until the end of the phase or round."""

    uid: str
    stat: str  # willpower, attack, defense, threat, hit_points
    amount: int
    until: str  # "attack", "phase" or "round"


@dataclass(kw_only=True)
class LcgState(BaseState):
    scenario: str = ""
    recipe: Scenario | None = None  # the scenario's card groups, copied in at setup
    difficulty: str = "standard"  # easy, standard, nightmare (spec 6.1)
    basic: bool = False  # basic mode: no shadow cards (spec 6.2)
    windows: str = "key"  # which action windows open: all, key, none (spec 4.0, ENGINE)
    elimination: int = 50
    defs: dict[str, CardDef] = field(default_factory=dict)
    owners: dict[str, str] = field(default_factory=dict)  # player card uid -> the seat whose deck it is from
    players: list[Player] = field(default_factory=list)
    first: int = 0  # index into players of the first player
    round: int = 0
    phase: str = "setup"
    step: str = ""
    next_uid: int = 1
    quest_deck: Zone = field(default_factory=lambda: hidden("quest deck"))  # Z7: later stages are spoilers
    quest: Zone = field(default_factory=lambda: public("quest"))  # Z8: the current stage
    quest_done: Zone = field(default_factory=lambda: public("completed stages", ordered=True))  # Z9
    encounter_deck: Zone = field(default_factory=lambda: hidden("encounter deck"))  # Z10
    encounter_discard: Zone = field(default_factory=lambda: public("encounter discard", ordered=True))  # Z11
    staging: Zone = field(default_factory=lambda: public("staging area"))  # Z12
    active: Zone = field(default_factory=lambda: public("active location"))  # Z13
    victory: Zone = field(default_factory=lambda: public("victory display"))  # Z15
    set_aside: Zone = field(default_factory=lambda: public("set aside"))  # Z16
    removed: Zone = field(default_factory=lambda: public("removed from game"))  # Z17
    # A card being played has left its owner's hand: the table sees it while it is paid for and placed.
    resolving: Zone = field(default_factory=lambda: public("being played"))
    tasks: list[Task] = field(default_factory=list)
    modifiers: list[Modifier] = field(default_factory=list)
    passed: list[str] = field(default_factory=list)  # seats that passed in the open action window
    autopass: dict[str, str] = field(default_factory=dict)  # seat -> "off" | "smart" | "all" (action windows)
    # The order of a seat that set none: the game option `autopass` (smart by default; off in Race Against the
    # Shadow). A state saved before the option existed reads "off", as those games were played.
    autopass_default: str = "off"
    allies_played: int = 0  # this round (Escape from Dol Guldur limits the group to 1)
    skip_staging: bool = False  # Journey Down the Anduin stage 3B
    won: bool = False
    marks: list[str] = field(default_factory=list)  # a quest's own bookkeeping ("spawn-defeated")
    expert_queue: list[Scenario] = field(default_factory=list)  # the expert game's scenarios still to play
    expert_scores: list[int] = field(default_factory=list)  # the expert game's scenarios already won
    disguised: dict[str, str] = field(default_factory=dict)  # Orc Guards: uid -> the player card's own ref
    campaign: CampaignSetup | None = None  # campaign mode: what the log brings to this scenario (spec 7)

    # --- lookups ---------------------------------------------------------------------------
    def player(self, seat: str) -> Player:
        for p in self.players:
            if p.seat == seat:
                return p
        raise KeyError(seat)

    def autopass_of(self, seat: str) -> str:
        """A seat's standing order for action windows: its own, else the game's default."""
        return self.autopass.get(seat, self.autopass_default)

    def active_players(self) -> list[Player]:
        """Players still in the game, in turn order from the first player (clockwise)."""
        n = len(self.players)
        ordered = [self.players[(self.first + i) % n] for i in range(n)]
        return [p for p in ordered if not p.eliminated]

    @property
    def first_seat(self) -> str:
        return self.players[self.first].seat

    def next_player(self, seat: str) -> Player | None:
        """The player on `seat`'s left still in the game (C 8.3). None when nobody else is: a solo game has no
        next player, so an effect on the next player does nothing, and what it would do 'then' stops too
        (FAQ 1.46, 1.15)."""
        n = len(self.players)
        at = next(i for i, p in enumerate(self.players) if p.seat == seat)
        return next((p for p in (self.players[(at + k) % n] for k in range(1, n)) if not p.eliminated), None)

    def last_player(self) -> Player:
        """The player on the first player's right still in the game (C 8.2); alone, the first player is also the
        last (FAQ 1.46)."""
        ordered = self.active_players()
        return ordered[-1] if ordered else self.players[self.first]

    def owner(self, card: Card) -> Player | None:
        seat = self.owners.get(card.uid)
        return self.player(seat) if seat else None

    def card_def(self, card: Card) -> CardDef:
        return self.defs[card.ref]

    def new_card(self, ref: str) -> Card:
        card = Card(uid=f"c{self.next_uid}", name=self.defs[ref].name, ref=ref)
        self.next_uid += 1
        return card

    def zones(self) -> list[Zone]:
        shared = [self.quest_deck, self.quest, self.quest_done, self.encounter_deck, self.encounter_discard,
                  self.staging, self.active, self.victory, self.set_aside, self.removed, self.resolving]
        own = [z for p in self.players for z in (p.deck, p.hand, p.discard, p.play, p.engaged)]
        return shared + own

    def locate(self, uid: str) -> tuple[Zone, Card, Card | None]:
        """Find a card anywhere: (its zone, the card, the card it is attached to or None)."""
        for zone in self.zones():
            for card in zone.cards:
                if card.uid == uid:
                    return zone, card, None
                for sub in card.attached:
                    if sub.uid == uid:
                        return zone, sub, card
        raise KeyError(uid)
