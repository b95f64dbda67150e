"""Free Peoples cards of the Pippin starter (Gondor, and Pippin himself), in our own words (spec 8.3). The
fortifications start in the support area and some move onto minions, where their strength -1 applies to the
minion bearing them. Each card's test is in tests/engines/tcg/test_cards_gondor.py."""

from __future__ import annotations

from collections.abc import Callable

from engines.core import Card, Option
from engines.tcg import actions, kit, rules
from engines.tcg import procedures as proc
from engines.tcg.scripts import Ability, script
from engines.tcg.state import TcgState

T = kit.T


def _gondor_men(state: TcgState, exertable: bool = True) -> list[Card]:
    return [c for c in state.fp_player.fellowship.cards if rules.is_culture(state, c, "gondor", "man")
            and (not exertable or rules.can_exert(state, c))]


def _fortified(state: TcgState, minion: Card) -> bool:
    return any("fortification" in rules.cdef(state, a).keywords for a in minion.attached)


def _in_support(state: TcgState, src: Card) -> bool:
    return any(c is src for c in state.player(state.owners[src.uid]).support.cards)


# Pippin, Guard of Minas Tirith: needs a Gondor Man in play. Skirmish: his player throws away four hand cards; a
# fortified minion in his fight then takes two wounds.
def _pippin(state: TcgState, seat: str, src: Card) -> list[Ability]:
    if src.uid != state.skirmish or not kit.in_skirmish_phase(state) or len(state.player(seat).hand.cards) < 4:
        return []
    out = []
    for m in rules.skirmishing(state, src):
        if _fortified(state, m):
            def run(turn: T, uid: str = m.uid) -> None:
                proc.pay_hand_cards(turn, seat, 4, "pippin", uid)
            out.append(kit.ability(src, m.uid, f"pay four hand cards: two wounds on {m.name}", run))
    return out


@proc.handler("pippin")
def _pippin_paid(turn: T, args: list[str], choice: tuple[str, ...]) -> None:
    proc.discard_from_hand(turn, turn.state.fp_player.seat, choice)
    turn.state.queue[:0] = [f"wound:{args[0]}:effect"] * 2


script("8_122", can_play=lambda s, seat: bool(_gondor_men(s, exertable=False)), abilities=_pippin)


# Faramir, Defender of Osgiliath: when played (not in the starting fellowship) the FP may look at the top 10
# cards of his draw deck and play one knight among them, then shuffles.
def _faramir_played(turn: T, faramir: Card) -> None:
    seat = turn.state.owners[faramir.uid]
    if turn.state.player(seat).draw.cards:
        proc.yes_no(turn, seat, f"{faramir.name}: search your deck's ten top cards for a knight?",
                    "faramir")


def _knight(state: TcgState, card: Card) -> bool:
    return "knight" in rules.cdef(state, card).keywords


@proc.handler("faramir")
def _faramir_search(turn: T, args: list[str], choice: tuple[str, ...]) -> None:
    if choice[0] != "yes":
        return
    seat = turn.state.fp_player.seat
    seen = [c.uid for c in kit.look_at_top(turn, seat, 10)]
    plays = kit.deck_plays(turn.state, seat, seen, lambda c: _knight(turn.state, c))
    if not plays:
        kit.draw_shuffled(turn, seat)
        return
    kit.offer(turn, seat, "Play a knight you found (its cost is added), or none; then the deck is shuffled.",
              plays, "faramir_pick", *seen, private=True)


@proc.handler("faramir_pick")
def _faramir_pick(turn: T, args: list[str], choice: tuple[str, ...]) -> None:
    seat = turn.state.fp_player.seat
    if choice[0] != "skip":
        kit.run_pick(kit.deck_plays(turn.state, seat, args, lambda c: _knight(turn.state, c)), choice[0], turn)
    kit.draw_shuffled(turn, seat)


script("8_34", on_play=_faramir_played)


# Ingold: Fellowship, give up one of your fortifications; he heals twice. Gondorian Captain: Fellowship, give up
# one of your fortifications; one threat goes.
def _fort_cost(effect: str) -> Callable[[TcgState, str, Card], list[Ability]]:
    def lister(state: TcgState, seat: str, src: Card) -> list[Ability]:
        if state.phase != "fellowship" or not kit.is_fp(state, seat):
            return []
        if (effect == "heal" and not rules.wounds(src)) or (effect == "threat" and not state.fp_player.threats):
            return []
        out = []
        for f in kit.fortifications(state, seat):
            def run(turn: T, uid: str = f.uid) -> None:
                proc.discard(turn, uid)
                if effect == "heal":
                    proc.heal(turn, src.uid, 2)
                else:
                    proc.remove_threats(turn, 1)
            what = "heal him twice" if effect == "heal" else "take away one threat"
            out.append(kit.ability(src, f.uid, f"discard {f.name} to {what}", run))
        return out

    return lister


script("7_106", abilities=_fort_cost("heal"))
script("7_96", abilities=_fort_cost("threat"))


