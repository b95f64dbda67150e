"""The small acts every part of the rules shares: drawing and shuffling (with a commitment), wounds one at a
time (spec 5.1), the Ring (5.3), killing versus discarding (5.2), burdens and corruption, threats (6.13),
losing and elimination (5.4)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from engines.core import Card, DecisionKind, Event, Option, Outcome, Turn, Zone, card_list
from engines.tcg import rules, scripts
from engines.tcg.cards import ALLY, COMPANION, MINION
from engines.tcg.state import WOUNDS, Player, Shuffle, TcgState

T = Turn[TcgState]


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def called(state: TcgState, card: Card) -> str:
    """A card as the log and the prompts name it: with its id ("Gondorian Captain (c75)") while another active card
    in play has the same name, so a reader can tell which copy was wounded or assigned, as a decision's options tell
    twins apart by id (engines/core/turn.py). The id of a card in play is in the table's view already, so this
    tells nobody anything hidden; a card leaving play is named before it goes (`kill`, `discard`)."""
    # Only a card that is itself in play (`rules.twins`): a hand's or a deck's ids follow the deck lists and would
    # betray the shuffle. The board marks the same copies (the view's `twins`).
    return f"{card.name} ({card.uid})" if card.uid in rules.twins(state) else card.name


def stats(state: TcgState, card: Card, strength: int | None = None) -> str:
    """A character with what a skirmish compares and what kills it: "Merry, Noble Warrior (strength 5, vitality 4,
    1 wound)", the current numbers (possessions and modifiers counted). `strength`: when already worked out."""
    wounds = rules.wounds(card)
    return (f"{called(state, card)} (strength {rules.strength(state, card) if strength is None else strength}, "
            f"vitality {rules.vitality(state, card)}" + (f", {plural(wounds, 'wound')})" if wounds else ")"))


def made_of(parts: list[tuple[str, int]]) -> str:
    """A strength's parts (`rules.strength_parts`) as the log writes them: "5 +2 Hobbit Sword -3 Eregion's Trails"."""
    return " ".join([str(parts[0][1]), *(f"{n:+d} {name}" for name, n in parts[1:])])


def strength_made(state: TcgState, cards: list[Card]) -> str:
    """How a skirmish side's strength is made up, to write beside its total ("Aragorn 8 (6 +2 Anduril)"): one
    card's parts when anything changes its printed strength, else ""; several cards each by name ("Desert Scout 5
    +2 itself; Desert Sneak 2"). Only cards in play and what the table saw played or used (rules.strength_parts)."""
    parts = [rules.strength_parts(state, c) for c in cards]
    if len(cards) == 1:
        return made_of(parts[0]) if len(parts[0]) > 1 else ""
    return card_list(f"{called(state, c)} {made_of(p)}" for c, p in zip(cards, parts, strict=True))


def skirmish_strengths(state: TcgState, comp: Card, fighting: list[Card]) -> str:
    """A skirmish's two strengths, as it compares them (none below 0), each with how it is made up: "Merry, Noble
    Warrior 7 (5 +2 Hobbit Sword) against 11 (Desert Scout 8; Desert Sneak 3)"."""
    fp, shadow = max(0, rules.strength(state, comp)), max(0, sum(rules.strength(state, m) for m in fighting))
    fp_made, shadow_made = strength_made(state, [comp]), strength_made(state, fighting)
    return (f"{called(state, comp)} {fp}{f' ({fp_made})' if fp_made else ''} against {shadow}"
            f"{f' ({shadow_made})' if shadow_made else ''}")


def credit_mods(state: TcgState, before: set[int], by: str) -> None:
    """The lasting changes made since `before` (the ids of the mods there were) are `by`'s doing (`Mod.by`): a
    card's uid, as the log credits its lines to it (actions.credit)."""
    for m in state.mods:
        if not m.by and id(m) not in before:
            m.by = by


def name(state: TcgState, uid: str) -> str:
    card = state.find(uid)
    return called(state, card) if card is not None else uid


def say_counted(turn: T, text: Callable[[int], str]) -> None:
    """Say `text(1)`; or, when the step's last line is this same line (`text(n)`), make it `text(n + 1)`: the
    same thing happening again to the same card reads as one line with a count ("2 wounds to ... are prevented"),
    not as a line repeated word for word."""
    last = turn.events[-1] if turn.events else None
    if last is not None and last.audience is None:
        head = last.text.split(" ", 1)[0]
        n = 1 if last.text == text(1) else int(head) if head.isdigit() and last.text == text(int(head)) else 0
        if n:
            turn.events[-1] = Event(text=text(n + 1))
            return
    turn.say(text(1))


