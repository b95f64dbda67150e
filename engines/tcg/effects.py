"""Card scripts in our own words (spec 8.3), registered by card id: the Siege of Gondor starter cards first.
A card listed here is done in full; anything not listed is resolved by adjustment and shows in the coverage list."""

from __future__ import annotations

from collections.abc import Callable

from engines.core import Card
from engines.tcg import procedures as proc
from engines.tcg import rules
from engines.tcg.scripts import Ability, script
from engines.tcg.state import Mod, TcgState

T = proc.T


def _others(state: TcgState, card: Card, culture: str, race: str) -> list[Card]:
    return [c for c in rules.characters(state) if c is not card and rules.is_culture(state, c, culture, race)]


def _bearer(state: TcgState, source: Card) -> Card | None:
    return rules.bearer_of(state, source.uid)


def _skirmish_mod(uid: str, stat: str, amount: int) -> Callable[[T], None]:
    def run(turn: T) -> None:
        turn.state.mods.append(Mod(uid=uid, stat=stat, amount=amount, until="skirmish"))
        turn.say(f"{proc.name(turn.state, uid)} is {stat} {amount:+d} for this skirmish.")

    return run


def _in_skirmish_phase(state: TcgState) -> bool:
    return state.phase == "skirmish" and bool(state.skirmish)


# --- continuous text ---------------------------------------------------------------------------------------------
# Enraged Horseman: with another Rohan Man about, +2 and damage +1 while fighting a wounded minion.
def _horseman(state: TcgState, src: Card, target: Card) -> int:
    if target is not src or not _others(state, src, "rohan", "man"):
        return 0
    return int(any(rules.wounds(m) for m in rules.skirmishing(state, src)))


script("7_226", strength=lambda s, src, t: 2 * _horseman(s, src, t), damage=_horseman)
# Denethor, Wizened Steward: +1 for each other Gondor Man in play, at most +4.
script("7_86", strength=lambda s, src, t: min(4, len(_others(s, src, "gondor", "man"))) if t is src else 0)
# Morgul Whelp: +6 while the Ring-bearer has a wound.
script("7_202", strength=lambda s, src, t: 6 if t is src and (rb := rules.ring_bearer(s)) is not None
       and rules.wounds(rb) else 0)
# Morgul Axe: its bearer has damage +1 while the Ring-bearer has 2 or more wounds.
script("7_186", damage=lambda s, src, t: 1 if t is _bearer(s, src) and (rb := rules.ring_bearer(s)) is not None
       and rules.wounds(rb) >= 2 else 0)
# Morgul Lurker: +2 to the minion archery total while the Shadow has initiative.
script("8_76", archery_shadow=lambda s, src: 2 if rules.shadow_has_initiative(s) else 0)
# Morgul Creeper: +2 to the minion archery total while the Ring-bearer has 3 burdens.
script("8_75", archery_shadow=lambda s, src: 2 if s.fp_player.burdens >= 3 else 0)
# Raider Bow: its bearer is an archer with ambush 5.
script("7_155", grants=lambda s, src, t, kw: kw == "archer" and t is _bearer(s, src),
       ambush=lambda s, src, t: 5 if t is _bearer(s, src) else 0)
# Mumakil: its bearer is fierce; damage +1 while the Shadow has initiative or 4 threats are on the dead pile.
script("8_64", grants=lambda s, src, t, kw: kw == "fierce" and t is _bearer(s, src),
       damage=lambda s, src, t: 1 if t is _bearer(s, src) and (rules.shadow_has_initiative(s)
                                                             or s.fp_player.threats >= 4) else 0)


# Troop of Haradrim: archer from 2 threats, fierce from 3, damage +1 from 4.
def _troop(s: TcgState, src: Card, t: Card, kw: str) -> bool:
    return t is src and ((kw == "archer" and s.fp_player.threats >= 2) or (kw == "fierce" and s.fp_player.threats >= 3))


script("7_172", grants=_troop, damage=lambda s, src, t: 1 if t is src and s.fp_player.threats >= 4 else 0)
# Haradrim Marksman: with another Raider Man about, Ring-bound companions may not be given archery wounds.
script("8_60", no_archery_wound=lambda s, src, t: int(bool(_others(s, src, "raider", "man"))
                                                       and "ring-bound" in rules.cdef(s, t).keywords))
# Man the Walls: a minion fighting a Gondor Man has site number +1.
script("7_111", site_number=lambda s, src, t: 1 if any(rules.is_culture(s, c, "gondor", "man")
                                                        for c in rules.skirmishing(s, t)) else 0)


# Line of Defense: while a mounted Raider Man is in play, Raider Men take no wounds outside skirmishes.
def _line(s: TcgState, src: Card, t: Card) -> int:
    guard = any(rules.is_culture(s, m, "raider", "man") and rules.mounted(s, m) for m in rules.minions(s))
    return int(guard and rules.is_culture(s, t, "raider", "man") and s.phase != "skirmish")


