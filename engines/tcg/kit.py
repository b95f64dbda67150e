"""Small effect kinds card scripts share (spec 8.3): lasting changes, spotting, costs paid in threats, burdens,
twilight or exertion, searching the draw deck, and playing a card from a pile. Each is written once here so the
card modules read like the cards' own terms."""

from __future__ import annotations

from collections.abc import Callable

from engines.core import Card, Option
from engines.tcg import actions, rules
from engines.tcg import procedures as proc
from engines.tcg.scripts import Ability
from engines.tcg.state import Mod, TcgState

T = proc.T
Run = Callable[[T], None]


def add_mod(turn: T, uid: str, stat: str, amount: int, until: str) -> None:
    turn.state.mods.append(Mod(uid=uid, stat=stat, amount=amount, until=until))


def skirmish_mod(uid: str, stat: str, amount: int) -> Run:
    def run(turn: T) -> None:
        add_mod(turn, uid, stat, amount, "skirmish")
        turn.say(f"{proc.name(turn.state, uid)} is {stat} {amount:+d} for this skirmish.")

    return run


def in_skirmish_phase(state: TcgState) -> bool:
    return state.phase == "skirmish" and bool(state.skirmish)


def fighters(state: TcgState, pred: Callable[[Card], bool]) -> list[Card]:
    """Characters in the current skirmish that meet `pred`."""
    if not in_skirmish_phase(state):
        return []
    comp = state.find(state.skirmish)
    pool = ([comp] if comp is not None else []) + [m for m in rules.minions(state)
                                                   if state.assign.get(m.uid) == state.skirmish]
    return [c for c in pool if pred(c)]


def is_shadow(state: TcgState, seat: str) -> bool:
    return seat != state.fp_player.seat and not state.player(seat).out


def is_fp(state: TcgState, seat: str) -> bool:
    return seat == state.fp_player.seat


def men(state: TcgState, culture: str) -> list[Card]:
    """Active characters of a culture who are Men (companions and allies, or minions)."""
    return [c for c in rules.characters(state) if rules.is_culture(state, c, culture, "man")]


def knights(state: TcgState) -> list[Card]:
    return [c for c in state.fp_player.fellowship.cards if rules.has_keyword(state, c, "knight")]


def can_add_threat(state: TcgState, n: int = 1) -> bool:
    """A cost of adding threats can be paid only if they all fit under the cap (spec 6.13)."""
    return state.fp_player.threats + n <= len(rules.companions(state))


def fortifications(state: TcgState, player_seat: str) -> list[Card]:
    return [c for c in state.player(player_seat).support.cards
            if "fortification" in rules.cdef(state, c).keywords]


def ability(src: Card, tag: str, label: str, run: Run) -> Ability:
    return Ability(key=f"use:{src.uid}" + (f":{tag}" if tag else ""), label=f"{src.name}: {label}", run=run)


def discard_self_then(src_uid: str, then: Run) -> Run:
    """A cost of discarding the card itself, then the effect."""
    def run(turn: T) -> None:
        proc.discard(turn, src_uid)
        then(turn)

    return run


def exerting(uids: list[str], then: Run) -> Run:
    def run(turn: T) -> None:
        for uid in uids:
            proc.exert(turn, uid)
        then(turn)

    return run


def transfer(turn: T, uid: str, to: str) -> None:
    """Move a card from its place (a support area) onto a character: it keeps its owner (spec 6.7)."""
    state = turn.state
    zone, card, host = state.locate(uid)
    (host.attached if host is not None else zone.cards).remove(card)
    target = state.find(to)
    if target is None:
        zone.cards.append(card)
        return
    target.attached.append(card)
    turn.say(f"{proc.called(state, card)} is moved onto {proc.called(state, target)}.")
    proc.check_deaths(turn)


def cancel_skirmish(turn: T) -> None:
    """The current skirmish ends at once, unresolved: no winner, no wounds; phase-long effects end with it."""
    state = turn.state
    turn.say(f"The skirmish of {proc.name(state, state.skirmish)} is cancelled.")
    state.mods = [m for m in state.mods if m.until != "phase"]
    state.step = "skirmish_end"


def exhaust(turn: T, uid: str) -> None:
    """Exert as many times as possible (spec 5.1)."""
    card = turn.state.find(uid)
    if card is None:
        return
    times = rules.vitality(turn.state, card) - rules.wounds(card) - 1
    if times > 0:
        proc.exert(turn, uid, times)


def return_to_hand(turn: T, uid: str) -> None:
    """A companion goes back to its owner's hand; what it bears is discarded."""
    state = turn.state
    who = proc.name(state, uid)  # named while in play: its id is not told once it is in a hand
    zone, card, host = state.locate(uid)
    (host.attached if host is not None else zone.cards).remove(card)
    for sub in card.attached:
        proc.to_discard(state, sub)
    card.attached, card.tokens, card.flags = [], {}, []
    for m in [m for m, c in state.assign.items() if c == uid]:
        del state.assign[m]
    state.player(state.owners[uid]).hand.cards.append(card)
    turn.say(f"{who} returns to {state.owners[uid]}'s hand.")


# --- searching the draw deck (spec 1.3, 6.9): what is seen goes to the owner only ------------------------------
def top_cards(state: TcgState, seat: str, n: int) -> list[Card]:
    """The top `n` cards of a draw deck (its draw end is the end of the list)."""
    cards = state.player(seat).draw.cards
    return list(reversed(cards[-n:])) if n else []


def look_at_top(turn: T, seat: str, n: int) -> list[Card]:
    """The owner looks at the top cards: they become known to him alone (the cards he may play are named in his
    private question; the log names none, since the shuffle that follows hides them again), and the step
    becomes an undo barrier."""
    seen = top_cards(turn.state, seat, n)
    for card in seen:
        card.known_to = [seat]  # until the shuffle that follows the search hides them again
    turn.reveal()
    turn.say(f"{seat} looks at the top {proc.plural(len(seen), 'card')} of their draw deck.")
    return seen


def deck_plays(state: TcgState, seat: str, seen: list[str], pred: Callable[[Card], bool]) -> list[Ability]:
    """Plays of the seen cards still in the draw deck that meet `pred`, at their usual cost."""
    out: list[Ability] = []
    draw = state.player(seat).draw
    for uid in seen:
        card = draw.find(uid)
        if card is None or not pred(card):
            continue
        d = rules.cdef(state, card)
        if actions.unique_blocked(state, seat, d):
            continue
        out.extend(actions.plays_of(state, seat, card, actions.cost_of(state, card), source="draw"))
    return out


def offer(turn: T, seat: str, prompt: str, plays: list[Ability], key: str, *args: str, private: bool = False,
          none: str = "Play nothing") -> None:
    """Ask a seat to pick one of the listed plays or none; the handler `key` finds the pick again by its key."""
    options = [Option(id="skip", label=none), *(Option(id=a.key, label=a.label) for a in plays)]
    proc.ask_card(turn, seat, prompt, options, key, *args, private=private)


def run_pick(plays: list[Ability], key: str, turn: T) -> bool:
    found = next((a for a in plays if a.key == key), None)
    if found is None:
        return False
    found.run(turn)
    return True


def draw_shuffled(turn: T, seat: str) -> None:
    p = turn.state.player(seat)
    proc.shuffle(turn, p, p.draw, "draw deck")
