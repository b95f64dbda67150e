"""The Core Set's attachments."""

from __future__ import annotations

from engines.core import Card, Decision, Option
from engines.lcg.effects.registry import T, follow, fx_args
from engines.lcg.state import LcgState, Player


def cannot_attack(state: LcgState, enemy: Card, player: Player) -> str:
    """Why `enemy` may not attack `player` now ("" if it may): Forest Snare on it, or a Feint or Thicket of
    Spears played this phase."""
    from engines.lcg.effects.registry import core

    if any(core(state, a, "Forest Snare") for a in enemy.attached):
        return "Forest Snare"
    if f"phase:no-attack:{enemy.uid}" in state.marks:
        return "Feint"
    if f"phase:no-attacks-on:{player.seat}" in state.marks:
        return "Thicket of Spears"
    return ""


# --- Caught in a Web (a treachery that becomes a Condition attachment) -------------------------------------------
def held_by_web(state: LcgState, hero: Card) -> bool:
    from engines.lcg.effects.registry import core

    return any(core(state, a, "Caught in a Web") for a in hero.attached)


def webs_in_refresh(turn: T) -> None:
    """A hero held by Caught in a Web readies in the refresh phase only if its player pays 2 of its
    resources; the player is asked when the hero has them."""
    from engines.lcg.effects.registry import ask
    from engines.lcg.state import EXHAUSTED
    from engines.lcg.table import resources

    state = turn.state
    for player in state.active_players():
        for hero in player.play.cards:
            if held_by_web(state, hero) and EXHAUSTED in hero.flags:
                if resources(hero) >= 2:
                    ask(turn, player.seat, f"Caught in a Web: pay 2 of {hero.name}'s resources to ready it?",
                        [Option(id="pay", label="Pay 2 and ready"), Option(id="no", label="Stay exhausted")],
                        "web-ready", hero.uid)
                else:
                    turn.say(f"{hero.name} is caught in a web and does not ready.")


@follow("web-ready")
def _web_ready(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    from engines.lcg.effects.primitives import find
    from engines.lcg.state import EXHAUSTED, RESOURCE
    from engines.lcg.table import add_tokens, resources

    hero = find(turn.state, fx_args(decision)[0])
    if hero is None or choice[0] != "pay" or resources(hero) < 2:
        return
    add_tokens(hero, RESOURCE, -2)
    if EXHAUSTED in hero.flags:
        hero.flags.remove(EXHAUSTED)
    turn.say(f"{decision.seat} pays 2 of {hero.name}'s resources: it readies.")
