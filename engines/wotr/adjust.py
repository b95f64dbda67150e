"""Manual adjustment for card text the engine does not script (spec 8.3), and who may make it (issue 18).

War of the Ring is competitive, so an adjustment acts at once only on the adjuster's own cards (their deck's
draw, hand, piles, reserve and units) and only while the game waits on the adjuster. Anything else touches
what the other side shares or owns (corruption, combat tokens, opening or activating a location, another
deck's cards, or one's own cards while someone else is to act): it becomes a *proposal*, a decision for one
seat of the other side, applied only if that seat agrees and announced either way. A proposal is checked on
a copy first, so a bad one is refused at once and nobody is asked about it."""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass

from engines.core import Card, CommandError, DecisionKind, NotACommand, Option, RuleError, Turn
from engines.core.codec import clone
from engines.wotr import procedures as proc
from engines.wotr import round
from engines.wotr.answers import answer
from engines.wotr.cards import BATTLEGROUND, FP, SHADOW, fold
from engines.wotr.state import ATK, DEF, REACTIVATED_ACROSS, Deck, WotrState, other

T = proc.T


@dataclass(frozen=True)
class Adjust:
    """A manual adjustment for text the engine does not script (spec 8.3), announced to the table:
    `corruption +1`, `token <location> atk|def +1`, `draw <deck> 2`, `cycle <deck> <card>`,
    `eliminate <deck> <card>`, `recover <deck> <card> [hand|reserve|deck]` (from its eliminated or cycle pile),
    `open <faction or card name>` (it may enter any battleground this round), `activate <location>` (a
    battleground or path by text), `reactivate <battleground>` (from a scoring area)."""

    verb: str
    args: tuple[str, ...]

    def text(self) -> str:
        return " ".join([self.verb, *(f'"{a}"' if " " in a else a for a in self.args)])


# Each verb with its (fewest, most) words after it.
SHAPES: dict[str, tuple[int, int]] = {
    "corruption": (1, 1), "token": (3, 3), "draw": (2, 2), "cycle": (2, 2), "eliminate": (2, 2),
    "recover": (2, 3), "open": (1, 1), "activate": (1, 1), "reactivate": (1, 1)}
VERBS = tuple(SHAPES)
OWN_VERBS = ("draw", "cycle", "eliminate", "recover")  # verbs on one deck's cards: the rest are shared
HELP = ("corruption +1, token <location> atk|def +1, draw <deck> <n>, cycle <deck> <card>, eliminate <deck> <card>, "
        "recover <deck> <card> [hand|reserve|deck], open <faction>, activate <location>, reactivate <battleground>")
PLACES = ("hand", "reserve", "deck")


# The forms of the options War of the Ring's decisions offer, by their text alone (a chain's 'then' between them).
ANSWER_WORD = re.compile(r"(pass|decline|done|forsake|ring|top|winnow|then|c\d+|cycle-c\d+|use-c\d+|move-c\d+-c\d+"
                         r"|play-c\d+-(c\d+|now|reserve))", re.IGNORECASE)


def parse(words: list[str]) -> Adjust:
    # The log tells players to "adjust draw saruman 1" (Discord's /wotr adjust); the console takes the same words.
    adjusting = words[0].lower() == "adjust"  # 'adjust <what>' is a command; a word alone may be an answer
    if adjusting and len(words) > 1:
        words = words[1:]
    verb = words[0].lower()
    if verb not in SHAPES:
        if not adjusting and all(ANSWER_WORD.fullmatch(w) for w in words):
            # An answer typed when no decision of the typist's takes it (the other seat's turn): said to be one, by
            # its form alone, not "Unknown command 'pass'" as if the game had no such word (a play-tester)
            answer = " ".join(words)
            raise NotACommand(f"'{answer}' is an answer: write it when a decision of yours is open ('answer <n> "
                              f"{answer}' names which).")
        refusal = NotACommand if not adjusting else CommandError
        raise refusal(f"Unknown command '{words[0]}'. Answer a decision ('answer <n> <option>') or adjust: "
                      f"{HELP}.")
    low, high = SHAPES[verb]
    if not low <= len(words) - 1 <= high:
        raise CommandError(f"'{verb}' takes {low if low == high else f'{low} or {high}'} word(s): see 'help' for "
                           "the form.")
    args = tuple(words[1:])
    if verb == "corruption":
        signed(args[0])
    elif verb == "token":
        signed(args[2])
    elif verb == "draw":
        count(args[1])
    elif verb == "recover" and len(args) == 3 and args[2].lower() not in PLACES:
        raise CommandError(f"A recovered card goes to {', '.join(PLACES)}, not '{args[2]}'.")
    return Adjust(verb=verb, args=args)


