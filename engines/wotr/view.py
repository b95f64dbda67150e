"""What each audience sees (spec 1.5): everything in play, scoring areas, tokens and counts for the table;
a person's own hands (and piles, which the owner may inspect) privately. Teammates are different people, so
they never see each other's hands; one person running two decks sees both, as the rules accept."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from engines.core import CardView, SeatView, View, Zone, ZoneView, ZoneViews, zone_view
from engines.wotr import combat, procedures
from engines.wotr.cards import BATTLEGROUND, FP, SHADOW, CardDef
from engines.wotr.scenarios import scenario
from engines.wotr.state import WotrState


@dataclass(kw_only=True)
class DeckView:
    key: str
    name: str
    side: str
    seat: str
    hand: int
    draw: int
    cycle: int
    eliminated: int
    carryover: int
    ring: str
    reserve: ZoneView
    starting: bool = False
    to_act: bool = False


@dataclass(kw_only=True)
class LocationView:
    card: CardView
    kind: str
    number: int  # a path's number
    side: str  # a battleground's defending side
    vp: int
    attack: int  # the attack icons there now (A), and the defense (location plus defending units)
    defense: int


@dataclass(kw_only=True)
class WotrView(View):
    scenario: str = ""
    round: int = 0
    phase: str = ""
    corruption: int = 0
    score_fp: int = 0
    score_shadow: int = 0
    last_path: int = 0
    final_path: int = 9
    locations: list[LocationView] = field(default_factory=list)
    fp_area: ZoneView | None = None
    shadow_area: ZoneView | None = None
    decks: list[DeckView] = field(default_factory=list)
    bg_left: dict[str, int] = field(default_factory=dict)
    paths_left: int = 0
    facts: dict[str, CardDef] = field(default_factory=dict)  # definitions of the cards this view shows


def status_line(state: WotrState) -> str:
    if state.outcome is not None:
        return state.outcome.reason
    waiting = list(dict.fromkeys(d.seat for d in state.decisions))
    step = {"setup": "setup", "action": "action step", "combat": "combat step"}.get(state.phase, state.phase)
    head = "Setup" if state.phase == "setup" else f"Round {state.round}, {step}"
    prompt = state.decisions[0].prompt if len(state.decisions) == 1 and not state.decisions[0].private else ""
    return f"{head}: waiting on {', '.join(waiting)}" + (f" ({prompt})" if prompt else "")


def waited_decks(state: WotrState) -> list[str]:
    """The decks the game waits on now: the deck an open decision names ("forsake:frodo"), else the first deck
    of the seat it is for, so the image marks the same seat the status line names (issue 16)."""
    keys = {d.key for d in state.decks}
    out: list[str] = []
    for decision in state.decisions:
        named = [part for part in decision.context.split(":")[1:2] if part in keys]
        if not named:  # the combat order, a combat's eliminations: the prompt names the seat's deck that answers
            own = [d for d in state.decks if d.seat == decision.seat]
            named = [d.key for d in own if f"{d.name}'s" in decision.prompt] or [d.key for d in own[:1]]
        out += [key for key in named if key not in out]
    return out


def location_view(state: WotrState, seat: str | None, loc_zone: ZoneView, index: int) -> LocationView:
    card = state.active.cards[index]
    ldef = state.card_def(card)
    defenders, attackers = combat.split(state, card)
    kind = ldef.kind
    d_sup = combat.supports(state, defenders, attacking=False) if kind == BATTLEGROUND else {}
    a_sup = combat.supports(state, attackers, attacking=True) if kind == BATTLEGROUND else {}
    attack = sum(combat.unit_value(state, u, card, attacking=True, supported=u.uid in a_sup) for u in attackers)
    defense = combat.location_defense(state, card) + sum(
        combat.unit_value(state, u, card, attacking=False, supported=u.uid in d_sup) for u in defenders)
    return LocationView(card=loc_zone.cards[index], kind=kind, number=ldef.path_number, side=ldef.side or FP,
                        vp=ldef.vp, attack=attack + card.tokens.get("atk", 0), defense=defense)


@dataclass
class Shared:
    """What every audience's view of one state is built from alike, worked out once per state (`shared`): the
    score, the decks' carryover limits, the status and whom it waits on; the zones they see alike; and the
    locations' strengths, once per view of the active locations (shared when every audience sees them alike)."""

    score: tuple[int, int]
    carryover: dict[str, int]  # by deck key
    status: str
    waited: list[str]  # `waited_decks`
    waiting_on: list[str]
    zones: ZoneViews = field(default_factory=ZoneViews)
    locations: dict[int, list[LocationView]] = field(default_factory=dict)


