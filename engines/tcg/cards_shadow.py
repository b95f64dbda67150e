"""Shadow cards of both Siege of Gondor starters (Ringwraith in the Merry deck, Raider in the Pippin deck), in
our own words (spec 8.3). Each card's test is in tests/engines/tcg/test_cards_shadow.py."""

from __future__ import annotations

from collections.abc import Callable

from engines.core import Card, Option
from engines.tcg import kit, rules
from engines.tcg import procedures as proc
from engines.tcg.scripts import Ability, script
from engines.tcg.state import TcgState

T = kit.T


def _nazgul(state: TcgState) -> list[Card]:
    return [m for m in rules.minions(state) if rules.cdef(state, m).race == "nazgul"]


# Morgul Spearman: while a Nazgul is in play, pairing it with a defender costs the FP one companion's exertion.
script("7_201", fp_assign_cost=lambda s, m: bool(_nazgul(s)))


# Morgul Destroyer: when played, its owner may spot a Nazgul to add 2 threats, unless the FP wounds the
# Ring-bearer instead. Skirmish: remove a threat for +3.
def _destroyer_played(turn: T, src: Card) -> None:
    if _nazgul(turn.state):
        proc.yes_no(turn, turn.state.owners[src.uid], f"{src.name}: spot a Nazgul to add 2 threats?", "destroyer")


@proc.handler("destroyer")
def _destroyer_threats(turn: T, args: list[str], choice: tuple[str, ...]) -> None:
    if choice[0] != "yes":
        return
    fp = turn.state.fp_player
    if rules.ring_bearer(turn.state) is None:
        proc.add_threats(turn, 2)
        return
    proc.yes_no(turn, fp.seat, "Wound your Ring-bearer to stop 2 threats being added?", "destroyer_stop")


@proc.handler("destroyer_stop")
def _destroyer_stop(turn: T, args: list[str], choice: tuple[str, ...]) -> None:
    fp = turn.state.fp_player
    if choice[0] == "yes":
        turn.say(f"{fp.seat} wounds the Ring-bearer to stop the threats.")
        turn.state.queue.insert(0, f"wound:{fp.ring_bearer}:effect")
    else:
        proc.add_threats(turn, 2)


def _destroyer(state: TcgState, seat: str, src: Card) -> list[Ability]:
    if not kit.in_skirmish_phase(state) or not rules.in_skirmish(state, src) or not state.fp_player.threats:
        return []

    def run(turn: T) -> None:
        proc.remove_threats(turn, 1)
        kit.skirmish_mod(src.uid, "strength", 3)(turn)

    return [kit.ability(src, "", "remove a threat for +3", run)]


script("7_190", on_play=_destroyer_played, abilities=_destroyer)


# The three Ulaire: Regroup, with Shadow initiative, discard the Nazgul itself for an effect.
def _ulaire(effect: str) -> Callable[[TcgState, str, Card], list[Ability]]:
    def lister(state: TcgState, seat: str, src: Card) -> list[Ability]:
        if state.phase != "regroup" or not kit.is_shadow(state, seat) or not rules.shadow_has_initiative(state):
            return []
        if effect == "possession":  # Lemenya: discard a possession
            items = [a for c in rules.characters(state) for a in c.attached
                     if rules.cdef(state, a).type == "possession"]
            items += [c for p in state.live() for c in p.support.cards if rules.cdef(state, c).type == "possession"]
            return [kit.ability(src, a.uid, f"discard it to discard {a.name}",
                                kit.discard_self_then(src.uid, _discard(a.uid))) for a in items]
        if effect == "exert":  # Nelya: exert each Ring-bound companion
            return [kit.ability(src, "", "discard it to exert each Ring-bound companion",
                                kit.discard_self_then(src.uid, _exert_bound))]
        return [kit.ability(src, "", "discard it: the FP exerts a Ring-bound companion twice or returns an unbound "
                            "one to hand", kit.discard_self_then(src.uid, _otsea))]  # Otsea

    return lister


def _discard(uid: str) -> kit.Run:
    def run(turn: T) -> None:
        proc.discard(turn, uid)
        proc.check_deaths(turn)

    return run


def _bound(state: TcgState) -> list[Card]:
    return [c for c in rules.companions(state) if "ring-bound" in rules.cdef(state, c).keywords]


def _exert_bound(turn: T) -> None:
    for c in _bound(turn.state):
        if rules.can_exert(turn.state, c):
            proc.exert(turn, c.uid)


def _otsea(turn: T) -> None:
    state = turn.state
    options = [Option(id=f"exert:{c.uid}", label=f"Exert {c.name} twice") for c in _bound(state)
               if rules.can_exert(state, c)]
    options += [Option(id=f"return:{c.uid}", label=f"Return {c.name} to your hand") for c in rules.companions(state)
                if c not in _bound(state)]
    if options:
        only = options[0].id.split(":")
        what = (f"{proc.name(state, only[1])} exerts twice" if only[0] == "exert" else
                f"{proc.name(state, only[1])} returns to {state.fp_player.seat}'s hand")
        proc.ask_card(turn, state.fp_player.seat, "Úlairë Otsëa: choose what you suffer.", options, "otsea",
                      forced=f"Úlairë Otsëa: {what}, the only choice" if len(options) == 1 else "")


@proc.handler("otsea")
def _otsea_answer(turn: T, args: list[str], choice: tuple[str, ...]) -> None:
    what, _, uid = choice[0].partition(":")
    if what == "exert":
        proc.exert(turn, uid, 2)
    else:
        kit.return_to_hand(turn, uid)


script("7_214", abilities=_ulaire("possession"))
script("7_216", abilities=_ulaire("exert"))
script("7_218", abilities=_ulaire("choice"))


