"""What each audience sees (spec 1.4, 7.4): the board with token colours only (faces for Sauron), the Story
Track, Sauron's panel and the hero panels; private zones for their owners. `lines` is the text view."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from engines.core import CardView, SeatView, View, ZoneView, card_list, card_view, zone_view
from engines.meq import quests, rules, stock
from engines.meq.board import Board
from engines.meq.cards import MARKERS, index
from engines.meq.sauron import TRACK_NAMES, track_values
from engines.meq.state import ATTRIBUTES, HERO_MARKER, TRACKS, MeqState


@dataclass(kw_only=True)
class PlaceView:
    id: str
    influence: int = 0
    favor: int = 0
    tokens: list[CardView] = field(default_factory=list)  # backs (colour) for all but Sauron
    minions: list[str] = field(default_factory=list)
    heroes: list[str] = field(default_factory=list)
    characters: list[str] = field(default_factory=list)
    plots: list[int] = field(default_factory=list)
    event: bool = False


@dataclass(kw_only=True)
class HeroPanel:
    """A hero as the table sees it: where, attributes, favor, items, quests and the size of each pool."""

    name: str
    seat: str
    at: str  # location id
    attributes: dict[str, int] = field(default_factory=dict)
    counters: dict[str, int] = field(default_factory=dict)  # hand, life, rest, damage, favor, corruption
    items: list[str] = field(default_factory=list)
    quests: list[str] = field(default_factory=list)
    done: int = 0


@dataclass(kw_only=True)
class MeqView(View):
    map_key: str = ""
    map_digest: str = ""
    markers: dict[str, int] = field(default_factory=dict)
    stage: int = 1
    dominant: str = ""
    pool: int = 0
    pool_cap: int = 4
    places: list[PlaceView] = field(default_factory=list)
    tracks: dict[str, list[int]] = field(default_factory=dict)
    track_values: dict[str, list[int]] = field(default_factory=dict)  # each track's X per space, left to right
    finale: int = 0  # the Story Track's last space
    stage_starts: list[int] = field(default_factory=list)  # first space of stage II and III
    plots: list[str] = field(default_factory=list)  # "1: name (...)" for each active Plot
    event: str = ""  # the current Event and where its marker is
    minions: list[str] = field(default_factory=list)  # each minion on the board, with its damage
    heroes: list[HeroPanel] = field(default_factory=list)
    board: Board | None = None  # the map itself (shared, immutable): where the renderer draws each place
    lines: list[str] = field(default_factory=list)


def hand_zones(state: MeqState, seat: str | None) -> list[ZoneView]:
    """`seat`'s own hidden zones as it sees them (a view's `private`): Sauron's hands, drawn cards, mission, the
    faces of the tokens on the board and the combat hand; a hero's hand; the Hero Mission, to whoever knows it."""
    board = state.map
    private: list[ZoneView] = []
    if seat == state.sauron:
        private += [mine(zone_view(z, seat), name) for z, name in (
            (state.shadow_hand, "Shadow hand"), (state.plot_hand, "Plot hand"), (state.plot_drawn, "drawn Plot cards"),
            (state.peril_drawn, "drawn Peril cards"), (state.sauron_mission, "Sauron Mission"))]
        # The faces of the tokens on the board, where each stands: what Sauron's DM carries (meq spec 1.4).
        faces = [card_view(state.tokens, c, seat) for c in state.tokens.cards]
        for face, token in zip(faces, state.tokens.cards, strict=True):
            face.name = f"{face.name or '?'} at {board.name(state.token_at.get(token.uid, ''))}" \
                if state.token_at.get(token.uid) else face.name
        private.append(ZoneView(name="Monster tokens on the board (faces)", owner=seat, count=len(faces),
                                cards=faces))
    private += [mine(zone_view(h.hand, seat), "hand") for h in state.heroes if seat == h.seat]
    if seat in state.hero_mission.seats or seat in (state.hero_mission.cards[0].known_to if state.hero_mission.cards
                                                    else []):
        private.append(mine(zone_view(state.hero_mission, seat), "Hero Mission"))
    if state.combat is not None and seat == state.sauron:
        private.append(mine(zone_view(state.combat.foe_hand, seat), "combat hand"))
    return private



GAME_NAME = "Middle-earth Quest"


def titled(map_title: str) -> str:
    """The board's title: the game's name and its map's, the game's name once. The map transcribed from the
    community data is titled 'Middle-earth Quest (community transcription)', and the board read 'Middle-earth Quest:
    Middle-earth Quest (community tr...' where Discord cuts it."""
    return map_title if map_title.startswith(GAME_NAME) else f"{GAME_NAME}: {map_title}"

