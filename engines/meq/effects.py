"""Card effects (spec 7.3): how a card's script is registered, how it asks a player and hears the answer, and
the follow-ups it queues. Every module of primitives builds on these registries, so this one holds no rule.

A card script (engines.meq.perils, engines.meq.shadows) is a short function over the primitives, which live
beside this module by game concept: engines.meq.sheet (favor, levels, Items, training, Corruption cards),
pools (damage and a hero's cards), influence (influence, the Shadow Pool, story markers), regions (the counts
over the map a card weighs), sauron_cards (Sauron's Plot and Shadow cards), characters, tokens (monster tokens),
fights (combats and minions a card starts or harms) and moves (a hero moved, his turn ended or sent to a new
Encounter); what the Event cards register for the turn modules is in engines.meq.events. Where a card leaves a
choice to a player, the script opens a decision with `ask_card`; its answer comes back to the card's registered
continuation (`@choice(ref)`) with the stage name the script gave, so a card may ask several times in a row.
Follow-ups that must wait for another step (a reward after a fight) are queued as `fx:<op>:<args>` tasks; each
module registers its own ops in `FX`. Nothing here holds card text: prompts and log lines are our own short
words."""

from __future__ import annotations

from collections.abc import Callable

from engines.core import Decision, DecisionKind, Turn
from engines.meq.flow import answer, ask, task
from engines.meq.state import Hero, MeqState

Effect = Callable[[Turn[MeqState], Hero | None], None]
Then = Callable[[Turn[MeqState], Hero | None, str, tuple[str, ...]], None]

SCRIPTS: dict[str, Effect] = {}  # card id -> its script
CHOICES: dict[str, Then] = {}  # card id -> what its decisions' answers do


def card(*refs: str) -> Callable[[Effect], Effect]:
    """Register a script for one or more card ids (copies of a card share a script)."""
    def deco(fn: Effect) -> Effect:
        for ref in refs:
            SCRIPTS[ref] = fn
        return fn
    return deco


def choice(*refs: str) -> Callable[[Then], Then]:
    def deco(fn: Then) -> Then:
        for ref in refs:
            CHOICES[ref] = fn
        return fn
    return deco


# --- decisions -------------------------------------------------------------------------------------------------


def ask_card(turn: Turn[MeqState], seat: str, ref: str, hero: Hero | None, stage: str, prompt: str,
             options: list[tuple[str, str]], kind: DecisionKind = DecisionKind.CHOOSE_ONE, *, low: int = 1,
             high: int = 1, private: bool = False) -> None:
    """Open a decision whose answer goes to `CHOICES[ref]` with `stage`."""
    ask(turn, seat, f"card:{ref}:{hero.key if hero else '-'}:{stage}", prompt, options, kind, low=low, high=high,
        private=private)


@answer("card")
def card_answer(turn: Turn[MeqState], d: Decision, picked: tuple[str, ...], args: list[str]) -> None:
    ref, key, stage = args[0], args[1], args[2]
    hero = turn.state.hero(key) if key != "-" else None
    CHOICES[ref](turn, hero, stage, picked)


def offer(turn: Turn[MeqState], ref: str, hero: Hero, stage: str, prompt: str, yes: str, no: str = "decline") -> None:
    """A may-do for the hero: the card's continuation gets `stage` with "yes" or "no"."""
    ask_card(turn, hero.seat, ref, hero, stage, prompt, [("yes", yes), ("no", no)])


# --- queued follow-ups (`fx:<op>:<args>`) ----------------------------------------------------------------------


def push(state: MeqState, *entries: str) -> None:
    """Queue follow-ups to run next, in the order given."""
    state.queue[0:0] = list(entries)


# Encounter cards (spec 3.2 step 4, 7.3) mostly weigh one of the hero's attributes against a count in his region,
# offer the hero a choice, and then do something that depends on what was chosen. A script that must wait for a
# choice queues its continuation with `later` before asking: the queue runs only once every decision is answered.


def later(state: MeqState, ref: str, hero: Hero, stage: str) -> None:
    """Run `CHOICES[ref]` with `stage` (and no pick) once what is asked after this call is settled. Call it
    before the step it must follow: queued follow-ups run newest first."""
    push(state, f"fx:card:{ref}:{hero.key}:{stage}")


FX: dict[str, Callable[[Turn[MeqState], list[str]], None]] = {}  # op -> what it does (each module adds its own)


def _fx_card(turn: Turn[MeqState], args: list[str]) -> None:
    CHOICES[args[0]](turn, turn.state.hero(args[1]), args[2], ())


FX["card"] = _fx_card


@task("fx")
def fx_task(turn: Turn[MeqState], args: list[str]) -> None:
    FX[args[0]](turn, args[1:])