# --- decks -----------------------------------------------------------------------------------------------------
def shuffle(turn: T, player: Player, zone: Zone, what: str) -> None:
    """Shuffle with the state's generator and publish a commitment: sha256 of a salt and the order (spec 1.3)."""
    state = turn.state
    for card in zone.cards:
        card.known_to = []  # a shuffle hides again what a search showed (spec 6.9)
    state.rng.shuffle(zone.cards)
    salt = f"{state.rng.next64():016x}"
    order = [c.ref for c in zone.cards]
    digest = hashlib.sha256((salt + ":" + ",".join(order)).encode()).hexdigest()
    state.shuffles.append(Shuffle(seat=player.seat, what=what, digest=digest, salt=salt, order=order))
    turn.say(f"{player.seat} shuffles the {what}; commitment sha256 {digest[:16]}…")


def finish(turn: T, outcome: Outcome) -> None:
    """End the game and reveal every shuffle's commitment (spec 1.3): each line gives the exact text whose sha256
    was published, the salt, a colon, then the card ids from the bottom of the deck up, so anyone can hash it and
    compare it with the digest posted when the deck was shuffled."""
    turn.finish(outcome)
    if turn.state.shuffles:
        turn.say("The shuffles are revealed: each text below hashes (sha256) to the commitment posted when the "
                 "deck was shuffled; it is the salt, a colon, then the cards from the bottom of the deck up.")
    for line in reveal_lines(turn.state.shuffles):
        turn.say(line)


def reveal_lines(shuffles: list[Shuffle]) -> list[str]:
    """One line per shuffle, in the order they were made: whose deck, the commitment as first posted, the text it
    is the sha256 of, and the whole digest."""
    return [f"{s.seat}'s {s.what} (commitment sha256 {s.digest[:16]}…): sha256 of "
            f"'{s.salt}:{','.join(s.order)}' is {s.digest}." for s in shuffles]


def draw(turn: T, player: Player, count: int) -> int:
    """Draw one at a time; an empty deck is refilled from the discard pile once per game (spec 6.9, option)."""
    drawn: list[str] = []
    for _ in range(count):
        if not player.draw.cards:
            if player.reshuffled or not player.discard.cards or not turn.state.opt("reshuffle_once"):
                break
            player.reshuffled = True
            player.draw.cards.extend(player.discard.cards)
            player.discard.cards.clear()
            turn.say(f"{player.seat}'s draw deck is empty: the discard pile becomes the new draw deck (once a game).")
            shuffle(turn, player, player.draw, "discard pile into a new draw deck")
        drawn.append(turn.draw(player.draw, player.hand)[0].name)
    if drawn:  # the names to the drawer on one line (a hand of eight read as eight lines), the count to all
        turn.say(f"{player.seat} draws {card_list(drawn)}.", audience=[player.seat])
        turn.say(f"{player.seat} draws {plural(len(drawn), 'card')}.")
    return len(drawn)


# --- leaving play ----------------------------------------------------------------------------------------------
def _detach(state: TcgState, uid: str) -> tuple[Zone, Card]:
    zone, card, host = state.locate(uid)
    if host is not None:
        host.attached.remove(card)
    else:
        zone.cards.remove(card)
    return zone, card


def to_discard(state: TcgState, card: Card) -> None:
    """Put a card (and what it bears) into its owners' discard piles, clean."""
    for sub in card.attached:
        to_discard(state, sub)
    card.attached = []
    card.tokens = {}
    card.flags = []
    state.player(state.owners[card.uid]).discard.cards.append(card)
    state.assign.pop(card.uid, None)


def discard(turn: T, uid: str, why: str = "") -> None:
    """Discard from play: never the dead pile, even for a companion (spec 5.2)."""
    state = turn.state
    who = name(state, uid)
    _, card = _detach(state, uid)
    to_discard(state, card)
    turn.say(f"{who} is discarded{why}.")


