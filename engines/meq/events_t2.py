"""Stage II Event cards as scripts (spec 3.1 step 4, 7.3), in our own words over engines.meq.effects and the
Event helpers of engines.meq.events. `hero` is None when Sauron's Event step resolves the card, and the
exploring hero when one uses an Event in play."""

from __future__ import annotations

from engines.core import DecisionKind, Turn
from engines.meq import characters, moves, pools, regions, sauron_cards, sheet, tokens
from engines.meq import effects as fx
from engines.meq.cards import RED
from engines.meq.events import (
    any_location,
    corruption_or,
    heroes_forward,
    marks_story,
    on_use,
    pick_corruption,
    side,
    sweep_or_favor,
    sweep_or_favor_then,
    with_favor,
)
from engines.meq.state import Hero, MeqState

SERPENTS = "event-t2-of-serpents-and-sand"
ORTHANC = "event-t2-the-glades-of-orthanc-darken"
TROLLS = "event-t2-stone-figures-in-the-trollshaws"
STRENGTH = "event-t2-there-is-strength-yet"
CIRDAN = "event-t2-cirdan-the-shipwrigth"
FOE_HAMMER = "event-t2-the-foe-hammer"
UNDER_SHADOW = "event-t2-under-the-shadow"
DALE = "event-t2-brand-becomes-king-of-dale"
EDORAS = "event-t2-commander-of-edoras"
IARWAIN = "event-t2-iarwain-ben-adar"
ATHELAS = "event-t2-athelas-kingsfoil"
MEETING = "event-t2-aragorn-meets-w-gandalf"
GOLLUM = "event-t2-aragorn-hunts-gollum"
BEREGOND = "event-t2-beregond-guard-of-the-citadel"
GANDALF, ARAGORN = "char-gandalf", "char-aragorn"

marks_story(SERPENTS, RED)
marks_story(ORTHANC, RED)
on_use(GOLLUM, usable=with_favor(3))(heroes_forward)  # 3 favor: the heroes' marker one space on


# --- resolved in the Event step --------------------------------------------------------------------------------


def _troll_spots(state: MeqState) -> list[str]:
    """Rhudaur locations a token may go on for this card: influence is not needed; no Haven, no hero."""
    group = state.map.region("rhudaur").group
    if not tokens.pile_ready(state, group):
        return []
    return [loc for loc in regions.in_region(state, "rhudaur")
            if not state.map.location(loc).haven and not state.heroes_at(loc)]


@fx.card(TROLLS)
def trolls(turn: Turn[MeqState], hero: Hero | None) -> None:
    """Sauron may put a monster token on each of up to 2 locations in Rhudaur, with or without influence."""
    state = turn.state
    spots = _troll_spots(state)
    if not spots:
        turn.say("No monster token can go into Rhudaur now.")
        return
    fx.ask_card(turn, state.sauron, TROLLS, None, "spots", "Place a monster token on up to 2 locations in Rhudaur.",
                [(loc, state.map.name(loc)) for loc in spots], DecisionKind.CHOOSE_MANY, low=0,
                high=min(2, len(spots)))


@fx.choice(TROLLS)
def trolls_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    state = turn.state
    group = state.map.region("rhudaur").group
    for loc in picked:
        if tokens.pile_ready(state, group):
            tokens.place_token(turn, group, loc)


@fx.card(STRENGTH)
def strength(turn: Turn[MeqState], hero: Hero | None) -> None:
    """The card has no ability: only the favor it places (done by the Event step)."""
    turn.say("This Event has no ability beyond the favor it places.")


@fx.card(FOE_HAMMER)
def foe_hammer(turn: Turn[MeqState], hero: Hero | None) -> None:
    """The heroes put Gandalf (or move him) on a location holding influence; every monster token there goes."""
    state = turn.state
    spots = sorted(loc for loc, n in state.influence.items() if n > 0)
    if not spots:
        turn.say("No location holds influence: Gandalf is not sent anywhere.")
        return
    fx.ask_card(turn, side(state), FOE_HAMMER, None, "to", "The heroes choose together where Gandalf goes.",
                [(loc, f"{state.map.name(loc)} ({len(state.tokens_at(loc))} token(s))") for loc in spots])


@fx.choice(FOE_HAMMER)
def foe_hammer_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    state = turn.state
    characters.move_character(turn, GANDALF, picked[0])
    for token in state.tokens_at(picked[0]):
        tokens.remove_token(turn, token.uid, "Gandalf")


@fx.card(UNDER_SHADOW)
def under_shadow(turn: Turn[MeqState], hero: Hero | None) -> None:
    fx.ask_card(turn, turn.state.sauron, UNDER_SHADOW, None, "hero", "Choose the hero under the Shadow.",
                [(h.key, h.name) for h in turn.state.heroes])


