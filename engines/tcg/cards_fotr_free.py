"""Free Peoples cards of the two set-1 starters (Aragorn and Gandalf decks), in our own words (spec 8.3):
companions and allies first, then possessions and conditions, then events. Each card's test is in
tests/engines/tcg/test_cards_fotr_free.py. A strength event lists only characters in the current skirmish:
a bonus that ends with the skirmish does nothing to anyone else."""

from __future__ import annotations

from collections.abc import Callable

from engines.core import Card, Option, card_list
from engines.tcg import actions, kit, rules, scripts
from engines.tcg import procedures as proc
from engines.tcg.cards import CONDITION, EVENT, SHADOW
from engines.tcg.scripts import Ability, script
from engines.tcg.state import TcgState

T = kit.T
Pred = Callable[[TcgState, Card], bool]


def _titled(state: TcgState, card: Card, title: str) -> bool:
    return rules.cdef(state, card).title == title


def _race(race: str) -> Pred:
    return lambda s, c: rules.cdef(s, c).race == race


def _ranger(state: TcgState, card: Card) -> bool:
    return rules.has_keyword(state, card, "ranger")


def _fighting(state: TcgState, pred: Pred) -> list[Card]:
    return kit.fighters(state, lambda c: pred(state, c))


def _fellowship(state: TcgState, seat: str) -> bool:
    return state.phase == "fellowship" and kit.is_fp(state, seat)


def _exertable(state: TcgState, pred: Pred, companions_only: bool = False) -> list[Card]:
    pool = rules.companions(state) if companions_only else state.fp_player.fellowship.cards
    return [c for c in pool if pred(state, c) and rules.can_exert(state, c)]


def _heal(uid: str) -> kit.Run:
    def run(turn: T) -> None:
        proc.heal(turn, uid)

    return run


@proc.handler("fotr_heal")
def _heal_chosen(turn: T, args: list[str], choice: tuple[str, ...]) -> None:
    if choice[0] != "no":
        proc.heal(turn, choice[0])


# --- companions and allies ------------------------------------------------------------------------------------
# Aragorn, King in Exile: as each turn starts, the FP may heal one other companion of the Aragorn signet.
def _aragorn(turn: T, src: Card) -> None:
    state = turn.state
    hurt = [c for c in rules.companions(state) if c is not src and rules.cdef(state, c).signet == "aragorn"
            and rules.wounds(c)]
    if hurt and src in state.fp_player.fellowship.cards:
        proc.ask_card(turn, state.fp_player.seat, f"{src.name}: heal a companion of his signet?",
                      [Option(id="no", label="No"), *(Option(id=c.uid, label=f"Heal {c.name}") for c in hurt)],
                      "fotr_heal")


script("1_365", triggers={"start of turn": _aragorn})


# Boromir, Son of Denethor: Skirmish, he exerts: a Hobbit in the fight is +3.
def _boromir(state: TcgState, seat: str, src: Card) -> list[Ability]:
    if not rules.can_exert(state, src):
        return []
    return [kit.ability(src, h.uid, f"exert him: {h.name} +3", kit.exerting([src.uid], kit.skirmish_mod(
        h.uid, "strength", 3))) for h in _fighting(state, _race("hobbit"))]


script("1_97", abilities=_boromir)
# Legolas, Prince of Mirkwood: +3 while he fights a Nazgul.
script("1_51", strength=lambda s, src, t: 3 if t is src and any(
    rules.cdef(s, m).race == "nazgul" for m in rules.skirmishing(s, src)) else 0)


# Gimli, Dwarf of Erebor: Fellowship, with fewer than 2 twilight in the pool, add 2 to put a hand card under
# the draw deck.
def _gimli(state: TcgState, seat: str, src: Card) -> list[Ability]:
    if not _fellowship(state, seat) or state.twilight >= 2:
        return []
    out = []
    for card in state.player(seat).hand.cards:
        def run(turn: T, uid: str = card.uid) -> None:
            player = turn.state.player(seat)
            turn.state.twilight += 2
            player.draw.cards.insert(0, player.hand.take(uid))  # the draw end is the list's end
            turn.say(f"2 twilight added (pool {turn.state.twilight}); {seat} puts a card under the draw deck.")
        out.append(kit.ability(src, card.uid, f"add 2 twilight: put {card.name} under your draw deck", run))
    return out


script("1_12", abilities=_gimli)


