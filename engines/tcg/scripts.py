"""The effect registry (spec 8.2, 8.3): what the engine knows of a card's text, keyed by card id, written in our
own words in `engines.tcg.effects`. Facts the rules automate without text (stats, keywords, classes, bearer
restrictions, costs) need no entry. A card with text and no entry is resolved by manual adjustment; `unscripted`
lists those cards: the coverage list."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engines.tcg.cards import CardDef

if TYPE_CHECKING:
    from engines.core import Card, Turn
    from engines.tcg.state import TcgState

    T = Turn[TcgState]
    Bonus = Callable[[TcgState, Card, Card], int]  # (state, source card, character) -> amount
    Grant = Callable[[TcgState, Card, Card, str], bool]  # (state, source, character, keyword) -> has it
    Count = Callable[[TcgState, Card], int]  # (state, source) -> amount
    Check = Callable[[TcgState, str], bool]  # (state, seat) -> may play
    Hook = Callable[[T, Card], None]  # (turn, source)
    Lister = Callable[[TcgState, str, Card], list["Ability"]]  # (state, seat, source) -> usable abilities
    Watch = Callable[[T, str], None]  # (turn, the uid the lasting effect watches)
    Applies = Callable[[TcgState, Card], bool]  # (state, source) -> the text applies now


@dataclass(frozen=True, kw_only=True)
class Ability:
    """One way to use a card now, with its target already chosen: an option of an action decision."""

    key: str  # stable within the step: "use:c12:c40"
    label: str
    run: Callable[[Turn[TcgState]], None]


@dataclass(frozen=True, kw_only=True)
class Script:
    strength: Bonus | None = None  # while active: strength given to a character (itself or another)
    vitality: Bonus | None = None
    damage: Bonus | None = None
    site_number: Bonus | None = None  # a minion's site number
    grants: Grant | None = None  # keywords given: "archer", "fierce", "ambush N" as ("ambush", value via bonus)
    ambush: Bonus | None = None
    defender: Bonus | None = None
    archery_fp: Count | None = None  # added to the fellowship archery total
    archery_shadow: Count | None = None  # added to the minion archery total
    shadow_initiative: Count | None = None  # 1: the Shadow has initiative whatever the hand (while active)
    no_roaming: Count | None = None  # 1: minions are not roaming (while active)
    cost: Bonus | None = None  # a change to another card's twilight cost: (state, source, card being played)
    can_play: Check | None = None  # a "to play" requirement beyond the rules'
    on_play: Hook | None = None  # "when you play this" (not in the starting fellowship)
    abilities: Lister | None = None  # phase actions while in play (a site's: while the fellowship is there)
    event: Lister | None = None  # an event in hand: its plays, with targets and costs already chosen
    triggers: dict[str, Hook] = field(default_factory=dict)  # named moments: "moves", "skirmish", "maneuver"...
    prevent_wound: Bonus | None = None  # 1: the wound about to be placed on this character is prevented
    # A response event from hand that prevents a wound about to be placed on a companion; the check is its public
    # requirement (engines/tcg/windows.py opens the window).
    wound_response: Check | None = None
    overwhelm: Bonus | None = None  # the multiple of its strength needed to overwhelm that character (3: tripled)
    no_archery_wound: Bonus | None = None  # 1: that companion may not be given archery wounds
    ring_heir: bool = False  # may take The One Ring when Frodo, the Ring-bearer, is killed (Sam, spec 5.3)
    other_phase: str = ""  # a phase besides the usual one in which the card may be played from hand
    fp_assign_cost: Applies | None = None  # True: pairing this minion costs the FP an exertion
    # A lasting effect: once `state.flags` holds "lasting:<uid>" (put there by the card's own text), these hooks
    # apply for the rest of the turn, whether or not the card is still active (Steps of Edoras).
    lasting: Script | None = None
    # Watchers set by an event that has left play (it is discarded at once, spec 6.2): `state.flags` holds
    # "watch:<card id>:<uid>" and the moment's watcher runs with that uid (Unhindered: if that Nazgul wins).
    watchers: dict[str, Watch] = field(default_factory=dict)
    note: str = ""  # what is only partly done, said in the coverage list


class _Registry(dict[str, Script]):
    """The registry by card id. It forgets its index of which cards have which hook whenever an entry changes
    (tests add made-to-order scripts)."""

    def __setitem__(self, key: str, value: Script) -> None:
        super().__setitem__(key, value)
        HOOKS.clear()

    def __delitem__(self, key: str) -> None:
        super().__delitem__(key)
        HOOKS.clear()


SCRIPTS: dict[str, Script] = _Registry()
HOOKS: dict[str, frozenset[str]] = {}  # hook name -> ids of the scripts that have it


def hooked(name: str) -> frozenset[str]:
    """Ids of the cards whose script has the hook `name` (strength, cost...): the rules skip every other card."""
    refs = HOOKS.get(name)
    if refs is None:
        refs = HOOKS[name] = frozenset(k for k, s in SCRIPTS.items() if getattr(s, name) is not None)
    return refs


def script(card_id: str, **fields: object) -> None:
    SCRIPTS[card_id] = Script(**fields)  # type: ignore[arg-type]


def of(card_id: str) -> Script | None:
    return SCRIPTS.get(card_id)


def unscripted(defs: list[CardDef]) -> list[CardDef]:
    """The coverage list: cards with text that the registry does not script (resolved by adjustment)."""
    return [c for c in defs if c.has_text and c.id not in SCRIPTS]