def kill(turn: T, uid: str, why: str = "") -> None:
    """Killed: a Free Peoples character goes to the dead pile (threats fire), a minion to the discard pile."""
    state = turn.state
    card = state.find(uid)
    if card is None:
        return
    kind = rules.cdef(state, card).type
    who = called(state, card)
    _, card = _detach(state, uid)
    if kind in (COMPANION, ALLY):
        owner = state.player(state.owners[uid])
        heirs = _ring_heirs(state, owner, card) if uid == owner.ring_bearer else []
        for sub in card.attached:
            if not (heirs and sub.uid == owner.ring):
                to_discard(state, sub)
        card.attached = [a for a in card.attached if heirs and a.uid == owner.ring]  # the Ring waits for its heir
        card.tokens, card.flags = {}, []
        owner.dead.cards.append(card)
        turn.say(f"{who} is killed{why} and goes to the dead pile.")
        for m in [m for m, c in state.assign.items() if c == uid]:
            del state.assign[m]
        if uid == owner.ring_bearer and heirs:
            owner.wearing = False
            ask_card(turn, owner.seat, f"{card.name} is dead: make a companion the Ring-bearer, or lose the game.",
                     [*(Option(id=h.uid, label=f"{h.name} takes The One Ring") for h in heirs),
                      Option(id="no", label="Nobody: I lose")], "ring_heir")  # an absent seat's pick comes first
        elif uid == owner.ring_bearer:
            lose(turn, owner, "their Ring-bearer was killed")
            return
        if owner.threats and owner is state.fp_player:
            n, owner.threats = owner.threats, 0
            turn.say(f"{owner.seat} removes {plural(n, 'threat')}: as many threat wounds must be placed.")  # spec 6.13
            state.queue.insert(0, f"threats:{n}")
    else:
        to_discard(state, card)
        turn.say(f"{who} is killed{why}" + (" and goes to the discard pile." if kind == MINION else "."))


def _ring_heirs(state: TcgState, owner: Player, dead: Card) -> list[Card]:
    """Companions whose text lets them take the Ring when Frodo is killed (not corrupted) (spec 5.3, 7.56)."""
    if rules.cdef(state, dead).title != "Frodo":
        return []
    return [c for c in owner.fellowship.cards if c is not dead and (s := scripts.of(c.ref)) is not None
            and s.ring_heir and rules.cdef(state, c).type == COMPANION]


# --- wounds, the Ring, burdens --------------------------------------------------------------------------------
def _prevented(who: str, by: str) -> Callable[[int], str]:
    """The line for wounds prevented one after another (Armor against damage +2), counted by `say_counted`."""
    return lambda n: (f"The wound to {who} is prevented by {by}." if n == 1
                      else f"{n} wounds to {who} are prevented by {by}.")


def wound_now(turn: T, uid: str, why: str) -> None:
    """Place one wound, unless prevented; the Ring turns it into a burden (spec 5.3)."""
    state = turn.state
    card = state.find(uid)
    if card is None or rules.cdef(state, card).type not in (COMPANION, ALLY, MINION):
        return
    zone = state.locate(uid)[0]
    if zone is not state.minions and not any(zone is p.fellowship for p in state.players):
        return  # killed or discarded by an earlier wound of the same blow (damage +N): nothing left to wound
    for src, s in [(c, scripts.of(c.ref)) for c in rules.active_cards(state)]:
        if s is not None and s.prevent_wound is not None and s.prevent_wound(state, src, card):
            say_counted(turn, _prevented(called(state, card), called(state, src)))
            return
    fp = state.fp_player
    if uid == fp.ring_bearer and fp.wearing and state.phase == "skirmish":  # any wound in a skirmish (card 7_1)
        turn.say(f"{called(state, card)} wears The One Ring: a burden instead of a wound.")
        add_burdens(turn, 1)
        return
    card.tokens[WOUNDS] = rules.wounds(card) + 1
    if state.phase == "skirmish" and state.skirmish:  # any wound in a skirmish, by combat or by text
        state.skirmish_wounds[uid] = state.skirmish_wounds.get(uid, 0) + 1
    turn.say(f"{called(state, card)} takes a wound ({rules.wounds(card)} of {rules.vitality(state, card)}).")
    if rules.wounds(card) >= rules.vitality(state, card):
        kill(turn, uid)


def exert(turn: T, uid: str, times: int = 1) -> None:
    """Exertion is not a wound: no prevention, no Ring (spec 5.1, 7.29)."""
    state = turn.state
    card = state.find(uid)
    if card is None:
        return
    for _ in range(times):
        if rules.exhausted(state, card):
            break
        card.tokens[WOUNDS] = rules.wounds(card) + 1
    turn.say(f"{called(state, card)} exerts{'' if times == 1 else f' {times} times'}.")
    check_deaths(turn)


