"""The action step's actions (spec 4.2, L216-385): play a card (cost before text), move from reserve, cycle,
winnow, the Ring token, a card's "use your action", and the restricted pass. `legal_actions` lists exactly
what the rules allow now, so every option offered can be taken."""

from __future__ import annotations

from engines.core import Card, DecisionKind, Option, RuleError
from engines.wotr import procedures as proc
from engines.wotr import scripts
from engines.wotr.cards import ARMY, BATTLEGROUND, CHARACTER, EVENT, ITEM, SHADOW, CardDef
from engines.wotr.state import IN_RESERVE_THIS_ROUND, Deck, WotrState

T = proc.T


# --- where a card may go ------------------------------------------------------------------------------------
def may_enter(state: WotrState, cdef: CardDef, loc: Card) -> bool:
    """An army or character at an active location: battlegrounds by faction icons, paths by number (L269-279)."""
    ldef = state.card_def(loc)
    if ldef.kind == BATTLEGROUND:
        if cdef.kind not in (ARMY, CHARACTER):
            return False
        s = scripts.of(cdef)
        if s and s.no_shadow_bg and ldef.side == SHADOW:
            return False
        if cdef.faction in ldef.entry(cdef.kind):  # the army icons gate armies, the character icons characters
            return True
        if s and s.battles_with and s.battles_with in (*ldef.entry(ARMY), *ldef.entry(CHARACTER)):
            return True  # Merry and Pippin at a Rohan or Dúnedain battleground
        # Text that opens battlegrounds to other factions this round (The Red Arrow, The Three Hunters).
        return f"enter:{cdef.faction}" in state.round_flags or f"enter:{cdef.name}" in state.round_flags
    if cdef.kind != CHARACTER or ldef.path_number not in cdef.allowed_paths:
        return False
    s = scripts.of(cdef)
    shadow_bg = any(state.card_def(b).side == SHADOW for b in state.active_battlegrounds())
    return not (s and s.no_path_if_shadow_bg and shadow_bg)


def wielders(state: WotrState, item: CardDef) -> list[Card]:
    """In-play characters this item names (any zone, any controller: L283-288)."""
    return [c for c, _ in state.in_play() if state.card_def(c).kind == CHARACTER and item.may_wield(state.card_def(c))]


def destinations(state: WotrState, cdef: CardDef) -> list[tuple[str, str]]:
    """(destination id, label) for a card in hand: "reserve", a location uid or a wielder uid; events: "now"."""
    if cdef.kind == EVENT:
        return [("now", "")]
    if cdef.kind == ITEM:
        return [(w.uid, f"onto {w.name}") for w in wielders(state, cdef)]
    out = [(loc.uid, f"to {loc.name}") for loc in state.active.cards if may_enter(state, cdef, loc)]
    return [*out, ("reserve", "to reserve")]


def why_not_play(state: WotrState, deck: Deck, card: Card, dest: str) -> str:
    """Empty if the play is legal, else the reason in words."""
    cdef = state.card_def(card)
    if deck.hand.find(card.uid) is None:
        return f"{card.name} is not in {deck.name}'s hand."
    if cdef.kind in (CHARACTER, ITEM) and card.uid in state.played:
        return f"{card.name} was already played this round; the same card cannot be played twice in a round."
    missing = scripts.unmet(state, deck, card) if scripts.of(cdef) is None else ""
    if missing:  # an unscripted text with nothing to act on cannot be played (L591-594)
        return f"{card.name} cannot be played now: {missing}."
    legal = dict(destinations(state, cdef))
    if dest not in legal:
        if cdef.kind == ARMY and any(p.uid == dest for p in state.active_paths()):
            return "Armies can never go to a path."
        if cdef.kind == ITEM:
            return f"{card.name} needs a wielder in play ({', '.join(cdef.wielders)}); none is there."
        return f"{card.name} cannot be played there."
    return ""


# --- the options offered --------------------------------------------------------------------------------------
def can_pass(state: WotrState, deck: Deck) -> bool:
    """L236-239: at or under the carryover limit, or fewer cards than each enemy deck (strictly)."""
    n = len(deck.hand.cards)
    return n <= proc.carryover(state, deck) or all(n < len(e.hand.cards) for e in state.enemies(deck))


