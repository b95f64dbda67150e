"""What each audience sees (spec 1.3): the table for everyone, plus a seat's own hand. Built only from
`card_view`/`zone_view`, so hidden cards (decks, hands, face-down shadow cards, later quest stages) arrive
as backs with counts; definitions are included only for cards the audience can see."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from engines.core import Card, SeatView, View, Zone, ZoneView, ZoneViews, visible_to, zone_view
from engines.lcg.cards import CardDef
from engines.lcg.quest import quest_stat, staging_threat
from engines.lcg.state import LcgState, Player
from engines.lcg.table import PASSIVES, current_stage, stat


@dataclass(kw_only=True)
class LcgPlayerView:
    seat: str
    threat: int
    eliminated: bool
    first: bool
    hand: int
    deck: int
    discard: ZoneView
    play: ZoneView
    engaged: ZoneView


@dataclass(kw_only=True)
class LcgView(View):
    scenario: str = ""
    difficulty: str = ""
    round: int = 0
    phase: str = ""
    quest: ZoneView | None = None
    quest_stat: str = "willpower"
    active: ZoneView | None = None
    staging: ZoneView | None = None
    staging_threat: int = 0
    encounter_deck: int = 0
    encounter_discard: ZoneView | None = None
    victory: ZoneView | None = None
    stages_left: int = 0
    players: list[LcgPlayerView] = field(default_factory=list)
    facts: dict[str, CardDef] = field(default_factory=dict)  # definitions of the cards this view shows
    current: dict[str, dict[str, int]] = field(default_factory=dict)  # uid -> stats changed by modifiers


Redact = Callable[..., ZoneView]  # zone_view, or a ZoneViews shared by the audiences of one state


def _player_view(state: LcgState, p: Player, seat: str | None, redact: Redact = zone_view) -> LcgPlayerView:
    return LcgPlayerView(
        seat=p.seat,
        threat=p.threat,
        eliminated=p.eliminated,
        first=state.first_seat == p.seat,
        hand=len(p.hand.cards),
        deck=len(p.deck.cards),
        discard=redact(p.discard, seat),
        play=redact(p.play, seat, back="player"),
        engaged=redact(p.engaged, seat, back="encounter"),
    )


def status_line(state: LcgState) -> str:
    if state.outcome is not None:
        return state.outcome.reason
    waiting = list(dict.fromkeys(d.seat for d in state.decisions))
    # A private decision's prompt may name a card in hand ("Pay 2 for Gandalf"): never quote it to the table.
    prompt = state.decisions[0].prompt if state.decisions and not state.decisions[0].private else ""
    if state.phase == "setup":  # the prompt as asked (its case too: a seat, a deck's name)
        asked = prompt.removeprefix("Setup: ")  # "Setup: vote ...": the step once, then the question
        return f"Setup: waiting on {', '.join(waiting)}" + (f" ({asked})" if asked else "")
    return f"Round {state.round}, {state.phase} phase: waiting on {', '.join(waiting)}" + \
        (f" ({prompt})" if len(waiting) == 1 and prompt else "")


SHOWN_STATS = ("willpower", "attack", "defense", "hit_points", "threat", "quest_points", "engagement_cost")


ShownStat = tuple[Zone, Card, str, int]


def shown_stats(state: LcgState) -> list[ShownStat]:
    """Every stat the board shows as it counts now, for any audience (each `build` keeps those of the cards its
    audience can see): a stat under a lasting modifier, and one a passive effect moves off its printed value
    (an attachment's +2 willpower, Gimli's wounds). Worked out once per state: most of a view's cost."""
    shown: list[ShownStat] = []
    moved: set[tuple[str, str]] = set()
    for m in state.modifiers:
        try:
            zone, card, _ = state.locate(m.uid)
        except KeyError:
            continue
        name = m.stat.removeprefix("blank-")  # a blanked stat shows as its (zero) value
        shown.append((zone, card, name, stat(state, card, name)))
        moved.add((card.uid, name))
    # A stat no modifier moves (those are above) is off its printed value only through a passive naming it.
    passed = [name for name in SHOWN_STATS if PASSIVES.get(name)]
    for zone in (state.quest, state.active, state.staging, *[z for p in state.players for z in (p.play, p.engaged)]):
        for card in zone.cards:
            d = state.card_def(card)
            for name in passed:
                printed = getattr(d, name, None)
                if isinstance(printed, int) and (card.uid, name) not in moved:
                    now = stat(state, card, name)
                    if now != printed:
                        shown.append((zone, card, name, now))
    return shown


