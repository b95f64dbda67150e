"""Setup (spec 3, in the order of 3.8): decks, first player, heroes and threat, hands and mulligans, the
quest deck and the scenario's own setup."""

from __future__ import annotations

import json
from collections import Counter

from engines.core import CommandError, Decision, DecisionKind, Option, RuleError, card_list
from engines.lcg import campaign_table, scenarios
from engines.lcg.campaign.catalogue import fold
from engines.lcg.campaign.plan import CampaignSetup
from engines.lcg.cards import Deck, Scenario, Slot
from engines.lcg.flow import T, answer, push, task
from engines.lcg.library import Library
from engines.lcg.state import RESOURCE, LcgState, Task
from engines.lcg.table import add_tokens, draw, heroes


def start(turn: T, library: Library, chosen: dict[str, str] | None = None) -> None:
    """Play the decks `chosen` for their seats (the `decks` option) and ask every other seat for its own; the rest
    of setup runs once all have one."""
    state = turn.state
    chosen = chosen or {}
    seats = [p.seat for p in state.players]
    unknown = sorted(set(chosen) - set(seats))
    if unknown:
        raise RuleError(f"The decks option names {', '.join(unknown)}, not a seat of this game ({', '.join(seats)}).")
    for seat in seats:
        if seat in chosen:
            choose_deck(turn, library, seat, chosen[seat])
    for seat in seats:
        if seat not in chosen:
            turn.ask(seat, DecisionKind.CHOOSE_ONE, "Setup: choose your deck (or type 'deck <key>')",  # RR p.10
                     deck_options(state, library, seat), context="deck")
    push(state, Task(kind="setup"))


def decks_chosen(text: str) -> dict[str, str]:
    """The `decks` option: JSON {seat: deck key}, or nothing."""
    if not text:
        return {}
    try:
        found = json.loads(text)
    except json.JSONDecodeError as e:
        raise CommandError(f"The decks option is not JSON {{seat: deck key}}: {e.msg}.") from None
    if not isinstance(found, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in found.items()):
        raise CommandError("The decks option is JSON {seat: deck key}, each a string.")
    return found


def start_campaign(turn: T, library: Library, plan: CampaignSetup) -> None:
    """Each seat plays the deck the log names (no deck choice at the table), with its earned boons shuffled in
    (C 12.5.3.1). A deck holding a banned title is refused, whatever the log said (spec 9.8)."""
    state = turn.state
    banned = {fold(t) for t in plan.banned}
    for player in state.players:
        key = plan.decks.get(player.seat)
        if key is None:
            raise RuleError(f"The campaign names no deck for {player.seat}.")
        deck = library.deck(key)
        titles = {library.card(c).name for c in (*deck.heroes, *(s.card for s in deck.cards))}
        bad = sorted(t for t in titles if fold(t) in banned)
        if bad:  # spec 7.3, 9.8
            raise RuleError(f"{deck.name} holds {', '.join(bad)}, banned in this campaign.")
        choose_deck(turn, library, player.seat, key)
        # Earned boons join the deck, unless the deck already holds those copies (a deck built with them).
        held = Counter(plan.boons.get(player.seat, ()))
        held.subtract(Counter(s.card for s in deck.cards for _ in range(s.count)))
        boons = [card_id for card_id, n in held.items() for _ in range(max(n, 0))]
        for card_id in boons:
            card = state.new_card(card_id)
            state.owners[card.uid] = player.seat
            player.deck.cards.append(card)
        if boons:
            turn.say(f"{player.seat} adds the boons {', '.join(state.defs[c].name for c in boons)} to their deck.")
    turn.say(f"Campaign {plan.campaign}, scenario {plan.scenario_number}.")
    push(state, Task(kind="setup"))


def choose_deck(turn: T, library: Library, seat: str, key: str) -> None:
    state = turn.state
    deck = library.deck(key)
    check_deck(state, library, deck, seat)
    player = state.player(seat)
    player.deck_key = deck.key
    for hero_id in deck.heroes:
        state.defs[hero_id] = library.card(hero_id)
        hero = state.new_card(hero_id)
        state.owners[hero.uid] = seat
        player.play.cards.append(hero)
    for slot in deck.cards:
        state.defs[slot.card] = library.card(slot.card)
        for _ in range(slot.count):
            card = state.new_card(slot.card)
            state.owners[card.uid] = seat
            player.deck.cards.append(card)
    player.threat = sum(state.card_def(h).threat_cost for h in heroes(player, state))  # RR p.10: set as placed
    turn.say(f"{seat} plays {deck.name}: " + card_list(c.name for c in player.play.cards) + ".")
    for other in [d for d in state.decisions if d.context == "deck"]:  # a hero can be in only one deck
        other.options = deck_options(state, library, other.seat)


