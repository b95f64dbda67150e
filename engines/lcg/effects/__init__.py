"""Card effects: the scripts, one module per card type, and the only place that knows them all.

Importing this package (the game module does it once) imports every family, and so registers each card's
own scripts with the registry (`engines.lcg.scripts`) and each family's handler with the named hooks the
rules call (`engines.lcg.hooks`). Where several families answer the same moment, the handler below calls
them in the order the rules have always applied them. The families may use the rules modules; the rules
never import a family.

The registry's calls are re-exported here, as the package's public face (`effects.report` for the coverage
command, `effects.fire` in tests)."""

from __future__ import annotations

from engines.core import Card
from engines.lcg import hooks
from engines.lcg.scripts import (
    BY_HAND,
    EFFECTS,
    KINDS,
    NOTHING,
    SCRIPTED,
    SCRIPTED_CATEGORY,
    T,
    category,
    coverage,
    effect,
    fire,
    fire_all,
    placed_elsewhere,
    report,
    resolve_event,
    shadow,
    time_out,
    travel_cost,
    travelled,
    when_revealed,
)
from engines.lcg.state import Player

# Importing the script modules registers their effects and their hooks.
from engines.lcg.effects import (  # isort: skip
    allies, attachments, campaign, enemies, events, heroes, locations, nightmare, objectives, shadows,
    spirit_lore_events, treacheries)


@hooks.phase_ends.register
def phase_ends(turn: T, phase: str) -> None:
    """Effects that last 'for the rest of the phase' and end with it (Sneak Attack, Beorn, Crazed Captive's shadow)."""
    events.phase_ends(turn, phase)
    allies.phase_ends(turn, phase)
    nightmare.dol_guldur.phase_ends(turn, phase)


@hooks.left_play.register
def left_play(turn: T, card: Card, controller: Player, destroyed: bool) -> None:
    """A card left play: Mendor (removed from the game, and the campaign lost), Scarred (destroyed), then a
    character's own: Horn of Gondor (destroyed), Brok Ironfist (a Dwarf hero), Valiant Sacrifice (an ally)."""
    campaign.left_play(turn, card)
    if destroyed:
        campaign.destroyed(turn, card, controller)
    d = turn.state.card_def(card)
    if not d.is_character:
        return
    allies.character_left(turn, card, controller, destroyed)
    if d.type == "ally":
        events.ally_left(turn, card, controller)


@hooks.committed.register
def committed(turn: T, player: Player, chosen: list[Card]) -> None:
    """Responses after characters commit to the quest (spec 4.3 step 1: after each player's commit)."""
    heroes.committed(turn, player, chosen)
    allies.committed(turn, player, chosen)


__all__ = ["BY_HAND", "EFFECTS", "KINDS", "NOTHING", "SCRIPTED", "SCRIPTED_CATEGORY", "allies", "attachments",
           "campaign", "category", "committed", "coverage", "effect", "enemies", "events", "fire", "fire_all",
           "heroes", "left_play", "locations", "nightmare", "objectives", "phase_ends", "placed_elsewhere", "report",
           "resolve_event", "shadow", "shadows", "spirit_lore_events", "time_out", "travel_cost", "travelled",
           "treacheries", "when_revealed"]
