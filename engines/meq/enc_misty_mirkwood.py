"""Encounter cards of the Misty Mountains and Mirkwood deck (spec 3.2 step 4, 7.3), in our own words over
engines.meq.effects and engines.meq.enc_kit; the deck's Quests are scripted elsewhere. `hero` is the hero
having the Encounter."""

from __future__ import annotations

from engines.core import Turn
from engines.meq import effects as fx
from engines.meq import enc_kit as kit
from engines.meq import influence, moves, pools, regions, rules, sheet
from engines.meq.cards import YELLOW, index
from engines.meq.state import Hero, MeqState

RADAGAST = "enc-radagast-the-brown-46"
BEORNINGS = "enc-beornings-ask-for-47"
DALE = "enc-town-of-dale-48"
AGENTS = "enc-agents-of-saruman-49"
STRAY = "enc-do-not-stray-50"
FIRES = "enc-sarumans-fires-51"
LOST = "enc-lost-in-the-53"
STORM = "enc-trapped-by-a-54"
ESCORT = "enc-escorted-by-the-56"
FEAR = "enc-conquered-by-fear-57"
BARGAIN = "enc-a-desperate-bargain-58"
LEAVES = "enc-i-sang-of-60"
GANDALF = "char-gandalf"
WOODLAND = "the-woodland-realm"


@fx.card(RADAGAST)
def radagast(turn: Turn[MeqState], hero: Hero | None) -> None:
    """Wisdom at least the region's influence: 1 favor, and the hero sets Gandalf on a Haven of his choice."""
    assert hero is not None
    state = turn.state
    total = regions.region_influence(state, hero.at)
    if sheet.wisdom(state, hero) < total:
        turn.say(f"{hero.name}'s wisdom is below the region's {total} influence: nothing happens.")
        return
    sheet.favor(turn, hero, 1, "an Encounter")
    havens = [loc.id for loc in state.map.locations if loc.haven]
    fx.ask_card(turn, hero.seat, RADAGAST, hero, "haven", f"{hero.name}: place Gandalf on which Haven?",
                [(loc, state.map.name(loc)) for loc in havens])


@fx.choice(RADAGAST)
def radagast_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    turn.state.characters[GANDALF] = picked[0]
    turn.say(f"{index().characters[GANDALF].name} is placed on {turn.state.map.name(picked[0])}.")


