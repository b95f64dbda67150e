"""Encounter cards of the Eriador and Enedwaith deck (spec 3.2 step 4, 7.3), in our own words over
engines.meq.effects and engines.meq.enc_kit; the deck's Quests are scripted elsewhere. `hero` is the hero
having the Encounter."""

from __future__ import annotations

from engines.core import Turn
from engines.meq import effects as fx
from engines.meq import enc_kit as kit
from engines.meq import moves, pools, regions, rules, sheet
from engines.meq.cards import index
from engines.meq.state import Hero, MeqState

PIPEWEED = "enc-pipeweed-seven-meals-76"
CIRDAN = "enc-cirdan-the-shipwright-77"
GREY_COMPANY = "enc-grey-company-78"
COLD = "enc-cold-be-hand-79"
MERRY = "enc-a-merry-fellow-80"
ROAD = "enc-remmants-of-the-81"
GREYFLOOD = "enc-city-by-the-82"
RAIDERS = "enc-riaders-in-the-83"
BAGGINS = "enc-mad-baggins-85"
AGENTS = "enc-sarumans-agents-88"
RANGER = "enc-ranger-89"
EVER_ON = "enc-road-goes-ever-90"
BOAT = "item-boat"
FORNOST = "fornost"
WEST = ("eriador", "enedwaith")


@fx.card(PIPEWEED)
def pipeweed(turn: Turn[MeqState], hero: Hero | None) -> None:
    """Damage pool to rest pool, one card per point of wisdom; then the rest pool into the life pool."""
    assert hero is not None
    kit.recover(turn, hero, sheet.wisdom(turn.state, hero))
    pools.rest_to_life(turn, hero)


@fx.card(CIRDAN)
def cirdan(turn: Turn[MeqState], hero: Hero | None) -> None:
    """Wisdom at least the region's influence: shed every Corruption card, or take a Boat."""
    assert hero is not None
    state = turn.state
    total = regions.region_influence(state, hero.at)
    if sheet.wisdom(state, hero) < total:
        turn.say(f"{hero.name}'s wisdom is below the region's {total} influence: nothing happens.")
        return
    fx.ask_card(turn, hero.seat, CIRDAN, hero, "pick", f"{hero.name}: discard all your Corruption cards, or take the "
                f"{index().items[BOAT].name}?", [("clean", "discard all Corruption cards"),
                                                 ("boat", f"take the {index().items[BOAT].name}")])


@fx.choice(CIRDAN)
def cirdan_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    if picked[0] == "boat":
        sheet.item(turn, hero, BOAT)
        return
    for c in list(hero.corruption.cards):
        sheet.cleanse(turn, hero, [c.uid])


@fx.card(GREY_COMPANY)
def grey_company(turn: Turn[MeqState], hero: Hero | None) -> None:
    """Two hand cards may buy 1 favor and training."""
    assert hero is not None
    if len(hero.hand.cards) < 2:
        turn.say(f"{hero.name} has fewer than 2 cards in hand: nothing happens.")
        return
    fx.ask_card(turn, hero.seat, GREY_COMPANY, hero, "pick", f"{hero.name}: discard 2 cards to gain 1 favor and train?",
                [("yes", "discard 2 cards"), ("no", "do not")])


@fx.choice(GREY_COMPANY)
def grey_company_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    if stage == "pick" and picked[0] == "yes":
        pools.ask_discard(turn, GREY_COMPANY, hero, "discard", 2, f"{hero.name}: discard 2 cards.")
    elif stage == "discard":
        pools.discard(turn, hero, list(picked), "an Encounter")
        sheet.favor(turn, hero, 1, "an Encounter")
        sheet.train(turn, hero)


def _cold_reward(turn: Turn[MeqState], hero: Hero) -> None:
    sheet.favor(turn, hero, 1, "an Encounter")
    sheet.train(turn, hero)


kit.blocked_damage(COLD, 4, _cold_reward)  # 4 damage; all blocked: 1 favor and training


@fx.card(MERRY)
def merry(turn: Turn[MeqState], hero: Hero | None) -> None:
    """1 favor; the hero sheds one Corruption card, then throws out one monster token of his region."""
    assert hero is not None
    sheet.favor(turn, hero, 1, "an Encounter")
    if not kit.ask_corruption(turn, MERRY, hero, "shed"):
        _merry_token(turn, hero)