# Gandalf, The Grey Wizard: Fellowship, he exerts: play a companion of the Gandalf signet from hand, 2 cheaper.
def _gandalf(state: TcgState, seat: str, src: Card) -> list[Ability]:
    if not _fellowship(state, seat) or not rules.can_exert(state, src):
        return []
    out = []
    for card in state.player(seat).hand.cards:
        d = rules.cdef(state, card)
        s = scripts.of(card.ref)
        if d.type != "companion" or d.signet != "gandalf" or actions.unique_blocked(state, seat, d) or (
                s is not None and s.can_play is not None and not s.can_play(state, seat)):
            continue
        play = actions.play_ability(state, seat, card, max(0, actions.cost_of(state, card) - 2), "fellowship",
                                     by=src.name)
        out.append(kit.ability(src, card.uid, f"exert him: {play.label}", kit.exerting([src.uid], play.run)))
    return out


script("1_364", abilities=_gandalf)


# Rosie Cotton: Sam is +1. Fellowship, she exerts: Sam heals once.
def _rosie(state: TcgState, seat: str, src: Card) -> list[Ability]:
    if not _fellowship(state, seat) or not rules.can_exert(state, src):
        return []
    return [kit.ability(src, sam.uid, f"exert her: heal {sam.name}", kit.exerting([src.uid], _heal(sam.uid)))
            for sam in rules.characters(state) if _titled(state, sam, "Sam") and rules.wounds(sam)]


script("1_309", strength=lambda s, src, t: 1 if _titled(s, t, "Sam") else 0, abilities=_rosie)


# Barliman Butterbur: Fellowship, he exerts: a Gandalf event goes from the discard pile back to hand.
def _barliman(state: TcgState, seat: str, src: Card) -> list[Ability]:
    if not _fellowship(state, seat) or not rules.can_exert(state, src):
        return []
    out, seen = [], set()
    for card in state.player(seat).discard.cards:
        d = rules.cdef(state, card)
        if d.culture != "gandalf" or d.type != EVENT or d.id in seen:
            continue
        seen.add(d.id)

        def take(turn: T, uid: str = card.uid) -> None:
            player = turn.state.player(seat)
            back = player.discard.take(uid)
            player.hand.cards.append(back)
            turn.say(f"{seat} takes {back.name} from the discard pile into hand.")
        out.append(kit.ability(src, card.uid, f"exert him: take {card.name} into hand",
                               kit.exerting([src.uid], take)))
    return out


script("1_70", abilities=_barliman)


# Bounder: Skirmish, he exerts: a Hobbit in the fight is overwhelmed only at triple strength.
def _bounder(state: TcgState, seat: str, src: Card) -> list[Ability]:
    if not rules.can_exert(state, src):
        return []

    def make(uid: str) -> kit.Run:
        def run(turn: T) -> None:
            kit.add_mod(turn, uid, "overwhelm", 3, "skirmish")
            turn.say(f"{proc.name(turn.state, uid)} can be overwhelmed only by triple strength in this skirmish.")
        return run

    return [kit.ability(src, h.uid, f"exert him: {h.name} needs tripling to overwhelm",
                        kit.exerting([src.uid], make(h.uid))) for h in _fighting(state, _race("hobbit"))]


script("1_286", abilities=_bounder)


# --- possessions and conditions -------------------------------------------------------------------------------
def _bearer(state: TcgState, src: Card) -> Card | None:
    return rules.bearer_of(state, src.uid)


# Armor: its bearer takes at most one wound in each skirmish.
def _armor(state: TcgState, src: Card, target: Card) -> int:
    return int(target is _bearer(state, src) and kit.in_skirmish_phase(state)
               and state.skirmish_wounds.get(target.uid, 0) >= 1)


script("1_92", prevent_wound=_armor)
# Coat of Mail: its bearer is overwhelmed only at triple strength.
script("1_101", overwhelm=lambda s, src, t: 3 if t is _bearer(s, src) else 0)
# Great Shield: the minion archery total is -1.
script("1_107", archery_shadow=lambda s, src: -1)
# No Stranger to the Shadows (one per ranger): moving costs the fellowship 1 twilight less at every site.
script("1_108", cost=lambda s, src, c: -1 if rules.cdef(s, c).type == "site" else 0)


# Athelas: Fellowship, discard it to heal a companion or to discard a Shadow condition borne by a companion.
def _athelas(state: TcgState, seat: str, src: Card) -> list[Ability]:
    if not _fellowship(state, seat):
        return []
    out = [kit.ability(src, c.uid, f"discard it to heal {c.name}", kit.discard_self_then(src.uid, _heal(c.uid)))
           for c in rules.companions(state) if rules.wounds(c)]
    for c in rules.companions(state):
        for a in c.attached:
            if rules.cdef(state, a).side == SHADOW and rules.cdef(state, a).type == CONDITION:
                out.append(kit.ability(src, a.uid, f"discard it to discard {a.name} from {c.name}",
                                       kit.discard_self_then(src.uid, _discard(a.uid))))
    return out


