"""The Core Set's treacheries: their When Revealed effects (their shadow effects are in shadows.py)."""

from __future__ import annotations

from engines.core import Card, Decision, Option
from engines.lcg.effects.primitives import each_chooses, highest_threat, reveal_another
from engines.lcg.flow import push
from engines.lcg.scripts import T, ask, effect, follow, fx_args, modify
from engines.lcg.state import COMMITTED, EXHAUSTED, PROGRESS, Modifier, Task
from engines.lcg.table import add_tokens, characters, current_stage, deal_damage, heroes, label, raise_threat, tokens


@effect("The Necromancer's Reach", "when_revealed")
def _reach(turn: T, card: Card, _other: Card | None) -> None:
    """Every exhausted character takes a point of damage."""
    for p in turn.state.active_players():
        for c in characters(p, turn.state):
            if EXHAUSTED in c.flags:
                deal_damage(turn, c, 1, card.name)


@effect("Evil Storm", "when_revealed")
def _storm(turn: T, card: Card, _other: Card | None) -> None:
    """Players at threat 35 or more take a point of damage on each of their characters."""
    for p in turn.state.active_players():
        if p.threat >= 35:
            for c in characters(p, turn.state):
                deal_damage(turn, c, 1, card.name)


@effect("Pursued by Shadow", "when_revealed")
def _pursued(turn: T, card: Card, _other: Card | None) -> None:
    """Threat rises by one per character a player kept back from the quest."""
    for p in turn.state.active_players():
        idle = sum(1 for c in characters(p, turn.state) if COMMITTED not in c.flags)
        if idle:
            raise_threat(turn, p, idle)
            turn.say(f"{p.seat} raises their threat by {idle}.")


@effect("Eyes of the Forest", "when_revealed")
def _eyes(turn: T, card: Card, _other: Card | None) -> None:
    """Every event card in every hand goes to the discard pile."""
    state = turn.state
    for p in state.active_players():
        events = [c for c in p.hand.cards if state.card_def(c).type == "event"]
        for c in events:
            p.hand.cards.remove(c)
            p.discard.cards.append(c)
        if events:
            turn.say(f"{p.seat} discards {', '.join(c.name for c in events)}.")


@effect("Despair", "when_revealed")
def _despair(turn: T, card: Card, _other: Card | None) -> None:
    """Up to 4 progress leaves the current quest (never the active location, FAQ 1.05)."""
    stage = current_stage(turn.state)
    if stage is not None:
        removed = min(4, tokens(stage, PROGRESS))
        add_tokens(stage, PROGRESS, -removed)
        turn.say(f"{removed} progress is removed from the quest.")


@effect("Massing at Night", "when_revealed")
def _massing(turn: T, card: Card, _other: Card | None) -> None:
    """One more encounter card per player is revealed."""
    count = len(turn.state.active_players())
    turn.say(f"{count} more encounter card{'s are' if count > 1 else ' is'} revealed.")
    push(turn.state, *[Task(kind="reveal", note="staging") for _ in range(count)])


@effect("Driven by Shadow", "when_revealed")
def _driven(turn: T, card: Card, _other: Card | None) -> None:
    """Staged enemies and locations now get +1 threat for the phase; with nothing there, the
    card surges instead."""
    state = turn.state
    targets = [c for c in state.staging.cards if state.card_def(c).type in ("enemy", "location")]
    for c in targets:
        modify(state, c, "threat", 1, "phase")
    if targets:
        verb = "gets" if len(targets) == 1 else "each get"  # one card: "Mountains of Mirkwood gets"
        turn.say(f"{card.name}: {', '.join(c.name for c in targets)} {verb} +1 threat for the rest of the phase.")
    if not state.staging.cards:
        turn.say(f"The staging area is empty: {card.name} surges.")
        reveal_another(state)


@effect("Under the Shadow", "when_revealed")
def _under(turn: T, card: Card, _other: Card | None) -> None:
    """The staging area's total threat rises by the number of players for the rest of the phase."""
    state = turn.state
    count = len(state.active_players())
    state.modifiers.append(Modifier(uid="staging", stat="threat", amount=count, until="phase"))
    turn.say(f"{card.name}: the staging area's threat is {count} higher for the rest of the phase.")


@effect("Treacherous Fog", "when_revealed")
def _fog(turn: T, card: Card, _other: Card | None) -> None:
    """Staged locations get +1 threat for the phase; then each player at threat 35 or more
    discards a card of their choice from hand."""
    state = turn.state
    locations = [c for c in state.staging.cards if state.card_def(c).type == "location"]
    for c in locations:
        modify(state, c, "threat", 1, "phase")
    if locations:
        turn.say(f"{card.name}: {', '.join(c.name for c in locations)} get +1 threat for the rest of the phase.")
    each_chooses(turn, [p for p in state.active_players() if p.threat >= 35], "discard-hand", card.name)


@effect("Iron Shackles", "when_revealed")
def _shackles(turn: T, card: Card, _other: Card | None) -> None:
    """It goes on the first player's deck (kept beside it, face up), and takes the place of that deck's next
    draw."""
    state = turn.state
    first = state.player(state.first_seat)
    if card in state.encounter_discard.cards:
        state.encounter_discard.cards.remove(card)
    state.set_aside.cards.append(card)
    state.marks.append(f"shackles:{card.uid}:{first.seat}")
    turn.say(f"Iron Shackles is attached to {first.seat}'s deck: their next draw is lost.")


@effect("Caught in a Web", "when_revealed")
def _web(turn: T, card: Card, _other: Card | None) -> None:
    """The player with the highest threat attaches it to a hero of theirs; that hero then readies in the
    refresh phase only by paying 2 of its resources."""
    state = turn.state
    tied = highest_threat(state)
    if not tied:
        return
    if len(tied) > 1:  # FAQ 1.03: the first player picks among the tied players
        ask(turn, state.first_seat, f"{card.name}: several players share the highest threat; choose one",
            [Option(id=p.seat, label=p.seat) for p in tied], "web-player", card.uid)
        return
    _web_hero(turn, card, tied[0].seat)


def _web_hero(turn: T, card: Card, seat: str) -> None:
    state = turn.state
    own = heroes(state.player(seat), state)
    if not own:
        return
    state.resolving.cards.append(card)  # on the table until attached
    if len(own) == 1:
        _attach_web(turn, card.uid, own[0].uid)
        return
    ask(turn, seat, f"{card.name}: choose one of your heroes to attach it to",
        [Option(id=h.uid, label=label(state, h)) for h in own], "web-hero", card.uid)


@follow("web-player")
def _web_player(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    [uid] = fx_args(decision)
    card = next((c for c in turn.state.encounter_discard.cards if c.uid == uid), None)
    if card is not None:
        turn.state.encounter_discard.cards.remove(card)
        _web_hero(turn, card, choice[0])


@follow("web-hero")
def _web_chosen(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    _attach_web(turn, fx_args(decision)[0], choice[0])


def _attach_web(turn: T, uid: str, hero_uid: str) -> None:
    state = turn.state
    card = state.resolving.find(uid) or state.encounter_discard.find(uid)
    if card is None:
        return
    (state.resolving if card in state.resolving.cards else state.encounter_discard).cards.remove(card)
    hero = state.locate(hero_uid)[1]
    hero.attached.append(card)
    turn.say(f"Caught in a Web is attached to {hero.name}.")
