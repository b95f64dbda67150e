"""The set-1 starters' site texts, in our own words (spec 6.7: a site's text works only while the fellowship is
there; its Shadow abilities are for Shadow players, its Fellowship ones for the FP). Each site's test is in
tests/engines/tcg/test_cards_fotr_sites.py."""

from __future__ import annotations

from engines.core import Card, Option, card_list
from engines.tcg import actions, kit, rules, scripts
from engines.tcg import procedures as proc
from engines.tcg.cards import ALLY, COMPANION, MINION
from engines.tcg.scripts import Ability, script
from engines.tcg.state import TcgState

T = kit.T
WEAPONS = ("hand weapon", "ranged weapon")


def _fellowship(state: TcgState, seat: str) -> bool:
    return state.phase == "fellowship" and kit.is_fp(state, seat)


def _shadow(state: TcgState, seat: str) -> bool:
    return state.phase == "shadow" and kit.is_shadow(state, seat)


def _ranger_spotted(state: TcgState) -> bool:
    return any(rules.has_keyword(state, c, "ranger") for c in state.fp_player.fellowship.cards)


def _say_twilight(turn: T, n: int) -> None:
    turn.say(f"{abs(n)} twilight {'added' if n > 0 else 'removed'} (pool {turn.state.twilight}).")


# East Road (site 1): companions cost 2 more. Slopes of Amon Hen (site 9): Isengard minions cost 1 less.
script("1_320", cost=lambda s, src, c: 2 if rules.cdef(s, c).type == COMPANION else 0)
script("1_361", cost=lambda s, src, c: -1 if rules.cdef(s, c).type == MINION
       and rules.cdef(s, c).culture == "isengard" else 0)


# Bree Gate (site 2): once a turn, as soon as a ranger is spotted here, the move limit is +1 for the turn.
def _bree(turn: T, site: Card) -> None:
    state = turn.state
    done = f"bree:{site.uid}"
    if done not in state.flags and _ranger_spotted(state) and state.current_site() is site:
        state.flags.append(done)
        kit.add_mod(turn, site.uid, "move_limit", 1, "turn")
        turn.say(f"A ranger at {site.name}: the move limit is {rules.move_limit(state)} this turn.")


script("1_327", triggers={"start of turn": _bree, "moves": _bree, "companion played": _bree})


# Rivendell Terrace (site 3): Fellowship, playing a Man from hand also draws a card.
def _terrace(state: TcgState, seat: str, site: Card) -> list[Ability]:
    if not _fellowship(state, seat):
        return []
    out = []
    for play in actions.hand_plays(state, seat):
        card = state.player(seat).hand.find(play.key.split(":")[1])
        if card is None or rules.cdef(state, card).race != "man":
            continue

        def run(turn: T, play: Ability = play) -> None:
            play.run(turn)
            proc.draw(turn, turn.state.player(seat), 1)
        out.append(kit.ability(site, play.key, f"{play.label}, then draw a card", run))
    return out


script("1_340", abilities=_terrace)


# Moria Lake (site 4): arriving, the FP exerts Frodo or two other companions.
def _frodos(state: TcgState) -> list[Card]:
    return [c for c in rules.companions(state) if rules.cdef(state, c).title == "Frodo" and rules.can_exert(state, c)]


def _others(state: TcgState) -> list[Card]:
    return [c for c in rules.companions(state) if rules.cdef(state, c).title != "Frodo" and rules.can_exert(state, c)]


def _lake(turn: T, site: Card) -> None:
    state = turn.state
    options = [Option(id=f.uid, label=f"Exert {f.name}") for f in _frodos(state)]
    if len(_others(state)) >= 2:
        options.append(Option(id="two", label="Exert two other companions"))
    if options:
        proc.ask_card(turn, state.fp_player.seat, f"{site.name}: exert Frodo, or two other companions?", options,
                      "fotr_lake", forced=f"{site.name}: the only way to pay is to {_lower(options[0].label)}"
                      if len(options) == 1 else "")


def _lower(label: str) -> str:
    return label[:1].lower() + label[1:]


@proc.handler("fotr_lake")
def _lake_answer(turn: T, args: list[str], choice: tuple[str, ...]) -> None:
    if choice[0] != "two":
        proc.exert(turn, choice[0])
        return
    others = _others(turn.state)
    proc.ask_many(turn, turn.state.fp_player.seat, "Exert which two companions?",
                  [Option(id=c.uid, label=c.name) for c in others], "fotr_exert_all", low=2, high=2,
                  forced=f"Only {proc.called(turn.state, others[0])} and {proc.called(turn.state, others[1])} can "
                  "exert: both exert" if len(others) == 2 else "")


