"""The Brown Lands and Mordor Encounter deck (its cards that are not Quests) as scripts (spec 3.2 step 4, 7.3),
in our own words over engines.meq.effects. The hero drawing the card is `hero`."""

from __future__ import annotations

from engines.core import DecisionKind, Turn
from engines.meq import effects as fx
from engines.meq import influence, moves, pools, regions, rules, sheet, stock
from engines.meq.cards import index
from engines.meq.state import Hero, MeqState

FACES = "enc-faces-in-the-16"
SHAPES = "enc-shapes-in-the-17"
ROAD = "enc-saurons-road-18"
THIRST = "enc-thirst-and-despair-19"
RAINS = "enc-heavy-rains-21"
NEST = "enc-nest-is-stirred-23"
OLOG = "enc-olog-hai-24"
HIDDEN = "enc-a-hidden-path-25"
STING = "enc-sting-of-the-26"
UNDER = "enc-a-shadow-under-27"
EYE = "enc-land-of-the-28"
SHADOWS = "enc-where-the-shadows-30"


@fx.card(FACES)
def faces(turn: Turn[MeqState], hero: Hero | None) -> None:
    """An Item is lost (the hero picks which), then 1 damage per Corruption card."""
    assert hero is not None
    if len(hero.items) > 1:
        fx.ask_card(turn, hero.seat, FACES, hero, "item", f"{hero.name}: which Item is lost?",
                    [(i, index().items[i].name) for i in hero.items])
    else:
        faces_then(turn, hero, "item", tuple(hero.items[:1]))


@fx.choice(FACES)
def faces_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    state = turn.state
    if picked:
        hero.items.remove(picked[0])
        state.item_supply[picked[0]] = state.item_supply.get(picked[0], 0) + 1
        turn.say(f"{hero.name} loses the {index().items[picked[0]].name}.")
    else:
        turn.say(f"{hero.name} has no Item to lose.")
    pools.damage(state, hero, sheet.corruption(hero))


