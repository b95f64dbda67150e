"""Plot cards (spec 5.3, 3.1 step 3): each card's play condition (where its marker may go), what it does when it
comes into play, and its ongoing rules while active, in our own words; no card text is kept.

`where(state)` lists the locations on which the card's condition holds now: the Plot step offers the card only
if there is one, and its marker goes on one of them (Sauron picks when there are several). Ongoing rules hang
on the moments the turn modules fire (`engines.meq.flow.fire`): a consultation, perilousness, resting, the
Encounter step, a monster token turned face up."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engines.core import Card, Decision, DecisionKind, Turn
from engines.meq import effects as fx
from engines.meq import influence, regions, sauron_cards, sheet, stock
from engines.meq.cards import index
from engines.meq.flow import FIGHTS, answer, ask, moment, task
from engines.meq.state import Hero, MeqState

Where = Callable[[MeqState], list[str]]
OnPlay = Callable[[Turn[MeqState], str], None]


@dataclass(frozen=True, kw_only=True)
class PlotRule:
    where: Where | None = None  # None: no condition, the card's printed location
    on_play: OnPlay | None = None
    about: str = ""  # a short description for the coverage list


PLOTS: dict[str, PlotRule] = {}

HUNTS, EAST, HUNGRY = "s-sauron-hunts-for-the-ring-1", "s-monsters-in-the-east-2", "s-saruman-hungry-for-power-3"
MESSENGER, OSGILIATH, CAPTURED = "a-dark-messenger-4", "osgiliath-invaded-5", "gollum-is-captured-6"
SARUMAN_FALLS, WORMTONGUE, DENETHOR = "saruman-falls-to-corruption-7", "wormtongue-taints-theoden-8", \
    "denethor-falls-into-madness-9"
ORCS, BROKEN, BROKEN_2 = "orcs-in-the-mountains-10", "a-broken-line-of-kings-11", "a-broken-line-of-kings-2-12"
TORTURED, SMEAGOL, HEIR = "gollum-is-tortured-13", "smeagol-escapes-14", "loss-of-an-heir-15"
PROMISE, URUK, SUMMONS = "a-promise-of-rings-16", "rise-of-the-uruk-hai-17", "urgent-summons-18"


def plot(ref: str, **kw: object) -> None:
    PLOTS[ref] = PlotRule(**kw)  # type: ignore[arg-type]


# --- conditions --------------------------------------------------------------------------------------------


def near_influence(state: MeqState, loc: str) -> int:
    return sum(state.influence.get(x, 0) for x in regions.within(state, loc))


def marked(state: MeqState) -> set[str]:
    return set(state.plot_at.values())


def only(loc: str, test: Callable[[MeqState], bool]) -> Where:
    return lambda state: [loc] if test(state) else []


def enemies_near(state: MeqState, loc: str) -> bool:
    return any(regions.enemies_at(state, x) for x in regions.within(state, loc))


def broken_line(state: MeqState) -> list[str]:
    """A Haven with no plot marker and at least 6 influence on the locations next to it."""
    return [x.id for x in state.map.locations if x.haven and x.id not in marked(state)
            and sum(state.influence.get(n, 0) for n in state.map.neighbours(x.id)) >= 6]


def with_character(state: MeqState) -> list[str]:
    return sorted(set(state.characters.values()))


# --- on play -----------------------------------------------------------------------------------------------


def starting(strongholds: int, extension: int, pool: int, shadows: tuple[int, int], plots: tuple[int, int]) -> OnPlay:
    """A Starting Plot's setup (spec 2 step 4c): influence on every Stronghold, some placed in extension by
    Sauron, some in the Shadow Pool; then he keeps some of the Shadow and Plot cards he draws."""
    def run(turn: Turn[MeqState], uid: str) -> None:
        state = turn.state
        for loc in state.map.locations:
            if loc.stronghold:
                influence.add_influence(turn, loc.id, strongholds, named=True)
        if pool:
            influence.to_pool(turn, pool)
        fx.push(state, f"place:{extension}", f"plot_keep:shadow:{shadows[0]}:{shadows[1]}",
                f"plot_keep:plot:{plots[0]}:{plots[1]}")
    return run


@task("plot_keep")
def plot_keep(turn: Turn[MeqState], args: list[str]) -> None:
    """Sauron draws `keep` of `drawn` Shadow or Plot cards in secret; the others go to the bottom of the deck."""
    state = turn.state
    kind, keep, drawn = args[0], int(args[1]), int(args[2])
    hand = state.shadow_hand if kind == "shadow" else state.plot_drawn
    got = stock.draw_from(turn, kind, None, hand, drawn)
    for c in got:
        c.face_up = True
    turn.say(f"Sauron draws {len(got)} {kind.title()} card(s) and keeps {min(keep, len(got))}.")
    if len(got) <= keep:
        settle(state, kind, [c.uid for c in got], [c.uid for c in got])
        return
    ask(turn, state.sauron, f"plot_keep:{kind}:{','.join(c.uid for c in got)}", f"Keep {keep} of these {kind.title()} "
        "cards; the others go to the bottom of the deck.", [(c.uid, with_need(kind, c)) for c in got],
        DecisionKind.CHOOSE_MANY, low=keep, high=keep, private=True)


def with_need(kind: str, card: Card) -> str:
    """A Plot or Shadow card as Sauron chooses which to keep: its name and the Shadow Pool it needs (spec 5.4),
    which the Pool may not reach for a while (its cap is 4 x the stage). Found playing: the names alone let
    Sauron keep two Plots he could not play in stage I."""
    idx = index()
    needs = idx.plots[card.ref].influence if kind == "plot" else idx.shadows[card.ref].pool
    return f"{card.name} (needs Shadow Pool {needs})"


@answer("plot_keep")
def plot_kept(turn: Turn[MeqState], d: Decision, picked: tuple[str, ...], args: list[str]) -> None:
    settle(turn.state, args[0], args[1].split(","), list(picked))


def settle(state: MeqState, kind: str, drawn: list[str], kept: list[str]) -> None:
    hand = state.shadow_hand if kind == "shadow" else state.plot_drawn
    for uid in drawn:
        card = hand.take(uid)
        if uid in kept:
            (state.shadow_hand if kind == "shadow" else state.plot_hand).cards.append(card)
        else:
            stock.put(state, kind, [card], bottom=True)


def gollum_only(turn: Turn[MeqState], uid: str) -> None:
    """The other active Plots with Gollum in their title are discarded."""
    state = turn.state
    for c in list(state.plots.cards):
        if c.uid != uid and "gollum" in c.name.lower():
            sauron_cards.discard_active_plot(turn, c.uid, "another Gollum Plot comes into play")


def smeagol(turn: Turn[MeqState], uid: str) -> None:
    """Sauron may take one Gollum Plot from the Plot deck or its discard into his hand; the deck is shuffled."""
    state = turn.state
    # A card in the deck by its definition, not its id: one Sauron put at the bottom keeps the id he read it under
    # (as the Ithil-Stone's search, engines.meq.shadows).
    options = [(f"deck:{c.ref}", f"{c.name} (from the deck)") for c in stock.cards(state, "plot")
               if "gollum" in c.name.lower()]
    options += [(f"discard:{c.uid}", f"{c.name} (from the discard)") for c in state.plot_discard.cards
                if "gollum" in c.name.lower()]
    if not options:
        stock.shuffle(state, "plot")
        turn.say("No Gollum Plot is left to retrieve; the Plot deck is shuffled.")
        return
    ask(turn, state.sauron, "smeagol", "Take a Gollum Plot into your hand.", [*options, ("pass", "take none")],
        DecisionKind.ACT_OR_PASS, private=True)


@answer("smeagol")
def smeagol_answer(turn: Turn[MeqState], d: Decision, picked: tuple[str, ...], args: list[str]) -> None:
    state = turn.state
    where, _, uid = picked[0].partition(":")
    if where == "deck":
        deck = list(state.stock["plot"])
        at = next(i for i, e in enumerate(deck) if stock.card_of(e).ref == uid)
        card = stock.card_of(deck.pop(at))
        state.stock["plot"] = tuple(deck)
        card.face_up = True
        state.plot_hand.cards.append(card)
        turn.say("Sauron takes a Plot card from the Plot deck into his hand.")
    elif where == "discard":
        card = state.plot_discard.take(uid)
        state.plot_hand.cards.append(card)
        turn.say(f"Sauron takes the Plot {card.name} from the discard into his hand.")
    stock.shuffle(state, "plot")
    turn.reveal()
    turn.say("The Plot deck is shuffled.")


def summons(turn: Turn[MeqState], uid: str) -> None:
    """Every character on the Plot's location goes back to the supply."""
    state = turn.state
    loc = state.plot_at.get(uid, "")
    for char, at in sorted(state.characters.items()):
        if at == loc:
            del state.characters[char]
            turn.say(f"{index().characters[char].name} leaves {state.map.name(loc)} for the supply.")


