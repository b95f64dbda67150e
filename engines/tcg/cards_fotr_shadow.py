"""Shadow cards of the two set-1 starters (Isengard Uruk-hai in the Aragorn deck, Moria Orcs in the Gandalf
deck), in our own words (spec 8.3). Each card's test is in tests/engines/tcg/test_cards_fotr_shadow.py.
A Shadow card played from a pile pays its twilight like one from hand, so only what the pool affords is offered."""

from __future__ import annotations

from collections.abc import Callable

from engines.core import Card, Option, card_list
from engines.tcg import actions, kit, rules
from engines.tcg import procedures as proc
from engines.tcg.cards import EVENT, MINION
from engines.tcg.scripts import Ability, script
from engines.tcg.state import TcgState

T = kit.T
Pred = Callable[[TcgState, Card], bool]
WEAPONS = ("hand weapon", "ranged weapon")


def _uruk(state: TcgState, card: Card) -> bool:
    return rules.cdef(state, card).race == "uruk-hai"


def _moria_orc(state: TcgState, card: Card) -> bool:
    return rules.is_culture(state, card, "moria", "orc")


def _fighting(state: TcgState, pred: Pred) -> list[Card]:
    return kit.fighters(state, lambda c: c in state.minions.cards and pred(state, c))


def _mill(turn: T, n: int) -> None:
    """The top `n` cards of the FP's draw deck go to his discard pile, face up for everyone."""
    fp = turn.state.fp_player
    gone = [fp.draw.cards.pop() for _ in range(min(n, len(fp.draw.cards)))]
    fp.discard.cards.extend(gone)
    if gone:
        turn.reveal()
        turn.say(f"From the top of {fp.seat}'s draw deck to the discard pile: " + card_list(c.name for c in gone)
                 + ".")


def _pile_minions(state: TcgState, seat: str, pred: Pred, skip: tuple[str, ...] = (), spent: int = 0) -> list[Ability]:
    """Plays of minions from the seat's discard pile meeting `pred`, one per title, that the pool affords once
    `spent` more twilight is gone."""
    out: list[Ability] = []
    seen: set[str] = set()
    for card in state.player(seat).discard.cards:
        d = rules.cdef(state, card)
        if d.type != MINION or card.uid in skip or d.id in seen or not pred(state, card) \
                or actions.unique_blocked(state, seat, d):
            continue
        seen.add(d.id)
        cost = actions.cost_of(state, card) + (2 if actions._would_roam(state, card) else 0)
        if state.twilight - spent >= cost:
            out.append(actions.play_ability(state, seat, card, cost, "minion", source="discard"))
    return out


def _asked(key: str, prompt: str) -> Callable[[T, Card], None]:
    """An optional "when played" effect: its owner says yes or no."""
    def on_play(turn: T, src: Card) -> None:
        proc.yes_no(turn, turn.state.owners[src.uid], f"{src.name}: {prompt}", key, src.uid)

    return on_play


# --- minions ----------------------------------------------------------------------------------------------------
# Uruk Savage, Uruk-hai Raiding Party, Goblin Marksman: keywords only, which the rules carry out.
for _id in ("1_151", "1_158", "1_176"):
    script(_id)


# Uruk Soldier: when played, its owner may send the FP's top draw-deck card to his discard pile.
@proc.handler("fotr_mill1")
def _soldier(turn: T, args: list[str], choice: tuple[str, ...]) -> None:
    if choice[0] == "yes":
        _mill(turn, 1)


script("1_154", on_play=_asked("fotr_mill1", "discard the top card of the Free Peoples draw deck?"))


# Uruk Rager: each time it wins a skirmish, the FP's top 2 draw-deck cards go to his discard pile.
def _rager_starts(turn: T, src: Card) -> None:
    if turn.state.assign.get(src.uid) == turn.state.skirmish:
        turn.state.flags.append(f"fighting:{src.uid}")


def _rager_won(turn: T, src: Card) -> None:
    state = turn.state
    if f"fighting:{src.uid}" in state.flags:
        state.flags.remove(f"fighting:{src.uid}")
        if state.last_winner == "shadow":
            _mill(turn, 2)


script("1_150", triggers={"start of skirmish": _rager_starts, "skirmish won": _rager_won})


# Uruk Brood: Skirmish, remove 2 twilight: +1 for each other Uruk-hai spotted.
def _brood(state: TcgState, seat: str, src: Card) -> list[Ability]:
    if state.twilight < 2 or not rules.in_skirmish(state, src) or not kit.in_skirmish_phase(state):
        return []
    n = sum(1 for m in rules.minions(state) if m is not src and _uruk(state, m))

    def run(turn: T) -> None:
        turn.state.twilight -= 2
        kit.skirmish_mod(src.uid, "strength", n)(turn)

    return [kit.ability(src, "", f"remove 2 twilight: +{n}", run)]


