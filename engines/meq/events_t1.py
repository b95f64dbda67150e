"""Stage I Event cards as scripts (spec 3.1 step 4, 7.3), in our own words over engines.meq.effects and the
Event helpers of engines.meq.events. `hero` is None when Sauron's Event step resolves the card, and the
exploring hero when one uses an Event in play."""

from __future__ import annotations

from engines.core import Turn
from engines.meq import characters, fights, influence, moves, regions, rules, sauron_cards, sheet
from engines.meq import effects as fx
from engines.meq.cards import index
from engines.meq.events import (
    EVENT_KEEP,
    EVENT_USABLE,
    any_location,
    corruption_or,
    heroes_forward,
    on_use,
    pick_corruption,
    side,
    sweep,
    sweep_or_favor,
    sweep_or_favor_then,
    swept,
    with_favor,
)
from engines.meq.state import Hero, MeqState

MESSENGERS = "event-t1-messengers-of-the-stormcrow"
TEMPTED = "event-t1-tempted-by-power"
TRUST = "event-t1-trust-in-friendship"
THIEVES = "event-t1-the-thieves-of-tharbad"
ORPHANED = "event-t1-eomer-eowyn-are-orphaned"
BEORNINGS = "event-t1-beorning-the-skin-changers"
DUNADAN = "event-t1-the-dunadan-guards-the-shire"
ERKENBRAND = "event-t1-the-courage-of-ekenbrand"
SEAWARD = "event-t1-from-argonath-to-the-sea"
GOLDEN_WOOD = "event-t1-lady-of-the-golden-wood"
ARWEN = "event-t1-arwens-message-to-her-beloved"
IMLADRIS = "event-t1-imladris"
WANDERER = "event-t1-not-all-those-who-wanders-are-lost"
FRODO = "event-t1-gandalf-visits-frodo"


# --- resolved in the Event step --------------------------------------------------------------------------------


@fx.card(MESSENGERS)
def messengers(turn: Turn[MeqState], hero: Hero | None) -> None:
    """Every hero pays 1 favor or takes a Corruption card, each for himself (no favor: the Corruption card)."""
    for h in turn.state.heroes:
        if h.favor:
            fx.ask_card(turn, h.seat, MESSENGERS, h, "pick", f"{h.name}: pay 1 favor or take a Corruption card?",
                        [("favor", "pay 1 favor"), ("corrupt", "take a Corruption card")])
        else:
            sheet.corrupt(turn, h)


@fx.choice(MESSENGERS)
def messengers_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    if picked[0] == "favor":
        sheet.favor(turn, hero, -1, "an Event")
    else:
        sheet.corrupt(turn, hero)


@fx.card(TEMPTED)
def tempted(turn: Turn[MeqState], hero: Hero | None) -> None:
    fx.ask_card(turn, turn.state.sauron, TEMPTED, None, "hero", "Choose the hero to tempt.",
                [(h.key, h.name) for h in turn.state.heroes])


@fx.choice(TEMPTED)
def tempted_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    """The chosen hero takes a Corruption card and trains, or lets Sauron draw a Plot card."""
    state = turn.state
    if stage == "hero":
        h = state.hero(picked[0])
        fx.ask_card(turn, h.seat, TEMPTED, h, "pick", f"{h.name}: a Corruption card and training, or Sauron draws "
                    "a Plot card?", [("corrupt", "take a Corruption card and train"), ("plot", "Sauron draws a Plot")])
        return
    assert hero is not None
    if picked[0] == "corrupt":
        sheet.corrupt(turn, hero)
        sheet.train(turn, hero)
    else:
        sauron_cards.draw_plot(turn)


def _friends_here(state: MeqState, hero: Hero) -> bool:
    """Another hero, or a character, shares the hero's location."""
    return any(h is not hero and h.at == hero.at for h in state.heroes) or hero.at in state.characters.values()


