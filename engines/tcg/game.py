"""The Decipher TCG as a Westmarch engine: options (every [CR]/[OPEN] choice of spec 9 with its default), setup
(spec 3), standing orders (spec 1.3, 4.11) and manual adjustment for unscripted text (spec 8.4)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engines.core import (
    CommandError,
    Config,
    Decision,
    NotACommand,
    Rng,
    RuleError,
    Rules,
    Seat,
    Step,
    Turn,
    View,
    ZoneView,
)
from engines.tcg import answers, effects, flow, rules, verbs, view  # noqa: F401  (effects registers the scripts)
from engines.tcg import procedures as proc
from engines.tcg.cards import CardDef
from engines.tcg.copying import copy_state
from engines.tcg.decks import builtin_decks, parse, starter
from engines.tcg.state import ORDER_VALUES, WOUNDS, Mod, Player, TcgState
from engines.tcg.view import build, hand_zones, own_hidden

# Each option: its default and the values it may take. Spec 9 row numbers in comments.
CHOICES: dict[str, tuple[str | int | bool, tuple[str | bool, ...]]] = {
    "decks": ("sog", ("sog", "fotr", "mixed")),  # seats take the built-in starters in turn
    "deck_p1": ("", ()), "deck_p2": ("", ()), "deck_p3": ("", ()), "deck_p4": ("", ()),  # a key or a pasted list
    "archery_shadow": ("fp_picks", ("fp_picks",)),  # 9.2 with 2+ Shadow players the FP picks who places them
    "leftover": ("may", ("may", "must")),  # 9.3 must Shadow players assign every leftover minion?
    "lone_skirmish": ("cancel", ("cancel",)),  # 9.4 a skirmish with one side gone is cancelled
    "zero_strength": ("cr", ("cr", "double_only")),  # 9.5 cr: >0 against 0 overwhelms; 0 against 0 a plain Shadow win
    "skip_after_archery": (True, (True, False)),  # 9.6 no minions left after archery: straight to regroup
    "loser_turn": ("end", ("end",)),  # 9.7 the loser's turn ends at once
    "site_fallback": ("nearest", ("nearest",)),  # 9.8 an arrow to a player who left: the nearest one that way
    "public_piles": (True, (True,)),  # 9.9 discard and dead piles are public
    "reshuffle_once": (True, (True, False)),  # 9.10 / 6.9 the starter's one reshuffle (off: the CR's none)
    "allies_skirmish": (False, (False,)),  # 9.11 allies neither skirmish nor take archery wounds
    "starter_mode": (True, (True,)),  # 9.13 no Rule of 4, Rule of 9, bidding or mulligans
    "threat_batch": ("one_at_a_time", ("one_at_a_time",)),  # 9.14 a batch of threats stops at the cap
    "trigger_order": ("fp_first", ("fp_first",)),  # 9.15 the FP orders his triggers first, then going right
    "first_player": ("random", ("random", "p1")),  # L468: chosen at random
}
DECK_ROTATION = {"sog": ("sog-merry-starter", "sog-pippin-starter"),
                 "fotr": ("fotr-aragorn-starter", "fotr-gandalf-starter"),
                 "mixed": ("sog-merry-starter", "fotr-aragorn-starter", "sog-pippin-starter", "fotr-gandalf-starter")}
ADJUST = {"wound": 2, "burden": 1, "threat": 1, "twilight": 1, "strength": 2, "discard": 1, "draw": 1}


@dataclass(frozen=True)
class Adjust:
    """A manual adjustment for text the engine does not script, announced to the table: `adjust wound c12 +1`,
    `adjust burden +1`, `adjust threat -1`, `adjust twilight +2`, `adjust strength c12 +2` (this skirmish),
    `adjust discard c12` (from play), `adjust draw 1`."""

    what: str
    args: tuple[str, ...]


class Tcg(Rules[TcgState]):
    name = "tcg"
    title = "The Lord of the Rings Trading Card Game"
    # 2: the action windows' default order is `auto` and Intimidate's response window is asked (windows.py): a
    # journal written by version 1 does not replay the same.
    # 3: a lasting change of a card's numbers records whose doing it is (`Mod.by`, for "Aragorn 8 (6 +2 Anduril)"):
    # a version-2 journal replays to the same play, but its states' changes name nobody, so the states differ.
    version = "3"
    min_seats = 2
    max_seats = 4
    state_type = TcgState
    shared_fields = ("defs",)
    options = {k: v[0] for k, v in CHOICES.items()}  # noqa: RUF012
    standing_orders = ORDER_VALUES  # spec 1.3; kept by the kernel (engines/core/orders.py)

    def __init__(self, cards: dict[str, CardDef]) -> None:
        self.cards = cards

    def copy(self, state: TcgState) -> TcgState:
        """The copy `apply` changes, made by the state's known shape rather than a pickle round trip (faster by
        several times; engines/tcg/copying.py says what is shared and why)."""
        return copy_state(state)

    def check_options(self, options: dict[str, Any]) -> dict[str, str | int | bool]:
        out = dict(self.options)
        for key, value in options.items():
            if key not in CHOICES:
                raise CommandError(f"Unknown option '{key}'. Options: {', '.join(CHOICES)}.")
            allowed = CHOICES[key][1]
            if allowed and value not in allowed:
                raise CommandError(f"Option {key} must be one of {', '.join(str(a) for a in allowed)}.")
            if not allowed and not isinstance(value, str):
                raise CommandError(f"Option {key} takes a deck name or a pasted deck list.")
            out[key] = value
        return out

    def start(self, config: Config, seed: int) -> Step[TcgState]:
        options = self.check_options(config.options)
        n = len(config.seats)
        if not self.min_seats <= n <= self.max_seats:
            raise RuleError(f"The starter game seats 2 to 4 players, not {n}.")
        state = TcgState(seats=list(config.seats), rng=Rng.seeded(seed), options=options, defs=dict(self.cards),
                         move_limit=2 if n <= 3 else n - 1)  # spec 3.9
        turn = Turn(state=state, seat="")
        rotation = DECK_ROTATION[str(options["decks"])]
        first = 0 if options["first_player"] == "p1" else state.rng.below(n)  # spec 3.2
        state.fp = first
        for i, seat in enumerate(config.seats):
            chosen = str(options.get(f"deck_p{i + 1}") or rotation[i % len(rotation)])
            deck = starter(chosen, self.cards) if chosen in builtin_decks() else parse(chosen, self.cards)
            listed = tuple(sorted(set(deck.draw))) if chosen in builtin_decks() else ()  # published lists only
            player = Player(seat=seat, deck=deck.name, listed=listed)
            state.players.append(player)
            rb = state.new_card(deck.ring_bearer, seat)
            ring = state.new_card(deck.ring, seat)
            rb.attached.append(ring)
            player.ring_bearer, player.ring = rb.uid, ring.uid
            player.fellowship.cards.append(rb)
            for cid in deck.starting:  # spec 3.5: no twilight for the starting fellowship
                player.fellowship.cards.append(state.new_card(cid, seat))
            for number in sorted(deck.sites):
                site = state.new_card(deck.sites[number], seat)
                if i == first and number == 1:
                    state.path.cards.append(site)  # spec 3.3
                else:
                    player.adventure.cards.append(site)
            for cid in deck.draw:
                player.draw.cards.append(state.new_card(cid, seat))
        turn.say(f"Decipher TCG, starter rules, {n} players: " + "; ".join(f"{p.seat} plays {p.deck}"
                                                                          for p in state.players) + ".")
        turn.say(f"{state.players[first].seat} goes first (chosen at random) and places site 1.")
        for player in state.players:
            proc.shuffle(turn, player, player.draw, "draw deck")
            proc.draw(turn, player, 8)  # spec 3.6
        flow.advance(turn)
        return Step(state=state, events=turn.events)

    def apply(self, state: TcgState, seat: Seat, command: Any) -> Step[TcgState]:
        if isinstance(command, verbs.Act) and state.outcome is None:
            # `play c60`: the option play:c60, or a refusal. Read from a copy: reading a zone of a state that was
            # itself copied makes that zone (engines/tcg/copying.py), and `apply` never changes its input.
            command = verbs.answer(self.copy(state), seat, command)
        return super().apply(state, seat, command)

    def why_not(self, state: TcgState, decision: Decision, option: str) -> str:
        return verbs.hint(decision, option)  # 'c60' alone: "'c60' is a card: write 'play c60'"

    def waiting_for(self, state: TcgState, decision: Decision) -> str:
        return view.waiting_for(decision)  # "to choose the next skirmish"; a private one, "for a choice of theirs"

    def resolve(self, turn: Turn[TcgState], decision: Decision, choice: tuple[str, ...]) -> None:
        answers.resolve(turn, decision, choice)
        flow.advance(turn)

    def perform(self, turn: Turn[TcgState], command: Any) -> None:
        state, seat = turn.state, turn.seat
        if seat not in state.seats:
            raise RuleError(f"{seat} is not a seat in this game.")
        if not isinstance(command, Adjust):
            super().perform(turn, command)
            return
        self._adjust(turn, command)
        flow.advance(turn)

    def _adjust(self, turn: Turn[TcgState], command: Adjust) -> None:
        state, seat, a = turn.state, turn.seat, command.args
        fp = state.fp_player
        if command.what in ("wound", "strength", "discard"):
            card = state.find(a[0])
            if card is None or card not in [*rules.characters(state), *(x for c in rules.characters(state)
                                                                        for x in c.attached),
                                            *(c for p in state.live() for c in p.support.cards)]:
                raise RuleError(f"{a[0]} is not a card in play.")
            if command.what == "discard":
                proc.discard(turn, card.uid, f" (adjusted by {seat})")
                return
            if rules.cdef(state, card).type not in ("companion", "ally", "minion"):
                raise RuleError(f"{card.name} is not a character.")
            n = _signed(a[1])
            if command.what == "strength":
                state.mods.append(Mod(uid=card.uid, stat="strength", amount=n,
                                      until="skirmish" if state.skirmish else "phase", by=seat))
                turn.say(f"{seat} adjusts {proc.called(state, card)}'s strength by {n:+d} by card text.")
                return
            if rules.wounds(card) + n < 0:
                raise RuleError(f"{card.name} has only {rules.wounds(card)} wounds.")
            card.tokens[WOUNDS] = rules.wounds(card) + n
            turn.say(f"{seat} adjusts {proc.called(state, card)}'s wounds by {n:+d} by card text.")
            proc.check_deaths(turn)
        elif command.what == "draw":
            proc.draw(turn, state.player(seat), _signed("+" + a[0].lstrip("+")))
        else:
            n = _signed(a[0])
            current = {"burden": fp.burdens, "threat": fp.threats, "twilight": state.twilight}[command.what]
            if current + n < 0:
                raise RuleError(f"There are only {current} {command.what}s to remove.")
            turn.say(f"{seat} adjusts {command.what}s by {n:+d} by card text.")
            if command.what == "twilight":
                state.twilight += n
            elif command.what == "threat":
                if n > 0:
                    proc.add_threats(turn, n)
                else:
                    fp.threats += n
            elif n > 0:
                proc.add_burdens(turn, n)
            else:
                fp.burdens += n

    def orders_changed(self, turn: Turn[TcgState]) -> None:
        flow.advance(turn)  # a window now passed by the new order closes at once

    def parse_verb(self, words: list[str]) -> Any:
        verb = words[0].lower()
        if verb == "adjust":
            if len(words) < 2 or words[1].lower() not in ADJUST or len(words) - 2 != ADJUST[words[1].lower()]:
                raise CommandError("Adjust with: wound <card> +1, burden +1, threat -1, twilight +2, "
                                   "strength <card> +2, discard <card>, draw 1.")
            what, args = words[1].lower(), tuple(words[2:])
            if what in ("wound", "strength"):
                _signed(args[1])
            elif what == "draw":
                _signed("+" + args[0].lstrip("+"))
            elif what != "discard":
                _signed(args[0])
            return Adjust(what=what, args=args)
        if verb in verbs.VERBS:
            return verbs.parse(words)
        if verbs.answer_word(words[0]):
            # 'pass' out of turn: a word of the game that nothing now asks for, not an unknown one (the service
            # answers it for the seat's open decision when there is one, bot/service/service.py parse_for_seat).
            raise NotACommand(verbs.not_asked(words[0]))
        raise NotACommand(f"Unknown command '{words[0]}'. Answer a decision ('answer <n> <option>'), play a card "
                           "('play c60'), use or heal by its id, set a standing order ('order skirmish pass') or "
                           "adjust ('adjust burden +1').")

    def format_verb(self, command: Any) -> str:
        if isinstance(command, Adjust):
            return " ".join(["adjust", command.what, *command.args])
        if isinstance(command, verbs.Act):
            return command.text()
        return super().format_verb(command)

    def view(self, state: TcgState, seat: str | None) -> View:
        return build(state, seat)

    def private(self, state: TcgState, seat: str) -> list[ZoneView]:
        return hand_zones(state, seat)

    def private_basis(self, state: TcgState, seat: str) -> Sequence[object]:
        return own_hidden(state, seat)  # the zones themselves: their views are made from them alone (zone_view)


def _signed(text: str) -> int:
    body = text[1:] if text[:1] in "+-" else ""
    if not body.isascii() or not body.isdigit() or len(body) > 2:
        raise CommandError(f"Write a signed number like +1 or -2, not '{text}'.")
    return int(text)