script("8_63", prevent_wound=_line)
# Edoras Hall (site 1): Rohan possessions cost 1 less while the fellowship is there.
script("7_330", cost=lambda s, src, c: -1 if rules.cdef(s, c).culture == "rohan"
       and rules.cdef(s, c).type == "possession" else 0)
# Rohirrim Camp (site 2): minions are not roaming while the Shadow has initiative.
script("7_336", no_roaming=lambda s, src: int(rules.shadow_has_initiative(s)))


# --- events ------------------------------------------------------------------------------------------------------
def _fighters(state: TcgState, pred: Callable[[Card], bool]) -> list[Card]:
    """Characters in the current skirmish that meet `pred`."""
    if not _in_skirmish_phase(state):
        return []
    comp = state.find(state.skirmish)
    pool = ([comp] if comp is not None else []) + [m for m in rules.minions(state)
                                                   if state.assign.get(m.uid) == state.skirmish]
    return [c for c in pool if pred(c)]


def _dagger(state: TcgState, seat: str, card: Card) -> list[Ability]:
    """Dagger Strike: a Gondor or Shire companion with a hand weapon gets +2 and damage +1."""
    def ok(c: Card) -> bool:
        d = rules.cdef(state, c)
        return d.type == "companion" and d.culture in ("gondor", "shire") and any(
            rules.cdef(state, a).item_class == "hand weapon" for a in c.attached)

    out = []
    for c in _fighters(state, ok):
        def run(turn: T, uid: str = c.uid) -> None:
            _skirmish_mod(uid, "strength", 2)(turn)
            _skirmish_mod(uid, "damage", 1)(turn)
        out.append(Ability(key=f"ev:{card.uid}:{c.uid}", label=f"Play {card.name} on {c.name}", run=run))
    return out


script("7_84", event=_dagger)


def _new_strength(state: TcgState, seat: str, card: Card) -> list[Ability]:
    """New Strength Came Now: a Raider Man gets +3, or +6 with initiative."""
    amount = 6 if rules.has_initiative(state, seat) else 3
    return [Ability(key=f"ev:{card.uid}:{c.uid}", label=f"Play {card.name} on {c.name} (+{amount})",
                    run=_skirmish_mod(c.uid, "strength", amount))
            for c in _fighters(state, lambda c: rules.is_culture(state, c, "raider", "man"))]


script("7_154", event=_new_strength)


def _fury(state: TcgState, seat: str, card: Card) -> list[Ability]:
    """White Hot Fury: a mounted Rohan Man gets +1 per mounted companion; against a Raider minion, +2 more and
    damage +2."""
    out = []
    for c in _fighters(state, lambda c: rules.is_culture(state, c, "rohan", "man") and rules.mounted(state, c)):
        riders = sum(1 for x in rules.companions(state) if rules.mounted(state, x))
        raider = any(rules.cdef(state, m).culture == "raider" for m in rules.skirmishing(state, c))

        def run(turn: T, uid: str = c.uid, n: int = riders, extra: bool = raider) -> None:
            _skirmish_mod(uid, "strength", n + (2 if extra else 0))(turn)
            if extra:
                _skirmish_mod(uid, "damage", 2)(turn)
        out.append(Ability(key=f"ev:{card.uid}:{c.uid}", label=f"Play {card.name} on {c.name}", run=run))
    return out


script("7_258", event=_fury)


# --- special abilities -------------------------------------------------------------------------------------------
def _skirmish_self(cost: Callable[[TcgState, Card], list[tuple[str, Callable[[T], None]]]], stat: str,
                   amount: Callable[[TcgState, Card], int]) -> Callable[[TcgState, str, Card], list[Ability]]:
    """A Skirmish: ability of a character in the current skirmish that pays a cost to boost itself."""
    def lister(state: TcgState, seat: str, src: Card) -> list[Ability]:
        if not _in_skirmish_phase(state) or not rules.in_skirmish(state, src):
            return []
        out = []
        for i, (label, pay) in enumerate(cost(state, src)):
            def run(turn: T, pay: Callable[[T], None] = pay) -> None:
                n = amount(turn.state, src)
                pay(turn)
                _skirmish_mod(src.uid, stat, n)(turn)
            out.append(Ability(key=f"use:{src.uid}:{i}", label=f"{src.name}: {label}", run=run))
        return out

    return lister


def _discard_borne(state: TcgState, src: Card) -> list[tuple[str, Callable[[T], None]]]:
    return [(f"discard {a.name} for +2", _discarder(a.uid)) for a in src.attached
            if rules.cdef(state, a).type == "possession"]


def _discarder(uid: str) -> Callable[[T], None]:
    def pay(turn: T) -> None:
        proc.discard(turn, uid)

    return pay


