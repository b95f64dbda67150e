"""Monster tokens (spec 5.8): where a new one may go and drawing one from its colour's pile (spec 3.1 step
5.3), and a card placing one on the board or taking one off. Sauron's turn places them and card effects do
too, so they live below both."""

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


# --- tokens as card effects place and remove them --------------------------------------------------------------


def pile_ready(state: MeqState, group: str) -> bool:
    """A token can be drawn from `group`'s pile (or its discards, reshuffled)."""
    return stock.count(state, f"pile:{group}") > 0 or any(c.ref.startswith(group + "|")
                                                          for c in state.token_discard.cards)


def token_spots(state: MeqState, locs: list[str]) -> list[tuple[str, str]]:
    """(group, location) pairs where a new token may go among `locs` (its colour, influence, no hero)."""
    out = []
    for group in sorted(k.removeprefix("pile:") for k in state.stock if k.startswith("pile:")):
        for loc in token_targets(state, group):
            if loc in locs:
                out.append((group, loc))
    return out


def spot_options(state: MeqState, spots: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """`token_spots` as options: "group|location", read as "Rohan and Gondor token on Edoras"."""
    return [(f"{g}|{loc}", f"{state.map.group_name(g)} token on {state.map.name(loc)}") for g, loc in spots]


def place_token(turn: Turn[MeqState], group: str, loc: str) -> None:
    state = turn.state
    token = draw_token(turn, group)
    state.token_at[token.uid] = loc
    turn.say(f"Sauron places a {state.map.group_name(token.back)} monster token on {state.map.name(loc)}.")


def remove_token(turn: Turn[MeqState], uid: str, why: str) -> None:
    """A monster token leaves the board by a card: discarded face up, as a fought one is (spec 5.8)."""
    state = turn.state
    card = state.tokens.take(uid)
    where = state.token_at.pop(uid)
    card.face_up = True
    card.known_to = []
    turn.reveal()
    state.token_discard.cards.append(card)
    turn.say(f"The {state.map.group_name(card.back)} token on {state.map.name(where)} is removed ({why}): it was "
             f"{card.name}.")
