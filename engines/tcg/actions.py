"""What a seat may do in the current window (spec 4.1, 4.3, 4.4, 6.2-6.5): play a card from hand, heal by
discard, play an event, use a special ability. Each is listed with its target already chosen, so one answer is
one action; the list is rebuilt when the answer comes, so a stale choice is refused."""

from __future__ import annotations

import re
from collections.abc import Callable

from engines.core import Card, RuleError
from engines.tcg import procedures as proc
from engines.tcg import rules, scripts
from engines.tcg.cards import ALLY, ARTIFACT, COMPANION, CONDITION, EVENT, FP, MINION, POSSESSION, SHADOW, CardDef
from engines.tcg.scripts import Ability
from engines.tcg.state import TcgState

T = proc.T


CostHooks = list[tuple[Card, "scripts.Bonus"]]


def cost_hooks(state: TcgState) -> CostHooks:
    """The active cards whose text changes other cards' twilight costs, with that text: found once when many costs
    are read in a row (a hand's plays)."""
    refs = scripts.hooked("cost")
    out: CostHooks = []
    for src in rules.active_cards(state):
        if src.ref in refs:
            out.append((src, scripts.SCRIPTS[src.ref].cost))  # type: ignore[arg-type]
    return out


def cost_of(state: TcgState, card: Card, hooks: CostHooks | None = None) -> int:
    d = rules.cdef(state, card)
    total = d.twilight
    for src, cost in cost_hooks(state) if hooks is None else hooks:
        total += cost(state, src, card)
    return max(0, total)


def titles_in_play(state: TcgState, seat: str | None) -> set[str]:
    """Titles of active cards in play (a seat's own, or everyone's for Shadow uniqueness, spec 6.10)."""
    return {rules.cdef(state, c).title for c in rules.active_cards(state)
            if seat is None or state.owners.get(c.uid) == seat}


def unique_blocked(state: TcgState, seat: str, d: CardDef,
                   titles: tuple[set[str], set[str]] | None = None) -> bool:
    """A unique card whose title is already in play (everyone's for a Shadow card; the seat's own, or in its
    dead pile, for a Free Peoples card). `titles`: (everyone's, the seat's own), when already found."""
    if not d.unique:
        return False
    if d.side == SHADOW:
        return d.title in (titles[0] if titles is not None else titles_in_play(state, None))
    player = state.player(seat)
    dead = {rules.cdef(state, c).title for c in player.dead.cards if rules.cdef(state, c).unique}
    own = titles[1] if titles is not None else titles_in_play(state, seat)
    return d.title in own or d.title in dead  # spec 5.2, 6.10


def _titles(state: TcgState, seat: str) -> tuple[set[str], set[str]]:
    everyone: set[str] = set()
    own: set[str] = set()
    for c in rules.active_cards(state):
        title = state.defs[c.ref].title
        everyone.add(title)
        if state.owners.get(c.uid) == seat:
            own.add(title)
    return everyone, own


def bearers(state: TcgState, seat: str, d: CardDef) -> list[Card]:
    """Characters that may bear this possession or condition: own, active, restriction met, class slot free."""
    pool = rules.minions(state, seat) if d.side == SHADOW else state.fp_player.fellowship.cards
    out = []
    # "not(hasAttached)": the pack's marker for "not already bearing a card of this title".
    words = ",".join(t for t in d.bearer.split(",") if t.strip().lower() != "not(hasattached)")
    once = words != d.bearer
    for c in pool:
        if words and not rules.matches(state, c, words):
            continue
        if once and any(rules.cdef(state, a).title == d.title for a in c.attached):
            continue
        if d.item_class and any(rules.cdef(state, a).item_class == d.item_class for a in c.attached):
            continue  # spec 4.1: one per class
        out.append(c)
    return out


def pay(turn: T, seat: str, card: Card, cost: int) -> None:
    state = turn.state
    if rules.cdef(state, card).side == SHADOW:
        state.twilight -= cost
    else:
        state.twilight += cost