def legal_actions(state: WotrState, deck: Deck) -> list[Option]:
    opts: list[Option] = []
    for card in deck.hand.cards:
        cdef = state.card_def(card)
        for dest, label in destinations(state, cdef):
            if not why_not_play(state, deck, card, dest):
                opts.append(Option(id=f"play-{card.uid}-{dest}", label=f"Play {card.name} {label}".strip()))
    for card in deck.reserve.cards:
        if IN_RESERVE_THIS_ROUND in card.flags:
            continue
        for loc in state.active.cards:
            if may_enter(state, state.card_def(card), loc):
                opts.append(Option(id=f"move-{card.uid}-{loc.uid}", label=f"Move {card.name} to {loc.name}"))
    for card, _where in state.in_play():
        for c in [card, *card.attached]:
            s = scripts.of(state.card_def(c))
            if s and s.use and state.owners[c.uid] == deck.key and (s.can_use is None or s.can_use(state, deck, c)):
                opts.append(Option(id=f"use-{c.uid}", label=f"Use {c.name}: {s.use_label}"))
    opts.extend(Option(id=f"cycle-{c.uid}", label=f"Cycle {c.name}") for c in deck.hand.cards)
    if len(deck.hand.cards) >= 2:
        opts.append(Option(id="winnow", label="Winnow: eliminate 2 cards from hand, draw 1"))
    if deck.ring == "unused":
        gain = "draw 2" if deck.ring_mode == "trilogy" else "draw 3, eliminate 1, cycle 1"
        opts.append(Option(id="ring", label=f"Use the Ring token: {gain}"))
    if can_pass(state, deck):
        opts.append(Option(id="pass", label="Pass"))
    return opts


def ask_action(turn: T, deck: Deck) -> None:
    state = turn.state
    legal = legal_actions(state, deck)
    # An empty hand with nothing in play to use leaves only the pass; it is forced when the table can see the
    # hand is empty (ENGINE 10.14), else answering for the deck would tell them (issue 16).
    forced = f"{deck.name}'s deck has no card in hand and nothing else to do: it passes" if (
        [o.id for o in legal] == ["pass"] and state.opt("public_hand_sizes")) else ""
    # A play whose cost is a choice (two cards or more left to cycle) can name it at once (a chained answer).
    # The example is private, as the decision is: it names the seat's own cards.
    play = next((o.id for o in legal if o.id.startswith("play-")), "") if len(deck.hand.cards) >= 3 else ""
    hint = ""
    if play:
        other = next(c.uid for c in deck.hand.cards if c.uid != play.split("-")[1])
        hint = (f" A play can name the card it cycles to pay, e.g. 'answer {state.next_decision} {play} then "
                f"{other}'.")
    what = "take an action or pass."
    if not any(o.id == "pass" for o in legal):  # L236-239, said, so that a refused 'pass' is no surprise
        fewest = min(state.enemies(deck), key=lambda e: len(e.hand.cards), default=None)
        than = f", and not fewer than the {len(fewest.hand.cards)} of {fewest.name}'s deck" if fewest else ""
        what = (f"take an action (you may not pass: {len(deck.hand.cards)} cards in hand, more than your carryover "
                f"of {proc.carryover(state, deck)}{than}).")
    turn.ask(deck.seat, DecisionKind.ACT_OR_PASS, f"Action step: {deck.name}'s deck, {what}{hint}",
             legal, private=True, context=f"act:{deck.key}", forced=forced)


# --- carrying them out ------------------------------------------------------------------------------------------
def perform(turn: T, deck: Deck, choice: str) -> None:
    """Carry out one chosen action (the option id)."""
    state = turn.state
    verb, _, rest = choice.partition("-")
    state.acting = deck.key
    if verb == "pass":
        return
    if verb == "play":
        uid, _, dest = rest.partition("-")
        start_play(turn, deck, uid, dest)
    elif verb == "move":
        uid, _, dest = rest.partition("-")
        move(turn, deck, uid, dest)
    elif verb == "cycle":
        proc.cycle_from_hand(turn, deck, rest)
    elif verb == "winnow":
        options = [Option(id=c.uid, label=c.name) for c in deck.hand.cards]
        both = len(options) == 2 and state.opt("public_hand_sizes")  # a hand of 2, seen by all: both go
        turn.ask(deck.seat, DecisionKind.CHOOSE_MANY,
                 f"Winnow: {deck.name}'s deck, choose 2 cards to eliminate (then draw 1).", options, low=2, high=2,
                 private=True, context=f"winnow:{deck.key}",
                 forced=f"{deck.name}'s deck winnows with 2 cards in hand: both are eliminated" if both else "")
    elif verb == "ring":
        use_ring(turn, deck)
    elif verb == "use":
        card = state.locate(rest)[1]
        s = scripts.of(state.card_def(card))
        assert s is not None and s.use is not None
        turn.say(f"{deck.name}'s deck uses {card.name}.")
        s.use(turn, deck, card)
    else:  # pragma: no cover - options are built above
        raise RuleError(f"Unknown action {choice}.")


def start_play(turn: T, deck: Deck, uid: str, dest: str) -> None:
    """L250-343: the card leaves the hand, the cost is paid (cycle another card; forsake if it was the last),
    and only then is the card placed and its text resolved."""
    state = turn.state
    card = deck.hand.find(uid)
    if card is None:
        raise RuleError(f"{uid} is not in {deck.name}'s hand.")
    reason = why_not_play(state, deck, card, dest)
    if reason:
        raise RuleError(reason)
    deck.hand.cards.remove(card)
    state.resolving.cards.append(card)
    turn.say(f"{deck.name}'s deck plays {card.name}{where_to(state, card, dest)}.")
    pay_cost(turn, deck, card.uid, dest)


