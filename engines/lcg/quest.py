"""The quest and travel phases (spec 4.3, 4.4): commit, staging with its keywords, resolution, progress,
exploring and stage advancement."""

from __future__ import annotations

from engines.core import Card, Decision, DecisionKind, Option, RuleError, card_list
from engines.lcg import hooks, scenarios, scripts
from engines.lcg.flow import T, answer, push, task
from engines.lcg.playing import in_play, window
from engines.lcg.state import COMMITTED, PROGRESS, TIME, LcgState, Task
from engines.lcg.table import (
    REVEALED,
    add_tokens,
    characters,
    clear_flag,
    current_stage,
    enter_staging,
    exhaust,
    explore,
    label,
    progress,
    raise_threat,
    ready,
    staged,
    stat,
    take_from_staging,
    win,
)


@task("quest")
def quest_phase(turn: T, _t: Task) -> None:
    state = turn.state
    scenarios.beginning_of_quest(turn)
    push(state,
         *[Task(kind="commit", seat=p.seat) for p in state.active_players()],
         *window(state, "after commit"),
         Task(kind="staging"),
         *window(state, "after staging"),
         Task(kind="quest-resolve"),
         Task(kind="quest-end"))


@task("commit")
def commit(turn: T, t: Task) -> None:
    """RR p.14: in turn order, each player commits any number of ready characters, which exhaust."""
    state = turn.state
    player = state.player(t.seat)
    candidates = [c for c in characters(player, state) if ready(c)]
    if player.eliminated or not candidates:
        return
    turn.ask(player.seat, DecisionKind.CHOOSE_MANY, "Quest phase: commit characters to the quest",  # RR p.14
             [Option(id=c.uid, label=f"{c.name} ({stat(state, c, quest_stat(state))} "
                                       f"{quest_stat(state)[:3].upper()})") for c in candidates],
             low=0, high=len(candidates), context="commit")