def cost_why(state: TcgState, card: Card, cost: int, roams: bool = False, by: str = "",
             hooks: CostHooks | None = None, what: str = "cost") -> str:
    """Why `cost` is not the card's printed twilight cost, as the close of its play line: "cost 3, +2 roaming",
    "cost 2, -1 Edoras Hall" (a card in play whose text changes costs, named, never quoted), "" when it is the
    printed cost. `roams`: a minion played roaming pays 2 more (spec 4.3); `by`: the card whose ability plays this
    one for less (or more), for what is left over; `what`: the number's name ("Shadow number" for a site)."""
    parts = [f"{delta:+d} {proc.called(state, src)}" for src, hook in (cost_hooks(state) if hooks is None else hooks)
             if (delta := hook(state, src, card))]
    if roams:
        parts.append("+2 roaming")
    rest = cost - cost_of(state, card, hooks) - (2 if roams else 0)
    if rest:
        parts.append(f"{rest:+d} {by or 'card text'}")
    return f"{what} {rules.cdef(state, card).twilight}, {', '.join(parts)}" if parts else ""


def play_ability(state: TcgState, seat: str, card: Card, cost: int, where: str,
                 target: Card | None = None, source: str = "hand", by: str = "") -> Ability:
    """Play `card` from the seat's `source` zone (hand, discard or draw: card text may play from a pile). `by`: the
    card whose ability lets it be played at a cost of its own, named in the play line (`cost_why`)."""
    d = rules.cdef(state, card)

    def run(turn: T) -> None:
        st = turn.state
        player = st.player(seat)
        # Why the pool changes by other than the printed cost, read while the card is still where it was played
        # from (as its cost was): worked out only for the play chosen, not for every option offered.
        held = getattr(player, source).find(card.uid)
        why = "" if held is None else cost_why(st, held, cost, where == "minion" and _would_roam(st, held), by)
        why = f": {why}" if why else ""  # after the cost, not a second aside in brackets (a twin's id is one)
        c = getattr(player, source).take(card.uid)
        pay(turn, seat, c, cost)
        if where == "bearer" and target is not None:
            host = st.find(target.uid)
            if host is None:
                raise RuleError("That bearer has left play.")
            host.attached.append(c)
            turn.say(f"{seat} plays {proc.called(st, c)} on {proc.called(st, host)}, {_twilight(d, cost)}{why}.")
        elif where == "minion":
            st.minions.cards.append(c)
            roams = " as a roaming minion" if rules.roaming(st, c) else ""
            turn.say(f"{seat} plays {proc.called(st, c)}{roams}, {_twilight(d, cost)}{why}.")
        elif where == "support":
            player.support.cards.append(c)
            turn.say(f"{seat} plays {proc.called(st, c)} to the support area, {_twilight(d, cost)}{why}.")
        else:
            player.fellowship.cards.append(c)
            turn.say(f"{seat} plays {proc.called(st, c)}, {_twilight(d, cost)}{why}.")
        s = scripts.of(c.ref)
        if s is not None and s.on_play is not None:
            said, before = len(turn.events), {id(m) for m in st.mods}
            s.on_play(turn, c)
            credit(turn, said, c)
            proc.credit_mods(st, before, c.uid)
        fire(turn, "played", c)
        if d.type == COMPANION:
            fire(turn, "companion played")
        elif d.type == MINION:
            fire(turn, "minion played")  # the minion just played is the last in play

    label = f"Play {card.name}" + (f" on {target.name}" if target is not None else "") + f" (twilight {cost})"
    key = f"play:{card.uid}" + (f":{target.uid}" if target is not None else "")
    if source != "hand":
        label += f" from your {getattr(state.player(seat), source).name.split(': ')[-1]}"
    return Ability(key=key, label=label, run=run)


def plays_of(state: TcgState, seat: str, card: Card, cost: int, source: str = "hand") -> list[Ability]:
    """Every way to put this Free Peoples or Shadow card into play (its bearers, or the support area, the
    fellowship or the minions), at `cost`."""
    d = rules.cdef(state, card)
    if d.type == MINION:
        return [play_ability(state, seat, card, cost, "minion", source=source)]
    if d.type in (COMPANION, ALLY):
        return [play_ability(state, seat, card, cost, "fellowship", source=source)]
    if d.support or (d.type == CONDITION and not d.bearer):
        return [play_ability(state, seat, card, cost, "support", source=source)]
    return [play_ability(state, seat, card, cost, "bearer", b, source=source) for b in bearers(state, seat, d)]


