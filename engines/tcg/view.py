"""What each audience sees (spec 1.2, 1.3): the path, markers, pool, every fellowship, support area, minion and
pile on the table; hand and deck sizes for all; a seat's own hand and adventure deck privately. Shuffle
commitments are public from the start; their salts and orders only once the game is over."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from engines.core import Decision, SeatView, View, Zone, ZoneView, card_list, zone_view
from engines.tcg import combat, rules
from engines.tcg import procedures as proc
from engines.tcg.state import TcgState


@dataclass(kw_only=True)
class PlayerView:
    seat: str
    deck: str
    position: int
    hand: int
    draw: int
    adventure: int
    burdens: int
    threats: int
    wearing: bool
    ring_bearer: str
    out: bool
    orders: dict[str, str]
    fellowship: ZoneView
    support: ZoneView
    discard: ZoneView
    dead: ZoneView


@dataclass(kw_only=True)
class Commitment:
    seat: str
    what: str
    digest: str
    salt: str = ""  # filled in when the game is over
    order: list[str] = field(default_factory=list)


@dataclass(kw_only=True)
class TcgView(View):
    turn: int = 0
    phase: str = ""
    free_peoples: str = ""
    twilight: int = 0
    moves: int = 0
    move_limit: int = 2
    initiative: str = ""
    path: ZoneView | None = None
    minions: ZoneView | None = None
    assignments: dict[str, str] = field(default_factory=dict)  # minion uid -> companion uid
    skirmish: str = ""
    # The current strength of each character of the active fellowship and each minion (uid -> strength), with
    # possessions and modifiers, so the image shows what the skirmish will compare, not the printed number.
    strengths: dict[str, int] = field(default_factory=dict)
    # How the current skirmish's two strengths are made up, as its resolution line will say them ("Merry, Noble
    # Warrior 7 (5 +2 Hobbit Sword) against 11 (Desert Scout 8; Desert Sneak 3)"); "" when no skirmish is on or
    # each side is one card at its printed strength. Only possessions in play and cards the table saw.
    skirmish_made: str = ""
    # The uids of copies in play that share a name with another card in play: the log and the options name these
    # with their id ("Gondorian Captain (c75) takes a wound"), so the board shows the id on their tiles too.
    twins: list[str] = field(default_factory=list)
    players: list[PlayerView] = field(default_factory=list)
    commitments: list[Commitment] = field(default_factory=list)
    # The text board under the generic view, the status first (the console prints lines[1:], as for Middle-earth
    # Quest): the path, the pool, each fellowship; once the game is over, every shuffle revealed.
    lines: list[str] = field(default_factory=list)


def status_line(state: TcgState) -> str:
    if state.outcome is not None:
        return state.outcome.reason
    waiting = list(dict.fromkeys(d.seat for d in state.decisions))
    # what is asked, without an assignment's numbers (the board's lines give them)
    prompt = state.decisions[0].prompt.split(combat.NUMBERS)[0] \
        if len(state.decisions) == 1 and not state.decisions[0].private else ""
    return (f"Turn {state.turn_no}, {state.fp_player.seat}'s {state.phase} phase: waiting on {', '.join(waiting)}"
            + (f" ({prompt})" if prompt else ""))


# What a decision asks, said to the other seats (`waiting_for`): the prompt's words from the asked seat's side.
PRIVATE_CHOICE = "for a choice of theirs"  # a private decision: its prompt or options show a hand or hidden card
_THEIR = {"you": "they", "your": "their", "yours": "theirs", "yourself": "themselves"}
_WH = frozenset({"which", "what", "who", "whom", "how", "where", "when", "whether"})
_LABEL_WORDS = frozenset({"of", "the", "on", "in", "and", "to", "a"})  # the small words of a card's name
_ASIDE = re.compile(r"\s*\((?!c\d+\))[^()]*\)")  # "(1 of 2 moves made)", not a card's id "(c21)"


def waiting_for(decision: Decision) -> str:
    """What `decision` asks of its seat, for the other seats to read after "the game waits on p1": its prompt's
    first sentence without asides, from the seat's side ("Choose the next skirmish." -> "to choose the next
    skirmish"; "Ambush: add 1 twilight for Desert Runner?" -> "to decide whether to add 1 twilight for Desert
    Runner (Ambush)"). A private decision names no more than that it is a choice of theirs."""
    if decision.private:
        return PRIVATE_CHOICE
    text = _ASIDE.sub("", decision.prompt.split(combat.NUMBERS)[0]).strip()
    first = re.split(r"(?<=[.?!])\s+", text)[0]
    question = first.endswith("?")
    first = first.rstrip(".?!").split(", then ")[0]  # "..., then say done": how to answer, not what
    label, _, body = first.rpartition(": ")
    words = label.split()
    if words and not all(w[:1].isupper() or w in _LABEL_WORDS for w in words):
        label = ""  # the situation, not a card's name ("A wound is about to be placed on Frodo: ...")
    body = re.sub(r"\b(?:you|your|yours|yourself)\b", lambda m: _THEIR[m[0].lower()], body, flags=re.IGNORECASE)
    head, _, rest = body.partition(" ")
    if not head:
        return ""
    if head[1:].islower() or len(head) == 1:
        head = head.lower()
    said = " ".join(w for w in (head, rest) if w)
    if question and rest.split(" ", 1)[0] == "which":  # "Exert which two companions?"
        said = f"choose {rest} to {head}"
    elif question:
        said = f"decide {said}" if head in _WH else f"decide whether to {said}"
    if not label:
        return f"to {said}"
    # whose question it is, after what it asks; after a card's id ("Enraged Horseman (c21)") not in a second aside
    return f"to {said}, for {label}" if said.endswith(")") else f"to {said} ({label})"


