"""Sauron's own cards as card effects touch them (spec 3.1, 5.3): Plot and Shadow cards drawn into his hand, the
active Plots (counted, found, discarded with their markers), and what a card makes him lose (a Shadow card at
random, a Plot card or 2 of the Shadow Pool). Apart from the card families (engines.meq.plots, shadows), so
the turn modules use these without importing any card's script."""

from __future__ import annotations

from engines.core import Decision, Turn
from engines.meq import stock
from engines.meq.effects import FX
from engines.meq.flow import answer, ask
from engines.meq.influence import from_pool
from engines.meq.sheet import corruption
from engines.meq.state import MeqState


def draw_plot(turn: Turn[MeqState], n: int = 1) -> None:
    _draw(turn, "plot", n)


def draw_shadow(turn: Turn[MeqState], n: int = 1) -> None:
    _draw(turn, "shadow", n)


def _draw(turn: Turn[MeqState], deck: str, n: int) -> None:
    """Sauron draws `n` cards of his Plot or Shadow deck (its discard pile reshuffled when it runs out): the table
    hears how many, Sauron alone what they are."""
    state = turn.state
    discard, hand = (state.plot_discard, state.plot_hand) if deck == "plot" else (state.shadow_discard,
                                                                                   state.shadow_hand)
    got = stock.draw_from(turn, deck, discard, hand, n)
    for c in got:
        c.face_up = True
    turn.say(f"Sauron draws {len(got)} {deck.capitalize()} card(s).")
    if got:
        turn.say(f"You draw: {'; '.join(c.name for c in got)}.", [state.sauron])


def plots_in_play(state: MeqState) -> int:
    return len(state.plots.cards)


def plot_active(state: MeqState, ref: str) -> str:
    """The uid of the active Plot of definition `ref`, "" if none."""
    return next((c.uid for c in state.plots.cards if c.ref == ref), "")


def discard_active_plot(turn: Turn[MeqState], uid: str, why: str) -> None:
    """An active Plot to the Plot discard, face up; its marker leaves the board (spec 5.3)."""
    state = turn.state
    got = state.plots.take(uid)
    state.plot_discard.cards.append(got)
    state.plot_slot.pop(uid, None)
    state.plot_at.pop(uid, None)
    turn.say(f"The Plot {got.name} is discarded ({why}); its marker leaves the board.")


# --- queued losses and draws (`fx:<op>:<args>`) ----------------------------------------------------------------


def _fx_plot_if_corrupt(turn: Turn[MeqState], args: list[str]) -> None:
    if corruption(turn.state.hero(args[0])):
        draw_plot(turn)


def _fx_shadow_random(turn: Turn[MeqState], args: list[str]) -> None:
    """Sauron loses a Shadow card from his hand, picked at random (it goes to the Shadow discard, face up)."""
    state = turn.state
    if not state.shadow_hand.cards:
        turn.say("Sauron holds no Shadow card to discard.")
        return
    got = state.shadow_hand.cards.pop(state.rng.below(len(state.shadow_hand.cards)))
    state.shadow_discard.cards.append(got)
    turn.reveal()
    turn.say(f"Sauron discards the Shadow card {got.name}, taken at random from his hand.")


def _fx_plot_or_pool(turn: Turn[MeqState], args: list[str]) -> None:
    """Sauron picks his loss: one Plot in hand, or two tokens of the Shadow Pool."""
    state = turn.state
    options = [(c.uid, f"discard the Plot card {c.name}") for c in state.plot_hand.cards]
    if not options:
        from_pool(turn, 2)
        return
    ask(turn, state.sauron, "fx_plot_pool", "A Plot card from your hand goes to the discard, or the Shadow Pool "
        "loses 2.", [*options, ("pool", f"the Shadow Pool loses 2 (now {state.pool})")], private=True)


@answer("fx_plot_pool")
def fx_plot_pool(turn: Turn[MeqState], d: Decision, picked: tuple[str, ...], args: list[str]) -> None:
    state = turn.state
    if picked[0] == "pool":
        from_pool(turn, 2)
        return
    got = state.plot_hand.take(picked[0])
    got.face_up = True
    state.plot_discard.cards.append(got)
    turn.say(f"Sauron discards the Plot card {got.name} from his hand.")


FX.update({"plot_if_corrupt": _fx_plot_if_corrupt, "shadow_random": _fx_shadow_random,
           "plot_or_pool": _fx_plot_or_pool})
