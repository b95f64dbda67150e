"""The state of a Middle-earth Quest game: plain data, every card in a zone with its visibility (spec 1.3, 1.4).

Sauron's hands, his Mission, his combat hand and the faces of monster tokens are his alone (tokens sit face
down on the table with `known_to=[sauron]`, their colour group as their back); each hero's hand is that
hero's; the Hero Mission is seen by every hero seat and never by Sauron; life and damage pools and decks by
nobody. Where a token or figure stands is kept in plain dicts beside the zones.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engines.core import BaseState, Card, Visibility, Zone
from engines.meq.board import Board

OptionValue = str | int | bool
SAURON = "sauron"
HERO_MARKER = "hero"
ATTRIBUTES = ("fortitude", "strength", "agility", "wisdom")
TRACKS = ("influence", "draw", "command")


def zone(name: str, visibility: Visibility, owner: str | None = None, ordered: bool = True) -> Zone:
    return Zone(name=name, visibility=visibility, owner=owner, ordered=ordered)


def copy_card(card: Card) -> Card:
    """A deep copy of a card, by hand: its scalars shared, its lists and dicts new (tests/engines/meq checks this
    still covers every field of `Card`)."""
    new = Card.__new__(Card)
    fields = card.__dict__.copy()
    fields["known_to"] = list(card.known_to)
    fields["tokens"] = dict(card.tokens)
    fields["flags"] = list(card.flags)
    fields["attached"] = [copy_card(a) for a in card.attached]
    new.__dict__ = fields
    return new


@dataclass(kw_only=True)
class Hero:
    key: str  # hero id in the pack
    name: str
    seat: str
    at: str  # location id
    hand: Zone
    rest: Zone  # face up, newest on top (the end of the list)
    corruption: Zone  # public
    favor: int = 0
    items: list[str] = field(default_factory=list)  # item ids (one copy of each title)
    quests: list[str] = field(default_factory=list)  # quest ids held (starting/advanced/encounter)
    done: list[str] = field(default_factory=list)  # quests completed
    raises: dict[str, int] = field(default_factory=dict)  # level tokens per attribute (at most 2 each)
    locked: str = ""  # the advanced quest, until the starting quest is done
    favor_turn: str = ""  # the turn `favor_got` counts (a Corruption card caps favor gained a turn)
    favor_got: int = 0

    def zones(self) -> list[Zone]:
        return [self.hand, self.rest, self.corruption]


@dataclass(kw_only=True)
class Minion:
    key: str
    at: str = ""  # "" = off the board
    damage: int = 0
    status: str = "waiting"  # waiting (not arrived), in, out (Ringwraiths to return), gone (defeated for good)


@dataclass(kw_only=True)
class Combat:
    """One combat (spec 4.2): a hero against a monster token or a minion."""

    hero: str  # hero key
    foe: str  # foe id (monster or minion)
    token: str = ""  # the monster token's uid, if a token
    context: str = "travel"  # ambush, travel, finale
    health: int = 0
    fortitude: int = 0
    strength: int = 0  # the foe's
    hero_strength: int = 0
    foe_damage: int = 0  # damage dealt to the foe in this combat (a minion's earlier damage is in `Minion`)
    round: int = 0
    stage: str = "prepare"  # prepare, commit, damage, over
    hero_out: bool = False  # exhausted
    foe_out: bool = False
    hero_card: str = ""  # this round's committed card uid ("" = none yet; "-" = declared exhaustion)
    foe_card: str = ""
    hero_stack: Zone = field(default_factory=lambda: zone("hero's combat stack", Visibility.PUBLIC))
    foe_stack: Zone = field(default_factory=lambda: zone("Sauron's combat stack", Visibility.PUBLIC))
    foe_hand: Zone = field(default_factory=lambda: zone("Sauron's combat hand", Visibility.OWNER, SAURON))
    committed: Zone = field(default_factory=lambda: zone("committed combat cards", Visibility.HIDDEN))
    last_types: dict[str, str] = field(default_factory=dict)  # side -> type played last round ("" = none)
    pending_next: list[str] = field(default_factory=list)  # "side:ability" for next round
    pending_damage: int = 0  # damage the hero must still take (chosen point by point)
    foe_defeated: bool = False
    hero_defeated: bool = False
    # set by the card that started or changed this combat (engines.meq.fights)
    on_win: list[str] = field(default_factory=list)  # queue entries if the foe is defeated
    on_end: list[str] = field(default_factory=list)  # queue entries either way
    keep_turn: bool = False  # failing to defeat the foe does not end the hero's turn
    agility_zero: bool = False
    strength_mod: int = 0  # added to the hero's strength for this combat (negative: a Shadow card)
    agility_mod: int = 0
    first: str = ""  # the side that commits first and face up this round (an opponent's ability)
    escape_to: str = ""  # the hero broke off the combat and moves there (an ability); the turn goes on
    hand_damage: int = 0  # of the hero's next damage, at least this much comes from the hand (a foe's ability)
    hero_random: bool = False  # the hero's next commit is a random hand card (a foe's ability)
    foe_ability_used: bool = False  # a once-a-combat ability of the foe's own (engines.meq.foes) has been used


@dataclass(kw_only=True)
class MeqState(BaseState):
    options: dict[str, OptionValue] = field(default_factory=dict)
    board: Board | None = None  # the map the game started with (spec 7.1; never changes mid-game)
    heroes: list[Hero] = field(default_factory=list)  # in turn order
    sauron: str = ""  # the Sauron seat
    # --- story, stage, dominance -----------------------------------------------------------------------------
    markers: dict[str, int] = field(default_factory=dict)  # hero, yellow, red, black -> space (0 = start)
    stage_reached: int = 1
    # --- influence and favor ---------------------------------------------------------------------------------
    influence: dict[str, int] = field(default_factory=dict)
    pool: int = 0  # the Shadow Pool
    favor_at: dict[str, int] = field(default_factory=dict)
    characters: dict[str, str] = field(default_factory=dict)  # character id -> location id (on the board)
    # --- Sauron's components ---------------------------------------------------------------------------------
    tracks: dict[str, list[int]] = field(default_factory=dict)  # track -> filled spaces
    action_tokens: list[str] = field(default_factory=list)  # "track:space", oldest first (recycling, spec 3.1)
    shadow_hand: Zone = field(default_factory=lambda: zone("Sauron's Shadow hand", Visibility.OWNER, SAURON))
    shadow_discard: Zone = field(default_factory=lambda: zone("Shadow discard", Visibility.PUBLIC))
    plot_hand: Zone = field(default_factory=lambda: zone("Sauron's Plot hand", Visibility.OWNER, SAURON))
    plot_drawn: Zone = field(default_factory=lambda: zone("Plot cards drawn", Visibility.OWNER, SAURON))
    plots: Zone = field(default_factory=lambda: zone("active Plots", Visibility.PUBLIC))
    plot_discard: Zone = field(default_factory=lambda: zone("Plot discard", Visibility.PUBLIC))
    plot_slot: dict[str, int] = field(default_factory=dict)  # active plot uid -> its space 1-3
    plot_at: dict[str, str] = field(default_factory=dict)  # active plot uid -> the location of its marker
    sauron_mission: Zone = field(default_factory=lambda: zone("Sauron's Mission", Visibility.OWNER, SAURON))
    hero_mission: Zone = field(default_factory=lambda: zone("the Hero Mission", Visibility.SEATS))
    boxed: Zone = field(default_factory=lambda: zone("back in the box", Visibility.HIDDEN))
    minions: list[Minion] = field(default_factory=list)
    # --- tokens and decks ------------------------------------------------------------------------------------
    # Undrawn decks and token piles (engines/meq/stock.py): "shadow", "plot", "peril", "corruption", "skill",
    # "pile:<colour group>", "event:<stage>", "encounter:<group or haven>", "combat:<zealot|ravager|behemoth>",
    # and each hero's face-down pools, "life:<hero>" (the draw deck; anyone may count it) and "damage:<hero>".
    stock: dict[str, tuple[str, ...]] = field(default_factory=dict)
    tokens: Zone = field(default_factory=lambda: zone("monster tokens on the board", Visibility.PUBLIC))
    token_at: dict[str, str] = field(default_factory=dict)  # token uid -> location
    token_discard: Zone = field(default_factory=lambda: zone("discarded monster tokens", Visibility.PUBLIC))
    event_discard: Zone = field(default_factory=lambda: zone("Event discard", Visibility.PUBLIC))
    current_event: Zone = field(default_factory=lambda: zone("current Event", Visibility.PUBLIC))
    event_at: str = ""  # the event marker's location
    encounter_discards: dict[str, Zone] = field(default_factory=dict)
    drawn: Zone = field(default_factory=lambda: zone("cards being resolved", Visibility.PUBLIC))
    peril_drawn: Zone = field(default_factory=lambda: zone("Peril cards drawn", Visibility.OWNER, SAURON))
    peril_discard: Zone = field(default_factory=lambda: zone("Peril discard", Visibility.PUBLIC))
    corruption_discard: Zone = field(default_factory=lambda: zone("Corruption discard", Visibility.PUBLIC))
    skill_discard: Zone = field(default_factory=lambda: zone("Skill discard", Visibility.PUBLIC))
    item_supply: dict[str, int] = field(default_factory=dict)  # item id -> copies left
    # --- where the game is -----------------------------------------------------------------------------------
    round: int = 0
    step: str = "setup"
    running: str = ""  # the step in progress (each step names its successor in `step` as it starts): for the status
    active: int = -1  # -1 = Sauron's turn, else the index of the hero whose turn it is
    hero_turns: int = 0  # hero turns taken this round (2 players: two per round)
    first_turn: bool = True
    shadow_played: bool = False  # a Shadow card was played this player-turn
    actions_taken: int = 0
    action_x: int = 0  # the X of the action being resolved
    action_left: int = 0  # commands or tokens left in the action being resolved
    commanded: list[str] = field(default_factory=list)  # pieces commanded in this Command action
    placed_token: bool = False  # a token was placed in this Command action
    moved_first: bool = False  # the hero's first Travel repetition is over
    moves_made: int = 0  # moves in this hero turn (a Corruption card caps them)
    travel_from: str = ""
    dark_path_used: bool = False
    turn_over: bool = False  # the hero's turn ended early (defeat, an undefeated foe in Travel)
    explored_in_place: bool = False
    skip_ambush: bool = False  # a Shadow card took this turn's Ambush step away
    perilous_now: str = ""  # a location a Shadow card made perilous for the rest of this hero turn
    one_move: bool = False  # the hero may move only once in this turn's Travel
    story_cut: int = 0  # the heroes' marker moves this much less in the next Story step
    combat: Combat | None = None
    queue: list[str] = field(default_factory=list)  # small follow-ups ("infl:<n>", "peril", ...)
    finale: bool = False
    next_uid: int = 1

    # --- helpers ---------------------------------------------------------------------------------------------
    @property
    def map(self) -> Board:
        assert self.board is not None
        return self.board

    def opt(self, name: str) -> OptionValue:
        return self.options[name]

    def new_uid(self) -> str:
        uid = f"c{self.next_uid}"
        self.next_uid += 1
        return uid

    def new_card(self, name: str, ref: str, *, face_up: bool = True, back: str = "") -> Card:
        return Card(uid=self.new_uid(), name=name, ref=ref, face_up=face_up, back=back)

    def hero(self, key: str) -> Hero:
        return next(h for h in self.heroes if h.key == key)

    def hero_of(self, seat: str) -> Hero | None:
        return next((h for h in self.heroes if h.seat == seat), None)

    @property
    def current(self) -> Hero:
        return self.heroes[self.active]

    def minion(self, key: str) -> Minion:
        return next(m for m in self.minions if m.key == key)

    def minions_at(self, loc: str) -> list[Minion]:
        return [m for m in self.minions if m.status == "in" and m.at == loc]

    def tokens_at(self, loc: str) -> list[Card]:
        return [c for c in self.tokens.cards if self.token_at.get(c.uid) == loc]

    def heroes_at(self, loc: str) -> list[Hero]:
        return [h for h in self.heroes if h.at == loc]

    def hero_seats(self) -> list[str]:
        return [h.seat for h in self.heroes]

    def zones(self) -> list[Zone]:
        out = [self.shadow_hand, self.shadow_discard, self.plot_hand, self.plot_drawn, self.plots, self.plot_discard,
               self.sauron_mission, self.hero_mission, self.boxed, self.tokens, self.token_discard, self.event_discard,
               self.current_event, self.drawn, self.peril_drawn, self.peril_discard, self.corruption_discard,
               self.skill_discard]
        out += [*self.encounter_discards.values()]
        for h in self.heroes:
            out += h.zones()
        if self.combat is not None:
            c = self.combat
            out += [c.hero_stack, c.foe_stack, c.foe_hand, c.committed]
        return out
