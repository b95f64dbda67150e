"""Small fixtures for TCG rules tests: a started game, cards put where a scenario needs them."""

from __future__ import annotations

from engines.core import Answer, Card, Config, Turn
from engines.tcg import GAME
from engines.tcg import procedures as proc
from engines.tcg.state import ACTION_WINDOWS, TcgState


def a_game(seats: int = 2, *, asks: bool = True, **options: str | bool) -> TcgState:
    """A started game. Scenarios put cards in hands that the seats' decks do not list, so by default every seat
    is asked at every action window (`order <window> ask`); `asks=False` keeps the engine's default orders."""
    state = GAME.setup(Config(seats=GAME.seat_names(seats), options={"first_player": "p1", **options}), 7)
    if asks:
        state.orders = {seat: dict.fromkeys(ACTION_WINDOWS, "ask") for seat in state.seats}
    return state


def answer(state: TcgState, option: str, *more: str) -> TcgState:
    """Answer the only open decision (or the first) with the given option ids."""
    d = state.decisions[0]
    return GAME.apply(state, d.seat, Answer(decision=d.id, choice=(option, *more))).state


def put(state: TcgState, ref: str, zone: str, seat: str = "p1", on: Card | None = None) -> Card:
    """A new card of definition `ref` in `zone` ("fellowship", "support", "hand", "minions") or borne by `on`."""
    card = state.new_card(ref, seat)
    if on is not None:
        on.attached.append(card)
    elif zone == "minions":
        state.minions.cards.append(card)
    else:
        getattr(state.player(seat), zone).cards.append(card)
    return card


def turn_of(state: TcgState, seat: str = "p1") -> Turn[TcgState]:
    return Turn(state=state, seat=seat)


def option_ids(state: TcgState) -> list[str]:
    return [o.id for o in state.decisions[0].options]


__all__ = ["a_game", "answer", "option_ids", "proc", "put", "turn_of"]


def window(state: TcgState, phase: str, seat: str = "p1") -> list[str]:
    """Open `phase` for `seat` (a Shadow phase, the fellowship phase, or an action procedure with `seat` to act)
    and return the option ids offered."""
    from engines.tcg import flow

    state.decisions.clear()
    if phase == "fellowship":
        state.phase, state.step = "fellowship", "fellowship"
    elif phase == "shadow":
        state.phase, state.step = "shadow", "shadow"
        state.shadow_seats, state.shadow_index = [seat], 0
    else:
        flow.start_procedure(state, phase, "site9")
        state.actor = state.actors.index(seat)
    flow.advance(Turn(state=state, seat=seat))
    return option_ids(state)


def at_site(state: TcgState, ref: str, seat: str = "p2") -> Card:
    """Put a site of definition `ref` on the path (replacing one of its number) and move the fellowship there."""
    number = state.defs[ref].site
    state.path.cards = [c for c in state.path.cards if state.defs[c.ref].site != number]
    site = state.new_card(ref, seat)
    state.path.cards.append(site)
    state.fp_player.position = number
    return site


def fight(state: TcgState, comp: Card, *minions: Card) -> None:
    """Assign the minions to `comp` and make it the current skirmish."""
    for m in minions:
        state.assign[m.uid] = comp.uid
    state.phase, state.skirmish = "skirmish", comp.uid


def found(state: TcgState, uid: str) -> Card:
    card = state.find(uid)
    assert card is not None, uid
    return card


__all__ += ["at_site", "fight", "found", "window"]


def set1_table() -> TcgState:
    """The two set-1 starters (p1 Aragorn's, p2 Gandalf's) with each fellowship cut to its Ring-bearer, so a
    card's test puts in play exactly the companions it is about (the decks start with Aragorn and Gandalf)."""
    state = a_game(deck_p1="fotr-aragorn-starter", deck_p2="fotr-gandalf-starter")
    for player in state.players:
        player.fellowship.cards[1:] = []
    return state


def pippin_game() -> TcgState:
    """Two players with the Siege of Gondor starter decks: Pippin's (p1) against Merry's (p2)."""
    return a_game(deck_p1="sog-pippin-starter", deck_p2="sog-merry-starter")