def _twilight(d: CardDef, cost: int) -> str:
    """What a card's cost does to the pool, as the close of its play line: "p2 plays Gondorian Captain (c92),
    adding 2 twilight." (a twin's id is already in brackets, so the cost is not a second aside)."""
    return twilight_words(d.side == SHADOW, cost)


def twilight_words(shadow: bool, cost: int) -> str:
    """ "adding 2 twilight" for a Free Peoples card, "removing 2 twilight" for a Shadow card ("no" for 0)."""
    amount = str(cost) if cost else "no"
    return f"removing {amount} twilight" if shadow else f"adding {amount} twilight"


def fire(turn: T, moment: str, source: Card | None = None) -> None:
    """Run every active card's trigger for a named moment (spec 6.4). `source` limits it to one card's trigger."""
    state = turn.state
    cards = [source] if source is not None else list(rules.active_cards(state))
    for c in cards:
        s = scripts.of(c.ref)
        if s is not None and moment in s.triggers and state.find(c.uid) is not None:
            said, before = len(turn.events), {id(m) for m in state.mods}
            s.triggers[moment](turn, c)
            credit(turn, said, c)
            proc.credit_mods(state, before, c.uid)  # what it changes for a while is the card's doing too
    if source is None:
        for flag in [f for f in state.flags if f.startswith("watch:")]:
            _, ref, uid = flag.split(":")
            w = scripts.of(ref)
            if w is not None and moment in w.watchers:
                w.watchers[moment](turn, uid)


def credit(turn: T, said: int, card: Card) -> None:
    """Begin every line a card's text said (from `turn.events[said]` on) with the card's name, unless the line
    names it already: "Swift Steed: Desert Scout exerts." and "Swift Steed: Desert Sneak exerts." rather than
    exertions with no reason after the first. A line credited already, to the card of a trigger within this one,
    keeps its own card. The name only, never the card's text (the project ships none); with its id while a twin is
    in play (`proc.called`), worked out only when a line is credited."""
    lines = [e for e in turn.events[said:] if card.name not in e.text]
    if not lines:
        return
    names = {d.name for d in turn.state.defs.values()}
    name = proc.called(turn.state, card) if turn.state.find(card.uid) is not None else card.name
    for event in lines:
        head, colon, _ = event.text.partition(": ")
        if not (colon and _TWIN_ID.sub("", head) in names):
            event.text = f"{name}: {event.text}"


_TWIN_ID = re.compile(r" \(c\d+\)$")  # a twin's id after its name, as `proc.called` writes it


def hand_plays(state: TcgState, seat: str) -> list[Ability]:
    """Cards a seat may play from hand in this phase (spec 4.1, 4.3)."""
    fp_seat = state.fp_player.seat
    player = state.player(seat)
    phase = state.phase
    out: list[Ability] = []
    if not player.hand.cards:
        return out
    hooks = cost_hooks(state)  # the hand's plays change nothing until one is chosen: found once for all
    titles = _titles(state, seat)
    for card in player.hand.cards:
        d = rules.cdef(state, card)
        s = scripts.of(card.ref)
        if d.type == EVENT:
            if phase in d.phases and (d.side == FP) == (seat == fp_seat):
                out.extend(event_plays(state, seat, card, hooks))
            continue
        if s is not None and s.can_play is not None and not s.can_play(state, seat):
            continue
        if unique_blocked(state, seat, d, titles):
            continue
        cost = cost_of(state, card, hooks)
        if d.side == FP and seat == fp_seat and s is not None and s.other_phase == phase != "fellowship":
            out.extend(plays_of(state, seat, card, cost))
        elif d.side == FP and seat == fp_seat and phase == "fellowship":
            if d.type in (COMPANION, ALLY):
                out.append(play_ability(state, seat, card, cost, "fellowship"))
            elif d.type in (POSSESSION, ARTIFACT, CONDITION):
                if d.support or (d.type == CONDITION and not d.bearer):
                    out.append(play_ability(state, seat, card, cost, "support"))
                else:
                    out.extend(play_ability(state, seat, card, cost, "bearer", b) for b in bearers(state, seat, d))
        elif d.side == SHADOW and seat != fp_seat and phase == "shadow":
            if d.type == MINION:
                cost += 2 if _would_roam(state, card) else 0
                if state.twilight >= cost:
                    out.append(play_ability(state, seat, card, cost, "minion"))
            elif d.type in (POSSESSION, ARTIFACT, CONDITION) and state.twilight >= cost:
                if d.support or (d.type == CONDITION and not d.bearer):
                    out.append(play_ability(state, seat, card, cost, "support"))
                else:
                    out.extend(play_ability(state, seat, card, cost, "bearer", b) for b in bearers(state, seat, d))
    return out