# --- the cards ---------------------------------------------------------------------------------------------

plot(HUNTS, on_play=starting(2, 7, 1, (1, 2), (2, 5)),
     about="setup: 2 on each Stronghold, 7 in extension, 1 Pool; 1 of 2 Shadow, 2 of 5 Plot cards")
plot(EAST, on_play=starting(2, 9, 0, (1, 3), (2, 3)),
     about="setup: 2 on each Stronghold, 9 in extension; 1 of 3 Shadow, 2 of 3 Plot cards")
plot(HUNGRY, on_play=starting(3, 3, 2, (2, 3), (2, 4)),
     about="setup: 3 on each Stronghold, 3 in extension, 2 Pool; 2 of 3 Shadow, 2 of 4 Plot cards")
plot(MESSENGER, where=only("erebor", lambda s: bool(s.minions_at("erebor"))),
     about="needs a minion on Erebor; consulting Dain corrupts")
plot(OSGILIATH, where=only("osgiliath", lambda s: bool(s.tokens_at("osgiliath"))),
     about="needs a monster token on Osgiliath")
plot(CAPTURED, on_play=gollum_only, about="the other Gollum Plots leave play")
plot(SARUMAN_FALLS, about="Isengard is perilous; consulting Saruman corrupts")
plot(WORMTONGUE, where=only("edoras", lambda s: near_influence(s, "edoras") >= 6 or bool(sauron_cards.plot_active(
    s, SARUMAN_FALLS))), about="needs 6 influence around Edoras or Saruman fallen; consulting Theoden corrupts")
