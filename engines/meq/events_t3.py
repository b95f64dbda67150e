"""Stage III Event cards as scripts (spec 3.1 step 4, 7.3), in our own words over engines.meq.effects and the
Event helpers of engines.meq.events. `hero` is None when Sauron's Event step resolves the card, and the
exploring hero when one uses an Event in play."""

from __future__ import annotations

from engines.core import DecisionKind, Turn
from engines.meq import characters, influence, regions, rules, sheet, tokens
from engines.meq import effects as fx
from engines.meq.cards import BLACK, MARKERS, RED, YELLOW, index
from engines.meq.events import (
    EVENT_KEEP,
    corruption_or,
    favor_on,
    heroes_forward,
    marks_story,
    on_use,
    pay_to_move,
    pick_corruption,
    side,
    with_favor,
)
from engines.meq.state import Hero, MeqState

EREBOR = "event-t3-dark-news-from-erebor"
RHUN = "event-t3-the-blood-of-rh-n"
RADAGAST = "event-t3-radagast-the-brown"
HEARD = "event-t3-he-has-at-least-heard"
LIDLESS = "event-t3-warrior-of-the-lidless-eye"
FANGORN = "event-t3-the-trees-of-fangorn"
STORMCROW = "event-t3-gandalf-stormcrow"
ARNOR = "event-t3-arnor-that-was-of-old"
DREAM = "event-t3-boromir-s-dream"
SONS = "event-t3-elladan-elrohir"
EOWYN = "event-t3-eowyn-sister-daughter"
ARGONATH = "event-t3-the-argonath"
WARNED = "event-t3-theoden-warned-of-saruman"
ISILDUR = "event-t3-the-account-of-isildur"
GANDALF, THEODEN, GOTHMOG = "char-gandalf", "char-theoden", "minion-gothmog"

marks_story(EREBOR, BLACK)
marks_story(RHUN, RED)
on_use(ISILDUR, usable=with_favor(3))(heroes_forward)  # 3 favor: the heroes' marker one space on


# --- resolved in the Event step --------------------------------------------------------------------------------


@fx.card(RADAGAST)
def radagast(turn: Turn[MeqState], hero: Hero | None) -> None:
    """Every hero holding 4 favor or more loses 1; then Gandalf, if on the board, goes to Isengard."""
    state = turn.state
    for h in state.heroes:
        if h.favor >= 4:
            sheet.favor(turn, h, -1, "an Event")
    if GANDALF in state.characters:
        characters.move_character(turn, GANDALF, "isengard")


@fx.card(HEARD)
def heard(turn: Turn[MeqState], hero: Hero | None) -> None:
    """1 influence on every location next to the Shire (the card names them: only a Haven refuses), then
    Sauron may bring one minion in play to the Shire."""
    state = turn.state
    for loc in state.map.neighbours("the-shire"):
        influence.add_influence(turn, loc, 1, named=True)
    minions = [m.key for m in state.minions if m.status == "in" and m.at != "the-shire"]
    if minions:
        fx.ask_card(turn, state.sauron, HEARD, None, "minion", "Send one of your minions to the Shire?",
                    [(k, index().foes[k].name) for k in minions] + [("skip", "no")])


@fx.choice(HEARD)
def heard_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    if picked[0] != "skip":
        turn.state.minion(picked[0]).at = "the-shire"
        turn.say(f"{index().foes[picked[0]].name} moves to {turn.state.map.name('the-shire')}.")


def _lidless_spots(state: MeqState) -> list[str]:
    m = state.minion(GOTHMOG)
    if m.status != "in":
        return []
    return [loc for loc in state.map.neighbours(m.at) if not state.map.location(loc).haven]


@fx.card(LIDLESS)
def lidless(turn: Turn[MeqState], hero: Hero | None) -> None:
    """Sauron picks locations next to Gothmog; each gets 1 influence plus a monster token (no Haven; a
    token never goes where a hero stands)."""
    state = turn.state
    spots = _lidless_spots(state)
    if not spots:
        turn.say("Gothmog is not on the board: nothing happens.")
        return
    fx.ask_card(turn, state.sauron, LIDLESS, None, "spots", "Where around Gothmog do influence and a token go?",
                [(loc, state.map.name(loc)) for loc in spots], DecisionKind.CHOOSE_MANY, low=0, high=len(spots))


@fx.choice(LIDLESS)
def lidless_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    state = turn.state
    for loc in picked:
        influence.add_influence(turn, loc, 1, named=True)
        group = state.map.group_of(loc)
        if not state.heroes_at(loc) and tokens.pile_ready(state, group):
            tokens.place_token(turn, group, loc)