def build(state: MeqState, seat: str | None) -> MeqView:
    board = state.map
    idx = index()
    places: dict[str, PlaceView] = {}

    def place(loc: str) -> PlaceView:
        return places.setdefault(loc, PlaceView(id=loc))

    for loc, n in state.influence.items():
        place(loc).influence = n
    for loc, n in state.favor_at.items():
        place(loc).favor = n
    for card in state.tokens.cards:
        place(state.token_at.get(card.uid, "")).tokens.append(card_view(state.tokens, card, seat))
    for m in state.minions:
        if m.status == "in":
            place(m.at).minions.append(idx.foes[m.key].name)
    for h in state.heroes:
        place(h.at).heroes.append(h.name)
    for char, loc in state.characters.items():
        place(loc).characters.append(idx.characters[char].name)
    for uid, loc in state.plot_at.items():
        place(loc).plots.append(state.plot_slot[uid])
    if state.event_at:
        place(state.event_at).event = True
    table = [zone_view(z, seat) for z in (state.plots, state.current_event, state.shadow_discard, state.plot_discard,
                                           state.event_discard, state.peril_discard, state.token_discard, state.drawn)]
    table += [ZoneView(name=stock.name(state, k), owner=None, count=stock.count(state, k), cards=[])
              for k in ("shadow", "plot", "peril", "corruption", "skill")]
    for h in state.heroes:
        table += [zone_view(h.rest, seat), zone_view(h.corruption, seat),
                  *(ZoneView(name=f"{h.name}'s {what} pool", owner=h.seat, count=stock.count(state, key), cards=[])
                    for what, key in (("life", stock.life(h)), ("damage", stock.damage(h)))),
                  zone_view(h.hand, seat, counts_only=True)]
    if state.combat is not None:
        c = state.combat
        table += [zone_view(c.hero_stack, seat), zone_view(c.foe_stack, seat), zone_view(c.foe_hand, seat,
                                                                                         counts_only=True)]
    private = hand_zones(state, seat)
    seats = [SeatView(seat=state.sauron, counters={"shadow hand": len(state.shadow_hand.cards),
                                                   "plot hand": len(state.plot_hand.cards), "pool": state.pool})]
    for h in state.heroes:
        life, damage = stock.count(state, stock.life(h)), stock.count(state, stock.damage(h))
        seats.append(SeatView(seat=h.seat, counters={"hand": len(h.hand.cards), "life": life,
                                                     "rest": len(h.rest.cards), "damage": damage,
                                                     "favor": h.favor, "corruption": len(h.corruption.cards)}))
    view = MeqView(
        game="meq", seat=seat, title=titled(board.title), status=status(state),
        table=table, private=private, seats=seats,
        counters={"round": state.round, "stage": rules.stage(state), "pool": state.pool},
        decisions=[d for d in state.decisions if d.seat == seat],
        waiting_on=list(dict.fromkeys(d.seat for d in state.decisions)), outcome=state.outcome,
        map_key=board.key, map_digest=board.digest, markers=dict(state.markers), stage=rules.stage(state),
        dominant=rules.dominant(state), pool=state.pool, pool_cap=rules.pool_cap(state),
        places=[places[k] for k in sorted(places) if k], tracks={k: list(v) for k, v in state.tracks.items()})
    view.lines = text_lines(state, view)
    view.track_values = {t: track_values(state, t) for t in TRACKS}
    view.finale = rules.finale_space(state)
    view.stage_starts = [int(state.opt("stage2")), int(state.opt("stage3"))]
    view.plots = [line.removeprefix("Plot ") for line in view.lines if line.startswith("Plot ")]
    view.event = next((line.removeprefix("Current Event: ") for line in view.lines
                       if line.startswith("Current Event: ")), "")
    view.minions = [f"{idx.foes[m.key].name} at {board.name(m.at)}" + (f" (damage {m.damage})" if m.damage else "")
                    for m in state.minions if m.status == "in"]
    view.heroes = [HeroPanel(name=h.name, seat=h.seat, at=h.at,
                             attributes={a: rules.attribute(state, h, a) for a in ATTRIBUTES},
                             counters=dict(s.counters), items=[idx.items[i].name for i in h.items],
                             quests=[quest_name(q) for q in h.quests], done=len(h.done))
                   for h, s in zip(state.heroes, seats[1:], strict=True)]
    view.board = board
    return view


def quest_name(quest: str) -> str:
    """A held quest by name: a hero's own (Starting, Advanced) or an Encounter Quest."""
    idx = index()
    return idx.quests[quest].name if quest in idx.quests else idx.encounters[quest].name if quest in \
        idx.encounters else quest