plot(DENETHOR, about="consulting Denethor corrupts")
plot(ORCS, where=only("mount-gundabad", lambda s: near_influence(s, "mount-gundabad") >= 8),
     about="needs 8 influence around Mount Gundabad")
plot(BROKEN, where=broken_line, about="a Haven ringed by 6 influence: no rest and no Encounter there")
plot(BROKEN_2, where=broken_line, about="a Haven ringed by 6 influence: no rest and no Encounter there")
plot(TORTURED, on_play=gollum_only, about="the other Gollum Plots leave play")
plot(SMEAGOL, where=only("the-woodland-realm", lambda s: enemies_near(s, "the-woodland-realm")), on_play=smeagol,
     about="needs an enemy near the Woodland Realm; Sauron fetches a Gollum Plot")
plot(HEIR, where=lambda s: [x for x in ("edoras", "minas-tirith") if enemies_near(s, x)],
     about="needs an enemy near Edoras or Minas Tirith")
plot(PROMISE, where=lambda s: [x for x in with_character(s) if regions.enemies_at(s, x)],
     about="a location with a character and an enemy")
plot(URUK, where=only("isengard", lambda s: s.influence.get("isengard", 0) >= 3 or bool(sauron_cards.plot_active(
    s, SARUMAN_FALLS))), about="needs 3 influence on Isengard or Saruman fallen; Rohan's monsters may be Uruk-hai")