def _discard(uid: str) -> kit.Run:
    def run(turn: T) -> None:
        if turn.state.find(uid) is not None:
            proc.discard(turn, uid)
            proc.check_deaths(turn)

    return run


script("1_94", abilities=_athelas)


# --- events ---------------------------------------------------------------------------------------------------
def _pump(pred: Pred, amount: Callable[[TcgState, Card], int]) -> Callable[[TcgState, str, Card], list[Ability]]:
    """A skirmish event: a character of the fight meeting `pred` gets +`amount`."""
    def lister(state: TcgState, seat: str, card: Card) -> list[Ability]:
        out = []
        for c in kit.fighters(state, lambda c: c in state.fp_player.fellowship.cards and pred(state, c)):
            n = amount(state, c)
            out.append(Ability(key=f"ev:{card.uid}:{c.uid}", label=f"Play {card.name} on {c.name} (+{n})",
                               run=kit.skirmish_mod(c.uid, "strength", n)))
        return out

    return lister


def _against(state: TcgState, card: Card, pred: Pred) -> bool:
    return any(pred(state, m) for m in rules.skirmishing(state, card))


def _underground(state: TcgState) -> bool:
    site = state.current_site()
    return site is not None and "underground" in rules.cdef(state, site).keywords


# Swordarm of the White Tower: a Gondor companion +2, or +4 if he is a defender.
script("1_116", event=_pump(lambda s, c: rules.cdef(s, c).culture == "gondor" and rules.cdef(s, c).type == "companion",
                            lambda s, c: 4 if rules.defender(s, c) else 2))
# Swordsman of the Northern Kingdom: a ranger +2, or +4 against a roaming minion.
script("1_117", event=_pump(_ranger, lambda s, c: 4 if _against(s, c, rules.roaming) else 2))
# Defiance: an Elf +2, or +4 against a Nazgul.
script("1_37", event=_pump(_race("elf"), lambda s, c: 4 if _against(s, c, _race("nazgul")) else 2))
# Mysterious Wizard: Gandalf +4, only +2 once 5 burdens are spotted.
script("1_78", event=_pump(lambda s, c: _titled(s, c, "Gandalf"), lambda s, c: 2 if s.fp_player.burdens >= 5 else 4))
# Their Halls of Stone: a Dwarf +2, or +4 underground.
script("1_26", event=_pump(_race("dwarf"), lambda s, c: 4 if _underground(s) else 2))


# Noble Intentions: a companion who is not a Hobbit exerts; a Hobbit in the fight is +3.
def _noble(state: TcgState, seat: str, card: Card) -> list[Ability]:
    payers = _exertable(state, lambda s, c: rules.cdef(s, c).race != "hobbit", companions_only=True)
    return [Ability(key=f"ev:{card.uid}:{p.uid}:{h.uid}", label=f"Play {card.name}: {p.name} exerts, {h.name} +3",
                    run=kit.exerting([p.uid], kit.skirmish_mod(h.uid, "strength", 3)))
            for h in _fighting(state, _race("hobbit")) for p in payers]


script("1_304", event=_noble)


# Hobbit Intuition: at sites 1 to 4 of the Fellowship block it cancels a Hobbit's skirmish; elsewhere the Hobbit
# is +3.
def _early_site(state: TcgState) -> bool:
    site = state.current_site()
    return site is not None and 1 <= rules.cdef(state, site).site <= 4 and rules.cdef(state, site).block == "fellowship"


def _intuition(state: TcgState, seat: str, card: Card) -> list[Ability]:
    hobbits = kit.fighters(state, lambda c: c in state.fp_player.fellowship.cards and _race("hobbit")(state, c))
    if not _early_site(state):
        return [Ability(key=f"ev:{card.uid}:{h.uid}", label=f"Play {card.name} on {h.name} (+3)",
                        run=kit.skirmish_mod(h.uid, "strength", 3)) for h in hobbits]
    return [Ability(key=f"ev:{card.uid}:{h.uid}", label=f"Play {card.name}: cancel {h.name}'s skirmish",
                    run=kit.cancel_skirmish) for h in hobbits]


script("1_296", event=_intuition)


