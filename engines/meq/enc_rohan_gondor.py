"""The Rohan and Gondor Encounter deck (its cards that are not Quests) as scripts (spec 3.2 step 4, 7.3), in our
own words over engines.meq.effects. The hero drawing the card is `hero`."""

from __future__ import annotations

from engines.core import Turn, card_list
from engines.meq import effects as fx
from engines.meq import influence, moves, pools, regions, sauron_cards, sheet, stock
from engines.meq.state import Hero, MeqState

KEY = "enc-key-to-the-31"
IMRAHIL = "enc-prince-imrahil-32"
SEAT = "enc-seat-of-seeing-33"
SWEET = "enc-sweet-words-bitter-34"
UMBAR = "enc-they-come-from-35"
EORED = "enc-eored-36"
LIES = "enc-lies-and-deceit-39"
SMUGGLERS = "enc-smugglers-40"
ALLIES = "enc-allies-of-the-41"
DANGERS = "enc-dangers-both-real-42"
WORDS = "enc-words-spoken-from-43"
DAYS = "enc-days-have-gones-45"
AMON_HEN = "amon-hen"
EDORAS = "edoras"


@fx.card(KEY)
def key(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    fx.ask_card(turn, hero.seat, KEY, hero, "pick", f"{hero.name}: 5 damage or a Corruption card?",
                [("damage", "take 5 damage"), ("corrupt", "take a Corruption card")])


@fx.choice(KEY)
def key_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    if picked[0] == "damage":
        pools.damage(turn.state, hero, 5)
    else:
        sheet.corrupt(turn, hero)


@fx.card(IMRAHIL)
def imrahil(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    if sheet.compare(turn, hero, "wisdom", ">=", sheet.corruption(hero), "Corruption cards"):
        fx.ask_card(turn, hero.seat, IMRAHIL, hero, "pick", f"{hero.name}: 2 favor or a Boat?",
                    [("favor", "gain 2 favor"), ("boat", "gain a Boat")])


@fx.choice(IMRAHIL)
def imrahil_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    if picked[0] == "favor":
        sheet.favor(turn, hero, 2, "an Encounter")
    else:
        sheet.item(turn, hero, "item-boat")


@fx.card(SEAT)
def seat(turn: Turn[MeqState], hero: Hero | None) -> None:
    """The hero looks at the monster tokens next to Amon Hen (they stay known to him: `known_to`); then he may
    pay 1 favor for 2 influence out of the Shadow Pool."""
    assert hero is not None
    state = turn.state
    centre = AMON_HEN if state.map.has(AMON_HEN) else hero.at
    near = set(state.map.neighbours(centre))
    seen = [c for c in state.tokens.cards if state.token_at.get(c.uid) in near]
    for c in seen:
        if hero.seat not in c.known_to:
            c.known_to.append(hero.seat)
    turn.say(f"{hero.name} looks at the {len(seen)} monster token(s) next to {state.map.name(centre)}.")
    if seen:
        turn.say("Tokens seen: " + card_list(f"{c.name} on {state.map.name(state.token_at[c.uid])}" for c in seen)
                 + ".", [hero.seat])
    if hero.favor:
        fx.offer(turn, SEAT, hero, "pay", f"{hero.name}: pay 1 favor for 2 influence out of the Shadow Pool?",
                 "pay 1 favor")


@fx.choice(SEAT)
def seat_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    if picked[0] == "yes":
        sheet.favor(turn, hero, -1, "an Encounter")
        influence.from_pool(turn, 2)


@fx.card(SWEET)
def sweet(turn: Turn[MeqState], hero: Hero | None) -> None:
    """The whole hand shuffled into the life pool, then 2 damage per Corruption card."""
    assert hero is not None
    state = turn.state
    n = len(hero.hand.cards)
    stock.put(state, stock.life(hero), hero.hand.cards)
    hero.hand.cards.clear()
    stock.shuffle(state, stock.life(hero))
    turn.say(f"{hero.name} shuffles {n} hand card(s) into the life pool.")
    pools.damage(state, hero, 2 * sheet.corruption(hero))


@fx.card(UMBAR)
def umbar(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    pools.shield_block(turn, UMBAR, hero, 6)


@fx.choice(UMBAR)
def umbar_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    """All 6 blocked: 1 favor and a training."""
    assert hero is not None
    if pools.blocked(turn, hero, 6, picked):
        sheet.favor(turn, hero, 1, "an Encounter")
        sheet.trainings(turn.state, hero)


@fx.card(EORED)
def eored(turn: Turn[MeqState], hero: Hero | None) -> None:
    """The rest pool back into the life pool, or 1 favor to ride to Edoras and have an Encounter there."""
    assert hero is not None
    options = [("rest", "rest pool into the life pool")]
    if hero.favor and turn.state.map.has(EDORAS):
        options.append(("ride", "pay 1 favor: go to Edoras and have its Encounter"))
    fx.ask_card(turn, hero.seat, EORED, hero, "pick", f"{hero.name}: recover the rest pool, or ride to Edoras?",
                options)


@fx.choice(EORED)
def eored_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    if picked[0] == "rest":
        pools.recover(turn, hero, wounds=False)
        return
    sheet.favor(turn, hero, -1, "an Encounter")
    moves.move_to(turn, hero, EDORAS, "an Encounter")
    moves.encounter_again(turn, hero)


@fx.card(LIES)
def lies(turn: Turn[MeqState], hero: Hero | None) -> None:
    """Wise enough for the region's influence: 1 favor, or Sauron loses a random Shadow card."""
    assert hero is not None
    state = turn.state
    if not sheet.compare(turn, hero, "wisdom", ">=", regions.region_influence(state, hero.at),
                         "influence in the region"):
        return
    options = [("favor", "gain 1 favor")]
    if state.shadow_hand.cards:
        options.append(("shadow", "Sauron discards a random Shadow card"))
    fx.ask_card(turn, hero.seat, LIES, hero, "pick", f"{hero.name}: 1 favor, or a Shadow card out of Sauron's hand?",
                options)


@fx.choice(LIES)
def lies_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    state = turn.state
    if picked[0] == "favor":
        sheet.favor(turn, hero, 1, "an Encounter")
        return
    hand = state.shadow_hand.cards
    got = hand.pop(state.rng.below(len(hand)))
    got.known_to = []
    state.shadow_discard.cards.append(got)
    turn.reveal()
    turn.say(f"Sauron discards a random Shadow card: {got.name}.")


@fx.card(SMUGGLERS)
def smugglers(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    fx.offer(turn, SMUGGLERS, hero, "pick", f"{hero.name}: a Corruption card for 1 out of the Shadow Pool and a "
             "training?", "take the Corruption card")


@fx.choice(SMUGGLERS)
def smugglers_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    if picked[0] == "yes":
        sheet.corrupt(turn, hero)
        influence.from_pool(turn, 1)
        sheet.trainings(turn.state, hero)


@fx.card(ALLIES)
def allies(turn: Turn[MeqState], hero: Hero | None) -> None:
    assert hero is not None
    fx.ask_card(turn, hero.seat, ALLIES, hero, "pick", f"{hero.name}: 4 damage, or Sauron draws a Plot card?",
                [("damage", "take 4 damage"), ("plot", "Sauron draws a Plot card")])


@fx.choice(ALLIES)
def allies_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    if picked[0] == "damage":
        pools.damage(turn.state, hero, 4)
    else:
        sauron_cards.draw_plot(turn)


@fx.card(DANGERS)
def dangers(turn: Turn[MeqState], hero: Hero | None) -> None:
    """A Corruption card. The data's condition (an attribute against the region's monster tokens) does not say
    which attribute, so none is tested; a table that knows its card undoes it with `adjust`."""
    if hero is not None:
        sheet.corrupt(turn, hero)


@fx.card(WORDS)
def words(turn: Turn[MeqState], hero: Hero | None) -> None:
    """A hero with no Corruption card gains 1 favor; a corrupted one may trade 1 favor for shedding one."""
    assert hero is not None
    if not hero.corruption.cards:
        sheet.favor(turn, hero, 1, "an Encounter")
    else:
        sheet.ask_cleanse(turn, hero, 0, 1, cost=1)


@fx.card(DAYS)
def days(turn: Turn[MeqState], hero: Hero | None) -> None:
    """He may throw 2 hand cards away for 2 favor; the deck then takes back its discard pile."""
    assert hero is not None
    if len(hero.hand.cards) >= 2:
        fx.offer(turn, DAYS, hero, "pick", f"{hero.name}: discard 2 cards for 2 favor?", "discard 2 cards")
    moves.reshuffle_encounters(turn, DAYS)


@fx.choice(DAYS)
def days_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    if stage == "pick" and picked[0] == "yes":
        pools.ask_discard(turn, DAYS, hero, "discard", 2, f"{hero.name}: discard 2 cards.")
    elif stage == "discard":
        pools.discard(turn, hero, list(picked), "an Encounter")
        sheet.favor(turn, hero, 2, "an Encounter")
