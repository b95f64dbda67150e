"""A hero's cards as card effects move them (spec 1.3, 4.4): damage queued for the hero to take point by point
from his life pool or hand, hand cards discarded to the rest pool (picked, at random, or thrown away to block
with their shields), and the rest and damage pools turned back. A hero left with no card at all out of combat is
defeated (`check_out`). engines.meq.stock keeps the face-down pools; these are the moves a card makes with them,
told to the table."""

from __future__ import annotations

from engines.core import DecisionKind, Turn
from engines.meq import rules, stock
from engines.meq.cards import index
from engines.meq.effects import FX, ask_card, push
from engines.meq.state import Hero, MeqState

# --- damage and the hand ---------------------------------------------------------------------------------------


def damage(state: MeqState, hero: Hero, n: int) -> None:
    """Queue `n` damage for the hero (the hero picks life pool or hand cards point by point, spec 4.4)."""
    if n > 0:
        push(state, f"hero_damage:{hero.key}:{n}")


def discard(turn: Turn[MeqState], hero: Hero, uids: list[str], why: str) -> None:
    """Hand cards to the rest pool (where a hero's discards go)."""
    names = []
    for uid in uids:
        got = hero.hand.take(uid)
        hero.rest.cards.append(got)
        names.append(got.name)
    if names:
        turn.say(f"{hero.name} discards {len(names)} card(s) ({why}): {', '.join(names)}.")
    check_out(turn, hero)


def discard_random(turn: Turn[MeqState], hero: Hero, n: int, why: str) -> None:
    picks: list[str] = []
    pool = [c.uid for c in hero.hand.cards]
    for _ in range(min(n, len(pool))):
        picks.append(pool.pop(turn.state.rng.below(len(pool))))
    if picks:
        turn.reveal()
    discard(turn, hero, picks, why)


def ask_discard(turn: Turn[MeqState], ref: str, hero: Hero, stage: str, n: int, prompt: str, *,
                low: int | None = None) -> bool:
    """Ask the hero for `n` hand cards (all of them if fewer); False when there is nothing to ask."""
    n = min(n, len(hero.hand.cards))
    if n <= 0 and not low:
        return False
    ask_card(turn, hero.seat, ref, hero, stage, prompt, [(c.uid, c.name) for c in hero.hand.cards],
             DecisionKind.CHOOSE_MANY, low=n if low is None else low, high=n, private=True)
    return True


def check_out(turn: Turn[MeqState], hero: Hero) -> None:
    """Out of combat, a hero left with no cards at all is defeated (spec 4.4)."""
    state = turn.state
    if state.combat is None and rules.out_of_cards(state, hero) and f"defeat:{hero.key}" not in state.queue:
        push(state, f"defeat:{hero.key}")


def shield_block(turn: Turn[MeqState], ref: str, hero: Hero, n: int, stage: str = "block") -> None:
    """`n` damage the hero may cut by 1 per shield (defense) on the hand cards he throws away; the card's
    `stage` (by default "block") hears the pick and settles it with `blocked`."""
    if not hero.hand.cards:
        damage(turn.state, hero, n)
        return
    ask_card(turn, hero.seat, ref, hero, stage, f"{hero.name} is dealt {n} damage: discard hand cards to block 1 "
             "per shield?", [(c.uid, f"{c.name} ({index().combat[c.ref].defense} shields)") for c in hero.hand.cards],
             DecisionKind.CHOOSE_MANY, low=0, high=len(hero.hand.cards), private=True)


def blocked(turn: Turn[MeqState], hero: Hero, n: int, picked: tuple[str, ...]) -> bool:
    """Throw the picked cards away, deal what the shields did not stop; True when nothing got through."""
    shields = sum(index().combat[c.ref].defense for c in hero.hand.cards if c.uid in picked)
    discard(turn, hero, list(picked), "blocking damage")
    left = max(0, n - shields)
    damage(turn.state, hero, left)
    if not left:
        turn.say(f"{hero.name} blocks all {n} damage.")
    return not left


# --- the rest and damage pools ---------------------------------------------------------------------------------


def recover(turn: Turn[MeqState], hero: Hero, *, wounds: bool = True) -> None:
    """The rest pool, and with `wounds` the damage pool, shuffled back into the life pool."""
    state = turn.state
    n = len(hero.rest.cards)
    stock.put(state, stock.life(hero), hero.rest.cards)
    hero.rest.cards.clear()
    healed = stock.count(state, stock.damage(hero)) if wounds else 0
    if wounds:
        stock.merge(state, stock.life(hero), stock.damage(hero))
    stock.shuffle(state, stock.life(hero))
    turn.say(f"{hero.name} shuffles {n} rest card(s)" + (f" and {healed} damage card(s)" if wounds else "")
             + " into the life pool.")


def rest_to_life(turn: Turn[MeqState], hero: Hero) -> None:
    """The rest pool shuffled back into the life pool (as in resting, without the cost)."""
    state = turn.state
    n = len(hero.rest.cards)
    stock.put(state, stock.life(hero), hero.rest.cards)
    hero.rest.cards.clear()
    stock.shuffle(state, stock.life(hero))
    turn.say(f"{hero.name} shuffles {n} card(s) from the rest pool into the life pool.")


def damage_to_rest(turn: Turn[MeqState], hero: Hero) -> None:
    """The damage pool, shuffled, goes face up onto the rest pool."""
    state = turn.state
    key = stock.damage(hero)
    stock.shuffle(state, key)
    cards = [stock.card_of(e) for e in state.stock.get(key, ())]
    state.stock[key] = ()
    for c in cards:
        c.face_up = True
    hero.rest.cards.extend(cards)
    turn.reveal()
    turn.say(f"{hero.name}'s damage pool ({len(cards)} card(s)) goes onto the rest pool.")


def _fx_rest_to_life(turn: Turn[MeqState], args: list[str]) -> None:
    rest_to_life(turn, turn.state.hero(args[0]))


FX["rest_to_life"] = _fx_rest_to_life