@answer("commit")
def commit_answer(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    state = turn.state
    player = state.player(decision.seat)
    chosen = [c for c in player.play.cards if c.uid in choice]
    for card in chosen:
        exhaust(card)
        card.flags.append(COMMITTED)
    turn.say(f"{player.seat} commits " + card_list((c.name for c in chosen), "nobody") + ".")
    hooks.committed(turn, player, chosen)  # Responses to committing (spec 4.3 step 1.2)


def quest_stat(state: LcgState) -> str:
    """Battle quests use attack and Siege quests defense (C 4.10.2, 4.10.12)."""
    stage = current_stage(state)
    if stage is not None:
        if state.card_def(stage).has("Battle"):
            return "attack"
        if state.card_def(stage).has("Siege"):
            return "defense"
    return "willpower"


# --- staging (spec 4.3 step 2) --------------------------------------------------------------------------
@task("staging")
def staging(turn: T, _t: Task) -> None:
    state = turn.state
    if state.skip_staging:
        turn.say("The staging step is skipped.")
        return
    count = len(state.active_players()) + scenarios.extra_staging(state)  # N is fixed now (C 14.3.2 Q&A)
    push(state, *[Task(kind="reveal", note="staging") for _ in range(count)])


@task("reveal")
def reveal_task(turn: T, t: Task) -> None:
    reveal(turn, in_quest_phase=t.note in ("staging", "setup-quest"))


def reveal(turn: T, in_quest_phase: bool = True, guarding: str = "") -> Card | None:
    """Reveal the top encounter card and resolve it: the unique check, Doomed, When Revealed, placing,
    Guarded, Surge (spec 4.3 step 2; FAQ 1.01)."""
    state = turn.state
    if not state.encounter_deck.cards and in_quest_phase and state.encounter_discard.cards:
        state.encounter_deck.cards = state.encounter_discard.cards  # RR p.14: reset during the quest phase
        state.encounter_discard.cards = []
        for c in state.encounter_deck.cards:
            c.face_up = True
        state.rng.shuffle(state.encounter_deck.cards)
        turn.say("The encounter deck is empty: the discard pile is shuffled into a new one.")
    if not state.encounter_deck.cards and not hooks.refill_encounter_deck(turn):
        turn.say("The encounter deck is empty: nothing is revealed.")
        return None
    card = state.encounter_deck.cards.pop()
    card.face_up = True
    turn.reveal()
    d = state.card_def(card)
    turn.say(f"Revealed: {describe(state, card)}.")
    if d.unique and any(c.name == d.name for c in in_play(state)):  # C 3.4.4
        state.encounter_discard.cards.append(card)
        turn.say(f"{d.name} is unique and already in play: it is discarded with no effect.")
        return card
    # The cancel opportunity comes before anything else of the card resolves (spec 4.3 step 2; FAQ 1.37).
    if hooks.offer_cancel_reveal(turn, card):
        state.resolving.cards.append(card)  # on the table while the players decide
        push(state, Task(kind="revealed", ref=card.uid, seat=guarding,
                         note="staging" if in_quest_phase else "setup"))
        return card
    resolve_revealed(turn, card, in_quest_phase, guarding)
    return card


@task("revealed")
def revealed_task(turn: T, t: Task) -> None:
    """The rest of a reveal, once the players have decided whether to cancel it."""
    state = turn.state
    card = state.resolving.find(t.ref)
    if card is None:
        return
    state.resolving.cards.remove(card)
    resolve_revealed(turn, card, t.note == "staging", t.seat)


def resolve_revealed(turn: T, card: Card, in_quest_phase: bool, guarding: str) -> None:
    """Doomed, When Revealed (unless cancelled), placing, Guarded, Surge (spec 4.3 step 2)."""
    state = turn.state
    d = state.card_def(card)
    how = hooks.cancelled(state, card)
    if how == "card":  # FAQ 1.54: as if never revealed: no Doomed, no Surge; it still counts as a reveal
        state.encounter_discard.cards.append(card)
        return
    doomed = (d.keyword_value("Doomed") or 0) + hooks.extra_doomed(state)  # A Flooded Ford
    if doomed:
        for p in state.active_players():
            raise_threat(turn, p, doomed)
        turn.say(f"Doomed {doomed}: each player raises their threat by {doomed}.")
    counters = d.keyword_value("Time")
    if counters:  # C 4.10.14: time counters go on when it is revealed
        card.tokens[TIME] = counters
    if how in ("effect", "replace"):  # FAQ 1.53: the rest of the card resolves
        turn.say(f"{card.name}'s When Revealed effect is cancelled.")
    else:
        scripts.when_revealed(turn, card)
    if how == "replace":  # Eleanor: the treachery is discarded and the next card takes its place
        if not scripts.placed_elsewhere(state, card):
            state.encounter_discard.cards.append(card)
        push(state, Task(kind="reveal", note="staging" if in_quest_phase else "setup"))
        return
    if guarding:
        _zone, objective, _ = state.locate(guarding)
        if d.type in ("objective", "objective_ally"):
            enter_staging(turn, card, REVEALED)
            push(state, Task(kind="guard", ref=guarding))
        elif d.type == "treachery":
            state.encounter_discard.cards.append(card)
        else:
            enter_staging(turn, card, REVEALED, host=objective)
            turn.say(f"{card.name} guards {objective.name}.")
    elif d.type == "treachery":
        if card not in [c for z in state.zones() for c in z.cards]:
            state.encounter_discard.cards.append(card)
    elif d.type != "treachery" and not scripts.placed_elsewhere(state, card):
        enter_staging(turn, card, REVEALED)
    hooks.enemy_revealed(turn, card)
    if d.has("Guarded") and not guarding:
        push(state, Task(kind="guard", ref=card.uid))
    if d.has("Surge") or hooks.gains_surge(state, card):
        turn.say(f"{card.name} surges: another card is revealed.")
        push(state, Task(kind="reveal", note="staging" if in_quest_phase else "setup"))


@task("guard")
def guard(turn: T, t: Task) -> None:
    """Guarded (RR p.24): the next encounter card is revealed and attached to the objective."""
    reveal(turn, in_quest_phase=turn.state.phase == "quest", guarding=t.ref)


def describe(state: LcgState, card: Card) -> str:
    d = state.card_def(card)
    numbers = []
    if d.type == "enemy":
        numbers = [f"engagement {d.engagement_cost}", f"threat {d.threat}", f"attack {d.attack}",
                   f"defense {d.defense}", f"hit points {d.hit_points}"]
    elif d.type == "location":
        numbers = [f"threat {d.threat}", f"quest points {d.quest_points}"]
    keywords = ", ".join(k for k in d.keywords)
    extra = "; ".join(x for x in (", ".join(numbers), keywords) if x)
    return f"{card.name}, {d.type.replace('_', ' ')}" + (f" ({extra})" if extra else "")


# --- resolution and progress (spec 4.3 step 3, 4.3.5) ----------------------------------------------------
def staging_threat(state: LcgState) -> int:
    total = sum(m.amount for m in state.modifiers if m.uid == "staging" and m.stat == "threat")  # Under the Shadow
    for card in state.staging.cards:
        total += stat(state, card, "threat")
        # an encounter card attached there counts; a turned shadow card on an enemy sent back there during combat
        # does not (C 14.6.1.4: it is on the enemy, not in the staging area)
        total += sum(stat(state, a, "threat") for a in card.attached if a.face_up and a.ref in state.defs
                     and not state.card_def(a).is_player_card and "shadow" not in a.flags)
    return total


@task("quest-resolve")
def quest_resolve(turn: T, _t: Task) -> None:
    state = turn.state
    name = quest_stat(state)
    committed = [c for p in state.active_players() for c in p.play.cards if COMMITTED in c.flags]
    strength = sum(stat(state, c, name) for c in committed)
    threat = staging_threat(state)
    turn.say(f"Quest: {strength} {name} against {threat} threat in the staging area.")
    if strength > threat:
        scenarios.quested_successfully(turn)  # FAQ 1.24: before progress is placed
        place_progress(turn, strength - threat)
    elif threat > strength:
        turn.say(f"The quest fails: each player raises their threat by {threat - strength}.")
        for p in state.active_players():
            raise_threat(turn, p, threat - strength)
        scripts.fire_all(turn, "quest_failed", list(state.staging.cards))
        hooks.quest_failed(turn)
    else:
        turn.say("A tie: no progress, no threat.")


def place_progress(turn: T, amount: int) -> None:
    """Progress goes on the active location first; an explored location leaves play; the rest goes on the
    quest, which advances as soon as it is complete (RR p.15, p.22). With two active locations that the
    progress cannot fill both, the first player divides it between them (FAQ 1.34)."""
    state = turn.state
    rooms = {c.uid: max(0, stat(state, c, "quest_points") - progress(c)) for c in state.active.cards}
    open_rooms = [c for c in state.active.cards if rooms[c.uid]]
    if len(open_rooms) > 1 and 0 < amount < sum(rooms.values()):
        turn.ask(state.first_seat, DecisionKind.ASSIGN, f"Two active locations: divide {amount} progress between "
                 "them", [Option(id=c.uid, label=label(state, c), cap=rooms[c.uid])  # FAQ 1.34
                          for c in open_rooms], amount=amount, context="split-progress")
        return
    for location in list(state.active.cards):
        room = max(0, stat(state, location, "quest_points") - progress(location))
        take = min(room, amount)
        if take:
            add_tokens(location, PROGRESS, take)
            turn.say(f"{take} progress on {label(state, location)}.")
            amount -= take
        if progress(location) >= stat(state, location, "quest_points"):
            explore(turn, location, state.active)
            scripts.fire(turn, "explored", location)
    stage = current_stage(state)
    if stage is None or amount <= 0:
        return
    add_tokens(stage, PROGRESS, amount)
    turn.say(f"{amount} progress on the quest ({progress(stage)}/{stat(state, stage, 'quest_points')}).")
    check_advance(turn)


@answer("split-progress")
def split_progress(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    state = turn.state
    for part in choice:
        uid, amount = part.split("=")
        location = state.active.find(uid)
        if location is None or not int(amount):
            continue
        add_tokens(location, PROGRESS, int(amount))
        turn.say(f"{amount} progress on {label(state, location)}.")
        if progress(location) >= stat(state, location, "quest_points"):
            explore(turn, location, state.active)
            scripts.fire(turn, "explored", location)


def check_advance(turn: T) -> None:
    state = turn.state
    stage = current_stage(state)
    if stage is None or state.outcome is not None:
        return
    needed = stat(state, stage, "quest_points")
    if needed == 0 or progress(stage) < needed:  # a stage with 0 quest points is won another way
        return
    blocked = scenarios.cannot_advance(state)
    if blocked:
        turn.say(f"The stage is complete, but {blocked}.")
        return
    advance(turn)


def advance(turn: T) -> None:
    state = turn.state
    stage = state.quest.cards.pop()
    stage.tokens = {}
    state.quest_done.cards.append(stage)
    turn.say(f"Stage {state.card_def(stage).stage} is complete: {stage.name}.")
    if scenarios.won_on_completing(state, stage):
        win(turn, f"they completed {state.card_def(stage).stage_name or stage.name}")
        return
    hooks.offer_responses(turn, "quest-defeated", stage, f"Stage {state.card_def(stage).stage} is defeated: respond?")
    nxt = scenarios.next_stage(turn, stage)
    if nxt is None:
        win(turn, "they completed the final stage")
        return
    nxt.name = state.card_def(nxt).stage_name or nxt.name  # the stage is read from its side B
    state.quest.cards = [nxt]
    turn.say(f"The quest advances to stage {state.card_def(nxt).stage}: {nxt.name}.")
    push(state, Task(kind="stage-revealed", ref=nxt.uid))


@task("stage-revealed")
def stage_revealed(turn: T, t: Task) -> None:
    scenarios.stage_revealed(turn, t.ref)


@task("quest-end")
def quest_end(turn: T, _t: Task) -> None:
    state = turn.state
    for p in state.players:
        clear_flag(p.play.cards, COMMITTED)  # committed status ends; characters stay exhausted


# --- travel (spec 4.4) -----------------------------------------------------------------------------------
@task("travel")
def travel(turn: T, _t: Task) -> None:
    state = turn.state
    locations = [c for c in staged(state, ("location",)) if not hooks.why_not_travel(state, c)]
    if state.active.cards or not locations or not state.active_players():
        return
    first = state.first_seat
    forced = hooks.forced_destination(state, locations)
    if forced is not locations:  # The East Bight: the only place they may go
        locations = forced
        turn.ask(first, DecisionKind.CHOOSE_ONE, "Travel: The East Bight is the only place the players may go",
                 [Option(id=c.uid, label=c.name) for c in locations], context="travel",
                 forced=f"Travel: the players must go to {locations[0].name}" if len(locations) == 1 else "")
        return
    turn.ask(first, DecisionKind.CHOOSE_ONE, "Travel: choose a location to make active, or stay",  # RR p.15
             [*(Option(id=c.uid, label=f"{c.name} ({stat(state, c, 'threat')} threat, "
                                       f"{stat(state, c, 'quest_points')} quest points)") for c in locations),
              Option(id="stay", label="Do not travel")], context="travel")


@answer("travel")
def travel_answer(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    state = turn.state
    if choice[0] == "stay":
        turn.say("The players do not travel.")
        return
    card = next((c for c in staged(state, ("location",)) if c.uid == choice[0]), None)
    if card is None:
        raise RuleError(f"{choice[0]} is no longer in the staging area.")
    # RR p.23: a Travel cost is paid "in order to travel there", so the players arrive once all of it is paid: after
    # each player's part (Great Forest Web's heroes, chosen by each) and the card it reveals (Mountains of Mirkwood).
    push(state, Task(kind="arrive", ref=card.uid))
    scripts.travel_cost(turn, card)  # refused, with nothing changed, if it cannot be paid


@task("arrive")
def arrive(turn: T, t: Task) -> None:
    """The location becomes the active one (spec 4.4), its Travel cost paid."""
    state = turn.state
    card = next((c for c in staged(state, ("location",)) if c.uid == t.ref), None)
    if card is None:  # it left the staging area while its cost was paid
        return
    take_from_staging(state, card)
    state.active.cards.append(card)
    turn.say(f"The players travel to {card.name}.")
    scripts.travelled(turn, card)