def _discard_rohan_condition(state: TcgState, src: Card) -> list[tuple[str, Callable[[T], None]]]:
    return [(f"discard {c.name} for +1", _discarder(c.uid)) for c in state.fp_player.support.cards
            if rules.cdef(state, c).culture == "rohan"
            and rules.cdef(state, c).type == "condition"]


script("7_229", abilities=_skirmish_self(_discard_borne, "strength", lambda s, c: 2))  # Eowyn
script("7_235", abilities=_skirmish_self(_discard_rohan_condition, "strength", lambda s, c: 1))  # Guthlaf


def _pay_hand(n: int, key: str, src: Card, target: Card) -> Ability:
    """A Skirmish: ability whose cost is `n` cards from hand, chosen by their owner (spec 6.3)."""
    def run(turn: T) -> None:
        proc.pay_hand_cards(turn, turn.state.owners[src.uid], n, key, target.uid)

    return Ability(key=f"use:{src.uid}:0", label=f"{src.name}: discard {n} cards from hand", run=run)


def _merry(state: TcgState, seat: str, src: Card) -> list[Ability]:
    """Merry, Noble Warrior: discard 4 cards from hand for +2 per Rohan companion."""
    if not _in_skirmish_phase(state) or not rules.in_skirmish(state, src) or len(state.player(seat).hand.cards) < 4:
        return []
    return [_pay_hand(4, "merry", src, src)]


@proc.handler("merry")
def _merry_paid(turn: T, args: list[str], choice: tuple[str, ...]) -> None:
    proc.discard_from_hand(turn, turn.state.owners[args[0]], choice)
    s = turn.state
    n = 2 * sum(1 for x in rules.companions(s) if rules.cdef(s, x).culture == "rohan")
    before = {id(m) for m in s.mods}
    _skirmish_mod(args[0], "strength", n)(turn)
    proc.credit_mods(s, before, args[0])  # the card paid for: its own ability


script("8_121", abilities=_merry,
       can_play=lambda s, seat: any(rules.cdef(s, c).culture == "rohan" for c in rules.companions(s)))
# Pippin, Guard of Minas Tirith: needs a Gondor Man to play.
# Morgul Predator: exert itself to give a Nazgul or Ringwraith Orc in the skirmish +1.


def _predator(state: TcgState, seat: str, src: Card) -> list[Ability]:
    if not _in_skirmish_phase(state) or not rules.can_exert(state, src):
        return []
    targets = _fighters(state, lambda c: rules.cdef(state, c).race == "nazgul" or rules.is_culture(
        state, c, "wraith", "orc"))

    def make(uid: str) -> Callable[[T], None]:
        def run(turn: T) -> None:
            proc.exert(turn, src.uid)
            _skirmish_mod(uid, "strength", 1)(turn)
        return run

    return [Ability(key=f"use:{src.uid}:{t.uid}", label=f"Exert {src.name} to make {t.name} +1", run=make(t.uid))
            for t in targets]


script("7_196", abilities=_predator)


# Rohirrim Javelin: in archery, discard it for +1 to the fellowship archery total.
def _javelin(state: TcgState, seat: str, src: Card) -> list[Ability]:
    if state.phase != "archery":
        return []

    def run(turn: T) -> None:
        proc.discard(turn, src.uid)
        turn.state.mods.append(Mod(uid=src.uid, stat="archery:fp", amount=1, until="phase"))
        turn.say("The fellowship archery total is +1.")

    return [Ability(key=f"use:{src.uid}", label=f"Discard {src.name}: fellowship archery +1", run=run)]


script("7_248", abilities=_javelin)


# Gondorian Sword: discard 3 cards from hand for damage +1 to its bearer in a skirmish.
def _sword(state: TcgState, seat: str, src: Card) -> list[Ability]:
    bearer = _bearer(state, src)
    if bearer is None or not _in_skirmish_phase(state) or not rules.in_skirmish(state, bearer) \
            or len(state.player(seat).hand.cards) < 3:
        return []
    return [_pay_hand(3, "sword", src, bearer)]


@proc.handler("sword")
def _sword_paid(turn: T, args: list[str], choice: tuple[str, ...]) -> None:
    proc.discard_from_hand(turn, turn.state.owners[args[0]], choice)
    _skirmish_mod(args[0], "damage", 1)(turn)


script("7_98", abilities=_sword)

# Text the rules already carry out in full: the bearer restriction is card data (Hobbit Sword), and The Ruling
# Ring's response (burdens instead of skirmish wounds, off at regroup) is the rules' own Ring handling (flow.py).
script("7_319")
script("7_1")

# The card modules register the rest of the Siege of Gondor starters and the set-1 starters.
from engines.tcg import (  # noqa: E402, F401
    cards_fotr,
    cards_fotr_free,
    cards_fotr_shadow,
    cards_fotr_sites,
    cards_gondor,
    cards_rohan,
    cards_shadow,
    cards_sites,
)