def _merry_token(turn: Turn[MeqState], hero: Hero) -> None:
    state = turn.state
    tokens = regions.tokens_in(state, kit.here_region(state, hero))
    if len(tokens) == 1:
        kit.discard_token(turn, tokens[0], "an Encounter")
    elif tokens:
        fx.ask_card(turn, hero.seat, MERRY, hero, "token", f"{hero.name}: discard which monster token?",
                    [(uid, f"the token on {state.map.name(state.token_at[uid])}") for uid in tokens])


@fx.choice(MERRY)
def merry_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    if stage == "shed":
        sheet.cleanse(turn, hero, [picked[0]])
        _merry_token(turn, hero)
    else:
        kit.discard_token(turn, picked[0], "an Encounter")


@fx.card(ROAD)
def road(turn: Turn[MeqState], hero: Hero | None) -> None:
    """Damage pool to rest pool, one card per point of fortitude."""
    assert hero is not None
    kit.recover(turn, hero, rules.attribute(turn.state, hero, "fortitude"))


@fx.card(GREYFLOOD)
def greyflood(turn: Turn[MeqState], hero: Hero | None) -> None:
    """Fortitude below all the influence of Eriador and Enedwaith: an Item lost (his pick) and the turn ends."""
    assert hero is not None
    state = turn.state
    total = regions.influence_in(state, *WEST)
    if rules.attribute(state, hero, "fortitude") >= total:
        turn.say(f"{hero.name}'s fortitude is not below the {total} influence of the west: nothing happens.")
        return
    moves.end_turn(turn, hero)
    if len(hero.items) == 1:
        _lose_item(turn, hero, hero.items[0])
    elif hero.items:
        fx.ask_card(turn, hero.seat, GREYFLOOD, hero, "item", f"{hero.name}: discard which Item?",
                    [(i, index().items[i].name) for i in hero.items])


def _lose_item(turn: Turn[MeqState], hero: Hero, item: str) -> None:
    state = turn.state
    hero.items.remove(item)
    state.item_supply[item] = state.item_supply.get(item, 0) + 1
    turn.say(f"{hero.name} discards the {index().items[item].name}.")


@fx.choice(GREYFLOOD)
def greyflood_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    _lose_item(turn, hero, picked[0])


def _raiders_reward(turn: Turn[MeqState], hero: Hero) -> None:
    kit.pool_off(turn, 2)


kit.blocked_damage(RAIDERS, 5, _raiders_reward)  # 5 damage; all blocked: 2 off the Shadow Pool


@fx.card(BAGGINS)
def baggins(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    n = rules.attribute(turn.state, hero, "fortitude")
    fx.ask_card(turn, hero.seat, BAGGINS, hero, "pick", f"{hero.name}: take a Corruption card to draw {n} card(s), or "
                "gain 1 favor?", [("draw", f"a Corruption card, draw {n}"), ("favor", "gain 1 favor")])


@fx.choice(BAGGINS)
def baggins_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    if picked[0] == "favor":
        sheet.favor(turn, hero, 1, "an Encounter")
        return
    sheet.corrupt(turn, hero)
    got = rules.draw_cards(turn, hero, rules.attribute(turn.state, hero, "fortitude"))
    turn.say(f"{hero.name} draws {got} card(s).")


@fx.card(AGENTS)
def agents(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    fx.ask_card(turn, hero.seat, AGENTS, hero, "pick", f"{hero.name}: take a Corruption card so that Sauron discards "
                "a Plot card of his choice from his hand?", [("yes", "take it"), ("no", "do not")])


@fx.choice(AGENTS)
def agents_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    state = turn.state
    if stage == "plot":
        card = state.plot_hand.take(picked[0])
        state.plot_discard.cards.append(card)
        turn.reveal()
        turn.say(f"Sauron discards the Plot card {card.name}.")
    elif picked[0] == "yes":
        sheet.corrupt(turn, hero)
        if state.plot_hand.cards:
            fx.ask_card(turn, state.sauron, AGENTS, hero, "plot", "Discard which Plot card from your hand?",
                        [(c.uid, c.name) for c in state.plot_hand.cards], private=True)
        else:
            turn.say("Sauron holds no Plot card to discard.")


@fx.card(RANGER)
def ranger(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    kit.rest_or_trip(turn, RANGER, hero, FORNOST)


@fx.choice(RANGER)
def ranger_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    kit.rest_or_trip_then(turn, hero, picked, FORNOST)


@fx.card(EVER_ON)
def ever_on(turn: Turn[MeqState], hero: Hero | None) -> None:
    """2 favor; then the deck is shuffled with its discards (this card too)."""
    assert hero is not None
    sheet.favor(turn, hero, 2, "an Encounter")
    moves.reshuffle_encounters(turn, EVER_ON)
