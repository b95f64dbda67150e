"""What each audience sees (spec 1.3): the table for everyone, plus a seat's own hand. Built only from
`card_view`/`zone_view`, so hidden cards (decks, hands, face-down shadow cards, later quest stages) arrive
as backs with counts; definitions are included only for cards the audience can see."""

from __future__ import annotations

from dataclasses import dataclass, field

from engines.core import CardView, SeatView, View, ZoneView, visible_to, zone_view
from engines.lcg.cards import CardDef
from engines.lcg.quest import quest_stat, staging_threat
from engines.lcg.state import LcgState, Player
from engines.lcg.table import current_stage, stat


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


def _refs(zones: list[ZoneView]) -> set[str]:
    found: set[str] = set()

    def walk(card: CardView) -> None:
        if card.ref:
            found.add(card.ref)
        for a in card.attached:
            walk(a)

    for z in zones:
        for c in z.cards:
            walk(c)
    return found


def _player_view(state: LcgState, p: Player, seat: str | None) -> LcgPlayerView:
    return LcgPlayerView(
        seat=p.seat,
        threat=p.threat,
        eliminated=p.eliminated,
        first=state.first_seat == p.seat,
        hand=len(p.hand.cards),
        deck=len(p.deck.cards),
        discard=zone_view(p.discard, seat),
        play=zone_view(p.play, seat, back="player"),
        engaged=zone_view(p.engaged, seat, back="encounter"),
    )


def status_line(state: LcgState) -> str:
    if state.outcome is not None:
        return state.outcome.reason
    waiting = list(dict.fromkeys(d.seat for d in state.decisions))
    # A private decision's prompt may name a card in hand ("Pay 2 for Gandalf"): never quote it to the table.
    prompt = state.decisions[0].prompt if state.decisions and not state.decisions[0].private else ""
    if state.phase == "setup":  # the prompt as asked (its case too: "RR", a seat, a deck's name)
        rule, sep, asked = prompt.partition("): ")
        if sep and rule.startswith("Setup ("):  # "Setup (RR p.10): vote ...": the rule once, then the question
            return f"{rule}): waiting on {', '.join(waiting)} ({asked})"
        return f"Setup: waiting on {', '.join(waiting)}" + (f" ({prompt})" if prompt else "")
    return f"Round {state.round}, {state.phase} phase: waiting on {', '.join(waiting)}" + \
        (f" ({prompt})" if len(waiting) == 1 and prompt else "")


SHOWN_STATS = ("willpower", "attack", "defense", "hit_points", "threat", "quest_points", "engagement_cost")


def build(state: LcgState, seat: str | None, title: str) -> LcgView:
    players = [_player_view(state, p, seat) for p in state.players]
    quest = zone_view(state.quest, seat, back="quest")
    active = zone_view(state.active, seat, back="encounter")
    staging = zone_view(state.staging, seat, back="encounter")
    discard = zone_view(state.encounter_discard, seat)
    victory = zone_view(state.victory, seat)
    private = [zone_view(state.player(seat).hand, seat, back="player")] if seat in [p.seat for p in state.players] \
        else []
    shown = [quest, active, staging, discard, victory, *private,
             *[z for pv in players for z in (pv.discard, pv.play, pv.engaged)]]
    facts = {ref: state.defs[ref] for ref in sorted(_refs(shown)) if ref in state.defs}
    current: dict[str, dict[str, int]] = {}
    for m in state.modifiers:
        try:
            zone, card, _ = state.locate(m.uid)
        except KeyError:
            continue
        if visible_to(zone, card, seat):
            name = m.stat.removeprefix("blank-")  # a blanked stat shows as its (zero) value
            current.setdefault(card.uid, {})[name] = stat(state, card, name)
    # Passive effects too (an attachment's +2 willpower, Gimli's wounds): the board shows a stat as it counts.
    for zone in (state.quest, state.active, state.staging, *[z for p in state.players for z in (p.play, p.engaged)]):
        for card in zone.cards:
            if not visible_to(zone, card, seat):
                continue
            d = state.card_def(card)
            for name in SHOWN_STATS:
                printed = getattr(d, name, None)
                if isinstance(printed, int) and name not in current.get(card.uid, {}):
                    now = stat(state, card, name)
                    if now != printed:
                        current.setdefault(card.uid, {})[name] = now
    stage = current_stage(state)
    counters = {"round": state.round, "staging threat": staging_threat(state),
                "encounter deck": len(state.encounter_deck.cards)}
    return LcgView(
        game="lcg",
        seat=seat,
        title=title,
        status=status_line(state),
        table=[quest, active, staging, zone_view(state.resolving, seat),
               zone_view(state.encounter_deck, seat, back="encounter", counts_only=True),
               discard, victory, *[z for pv in players for z in (pv.play, pv.engaged)]],
        private=private,
        seats=[SeatView(seat=p.seat, counters={"threat": p.threat, "hand": len(p.hand.cards),
                                               "deck": len(p.deck.cards)}) for p in state.players],
        counters=counters,
        decisions=[d for d in state.decisions if d.seat == seat],
        waiting_on=list(dict.fromkeys(d.seat for d in state.decisions)),
        outcome=state.outcome,
        scenario=state.recipe.name if state.recipe else state.scenario,
        difficulty=state.difficulty,
        round=state.round,
        phase=state.phase,
        quest=quest,
        quest_stat=quest_stat(state) if stage is not None else "willpower",
        active=active,
        staging=staging,
        staging_threat=staging_threat(state),
        encounter_deck=len(state.encounter_deck.cards),
        encounter_discard=discard,
        victory=victory,
        stages_left=len(state.quest_deck.cards),
        players=players,
        facts=facts,
        current=current,
    )
