"""War of the Ring: The Card Game as a Westmarch engine: options (every [ENGINE] default of spec 10), setup
(spec 3), the answer grammar plus the manual-adjustment verbs for unscripted text (spec 8.3)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.core import (
    Answer,
    CommandError,
    Config,
    Decision,
    DecisionKind,
    Option,
    Rng,
    RuleError,
    Rules,
    Step,
    Turn,
    View,
)
from engines.core.zones import ZoneView
from engines.wotr import adjust, answers, effects, round  # noqa: F401  (effects registers the scripts)
from engines.wotr import procedures as proc
from engines.wotr.adjust import Adjust
from engines.wotr.cards import BATTLEGROUND, FP, PATH, CardDef, fold
from engines.wotr.scenarios import SCENARIOS, by_name, deck_list, scenario
from engines.wotr.state import Deck, WotrState
from engines.wotr.view import build, hand_zones, own_hidden, shared

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


VERBS = adjust.VERBS  # the adjustment verbs (spec 8.3), for the Discord help and autocomplete


class Wotr(Rules[WotrState]):
    name = "wotr"
    title = "War of the Ring: The Card Game"
    # 2: a draw deck is rebuilt from its cycle pile the moment it runs out (L566-570), after the draw, forsake,
    # removal or search that empties it, not at the deck's next draw: the shuffle comes earlier and the cards
    # cycled in between stay in the cycle pile, so a journal written by version 1 does not replay the same.
    # 3: the state keeps this round's unscripted card texts with whose each is (`unscripted_texts`, for the credit
    # a proposal gives), where version 2 kept only the last card's name.
    # 4: a path activated by an agreed adjustment fights the replaced path at once (L191-196), withdrawing the
    # action question open before it and asking it again after; version 3 left the question open and fought after
    # it was answered, so a journal answering that question does not replay. Version 4 also refuses a path
    # activated by adjustment outside the action step (L149-150) or while another replaces the active path.
    version = "4"
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

    def setting(self, options: dict[str, Any]) -> str:
        """The scenario, as the host chose it or as the default left it, with the numbers of players it seats:
        "Scenario: Trilogy, for 2, 3 or 4 players."."""
        recipe = scenario(str({**self.options, **options}["scenario"]))
        counts = [str(n) for n in sorted(recipe.seating)]
        players = counts[0] if len(counts) == 1 else f"{', '.join(counts[:-1])} or {counts[-1]}"
        return f"Scenario: {recipe.name}, for {players} players."

    def start(self, config: Config, seed: int) -> Step[WotrState]:
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
                turn.ask(deck.seat, DecisionKind.CHOOSE_MANY, f"Opening hand: {deck.name}'s deck, choose "
                         f"{role.opening_cycle} cards of your opening hand to cycle.",
                         [Option(id=c.uid, label=c.name) for c in deck.hand.cards],
                         low=role.opening_cycle, high=role.opening_cycle, private=True, context=f"opening:{deck.key}")
        round.advance(turn)
        return Step(state=state, events=turn.events)

    def resolve(self, turn: Turn[WotrState], decision: Decision, choice: tuple[str, ...]) -> None:
        answers.resolve(turn, decision, choice)
        round.advance(turn)

    # --- adjustments (engines/wotr/adjust.py) -------------------------------------------------------------
    def perform(self, turn: Turn[WotrState], command: Any) -> None:
        if not isinstance(command, Adjust):
            super().perform(turn, command)
            return
        adjust.make(turn, command)
        round.advance(turn)

    def parse_verb(self, words: list[str]) -> Any:
        return adjust.parse(words)

    def default_answers(self, state: WotrState, decision: Decision) -> list[Answer]:
        """A seat that is not there never agrees to another's adjustment (issue 18)."""
        if decision.context.startswith("propose"):
            return [Answer(decision=decision.id, choice=("refuse",))]
        return super().default_answers(state, decision)

    def format_verb(self, command: Any) -> str:
        if isinstance(command, Adjust):
            return command.text()
        return super().format_verb(command)

    def view(self, state: WotrState, seat: str | None) -> View:
        return build(state, seat)

    def views(self, state: WotrState, seats: Sequence[str]) -> tuple[View, dict[str, View]]:
        alike = shared(state)  # what every audience sees alike, worked out once
        return build(state, None, alike), {seat: build(state, seat, alike) for seat in seats}

    def private(self, state: WotrState, seat: str) -> list[ZoneView]:
        return hand_zones(state, seat)  # without the score, the locations' strengths and the rest of a whole view

    def private_basis(self, state: WotrState, seat: str) -> Sequence[object]:
        return own_hidden(state, seat)  # the zones themselves: their views are made from them alone (zone_view)