@dataclass
class Shared:
    """What every audience's view of one state is built from alike, worked out once per state: the stats shown,
    the zones seen alike (and the cards they show), each player's area when every audience
    sees it alike, and the table's lines and counters."""

    shown: list[ShownStat]
    zones: ZoneViews
    status: str
    staging_threat: int
    quest_stat: str
    seats: list[SeatView]
    waiting_on: list[str]
    players: dict[str, LcgPlayerView | None] = field(default_factory=dict)  # None: seen differently by some


def shared(state: LcgState) -> Shared:
    threat = staging_threat(state)
    return Shared(
        shown=shown_stats(state),
        zones=ZoneViews(),
        status=status_line(state),
        staging_threat=threat,
        quest_stat=quest_stat(state) if current_stage(state) is not None else "willpower",
        seats=[SeatView(seat=p.seat, counters={"threat": p.threat, "hand": len(p.hand.cards),
                                               "deck": len(p.deck.cards)}) for p in state.players],
        waiting_on=list(dict.fromkeys(d.seat for d in state.decisions)),
    )


def _player(state: LcgState, p: Player, seat: str | None, alike: Shared) -> LcgPlayerView:
    """A player's area as `seat` sees it: built once and handed to every audience when all see it alike (no
    card in it face down to some and known to others), else built for `seat`."""
    if p.seat not in alike.players:
        first = _player_view(state, p, seat, alike.zones)
        seen = alike.zones.alike
        shared_area = seen(p.discard) and seen(p.play, "player") and seen(p.engaged, "encounter")
        alike.players[p.seat] = first if shared_area else None
        return first
    found = alike.players[p.seat]
    return found if found is not None else _player_view(state, p, seat, alike.zones)


def own_hidden(state: LcgState, seat: str | None) -> list[Zone]:
    """`seat`'s own hidden zones: its hand, if it is a player's."""
    return [state.player(seat).hand] if seat in [p.seat for p in state.players] else []


def hand_zones(state: LcgState, seat: str | None, redact: Callable[..., ZoneView] = zone_view) -> list[ZoneView]:
    """`own_hidden` as `seat` sees them (a view's `private`)."""
    return [redact(zone, seat, back="player") for zone in own_hidden(state, seat)]


def build(state: LcgState, seat: str | None, title: str, alike: Shared | None = None) -> LcgView:
    """What `seat` (None: the table) sees; `alike`: what the caller worked out already for every audience."""
    alike = alike or shared(state)
    redact = alike.zones
    players = [_player(state, p, seat, alike) for p in state.players]
    quest = redact(state.quest, seat, back="quest")
    active = redact(state.active, seat, back="encounter")
    staging = redact(state.staging, seat, back="encounter")
    discard = redact(state.encounter_discard, seat)
    victory = redact(state.victory, seat)
    private = hand_zones(state, seat, redact)
    shown_zones = [quest, active, staging, discard, victory, *private,
                   *[z for pv in players for z in (pv.discard, pv.play, pv.engaged)]]
    facts = {ref: state.defs[ref] for ref in sorted(redact.refs(shown_zones)) if ref in state.defs}
    current: dict[str, dict[str, int]] = {}
    for zone, card, name, value in alike.shown:
        if visible_to(zone, card, seat):
            current.setdefault(card.uid, {})[name] = value
    counters = {"round": state.round, "staging threat": alike.staging_threat,
                "encounter deck": len(state.encounter_deck.cards)}
    return LcgView(
        game="lcg",
        seat=seat,
        title=title,
        status=alike.status,
        # Each player's discard pile too: it is face up and public (spec 1.2, Z3), as the encounter discard is.
        table=[quest, active, staging, redact(state.resolving, seat),
               redact(state.encounter_deck, seat, back="encounter", counts_only=True),
               discard, victory, *[z for pv in players for z in (pv.play, pv.engaged, pv.discard)]],
        private=private,
        seats=alike.seats,
        counters=counters,
        decisions=[d for d in state.decisions if d.seat == seat],
        waiting_on=alike.waiting_on,
        outcome=state.outcome,
        scenario=state.recipe.name if state.recipe else state.scenario,
        difficulty=state.difficulty,
        round=state.round,
        phase=state.phase,
        quest=quest,
        quest_stat=alike.quest_stat,
        active=active,
        staging=staging,
        staging_threat=alike.staging_threat,
        encounter_deck=len(state.encounter_deck.cards),
        encounter_discard=discard,
        victory=victory,
        stages_left=len(state.quest_deck.cards),
        players=players,
        facts=facts,
        current=current,
    )