script("1_145", abilities=_brood)


# Uruk Shaman: Maneuver, remove 2 twilight: an Uruk-hai heals once.
def _shaman(state: TcgState, seat: str, src: Card) -> list[Ability]:
    if state.phase != "maneuver" or state.twilight < 2:
        return []

    def make(uid: str) -> kit.Run:
        def run(turn: T) -> None:
            turn.state.twilight -= 2
            proc.heal(turn, uid)
        return run

    return [kit.ability(src, m.uid, f"remove 2 twilight: heal {m.name}", make(m.uid))
            for m in rules.minions(state) if _uruk(state, m) and rules.wounds(m)]


script("1_152", abilities=_shaman)


# Uruk Slayer: Skirmish, remove 1 twilight: +1, up to three times a skirmish.
def _slayer(state: TcgState, seat: str, src: Card) -> list[Ability]:
    used = f"slayer:{src.uid}:{state.skirmish}"
    if state.twilight < 1 or not kit.in_skirmish_phase(state) or state.flags.count(used) >= 3:
        return []

    def run(turn: T) -> None:
        turn.state.twilight -= 1
        turn.state.flags.append(used)
        kit.skirmish_mod(src.uid, "strength", 1)(turn)

    return [kit.ability(src, "", "remove 1 twilight: +1", run)]


script("1_153", abilities=_slayer)
# Goblin Runner: when played, 2 twilight are added. Moria Scout: the same, if an Elf can be spotted.
script("1_178", on_play=lambda turn, src: _add_twilight(turn, 2))
script("1_191", on_play=lambda turn, src: _add_twilight(turn, 2) if any(
    rules.cdef(turn.state, c).race == "elf" for c in rules.characters(turn.state)) else None)


def _add_twilight(turn: T, n: int) -> None:
    turn.state.twilight += n
    turn.say(f"{n} twilight added (pool {turn.state.twilight}).")


# Goblin Scavengers: when played, its owner may rearm one of his Moria Orcs with a discarded weapon of his.
def _weapon_plays(state: TcgState, seat: str) -> list[Ability]:
    out: list[Ability] = []
    seen: set[str] = set()
    for card in state.player(seat).discard.cards:
        d = rules.cdef(state, card)
        if d.item_class not in WEAPONS or d.id in seen:
            continue
        seen.add(d.id)
        cost = actions.cost_of(state, card)
        if state.twilight >= cost:
            out.extend(p for p in actions.plays_of(state, seat, card, cost, source="discard")
                       if p.key.count(":") == 2 and _moria_orc(state, _host(state, p.key)))
    return out


def _host(state: TcgState, key: str) -> Card:
    card = state.find(key.rsplit(":", 1)[1])
    assert card is not None
    return card


def _scavengers(turn: T, src: Card) -> None:
    seat = turn.state.owners[src.uid]
    plays = _weapon_plays(turn.state, seat)
    if plays:
        kit.offer(turn, seat, f"{src.name}: rearm a Moria Orc with a weapon out of your discards?", plays,
                  "fotr_scavenge", seat)


@proc.handler("fotr_scavenge")
def _scavenge(turn: T, args: list[str], choice: tuple[str, ...]) -> None:
    if choice[0] != "skip":
        kit.run_pick(_weapon_plays(turn.state, args[0]), choice[0], turn)


script("1_179", on_play=_scavengers)


# Goblin Sneak: when played, its owner may return a discarded Moria Orc of his to the bottom of his draw deck.
def _sneak(turn: T, src: Card) -> None:
    seat = turn.state.owners[src.uid]
    orcs = [c for c in turn.state.player(seat).discard.cards if _moria_orc(turn.state, c)]
    if orcs:
        proc.ask_card(turn, seat, f"{src.name}: return a discarded Moria Orc to the bottom of your deck?",
                      [Option(id="no", label="No"), *(Option(id=c.uid, label=c.name) for c in orcs)],
                      "fotr_sneak", seat)


@proc.handler("fotr_sneak")
def _sneak_pick(turn: T, args: list[str], choice: tuple[str, ...]) -> None:
    if choice[0] != "no":
        player = turn.state.player(args[0])
        card = player.discard.take(choice[0])
        player.draw.cards.insert(0, card)
        turn.say(f"{args[0]} puts {card.name} under their draw deck.")


script("1_181", on_play=_sneak)


# --- possessions and conditions ---------------------------------------------------------------------------------
# Goblin Scimitar: when played, its owner may draw a card.
@proc.handler("fotr_draw1")
def _scimitar(turn: T, args: list[str], choice: tuple[str, ...]) -> None:
    if choice[0] == "yes":
        proc.draw(turn, turn.state.player(turn.state.owners[args[0]]), 1)


