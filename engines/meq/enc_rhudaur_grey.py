"""Encounter cards of the Rhudaur and Grey Mountains deck (spec 3.2 step 4, 7.3), in our own words over
engines.meq.effects and engines.meq.enc_kit; the deck's Quests are scripted elsewhere. `hero` is the hero
having the Encounter."""

from __future__ import annotations

from engines.core import Turn
from engines.meq import effects as fx
from engines.meq import enc_kit as kit
from engines.meq import influence, moves, pools, regions, rules, sheet
from engines.meq.state import Hero, MeqState

WIND = "enc-hill-of-the-61"
AMON_SUL = "enc-ruains-of-amon-62"
TROLLS = "enc-tom-bert-and-63"
ENGRIN = "enc-emyn-engrin-64"
HEATH = "enc-above-the-withered-65"
FORODWAITH = "enc-forodwaith-66"
CARN_DUM = "enc-carn-dum-reborn-68"
PATH = "enc-a-path-through-69"
WILD = "enc-lost-in-the-71"
IRON_WILL = "enc-iron-will-of-72"
PURPOSE = "enc-a-commom-purpose-73"
GREY = "enc-world-is-grey-75"
WEATHERTOP = "weathertop"
GUNDABAD = "mount-gundabad"
NORTH = ("rhudaur", "grey-mountains")


@fx.card(WIND)
def wind(turn: Turn[MeqState], hero: Hero | None) -> None:
    """The hero sees the faces of the tokens next to Weathertop (told to his seat only); then 1 off the Pool."""
    assert hero is not None
    state = turn.state
    near = set(state.map.neighbours(WEATHERTOP))
    seen = []
    for token in state.tokens.cards:
        loc = state.token_at.get(token.uid, "")
        if loc in near:
            if hero.seat not in token.known_to:
                token.known_to.append(hero.seat)
            seen.append(f"{state.map.name(loc)}: {token.name}")
    if seen:
        turn.say(f"The monster tokens next to Weathertop: {'; '.join(seen)}.", [hero.seat])
    else:
        turn.say("No monster token lies next to Weathertop.")
    kit.pool_off(turn, 1)


@fx.card(AMON_SUL)
def amon_sul(turn: Turn[MeqState], hero: Hero | None) -> None:
    """Damage pool to rest pool, one card per point of wisdom; then the rest pool into the life pool."""
    assert hero is not None
    kit.recover(turn, hero, sheet.wisdom(turn.state, hero))
    pools.rest_to_life(turn, hero)


