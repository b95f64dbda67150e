"""Escape from Dol Guldur's objectives. Each is claimed (the 'claim' command: 2 threat, once no encounter
card guards it) onto a hero of the claiming player, and goes back to the staging area if it ever leaves that
hero (primitives.discard_from_play). Their own rules apply while attached."""

from __future__ import annotations

from engines.core import Card
from engines.lcg import hooks
from engines.lcg.scripts import T, core, effect, scripted
from engines.lcg.state import LcgState
from engines.lcg.table import deal_damage, raise_threat


def bearer_of(state: LcgState, card: Card) -> tuple[str, Card] | None:
    for p in state.players:
        for hero in p.play.cards:
            if card in hero.attached:
                return p.seat, hero
    return None


@effect("Dungeon Torch", "round_end")
def _torch(turn: T, card: Card, _other: Card | None) -> None:
    """Each round's end, the bearer's controller raises their threat by 2."""
    found = bearer_of(turn.state, card)
    if found is not None:
        seat, _hero = found
        raise_threat(turn, turn.state.player(seat), 2)
        turn.say(f"Dungeon Torch: {seat} raises their threat by 2.")


@effect("Shadow Key", "round_end")
def _key(turn: T, card: Card, _other: Card | None) -> None:
    """Each round's end, the hero bearing it takes 1 damage."""
    found = bearer_of(turn.state, card)
    if found is not None:
        deal_damage(turn, found[1], 1, "Shadow Key")


@hooks.cannot_fight.register
def cannot_fight(state: LcgState, character: Card) -> bool:
    """Gandalf's Map: the hero bearing it neither attacks nor defends."""
    return any(core(state, a, "Gandalf's Map") for a in character.attached)


scripted("Gandalf's Map", "claimed onto a hero, who then cannot attack or defend")
