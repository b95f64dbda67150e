"""Small fixtures for LCG rules tests: a game past setup, cards made to order, and a way to run one step
of the round procedure and see what the table was told (DESIGN: tests read like the rulebook)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from engines.core import Answer, Config, Turn
from engines.lcg import GAME, flow
from engines.lcg.cards import CardDef
from engines.lcg.state import LcgState, Task


def started(players: int = 1, seed: int = 1, **options: Any) -> LcgState:
    """A game of Passage Through Mirkwood (unless `scenario=`) after setup: starter decks chosen, first
    player p1, hands kept, sitting at the first planning decision of round 1."""
    decks = ["core-leadership", "core-tactics", "core-spirit", "core-lore"]
    options.setdefault("windows", "none")  # rules tests step through the procedure; windows have their own
    state = GAME.setup(Config(seats=GAME.seat_names(players), options=options), seed)
    for i, p in enumerate(state.players):
        d = next(d for d in state.decisions if d.seat == p.seat)
        state = GAME.apply(state, p.seat, Answer(decision=d.id, choice=(decks[i],))).state
    while state.decisions and state.decisions[0].context in ("vote", "mulligan"):
        d = state.decisions[0]
        pick = "p1" if d.context == "vote" else "keep"
        state = GAME.apply(state, d.seat, Answer(decision=d.id, choice=(pick,))).state
    return state


def card(state: LcgState, **fields: Any) -> Any:
    """A card made to order: its definition is added to the game under a unique test id."""
    owner = fields.pop("owner", None)
    base = CardDef(id=f"test-{state.next_uid}", name=fields.pop("name", f"Test card {state.next_uid}"),
                   type=fields.pop("type", "enemy"))
    definition = replace(base, **fields)
    state.defs[definition.id] = definition
    made = state.new_card(definition.id)
    if owner is None and definition.is_player_card:
        owner = "p1"
    if owner is not None:
        state.owners[made.uid] = owner  # a player card belongs to someone's deck
    return made


def run(state: LcgState, *tasks: Task, seat: str = "") -> tuple[LcgState, list[str]]:
    """Run the given steps of the procedure (and whatever follows until a decision), on a copy."""
    work = GAME.copy(state)
    work.decisions.clear()
    work.tasks = []
    turn = Turn(state=work, seat=seat)
    flow.push(work, *tasks)
    flow.run(turn)
    return work, [e.text for e in turn.events]


def answer(state: LcgState, option: str | tuple[str, ...], seat: str | None = None) -> tuple[LcgState, list[str]]:
    """Answer the first open decision (of `seat`, if given)."""
    d = next(d for d in state.decisions if seat is None or d.seat == seat)
    choice = (option,) if isinstance(option, str) else option
    step = GAME.apply(state, d.seat, Answer(decision=d.id, choice=choice))
    return step.state, [e.text for e in step.events]


def hero(state: LcgState, seat: str, name: str) -> Any:
    return next(c for c in state.player(seat).play.cards if c.name == name)


def core_card(state: LcgState, title: str, owner: str | None = None) -> Any:
    """A fresh copy of the Core Set card with this title, known to the game (its definition copied in)."""
    from engines.lcg.library import fold

    definition = next(d for d in GAME.library.cards.values() if d.pack == "Core Set" and fold(d.name) == fold(title))
    state.defs[definition.id] = definition
    made = state.new_card(definition.id)
    if definition.is_player_card:
        state.owners[made.uid] = owner or "p1"
    return made


def nightmare_card(state: LcgState, title: str) -> Any:
    """A fresh copy of the Core Set Nightmare card with this title, known to the game."""
    definition = next(d for d in GAME.library.cards.values() if d.pack == "Core Set - Nightmare" and d.name == title)
    state.defs[definition.id] = definition
    return state.new_card(definition.id)


def on_top(state: LcgState, *cards: Any) -> None:
    """Put cards onto the encounter deck's top, the last one given on the very top."""
    state.encounter_deck.cards.extend(cards)


def attack(state: LcgState, enemy: Any, shadow: Any | None = None, seat: str = "p1") -> tuple[LcgState, list[str]]:
    """`enemy` (engaged with `seat`, with `shadow` dealt face down) attacks; the defender is asked next."""
    from engines.lcg.combat import SHADOW

    if enemy not in state.player(seat).engaged.cards:
        state.player(seat).engaged.cards.append(enemy)
    if shadow is not None:
        shadow.face_up, shadow.flags, shadow.back = False, [SHADOW], SHADOW
        enemy.attached.append(shadow)
    return run(state, Task(kind="defend", seat=seat, ref=enemy.uid))


def pay(state: LcgState, seat: str, lines: Sequence[str] = ()) -> tuple[LcgState, list[str]]:
    """Answer the seat's payment prompts, taking from each hero in turn."""
    while any(d.context.startswith("pay") for d in state.decisions):
        d = next(d for d in state.decisions if d.context.startswith("pay"))
        left, shares = d.amount, []
        for o in d.options:
            take = min(left, d.amount if o.cap is None else o.cap)
            shares.append(f"{o.id}={take}")
            left -= take
        state, lines = answer(state, tuple(shares), seat=seat)
    return state, list(lines)