plot(SUMMONS, where=lambda s: [x for x in with_character(s) if x not in marked(s)], on_play=summons,
     about="a location with a character and no plot marker; its characters go back to the supply")


# --- what the Plot step asks (engines.meq.sauron) ----------------------------------------------------------


def places(state: MeqState, ref: str) -> list[str]:
    """Where the card's marker may go now: [] when its condition does not hold."""
    rule = PLOTS.get(ref)
    if rule is not None and rule.where is not None:
        return rule.where(state)
    affects = index().plots[ref].affects
    return [affects] if affects else [loc.id for loc in state.map.locations]


def played(turn: Turn[MeqState], uid: str) -> None:
    """The card is in play with its marker placed: what it does at once."""
    card = turn.state.plots.find(uid)
    rule = PLOTS.get(card.ref) if card is not None else None
    if rule is not None and rule.on_play is not None:
        rule.on_play(turn, uid)


# --- ongoing rules -----------------------------------------------------------------------------------------

CORRUPTING = {MESSENGER: "char-dain-ii", SARUMAN_FALLS: "char-saruman", WORMTONGUE: "char-theoden",
              DENETHOR: "char-denethor"}


@moment("consult")
def consulted(turn: Turn[MeqState], hero: Hero, char: str) -> bool:
    for ref, who in CORRUPTING.items():
        if who == char and sauron_cards.plot_active(turn.state, ref):
            turn.say(f"{index().plots[ref].name} is in play: consulting {index().characters[char].name} corrupts.")
            sheet.corrupt(turn, hero)
    return False


@moment("perilous")
def isengard_perilous(state: MeqState, loc: str) -> bool:
    return loc == "isengard" and bool(sauron_cards.plot_active(state, SARUMAN_FALLS))


def broken_havens(state: MeqState) -> list[str]:
    return [state.plot_at[c.uid] for c in state.plots.cards if c.ref in (BROKEN, BROKEN_2) and c.uid in state.plot_at]


@moment("no_rest")
def no_rest(state: MeqState, loc: str) -> bool:
    return loc in broken_havens(state)


@moment("encounter")
def no_encounter(turn: Turn[MeqState], hero: Hero) -> bool:
    if hero.at in broken_havens(turn.state):
        turn.say(f"A Plot forbids Encounters on {turn.state.map.name(hero.at)}.")
        return True
    return False


URUK_HAI = "mon-uruk-hai"


@moment("token_foe")
def uruk_hai(turn: Turn[MeqState], hero: Hero, foe: str, context: str, token: str) -> bool:
    """While the Plot is active, a monster token fought in Rohan may fight as an Uruk-hai (Sauron's choice)."""
    state = turn.state
    if foe == URUK_HAI or not sauron_cards.plot_active(state, URUK) or state.map.location(hero.at).region != "rohan":
        return False
    ask(turn, state.sauron, f"uruk:{hero.key}:{foe}:{context}:{token}", f"{index().plots[URUK].name}: does this "
        f"{index().foes[foe].name} fight as an Uruk-hai?", [("uruk", "as an Uruk-hai"), ("keep", "as itself")])
    return True


@answer("uruk")
def uruk_answer(turn: Turn[MeqState], d: Decision, picked: tuple[str, ...], args: list[str]) -> None:
    hero = turn.state.hero(args[0])
    foe = URUK_HAI if picked[0] == "uruk" else args[1]
    if foe == URUK_HAI:
        turn.say(f"Sauron makes the {index().foes[args[1]].name} fight as an Uruk-hai.")
    FIGHTS[0](turn, hero, foe, args[2], token=args[3])
