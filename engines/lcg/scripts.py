"""The effect registry (DESIGN: 'Card definitions are data'): small functions keyed by a card's title and the
kind of effect, the machinery every script shares (choices that suspend the game as pending decisions and
resume in a named continuation, lasting modifiers, once-per-round limits), and the calls the rules make to
run a card's own scripts at each moment its text may apply (spec 4.0 'Response and Forced windows', 11.5).
The scripts themselves live in `engines.lcg.effects`, one module per card type, and register here when that
package is imported; this module imports none of them, so the rules can call it (see also `hooks`).

A card with no script is announced and resolved by hand with the adjustment commands (the Golden Rule
fallback), and `coverage` says which cards of a pack are scripted, have nothing to script, or are still
resolved by hand. Order at one moment (FAQ 1.37, 1.09): passive effects are part of `stat`; Forced effects
run first, in the order of the cards on the table (the first player's seat order; FAQ 1.02 lets the first
player order truly conflicting ones, which no Core Set pair needs); optional Responses are offered after them.

Scripts are written for the Core Set's cards. A card of another pack with the same title (a later Aragorn,
a Nightmare Ungoliant's Spawn) has other words, so a script applies only to the Core Set's own card, or to a
card made in a test (no pack). The Revised Core Set's ten campaign cards (Mendor, the boons and burdens, the
campaign cards) are scripted too: their titles are found in no other Core pack, and the Revised box's reprints
of the Core Set's cards stay unscripted (their words may differ)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from engines.core import Card, Decision, DecisionKind, Option, Turn
from engines.lcg import hooks
from engines.lcg.cards import CardDef
from engines.lcg.flow import ANSWERS
from engines.lcg.state import LcgState, Modifier, Player

T = Turn[LcgState]
Effect = Callable[[T, Card, Card | None], None]  # (turn, the card, the other card involved or None)
Then = Callable[[T, Decision, tuple[str, ...]], None]

SCRIPTED_PACKS = ("Core Set", "")
REVISED = "Revised Core Set"
CAMPAIGN_TITLES = frozenset({"Passage Through Mirkwood", "Journey Along the Anduin", "Escape from Dol Goldur",
                             "Mendor's Support", "Valor", "Appointed by Fate", "Mendor", "Ungoliant's Swarm",
                             "Lingering Venom", "Scarred"})  # as the Revised Core Set's campaign cards spell them
NIGHTMARE = "Core Set - Nightmare"  # its cards share titles with the Core Set's but not their words
# Kinds of effect, by when they run:
#   when_revealed  a reveal takes the card off the encounter deck (C 4.5)
#   shadow         the card's shadow effect, with the attacking enemy as the other card
#   travel         the cost of travelling to a location; returns by raising RuleError when it cannot be paid
#   travelled      forced effects and responses after the players travel to the location
#   event          an event card played from hand
#   time           the last time counter leaves the card
#   engaged        forced: after the enemy engages a player (the other card: None; the player is found)
#   attacks        forced: when the enemy attacks (before the shadow card is turned)
#   attacked       forced: after the enemy's attack (damage dealt)
#   defeated       forced: after the enemy is defeated
#   explored       after the location is explored
#   combat_end     forced: when combat ends, while the card is in play
#   round_end      forced: when the round ends, while the card is in play
#   quest_failed   forced: after the players quest unsuccessfully while the card is in play
#   enters         response: after the card enters play (an ally)
#   committed      response: after the character commits to the quest
#   action         an Action of a card in play, offered in action windows
#   shadow_resolved  forced: after a shadow card dealt to the enemy resolved (the other card: the shadow)
#   claimed        an objective claimed by a player (the other card: the hero it is attached to)
KINDS = ("when_revealed", "shadow", "travel", "travelled", "event", "time", "engaged", "attacks", "attacked",
         "defeated", "explored", "combat_end", "round_end", "quest_failed", "enters", "committed", "action",
         "claimed", "shadow_resolved")

EFFECTS: dict[str, dict[str, Effect]] = {}
NIGHTMARE_EFFECTS: dict[str, dict[str, Effect]] = {}  # the Core Set Nightmare pack's scripts, by title
NIGHTMARE_SCRIPTED: set[str] = set()  # Nightmare cards applied outside the registry (the rules cards)
# Cards whose text the engine applies outside the registry (passive modifiers in `stat`, rules the phases
# check, quest stages in scenarios.py): title -> what is scripted, for the coverage report.
SCRIPTED: dict[str, str] = {}
FOLLOW: dict[str, Then] = {}


def effect(title: str, kind: str, pack: str = "Core Set") -> Callable[[Effect], Effect]:
    assert kind in KINDS, kind
    table = NIGHTMARE_EFFECTS if pack == NIGHTMARE else EFFECTS

    def register(fn: Effect) -> Effect:
        table.setdefault(title, {})[kind] = fn
        return fn

    return register


def scripted(title: str, what: str) -> None:
    SCRIPTED[title] = what


def ours(d: CardDef) -> bool:
    """Is this a card whose words the scripts were written for (the Core Set's, a test's, a campaign card's)?"""
    return d.pack in SCRIPTED_PACKS or (d.pack == REVISED and d.name in CAMPAIGN_TITLES)


def lookup(d: CardDef, kind: str) -> Effect | None:
    if d.pack == NIGHTMARE:
        return NIGHTMARE_EFFECTS.get(d.name, {}).get(kind)
    if not ours(d):
        return None
    return EFFECTS.get(d.name, {}).get(kind)


def is_scripted(d: CardDef) -> bool:
    if d.pack == NIGHTMARE:
        return d.name in NIGHTMARE_EFFECTS or (d.type == "nightmare" and d.name in NIGHTMARE_SCRIPTED)
    return ours(d) and (d.name in EFFECTS or d.name in SCRIPTED)


def nightmare(state: LcgState, card: Card, title: str) -> bool:
    """Is `card` the Core Set Nightmare card with this title?"""
    d = state.card_def(card)
    return d.name == title and d.pack == NIGHTMARE


def nightmare_mode(state: LcgState, *scenarios: str) -> bool:
    """Is this the Nightmare version of one of these scenarios (its Nightmare rules card beside the quest deck)?"""
    return state.difficulty == "nightmare" and state.scenario in scenarios


def core(state: LcgState, card: Card, title: str) -> bool:
    """Is `card` the Core Set card (or a test card, or a Core campaign card) with this title?"""
    d = state.card_def(card)
    return d.name == title and ours(d)


# --- choices: the engine suspends, and the answer resumes in a continuation --------------------------------
def follow(name: str) -> Callable[[Then], Then]:
    def register(fn: Then) -> Then:
        FOLLOW[name] = fn
        return fn

    return register


def ask(turn: T, seat: str, prompt: str, options: list[Option], then: str, *args: str,
        kind: DecisionKind = DecisionKind.CHOOSE_ONE, low: int = 1, high: int = 1, amount: int = 0,
        private: bool = False) -> None:
    """Open a decision whose answer runs the continuation `then` (its context carries `args`). A public choice
    of exactly one card or player is forced (issue 16): its one answer follows from what the table sees. A
    private one (a hand, the deck's top) is always asked, since its single answer would tell what is hidden."""
    assert then in FOLLOW, then
    forced = ""
    if not private and kind is DecisionKind.CHOOSE_ONE and len(options) == 1:
        forced = f"{prompt.split(':')[0]}: the only choice is {options[0].label}"
    turn.ask(seat, kind, prompt, options, low=low, high=high, amount=amount, private=private,
             context=":".join(["fx", then, *args]), forced=forced)


def fx_args(decision: Decision) -> list[str]:
    return decision.context.split(":")[2:]


def _answered(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    FOLLOW[decision.context.split(":")[1]](turn, decision, choice)


ANSWERS["fx"] = _answered


# --- lasting effects (FAQ 1.55) -----------------------------------------------------------------------------
def modify(state: LcgState, card: Card, stat: str, amount: int, until: str) -> None:
    """A lasting change, fixed when it is made (a player card's effect is computed once, FAQ 1.55)."""
    state.modifiers.append(Modifier(uid=card.uid, stat=stat, amount=amount, until=until))


def used(state: LcgState, key: str) -> bool:
    return key in state.marks


def use(state: LcgState, key: str) -> None:
    """Record a limited use ("Limit once per round" is per copy, FAQ 1.51); cleared when the round ends."""
    state.marks.append(key)


def controller(state: LcgState, card: Card) -> Player | None:
    """The player whose play area or engagement holds `card` (or the card it is attached to)."""
    for p in state.players:
        for zone in (p.play, p.engaged):
            for c in zone.cards:
                if c is card or any(a is card for a in c.attached):
                    return p
    return None


def cards_titled(state: LcgState, title: str, cards: Iterable[Card]) -> list[Card]:
    return [c for c in cards if core(state, c, title)]


# --- Actions of cards in play (RR p.23): offered in action windows and planning turns -----------------------------
Usable = Callable[[LcgState, Player, Card], bool]
Act = Callable[[T, Player, Card], None]


class Action:
    """A card's Action: whether its controller may use it now (costs payable, limits left), and what it does
    (paying its cost first)."""

    def __init__(self, title: str, usable: Usable, act: Act, label: str, phase: str = "") -> None:
        self.title, self.usable, self.act, self.label, self.phase = title, usable, act, label, phase


ACTIONS: dict[str, Action] = {}


def action(title: str, label: str, usable: Usable, phase: str = "") -> Callable[[Act], Act]:
    def register(fn: Act) -> Act:
        ACTIONS[title] = Action(title, usable, fn, label, phase)
        SCRIPTED.setdefault(title, "action")
        return fn

    return register


ENCOUNTER_ACTIONS: dict[str, Action] = {}  # Nightmare encounter cards with an Action any player may use


def card_actions(state: LcgState, player: Player) -> list[tuple[Card, Action]]:
    """The Actions `player` may use now, from the cards they control (and those attached to them), and those
    of staged or active encounter cards that any player may trigger."""
    out = []
    for card in [*state.staging.cards, *state.active.cards]:
        d = state.card_def(card)
        rule = ENCOUNTER_ACTIONS.get(d.name) if d.pack == NIGHTMARE else None
        if rule is not None and rule.usable(state, player, card):
            out.append((card, rule))
    for host in player.play.cards:
        for card in [host, *host.attached]:
            d = state.card_def(card)
            rule = ACTIONS.get(d.name) if ours(d) else None
            if rule is not None and (not rule.phase or rule.phase == state.phase) and rule.usable(state, player, card):
                out.append((card, rule))
    return out


# --- running a card's own scripts: the calls the rules make ------------------------------------------------
def _by_hand(turn: T, card: Card, what: str, words: str) -> None:
    text = f" {words}" if words else ""
    turn.say(f"{card.name}: {what} is not automated; resolve it by hand (see 'help adjust').{text}")


def when_revealed(turn: T, card: Card) -> None:
    d = turn.state.card_def(card)
    fn = lookup(d, "when_revealed")
    if fn is not None:
        fn(turn, card, None)
    elif not is_scripted(d) and (d.type == "treachery" or (d.has_text and ("When Revealed" in d.text
                                                                            or not d.text))):
        _by_hand(turn, card, "its text", d.text)


def shadow(turn: T, enemy: Card, card: Card) -> None:
    d = turn.state.card_def(card)
    fn = lookup(d, "shadow")
    if fn is not None:
        fn(turn, card, enemy)
    elif d.has_shadow:
        _by_hand(turn, card, "its shadow effect", d.shadow_text)
    else:
        turn.say(f"{card.name} has no shadow effect.")


def travel_cost(turn: T, card: Card) -> None:
    """Pay a location's Travel cost; raises RuleError (nothing changed) when it cannot be paid (RR p.23)."""
    fn = lookup(turn.state.card_def(card), "travel")
    if fn is not None:
        fn(turn, card, None)


def travelled(turn: T, card: Card) -> None:
    d = turn.state.card_def(card)
    fn = lookup(d, "travelled")
    if fn is not None:
        fn(turn, card, None)
    elif d.has_text and not is_scripted(d):
        _by_hand(turn, card, "its text (travel cost, responses)", d.text)
    hooks.after_travel(turn, card)


def time_out(turn: T, card: Card) -> None:
    d = turn.state.card_def(card)
    fn = lookup(d, "time")
    if fn is not None:
        fn(turn, card, None)
    else:
        _by_hand(turn, card, "what its last time counter triggers", d.text)


def resolve_event(turn: T, player: Player, card: Card) -> None:
    d = turn.state.card_def(card)
    fn = lookup(d, "event")
    if fn is not None:
        fn(turn, card, None)
    else:
        _by_hand(turn, card, "its effect", d.text)


def fire(turn: T, kind: str, card: Card, other: Card | None = None) -> bool:
    """Run `card`'s own effect of this kind, if it has one scripted. True if it did."""
    fn = lookup(turn.state.card_def(card), kind)
    if fn is None:
        return False
    fn(turn, card, other)
    return True


def fire_all(turn: T, kind: str, cards: Iterable[Card], other: Card | None = None) -> None:
    for card in list(cards):
        fire(turn, kind, card, other)


def placed_elsewhere(state: LcgState, card: Card) -> bool:
    """True when a revealed card's own effect already put it somewhere (it must not also go to staging)."""
    return any(card in z.cards for z in state.zones() if z is not state.resolving)


# --- coverage (DESIGN: 'a coverage test lists every card of a pack whose text is not yet scripted') ----------
SCRIPTED_CATEGORY, NOTHING, BY_HAND = "scripted", "nothing to script", "by hand"


def category(d: CardDef) -> str:
    """scripted, nothing to script (keywords and numbers only), or by hand."""
    if is_scripted(d):
        return SCRIPTED_CATEGORY
    if not d.has_text and not d.has_shadow:
        return NOTHING
    return BY_HAND


def coverage(cards: Iterable[CardDef]) -> list[str]:
    """Every card whose text or shadow effect is not scripted (by title)."""
    return sorted({f"{d.name}: {'shadow' if d.has_shadow and not d.has_text else 'text'}"
                   for d in cards if category(d) == BY_HAND})


def report(cards: Iterable[CardDef]) -> dict[str, dict[str, list[str]]]:
    """Per pack, per category, the cards' titles ('Name #number')."""
    out: dict[str, dict[str, list[str]]] = {}
    for d in sorted(cards, key=lambda d: (d.pack, d.number, d.name)):
        pack = out.setdefault(d.pack or "(no pack)", {SCRIPTED_CATEGORY: [], NOTHING: [], BY_HAND: []})
        pack[category(d)].append(f"{d.name} #{d.number}")
    return out
