"""The Haven Encounter deck as scripts (spec 3.2 step 4, 7.3), in our own words over engines.meq.effects. The
hero drawing the card is `hero`; his choices come back to each card's `@choice` continuation."""

from __future__ import annotations

from engines.core import Turn
from engines.meq import effects as fx
from engines.meq import influence, moves, pools, regions, sauron_cards, sheet
from engines.meq.state import ATTRIBUTES, Hero, MeqState

COURT = "enc-court-of-theoden-1"
INTRIGUE = "enc-intrigue-within-meduseld-2"
HEALING = "enc-houses-of-healing-3"
PALANTIRS = "enc-palantirs-4"
HALLS = "enc-halls-of-an-5"
STREAM = "enc-enchanted-stream-6"
MOUNTAIN = "enc-lonely-mountain-7"
GREED = "enc-ancient-greed-8"
FORTRESS = "enc-northern-fortress-9"
DIKE = "enc-deadmens-dike-10"
GOLDEN = "enc-golden-wood-11"
IMLADRIS = "enc-inladris-12"
GRACE = "enc-redeemed-by-grace-13"
DEFENDER = "enc-steadfast-defender-14"
NOT_DONE = "enc-i-will-not-15"


def boon_first(ref: str) -> fx.Effect:
    """Five Haven cards open with 1 favor or 1 Corruption card off, then test the hero (their `then` stage)."""
    def script(turn: Turn[MeqState], hero: Hero | None) -> None:
        assert hero is not None
        fx.later(turn.state, ref, hero, "then")
        sheet.favor_or_cleanse(turn, hero)
    return fx.card(ref)(script)


for _ref in (COURT, HALLS, FORTRESS, GOLDEN, IMLADRIS):
    boon_first(_ref)


@fx.choice(COURT)
def court_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    """Wiser than the count of monster tokens in the region: a Horse."""
    assert hero is not None
    if sheet.compare(turn, hero, "wisdom", ">", regions.region_tokens(turn.state, hero.at),
                     "monster tokens in the region"):
        sheet.item(turn, hero, "item-horse")


@fx.choice(HALLS)
def halls_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    """Wisdom at least the region's influence: a Boat."""
    assert hero is not None
    if sheet.compare(turn, hero, "wisdom", ">=", regions.region_influence(turn.state, hero.at),
                     "influence in the region"):
        sheet.item(turn, hero, "item-boat")


@fx.choice(FORTRESS)
def fortress_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    """Wisdom at least his Corruption cards (counted after the opening choice): training."""
    assert hero is not None
    if sheet.compare(turn, hero, "wisdom", ">=", sheet.corruption(hero), "Corruption cards"):
        sheet.trainings(turn.state, hero)


@fx.choice(GOLDEN)
def golden_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    """Wisdom at least the active Plots: an Elven Cloak."""
    assert hero is not None
    if sheet.compare(turn, hero, "wisdom", ">=", sauron_cards.plots_in_play(turn.state), "active Plots"):
        sheet.item(turn, hero, "item-elven-cloak")


@fx.choice(IMLADRIS)
def imladris_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    """No Corruption card left: the rest and damage pools go back into the life pool."""
    assert hero is not None
    if sheet.corruption(hero):
        turn.say(f"{hero.name} still has Corruption cards: no healing.")
    else:
        pools.recover(turn, hero)


