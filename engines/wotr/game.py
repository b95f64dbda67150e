"""War of the Ring: The Card Game as a Westmarch engine: options (every [ENGINE] default of spec 10), setup
(spec 3), the answer grammar plus the manual-adjustment verbs for unscripted text (spec 8.3)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engines.core import CommandError, Config, Decision, DecisionKind, Option, Rng, RuleError, Rules, Turn, View
from engines.wotr import answers, effects, round  # noqa: F401  (effects registers the scripts)
from engines.wotr import procedures as proc
from engines.wotr.cards import BATTLEGROUND, FP, PATH, SHADOW, CardDef, fold
from engines.wotr.scenarios import SCENARIOS, by_name, deck_list, scenario
from engines.wotr.state import ATK, DEF, REACTIVATED_ACROSS, Deck, WotrState
from engines.wotr.view import build

# Each option: its default and the values it may take (None: any integer >= 0). Spec 10 numbers in comments.
CHOICES: dict[str, tuple[str | int | bool, tuple[str | bool, ...] | None]] = {
    "scenario": ("trilogy", tuple(SCENARIOS)),
    "promos": (False, (False, True)),  # the P1-P4 promo cards join their factions' decks
    "overflow": ("cycle", ("cycle", "eliminate")),  # 10.1 a deck over its limit at the end of the step
    "pass_count": ("decks", ("decks", "seats")),  # 10.2 the step ends when every deck / every seat passed
    "duel_path": ("majority", ("majority", "trilogy")),  # 10.3 the Duels' path scoring
    "doubling": ("fp", ("fp", "both", "none")),  # 10.4 the 3PD doubles "each FP player" only
    "duel3_shadow_ring_vp": (True, (False, True)),  # 10.5 the 3PD Shadow tokens score like the Trilogy's
    "duel_ring_vp": (0, None),  # 10.5 a Duel token's worth at the end
    "duel_ring_reset": (True, (False, True)),  # 10.5 the Duel token flips back each round
    "fotr_path": ("trilogy", ("trilogy", "majority")),  # 10.6 FotR path scoring
    "support": ("auto", ("auto",)),  # 10.7 armies go to the characters with most leadership (optimal)
    "zero_cancel": (False, (False, True)),  # 10.8 may a 0-icon defender be eliminated to cancel
    "reactivated_tokens": (True, (False, True)),  # 10.9 tokens count on a battleground reactivated across
    "item_pile": ("owner", ("owner", "wielder")),  # 10.10 whose eliminated pile an eliminated item joins
    "chain_extra_cost": (True, (False, True)),  # 10.11 a chain's plays beyond the cards left to cycle cost a cycle
    "forsake_recycle": (True, (False, True)),  # 10.12 forsaking the top of an empty deck recycles first
    "missing_path": ("skip", ("skip", "next")),  # 10.13 no path of the next number: none, or the next one
    "public_hand_sizes": (True, (False, True)),  # 10.14
    "corruption_supply": (0, None),  # 10.15 0 = unlimited
    "eliminations": ("defender", ("defender", "attacker")),  # 10.16 who picks eliminations (timeout: attacker)
    "draw_order": ("seat", ("seat", "starting")),  # 10.17 the draw step's order
    "combat_order": ("choose", ("choose", "activation")),  # L395-396: the starting player orders combats
    "last_path": (0, None),  # 0: the scenario's (9; FotR 6)
}


@dataclass(frozen=True)
class Adjust:
    """A manual adjustment for text the engine does not script (spec 8.3), announced to the table:
    `corruption +1`, `token <location> atk|def +1`, `draw <deck> 2`, `cycle <deck> <card>`,
    `eliminate <deck> <card>`, `open <faction or card name>` (it may enter any battleground this round),
    `activate <location>` (a battleground or path by text), `reactivate <battleground>` (from a scoring area)."""

    verb: str
    args: tuple[str, ...]

    def text(self) -> str:
        return " ".join([self.verb, *(f'"{a}"' if " " in a else a for a in self.args)])


VERBS = ("corruption", "token", "draw", "cycle", "eliminate", "open", "activate", "reactivate")


class Wotr(Rules[WotrState]):
    name = "wotr"
    title = "War of the Ring: The Card Game"
    version = "1"
    min_seats = 2
    max_seats = 4
    state_type = WotrState
    shared_fields = ("defs",)
    options = {k: v[0] for k, v in CHOICES.items()}  # noqa: RUF012

    def __init__(self, cards: dict[str, CardDef]) -> None:
        self.cards = cards

    def check_options(self, options: dict[str, Any]) -> dict[str, str | int | bool]:
        out = dict(self.options)
        for key, value in options.items():
            if key not in CHOICES:
                raise CommandError(f"Unknown option '{key}'. Options: {', '.join(CHOICES)}.")
            allowed = CHOICES[key][1]
            if allowed is None:
                if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                    raise CommandError(f"Option {key} takes a whole number of 0 or more.")
            elif value not in allowed:
                raise CommandError(f"Option {key} must be one of {', '.join(str(a) for a in allowed)}.")
            out[key] = value
        return out

    def setup(self, config: Config, seed: int) -> WotrState:
        options = self.check_options(config.options)
        recipe = scenario(str(options["scenario"]))
        people = len(config.seats)
        if people not in recipe.seating:
            counts = " or ".join(str(n) for n in sorted(recipe.seating))
            raise RuleError(f"{recipe.name} is played by {counts} players, not {people}.")
        state = WotrState(seats=list(config.seats), rng=Rng.seeded(seed), scenario=recipe.key, options=options,
                          defs=dict(self.cards), order=list(recipe.order))
        all_cards = list(self.cards.values())
        turn = Turn(state=state, seat="")
        for seat, roles in zip(config.seats, recipe.seating[people], strict=True):
            for key in roles:
                role = recipe.role(key)
                deck = Deck(key=key, name=role.name, side=role.side, seat=seat, ring_mode=role.ring,
                            ring="none" if role.ring == "none" else "unused")
                cards, _missing = deck_list(role, all_cards, promos=bool(options["promos"]))
                for cdef in cards:
                    card = state.new_card(cdef.id)
                    state.owners[card.uid] = key
                    deck.draw.cards.append(card)
                state.rng.shuffle(deck.draw.cards)
                state.decks.append(deck)
        state.decks.sort(key=lambda d: recipe.order.index(d.key))
        locations = [c for c in all_cards if c.is_location]
        if recipe.battlegrounds:
            locations = [c for c in locations if c.kind == PATH or (by_name([c], c.name) and
                         fold(c.name) in {fold(n) for n in recipe.battlegrounds})]
        if recipe.paths:
            listed = [p for n in recipe.paths for p in by_name(locations, n) if p.kind == PATH]
            locations = [c for c in locations if c.kind == BATTLEGROUND] + listed
        for cdef in locations:
            card = state.new_card(cdef.id)
            if cdef.kind == BATTLEGROUND:
                state.bg_deck(cdef.side).cards.append(card)
            else:
                state.path_deck.cards.append(card)
        state.path_deck.cards.sort(key=lambda c: state.card_def(c).path_number)
        turn.say(f"{recipe.name}: " + "; ".join(f"{d.name}'s deck ({'Free Peoples' if d.side == FP else 'Shadow'}, "
                                                 f"{len(d.draw.cards)} cards) played by {d.seat}" for d in state.decks)
                 + ".")
        for deck in state.decks:  # L118-121
            role = recipe.role(deck.key)
            proc.draw(turn, deck, role.opening_draw)
            if role.opening_cycle:
                turn.ask(deck.seat, DecisionKind.CHOOSE_MANY, f"{deck.name}'s deck: choose {role.opening_cycle} cards "
                         "of your opening hand to cycle.", [Option(id=c.uid, label=c.name) for c in deck.hand.cards],
                         low=role.opening_cycle, high=role.opening_cycle, private=True, context=f"opening:{deck.key}")
        round.advance(turn)
        return state

    def resolve(self, turn: Turn[WotrState], decision: Decision, choice: tuple[str, ...]) -> None:
        answers.resolve(turn, decision, choice)
        round.advance(turn)

    # --- adjustments ----------------------------------------------------------------------------------------
    def perform(self, turn: Turn[WotrState], command: Any) -> None:
        if not isinstance(command, Adjust):
            super().perform(turn, command)
            return
        state, seat = turn.state, turn.seat
        if seat not in state.seats:
            raise RuleError(f"{seat} is not a seat in this game.")
        if state.phase == "setup":
            raise RuleError("Adjustments can be made once setup is complete.")
        verb, args = command.verb, command.args
        if verb == "corruption":
            n = _signed(args[0])
            if n < 0:
                proc.remove_corruption(turn, -n, seat)  # nothing to remove: nothing happens (L683-684)
            else:
                state.corruption += n
                turn.say(f"{seat} adjusts corruption by {n:+d}: now {state.corruption}.")
        elif verb == "token":
            loc = state.active.find(args[0])
            if loc is None:
                raise RuleError(f"{args[0]} is not an active location.")
            kind, n = args[1].lower(), _signed(args[2])
            if kind not in (ATK, DEF):
                raise RuleError("A combat token is 'atk' or 'def'.")
            if loc.tokens.get(kind, 0) + n < 0:
                raise RuleError(f"{loc.name} has only {loc.tokens.get(kind, 0)} {kind} tokens.")
            loc.tokens[kind] = loc.tokens.get(kind, 0) + n
            turn.say(f"{seat} adjusts {loc.name}'s {kind} tokens by {n:+d}.")
        elif verb in ("activate", "reactivate"):
            self._activate(turn, verb, args[0])
        elif verb == "open":
            state.round_flags.append(f"enter:{args[0]}")
            turn.say(f"{seat}: this round, {args[0]} may enter any battleground (by card text).")
        else:
            deck = self._own_deck(state, seat, args[0])
            if verb == "draw":
                turn.say(f"{seat} adjusts: {deck.name}'s deck draws by card text.")
                proc.draw(turn, deck, _count(args[1]))
            elif deck.hand.find(args[1]) is None:
                raise RuleError(f"{args[1]} is not in {deck.name}'s hand.")
            elif verb == "cycle":
                proc.cycle_from_hand(turn, deck, args[1], " (adjustment)")
            else:
                proc.eliminate_from_hand(turn, deck, args[1], " (adjustment)")
        round.advance(turn)

    def _activate(self, turn: Turn[WotrState], verb: str, uid: str) -> None:
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
        round.replace_path(turn, card, "by card text")

    def _own_deck(self, state: WotrState, seat: str, key: str) -> Deck:
        deck = next((d for d in state.decks if d.key == key.lower() or fold(d.name) == fold(key)), None)
        if deck is None:
            raise RuleError(f"No deck '{key}'. Decks: {', '.join(d.key for d in state.decks)}.")
        if deck.seat != seat:
            raise RuleError(f"{deck.name}'s deck is played by {deck.seat}, not by {seat}.")
        return deck

    def parse_verb(self, words: list[str]) -> Any:
        verb = words[0].lower()
        shapes = {"corruption": 1, "token": 3, "draw": 2, "cycle": 2, "eliminate": 2, "open": 1, "activate": 1,
                  "reactivate": 1}
        if verb not in shapes:
            raise CommandError(f"Unknown command '{words[0]}'. Answer a decision ('answer <n> <option>') or adjust: "
                               "corruption +1, token <location> atk|def +1, draw <deck> <n>, cycle <deck> <card>, "
                               "eliminate <deck> <card>, open <faction>, activate <location>, "
                               "reactivate <battleground>.")
        if len(words) - 1 != shapes[verb]:
            raise CommandError(f"'{verb}' takes {shapes[verb]} word(s): see 'help' for the form.")
        args = tuple(words[1:])
        if verb == "corruption":
            _signed(args[0])
        elif verb == "token":
            _signed(args[2])
        elif verb == "draw":
            _count(args[1])
        return Adjust(verb=verb, args=args)

    def format_verb(self, command: Any) -> str:
        if isinstance(command, Adjust):
            return command.text()
        return super().format_verb(command)

    def view(self, state: WotrState, seat: str | None) -> View:
        return build(state, seat)


def _signed(text: str) -> int:
    body = text[1:] if text[:1] in "+-" else ""
    if not body.isascii() or not body.isdigit() or len(body) > 3:
        raise CommandError(f"Write a signed number like +1 or -2, not '{text}'.")
    return int(text)


def _count(text: str) -> int:
    if not text.isascii() or not text.isdigit() or not 0 < int(text) <= 20:
        raise CommandError(f"Write a number of cards from 1 to 20, not '{text}'.")
    return int(text)