# --- who may make it ------------------------------------------------------------------------------------------
def deck_named(state: WotrState, key: str) -> Deck:
    deck = next((d for d in state.decks if d.key == key.lower() or fold(d.name) == fold(key)), None)
    if deck is None:
        raise RuleError(f"No deck '{key}'. Decks: {', '.join(d.key for d in state.decks)}.")
    return deck


def side_of(state: WotrState, seat: str) -> str:
    return next(d.side for d in state.decks if d.seat == seat)


def waits_on(state: WotrState, seat: str) -> bool:
    """The game waits on `seat` for a move of the game (a consent it was asked for does not count)."""
    return any(d.seat == seat and not d.context.startswith("propose") for d in state.decisions)


def own(state: WotrState, seat: str, command: Adjust) -> bool:
    return command.verb in OWN_VERBS and deck_named(state, command.args[0]).seat == seat


def consenter(state: WotrState, seat: str) -> str:
    """The seat of the other side asked to agree: its first deck in turn order from the starting player."""
    side = other(side_of(state, seat))
    n = len(state.order)
    return next(state.deck(state.order[(state.start + i) % n]).seat for i in range(n)
                if state.deck(state.order[(state.start + i) % n]).side == side)


def make(turn: T, command: Adjust) -> None:
    """`adjust ...` by `turn.seat`: made at once if it is theirs to make now, else proposed."""
    state, seat = turn.state, turn.seat
    if seat not in state.seats:
        raise RuleError(f"{seat} is not a seat in this game.")
    if state.phase == "setup":
        raise RuleError("Adjustments can be made once setup is complete.")
    if own(state, seat, command) and waits_on(state, seat):
        carry_out(turn, seat, command)
        return
    trial = Turn(state=clone(state), seat=seat)
    carry_out(trial, seat, command)  # a bad adjustment is refused now, before anyone is asked
    asked = consenter(state, seat)
    why = credit(state, seat)
    text = command.text()
    turn.ask(asked, DecisionKind.CHOOSE_ONE, f"{seat} proposes an adjustment: {text} ({why}). Agree?",
             [Option(id="agree", label="Agree"), Option(id="refuse", label="Refuse")],
             context="propose:" + seat + "|" + text)
    side = "the Free Peoples" if side_of(state, asked) == FP else "the Shadow"
    turn.say(f"{seat} proposes an adjustment: {text} ({why}). {reason(state, seat, command)}: {asked} is asked to "
             f"agree, for {side}.")


def reason(state: WotrState, seat: str, command: Adjust) -> str:
    """Why `seat`'s adjustment needs the other side's consent, in plain words naming the seats: a play-tester read
    "p4 is asked to agree, as the game is not waiting on them" as the game not waiting on p4, when it was (the
    words meant the proposer)."""
    if command.verb not in OWN_VERBS:
        return "It touches what both sides share"
    deck = deck_named(state, command.args[0])
    if deck.seat != seat:
        return f"It touches {deck.name}'s deck, which is {deck.seat}'s, not {seat}'s"
    waiting = list(dict.fromkeys(d.seat for d in state.decisions if not d.context.startswith("propose")))
    if not waiting:
        return f"The game is waiting on no one's move, so not on {seat}'s"
    return f"The game is waiting on {' and '.join(waiting)}, not on {seat}"