@fx.card(INTRIGUE)
def intrigue(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    if sheet.compare(turn, hero, "wisdom", ">=", regions.region_influence(turn.state, hero.at),
                     "influence in the region"):
        sheet.favor(turn, hero, 2, "an Encounter")


@fx.card(HEALING)
def healing(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    fx.ask_card(turn, hero.seat, HEALING, hero, "pick", f"{hero.name}: heal, or 1 favor and 1 Corruption card off?",
                [("heal", "rest and damage pools into the life pool"),
                 ("favor", "gain 1 favor and discard 1 Corruption card")])


@fx.choice(HEALING)
def healing_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    if picked[0] == "heal":
        pools.recover(turn, hero)
    else:
        sheet.favor(turn, hero, 1, "an Encounter")
        sheet.ask_cleanse(turn, hero, 1, 1)


@fx.card(PALANTIRS)
def palantirs(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    fx.offer(turn, PALANTIRS, hero, "pick", f"{hero.name}: a Corruption card for -1 Shadow Pool and a look at "
             "Sauron's Plot hand?", "take the Corruption card")


@fx.choice(PALANTIRS)
def palantirs_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    """The Plot cards the hero looked at stay known to him (`known_to`) while they sit in Sauron's hand."""
    assert hero is not None
    if picked[0] != "yes":
        return
    state = turn.state
    sheet.corrupt(turn, hero)
    influence.from_pool(turn, 1)
    for c in state.plot_hand.cards:
        if hero.seat not in c.known_to:
            c.known_to.append(hero.seat)
    names = "; ".join(c.name for c in state.plot_hand.cards) or "no card"
    turn.say(f"{hero.name} looks at Sauron's Plot hand.")
    turn.say(f"Sauron's Plot hand: {names}.", [hero.seat])


@fx.card(STREAM)
def stream(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    if sheet.compare(turn, hero, "agility", "<", regions.region_influence(turn.state, hero.at),
                     "influence in the region"):
        sheet.favor(turn, hero, -1, "an Encounter")
        sheet.corrupt(turn, hero)


@fx.card(MOUNTAIN)
def mountain(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    sheet.favor(turn, hero, 1, "an Encounter")
    if sheet.compare(turn, hero, "fortitude", ">", turn.state.pool, "the Shadow Pool"):
        sheet.cleanse(turn, hero, [c.uid for c in hero.corruption.cards])


@fx.card(GREED)
def greed(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    fx.offer(turn, GREED, hero, "pick", f"{hero.name}: take a Corruption card for 2 favor and training (else 1 "
             "favor)?", "take the Corruption card", "just 1 favor")


@fx.choice(GREED)
def greed_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    if picked[0] == "yes":
        sheet.corrupt(turn, hero)
        sheet.favor(turn, hero, 2, "an Encounter")
        sheet.trainings(turn.state, hero)
    else:
        sheet.favor(turn, hero, 1, "an Encounter")


@fx.card(DIKE)
def dike(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    pools.shield_block(turn, DIKE, hero, 4)


@fx.choice(DIKE)
def dike_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    """Nothing got through: 2 favor and training."""
    assert hero is not None
    if pools.blocked(turn, hero, 4, picked):
        sheet.favor(turn, hero, 2, "an Encounter")
        sheet.trainings(turn.state, hero)


@fx.card(GRACE)
def grace(turn: Turn[MeqState], hero: Hero | None) -> None:
    """1 favor, or favor paid 1 for 1 to discard Corruption cards."""
    assert hero is not None
    options = [("favor", "gain 1 favor")]
    if hero.favor and hero.corruption.cards:
        options.append(("cleanse", "pay 1 favor per Corruption card discarded"))
    fx.ask_card(turn, hero.seat, GRACE, hero, "pick", f"{hero.name}: 1 favor, or buy off Corruption cards?", options)


@fx.choice(GRACE)
def grace_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    if picked[0] == "favor":
        sheet.favor(turn, hero, 1, "an Encounter")
    else:
        sheet.ask_cleanse(turn, hero, 1, len(hero.corruption.cards), cost=1)


@fx.card(DEFENDER)
def defender(turn: Turn[MeqState], hero: Hero | None) -> None:
    """1 influence out of the Shadow Pool, or 2 favor for a level in an attribute of the hero's choice."""
    assert hero is not None
    options = [("pool", "1 influence leaves the Shadow Pool")]
    if hero.favor >= 2 and _open_attributes(hero):
        options.append(("level", "pay 2 favor to gain a level"))
    fx.ask_card(turn, hero.seat, DEFENDER, hero, "pick", f"{hero.name}: weaken the Shadow Pool or buy a level?",
                options)


@fx.choice(DEFENDER)
def defender_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    if stage == "pick" and picked[0] == "pool":
        influence.from_pool(turn, 1)
    elif stage == "pick":
        fx.ask_card(turn, hero.seat, DEFENDER, hero, "level", f"{hero.name}: which attribute gains a level?",
                    [(a, a) for a in _open_attributes(hero)])
    else:
        sheet.favor(turn, hero, -2, "buying a level")
        sheet.level(turn, hero, picked[0])


def _open_attributes(hero: Hero) -> list[str]:
    """Attributes still below their two raises (spec 5.5): a third would be lost, so it is not offered."""
    return [a for a in ATTRIBUTES if hero.raises.get(a, 0) < 2]


@fx.card(NOT_DONE)
def not_done(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    sheet.favor(turn, hero, 2, "an Encounter")
    moves.reshuffle_encounters(turn, NOT_DONE)
