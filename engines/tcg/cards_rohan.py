"""Free Peoples cards of the Merry starter (Rohan) and the Ring-bearer both starters share, in our own words
(spec 8.3). Each card's test is in tests/engines/tcg/test_cards_rohan.py."""

from __future__ import annotations

from engines.core import Card, Option
from engines.tcg import actions, kit, rules
from engines.tcg import procedures as proc
from engines.tcg.scripts import Ability, script
from engines.tcg.state import TcgState

T = kit.T
ROHAN_TOKEN = "rohan"


# Frodo, Hope of Free Peoples: on every move, the FP may put 3 twilight in the pool and take away one threat.
def _frodo_moves(turn: T, frodo: Card) -> None:
    fp = turn.state.fp_player
    if fp.threats and fp.ring_bearer == frodo.uid:
        proc.yes_no(turn, fp.seat, f"{frodo.name}: pay 3 twilight into the pool and take away one threat "
                    f"({fp.threats} now)?", "frodo")


@proc.handler("frodo")
def _frodo_answer(turn: T, args: list[str], choice: tuple[str, ...]) -> None:
    if choice[0] == "yes" and turn.state.fp_player.threats:
        turn.state.twilight += 3
        turn.say(f"3 twilight added (pool {turn.state.twilight}).")
        proc.remove_threats(turn, 1)


script("7_317", triggers={"moves": _frodo_moves})


# Éomer, Keeper of Oaths: when played (not in the starting fellowship) the FP may search his deck's ten top cards
# and play any Rohan possessions among them, then shuffles.
def _eomer_played(turn: T, eomer: Card) -> None:
    seat = turn.state.owners[eomer.uid]
    if turn.state.player(seat).draw.cards:
        proc.yes_no(turn, seat, f"{eomer.name}: search your deck's ten top cards for Rohan possessions?",
                    "eomer")


def _rohan_possession(state: TcgState, card: Card) -> bool:
    d = rules.cdef(state, card)
    return d.culture == "rohan" and d.type == "possession"


@proc.handler("eomer")
def _eomer_search(turn: T, args: list[str], choice: tuple[str, ...]) -> None:
    if choice[0] != "yes":
        return
    seat = turn.state.fp_player.seat
    seen = [c.uid for c in kit.look_at_top(turn, seat, 10)]
    _eomer_offer(turn, seat, seen)


def _eomer_offer(turn: T, seat: str, seen: list[str]) -> None:
    plays = kit.deck_plays(turn.state, seat, seen, lambda c: _rohan_possession(turn.state, c))
    if not plays:
        kit.draw_shuffled(turn, seat)
        return
    kit.offer(turn, seat, "Play a Rohan possession you found (its cost is added), or stop and shuffle.", plays,
              "eomer_pick", *seen, private=True, none="Stop and shuffle")


@proc.handler("eomer_pick")
def _eomer_pick(turn: T, args: list[str], choice: tuple[str, ...]) -> None:
    seat = turn.state.fp_player.seat
    plays = kit.deck_plays(turn.state, seat, args, lambda c: _rohan_possession(turn.state, c))
    if choice[0] == "skip" or not kit.run_pick(plays, choice[0], turn):
        kit.draw_shuffled(turn, seat)
        return
    _eomer_offer(turn, seat, args)


script("8_87", on_play=_eomer_played)


# Long Spear: may also be played whenever a skirmish event could be, by adding a threat as well.
def _spear_ok(state: TcgState, seat: str) -> bool:
    return state.phase != "skirmish" or kit.can_add_threat(state)


def _spear_played(turn: T, spear: Card) -> None:
    if turn.state.phase == "skirmish":
        proc.add_threats(turn, 1)


script("7_240", other_phase="skirmish", can_play=_spear_ok, on_play=_spear_played)


# Charged Headlong (skirmish, needs FP initiative): discard a Rohan possession in play to play a Rohan possession
# from the discard pile.
def _headlong(state: TcgState, seat: str, card: Card) -> list[Ability]:
    if not rules.has_initiative(state, seat):
        return []
    out = []
    for comp in state.fp_player.fellowship.cards:
        for item in comp.attached:
            if _rohan_possession(state, item):
                def run(turn: T, uid: str = item.uid) -> None:
                    proc.discard(turn, uid)
                    _headlong_offer(turn, seat)
                out.append(Ability(key=f"ev:{card.uid}:{item.uid}",
                                   label=f"Play {card.name}, discarding {item.name} from {comp.name}", run=run))
    return out


def _pile_plays(state: TcgState, seat: str) -> list[Ability]:
    out: list[Ability] = []
    seen: set[str] = set()
    for c in state.player(seat).discard.cards:
        if _rohan_possession(state, c) and c.ref not in seen:
            seen.add(c.ref)
            out.extend(actions.plays_of(state, seat, c, actions.cost_of(state, c), source="discard"))
    return out


def _headlong_offer(turn: T, seat: str) -> None:
    plays = _pile_plays(turn.state, seat)
    if plays:
        kit.offer(turn, seat, "Pick a Rohan possession out of your discard pile to play.", plays, "headlong")