def heal(turn: T, uid: str, times: int = 1) -> None:
    card = turn.state.find(uid)
    if card is None or not rules.wounds(card):
        return
    n = min(times, rules.wounds(card))
    card.tokens[WOUNDS] = rules.wounds(card) - n
    if not card.tokens[WOUNDS]:
        del card.tokens[WOUNDS]
    turn.say(f"{called(turn.state, card)} is healed of {plural(n, 'wound')}.")


def check_deaths(turn: T) -> None:
    """State-based: a character whose wounds reach its vitality dies, e.g. when a vitality bonus leaves (7.32)."""
    state = turn.state
    for c in list(rules.characters(state)):
        if rules.wounds(c) and rules.wounds(c) >= rules.vitality(state, c) and state.find(c.uid) is not None:
            kill(turn, c.uid)
            if state.outcome is not None:
                return


def add_burdens(turn: T, n: int) -> None:
    fp = turn.state.fp_player
    fp.burdens += n
    turn.say(f"{plural(n, 'burden')} added: {fp.seat}'s Ring-bearer has {fp.burdens}.")
    rb = rules.ring_bearer(turn.state)
    resistance = rules.cdef(turn.state, rb).resistance if rb is not None else 10
    if fp.burdens >= resistance:
        lose(turn, fp, "their Ring-bearer is corrupted")


def add_threats(turn: T, n: int) -> int:
    """One at a time, never above the number of companions (spec 6.13, 9.14). Returns how many were added."""
    state = turn.state
    fp = state.fp_player
    added = 0
    for _ in range(n):
        if fp.threats >= len(rules.companions(state)):
            break
        fp.threats += 1
        added += 1
    if added:
        turn.say(f"{plural(added, 'threat')} added ({fp.threats} now).")
    return added


def ask_wounds(turn: T, seat: str, targets: list[Card], amount: int, why: str, prompt: str) -> None:
    """Place `amount` wounds among `targets` one at a time (archery, threats): automatic when one target."""
    if amount <= 0 or not targets:
        return
    if len(targets) == 1:
        turn.state.queue[:0] = [f"wound:{targets[0].uid}:{why}"] * amount
        return
    turn.ask(seat, DecisionKind.ASSIGN, prompt, [Option(id=c.uid, label=c.name) for c in targets], amount=amount,
             context=f"wounds:{why}")


# --- losing (spec 5.4) -----------------------------------------------------------------------------------------
def lose(turn: T, player: Player, why: str) -> None:
    state = turn.state
    if player.out or state.outcome is not None:
        return
    player.out = True
    turn.say(f"{player.seat} loses: {why}.")
    left = state.live()
    if len(left) == 1:
        finish(turn, Outcome(winners=[left[0].seat], reason=f"{left[0].seat} wins: the last player left, after "
                                                              f"{player.seat} lost ({why})."))
        return
    eliminate(turn, player)


def eliminate(turn: T, loser: Player) -> None:
    """Remove the loser's cards; replace his sites going right from his right (spec 5.4); the rest of his turn is
    skipped (spec 9.7 default)."""
    state = turn.state
    for zone in (loser.fellowship, loser.support):
        for card in list(zone.cards):
            zone.cards.remove(card)
            for sub in card.attached:
                if state.owners[sub.uid] != loser.seat:
                    to_discard(state, sub)
    for m in [m for m in state.minions.cards if state.owners[m.uid] == loser.seat]:
        state.minions.cards.remove(m)
    mine = sorted((c for c in state.path.cards if state.owners[c.uid] == loser.seat),
                  key=lambda c: rules.cdef(state, c).site)
    givers = state.going_right(loser.seat)
    for i, site in enumerate(mine):
        number = rules.cdef(state, site).site
        for giver in givers[i % len(givers):] + givers[:i % len(givers)]:
            p = state.player(giver)
            new = next((c for c in p.adventure.cards if rules.cdef(state, c).site == number), None)
            if new is not None:
                p.adventure.cards.remove(new)
                state.path.cards[state.path.cards.index(site)] = new
                loser.adventure.cards.append(site)
                turn.say(f"{giver}'s {new.name} replaces {site.name} as site {number}.")
                break
    state.decisions = [d for d in state.decisions if d.seat != loser.seat]
    if loser is state.fp_player:
        state.queue.clear()
        state.decisions.clear()
        state.step = "end_turn"


# --- choices card scripts ask for --------------------------------------------------------------------------------
HANDLERS: dict[str, Callable[[T, list[str], tuple[str, ...]], None]] = {}