# First Level: Maneuver, moves from the support area onto a minion; pays by a Gondor Man exerting, or free when a
# knight is in play.
def _first_level(state: TcgState, seat: str, src: Card) -> list[Ability]:
    if state.phase != "maneuver" or not kit.is_fp(state, seat) or not _in_support(state, src):
        return []
    payers: list[list[str]] = [[]] if kit.knights(state) else [[m.uid] for m in _gondor_men(state)]
    out = []
    for m in rules.minions(state):
        for pay in payers:
            how = "spotting a knight" if not pay else f"exerting {proc.name(state, pay[0])}"
            out.append(kit.ability(src, ":".join([m.uid, *pay]), f"move onto {m.name}, {how}",
                                   kit.exerting(pay, _moved(src.uid, m.uid))))
    return out


def _moved(uid: str, to: str, exhaust: bool = False) -> kit.Run:
    def run(turn: T) -> None:
        kit.transfer(turn, uid, to)
        if exhaust:
            kit.exhaust(turn, to)

    return run


script("7_92", abilities=_first_level)


# Fourth Level: Skirmish, moves onto a minion fighting a Gondor Man, which is then exhausted; pays by two Gondor
# Men exerting, or free with three knights in play.
def _fourth_level(state: TcgState, seat: str, src: Card) -> list[Ability]:
    if not kit.in_skirmish_phase(state) or not kit.is_fp(state, seat) or not _in_support(state, src):
        return []
    comp = state.find(state.skirmish)
    if comp is None or not rules.is_culture(state, comp, "gondor", "man"):
        return []
    men = _gondor_men(state)
    payers: list[list[str]] = [[]] if len(kit.knights(state)) >= 3 else [
        [a.uid, b.uid] for i, a in enumerate(men) for b in men[i + 1:]]
    out = []
    for m in rules.skirmishing(state, comp):
        for pay in payers:
            how = "spotting 3 knights" if not pay else "exerting " + " and ".join(proc.name(state, u) for u in pay)
            out.append(kit.ability(src, ":".join([m.uid, *pay]), f"move onto {m.name} and exhaust it, {how}",
                                   kit.exerting(pay, _moved(src.uid, m.uid, exhaust=True))))
    return out


script("8_35", abilities=_fourth_level)


# Sixth Level: Regroup, once each regroup phase: a Gondor Man exerts and a Gondor fortification comes back into play
# out of the discard pile.
def _sixth_level(state: TcgState, seat: str, src: Card) -> list[Ability]:
    used = f"used:{src.uid}:{state.moves}"
    if state.phase != "regroup" or not kit.is_fp(state, seat) or used in state.flags:
        return []
    out: list[Ability] = []
    titles: set[str] = set()
    for f in state.player(seat).discard.cards:
        d = rules.cdef(state, f)
        if d.culture != "gondor" or "fortification" not in d.keywords or d.id in titles:
            continue
        titles.add(d.id)
        for play in actions.plays_of(state, seat, f, actions.cost_of(state, f), source="discard"):
            for man in _gondor_men(state):
                def run(turn: T, play: Ability = play, uid: str = man.uid) -> None:
                    turn.state.flags.append(used)
                    proc.exert(turn, uid)
                    play.run(turn)
                out.append(kit.ability(src, f"{f.uid}:{man.uid}", f"exert {man.name}: {play.label}", run))
    return out


script("8_44", abilities=_sixth_level)


# Knight's Mount: whenever its bearer wins his fight, the FP may wound one minion left without a pairing.
def _mount_won(turn: T, src: Card) -> None:
    state = turn.state
    bearer = rules.bearer_of(state, src.uid)
    if bearer is None or bearer.uid != state.skirmish or state.last_winner != "fp":
        return
    free = [m for m in rules.minions(state) if m.uid not in state.assign]
    if free:
        proc.ask_card(turn, state.fp_player.seat, f"{src.name}: wound a minion left unpaired?",
                      [Option(id="no", label="No"), *(Option(id=m.uid, label=f"Wound {m.name}") for m in free)],
                      "wound_chosen")


script("8_40", triggers={"skirmish won": _mount_won})


# Long Prepared: costs 2 threats as well. Skirmish: a Gondor Man in the current fight exerts; a roaming minion he
# fights takes a wound. It leaves play when regroup begins.
def _prepared(state: TcgState, seat: str, src: Card) -> list[Ability]:
    if not kit.in_skirmish_phase(state) or not kit.is_fp(state, seat):
        return []
    comp = state.find(state.skirmish)
    if comp is None or not rules.is_culture(state, comp, "gondor", "man") or not rules.can_exert(state, comp):
        return []
    out = []
    for m in rules.skirmishing(state, comp):
        if rules.roaming(state, m):
            out.append(kit.ability(src, m.uid, f"exert {comp.name} to wound {m.name}",
                                   kit.exerting([comp.uid], _wound(m.uid))))
    return out


def _wound(uid: str) -> kit.Run:
    def run(turn: T) -> None:
        turn.state.queue.insert(0, f"wound:{uid}:effect")

    return run


def _prepared_played(turn: T, src: Card) -> None:
    proc.add_threats(turn, 2)


def _prepared_ends(turn: T, src: Card) -> None:
    proc.discard(turn, src.uid, " (its time is over)")


script("7_109", can_play=lambda s, seat: kit.can_add_threat(s, 2), on_play=_prepared_played, abilities=_prepared,
       triggers={"start of regroup": _prepared_ends})