@fx.card(TRUST)
def trust(turn: Turn[MeqState], hero: Hero | None) -> None:
    """Drawn: each hero puts 1 favor on the card, which stays in play with no marker. Used: a hero exploring
    where another hero or a character stands takes all of it."""
    state = turn.state
    if hero is not None:
        card = state.current_event.cards[0]
        sheet.favor(turn, hero, card.tokens.pop("favor", 0), "the favor kept on an Event")
        return
    card = next(c for c in state.drawn.cards if c.ref == TRUST)
    for h in state.heroes:
        if h.favor:
            sheet.favor(turn, h, -1, "put on an Event")
            card.tokens["favor"] = card.tokens.get("favor", 0) + 1
    held = card.tokens.get("favor", 0)
    turn.say(f"{held} favor now wait on {card.name}, for the next hero to explore beside a friend (any other "
             "hero or character)." if held else f"No hero has favor to put on {card.name}; it waits in play, empty.")


EVENT_KEEP[TRUST] = True  # it stays in play, though it has no location
EVENT_USABLE[TRUST] = _friends_here


@fx.card(THIEVES)
def thieves(turn: Turn[MeqState], hero: Hero | None) -> None:
    """Sauron sends one character on the board to the Mouth of the Greyflood."""
    state = turn.state
    chars = sorted(state.characters)
    if not chars:
        turn.say("No character is on the board: nothing moves.")
    elif len(chars) == 1:
        characters.move_character(turn, chars[0], "mouth-of-the-greyflood")
    else:
        fx.ask_card(turn, state.sauron, THIEVES, None, "char", "Which character goes to the Mouth of the Greyflood?",
                    [(c, index().characters[c].name) for c in chars])


@fx.choice(THIEVES)
def thieves_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    characters.move_character(turn, picked[0], "mouth-of-the-greyflood")


@fx.card(ORPHANED)
def orphaned(turn: Turn[MeqState], hero: Hero | None) -> None:
    """Sauron may take 1 favor, or 1 character, off a location in Rohan."""
    state = turn.state
    rohan = regions.in_region(state, "rohan")
    options = [(f"favor|{loc}", f"1 favor from {state.map.name(loc)}") for loc in rohan if state.favor_at.get(loc)]
    options += [(f"char|{c}", f"{index().characters[c].name} from {state.map.name(loc)}")
                for c, loc in sorted(state.characters.items()) if loc in rohan]
    if not options:
        turn.say("Rohan holds no favor and no character: nothing happens.")
        return
    fx.ask_card(turn, state.sauron, ORPHANED, None, "pick", "Take a favor or a character out of Rohan?",
                [*options, ("skip", "neither")])


@fx.choice(ORPHANED)
def orphaned_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    state = turn.state
    kind, _, what = picked[0].partition("|")
    if kind == "favor":
        state.favor_at[what] -= 1
        if not state.favor_at[what]:
            del state.favor_at[what]
        turn.say(f"1 favor is taken off {state.map.name(what)}.")
    elif kind == "char":
        characters.character_home(turn, what)


@fx.card(BEORNINGS)
def beornings(turn: Turn[MeqState], hero: Hero | None) -> None:
    """The heroes may take up to 2 monster tokens off Mirkwood, or wound a minion there for 2."""
    state = turn.state
    mirkwood = regions.in_region(state, "mirkwood")
    options = [("sweep", "remove up to 2 monster tokens in Mirkwood")] if any(
        state.tokens_at(loc) for loc in mirkwood) else []
    options += [(f"minion|{m.key}", f"2 damage to {index().foes[m.key].name}") for m in state.minions
                if m.status == "in" and m.at in mirkwood]
    if not options:
        turn.say("No monster token and no minion is in Mirkwood: nothing happens.")
        return
    fx.ask_card(turn, side(state), BEORNINGS, None, "pick", "The heroes choose together:",
                [*options, ("skip", "neither")])


@fx.choice(BEORNINGS)
def beornings_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    mirkwood = regions.in_region(turn.state, "mirkwood")
    if stage != "pick":
        swept(turn, BEORNINGS, None, stage, picked[0], mirkwood, "an Event")
    elif picked[0] == "sweep":
        sweep(turn, BEORNINGS, None, mirkwood, 2, 0, 2)
    elif picked[0].startswith("minion|"):
        fights.wound_minion(turn, picked[0].split("|", 1)[1], 2)


