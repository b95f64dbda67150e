"""The Core Set's locations: Travel costs (paid before the players travel, or travel there is refused),
Forced effects and Responses after travelling or exploring, and passive rules (Enchanted Stream in
primitives.may_draw, Gladden Fields in the refresh phase, The East Bight in the travel decision)."""

from __future__ import annotations

from engines.core import Card, Decision, Option, RuleError
from engines.lcg import hooks
from engines.lcg.effects.primitives import draw, each_chooses, find, first_player
from engines.lcg.flow import push, task
from engines.lcg.scripts import T, ask, core, effect, follow, scripted
from engines.lcg.state import EXHAUSTED, LcgState, Task
from engines.lcg.table import characters, heroes, label, raise_threat


@hooks.why_not_travel.register
def why_not_travel(state: LcgState, card: Card) -> str:
    """Why the players cannot pay `card`'s Travel cost now ("" if they can, or it has none; RR p.23)."""
    if core(state, card, "Great Forest Web"):
        lacking = [p.seat for p in state.active_players()
                   if not [h for h in heroes(p, state) if EXHAUSTED not in h.flags]]
        if lacking:
            return (f"To travel to {card.name} each player must exhaust a hero; {', '.join(lacking)} has no "
                    "ready hero.")
    if core(state, card, "Mountains of Mirkwood") and not state.encounter_deck.cards:
        return f"To travel to {card.name} an encounter card must be revealed, and the deck is empty."
    if core(state, card, "Necromancer's Pass"):
        player = first_player(state)
        if len(player.hand.cards) < 2:
            return (f"To travel to {card.name} the first player has to lose 2 random cards from hand; "
                    f"{player.seat} has {len(player.hand.cards)}.")
    return ""


def _check(state: LcgState, card: Card) -> None:
    reason = why_not_travel(state, card)
    if reason:
        raise RuleError(reason)


@effect("Great Forest Web", "travel")
def _web(turn: T, card: Card, _other: Card | None) -> None:
    """To travel there, every player exhausts one of their heroes."""
    state = turn.state
    _check(state, card)
    each_chooses(turn, state.active_players(), "exhaust-hero", card.name)


@effect("Mountains of Mirkwood", "travel")
def _mountains(turn: T, card: Card, _other: Card | None) -> None:
    """To travel there, the encounter deck's top card is revealed and added to the staging area."""
    _check(turn.state, card)
    push(turn.state, Task(kind="reveal", note="travel"))


@effect("Necromancer's Pass", "travel")
def _pass(turn: T, card: Card, _other: Card | None) -> None:
    """To travel there, the first player throws away 2 random cards from hand."""
    state = turn.state
    player = first_player(state)
    _check(state, card)
    for _ in range(2):
        lost = state.rng.choice(player.hand.cards)
        player.hand.cards.remove(lost)
        player.discard.cards.append(lost)
        turn.say(f"{player.seat} discards {lost.name} at random.")


@effect("The Brown Lands", "travelled")
def _brown(turn: T, card: Card, _other: Card | None) -> None:
    """Once the players arrive, it gets a progress token."""
    from engines.lcg.effects.primitives import progress_on_location

    progress_on_location(turn, card, 1, card.name)


@effect("Old Forest Road", "travelled")
def _road(turn: T, card: Card, _other: Card | None) -> None:
    """Once the players arrive, the first player may ready one of their characters."""
    state = turn.state
    player = first_player(state)
    tired = [c for c in characters(player, state) if EXHAUSTED in c.flags]
    if tired:
        ask(turn, player.seat, f"{card.name}: you may ready one of your characters",
            [*(Option(id=c.uid, label=label(state, c)) for c in tired), Option(id="no", label="No")], "ready-one")


@follow("ready-one")
def _ready_one(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    card = find(turn.state, choice[0]) if choice[0] != "no" else None
    if card is not None and EXHAUSTED in card.flags:
        card.flags.remove(EXHAUSTED)
        turn.say(f"{decision.seat} readies {card.name}.")


@effect("Forest Gate", "travelled")
def _gate(turn: T, card: Card, _other: Card | None) -> None:
    """Once the players arrive, the first player may take 2 cards from their deck."""
    player = first_player(turn.state)
    ask(turn, player.seat, f"{card.name}: draw 2 cards?", [Option(id="draw", label="Draw 2"),
                                                            Option(id="no", label="No")], "gate-draw")


@follow("gate-draw")
def _gate_draw(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    if choice[0] == "draw":
        draw(turn, turn.state.player(decision.seat), 2)


@effect("Tower Gate", "travelled")
def _tower(turn: T, card: Card, _other: Card | None) -> None:
    """Once the players arrive, each player's top deck card engages them as an Orc Guard."""
    from engines.lcg.scenarios import orc_guards

    orc_guards(turn)


@effect("Mountains of Mirkwood", "explored")
def _mountains_explored(turn: T, card: Card, _other: Card | None) -> None:
    """Once explored, each player may take one of their deck's top 5 cards into hand; the rest are
    shuffled back."""
    push(turn.state, *[Task(kind="mountains-search", seat=p.seat) for p in turn.state.active_players()])


@task("mountains-search")
def _mountains_search(turn: T, t: Task) -> None:
    state = turn.state
    player = state.player(t.seat)
    top = player.deck.cards[-5:]
    if player.eliminated or not top:
        return
    for c in top:
        c.known_to = [player.seat]
    turn.reveal()  # seen, even if taken back: see `peeked`
    ask(turn, player.seat, "Mountains of Mirkwood: take one of your deck's top cards into your hand?",
        [*(Option(id=c.uid, label=c.name) for c in reversed(top)), Option(id="no", label="None")],
        "mountains-take", private=True)


@follow("mountains-take")
def _mountains_take(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    state = turn.state
    player = state.player(decision.seat)
    for c in player.deck.cards:
        c.known_to = []
    card = player.deck.find(choice[0])
    if card is not None:
        player.deck.cards.remove(card)
        player.hand.cards.append(card)
        turn.say(f"{player.seat} takes a card from the top of their deck into hand.")
        turn.say(f"You take {card.name}.", audience=[player.seat])
    state.rng.shuffle(player.deck.cards)
    turn.reveal()


@effect("Banks of the Anduin", "explored")
def _banks(turn: T, card: Card, _other: Card | None) -> None:
    """Leaving play, it goes back onto the encounter deck's top instead of the discard pile."""
    state = turn.state
    for zone in (state.encounter_discard, state.victory):
        if card in zone.cards:
            zone.cards.remove(card)
            card.face_up = False
            state.encounter_deck.cards.append(card)
            turn.say(f"{card.name} returns onto the encounter deck's top.")


@hooks.forced_destination.register
def forced_destination(state: LcgState, locations: list[Card]) -> list[Card]:
    """The East Bight: with no active location, the players must travel there if they can."""
    bights = [c for c in locations if core(state, c, "The East Bight")]
    return bights or locations


@hooks.refresh_threat.register
def refresh_threat(turn: T) -> None:
    """Gladden Fields: while it is the active location, each player's threat rises 1 more in the refresh."""
    state = turn.state
    if any(core(state, c, "Gladden Fields") for c in state.active.cards):
        for p in state.active_players():
            raise_threat(turn, p, 1)
        turn.say("Gladden Fields: each player raises their threat by 1 more.")


scripted("The East Bight", "the players must travel there when there is no active location")
scripted("Enchanted Stream", "no card draws while it is the active location")
scripted("Gladden Fields", "one more threat in the refresh phase while it is active")