def _would_roam(state: TcgState, card: Card) -> bool:
    """Roaming for a minion about to be played: its site number against the fellowship's site (spec 4.3)."""
    probe = state.minions.cards
    probe.append(card)
    try:
        return rules.roaming(state, card)
    finally:
        probe.remove(card)


def event_plays(state: TcgState, seat: str, card: Card, hooks: CostHooks | None = None) -> list[Ability]:
    """An event's ways to be played: scripted ones with their targets; an unscripted one may still be played and
    its text resolved by adjustment (DESIGN: manual adjustment is a rule)."""
    d = rules.cdef(state, card)
    cost = cost_of(state, card, hooks)
    if d.side == SHADOW and state.twilight < cost:
        return []
    s = scripts.of(card.ref)
    if s is not None and s.event is not None:
        return [_wrap_event(seat, card, cost, a) for a in s.event(state, seat, card)]
    if s is not None or "response" in d.phases:
        return []

    def manual(turn: T) -> None:
        turn.say(f"{card.name}'s text is not scripted: resolve it by adjustment.")

    return [_wrap_event(seat, card, cost, Ability(key=f"ev:{card.uid}", label=f"Play {card.name} (by hand)",
                                                  run=manual))]


def _wrap_event(seat: str, card: Card, cost: int, a: Ability) -> Ability:
    def run(turn: T) -> None:
        st = turn.state
        player = st.player(seat)
        held = player.hand.find(card.uid)
        why = "" if held is None else cost_why(st, held, cost)
        why = f": {why}" if why else ""
        c = player.hand.take(card.uid)
        pay(turn, seat, c, cost)
        player.discard.cards.append(c)  # spec 6.2: discarded before the next action
        turn.say(f"{seat} plays {c.name}, {_twilight(rules.cdef(st, c), cost)}{why}.")
        a.run(turn)

    return Ability(key=a.key, label=a.label + f" (twilight {cost})", run=run)


def heal_by_discard(state: TcgState, seat: str) -> list[Ability]:
    """Spot a wounded unique companion or ally; discard a card of the same title from hand to heal it (4.1)."""
    player = state.player(seat)
    out: list[Ability] = []
    for c in player.fellowship.cards:
        d = rules.cdef(state, c)
        if not d.unique or not rules.wounds(c):
            continue
        for h in player.hand.cards:
            if rules.cdef(state, h).title == d.title:
                out.append(Ability(key=f"heal:{c.uid}:{h.uid}", label=f"Discard {h.name} from hand to heal {c.name}",
                                   run=_heal_run(seat, c.uid, h.uid)))
                break
    return out


def _heal_run(seat: str, uid: str, hand_uid: str) -> Callable[[T], None]:
    def run(turn: T) -> None:
        player = turn.state.player(seat)
        h = player.hand.take(hand_uid)
        player.discard.cards.append(h)
        turn.say(f"{seat} discards {h.name} from hand to heal.")
        proc.heal(turn, uid)

    return run


def abilities(state: TcgState, seat: str) -> list[Ability]:
    """Special abilities of the seat's active cards, and the current site's (spec 6.3, 6.7)."""
    out: list[Ability] = []
    site = state.current_site()
    refs = scripts.hooked("abilities")
    for c in rules.active_cards(state):
        if c.ref not in refs or (c is not site and state.owners.get(c.uid) != seat):
            continue
        out.extend(scripts.SCRIPTS[c.ref].abilities(state, seat, c))  # type: ignore[misc]
    return out


def legal(state: TcgState, seat: str) -> list[Ability]:
    out = hand_plays(state, seat)
    if state.phase == "fellowship" and seat == state.fp_player.seat:
        out += heal_by_discard(state, seat)
    out += abilities(state, seat)
    seen: set[str] = set()
    unique: list[Ability] = []
    for a in out:
        if a.key not in seen:
            seen.add(a.key)
            unique.append(a)
    return unique
