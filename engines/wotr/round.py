"""The round as a resumable procedure (spec 4, L140-536): location step, action step, combat step, victory
check, draw step. `advance` runs until a decision is open or the game is over; answers are routed here by
the decision's context, so a game can stop and resume anywhere (DESIGN: suspend, never ask)."""

from __future__ import annotations

from collections.abc import Callable

from engines.core import Decision, DecisionKind, Option, Outcome
from engines.wotr import actions, combat, moments, scripts
from engines.wotr import procedures as proc
from engines.wotr.cards import FP, SHADOW
from engines.wotr.scenarios import scenario
from engines.wotr.state import Deck, WotrState

T = proc.T
VICTORY_MARGIN = 10  # L521-528
Handler = Callable[[T, Deck, Decision, tuple[str, ...]], None]


# --- the location step (L142-214) ------------------------------------------------------------------------------
def location_step(turn: T) -> None:
    state = turn.state
    recipe = scenario(state.scenario)
    if recipe.schedule:
        names = recipe.schedule[state.round - 1] if state.round <= len(recipe.schedule) else ()
        for name in names:
            for zone in (state.bg_fp, state.bg_shadow):
                card = next((c for c in zone.cards if c.name == name), None)
                if card is not None:
                    zone.cards.remove(card)
                    activate(turn, card, "by the scenario's schedule")
    else:
        team = state.deck(state.order[state.start]).side
        for side in (team, SHADOW if team == FP else FP):
            zone = state.bg_deck(side)
            if zone.cards:
                card = zone.cards.pop(state.rng.below(len(zone.cards)))
                activate(turn, card, f"at random from the {'Free Peoples' if side == FP else 'Shadow'} deck")
                break
        else:
            turn.say("Both battleground decks are empty: no battleground this round.")
    number = next_path_number(state)
    if number:
        choices = [c for c in state.path_deck.cards if state.card_def(c).path_number == number]
        card = choices[state.rng.below(len(choices))]
        state.path_deck.cards.remove(card)
        activate(turn, card, f"at random among the unused paths numbered {number}")
    else:
        turn.say("No path can be activated this round.")


def next_path_number(state: WotrState) -> int:
    """The next path's number: one more than the last activated (L183-188). If none of that number is left,
    no path this round (ENGINE 10.13), or the next number that has one under the option 'missing_path'."""
    wanted = state.last_path + 1
    numbers = sorted({state.card_def(c).path_number for c in state.path_deck.cards})
    if wanted in numbers:
        return wanted
    if state.opt("missing_path") == "next":
        return next((n for n in numbers if n > wanted), 0)
    return 0


def activate(turn: T, card: object, how: str) -> None:
    from engines.core import Card

    assert isinstance(card, Card)
    state = turn.state
    cdef = state.card_def(card)
    state.active.cards.append(card)
    if cdef.kind == "path":
        state.last_path = cdef.path_number
        turn.say(f"Path {cdef.path_number}, {card.name}, is activated {how}.")
    else:
        turn.say(f"{card.name} ({'Free Peoples' if cdef.side == FP else 'Shadow'}, {cdef.vp} VP) is activated {how}.")
    s = scripts.of(cdef)
    if s and s.on_activate:
        s.on_activate(turn, state.deck(state.order[state.start]), card)
    elif cdef.has_text:
        proc.unscripted(turn, card, "", f"{card.name}'s activation text is not scripted: resolve it with")


def replace_path(turn: T, new: object, how: str) -> None:
    """A path activated by text (L191-206): combat on the old path first, at once; then the new one's text."""
    from engines.core import Card

    assert isinstance(new, Card)
    state = turn.state
    state.path_deck.cards.remove(new)
    old = state.active_paths()
    if old:
        state.resume = "action"
        state.incoming = new.uid
        state.set_aside.cards.append(new)  # held aside until the old path's combat is over
        state.combat_queue = [old[0].uid]
        state.phase = "combat"
        turn.say(f"{new.name} will replace {old[0].name}: {old[0].name}'s combat is resolved first.")
        withdraw_for_combat(turn, old[0].name)
        return
    activate(turn, new, how)


