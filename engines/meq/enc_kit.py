"""Shared pieces of the regional Encounter scripts (spec 3.2 step 4, 7.3), over engines.meq.effects: the Shadow
Pool going down, a hero's region (the counts over one are engines.meq.regions'), a hero's pools (damage back to
rest, rest back to life), monster tokens leaving the board, a hero moved by a card, a deck reshuffled with its
discards, and the patterns several cards share (block damage with shields, pay 2 hand cards or be moved, a free
trip to a Haven and its Encounter).

Each pattern takes the id of the card that uses it, so its decisions come back to that card's continuation;
the card module registers that continuation with `@choice` and passes the answer to the pattern's `then`."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from engines.core import Turn
from engines.meq import effects as fx
from engines.meq import moves, pools, rules, sheet, stock
from engines.meq.flow import goto
from engines.meq.state import Hero, MeqState

# --- counts ----------------------------------------------------------------------------------------------------


def pool_off(turn: Turn[MeqState], n: int) -> None:
    """Influence out of the Shadow Pool (never below 0)."""
    state = turn.state
    gone = min(n, state.pool)
    state.pool -= gone
    turn.say(f"{gone} influence leaves the Shadow Pool (now {state.pool}/{rules.pool_cap(state)}).")


def here_region(state: MeqState, hero: Hero) -> str:
    return state.map.location(hero.at).region


def discard_token(turn: Turn[MeqState], uid: str, why: str) -> None:
    """A board token leaves without a fight: face up to the token discard (spec 5.8)."""
    state = turn.state
    loc = state.token_at.pop(uid)
    card = state.tokens.take(uid)
    card.face_up, card.known_to = True, []
    state.token_discard.cards.append(card)
    turn.reveal()
    turn.say(f"The monster token on {state.map.name(loc)} is discarded ({why}): {card.name}.")


def shadow_random(turn: Turn[MeqState]) -> None:
    """Sauron discards one Shadow card from his hand, at random."""
    state = turn.state
    hand = state.shadow_hand.cards
    if not hand:
        turn.say("Sauron holds no Shadow card to discard.")
        return
    card = hand.pop(state.rng.below(len(hand)))
    state.shadow_discard.cards.append(card)
    turn.reveal()
    turn.say(f"Sauron discards a random Shadow card: {card.name}.")


# --- a hero's pools --------------------------------------------------------------------------------------------


def recover(turn: Turn[MeqState], hero: Hero, n: int) -> int:
    """Up to `n` cards, one by one, from the top of the damage pool onto the top of the rest pool (face up)."""
    state = turn.state
    moved = 0
    for _ in range(n):
        if not stock.count(state, stock.damage(hero)):
            break
        card = stock.pop(state, stock.damage(hero))
        card.face_up = True
        hero.rest.cards.append(card)
        moved += 1
    if moved:
        turn.reveal()
    turn.say(f"{hero.name} moves {moved} card(s) from the damage pool to the rest pool.")
    return moved


def hand_to_life(turn: Turn[MeqState], hero: Hero) -> None:
    state = turn.state
    n = len(hero.hand.cards)
    stock.put(state, stock.life(hero), hero.hand.cards)
    hero.hand.cards.clear()
    stock.shuffle(state, stock.life(hero))
    turn.say(f"{hero.name} shuffles {n} hand card(s) into the life pool.")


def ask_corruption(turn: Turn[MeqState], ref: str, hero: Hero, stage: str) -> bool:
    """The hero picks one of his Corruption cards to discard; False when nothing was asked (none, or only one,
    discarded at once)."""
    cards = hero.corruption.cards
    if not cards:
        turn.say(f"{hero.name} has no Corruption card to discard.")
        return False
    if len(cards) == 1:
        sheet.cleanse(turn, hero, [cards[0].uid])
        return False
    fx.ask_card(turn, hero.seat, ref, hero, stage, f"{hero.name}: discard which Corruption card?",
                [(c.uid, c.name) for c in cards])
    return True


# --- the board -------------------------------------------------------------------------------------------------


def extension_of(state: MeqState, root: str) -> list[str]:
    """Where one more influence may go in extension of the Stronghold `root` (spec 5.4): the Stronghold, the
    chain of influenced locations linked to it, and their neighbours, among the placeable locations."""
    chain: set[str] = set()
    if state.influence.get(root, 0) > 0:
        chain.add(root)
        todo = deque([root])
        while todo:
            here = todo.popleft()
            for nxt in state.map.neighbours(here):
                if nxt not in chain and state.influence.get(nxt, 0) > 0 and not state.map.location(nxt).haven:
                    chain.add(nxt)
                    todo.append(nxt)
    near = chain | {n for c in chain for n in state.map.neighbours(c)} | {root}
    return [loc for loc in rules.placeable(state) if loc in near]


# --- patterns --------------------------------------------------------------------------------------------------

Reward = Callable[[Turn[MeqState], Hero], None]


def blocked_damage(ref: str, damage: int, reward: Reward) -> None:
    """Script the Encounter `ref`: `damage` the hero may cut with shields discarded from his hand
    (pools.shield_block), and `reward` when none of it got through (the stage keeps `damage`)."""

    def encounter(turn: Turn[MeqState], hero: Hero | None) -> None:
        assert hero is not None
        pools.shield_block(turn, ref, hero, damage, stage=f"block|{damage}")

    def settle(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
        assert hero is not None
        if pools.blocked(turn, hero, int(stage.split("|")[1]), picked):
            reward(turn, hero)

    fx.card(ref)(encounter)
    fx.choice(ref)(settle)


def pay_or_moved(turn: Turn[MeqState], ref: str, hero: Hero) -> None:
    """The hero discards 2 hand cards, or Sauron moves him to a neighbouring location."""
    options = [("move", "Sauron moves you to an adjacent location")]
    if len(hero.hand.cards) >= 2:
        options.insert(0, ("discard", "discard 2 hand cards"))
    fx.ask_card(turn, hero.seat, ref, hero, "pick", f"{hero.name}: discard 2 cards, or be moved by Sauron?", options)


def pay_or_moved_then(turn: Turn[MeqState], ref: str, hero: Hero, stage: str, picked: tuple[str, ...]) -> None:
    state = turn.state
    if stage == "pick" and picked[0] == "discard":
        pools.ask_discard(turn, ref, hero, "discard", 2, f"{hero.name}: discard 2 cards.")
    elif stage == "pick":
        fx.ask_card(turn, state.sauron, ref, hero, "move", f"Move {hero.name} where?",
                    [(loc, state.map.name(loc)) for loc in state.map.neighbours(hero.at)])
    elif stage == "discard":
        pools.discard(turn, hero, list(picked), "an Encounter")
    else:
        moves.move_to(turn, hero, picked[0], "an Encounter")


def rest_or_trip(turn: Turn[MeqState], ref: str, hero: Hero, haven: str) -> None:
    """Shuffle the rest pool into the life pool, or pay 1 favor to go to `haven` and have its Encounter."""
    if hero.favor < 1:
        pools.rest_to_life(turn, hero)
        return
    fx.ask_card(turn, hero.seat, ref, hero, "pick", f"{hero.name}: shuffle the rest pool into the life pool, or pay "
                f"1 favor to go to {turn.state.map.name(haven)} and encounter it?",
                [("rest", "shuffle the rest pool into the life pool"), ("go", f"pay 1 favor, go to "
                                                                             f"{turn.state.map.name(haven)}")])


def rest_or_trip_then(turn: Turn[MeqState], hero: Hero, picked: tuple[str, ...], haven: str) -> None:
    if picked[0] == "rest":
        pools.rest_to_life(turn, hero)
        return
    sheet.favor(turn, hero, -1, "an Encounter")
    moves.move_to(turn, hero, haven, "an Encounter")
    state = turn.state
    if state.active >= 0 and state.current is hero and not state.turn_over:
        goto(state, "encounter")  # the Encounter step again, on the new location (its deck, its cards)