@proc.handler("fotr_exert_all")
def _exert_all(turn: T, args: list[str], choice: tuple[str, ...]) -> None:
    for uid in choice:
        proc.exert(turn, uid)


script("1_346", triggers={"moves": _lake})


# The Bridge of Khazad-dum (site 5): Shadow, play The Balrog from hand or from the draw deck, 6 cheaper.
def _balrog(state: TcgState, card: Card) -> bool:
    return rules.cdef(state, card).title == "The Balrog" and rules.cdef(state, card).type == MINION


def _bridge(state: TcgState, seat: str, site: Card) -> list[Ability]:
    if not _shadow(state, seat):
        return []
    out: list[Ability] = []
    player = state.player(seat)
    for where, zone in (("hand", player.hand), ("draw", player.draw)):
        card = next((c for c in zone.cards if _balrog(state, c)), None)
        if card is None or actions.unique_blocked(state, seat, rules.cdef(state, card)):
            continue
        cost = max(0, actions.cost_of(state, card) - 6) + (2 if actions._would_roam(state, card) else 0)
        if state.twilight < cost:
            continue
        play = actions.play_ability(state, seat, card, cost, "minion", source=where, by=site.name)
        run = play.run if where == "hand" else _then_shuffle(play.run, seat)
        out.append(kit.ability(site, where, play.label, run))
    return out


def _then_shuffle(run: kit.Run, seat: str) -> kit.Run:
    def both(turn: T) -> None:
        turn.reveal()
        run(turn)
        kit.draw_shuffled(turn, seat)

    return both


script("1_349", abilities=_bridge)


# Galadriel's Glade (site 6): Fellowship, an Elf exerts: the FP sees a Shadow player's hand.
def _glade(state: TcgState, seat: str, site: Card) -> list[Ability]:
    if not _fellowship(state, seat):
        return []
    elves = [c for c in state.fp_player.fellowship.cards if rules.cdef(state, c).race == "elf"
             and rules.can_exert(state, c)]
    return [kit.ability(site, f"{e.uid}:{p.seat}", f"exert {e.name}: look at {p.seat}'s hand",
                        kit.exerting([e.uid], _look(seat, p.seat)))
            for e in elves for p in state.live() if kit.is_shadow(state, p.seat)]


def _look(fp: str, other: str) -> kit.Run:
    def run(turn: T) -> None:
        hand = turn.state.player(other).hand.cards
        turn.reveal()
        turn.say(f"{fp} looks at {other}'s hand.")
        turn.say(f"{other}'s hand: " + card_list((c.name for c in hand), "no cards") + ".", audience=[fp])

    return run


script("1_351", abilities=_glade)


# Silverlode Banks (site 7): arriving without a ranger, every companion exerts.
def _silverlode(turn: T, site: Card) -> None:
    if not _ranger_spotted(turn.state):
        for c in rules.companions(turn.state):
            proc.exert(turn, c.uid)


script("1_355", triggers={"moves": _silverlode})


# Pillars of the Kings (site 8): Fellowship, give up a Gondor card from hand: a Gondor companion heals once.
def _pillars(state: TcgState, seat: str, site: Card) -> list[Ability]:
    if not _fellowship(state, seat):
        return []
    hurt = [c for c in rules.companions(state) if rules.cdef(state, c).culture == "gondor" and rules.wounds(c)]
    out, seen = [], set()
    for card in state.player(seat).hand.cards:
        if rules.cdef(state, card).culture != "gondor" or card.ref in seen:
            continue
        seen.add(card.ref)
        for c in hurt:
            def run(turn: T, uid: str = card.uid, to: str = c.uid) -> None:
                proc.discard_from_hand(turn, seat, [uid])
                proc.heal(turn, to)
            out.append(kit.ability(site, f"{card.uid}:{c.uid}", f"discard {card.name} to heal {c.name}", run))
    return out


script("1_358", abilities=_pillars)


# Westfarthing (site 1): Fellowship, a Hobbit exerts: play a companion or ally from hand, 1 cheaper.
def _westfarthing(state: TcgState, seat: str, site: Card) -> list[Ability]:
    if not _fellowship(state, seat):
        return []
    hobbits = [c for c in state.fp_player.fellowship.cards if rules.cdef(state, c).race == "hobbit"
               and rules.can_exert(state, c)]
    out: list[Ability] = []
    for card in state.player(seat).hand.cards:
        d = rules.cdef(state, card)
        s = scripts.of(card.ref)
        if d.type not in (COMPANION, ALLY) or actions.unique_blocked(state, seat, d) or (
                s is not None and s.can_play is not None and not s.can_play(state, seat)):
            continue
        play = actions.play_ability(state, seat, card, max(0, actions.cost_of(state, card) - 1), "fellowship",
                                     by=site.name)
        out.extend(kit.ability(site, f"{h.uid}:{card.uid}", f"exert {h.name}: {play.label}",
                               kit.exerting([h.uid], play.run)) for h in hobbits)
    return out