@fx.card(TROLLS)
def trolls(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    if sheet.wisdom(turn.state, hero) >= sheet.corruption(hero):
        kit.pool_off(turn, 1)
    else:
        turn.say(f"{hero.name}'s wisdom is below his Corruption cards: nothing happens.")


@fx.card(ENGRIN)
def engrin(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    fx.ask_card(turn, hero.seat, ENGRIN, hero, "pick", f"{hero.name}: 2 influence off the Shadow Pool, or train?",
                [("pool", "2 influence off the Shadow Pool"), ("train", "train")])


@fx.choice(ENGRIN)
def engrin_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    if picked[0] == "pool":
        kit.pool_off(turn, 2)
    else:
        sheet.train(turn, hero)


@fx.card(HEATH)
def heath(turn: Turn[MeqState], hero: Hero | None) -> None:
    """Sauron loses a random Shadow card; the hero may then throw out one monster token of his region."""
    assert hero is not None
    state = turn.state
    kit.shadow_random(turn)
    tokens = regions.tokens_in(state, kit.here_region(state, hero))
    if tokens:
        fx.ask_card(turn, hero.seat, HEATH, hero, "token", f"{hero.name}: discard a monster token of this region?",
                    [(uid, f"the token on {state.map.name(state.token_at[uid])}") for uid in tokens]
                    + [("keep", "discard none")])


@fx.choice(HEATH)
def heath_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    if picked[0] != "keep":
        kit.discard_token(turn, picked[0], "an Encounter")


@fx.card(FORODWAITH)
def forodwaith(turn: Turn[MeqState], hero: Hero | None) -> None:
    """Fortitude below all the influence of Rhudaur and the Grey Mountains: 3 damage."""
    assert hero is not None
    state = turn.state
    total = regions.influence_in(state, *NORTH)
    if rules.attribute(state, hero, "fortitude") < total:
        pools.damage(state, hero, 3)
    else:
        turn.say(f"{hero.name}'s fortitude is not below the {total} influence of the north: nothing happens.")


@fx.card(CARN_DUM)
def carn_dum(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    fx.ask_card(turn, hero.seat, CARN_DUM, hero, "pick", f"{hero.name}: take 5 damage, or Sauron adds 1 to his "
                "Pool and spreads 3 tokens out from Mount Gundabad?",
                [("damage", "take 5 damage"), ("shadow", "Sauron gains the influence")])


@fx.choice(CARN_DUM)
def carn_dum_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    """Sauron's 3 tokens go one at a time, each in extension of Mount Gundabad (spec 5.4)."""
    assert hero is not None
    state = turn.state
    if stage == "pick" and picked[0] == "damage":
        pools.damage(state, hero, 5)
        return
    if stage == "pick":
        influence.to_pool(turn, 1)
        left = 3
    else:
        rules.place_influence(turn, picked[0])
        left = int(stage)
    spots = kit.extension_of(state, GUNDABAD)
    if left and spots:
        fx.ask_card(turn, state.sauron, CARN_DUM, hero, str(left - 1), f"Place 1 influence from Mount Gundabad "
                    f"({left} left).", [(loc, state.map.name(loc)) for loc in spots])
    elif left:
        turn.say("No location in extension of Mount Gundabad can take more influence.")


@fx.card(PATH)
def path(turn: Turn[MeqState], hero: Hero | None) -> None:
    """1 favor, then a free step to a neighbouring location if the hero wants."""
    assert hero is not None
    state = turn.state
    sheet.favor(turn, hero, 1, "an Encounter")
    fx.ask_card(turn, hero.seat, PATH, hero, "move", f"{hero.name}: move to an adjacent location?",
                [(loc, state.map.name(loc)) for loc in state.map.neighbours(hero.at)] + [("stay", "stay")])


@fx.choice(PATH)
def path_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    if picked[0] != "stay":
        moves.move_to(turn, hero, picked[0], "an Encounter")


@fx.card(WILD)
def wild(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    kit.pay_or_moved(turn, WILD, hero)


@fx.choice(WILD)
def wild_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    kit.pay_or_moved_then(turn, WILD, hero, stage, picked)


@fx.card(IRON_WILL)
def iron_will(turn: Turn[MeqState], hero: Hero | None) -> None:
    """1 favor, or pay 1 favor to train and shed a Corruption card."""
    assert hero is not None
    options = [("favor", "gain 1 favor")]
    if hero.favor >= 1:
        options.append(("pay", "pay 1 favor: train and discard a Corruption card"))
    fx.ask_card(turn, hero.seat, IRON_WILL, hero, "pick", f"{hero.name}: gain 1 favor, or pay 1 to train and "
                "discard a Corruption card?", options)


@fx.choice(IRON_WILL)
def iron_will_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    if stage == "shed":
        sheet.cleanse(turn, hero, [picked[0]])
    elif picked[0] == "favor":
        sheet.favor(turn, hero, 1, "an Encounter")
    else:
        sheet.favor(turn, hero, -1, "an Encounter")
        kit.ask_corruption(turn, IRON_WILL, hero, "shed")
        fx.push(turn.state, f"fx:train:{hero.key}")  # runs once the Corruption card is picked


@fx.card(PURPOSE)
def purpose(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    state = turn.state
    total = regions.region_influence(state, hero.at)
    if sheet.wisdom(state, hero) >= total:
        sheet.favor(turn, hero, 2, "an Encounter")
    else:
        turn.say(f"{hero.name}'s wisdom is below the region's {total} influence: nothing happens.")


@fx.card(GREY)
def grey(turn: Turn[MeqState], hero: Hero | None) -> None:
    """1 favor or 1 off the Shadow Pool; then the deck is shuffled with its discards (this card too)."""
    assert hero is not None
    moves.reshuffle_encounters(turn, GREY)
    fx.ask_card(turn, hero.seat, GREY, hero, "pick", f"{hero.name}: gain 1 favor, or 1 influence off the Shadow Pool?",
                [("favor", "gain 1 favor"), ("pool", "1 influence off the Shadow Pool")])


@fx.choice(GREY)
def grey_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    if picked[0] == "favor":
        sheet.favor(turn, hero, 1, "an Encounter")
    else:
        kit.pool_off(turn, 1)