def credit(state: WotrState, seat: str) -> str:
    """Whose card text a proposal resolves, as far as the game can tell: the cards of the proposer's own decks
    announced as not scripted this round (a text tells its own player what to do). One is named; several are
    named as the choices they are; with none (another player's card, a location's text), the proposal says the
    game cannot tell, rather than name another player's card (a Witch-king's draw was credited to Fatty Bolger)."""
    mine = {d.key for d in state.decks if d.seat == seat}
    names = list(dict.fromkeys(name for key, _, name in (t.partition("|") for t in state.unscripted_texts)
                               if key in mine))
    if not names:
        return "card text; the game cannot tell which card's"
    return "card text of " + (names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1])


@answer("propose")
def _consent(turn: T, deck: Deck, args: list[str], choice: tuple[str, ...]) -> None:
    seat, _, text = ":".join(args).partition("|")
    if choice[0] == "refuse":
        turn.say(f"{turn.seat} refuses {seat}'s adjustment ({text}): nothing changes.")
        return
    turn.say(f"{turn.seat} agrees to {seat}'s adjustment ({text}).")
    carry_out(turn, seat, parse(shlex.split(text)))  # the text was written by `Adjust.text`


# --- what it does ---------------------------------------------------------------------------------------------
def carry_out(turn: T, seat: str, command: Adjust) -> None:
    state = turn.state
    verb, args = command.verb, command.args
    if verb == "corruption":
        n = signed(args[0])
        if n < 0:
            proc.remove_corruption(turn, -n, seat)  # nothing to remove: nothing happens (L683-684)
        else:
            state.corruption += n
            turn.say(f"{seat} adjusts corruption by {n:+d}: now {state.corruption}.")
    elif verb == "token":
        loc = state.active.find(args[0]) or next((c for c in state.active.cards if fold(c.name) == fold(args[0])),
                                                  None)
        if loc is None:
            raise RuleError(f"{args[0]} is not an active location.")
        kind, n = args[1].lower(), signed(args[2])
        if kind not in (ATK, DEF):
            raise RuleError("A combat token is 'atk' or 'def'.")
        if loc.tokens.get(kind, 0) + n < 0:
            raise RuleError(f"{loc.name} has only {loc.tokens.get(kind, 0)} {kind} tokens.")
        loc.tokens[kind] = loc.tokens.get(kind, 0) + n
        turn.say(f"{seat} adjusts {proc.possessive(loc.name)} {kind} tokens by {n:+d}.")
    elif verb in ("activate", "reactivate"):
        activate(turn, verb, args[0])
    elif verb == "open":
        state.round_flags.append(f"enter:{args[0]}")
        turn.say(f"{seat}: this round, {args[0]} may enter any battleground (by card text).")
    else:
        deck = deck_named(state, args[0])
        if verb == "draw":
            turn.say(f"{seat} adjusts: {deck.name}'s deck draws by card text.")
            proc.draw(turn, deck, count(args[1]))
        elif verb == "recover":
            recover(turn, seat, deck, args[1], args[2].lower() if len(args) == 3 else "hand")
        else:
            shed(turn, seat, deck, verb, args[1])


def _mine(state: WotrState, seat: str, deck: Deck, card: Card) -> bool:
    """Whether `seat` may name this card: its own deck's, or one face up to all (never a hidden card)."""
    return deck.seat == seat or (card.face_up and not card.known_to)


def _find(state: WotrState, cards: list[Card], name: str) -> Card | None:
    return next((c for c in cards if c.uid == name or fold(c.name) == fold(name)), None)


def shed(turn: T, seat: str, deck: Deck, verb: str, name: str) -> None:
    """Cycle or eliminate a card of the deck by text: from its hand, or one of its cards in play (reserve, a
    location, an item on a unit)."""
    state = turn.state
    card = _find(state, deck.hand.cards, name) if deck.seat == seat else None
    if card is not None:
        (proc.cycle_from_hand if verb == "cycle" else proc.eliminate_from_hand)(turn, deck, card.uid,
                                                                                 " (adjustment)")
        return
    in_play = [c for unit, _ in state.in_play() for c in (unit, *unit.attached) if state.owners[c.uid] == deck.key]
    card = _find(state, in_play, name)
    if card is None:
        raise RuleError(f"{name} is not a card of {deck.name}'s deck that {seat} can name (its hand, reserve or "
                        "cards in play).")
    proc.detach(state, card.uid)
    turn.say(f"{seat} adjusts: {proc.with_items(card)} is {'cycled' if verb == 'cycle' else 'eliminated'} by "
             "card text.")
    (proc.cycle if verb == "cycle" else proc.eliminate)(turn, card, public=True)