@fx.card(SHAPES)
def shapes(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    pools.shield_block(turn, SHAPES, hero, 6)


@fx.choice(SHAPES)
def shapes_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    """All 6 blocked: 1 favor or a Horse."""
    assert hero is not None
    if stage == "block":
        if pools.blocked(turn, hero, 6, picked):
            fx.ask_card(turn, hero.seat, SHAPES, hero, "reward", f"{hero.name}: 1 favor or a Horse?",
                        [("favor", "gain 1 favor"), ("horse", "gain a Horse")])
    elif picked[0] == "favor":
        sheet.favor(turn, hero, 1, "an Encounter")
    else:
        sheet.item(turn, hero, "item-horse")


@fx.card(ROAD)
def road(turn: Turn[MeqState], hero: Hero | None) -> None:
    """Agile enough for the region's monster tokens: the hero may step to a neighbouring location."""
    assert hero is not None
    if sheet.compare(turn, hero, "agility", ">=", regions.region_tokens(turn.state, hero.at),
                     "monster tokens in the region"):
        moves.ask_neighbour(turn, hero.seat, ROAD, hero, "move", f"{hero.name}: move to a neighbouring location?",
                            stay=True)


@fx.choice(ROAD)
def road_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    moves.move_to(turn, hero, picked[0], "an Encounter")


@fx.card(THIRST)
def thirst(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    pools.shield_block(turn, THIRST, hero, 6)


@fx.choice(THIRST)
def thirst_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    """All 6 blocked: 1 favor or a training."""
    assert hero is not None
    if pools.blocked(turn, hero, 6, picked):
        fx.push(turn.state, f"fx:favor_or_train:{hero.key}")


@fx.card(RAINS)
def rains(turn: Turn[MeqState], hero: Hero | None) -> None:
    """3 hand cards away, or Sauron moves the hero one step (the only way out with fewer than 3 cards)."""
    assert hero is not None
    if len(hero.hand.cards) < 3:
        rains_then(turn, hero, "pick", ("move",))
        return
    fx.ask_card(turn, hero.seat, RAINS, hero, "pick", f"{hero.name}: discard 3 cards, or Sauron moves you?",
                [("discard", "discard 3 cards"), ("move", "Sauron moves you to a neighbouring location")])


@fx.choice(RAINS)
def rains_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    state = turn.state
    if stage == "pick" and picked[0] == "discard":
        pools.ask_discard(turn, RAINS, hero, "discard", 3, f"{hero.name}: discard 3 cards.")
    elif stage == "pick" and state.map.neighbours(hero.at):
        moves.ask_neighbour(turn, state.sauron, RAINS, hero, "move", f"Move {hero.name} where?", stay=False)
    elif stage == "discard":
        pools.discard(turn, hero, list(picked), "an Encounter")
    elif stage == "move":
        moves.move_to(turn, hero, picked[0], "an Encounter")


def _room_in_region(state: MeqState, hero: Hero) -> list[str]:
    return [loc for loc in regions.region_of(state, hero.at) if influence.influence_room(state, loc)]


@fx.card(NEST)
def nest(turn: Turn[MeqState], hero: Hero | None) -> None:
    """Sauron may put 1 influence on each of 2 locations of the hero's region, or 1 in the Shadow Pool."""
    assert hero is not None
    state = turn.state
    options = [("pool", "1 influence in the Shadow Pool"), ("nothing", "nothing")]
    if _room_in_region(state, hero):
        options.insert(0, ("region", "1 influence on each of 2 locations of the region"))
    fx.ask_card(turn, state.sauron, NEST, hero, "pick", f"Encounter of {hero.name}: where does influence go?",
                options)


@fx.choice(NEST)
def nest_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    state = turn.state
    if stage == "where":
        for loc in picked:
            influence.add_influence(turn, loc, 1)
    elif picked[0] == "pool":
        influence.to_pool(turn, 1)
    elif picked[0] == "region":
        spots = _room_in_region(state, hero)
        fx.ask_card(turn, state.sauron, NEST, hero, "where", "Put 1 influence on each of these locations.",
                    [(loc, state.map.name(loc)) for loc in spots], DecisionKind.CHOOSE_MANY, low=1,
                    high=min(2, len(spots)))


@fx.card(OLOG)
def olog(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    pools.shield_block(turn, OLOG, hero, 8)


@fx.choice(OLOG)
def olog_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    """All 8 blocked: 1 favor and two trainings."""
    assert hero is not None
    if pools.blocked(turn, hero, 8, picked):
        sheet.favor(turn, hero, 1, "an Encounter")
        sheet.trainings(turn.state, hero, 2)


@fx.card(HIDDEN)
def hidden(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    if sheet.compare(turn, hero, "wisdom", ">=", regions.region_tokens(turn.state, hero.at),
                     "monster tokens in the region"):
        influence.from_pool(turn, 1)


@fx.card(STING)
def sting(turn: Turn[MeqState], hero: Hero | None) -> None:
    """Agile enough for the region's monster tokens: the hero takes up to 3 influence off the region."""
    assert hero is not None
    state = turn.state
    if not sheet.compare(turn, hero, "agility", ">=", regions.region_tokens(state, hero.at),
                         "monster tokens in the region"):
        return
    # one option per influence that may go, each labelled apart ("(2 of 3)"): options with the same label would be
    # told apart by their ids ("dol-guldur|2: ..."), which a player should never read
    slots = [(f"{loc}|{i}", f"1 influence off {state.map.name(loc)} ({i} of {n})")
             for loc in regions.region_of(state, hero.at) if (n := min(3, state.influence.get(loc, 0)))
             for i in range(1, n + 1)]
    if slots:
        fx.ask_card(turn, hero.seat, STING, hero, "remove", f"{hero.name}: remove up to 3 influence from the region.",
                    slots, DecisionKind.CHOOSE_MANY, low=0, high=min(3, len(slots)))


@fx.choice(STING)
def sting_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    counts: dict[str, int] = {}
    for slot in picked:
        loc = slot.split("|")[0]
        counts[loc] = counts.get(loc, 0) + 1
    for loc, n in counts.items():
        rules.remove_influence(turn, loc, n, "an Encounter")


@fx.card(UNDER)
def under(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    if sheet.compare(turn, hero, "strength", ">=", regions.region_influence(turn.state, hero.at),
                     "influence in the region"):
        fx.ask_card(turn, hero.seat, UNDER, hero, "pick", f"{hero.name}: 1 favor, or 2 out of the Shadow Pool?",
                    [("favor", "gain 1 favor"), ("pool", "2 influence leave the Shadow Pool")])


@fx.choice(UNDER)
def under_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    if picked[0] == "favor":
        sheet.favor(turn, hero, 1, "an Encounter")
    else:
        influence.from_pool(turn, 2)


@fx.card(EYE)
def eye(turn: Turn[MeqState], hero: Hero | None) -> None:
    """Fortitude below the region's influence: the life pool's top 5 cards go face up onto the rest pool."""
    assert hero is not None
    state = turn.state
    if not sheet.compare(turn, hero, "fortitude", "<", regions.region_influence(state, hero.at),
                         "influence in the region"):
        return
    got = stock.draw(turn, stock.life(hero), hero.rest, 5)
    for c in got:
        c.face_up = True
    turn.say(f"{hero.name} loses {len(got)} card(s) from the life pool to the rest pool: "
             f"{', '.join(c.name for c in got) or 'none'}.")
    pools.check_out(turn, hero)


@fx.card(SHADOWS)
def shadows(turn: Turn[MeqState], hero: Hero | None) -> None:
    influence.from_pool(turn, 1)
    moves.reshuffle_encounters(turn, SHADOWS)