script("1_326", abilities=_westfarthing)


# Ettenmoors (site 2): Skirmish, exert one of your characters in the fight: it is +2.
def _ettenmoors(state: TcgState, seat: str, site: Card) -> list[Ability]:
    mine = kit.fighters(state, lambda c: state.owners[c.uid] == seat and rules.can_exert(state, c))
    return [kit.ability(site, c.uid, f"exert {c.name}: +2", kit.exerting([c.uid], kit.skirmish_mod(
        c.uid, "strength", 2))) for c in mine]


script("1_331", abilities=_ettenmoors)


# Council Courtyard (site 3): leaving it takes 2 twilight out of the pool.
def _courtyard(turn: T, site: Card) -> None:
    n = min(2, turn.state.twilight)
    if n:
        turn.state.twilight -= n
        _say_twilight(turn, -n)


script("1_337", triggers={"moves from": _courtyard})


# Mithril Mine (site 4): Shadow, remove 1 twilight: a discarded Shadow weapon of yours comes back into play.
def _mine(state: TcgState, seat: str, site: Card) -> list[Ability]:
    if not _shadow(state, seat) or state.twilight < 1:
        return []
    out: list[Ability] = []
    seen: set[str] = set()
    for card in state.player(seat).discard.cards:
        d = rules.cdef(state, card)
        if d.side != "shadow" or d.item_class not in WEAPONS or d.id in seen or state.twilight < 1 + \
                actions.cost_of(state, card):
            continue
        seen.add(d.id)
        for play in actions.plays_of(state, seat, card, actions.cost_of(state, card), source="discard"):
            out.append(kit.ability(site, play.key, f"remove 1 twilight: {play.label}", _pay_then(play.run)))
    return out


def _pay_then(run: kit.Run) -> kit.Run:
    def both(turn: T) -> None:
        turn.state.twilight -= 1
        _say_twilight(turn, -1)
        run(turn)

    return both


script("1_345", abilities=_mine)


# Dimrill Dale (site 6): the first Moria Orc played in each phase costs 2 less.
def _dale_key(state: TcgState, site: Card) -> str:
    return f"dale:{site.uid}:{state.phase}:{state.shadow_index}"


def _dale_played(turn: T, site: Card) -> None:
    state = turn.state
    last = state.minions.cards[-1] if state.minions.cards else None
    if last is not None and rules.is_culture(state, last, "moria", "orc"):
        state.flags.append(_dale_key(state, site))


script("1_350", cost=lambda s, src, c: -2 if rules.is_culture(s, c, "moria", "orc")
       and rules.cdef(s, c).type == MINION and _dale_key(s, src) not in s.flags else 0,
       triggers={"minion played": _dale_played})


# Anduin Confluence (site 7): arriving, every ally is discarded.
def _confluence(turn: T, site: Card) -> None:
    for a in rules.allies(turn.state):
        proc.discard(turn, a.uid)


script("1_353", triggers={"moves": _confluence})


# Shores of Nen Hithoel (site 8): Shadow, spotting 5 Orc minions: the fellowship may not move again this turn.
def _shores(state: TcgState, seat: str, site: Card) -> list[Ability]:
    orcs = [m for m in rules.minions(state) if rules.cdef(state, m).race == "orc"]
    if not _shadow(state, seat) or len(orcs) < 5 or "cannot move" in state.flags:
        return []

    def run(turn: T) -> None:
        turn.state.flags.append("cannot move")
        turn.say("The fellowship may not move again this turn.")

    return [kit.ability(site, "", "the fellowship stays here this turn", run)]


script("1_359", abilities=_shores)


# Emyn Muil (site 9): Maneuver, exert one of your minions: it is fierce until the regroup phase.
def _emyn_muil(state: TcgState, seat: str, site: Card) -> list[Ability]:
    if state.phase != "maneuver" or not kit.is_shadow(state, seat):
        return []
    return [kit.ability(site, m.uid, f"exert {m.name}: fierce until regroup", kit.exerting([m.uid], _fierce(m.uid)))
            for m in rules.minions(state, seat) if rules.can_exert(state, m)]


def _fierce(uid: str) -> kit.Run:
    def run(turn: T) -> None:
        kit.add_mod(turn, uid, "keyword:fierce", 1, "regroup")
        turn.say(f"{proc.name(turn.state, uid)} is fierce until the regroup phase.")

    return run


script("1_360", abilities=_emyn_muil)