def withdraw_for_combat(turn: T, path: str) -> None:
    """The replaced path's combat comes at once (L191-196): the questions of the action step still open, the action
    of a seat whose turn has not begun (an adjustment agreed while it was to act) or the carryover limit at the
    step's end, are withdrawn, for they were asked about a table that changes (the old path goes, the new one
    comes). The action step asks them again after the combat and the new path's text; an answer to a withdrawn
    one is refused as no longer open. A follow-up of an action under way (its cost, a choice of its text) stays,
    and the combat comes when it is answered."""
    state = turn.state
    gone = [d for d in state.decisions if d.context.startswith(("act:", "overflow:"))]
    state.decisions = [d for d in state.decisions if d not in gone]
    for d in gone:
        what = "action" if d.context.startswith("act:") else "carryover choice"
        deck = state.deck(d.context.split(":")[1])
        turn.say(f"Decision {d.id}, the {what} asked of {deck.name}'s deck, is withdrawn: {d.seat} is asked again "
                 f"after the combat at {path}.")


# --- the action step (L216-385) ----------------------------------------------------------------------------------
def action_turn(turn: T) -> None:
    state = turn.state
    every = {d.key for d in state.decks}
    ended = (set(state.passed) >= every if state.opt("pass_count") == "decks" else state.streak >= len(state.order))
    if ended:
        end_action_step(turn)
        return
    actions.ask_action(turn, state.deck(state.order[state.turn]))


def finish_action(state: WotrState) -> None:
    state.acting = ""
    state.turn = (state.turn + 1) % len(state.order)


def end_action_step(turn: T) -> None:
    """L246-248, L561-563: nobody keeps more than the carryover limit (ENGINE 10.1: cycle down to it)."""
    state = turn.state
    for deck in state.decks:
        excess = len(deck.hand.cards) - proc.carryover(state, deck)
        if excess > 0:
            verb = "cycle" if state.opt("overflow") == "cycle" else "eliminate"
            turn.ask(deck.seat, DecisionKind.CHOOSE_MANY, f"Carryover limit (end of the action step): {deck.name}'s "
                     f"deck, {verb} {excess} cards down to your limit.",
                     [Option(id=c.uid, label=c.name) for c in deck.hand.cards], low=excess,
                     high=excess, private=True, context=f"overflow:{deck.key}")
    if state.decisions:
        return
    turn.say("Every player has passed: the action step ends.")
    state.phase = "combat"
    order_combats(turn)


# --- the combat step (L387-517) ------------------------------------------------------------------------------------
def order_combats(turn: T) -> None:
    state = turn.state
    locs = [c.uid for c in state.active.cards]
    starter = state.deck(state.order[state.start])
    if len(locs) > 1 and state.opt("combat_order") == "choose":
        turn.ask(starter.seat, DecisionKind.ORDER, f"Combat step: {starter.name}'s deck (starting player), put "
                 "the combats in order.", [Option(id=c.uid, label=c.name) for c in state.active.cards], context="order")
        return
    state.combat_queue = locs


def combat_step(turn: T) -> None:
    state = turn.state
    if state.combat is not None:
        combat.proceed(turn)
        return
    if state.combat_queue:
        combat.start(turn, state.combat_queue.pop(0))
        return
    if state.resume == "action":  # a mid-step path replacement is over: its successor's text, then on we go
        new = state.set_aside.take(state.incoming)
        state.resume, state.incoming = "", ""
        state.phase = "action"
        activate(turn, new, "by card text")
        return
    victory_check(turn)
    if state.outcome is None:
        draw_step(turn)


# --- victory and draw (L519-535) ---------------------------------------------------------------------------------
def victory_check(turn: T) -> None:
    state = turn.state
    fp, shadow = combat.score(state, FP), combat.score(state, SHADOW)
    turn.say(f"Victory check: Free Peoples {fp}, Shadow {shadow}.")
    no_more_paths = not state.path_deck.cards and not state.active_paths()
    if abs(fp - shadow) >= VICTORY_MARGIN:
        win = FP if fp > shadow else SHADOW
        reason = f"the {'Free Peoples' if win == FP else 'Shadow'} lead by {abs(fp - shadow)} ({fp} to {shadow})"
        end(turn, win, reason, fp, shadow)
    elif state.final_fought or no_more_paths:
        fp, shadow = combat.score(state, FP, final=True), combat.score(state, SHADOW, final=True)
        win = FP if fp > shadow else SHADOW  # ties go to the Shadow (L526-528)
        tie = " (a tie goes to the Shadow)" if fp == shadow else ""
        end(turn, win, f"final scoring after the last path: Free Peoples {fp}, Shadow {shadow}{tie}", fp, shadow)