def recover(turn: T, seat: str, deck: Deck, name: str, place: str) -> None:
    """Take a card back from the deck's eliminated pile (or its cycle pile: a card cycled instead of being
    eliminated) into its hand, reserve or draw deck (shuffled in), by card text. The card is named to all:
    the table must be able to check an adjustment (a face-down card is revealed by it)."""
    state = turn.state
    card, pile = None, deck.eliminated
    for zone in (deck.eliminated, deck.cycle):
        card = _find(state, [c for c in zone.cards if _mine(state, seat, deck, c)], name)
        if card is not None:
            pile = zone
            break
    if card is None:
        raise RuleError(f"{name} is not in {deck.name}'s eliminated or cycle pile as far as {seat} can see.")
    hidden = not card.face_up
    pile.cards.remove(card)
    card.face_up, card.known_to, card.flags = True, [], []
    where = {"hand": deck.hand, "reserve": deck.reserve, "deck": deck.draw}[place]
    where.cards.append(card)
    if place == "deck":
        state.rng.shuffle(deck.draw.cards)
    elif place == "hand":
        card.known_to = list(state.seats)  # shown when recovered: it stays known while in that hand
    into = {"hand": "into its hand", "reserve": "into its reserve", "deck": "and shuffles it into its draw deck"}
    turn.say(f"{seat} adjusts: {deck.name}'s deck takes {card.name} back from its {pile.name.split(': ')[-1]} "
             f"{into[place]} (card text).")
    if hidden:
        turn.reveal()


def activate(turn: T, verb: str, uid: str) -> None:
    """Activation by card text (L163-206): a battleground from its deck, a path (combat on the old path
    first), or a battleground reactivated from a scoring area (its printed icons ignored if it comes back
    from the other side's area, L471-473)."""
    state = turn.state
    if verb == "reactivate":
        for side in (FP, SHADOW):
            card = state.area(side).find(uid)
            if card is not None and state.card_def(card).kind == BATTLEGROUND:
                state.area(side).cards.remove(card)
                if side != state.card_def(card).side:
                    card.flags.append(REACTIVATED_ACROSS)
                round.activate(turn, card, f"again from the {'Free Peoples' if side == FP else 'Shadow'} "
                               "scoring area, by card text")
                return
        raise RuleError(f"{uid} is not a battleground in a scoring area.")
    for zone in (state.bg_fp, state.bg_shadow):
        card = zone.find(uid)
        if card is not None:
            zone.cards.remove(card)
            round.activate(turn, card, "by card text")
            return
    card = state.path_deck.find(uid)
    if card is None:
        raise RuleError(f"{uid} is not an unused battleground or path (no location is activated twice).")
    if state.incoming:  # a replacement under way: its combat, then its path (the path set aside would be lost)
        coming = state.set_aside.find(state.incoming)
        raise RuleError(f"{coming.name if coming else 'A path'} is already replacing the active path: activate "
                        "another once its combat is over and it is active.")
    if state.phase != "action":  # the old path's combat would run twice, or a combat step's order be lost
        raise RuleError("Card text activates a path during the action step, and the combat step is under way: "
                        "no path can be activated now.")  # L149-150
    round.replace_path(turn, card, "by card text")


def signed(text: str) -> int:
    body = text[1:] if text[:1] in "+-" else ""
    if not body.isascii() or not body.isdigit() or len(body) > 3:
        raise CommandError(f"Write a signed number like +1 or -2, not '{text}'.")
    return int(text)


def count(text: str) -> int:
    if not text.isascii() or not text.isdigit() or not 0 < int(text) <= 20:
        raise CommandError(f"Write a number of cards from 1 to 20, not '{text}'.")
    return int(text)