@fx.card(BEORNINGS)
def beornings(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    if hero.favor < 1:
        turn.say(f"{hero.name} has no favor to spend: nothing happens.")
        return
    fx.ask_card(turn, hero.seat, BEORNINGS, hero, "pay", f"{hero.name}: pay 1 favor to clear the Shadow Pool by 2 "
                "and this location and its neighbours of influence and monster tokens?",
                [("pay", "pay 1 favor"), ("no", "do not")])


@fx.choice(BEORNINGS)
def beornings_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    if picked[0] != "pay":
        return
    state = turn.state
    sheet.favor(turn, hero, -1, "an Encounter")
    kit.pool_off(turn, 2)
    near = {hero.at, *state.map.neighbours(hero.at)}
    for uid in [u for u, loc in sorted(state.token_at.items()) if loc in near]:
        kit.discard_token(turn, uid, "an Encounter")
    for loc in sorted(near):
        rules.remove_influence(turn, loc, state.influence.get(loc, 0), "an Encounter")


@fx.card(DALE)
def dale(turn: Turn[MeqState], hero: Hero | None) -> None:
    """Damage pool to rest pool, one card per point of wisdom; then the rest pool into the life pool."""
    assert hero is not None
    kit.recover(turn, hero, sheet.wisdom(turn.state, hero))
    pools.rest_to_life(turn, hero)


@fx.card(AGENTS)
def agents(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    fx.ask_card(turn, hero.seat, AGENTS, hero, "pick", f"{hero.name}: take 5 damage, or the yellow marker moves 1?",
                [("damage", "take 5 damage"), ("yellow", "the yellow marker moves 1 space")])


@fx.choice(AGENTS)
def agents_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    if picked[0] == "damage":
        pools.damage(turn.state, hero, 5)
    else:
        influence.advance(turn, YELLOW, 1, "an Encounter")


def _stray_reward(turn: Turn[MeqState], hero: Hero) -> None:
    sheet.favor(turn, hero, 2, "an Encounter")
    sheet.train(turn, hero)


kit.blocked_damage(STRAY, 7, _stray_reward)  # 7 damage; all blocked: 2 favor and training


@fx.card(FIRES)
def fires(turn: Turn[MeqState], hero: Hero | None) -> None:
    """Agility below the region's monster tokens: Sauron may deal 2 damage or put 1 in the Shadow Pool."""
    assert hero is not None
    state = turn.state
    n = regions.region_tokens(state, hero.at)
    if rules.attribute(state, hero, "agility") >= n:
        turn.say(f"{hero.name}'s agility is not below the region's {n} monster token(s): nothing happens.")
        return
    fx.ask_card(turn, state.sauron, FIRES, hero, "pick", f"Against {hero.name}:",
                [("damage", "deal 2 damage"), ("pool", "the Shadow Pool gains 1"), ("nothing", "nothing")])


@fx.choice(FIRES)
def fires_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    if picked[0] == "damage":
        pools.damage(turn.state, hero, 2)
    elif picked[0] == "pool":
        influence.to_pool(turn, 1)


@fx.card(LOST)
def lost(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    kit.pay_or_moved(turn, LOST, hero)


@fx.choice(LOST)
def lost_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    kit.pay_or_moved_then(turn, LOST, hero, stage, picked)


@fx.card(STORM)
def storm(turn: Turn[MeqState], hero: Hero | None) -> None:
    """The whole hand into the life pool, shuffled; the turn ends."""
    assert hero is not None
    kit.hand_to_life(turn, hero)
    moves.end_turn(turn, hero)


@fx.card(ESCORT)
def escort(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    kit.rest_or_trip(turn, ESCORT, hero, WOODLAND)


@fx.choice(ESCORT)
def escort_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    kit.rest_or_trip_then(turn, hero, picked, WOODLAND)


@fx.card(FEAR)
def fear(turn: Turn[MeqState], hero: Hero | None) -> None:
    """Wisdom below the region's influence: 1 favor or a Corruption card (the hero picks; no favor, no pick)."""
    assert hero is not None
    state = turn.state
    total = regions.region_influence(state, hero.at)
    if sheet.wisdom(state, hero) >= total:
        turn.say(f"{hero.name}'s wisdom is not below the region's {total} influence: nothing happens.")
    elif hero.favor < 1:
        sheet.corrupt(turn, hero)
    else:
        fx.ask_card(turn, hero.seat, FEAR, hero, "pick", f"{hero.name}: pay 1 favor or take a Corruption card?",
                    [("favor", "pay 1 favor"), ("corrupt", "take a Corruption card")])


@fx.choice(FEAR)
def fear_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    if picked[0] == "favor":
        sheet.favor(turn, hero, -1, "an Encounter")
    else:
        sheet.corrupt(turn, hero)


@fx.card(BARGAIN)
def bargain(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    fx.ask_card(turn, hero.seat, BARGAIN, hero, "pick", f"{hero.name}: take a Corruption card so that the Shadow Pool "
                "loses 2 and Sauron loses a random Shadow card?", [("yes", "take it"), ("no", "do not")])


@fx.choice(BARGAIN)
def bargain_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    if picked[0] != "yes":
        return
    sheet.corrupt(turn, hero)
    kit.pool_off(turn, 2)
    kit.shadow_random(turn)


@fx.card(LEAVES)
def leaves(turn: Turn[MeqState], hero: Hero | None) -> None:
    """1 off the Shadow Pool or training; then the deck is shuffled with its discards (this card too)."""
    assert hero is not None
    moves.reshuffle_encounters(turn, LEAVES)
    fx.ask_card(turn, hero.seat, LEAVES, hero, "pick", f"{hero.name}: 1 influence off the Shadow Pool, or train?",
                [("pool", "1 influence off the Shadow Pool"), ("train", "train")])


@fx.choice(LEAVES)
def leaves_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    if picked[0] == "pool":
        kit.pool_off(turn, 1)
    else:
        sheet.train(turn, hero)