def handler(key: str) -> Callable[[Callable[[T, list[str], tuple[str, ...]], None]],
                                  Callable[[T, list[str], tuple[str, ...]], None]]:
    """Register what the answer to a script's question does; the decision's context is "card:<key>:<args>"."""
    def register(fn: Callable[[T, list[str], tuple[str, ...]], None]) -> Callable[
            [T, list[str], tuple[str, ...]], None]:
        HANDLERS[key] = fn
        return fn

    return register


def ask_card(turn: T, seat: str, prompt: str, options: list[Option], key: str, *args: str,
             private: bool = False, forced: str = "") -> None:
    turn.ask(seat, DecisionKind.CHOOSE_ONE, prompt, options, private=private, forced=forced,
             context=":".join(["card", key, *args]))


@handler("exert_chosen")
def _exert_chosen(turn: T, args: list[str], choice: tuple[str, ...]) -> None:
    exert(turn, choice[0])


@handler("wound_chosen")
def _wound_chosen(turn: T, args: list[str], choice: tuple[str, ...]) -> None:
    if choice[0] != "no":
        turn.state.queue[:0] = [f"wound:{choice[0]}:effect"] * (int(args[0]) if args else 1)


def yes_no(turn: T, seat: str, prompt: str, key: str, *args: str) -> None:
    ask_card(turn, seat, prompt, [Option(id="yes", label="Yes"), Option(id="no", label="No")], key, *args)


def ask_many(turn: T, seat: str, prompt: str, options: list[Option], key: str, *args: str, low: int = 1,
             high: int = 1, private: bool = False, forced: str = "") -> None:
    """A choose-many question from a card script; the answer goes to the handler `key` with `args`."""
    turn.ask(seat, DecisionKind.CHOOSE_MANY, prompt, options, low=low, high=high, private=private, forced=forced,
             context=":".join(["card", key, *args]))


def discard_from_hand(turn: T, seat: str, uids: tuple[str, ...] | list[str]) -> None:
    """Discard the chosen cards from a hand; they become public in the discard pile (spec 1.3)."""
    player = turn.state.player(seat)
    gone = [player.hand.take(uid) for uid in uids]
    player.discard.cards.extend(gone)
    if gone:
        turn.say(f"{seat} discards {plural(len(gone), 'card')} from hand: " + card_list(c.name for c in gone) + ".")


def pay_hand_cards(turn: T, seat: str, n: int, key: str, *args: str) -> None:
    """A cost of `n` cards discarded from hand, chosen by their owner; then the handler `key` runs with `args`.
    With exactly `n` cards held (a public count) the choice is forced."""
    hand = turn.state.player(seat).hand.cards
    forced = f"{seat} holds exactly {plural(n, 'card')}: all are discarded" if len(hand) == n else ""
    ask_many(turn, seat, f"Choose {plural(n, 'card')} to discard from your hand.",
             [Option(id=c.uid, label=c.name) for c in hand], key, *args, low=n, high=n, private=True, forced=forced)


def remove_threats(turn: T, n: int) -> None:
    fp = turn.state.fp_player
    fp.threats -= n
    turn.say(f"{plural(n, 'threat')} removed ({fp.threats} now).")


def remove_burdens(turn: T, n: int) -> None:
    fp = turn.state.fp_player
    fp.burdens -= n
    turn.say(f"{plural(n, 'burden')} removed from the Ring-bearer ({fp.burdens} now).")


@handler("ring_heir")
def _ring_heir(turn: T, args: list[str], choice: tuple[str, ...]) -> None:
    """Sam's response (spec 5.3, 7.56): the Ring passes to him and he is the Ring-bearer with his own resistance;
    declining, or the heir gone meanwhile, loses the game like any killed Ring-bearer."""
    state = turn.state
    fp = state.fp_player
    heir = state.find(choice[0]) if choice[0] != "no" else None
    if heir is None or heir not in fp.fellowship.cards:
        lose(turn, fp, "their Ring-bearer was killed")
        return
    ring = state.find(fp.ring)
    for dead in fp.dead.cards:
        dead.attached = [a for a in dead.attached if a.uid != fp.ring]
    if ring is not None:
        heir.attached.append(ring)
    fp.ring_bearer = heir.uid
    turn.say(f"{heir.name} takes The One Ring and is now the Ring-bearer.")
    resistance = rules.cdef(state, heir).resistance
    if fp.burdens >= resistance:
        lose(turn, fp, "their new Ring-bearer is corrupted at once")