@fx.choice(UNDER_SHADOW)
def under_shadow_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    """The chosen hero takes a Corruption card and then goes anywhere, or lets Sauron draw a Plot card."""
    state = turn.state
    if stage == "hero":
        h = state.hero(picked[0])
        fx.ask_card(turn, h.seat, UNDER_SHADOW, h, "pick", f"{h.name}: a Corruption card and a move anywhere, or "
                    "Sauron draws a Plot card?", [("corrupt", "take a Corruption card, then move"),
                                                  ("plot", "Sauron draws a Plot")])
        return
    assert hero is not None
    if stage == "to":
        moves.move_hero_to(turn, hero, picked[0], "an Event")
    elif picked[0] == "corrupt":
        sheet.corrupt(turn, hero)
        fx.ask_card(turn, hero.seat, UNDER_SHADOW, hero, "to", f"{hero.name}: go where?",
                    any_location(state, hero.at))
    else:
        sauron_cards.draw_plot(turn)


@fx.card(DALE)
def dale(turn: Turn[MeqState], hero: Hero | None) -> None:
    sweep_or_favor(turn, DALE, "remove up to 2 monster tokens within 1 of Lake Esgaroth", "lake-esgaroth")


@fx.choice(DALE)
def dale_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    sweep_or_favor_then(turn, DALE, stage, picked[0], regions.within(turn.state, "lake-esgaroth", 1), (2, 0, 2),
                        "lake-esgaroth")


@fx.card(EDORAS)
def edoras(turn: Turn[MeqState], hero: Hero | None) -> None:
    sweep_or_favor(turn, EDORAS, "take 1 token and 1 influence off Edoras or its neighbours", "edoras")


@fx.choice(EDORAS)
def edoras_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    sweep_or_favor_then(turn, EDORAS, stage, picked[0], regions.within(turn.state, "edoras", 1), (2, 1, 1), "edoras")


@fx.card(MEETING)
def meeting(turn: Turn[MeqState], hero: Hero | None) -> None:
    """Aragorn and Gandalf both come to Bree, from the supply or from where they stand."""
    characters.move_character(turn, ARAGORN, "bree")
    characters.move_character(turn, GANDALF, "bree")


@fx.card(BEREGOND)
def beregond(turn: Turn[MeqState], hero: Hero | None) -> None:
    """A hero may pay 3 favor to end a Plot in play whose marker stands on a Haven (the heroes pick who)."""
    state = turn.state
    plots = [c for c in state.plots.cards if state.plot_at.get(c.uid) and
             state.map.location(state.plot_at[c.uid]).haven]
    payers = [h for h in state.heroes if h.favor >= 3]
    options = [(f"{h.key}|{c.uid}", f"{h.name} pays 3 favor to discard {c.name}") for h in payers for c in plots]
    if not options:
        turn.say("No Plot on a Haven, or no hero with 3 favor: nothing happens.")
        return
    fx.ask_card(turn, side(state), BEREGOND, None, "pick", "The heroes choose together:",
                [*options, ("skip", "keep the favor")])


@fx.choice(BEREGOND)
def beregond_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    state = turn.state
    if picked[0] == "skip":
        return
    key, uid = picked[0].split("|")
    payer = state.hero(key)
    sheet.favor(turn, payer, -3, "an Event")
    sauron_cards.discard_active_plot(turn, uid, f"{payer.name} pays 3 favor")


# --- used by a hero exploring the Event's location -------------------------------------------------------------


@on_use(CIRDAN)
def cirdan(turn: Turn[MeqState], hero: Hero) -> None:
    """A Boat; then the hero may sail on to Belfalas."""
    state = turn.state
    sheet.item(turn, hero, "item-boat")
    fx.ask_card(turn, hero.seat, CIRDAN, hero, "sail", f"{hero.name}: go to {state.map.name('belfalas')}?",
                [("go", f"go to {state.map.name('belfalas')}"), ("stay", "stay")])


@fx.choice(CIRDAN)
def cirdan_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    if picked[0] == "go":
        moves.move_hero_to(turn, hero, "belfalas", "an Event")


def _healing(ref: str) -> None:
    """A Corruption card away, or the damage pool onto the rest pool (two Events do this)."""
    @on_use(ref)
    def use(turn: Turn[MeqState], hero: Hero) -> None:
        corruption_or(turn, ref, hero, ("heal", "the damage pool onto the rest pool"))

    @fx.choice(ref)
    def then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
        assert hero is not None
        if stage == "drop":
            sheet.cleanse(turn, hero, [picked[0]])
        elif picked[0] == "corrupt":
            pick_corruption(turn, ref, hero)
        else:
            pools.damage_to_rest(turn, hero)


_healing(IARWAIN)
_healing(ATHELAS)