@fx.card(DUNADAN)
def dunadan(turn: Turn[MeqState], hero: Hero | None) -> None:
    sweep_or_favor(turn, DUNADAN, "remove up to 4 influence or monster tokens in Eriador", "the-shire")


@fx.choice(DUNADAN)
def dunadan_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    sweep_or_favor_then(turn, DUNADAN, stage, picked[0], regions.in_region(turn.state, "eriador"), (4, 4, 4),
                        "the-shire")


@fx.card(ERKENBRAND)
def erkenbrand(turn: Turn[MeqState], hero: Hero | None) -> None:
    """The data names no place for the token; Rohan is inferred from the card and the rulebook's example."""
    sweep_or_favor(turn, ERKENBRAND, "remove 1 monster token in Rohan", "helm-s-deep")


@fx.choice(ERKENBRAND)
def erkenbrand_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    sweep_or_favor_then(turn, ERKENBRAND, stage, picked[0], regions.in_region(turn.state, "rohan"), (1, 0, 1),
                        "helm-s-deep")


# --- used by a hero exploring the Event's location -------------------------------------------------------------


@on_use(SEAWARD)
def seaward(turn: Turn[MeqState], hero: Hero) -> None:
    """1 influence off every location next to the Event's (Minas Tirith)."""
    state = turn.state
    for loc in state.map.neighbours(hero.at):
        rules.remove_influence(turn, loc, 1, "an Event")


@on_use(GOLDEN_WOOD)
def golden_wood(turn: Turn[MeqState], hero: Hero) -> None:
    """A Boat, or 1 influence out of the Shadow Pool."""
    state = turn.state
    options = [("boat", "gain a Boat")] if "item-boat" not in hero.items and state.item_supply.get("item-boat") else []
    options += [("pool", "1 influence out of the Shadow Pool")] if state.pool else []
    if not options:
        turn.say(f"{hero.name} has nothing to gain here: no Boat to take and an empty Shadow Pool.")
        return
    fx.ask_card(turn, hero.seat, GOLDEN_WOOD, hero, "pick", f"{hero.name} uses the Event:", options)


@fx.choice(GOLDEN_WOOD)
def golden_wood_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    if picked[0] == "boat":
        sheet.item(turn, hero, "item-boat")
    else:
        influence.from_pool(turn, 1)


@on_use(ARWEN)
def arwen(turn: Turn[MeqState], hero: Hero) -> None:
    fx.ask_card(turn, hero.seat, ARWEN, hero, "pick", f"{hero.name} uses the Event:",
                [("favor", "gain 1 favor"), ("train", "train")])


@fx.choice(ARWEN)
def arwen_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    if picked[0] == "favor":
        sheet.favor(turn, hero, 1, "an Event")
    else:
        sheet.train(turn, hero)


@on_use(IMLADRIS)
def imladris(turn: Turn[MeqState], hero: Hero) -> None:
    corruption_or(turn, IMLADRIS, hero, ("level", "gain 1 fortitude"))


@fx.choice(IMLADRIS)
def imladris_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    if stage == "drop":
        sheet.cleanse(turn, hero, [picked[0]])
    elif picked[0] == "corrupt":
        pick_corruption(turn, IMLADRIS, hero)
    else:
        sheet.level(turn, hero, "fortitude")


@on_use(WANDERER)
def wanderer(turn: Turn[MeqState], hero: Hero) -> None:
    """The hero goes to any location of the board."""
    fx.ask_card(turn, hero.seat, WANDERER, hero, "to", f"{hero.name}: go where?", any_location(turn.state, hero.at))


@fx.choice(WANDERER)
def wanderer_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    moves.move_hero_to(turn, hero, picked[0], "an Event")


on_use(FRODO, usable=with_favor(3))(heroes_forward)  # 3 favor: the heroes' marker one space on