@proc.handler("headlong")
def _headlong_pick(turn: T, args: list[str], choice: tuple[str, ...]) -> None:
    if choice[0] != "skip":
        kit.run_pick(_pile_plays(turn.state, turn.state.fp_player.seat), choice[0], turn)


script("8_85", event=_headlong)


# Doom Drove Them (support area). Fellowship: exert a Rohan companion and a Gondor Man or Shire companion to put
# a Rohan token on it. Skirmish: spend one of its Rohan tokens; a minion in the current fight exerts.
def _doom(state: TcgState, seat: str, src: Card) -> list[Ability]:
    out: list[Ability] = []
    if state.phase == "fellowship":
        rohan = [c for c in rules.companions(state) if rules.cdef(state, c).culture == "rohan"
                 and rules.can_exert(state, c)]
        partners = [c for c in rules.characters(state) if rules.can_exert(state, c) and (
            rules.is_culture(state, c, "gondor", "man") or (rules.cdef(state, c).culture == "shire"
                                                            and rules.cdef(state, c).type == "companion"))]
        for r in rohan:
            for p in partners:
                if p is not r:
                    out.append(kit.ability(src, f"{r.uid}:{p.uid}", f"exert {r.name} and {p.name} for a Rohan token",
                                           kit.exerting([r.uid, p.uid], _token(src.uid))))
    elif kit.in_skirmish_phase(state) and src.tokens.get(ROHAN_TOKEN, 0):
        for m in kit.fighters(state, lambda c: c in rules.minions(state) and rules.can_exert(state, c)):
            def run(turn: T, uid: str = m.uid) -> None:
                card = turn.state.find(src.uid)
                if card is not None:
                    card.tokens[ROHAN_TOKEN] -= 1
                    if not card.tokens[ROHAN_TOKEN]:
                        del card.tokens[ROHAN_TOKEN]
                proc.exert(turn, uid)
            out.append(kit.ability(src, m.uid, f"remove a Rohan token to exert {m.name}", run))
    return out


def _token(uid: str) -> kit.Run:
    def run(turn: T) -> None:
        card = turn.state.find(uid)
        if card is not None:
            card.tokens[ROHAN_TOKEN] = card.tokens.get(ROHAN_TOKEN, 0) + 1
            turn.say(f"{proc.called(turn.state, card)} has {proc.plural(card.tokens[ROHAN_TOKEN], 'Rohan token')}.")

    return run


script("8_86", abilities=_doom)


# Swift Steed: at a plains site its bearer takes at most 1 wound in each skirmish; at the start of a skirmish
# involving the bearer, each minion fighting him exerts.
def _steed_guard(state: TcgState, src: Card, target: Card) -> int:
    return int(target is rules.bearer_of(state, src.uid) and kit.in_skirmish_phase(state) and rules.at_plains(state)
               and state.skirmish_wounds.get(target.uid, 0) >= 1)


def _steed_charge(turn: T, src: Card) -> None:
    bearer = rules.bearer_of(turn.state, src.uid)
    if bearer is None or bearer.uid != turn.state.skirmish:
        return
    for m in rules.skirmishing(turn.state, bearer):
        if rules.can_exert(turn.state, m):
            proc.exert(turn, m.uid)


script("7_253", prevent_wound=_steed_guard, triggers={"start of skirmish": _steed_charge})


# They Sang as They Slew (regroup): exert any number of mounted companions to wound as many minions.
def _riders(state: TcgState) -> list[Card]:
    return [c for c in rules.companions(state) if rules.mounted(state, c) and rules.can_exert(state, c)]


def _sang(state: TcgState, seat: str, card: Card) -> list[Ability]:
    if not _riders(state) or not rules.minions(state):
        return []

    def run(turn: T) -> None:
        riders, n = _riders(turn.state), len(rules.minions(turn.state))
        proc.ask_many(turn, seat, "Exert which mounted companions? Each one wounds a minion.",
                      [Option(id=c.uid, label=c.name) for c in riders], "sang_exert",
                      low=1, high=min(len(riders), n))

    return [Ability(key=f"ev:{card.uid}", label=f"Play {card.name}", run=run)]


@proc.handler("sang_exert")
def _sang_exert(turn: T, args: list[str], choice: tuple[str, ...]) -> None:
    for uid in choice:
        proc.exert(turn, uid)
    minions = rules.minions(turn.state)
    x = min(len(choice), len(minions))
    if x:
        # the log says "<forced> (p1: answered by itself).": a sentence of what happens, not a fragment
        every = ("The only minion takes a wound, for the mounted companion exerted" if x == 1 else
                 f"Each of the {x} minions takes a wound, one for each mounted companion exerted")
        proc.ask_many(turn, turn.state.fp_player.seat, f"Wound {proc.plural(x, 'minion')}.",
                      [Option(id=m.uid, label=m.name) for m in minions], "sang_wound", low=x, high=x,
                      forced=every if x == len(minions) else "")


@proc.handler("sang_wound")
def _sang_wound(turn: T, args: list[str], choice: tuple[str, ...]) -> None:
    turn.state.queue[:0] = [f"wound:{uid}:effect" for uid in choice]


script("7_256", event=_sang)