# Unhindered (skirmish): a Nazgul in the skirmish is +2; if it wins, the Shadow has initiative for the rest of the
# turn whatever the FP's hand.
def _unhindered(state: TcgState, seat: str, card: Card) -> list[Ability]:
    out = []
    for n in kit.fighters(state, lambda c: rules.cdef(state, c).race == "nazgul"):
        def run(turn: T, uid: str = n.uid) -> None:
            kit.skirmish_mod(uid, "strength", 2)(turn)
            turn.state.flags.append(f"watch:8_82:{uid}")
        out.append(Ability(key=f"ev:{card.uid}:{n.uid}", label=f"Play {card.name} on {n.name}", run=run))
    return out


def _unhindered_won(turn: T, uid: str) -> None:
    state = turn.state
    state.flags.remove(f"watch:8_82:{uid}")
    # It was in this skirmish when the event was played; an overwhelmed companion's pairings are gone by now.
    if state.last_winner == "shadow" and state.find(uid) in state.minions.cards and "shadow initiative" \
            not in state.flags:
        state.flags.append("shadow initiative")
        turn.say(f"{proc.name(state, uid)} won: initiative belongs to the Shadow for the rest of this turn.")


script("8_82", event=_unhindered, watchers={"skirmish won": _unhindered_won})


# Haradwaith: while a Raider minion is in play and the fellowship is at site 4, the Shadow has initiative.
# Response: after a companion enters play, its owner may pay one Raider card out of hand for 5 twilight, and this
# condition then goes to the discard pile.
def _haradwaith_initiative(state: TcgState, src: Card) -> int:
    site = state.current_site()
    return int(site is not None and rules.cdef(state, site).site == 4 and rules.cdef(state, site).block == "king"
               and any(rules.cdef(state, m).culture == "raider" for m in rules.minions(state)))


def _haradwaith_response(turn: T, src: Card) -> None:
    """Asked whenever a companion is played, whatever the hand holds, so the question tells nobody anything."""
    seat = turn.state.owners[src.uid]
    raiders = [c for c in turn.state.player(seat).hand.cards if rules.cdef(turn.state, c).culture == "raider"]
    proc.ask_card(turn, seat, f"{src.name}: a companion was played. Pay a Raider card out of your hand for 5 "
                  "twilight (Haradwaith then leaves play)?", [Option(id="no", label="No"),
                                                         *(Option(id=c.uid, label=f"Discard {c.name}")
                                                           for c in raiders)],
                  "haradwaith", src.uid, private=True)


@proc.handler("haradwaith")
def _haradwaith_answer(turn: T, args: list[str], choice: tuple[str, ...]) -> None:
    if choice[0] == "no" or turn.state.find(args[0]) is None:
        return
    proc.discard_from_hand(turn, turn.state.owners[args[0]], choice)
    turn.state.twilight += 5
    turn.say(f"5 twilight added (pool {turn.state.twilight}).")
    proc.discard(turn, args[0])


script("8_61", shadow_initiative=_haradwaith_initiative, triggers={"companion played": _haradwaith_response})


# Desert Soldier: at the start of each skirmish it is in, its owner may remove 3 twilight to wound the companion.
def _soldier(turn: T, src: Card) -> None:
    state = turn.state
    if state.twilight >= 3 and state.assign.get(src.uid) == state.skirmish and state.find(state.skirmish):
        proc.ask_card(turn, state.owners[src.uid], f"{src.name}: remove 3 twilight to wound "
                      f"{proc.name(state, state.skirmish)}?", [Option(id="no", label="No"),
                                                              Option(id="yes", label="Yes")], "soldier", src.uid)


@proc.handler("soldier")
def _soldier_answer(turn: T, args: list[str], choice: tuple[str, ...]) -> None:
    state = turn.state
    if choice[0] == "yes" and state.twilight >= 3 and state.skirmish:
        state.twilight -= 3
        turn.say(f"3 twilight removed (pool {state.twilight}).")
        state.queue.insert(0, f"wound:{state.skirmish}:effect")


script("7_136", triggers={"start of skirmish": _soldier})


# Desert Runner, Scout and Sneak: when the FP assigns one to a character and the Shadow has initiative, its owner
# may wound that character.
def _ambusher(turn: T, src: Card) -> None:
    state = turn.state
    comp = state.assign.get(src.uid)
    if comp is not None and rules.shadow_has_initiative(state):
        proc.ask_card(turn, state.owners[src.uid], f"{src.name}: wound {proc.name(state, comp)}?",
                      [Option(id="no", label="No"), Option(id=comp, label=f"Wound {proc.name(state, comp)}")],
                      "wound_chosen")


for _id in ("7_133", "7_134", "7_135"):
    script(_id, triggers={"assigned by fp": _ambusher})


# Great Beasts: needs a Raider Man to play. Regroup: remove 9 twilight, spotting 3 Raider Men: move limit -1.
def _beasts(state: TcgState, seat: str, src: Card) -> list[Ability]:
    if state.phase != "regroup" or not kit.is_shadow(state, seat) or state.twilight < 9 \
            or len(kit.men(state, "raider")) < 3:
        return []

    def run(turn: T) -> None:
        turn.state.twilight -= 9
        kit.add_mod(turn, src.uid, "move_limit", -1, "turn")
        turn.say(f"9 twilight removed: the move limit is {rules.move_limit(turn.state)} this turn.")

    return [kit.ability(src, "", "remove 9 twilight: move limit -1", run)]


script("7_149", can_play=lambda s, seat: bool(kit.men(s, "raider")), abilities=_beasts)
