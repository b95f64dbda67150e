"""What every audience sees of the table (spec 1.2's zone table, 1.3's hidden information)."""

from __future__ import annotations

from engines.lcg import GAME
from tests.engines.lcg.table import started


def test_each_players_discard_pile_is_on_the_table_face_up_for_everyone():
    """Spec 1.2, Z3: a player's discard pile is face up and public, so the table lists its cards, as it lists
    the encounter discard pile (Z11); the hand it came from (Z2) stays its owner's."""
    state = started(2)
    p1 = state.player("p1")
    thrown = p1.hand.cards.pop()
    p1.discard.cards.append(thrown)
    for audience in (None, "p1", "p2"):
        view = GAME.view(state, audience)
        piles = {(z.owner, z.name): z for z in view.table}
        assert [c.uid for c in piles["p1", "discard"].cards] == [thrown.uid]
        assert piles["p2", "discard"].count == 0
        hand = {c.uid for c in p1.hand.cards}
        assert not [c for z in view.table for c in z.cards if c.uid in hand]
