"""Named hooks: where the rules hand over to card text (DESIGN: "rules fire named moments and card effects
register for them, so the rules never import the card families").

The table's operations and the rules modules (setup, scenarios, playing, quest, combat, round, ...) call a hook
at each moment a card's text may change what happens or what is allowed. The effect families
(`engines.lcg.effects`) register the one handler of each hook when that package is imported, which the game
module does once. This module knows neither side: it holds the names, the signatures and, after import, the
handlers. One handler per hook keeps the order in which cards react written in one place (the handler, or the
effects package's `__init__` where several families answer the same moment), and a hook nobody answers fails
loudly instead of silently skipping a card's text.

A card's own scripted effects, keyed by its title (when revealed, shadow, forced, action), are the other half
of the same idea and live in `engines.lcg.scripts`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, ParamSpec, TypeVar

from engines.core import Card, Turn
from engines.lcg.state import LcgState, Player

P = ParamSpec("P")
R = TypeVar("R")
T = Turn[LcgState]


class Hook(Generic[P, R]):
    """A named moment or question of the rules, answered by the one handler a card family registered."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._handler: Callable[P, R] | None = None

    def register(self, fn: Callable[P, R]) -> Callable[P, R]:
        """Decorator: `fn` answers this hook. A second, different handler is a wiring mistake."""
        old = self._handler
        if old is not None and (old.__module__, old.__qualname__) != (fn.__module__, fn.__qualname__):
            raise RuntimeError(f"the hook '{self.name}' already has a handler ({old.__module__}.{old.__qualname__})")
        self._handler = fn
        return fn

    @property
    def answered(self) -> bool:
        return self._handler is not None

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        if self._handler is None:
            raise RuntimeError(f"nothing answers the hook '{self.name}': import engines.lcg, which loads the "
                               "card effects")
        return self._handler(*args, **kwargs)


# --- the table (table.py) --------------------------------------------------------------------------------------
damaged: Hook[[T, Card, int], None] = Hook("damaged")  # after damage that did not destroy the card (Glóin)
left_play: Hook[[T, Card, Player, bool], None] = Hook("left play")  # (card, its controller, destroyed?)
eliminated_card_left: Hook[[T, Card], None] = Hook("an eliminated player's card left play")  # Mendor
stage_enemy_defeated: Hook[[T, Card], None] = Hook("the quest stage sees an enemy defeated")  # scenarios
enemy_defeated: Hook[[T, Card], None] = Hook("an enemy was defeated")  # after its own 'defeated' script
expert_won: Hook[[T, str], None] = Hook("a scenario of the expert game is won")  # (reason) -> the next or the end

# --- setup and the scenarios' own rules (scenarios.py) --------------------------------------------------------
nightmare_setup: Hook[[T], None] = Hook("nightmare setup")
prisoners: Hook[[LcgState], int] = Hook("how many heroes are taken prisoner")
prisoner_choice: Hook[[LcgState, list[Card]], Card | None] = Hook("the prisoner a card names")  # None: at random
taken_prisoner: Hook[[T], None] = Hook("a hero was taken prisoner")
prisoner_rescued: Hook[[T], None] = Hook("the prisoner was rescued")
before_victory_check: Hook[[T], None] = Hook("before the win conditions are checked")  # Rats leave

# --- playing cards (playing.py) --------------------------------------------------------------------------------
spirit_payer: Hook[[LcgState, Card], bool] = Hook("a hero may pay for Spirit cards")
event_refusal: Hook[[LcgState, Player, Card, bool], str] = Hook("why an event cannot be played")  # (.., responding)
ally_entered: Hook[[T, Player, Card, bool], None] = Hook("an ally entered play")  # (.., played from hand?)
no_attachments: Hook[[LcgState, Card], bool] = Hook("a card takes no attachments")

# --- the quest phase (quest.py) --------------------------------------------------------------------------------
committed: Hook[[T, Player, list[Card]], None] = Hook("characters committed to the quest")
offer_cancel_reveal: Hook[[T, Card], bool] = Hook("offer to cancel a When Revealed effect")  # True: asked
extra_doomed: Hook[[LcgState], int] = Hook("extra Doomed on every revealed card")
enemy_revealed: Hook[[T, Card], None] = Hook("an enemy was revealed into the staging area")
gains_surge: Hook[[LcgState, Card], bool] = Hook("a revealed card gains surge")
quest_failed: Hook[[T], None] = Hook("the players quested unsuccessfully")  # after the cards' own scripts
why_not_travel: Hook[[LcgState, Card], str] = Hook("why the players cannot travel to a location")  # "" if they can
forced_destination: Hook[[LcgState, list[Card]], list[Card]] = Hook("the locations the players must travel to")
after_travel: Hook[[T, Card], None] = Hook("the players travelled")  # after the location's own scripts

# --- the encounter deck and responses (quest.py, combat.py) ----------------------------------------------------
refill_encounter_deck: Hook[[T], bool] = Hook("the empty encounter deck is refilled")  # True: a card did it
offer_responses: Hook[[T, str, Card, str], bool] = Hook("offer responses")  # (moment, subject, prompt) -> asked
cancelled: Hook[[LcgState, Card], str] = Hook("how a card's effect was cancelled")  # "" if it was not

# --- the combat phase (combat.py) ------------------------------------------------------------------------------
combat_begins: Hook[[T], None] = Hook("combat begins")
may_engage_optionally: Hook[[LcgState, Card, list[Card]], bool] = Hook("an enemy may be engaged optionally")
cannot_attack: Hook[[LcgState, Card, Player], str] = Hook("why an enemy cannot attack a player")  # "" if it can
cannot_fight: Hook[[LcgState, Card], bool] = Hook("a character can neither attack nor defend")
defender_declared: Hook[[T, Card, Card], None] = Hook("a defender was declared")  # (defender, enemy)
excess_damage: Hook[[T, Card, Player, int], None] = Hook("an attack's excess damage")  # (enemy, player, excess)
enemy_hit: Hook[[T, Card, Card], None] = Hook("an enemy's attack damaged a character")  # (enemy, the character)
attack_bonus: Hook[[LcgState, Card, Card], int] = Hook("an attacker's bonus against an enemy")
destroyed_by_attack: Hook[[T, list[Card]], None] = Hook("the players' attack destroyed an enemy")  # (attackers)
combat_ends: Hook[[T], None] = Hook("combat ends")  # after the staged cards' own combat_end scripts

# --- the round (round.py) --------------------------------------------------------------------------------------
phase_ends: Hook[[T, str], None] = Hook("a phase ends")
extra_resources: Hook[[LcgState, Card], int] = Hook("a hero's extra resources")
draw: Hook[[T, Player, int], list[Card]] = Hook("a player draws")  # a card may forbid it: the cards drawn
stays_exhausted: Hook[[LcgState, Card], bool] = Hook("a card does not ready in the refresh phase")  # Web
cannot_ready: Hook[[LcgState, Player], bool] = Hook("a player's characters do not ready")
after_readying: Hook[[T], None] = Hook("the refresh phase, after readying")  # paying to ready
refresh_threat: Hook[[T], None] = Hook("the refresh phase, after threat rises")

# --- manual adjustment (adjust.py) -----------------------------------------------------------------------------
objective_claimed: Hook[[T], None] = Hook("an objective was claimed")