def end(turn: T, side: str, reason: str, fp: int, shadow: int) -> None:
    state = turn.state
    winners = list(dict.fromkeys(d.seat for d in state.side_decks(side)))
    scores = {}
    for d in state.decks:
        scores[d.seat] = fp if d.side == FP else shadow
    state.phase = "over"
    turn.finish(Outcome(winners=winners, reason=f"The {'Free Peoples' if side == FP else 'Shadow'} win: {reason}.",
                        scores=scores))


def draw_step(turn: T) -> None:
    """Each deck draws its scenario's count (plus reserve text), in seat order (ENGINE 10.17); then the
    starting player token moves to the next seat (L127-128, L533-535)."""
    state = turn.state
    recipe = scenario(state.scenario)
    first = 0 if state.opt("draw_order") == "seat" else state.start
    n = len(state.order)
    seen: list[str] = []
    for i in range(n):
        key = state.order[(first + i) % n]
        if key in seen:
            continue
        seen.append(key)
        deck = state.deck(key)
        extra = 0
        for card in deck.reserve.cards:
            s = scripts.of(state.card_def(card))
            extra += s.extra_draw if s else 0
        proc.draw(turn, deck, recipe.role(key).draw_step + extra)
    state.start = (state.start + 1) % n
    proc.clear_round_marks(state)
    new_round(turn)


def new_round(turn: T) -> None:
    state = turn.state
    state.round += 1
    state.turn = state.start
    state.passed, state.streak = [], 0
    starter = state.deck(state.order[state.start])
    turn.say(f"Round {state.round} begins; {starter.name}'s deck is the starting player.")
    turn.checkpoint = True
    state.phase = "action"
    location_step(turn)


# --- the driver ---------------------------------------------------------------------------------------------------
def advance(turn: T) -> None:
    state = turn.state
    guard = 0
    while not state.decisions and state.outcome is None:
        guard += 1
        if guard > 10_000:  # a loop in the procedure is a bug: fail loudly rather than hang the bot
            raise RuntimeError("the round procedure did not settle")
        if state.queue:
            demand(turn, state.queue.pop(0))
        elif state.phase == "setup":
            new_round(turn)
        elif state.phase == "combat":
            combat_step(turn)
        elif state.acting:
            finish_action(state)
        else:
            action_turn(turn)


def demand(turn: T, task: str) -> None:
    """One small demand on a deck: "cycle1:<deck>" (a card from hand, a forsake if the hand is empty: L550-552),
    "eliminate1:<deck>" (from hand; nothing if empty: L590), "draw<n>:<deck>"."""
    state = turn.state
    head, _, source = task.partition("|")
    verb, _, key = head.partition(":")
    if moments.fire(turn, verb, task):  # a card family's own demand (a chain, a sized draw)
        return
    deck = state.deck(key)
    why = f"{source}: " if source else ""  # the card or rule that asks, named in the prompt (issue 16)
    if verb.startswith("may-forsake-draw"):  # "may forsake 1 card to draw N": the deck chooses
        n = verb.removeprefix("may-forsake-draw")
        turn.ask(deck.seat, DecisionKind.CHOOSE_ONE, f"{why}{deck.name}'s deck, forsake 1 card to draw {n}?",
                 [Option(id="forsake", label=f"Forsake 1, draw {n}"), Option(id="decline", label="No")],
                 context=f"mayforsake:{key}:{n}:{source}")
        return
    if verb.startswith("draw"):
        proc.draw(turn, deck, int(verb[4:]), source)
        return
    if verb == "forsake1":
        options = proc.forsake_options(state, deck)
        if len(options) == 1:
            proc.forsake(turn, deck, options[0][0])
        elif options:
            turn.ask(deck.seat, DecisionKind.CHOOSE_ONE, f"{why}{deck.name}'s deck, forsake a card.",
                     [Option(id=i, label=label) for i, label in options], private=True, context=f"forsake:{key}")
        return
    cards = deck.hand.cards
    if not cards:
        if verb == "cycle1":
            state.queue.insert(0, f"forsake1:{key}|{source or 'a cycle'} with an empty hand")
        return
    word = "cycle" if verb == "cycle1" else "eliminate"
    if len(cards) == 1:
        (proc.cycle_from_hand if verb == "cycle1" else proc.eliminate_from_hand)(turn, deck, cards[0].uid)
        return
    turn.ask(deck.seat, DecisionKind.CHOOSE_ONE, f"{why}{deck.name}'s deck, choose a card from hand to {word}.",
             [Option(id=c.uid, label=c.name) for c in cards], private=True, context=f"{verb}:{key}")