script("1_180", on_play=_asked("fotr_draw1", "draw a card?"))
# Uruk-hai Armory: while an Uruk-hai is spotted, the fellowship archery total is -1.
script("1_157", archery_fp=lambda s, src: -1 if any(_uruk(s, m) for m in rules.minions(s)) else 0)
# Their Arrows Enrage: needs Saruman or an Uruk-hai to play; archer companions and allies are -1.
script("1_141", can_play=lambda s, seat: any(_uruk(s, m) or rules.cdef(s, m).title == "Saruman"
                                             for m in rules.minions(s)),
       strength=lambda s, src, t: -1 if t in s.fp_player.fellowship.cards and rules.has_keyword(s, t, "archer")
       else 0)


# Saruman's Ambition: its owner's Isengard events cost 1 less. Skirmish: discard it: an Uruk-hai in the fight +2.
def _ambition_cost(state: TcgState, src: Card, card: Card) -> int:
    d = rules.cdef(state, card)
    return -1 if d.type == EVENT and d.culture == "isengard" and state.owners.get(card.uid) == state.owners[src.uid] \
        else 0


def _ambition(state: TcgState, seat: str, src: Card) -> list[Ability]:
    return [kit.ability(src, m.uid, f"discard it: {m.name} +2", kit.discard_self_then(src.uid, kit.skirmish_mod(
        m.uid, "strength", 2))) for m in _fighting(state, _uruk)]


script("1_133", cost=_ambition_cost, abilities=_ambition)


# They Are Coming: Shadow, pay 3 hand cards: bring a discarded Moria Orc into play (not one of those 3).
def _coming(state: TcgState, seat: str, src: Card) -> list[Ability]:
    if state.phase != "shadow" or len(state.player(seat).hand.cards) < 3 \
            or not _pile_minions(state, seat, _moria_orc):
        return []

    def run(turn: T) -> None:
        proc.pay_hand_cards(turn, seat, 3, "fotr_coming", seat)

    return [kit.ability(src, "", "pay 3 hand cards: replay a discarded Moria Orc", run)]


@proc.handler("fotr_coming")
def _coming_paid(turn: T, args: list[str], choice: tuple[str, ...]) -> None:
    seat = args[0]
    proc.discard_from_hand(turn, seat, choice)
    plays = _pile_minions(turn.state, seat, _moria_orc, skip=choice)
    if plays:
        kit.offer(turn, seat, "Replay which discarded Moria Orc?", plays, "fotr_orc", seat, *choice)


@proc.handler("fotr_orc")
def _orc_pick(turn: T, args: list[str], choice: tuple[str, ...]) -> None:
    if choice[0] != "skip":
        kit.run_pick(_pile_minions(turn.state, args[0], _moria_orc, skip=tuple(args[1:])), choice[0], turn)


script("1_196", abilities=_coming)


# --- events -----------------------------------------------------------------------------------------------------
def _pump(pred: Pred, amount: Callable[[TcgState, Card], int]) -> Callable[[TcgState, str, Card], list[Ability]]:
    def lister(state: TcgState, seat: str, card: Card) -> list[Ability]:
        out = []
        for m in _fighting(state, pred):
            n = amount(state, m)
            out.append(Ability(key=f"ev:{card.uid}:{m.uid}", label=f"Play {card.name} on {m.name} (+{n})",
                               run=kit.skirmish_mod(m.uid, "strength", n)))
        return out

    return lister


# Drums in the Deep: a Moria Orc +2, or +4 against a Dwarf.
script("1_168", event=_pump(_moria_orc, lambda s, m: 4 if any(
    rules.cdef(s, c).race == "dwarf" for c in rules.skirmishing(s, m)) else 2))


# Bred for Battle: an Uruk-hai in the fight exerts and is +3.
def _bred(state: TcgState, seat: str, card: Card) -> list[Ability]:
    return [Ability(key=f"ev:{card.uid}:{m.uid}", label=f"Play {card.name}: {m.name} exerts for +3",
                    run=kit.exerting([m.uid], kit.skirmish_mod(m.uid, "strength", 3)))
            for m in _fighting(state, lambda s, c: _uruk(s, c) and rules.can_exert(s, c))]


script("1_121", event=_bred)


# Host of Thousands (shadow): a discarded Moria Orc comes back into play.
def _host_of(state: TcgState, seat: str, card: Card) -> list[Ability]:
    plays = _pile_minions(state, seat, _moria_orc, spent=actions.cost_of(state, card))
    return [Ability(key=f"ev:{card.uid}:{p.key}", label=f"Play {card.name}: {p.label}", run=_orc_play(seat, p.key))
            for p in plays]


def _orc_play(seat: str, key: str) -> kit.Run:
    def run(turn: T) -> None:
        kit.run_pick(_pile_minions(turn.state, seat, _moria_orc), key, turn)

    return run


script("1_187", event=_host_of)