def mine(zone: ZoneView, name: str) -> ZoneView:
    """A private zone named as its owner reads it after "Your" ("Your Shadow hand", "Your Hero Mission"): the
    console, the DMs and the image all put the owner in front of a private zone's name."""
    return replace(zone, name=name)


# The engine's step keys as the rulebook names the steps (the status line is read by players, not by code), in
# lower case as prose: "Rest" is also a combat card's name, and the table's line must not seem to name a card.
STEP_NAMES = {"round": "start of the round", "rally": "hero rally step", "rally2": "hero rally step",
              "story": "story step", "story_end": "story step", "plot": "plot step", "event": "event step",
              "action_start": "action step", "action": "action step", "hero_draw": "hero draw step",
              "hero_draw_done": "hero draw step", "hero_start": "rest step", "rest": "rest step",
              "ambush": "ambush step", "travel": "travel step", "encounter": "encounter step",
              "hero_end": "end of the turn", "finale": "Finale", "champion": "Finale", "over": "game over"}


def status(state: MeqState) -> str:
    if state.outcome is not None:
        return state.outcome.reason
    who = "Sauron" if state.active < 0 else state.heroes[state.active].name
    waiting = ", ".join(dict.fromkeys(d.seat for d in state.decisions))
    key = state.running or state.step  # the step asking now, not the one queued after it
    step = STEP_NAMES.get(key, key.replace("_", " "))
    return f"Round {state.round}, {who}'s turn, {step}: waiting on {waiting or 'nobody'}"


def track_text(state: MeqState, track: str) -> str:
    """One action track as read: its spaces' values left to right, and which hold an action token, by place and
    value ("Place Influence 6/5/4, action token on space 1 (6)"); the state keeps places, counted from 0."""
    values = track_values(state, track)
    tokens = [f"space {i + 1} ({values[i]})" for i in sorted(state.tracks.get(track, [])) if i < len(values)]
    return f"{TRACK_NAMES[track]} {'/'.join(map(str, values))}" + (
        f", action token on {', '.join(tokens)}" if tokens else "")


def text_lines(state: MeqState, view: MeqView) -> list[str]:
    """A plain-text board: what the console prints and what a phone can read without the image."""
    board = state.map
    idx = index()
    fin = rules.finale_space(state)
    out = [view.status,
           f"Story (Finale at {fin}, The Shadow Falls at {state.opt('shadow_falls')}): heroes "
           f"{state.markers[HERO_MARKER]}, " + ", ".join(f"{m} {state.markers[m]}" for m in MARKERS)
           + f"; stage {view.stage}; dominant: {view.dominant or 'neither'}",
           f"Shadow Pool {state.pool}/{view.pool_cap}; tracks: " + "; ".join(track_text(state, t) for t in TRACKS)]
    for card in state.plots.cards:
        plot = idx.plots[card.ref]
        where = board.name(state.plot_at[card.uid]) if card.uid in state.plot_at else "?"
        out.append(f"Plot {state.plot_slot[card.uid]}: {card.name} ({plot.marker} +{plot.advance}, discard for "
                   f"{plot.favor} favor at {where})")
    if state.current_event.cards:
        where = f" at {board.name(state.event_at)}" if state.event_at else ""  # some Events have no marker
        out.append(f"Current Event: {state.current_event.cards[0].name}{where}")
    for p in view.places:
        bits = []
        if p.influence:
            bits.append(f"influence {p.influence}")
        if p.favor:
            bits.append(f"favor {p.favor}")
        if p.tokens:
            bits.append("tokens " + ", ".join(t.name or f"({board.group_name(t.back or '')})" for t in p.tokens))
        bits += p.minions + p.heroes + p.characters + [f"plot marker {n}" for n in p.plots]
        if p.event:
            bits.append("event marker")
        out.append(f"{board.name(p.id)}: {'; '.join(bits)}")
    for h in state.heroes:
        life, damage = stock.count(state, stock.life(h)), stock.count(state, stock.damage(h))
        out.append(f"{h.name} ({h.seat}) on {board.name(h.at)}: hand {len(h.hand.cards)}, life {life}, "
                   f"rest {len(h.rest.cards)}, damage {damage}, favor {h.favor}, corruption "
                   f"{len(h.corruption.cards)}, items {card_list((idx.items[i].name for i in h.items), 'none')}")
        # A hero's quests lie face up in their play area: what each needs, so no one has to read the image.
        out += [f"{h.name}'s quest {quest_name(q)}: {quests.needs(q, board.name)}" for q in h.quests]
    return out