@fx.card(ARNOR)
def arnor(turn: Turn[MeqState], hero: Hero | None) -> None:
    """The heroes empty Fornost and its neighbours of influence and tokens, or put 1 favor on Fornost."""
    state = turn.state
    fx.ask_card(turn, side(state), ARNOR, None, "pick", "The heroes choose together:",
                [("sweep", "clear influence and tokens within 1 of Fornost"), ("favor", "1 favor on Fornost"),
                 ("skip", "neither")])


@fx.choice(ARNOR)
def arnor_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    state = turn.state
    if picked[0] == "favor":
        favor_on(turn, "fornost")
    elif picked[0] == "sweep":
        for loc in regions.within(state, "fornost", 1):
            for token in state.tokens_at(loc):
                tokens.remove_token(turn, token.uid, "an Event")
            rules.remove_influence(turn, loc, state.influence.get(loc, 0), "an Event")


EVENT_KEEP[ARNOR] = False  # resolved at once: the data's second location is not where it acts


@fx.card(DREAM)
def dream(turn: Turn[MeqState], hero: Hero | None) -> None:
    """A hero with no favor gets 1; then the yellow marker moves 1 if no Sauron marker is behind it."""
    state = turn.state
    for h in state.heroes:
        if not h.favor:
            sheet.favor(turn, h, 1, "an Event")
    if state.markers[YELLOW] <= min(state.markers[m] for m in MARKERS):
        rules.move_marker(turn, YELLOW, 1, "an Event")


@fx.card(EOWYN)
def eowyn(turn: Turn[MeqState], hero: Hero | None) -> None:
    """Theoden comes to Edoras (from the supply or elsewhere); 1 influence leaves every location next to it."""
    state = turn.state
    characters.move_character(turn, THEODEN, "edoras")
    for loc in state.map.neighbours("edoras"):
        rules.remove_influence(turn, loc, 1, "an Event")


# --- used by a hero exploring the Event's location -------------------------------------------------------------


@on_use(FANGORN)
def fangorn(turn: Turn[MeqState], hero: Hero) -> None:
    """1 favor, and every monster token within 1 of Fangorn goes."""
    state = turn.state
    sheet.favor(turn, hero, 1, "an Event")
    for loc in regions.within(state, hero.at, 1):
        for token in state.tokens_at(loc):
            tokens.remove_token(turn, token.uid, "an Event")


@on_use(STORMCROW)
def stormcrow(turn: Turn[MeqState], hero: Hero) -> None:
    """Gandalf, if on the board, goes 4 or more paths away (the hero picks where); 1 influence leaves the
    Shadow Pool."""
    state = turn.state
    influence.from_pool(turn, 1)
    if GANDALF not in state.characters:
        return
    far = sorted(loc for loc, d in state.map.distances(state.characters[GANDALF]).items() if d >= 4)
    if far:
        fx.ask_card(turn, hero.seat, STORMCROW, hero, "to", "Where does Gandalf go?",
                    [(loc, state.map.name(loc)) for loc in far])


@fx.choice(STORMCROW)
def stormcrow_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    characters.move_character(turn, GANDALF, picked[0])


@on_use(SONS)
def sons(turn: Turn[MeqState], hero: Hero) -> None:
    """2 favor, and the hero takes one monster token anywhere off the board."""
    state = turn.state
    sheet.favor(turn, hero, 2, "an Event")
    tokens = state.tokens.cards
    if tokens:
        fx.ask_card(turn, hero.seat, SONS, hero, "token", "Remove which monster token?",
                    [(c.uid, f"the {state.map.group_name(c.back)} token on {state.map.name(state.token_at[c.uid])}")
                     for c in tokens])


@fx.choice(SONS)
def sons_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    tokens.remove_token(turn, picked[0], "an Event")


@on_use(ARGONATH)
def argonath(turn: Turn[MeqState], hero: Hero) -> None:
    corruption_or(turn, ARGONATH, hero, ("level", "gain 1 fortitude"))


@fx.choice(ARGONATH)
def argonath_then(turn: Turn[MeqState], hero: Hero | None, stage: str, picked: tuple[str, ...]) -> None:
    assert hero is not None
    if stage == "drop":
        sheet.cleanse(turn, hero, [picked[0]])
    elif picked[0] == "corrupt":
        pick_corruption(turn, ARGONATH, hero)
    else:
        sheet.level(turn, hero, "fortitude")


@on_use(WARNED, usable=with_favor(2))
def warned(turn: Turn[MeqState], hero: Hero) -> None:
    """2 favor: the black marker one space back."""
    pay_to_move(turn, hero, 2, BLACK, -1)
