"""The effect registry (spec 8.2, 8.3): what the engine knows of a card's text, keyed by the card's name.

Facts the engine automates without text (icons, gates, costs, combat) need no entry. A card with text and no
entry here is resolved by manual adjustment (`adjust ...`), and `unscripted` lists those cards: the coverage
list. Entries are registered by `engines.wotr.effects`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engines.wotr.cards import CardDef, fold

if TYPE_CHECKING:
    from engines.core import Card, Turn
    from engines.wotr.state import Deck, WotrState

    Hook = Callable[[Turn[WotrState], Deck, Card], None]
    Bonus = Callable[[WotrState, Card, Card], int]
    Usable = Callable[[WotrState, Deck, Card], bool]


@dataclass(frozen=True, kw_only=True)
class Script:
    on_play: Hook | None = None  # "when played" text (never on a move, L363-364)
    on_enter: Hook | None = None  # "when played or moved to" a location (`enters`: "path" or "any")
    enters: str = "any"
    on_activate: Hook | None = None  # a location's activation text (L144-147)
    carryover: int = 0  # added to the controller's carryover limit while the card is in reserve
    carryover_in_play: int = 0  # ...while in play anywhere (an item's "while in play")
    extra_draw: int = 0  # extra cards in the draw step while in reserve
    use: Hook | None = None  # "you may use your action to..." (L367-370)
    can_use: Usable | None = None  # when the use is possible (where the card is, what it needs)
    use_label: str = ""  # what the action option says, in our own words
    no_path_if_shadow_bg: bool = False  # may not go to a path while a Shadow battleground is active
    bonus: Bonus | None = None  # extra icons of the card's own kind at a location: (state, card, location)
    cycle_when_eliminated_in: str = ""  # cycled instead of eliminated: "path" (in path combat), "combat" (in any
    # combat) or "any" (for any reason: combat, forsaken from hand, reserve or deck top, winnowed, removed)
    items_not_saved: bool = False  # with "cycle instead": the card's items are still eliminated (Frodo)
    mantle: str = ""  # an item: its wielder is cycled instead of eliminated in "combat" (or "path" combat only)
    path_defense: int = 0  # an item whose icons go to the path itself (a location icon), not to its wielder
    battles_with: str = ""  # a character that may enter the battlegrounds of this faction and lead its armies
    no_shadow_bg: bool = False  # barred from every Shadow battleground (by play or by move)
    forsaken_top_cycles: bool = False  # forsaken from the top of the draw deck -> cycled instead
    removes: str = ""  # when played, this named card is removed wherever it is (L627-633)


SCRIPTS: dict[str, Script] = {}
# What an unscripted card's text needs before it may be played (its target), with the reason in words when it
# is missing: the text itself is still resolved by adjustment, so the card stays on the coverage list.
NEEDS: dict[str, tuple[Usable, str]] = {}


def script(name: str, **fields: object) -> None:
    SCRIPTS[fold(name)] = Script(**fields)  # type: ignore[arg-type]


def needs(name: str, check: Usable, missing: str) -> None:
    NEEDS[fold(name)] = (check, missing)


def unmet(state: WotrState, deck: Deck, card: Card) -> str:
    """Why this card's text has no legal target now ("" if it has one, or if nothing is known of it)."""
    need = NEEDS.get(fold(card.name))
    return "" if need is None or need[0](state, deck, card) else need[1]


def of(card_def: CardDef) -> Script | None:
    return SCRIPTS.get(fold(card_def.name))


def unscripted(defs: list[CardDef]) -> list[CardDef]:
    """The coverage list: cards with text that the registry does not script (resolved by adjustment)."""
    return [c for c in defs if c.has_text and of(c) is None]