MAX_DECK_OPTIONS = 25  # a Discord select menu's limit; any other deck can still be typed ('deck <key>')


def deck_options(state: LcgState, library: Library, seat: str) -> list[Option]:
    """The decks this seat may still choose, recomputed from the whole library after every choice: cutting a
    fixed first 25 and then filtering left a seat with no option once the others had taken its heroes."""
    legal = (d for d in sorted(library.decks.values(), key=lambda d: d.key) if _legal(state, library, d.key, seat))
    return [Option(id=d.key, label=d.name) for _, d in zip(range(MAX_DECK_OPTIONS), legal, strict=False)]


def _legal(state: LcgState, library: Library, key: str, seat: str) -> bool:
    try:
        check_deck(state, library, library.deck(key), seat)
    except RuleError:
        return False
    return True


def check_deck(state: LcgState, library: Library, deck: Deck, seat: str) -> None:
    """Spec 9 and 3.0: 1 to 3 heroes, at most 3 copies a title, no hero title shared between players."""
    if not 1 <= len(deck.heroes) <= 3:
        raise RuleError(f"A deck needs 1 to 3 heroes; {deck.name} has {len(deck.heroes)}.")
    titles = Counter(library.card(s.card).name for s in deck.cards for _ in range(s.count))
    over = [t for t, n in titles.items() if n > 3]
    if over:
        raise RuleError(f"{deck.name} has more than 3 copies of {', '.join(over)}.")
    mine = {library.card(h).name for h in deck.heroes}
    for other in state.players:
        if other.seat == seat:
            continue
        taken = mine & {c.name for c in heroes(other, state)}
        if taken:
            raise RuleError(f"{', '.join(sorted(taken))} is already one of {other.seat}'s heroes.")


VOTE_IDS = "vote-ids:"  # a mark: the decision numbers of the first-player vote, "first-last"


def own_question(state: LcgState, seat: str, decision_id: int) -> int:
    """The first-player vote is one question to the whole table, though each seat answers its own decision:
    a seat that answers with the number another seat's prompt showed (open or already answered) answers its
    own vote. Any other number is returned as it is."""
    own = next((d for d in state.decisions if d.seat == seat and d.context == "vote"), None)
    if own is None:
        return decision_id
    for mark in state.marks:
        if mark.startswith(VOTE_IDS):
            low, _, high = mark.removeprefix(VOTE_IDS).partition("-")
            if int(low) <= decision_id <= int(high):
                return own.id
    return decision_id


@task("setup")
def setup_after_decks(turn: T, _task: Task) -> None:
    state = turn.state
    for p in state.players:
        state.rng.shuffle(p.deck.cards)  # step 1
    if len(state.players) > 1:  # step 4, moved early (3.8): a vote, then chance on a tie
        options = [Option(id=p.seat, label=p.seat) for p in state.players]
        first_id = state.next_decision
        for p in state.players:
            turn.ask(p.seat, DecisionKind.CHOOSE_ONE, f"Setup: vote for the first player; type the seat alone, "
                     f"e.g. '{state.players[0].seat}'", options, context="vote")
        state.marks.append(f"{VOTE_IDS}{first_id}-{state.next_decision - 1}")
    push(state, Task(kind="setup-table"))