def where_to(state: WotrState, card: Card, dest: str) -> str:
    """Where a play sends its card, as the log says it: "" (an event), " to reserve", " to Minas Tirith"."""
    where = {"now": "", "reserve": " to reserve"}.get(dest)
    return where if where is not None else f" {dict(destinations(state, state.card_def(card)))[dest]}"


def pay_cost(turn: T, deck: Deck, uid: str, dest: str) -> None:
    played = turn.state.resolving.find(uid)
    what = f"Cost of {played.name}" if played is not None else "Cost of the play"
    if len(deck.hand.cards) == 1:
        last = deck.hand.cards[0]
        turn.answered_alone(deck.seat, DecisionKind.CHOOSE_ONE, [Option(id=last.uid, label=last.name)], (last.uid,))
        proc.cycle_from_hand(turn, deck, last.uid, " to pay for it")
        place(turn, deck, uid, dest)
    elif deck.hand.cards:
        turn.ask(deck.seat, DecisionKind.CHOOSE_ONE, f"{what}: {deck.name}'s deck, cycle a card from hand to pay.",
                 [Option(id=c.uid, label=c.name) for c in deck.hand.cards], private=True,
                 context=f"cost:{deck.key}:{uid}:{dest}")
    else:
        options = proc.forsake_options(turn.state, deck)
        if len(options) > 1:
            turn.ask(deck.seat, DecisionKind.CHOOSE_ONE, f"{what}: {deck.name}'s deck, it was your last card, "
                     "so forsake one to pay.", [Option(id=i, label=label) for i, label in options], private=True,
                     context=f"forsake-cost:{deck.key}:{uid}:{dest}")
        else:
            if options:
                only, label = options[0]
                turn.answered_alone(deck.seat, DecisionKind.CHOOSE_ONE, [Option(id=only, label=label)], (only,))
                proc.forsake(turn, deck, only)
            place(turn, deck, uid, dest)


def place(turn: T, deck: Deck, uid: str, dest: str) -> None:
    state = turn.state
    card = state.resolving.take(uid)
    cdef = state.card_def(card)
    s = scripts.of(cdef)
    if cdef.kind in (CHARACTER, ITEM):
        state.played.append(card.uid)
    if cdef.kind == EVENT:
        if s and s.on_play:
            s.on_play(turn, deck, card)
        elif cdef.has_text:
            proc.unscripted(turn, card, deck.key, f"{card.name} is not scripted: resolve its text with")
        proc.eliminate(turn, card, public=True)
        return
    if dest == "reserve":
        card.flags.append(IN_RESERVE_THIS_ROUND)
        deck.reserve.cards.append(card)
    else:
        host = state.locate(dest)[1]
        host.attached.append(card)
        entered(turn, deck, card, host)
    if s and s.removes:
        proc.remove(turn, s.removes)
    if s and s.on_play:
        s.on_play(turn, deck, card)
    elif s is None and cdef.has_text:  # spec 8.3: say so, as for events and locations, rather than pass silently
        proc.unscripted(turn, card, deck.key, f"{proc.possessive(card.name)} text is not scripted: if it does "
                        "something when played, resolve that with")


def move(turn: T, deck: Deck, uid: str, dest: str) -> None:
    """L353-364: from your reserve to an active location where it could be played; items go along; "when
    played" text does not fire."""
    state = turn.state
    card = deck.reserve.find(uid)
    if card is None:
        raise RuleError(f"{uid} is not in {deck.name}'s reserve.")
    if IN_RESERVE_THIS_ROUND in card.flags:
        raise RuleError(f"{card.name} was played to reserve this round and cannot move until next round.")
    loc = state.active.find(dest)
    if loc is None or not may_enter(state, state.card_def(card), loc):
        raise RuleError(f"{card.name} cannot move there.")
    deck.reserve.cards.remove(card)
    loc.attached.append(card)
    turn.say(f"{deck.name}'s deck moves {card.name} to {loc.name}.")
    entered(turn, deck, card, loc)


def entered(turn: T, deck: Deck, card: Card, host: Card) -> None:
    """Text that fires when a card is played *or moved* to a location (unlike "when played" text)."""
    state = turn.state
    s = scripts.of(state.card_def(card))
    if s is None or s.on_enter is None or not state.card_def(host).is_location:
        return
    if s.enters == "any" or state.card_def(host).kind == s.enters:
        s.on_enter(turn, deck, card)


def use_ring(turn: T, deck: Deck) -> None:
    """L373-377 (Trilogy: discard, draw 2) and L1165-1170 (Duel: flip, draw 3, eliminate 1, cycle 1)."""
    if deck.ring_mode == "trilogy":
        deck.ring = "used"
        turn.say(f"{deck.name}'s deck discards its Ring token.")
        proc.draw(turn, deck, 2)
        return
    deck.ring = "flipped"
    turn.say(f"{deck.name}'s deck flips its Ring token.")
    proc.draw(turn, deck, 3)
    turn.state.queue.extend([f"eliminate1:{deck.key}|the Ring token", f"cycle1:{deck.key}|the Ring token"])