def shared(state: WotrState) -> Shared:
    return Shared(
        score=(combat.score(state, FP), combat.score(state, SHADOW)),
        carryover={d.key: procedures.carryover(state, d) for d in state.decks},
        status=status_line(state),
        waited=waited_decks(state),
        waiting_on=list(dict.fromkeys(d.seat for d in state.decisions)),
    )


def own_hidden(state: WotrState, seat: str | None) -> list[Zone]:
    """`seat`'s own hidden zones: the hand, cycle pile and eliminated pile of each of its decks."""
    return [z for d in state.decks if seat == d.seat for z in (d.hand, d.cycle, d.eliminated)]


def hand_zones(state: WotrState, seat: str | None, redact: Callable[..., ZoneView] = zone_view) -> list[ZoneView]:
    """`own_hidden` as `seat` sees them (a view's `private`)."""
    return [redact(zone, seat) for zone in own_hidden(state, seat)]


def build(state: WotrState, seat: str | None, alike: Shared | None = None) -> WotrView:
    """What `seat` (None: the table) sees; `alike`: what the caller worked out already for every audience."""
    alike = alike or shared(state)
    redact = alike.zones
    recipe = scenario(state.scenario)
    active = redact(state.active, seat)
    fp_area, shadow_area = redact(state.fp_area, seat), redact(state.shadow_area, seat)
    resolving = redact(state.resolving, seat)
    show_hands = bool(state.opt("public_hand_sizes"))
    decks: list[DeckView] = []
    for d in state.decks:
        decks.append(DeckView(key=d.key, name=d.name, side=d.side, seat=d.seat,
                              hand=len(d.hand.cards) if show_hands or seat == d.seat else -1,
                              draw=len(d.draw.cards), cycle=len(d.cycle.cards), eliminated=len(d.eliminated.cards),
                              carryover=alike.carryover[d.key], ring=d.ring, reserve=redact(d.reserve, seat),
                              starting=state.order[state.start] == d.key, to_act=d.key in alike.waited))
    private = hand_zones(state, seat, redact)
    shown = [active, fp_area, shadow_area, resolving, *private, *(dv.reserve for dv in decks)]
    facts = {ref: state.defs[ref] for ref in sorted(redact.refs(shown)) if ref in state.defs}
    fp, shadow = alike.score
    locations = alike.locations.get(id(active))
    if locations is None:  # `active` outlives the memo (the views hold it): its id stays its own
        locations = [location_view(state, seat, active, i) for i in range(len(state.active.cards))]
        alike.locations[id(active)] = locations
    return WotrView(
        game="wotr",
        seat=seat,
        title=f"War of the Ring: {recipe.name}",
        status=alike.status,
        table=[active, resolving, fp_area, shadow_area, redact(state.set_aside, seat),
               *(dv.reserve for dv in decks),
               *(redact(z, seat, counts_only=True) for d in state.decks for z in (d.draw, d.cycle, d.eliminated))],
        private=private,
        seats=[SeatView(seat=s, counters={f"{d.name} hand": len(d.hand.cards) for d in state.decks
                                          if d.seat == s and (show_hands or seat == s)}) for s in state.seats],
        counters={"round": state.round, "corruption": state.corruption, "free peoples": fp, "shadow": shadow},
        decisions=[d for d in state.decisions if d.seat == seat],
        waiting_on=alike.waiting_on,
        outcome=state.outcome,
        scenario=recipe.name,
        round=state.round,
        phase=state.phase,
        corruption=state.corruption,
        score_fp=fp,
        score_shadow=shadow,
        last_path=state.last_path,
        final_path=int(state.opt("last_path") or recipe.last_path),
        locations=locations,
        fp_area=fp_area,
        shadow_area=shadow_area,
        decks=decks,
        bg_left={FP: len(state.bg_fp.cards), SHADOW: len(state.bg_shadow.cards)},
        paths_left=len(state.path_deck.cards),
        facts=facts,
    )
