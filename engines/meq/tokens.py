"""Monster tokens off the board: where a new one may go and drawing one from its colour's pile (spec 3.1 step
5.3). Sauron's turn places them and card effects do too, so they live below both."""

from __future__ import annotations

from engines.core import Card, Turn
from engines.meq import stock
from engines.meq.flow import fire
from engines.meq.state import MeqState


def token_targets(state: MeqState, group: str) -> list[str]:
    """A new token goes on a location of its colour with influence and no hero (spec 3.1 step 5.3); a minion's
    own ability may waive the influence near it (the "token_without_influence" moment)."""
    return [loc.id for loc in state.map.locations
            if state.map.region(loc.region).group == group and not loc.haven
            and (state.influence.get(loc.id, 0) >= 1 or fire("token_without_influence", state, loc.id))
            and not state.heroes_at(loc.id)]


def draw_token(turn: Turn[MeqState], group: str) -> Card:
    state = turn.state
    key = f"pile:{group}"
    if not stock.count(state, key):
        back = [c for c in state.token_discard.cards if c.ref.startswith(group + "|")]
        for c in back:
            state.token_discard.cards.remove(c)
        stock.put(state, key, back)
        stock.shuffle(state, key)
        turn.say(f"The {state.map.group_name(group)} token pile is empty: its discarded tokens are shuffled back in.")
    card = stock.pop(state, key)
    card.known_to = [state.sauron]
    state.tokens.cards.append(card)
    turn.reveal()
    return card
