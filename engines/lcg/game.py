"""The Lord of the Rings: The Card Game, as a Westmarch engine: the contract's entry points, the command
grammar (answers, `deck`, `play`, `mulligan`/`keep`, and the adjustment verbs) and setup options."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from engines.core import (
    NONE,
    THEN,
    Answer,
    CommandError,
    Config,
    Decision,
    NotACommand,
    Rng,
    RuleError,
    Rules,
    Step,
    Turn,
    View,
)
from engines.core.zones import ZoneView
from engines.lcg import adjust, campaign_table, expert, flow, scenarios, setup
from engines.lcg import playing as playing_rules
from engines.lcg.campaign import plan as campaign_plan
from engines.lcg.cards import Scenario
from engines.lcg.library import Library
from engines.lcg.state import LcgState, Player
from engines.lcg.view import build, hand_zones, own_hidden, shared

# Importing the phase modules registers their tasks and answers with the flow; importing the card effects
# registers every card's scripts and the handlers of the rules' hooks (the one place that names the families).
from engines.lcg import combat, effects, playing, player_attacks, quest, round as round_  # noqa: F401  isort: skip

DIFFICULTIES = ("easy", "standard", "nightmare")
AUTOPASS = {"off": "be asked every time",
            "smart": "be asked in planning and action windows only with a card to play or an action to use (so the "
                     "table can tell when they have none)",
            "all": "always pass in action windows (and in planning with nothing to play)"}
WINDOWS = ("all", "key", "none")


@dataclass(frozen=True)
class ChooseDeck:
    key: str


@dataclass(frozen=True)
class Play:
    card: str  # uid
    # A chained play (`play c23 then h1=2 h4=1`): the answers to what the play asks at once (its payment, its
    # attachment's host), as a chained answer to the planning turn or window (engines/core/decisions.Answer).
    then: tuple[tuple[str, ...], ...] = ()


@dataclass(frozen=True)
class Autopass:
    """`autopass off|smart|all`: a seat's standing order for action windows (spec 4.0)."""

    mode: str


