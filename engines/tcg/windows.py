"""When a seat is asked in an action window or a response window (spec 1.3, 4.4, 4.11), from public facts only.

An order that skipped a seat "when it holds nothing playable" would tell the table what the hand holds, so the
default order of the action windows, `auto`, reads only what everybody can see:

- a skirmish is fought by the FP and the owners of the minions in it; a Shadow player with no minion there is
  not asked (multiplayer);
- a seat holding no card (hand sizes are public) can only use what it has in play;
- what a seat has in play, and the site, are public: their abilities are listed as if no hand held anything;
- a built-in starter's list is published, so whether its deck holds any event of this phase is public too (a
  pasted list is known to its owner only: such a seat is asked as if its deck held one of each);
- a Shadow event costs twilight from the pool (public): none of the deck's events of this phase affordable, no
  ask.

A seat that passed is asked again in the same window only once someone has acted after it (spec 4.4: the window
closes when all pass in a row), whatever its order. `ask` asks at every opportunity; `pass` never asks.
"""

from __future__ import annotations

from engines.core import Card, DecisionKind, Option, Visibility, Zone
from engines.tcg import actions, rules, scripts
from engines.tcg import procedures as proc
from engines.tcg.cards import EVENT, FP
from engines.tcg.state import TcgState
from engines.tcg.state import order as standing

T = proc.T


def asked(state: TcgState, seat: str) -> bool:
    """Whether the seat is asked at its opportunity in the current action window, by its standing order."""
    value = standing(state, seat, state.phase)
    if value == "pass":
        return False
    return value == "ask" or may_act(state, seat)


def may_act(state: TcgState, seat: str) -> bool:
    """Whether public facts leave the seat something it might do in this window (never reads a hand's cards)."""
    fp = seat == state.fp_player.seat
    if state.phase == "skirmish" and not fp and not any(
            state.owners.get(m) == seat for m, c in state.assign.items() if c == state.skirmish):
        return False
    if _public_abilities(state, seat):
        return True
    player = state.player(seat)
    if not player.hand.cards:  # the count is public
        return False
    if not player.listed:
        return True  # a pasted list: the table cannot tell which events it holds
    for ref in player.listed:
        d = state.defs[ref]
        if d.type != EVENT or state.phase not in d.phases or (d.side == FP) != fp:
            continue
        if fp or _cost(state, seat, ref) <= state.twilight:
            return True
    return False


def _cost(state: TcgState, seat: str, ref: str) -> int:
    """What a card of this id would cost the seat now, text included (a probe card owned by the seat)."""
    probe = Card(uid="probe", name=state.defs[ref].name, ref=ref)
    state.owners[probe.uid] = seat
    try:
        return actions.cost_of(state, probe)
    finally:
        del state.owners[probe.uid]


def _public_abilities(state: TcgState, seat: str) -> bool:
    """Special abilities the seat could use now, listed with every hand treated as empty: the list then follows
    from the table alone (an ability paid with hand cards is not counted)."""
    # Each hand is swapped for an empty stand-in in the player's own fields, and put back after: a hand that
    # apply's copy left unmade (copying.LAZY_ZONES) stays unmade, so this costs no copy.
    saved = [(p, p.__dict__.get("hand")) for p in state.players]
    for p in state.players:
        p.__dict__["hand"] = Zone(name=f"{p.seat}: hand", visibility=Visibility.OWNER, ordered=True, owner=p.seat)
    try:
        return bool(actions.abilities(state, seat))
    finally:
        for p, hand in saved:
            if hand is None:
                del p.__dict__["hand"]
            else:
                p.__dict__["hand"] = hand


# --- the response window a wound opens (spec 6.6, 4.11 "any response window a scripted card opens") -------------
def wound_responses(state: TcgState, seat: str) -> list[str]:
    """Ids of the response events, scripted as preventing a wound to a companion, that the seat might hold: its
    published list's, or every such script for a pasted list. Only those whose public requirement holds."""
    pool = state.player(seat).listed or list(scripts.SCRIPTS)
    out = []
    for ref in pool:
        s = scripts.of(ref)
        if s is not None and s.wound_response is not None and s.wound_response(state, seat):
            out.append(ref)
    return out


def offer_response(turn: T, uid: str, why: str) -> bool:
    """Before a wound to a companion: ask the FP whether to answer it, when public facts allow a response (an
    event of his deck could answer it, its requirement holds, his hand is not empty) and his order says ask.
    Asked whatever the hand holds; the playable events are among the private options only."""
    state = turn.state
    fp = state.fp_player
    card = state.find(uid)
    if (card is None or card not in rules.companions(state) or standing(state, fp.seat, "respond") != "ask"
            or not fp.hand.cards):
        return False
    refs = wound_responses(state, fp.seat)
    if not refs:
        return False
    plays = [c for c in fp.hand.cards if c.ref in refs]
    options = [Option(id="no", label="No response"),
               *(Option(id=c.uid, label=f"Play {c.name} (twilight {actions.cost_of(state, c)}): prevent the wound")
                 for c in plays[:1])]
    turn.ask(fp.seat, DecisionKind.CHOOSE_ONE,
             f"A wound is about to be placed on {proc.called(state, card)} ({why}): respond?",
             options, private=True, context=f"respond:{uid}")
    return True


def play_response(turn: T, uid: str, event: str) -> None:
    """The chosen response event: paid (the FP adds its twilight), discarded, and the wound prevented."""
    state = turn.state
    fp = state.fp_player
    card = fp.hand.take(event)
    cost = actions.cost_of(state, card)
    state.twilight += cost
    fp.discard.cards.append(card)
    turn.say(f"{fp.seat} plays {card.name}, {actions.twilight_words(False, cost)}: the wound to "
             f"{proc.name(state, uid)} is prevented.")