@answer("vote")
def vote(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    state = turn.state
    state.passed.append(choice[0])  # votes are kept in `passed` until the count
    if any(d.context == "vote" for d in state.decisions):
        return
    counts = Counter(state.passed)
    best = max(counts.values())
    leaders = sorted(seat for seat, n in counts.items() if n == best)
    chosen = leaders[0] if len(leaders) == 1 else state.rng.choice(leaders)
    if len(leaders) > 1:
        turn.say(f"The vote is tied between {', '.join(leaders)}; chance chooses {chosen}.")
    state.first = [p.seat for p in state.players].index(chosen)
    state.passed = []
    state.marks = [m for m in state.marks if not m.startswith(VOTE_IDS)]
    turn.say(f"{chosen} is the first player.")


@task("setup-table")
def setup_table(turn: T, _task: Task) -> None:
    state = turn.state
    scenario = scenarios.definition(state)
    for p in state.players:  # step 2: heroes are in play; threat was set to their total as they were placed
        if state.difficulty == "easy":  # C 9.2
            for h in heroes(p, state):
                add_tokens(h, RESOURCE, 1)
        turn.say(f"{p.seat} starts at threat {p.threat}.")
    build_encounter_deck(turn, scenario_slots(state, scenario))
    if state.campaign is not None:  # C 13.2: the log's penalty, Permanent cards and pool cards
        campaign_table.at_setup(turn)
    for p in state.players:  # step 5: six cards each, then one mulligan each, chosen in private
        draw(turn, p, 6)
        turn.ask(p.seat, DecisionKind.CHOOSE_ONE, "Setup: keep this setup hand, or take your one mulligan?",  # RR p.10
                 [Option(id="keep", label="Keep"), Option(id="mulligan", label="Mulligan")], private=True,
                 context="mulligan")
    push(state, Task(kind="setup-quest"))


def scenario_slots(state: LcgState, scenario: Scenario) -> dict[str, tuple[Slot, ...]]:
    nightmare = state.difficulty == "nightmare" and scenario.nightmare_encounter
    easy = state.difficulty == "easy" and scenario.easy_encounter
    return {
        "encounter": scenario.nightmare_encounter if nightmare else scenario.easy_encounter if easy
        else scenario.encounter,
        "staging": scenario.nightmare_staging if nightmare and scenario.nightmare_staging else scenario.staging,
        "set_aside": scenario.nightmare_set_aside if nightmare and scenario.nightmare_set_aside
        else scenario.set_aside,
        "active": scenario.active_location,
    }


def build_encounter_deck(turn: T, slots: dict[str, tuple[Slot, ...]]) -> None:
    state = turn.state
    for zone, key in ((state.encounter_deck, "encounter"), (state.staging, "staging"),
                      (state.set_aside, "set_aside"), (state.active, "active")):
        for slot in slots[key]:
            for _ in range(slot.count):
                zone.cards.append(state.new_card(slot.card))
    state.rng.shuffle(state.encounter_deck.cards)
    # The scenario's setup, in the log (found playing: Passage Through Mirkwood's Forest Spider and Old Forest Road
    # were in the staging area with no word of how they came there).
    for zone, where in ((state.staging, "put into the staging area"), (state.active, "the active location"),
                        (state.set_aside, "set aside")):
        if zone.cards:
            turn.say(f"Setup: {'; '.join(c.name for c in zone.cards)} {'is' if len(zone.cards) == 1 else 'are'} "
                     f"{where}.")


@answer("mulligan")
def mulligan(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    state = turn.state
    player = state.player(decision.seat)
    player.mulligan_done = True
    if choice[0] == "mulligan":  # RR p.10: shuffle the six back, draw six new ones, keep them
        player.deck.cards.extend(player.hand.cards)
        player.hand.cards = []
        state.rng.shuffle(player.deck.cards)
        turn.say(f"{player.seat} takes a mulligan.")
        draw(turn, player, 6)
    else:
        turn.say(f"{player.seat} keeps their setup hand.")


@task("setup-quest")
def setup_quest(turn: T, _task: Task) -> None:
    state = turn.state
    if state.campaign is not None:  # C 12.5.3.3: player-back burdens, once the setup hands are settled
        campaign_table.after_hands(turn)
    scenario = scenarios.definition(state)
    stages = [state.new_card(q) for q in scenario.quest]  # step 6: stage 1 on top
    state.quest_deck.cards = list(reversed(stages))
    first = state.quest_deck.cards.pop()
    first.name = state.card_def(first).stage_name or first.name  # flipped to side B after its setup
    state.quest.cards = [first]
    turn.say(f"The quest begins: {first.name} (stage {state.card_def(first).stage}).")
    if state.autopass_default != "off":  # told before any window, so nobody reads more into one than it says
        unset = [p.seat for p in state.players if p.seat not in state.autopass]
        if unset:
            who = ", ".join(unset)
            what = (f"Action windows never ask {who}" if state.autopass_default == "all" else
                    f"Planning and action windows ask {who} only with a card to play or an action to use, so the "
                    "table can tell when they have none")
            turn.say(f"{what} (the game's standing order 'autopass {state.autopass_default}'); 'autopass off' asks "
                     "every time.")
    push(state, Task(kind="scenario-setup"), Task(kind="stage-revealed", ref=first.uid), Task(kind="round"))


@task("scenario-setup")
def scenario_setup(turn: T, _task: Task) -> None:
    scenarios.setup(turn)


__all__ = ["choose_deck", "draw", "start", "start_campaign"]