def own_hidden(state: TcgState, seat: str | None) -> list[Zone]:
    """`seat`'s own hidden zones: its hand and adventure deck."""
    return [z for p in state.players if seat == p.seat for z in (p.hand, p.adventure)]


def hand_zones(state: TcgState, seat: str | None) -> list[ZoneView]:
    """`own_hidden` as `seat` sees them (a view's `private`), named as their owner reads them after "Your" ("Your
    hand", not "Your p1: hand")."""
    return [_plain(zone_view(z, seat)) for z in own_hidden(state, seat)]


def _plain(zone: ZoneView) -> ZoneView:
    return replace(zone, name=zone.name.split(": ")[-1])


def build(state: TcgState, seat: str | None) -> TcgView:
    over = state.outcome is not None
    players: list[PlayerView] = []
    private = hand_zones(state, seat)
    for p in state.players:
        players.append(PlayerView(
            seat=p.seat, deck=p.deck, position=p.position, hand=len(p.hand.cards), draw=len(p.draw.cards),
            adventure=len(p.adventure.cards), burdens=p.burdens, threats=p.threats, wearing=p.wearing,
            ring_bearer=p.ring_bearer, out=p.out, orders=dict(state.orders.get(p.seat, {})),
            # named as the table reads them after the owner ("p1 discard pile", not "p1 p1: discard pile"), the
            # fellowship with the site it is at
            fellowship=replace(zone_view(p.fellowship, seat), name=f"fellowship at site {p.position}"),
            support=_plain(zone_view(p.support, seat)), discard=_plain(zone_view(p.discard, seat)),
            dead=_plain(zone_view(p.dead, seat))))
    path = zone_view(state.path, seat)
    minions = zone_view(state.minions, seat)
    initiative = "shadow" if rules.shadow_has_initiative(state) else "free peoples"
    status = status_line(state)
    text = [status, "Path: " + card_list(f"{state.defs[c.ref].site} {c.name}" for c in
                                   sorted(state.path.cards, key=lambda c: state.defs[c.ref].site)),
            f"Twilight {state.twilight}; moves {state.moves}/{rules.move_limit(state)}; initiative: {initiative}."]
    strengths = {c.uid: rules.strength(state, c) for c in rules.characters(state)}
    for p, pv in zip(state.players, players, strict=True):
        # the active fellowship with what assigning defenders needs (strength, vitality, wounds); the others wait
        comps = card_list(proc.stats(state, c, strengths.get(c.uid)) if p is state.fp_player else
                          c.name + (f" ({proc.plural(rules.wounds(c), 'wound')})" if rules.wounds(c) else "")
                          for c in p.fellowship.cards)
        text.append(f"{pv.seat}'s fellowship at site {pv.position}{' (the active one)' if p is state.fp_player else ''}"
                    f": hand {pv.hand}, deck {pv.draw}, burdens {pv.burdens}, threats {pv.threats}"
                    f"{', wearing the Ring' if pv.wearing else ''}{', out' if pv.out else ''}"
                    + (f"; {comps}" if comps else ""))
    if minions.cards:
        text.append("Minions: " + card_list(
            proc.stats(state, m, strengths.get(m.uid))
            + (f" against {proc.name(state, state.assign[m.uid])}" if m.uid in state.assign else "")
            for m in state.minions.cards))
    fighting = [m for m, c in state.assign.items() if c == state.skirmish]
    skirmish_made = ""
    comp = state.find(state.skirmish) if state.skirmish else None
    if comp is not None and fighting:
        # each side's strength with how it is made up, as the skirmish's resolution line gives it: several minions
        # each with its own parts beside its name
        them = [m for m in state.minions.cards if m.uid in fighting]
        fp_made, sh_made = proc.strength_made(state, [comp]), proc.strength_made(state, them)
        fp_total, sh_total = strengths.get(comp.uid, 0), sum(strengths.get(m.uid, 0) for m in them)
        names = card_list(m.name for m in them) if len(them) == 1 else sh_made
        one = f": {sh_made}" if len(them) == 1 and sh_made else ""
        text.append(f"Skirmish: {comp.name} (strength {fp_total}{f': {fp_made}' if fp_made else ''}) against {names}"
                    f" (strength {sh_total}{one})")
        if fp_made or sh_made:
            skirmish_made = proc.skirmish_strengths(state, comp, them)
    if over and state.shuffles:
        text.append("The shuffles revealed (the sha256 of each text is its commitment):")
        text += proc.reveal_lines(state.shuffles)
    return TcgView(
        game="tcg", seat=seat, title="The Lord of the Rings TCG (starter rules)", status=status,
        table=[path, minions, *(z for pv in players for z in (pv.fellowship, pv.support, pv.discard, pv.dead))],
        private=private,
        seats=[SeatView(seat=p.seat, counters={"hand": len(p.hand.cards), "draw": len(p.draw.cards),
                                               "burdens": p.burdens, "threats": p.threats}) for p in state.players],
        counters={"turn": state.turn_no, "twilight": state.twilight},
        decisions=[d for d in state.decisions if d.seat == seat],
        waiting_on=list(dict.fromkeys(d.seat for d in state.decisions)),
        outcome=state.outcome, turn=state.turn_no, phase=state.phase, free_peoples=state.fp_player.seat,
        twilight=state.twilight, moves=state.moves, move_limit=rules.move_limit(state), initiative=initiative,
        path=path, minions=minions, assignments=dict(state.assign), skirmish=state.skirmish, strengths=strengths,
        skirmish_made=skirmish_made,
        twins=sorted(rules.twins(state)), players=players,
        commitments=[Commitment(seat=s.seat, what=s.what, digest=s.digest, salt=s.salt if over else "",
                                order=list(s.order) if over else []) for s in state.shuffles],
        lines=text)