class Lcg(Rules[LcgState]):
    name = "lcg"
    title = "The Lord of the Rings: The Card Game"
    # 2: `autopass smart` (and `all`) also skip a planning turn with nothing to play, so a journal of version 1
    # in which such a seat passed by hand does not replay the same. 3: Aragorn's response is offered after
    # Théodred's resource, a question a journal of version 2 did not answer. 4: `windows=key` opens the start of
    # combat (with an enemy engaged), Stand and Fight asks how X is split, Théodred offers every committed hero, and
    # an attack whose attacker left play opens no more windows: questions a journal of version 3 did not answer.
    # 5: the players arrive at a location once its Travel cost is paid (RR p.23), so the responses to travelling
    # wait for Great Forest Web's heroes, and Mountains of Mirkwood's card is revealed (its questions asked) first.
    # 6: an attack whose enemy is sent back to the staging area still resolves (FAQ 1.32), asking its questions
    # (an undefended hero, an action window), and an enemy that has attacked does not attack a player who engages it
    # later in that combat phase: a journal of version 5 answered questions that no longer come, or not those that do.
    # Also in 6: Will of the West is removed from the game (its own text), not left in a discard pile it may shuffle.
    # 7: an enemy sent back to the staging area keeps its shadow cards until the end of combat (C 14.6.1.4), so the
    # encounter discard pile holds them later (what a refilled encounter deck or Backtrack! finds there differs).
    # Also in 7: an enemy's Forced effects after it attacks follow an attack whose damage eliminates the defending
    # player (C 4.4), where a journal of version 6 skipped them.
    version = "7"
    min_seats = 1
    max_seats = 4
    state_type = LcgState
    shared_fields = ("defs", "recipe")  # frozen CardDefs and Scenario: shared between copies
    options = {  # noqa: RUF012 - the host's choices at /game new, with their defaults
        "scenario": "passage-through-mirkwood",
        "difficulty": "standard",
        "basic": False,
        "windows": "key",
        # Every seat's standing order for action windows until it sets its own (`autopass ...`). Smart saves a
        # command per empty window; Race Against the Shadow plays with off (its clock counts on each team acting
        # through its phase group), and so does anyone who would rather not let an unasked window show an empty
        # hand.
        "autopass": "smart",
        "elimination": 50,
        "expert": False,  # the three Core Set scenarios in a row, with carry-over (C 15.2)
        "campaign": "",  # campaign mode: the log's setup for this scenario, as JSON (engines/lcg/campaign/plan.py)
        # The deck each seat plays, chosen before the start rather than at the table, as JSON {seat: deck key}: a
        # tournament's registered decks (C 15.3.2), set by the bot. Seats it leaves out choose theirs as usual.
        "decks": "",
    }

    def __init__(self, library: Library) -> None:
        self.library = library

    def check_options(self, options: dict[str, Any]) -> None:
        """Refuse bad options when the game is created, not when it starts."""
        self.library.scenario(str(options.get("scenario", self.options["scenario"])))
        if options.get("difficulty", "standard") not in DIFFICULTIES:
            raise CommandError(f"Difficulty must be one of {', '.join(DIFFICULTIES)}.")
        if options.get("windows", "key") not in WINDOWS:
            raise CommandError(f"Action windows must be one of {', '.join(WINDOWS)}.")
        if options.get("autopass", "smart") not in AUTOPASS:
            raise CommandError(f"Option autopass must be one of {', '.join(AUTOPASS)}.")
        if options.get("campaign"):
            campaign_plan.decode(str(options["campaign"]))
            if options.get("expert"):
                raise CommandError("A campaign scenario cannot also be an expert game.")
        if options.get("decks"):
            if options.get("campaign"):
                raise CommandError("A campaign scenario plays the decks its log names: it takes no decks option.")
            for seat, key in setup.decks_chosen(str(options["decks"])).items():
                if key not in self.library.decks:
                    raise CommandError(f"The decks option gives {seat} '{key}', which is no deck here.")

    def setting(self, options: dict[str, Any]) -> str:
        """The scenario, its difficulty and mode, as the host chose them or as the defaults left them: "Scenario:
        Passage Through Mirkwood, standard difficulty." (an expert game names the scenarios it plays in turn)."""
        chosen = {**self.options, **options}
        key = str(chosen["scenario"])
        names = [self.library.scenario(key).name]
        if chosen.get("expert") and key in expert.SEQUENCE:
            later = expert.SEQUENCE[expert.SEQUENCE.index(key) + 1:]
            names += [self.library.scenarios[k].name for k in later if k in self.library.scenarios]
        head = f"Scenario: {names[0]}" if len(names) == 1 else f"Scenarios: {', then '.join(names)} (expert game)"
        basic = ", basic mode (no shadow cards)" if chosen.get("basic") else ""
        part = ""
        if chosen.get("campaign"):
            plan = campaign_plan.decode(str(chosen["campaign"]))
            part = f" ({plan.campaign}, scenario {plan.scenario_number})"
        return f"{head}, {chosen['difficulty']} difficulty{basic}{part}."

    def start(self, config: Config, seed: int) -> Step[LcgState]:
        options = {**self.options, **config.options}
        self.check_options(options)
        recipe = self.library.scenario(str(options["scenario"]))
        difficulty = str(options["difficulty"])
        if difficulty == "nightmare" and not recipe.nightmare_encounter:
            raise RuleError(f"{recipe.name} has no Nightmare recipe.")
        state = LcgState(seats=list(config.seats), rng=Rng.seeded(seed), scenario=recipe.key, recipe=recipe,
                         difficulty=difficulty, basic=bool(options["basic"]), windows=str(options["windows"]),
                         elimination=int(options["elimination"]), autopass_default=str(options["autopass"]),
                         players=[Player(seat=s) for s in config.seats])
        if options.get("expert"):
            if recipe.key not in expert.SEQUENCE:
                raise RuleError("The expert game plays the Core Set scenarios: start it with one of "
                                + ", ".join(expert.SEQUENCE) + ".")
            later = expert.SEQUENCE[expert.SEQUENCE.index(recipe.key) + 1:]
            state.expert_queue = [self.library.scenario(key) for key in later]
        for scenario in [recipe, *state.expert_queue]:
            for card_id in scenario_cards(scenario):
                state.defs[card_id] = self.library.card(card_id)
        turn = Turn(state=state, seat="")
        if options.get("campaign"):
            state.campaign = campaign_plan.decode(str(options["campaign"]))
            campaign_table.load_defs(state, self.library, state.campaign)
            setup.start_campaign(turn, self.library, state.campaign)
            self.settle(turn)  # the decks are chosen: setup runs on to the first vote or mulligan
        else:
            chosen = setup.decks_chosen(str(options["decks"]))
            setup.start(turn, self.library, chosen)
            if all(p.seat in chosen for p in state.players):
                self.settle(turn)  # every deck chosen: setup runs on to the first vote or mulligan
        return Step(state=state, events=turn.events)

    # --- answers and verbs --------------------------------------------------------------------------
    def apply(self, state: LcgState, seat: str, command: Any) -> Step[LcgState]:
        if isinstance(command, Play) and command.then:
            playing = self._playing(state, seat)
            if playing is not None and command.card in {o.id for o in playing.options}:
                command = Answer(decision=playing.id, choice=(command.card,), then=command.then)
            else:  # refused below with the plain play's words
                command = Play(card=command.card)
        if isinstance(command, Answer) and state.phase == "setup":
            own = setup.own_question(state, seat, command.decision)
            if own != command.decision:
                command = replace(command, decision=own)
        return super().apply(state, seat, command)

    def resolve(self, turn: Turn[LcgState], decision: Decision, choice: tuple[str, ...]) -> None:
        if decision.context == "deck":
            setup.choose_deck(turn, self.library, decision.seat, choice[0])
        else:
            flow.ANSWERS[decision.context.split(":", 1)[0]](turn, decision, choice)
        self.settle(turn)

    def settle(self, turn: Turn[LcgState]) -> None:
        """Run the procedure until it waits, checking after every change what the rules check "as soon
        as" it happens: a complete stage whose block has lifted advances, a quest's win condition wins."""
        while True:
            flow.run(turn)
            before = (len(turn.state.quest_done.cards), turn.state.outcome)
            if turn.state.phase != "setup":
                quest.check_advance(turn)
            scenarios.check_victory(turn)
            if (len(turn.state.quest_done.cards), turn.state.outcome) == before or turn.state.decisions:
                break

    def perform(self, turn: Turn[LcgState], command: Any) -> None:
        state, seat = turn.state, turn.seat
        if seat not in state.seats:
            raise RuleError(f"{seat} is not a seat in this game.")
        if isinstance(command, adjust.Adjust):
            if state.phase == "setup" and command.verb not in ("threat",):
                raise RuleError("Adjustments can be made once setup is complete.")
            adjust.perform(turn, seat, command)
            self.settle(turn)
            return
        if isinstance(command, Autopass):
            state.autopass[seat] = command.mode
            turn.say(f"{seat} will {AUTOPASS[command.mode]} in action windows.")
            return
        if isinstance(command, ChooseDeck):
            decision = self._open(state, seat, "deck", "You are not choosing a deck now.")
            state.decisions.remove(decision)
            self.resolve(turn, decision, (command.key,))
            return
        if isinstance(command, Play):
            playing = self._playing(state, seat)
            if playing is None:
                raise RuleError("You can play cards during your planning turn and in action windows; "
                                "neither is open for you now.")
            if command.card not in {o.id for o in playing.options}:
                card = state.player(seat).hand.find(command.card)
                if card is None:
                    raise RuleError(f"{command.card} is not a card in your hand.")
                reason = playing_rules.why_unplayable(state, state.player(seat), card,
                                                      planning=playing.context == "plan")
                raise RuleError(reason or f"{card.name} cannot be played now.")
            state.decisions.remove(playing)
            self.resolve(turn, playing, (command.card,))
            return
        super().perform(turn, command)

    @staticmethod
    def _playing(state: LcgState, seat: str) -> Decision | None:
        """The seat's open planning turn or action window: where `play <card>` plays."""
        return next((d for d in state.decisions if d.seat == seat and d.context.split(":")[0] in ("plan", "window")),
                    None)

    def _open(self, state: LcgState, seat: str, context: str, refusal: str) -> Decision:
        decision = next((d for d in state.decisions if d.seat == seat and d.context == context), None)
        if decision is None:
            raise RuleError(refusal)
        return decision

    def parse_verb(self, words: list[str]) -> Any:
        verb = words[0].lower()
        if verb == "deck":
            if len(words) != 2:
                raise CommandError("Write 'deck <key>', for example 'deck core-leadership'.")
            return ChooseDeck(key=words[1])
        if verb == "play":
            if len(words) < 2 or (len(words) > 2 and words[2].lower() != THEN):
                raise CommandError("Write 'play <card>', with the card's id from your hand, e.g. 'play c23'; what it "
                                   "asks next may follow: 'play c23 then h1=2 h2=1'.")
            chained = super().parse(" ".join(["answer", "0", *words[1:]]))  # the kernel reads the 'then' steps
            return Play(card=words[1], then=chained.then)
        if verb == "autopass":
            if len(words) != 2 or words[1].lower() not in AUTOPASS:
                raise CommandError("Write 'autopass off' (always ask me), 'autopass smart' (ask only when I have a "
                                   "card to play or an action to use) or 'autopass all' (never ask in action "
                                   "windows).")
            return Autopass(mode=words[1].lower())
        if verb in adjust.VERBS:
            return adjust.parse(words)
        raise NotACommand(f"Unknown command '{words[0]}'. Answer a decision ('answer <n> <option>'), "
                           "or use deck, play, or an adjustment (help adjust).")

    def format_verb(self, command: Any) -> str:
        if isinstance(command, ChooseDeck):
            return f"deck {command.key}"
        if isinstance(command, Play):
            return " ".join([f"play {command.card}", *(w for step in command.then for w in (THEN, *(step or (NONE,))))])
        if isinstance(command, Autopass):
            return f"autopass {command.mode}"
        if isinstance(command, adjust.Adjust):
            return command.text()
        return super().format_verb(command)

    def view(self, state: LcgState, seat: str | None) -> View:
        return build(state, seat, self._title(state))

    def views(self, state: LcgState, seats: Sequence[str]) -> tuple[View, dict[str, View]]:
        title, alike = self._title(state), shared(state)  # what every audience sees alike, worked out once
        return build(state, None, title, alike), {seat: build(state, seat, title, alike) for seat in seats}

    def private(self, state: LcgState, seat: str) -> list[ZoneView]:
        return hand_zones(state, seat)  # without the stats of every card on the table a whole view works out

    def private_basis(self, state: LcgState, seat: str) -> Sequence[object]:
        return own_hidden(state, seat)  # the hand itself: its view is made from it alone (zone_view)

    @staticmethod
    def _title(state: LcgState) -> str:
        title = f"{state.recipe.name if state.recipe else state.scenario}"
        return title + (f" ({state.difficulty})" if state.difficulty != "standard" else "")


def scenario_cards(recipe: Scenario) -> list[str]:
    groups = (recipe.encounter, recipe.easy_encounter, recipe.nightmare_encounter, recipe.staging,
              recipe.active_location, recipe.set_aside, recipe.nightmare_staging, recipe.nightmare_set_aside)
    return sorted({*recipe.quest, *(slot.card for group in groups for slot in group)})