# Eregion's Trails (maneuver): a ranger exerts; every roaming minion is -3 until the regroup phase.
def _trails(state: TcgState, seat: str, card: Card) -> list[Ability]:
    def make(uid: str) -> kit.Run:
        def run(turn: T) -> None:
            proc.exert(turn, uid)
            for m in [m for m in rules.minions(turn.state) if rules.roaming(turn.state, m)]:
                kit.add_mod(turn, m.uid, "strength", -3, "regroup")
                turn.say(f"{proc.called(turn.state, m)} is strength -3 until the regroup phase.")
        return run

    return [Ability(key=f"ev:{card.uid}:{r.uid}", label=f"Play {card.name}, exerting {r.name}", run=make(r.uid))
            for r in _exertable(state, _ranger)]


script("1_104", event=_trails)


# Gondor's Vengeance (regroup): a ranger companion exerts; a minion is discarded.
def _vengeance(state: TcgState, seat: str, card: Card) -> list[Ability]:
    return [Ability(key=f"ev:{card.uid}:{r.uid}:{m.uid}", label=f"Play {card.name}: {r.name} exerts, discard {m.name}",
                    run=kit.exerting([r.uid], _discard(m.uid)))
            for r in _exertable(state, _ranger, companions_only=True) for m in rules.minions(state)]


script("1_106", event=_vengeance)


# Pathfinder (fellowship or regroup, spotting a ranger): the FP lays his own next site, replacing another's.
def _pathfinder(state: TcgState, seat: str, card: Card) -> list[Ability]:
    fp = state.fp_player
    nxt = fp.position + 1
    site = next((c for c in fp.adventure.cards if rules.cdef(state, c).site == nxt), None)
    here = state.site_at(nxt)
    if site is None or not any(_ranger(state, c) for c in fp.fellowship.cards) or (
            here is not None and state.owners[here.uid] == seat):
        return []

    def run(turn: T) -> None:
        st = turn.state
        old = st.site_at(nxt)
        if old is not None:
            st.path.cards.remove(old)
            st.player(st.owners[old.uid]).adventure.cards.append(old)
        new = st.fp_player.adventure.take(site.uid)
        st.path.cards.append(new)
        turn.say(f"{seat} lays {new.name} as site {nxt}" + (f", replacing {old.name}." if old is not None else "."))

    return [Ability(key=f"ev:{card.uid}", label=f"Play {card.name}: lay your site {nxt}, {site.name}", run=run)]


script("1_110", event=_pathfinder)


# Sleep, Caradhras (fellowship): Gandalf exerts; every condition in play is discarded.
def _sleep(state: TcgState, seat: str, card: Card) -> list[Ability]:
    def run(turn: T) -> None:
        st = turn.state
        gone = [a.uid for c in rules.characters(st) for a in c.attached if rules.cdef(st, a).type == CONDITION]
        gone += [c.uid for p in st.live() for c in p.support.cards if rules.cdef(st, c).type == CONDITION]
        for uid in gone:
            proc.discard(turn, uid)
        proc.check_deaths(turn)

    return [Ability(key=f"ev:{card.uid}:{g.uid}", label=f"Play {card.name}, exerting {g.name}",
                    run=kit.exerting([g.uid], run))
            for g in _exertable(state, lambda s, c: _titled(s, c, "Gandalf"))]


script("1_84", event=_sleep)


# Sorry About Everything (fellowship): a Hobbit companion exerts; one burden goes.
def _sorry(state: TcgState, seat: str, card: Card) -> list[Ability]:
    if not state.fp_player.burdens:
        return []
    return [Ability(key=f"ev:{card.uid}:{h.uid}", label=f"Play {card.name}, exerting {h.name}",
                    run=kit.exerting([h.uid], lambda turn: proc.remove_burdens(turn, 1)))
            for h in _exertable(state, _race("hobbit"), companions_only=True)]


script("1_312", event=_sorry)


# Treachery Deeper Than You Know (fellowship, spotting Gandalf): a Shadow player's hand is shown to the table.
def _treachery(state: TcgState, seat: str, card: Card) -> list[Ability]:
    if not any(_titled(state, c, "Gandalf") for c in state.fp_player.fellowship.cards):
        return []

    def make(other: str) -> kit.Run:
        def run(turn: T) -> None:
            hand = turn.state.player(other).hand.cards
            turn.reveal()
            turn.say(f"{other}'s hand is shown: " + card_list((c.name for c in hand), "no cards") + ".")
        return run

    return [Ability(key=f"ev:{card.uid}:{p.seat}", label=f"Play {card.name}: show {p.seat}'s hand", run=make(p.seat))
            for p in state.live() if kit.is_shadow(state, p.seat)]


script("1_86", event=_treachery)
