"""The Travel step of a hero's turn (spec 3.2 step 3): a) a move along a path, paid with one card of the path's
icon or as many cards as its number, and b) what a move into enemies or onto a perilous location brings, a
combat or a Peril card. The turn's longest step, repeated until the hero stops; after each move he explores
(3c, engines.meq.explore). Sauron picks what confronts the hero as in the Ambush (engines.meq.hero)."""

from __future__ import annotations

from engines.core import Decision, DecisionKind, Turn
from engines.meq import corruption, rules, scripts, stock
from engines.meq.cards import index
from engines.meq.flow import answer, ask, goto, step, task
from engines.meq.hero import ask_attacker, matches, pieces_at
from engines.meq.state import Hero, MeqState


def move_cost(state: MeqState, hero: Hero, dest: str) -> tuple[str, int]:
    """(icon, number of any cards) for a move (spec 3.2 step 3a, 6.37, 6.38): Boat makes a water path cost one
    card; Horse takes 1 off the number (at least 1)."""
    path = state.map.path(hero.at, dest)
    assert path is not None
    if path.icon == "any":
        return "any", 1
    if path.kind == "water" and "item-boat" in hero.items:
        return "any", 1
    n = path.cost - (1 if "item-horse" in hero.items else 0)
    return path.icon, max(1, n)


def can_pay(state: MeqState, hero: Hero, dest: str) -> bool:
    icon, n = move_cost(state, hero, dest)
    hand = hero.hand.cards
    return len(hand) >= n or (any(index().combat[c.ref].icon == icon for c in hand) and bool(hand))


@step("travel")
def travel_step(turn: Turn[MeqState]) -> None:
    state = turn.state
    hero = state.current
    if state.turn_over:
        goto(state, "encounter")
        return
    options: list[tuple[str, str]] = []
    for dest in state.map.neighbours(hero.at):
        if state.one_move and state.moved_first and not state.explored_in_place:
            break
        if not corruption.moves_left(state, hero):
            break
        if can_pay(state, hero, dest):
            icon, n = move_cost(state, hero, dest)
            price = "any 1 card" if icon == "any" else f"1 {icon} card or {n} cards"
            options.append((f"move:{dest}", f"move to {state.map.name(dest)} ({price})"))
    if not state.moved_first:
        options.append(("explore", f"explore {state.map.name(hero.at)} without moving"))
    options.append(("pass", "end Travel"))
    ask(turn, hero.seat, "travel", f"{hero.name} on {state.map.name(hero.at)}: Travel.", options,
        DecisionKind.ACT_OR_PASS)


@answer("travel")
def travel_answer(turn: Turn[MeqState], d: Decision, choice: tuple[str, ...], args: list[str]) -> None:
    state = turn.state
    hero = state.current
    pick = choice[0]
    if pick == "pass":
        goto(state, "encounter")
        return
    if pick == "explore":
        state.moved_first = True
        state.explored_in_place = True
        state.queue.insert(0, "explore")
        return
    dest = pick.split(":", 1)[1]
    icon, n = move_cost(state, hero, dest)
    if icon == "any":
        options = [(c.uid, f"discard {c.name}") for c in hero.hand.cards]
    else:
        options = [(c.uid, f"discard {c.name} ({icon})") for c in hero.hand.cards if index().combat[c.ref].icon == icon]
        if len(hero.hand.cards) >= n:
            options.append(("any", f"discard any {n} cards"))
    ask(turn, hero.seat, f"pay:{dest}", f"Pay for the move to {state.map.name(dest)}: "
        + ("any 1 card." if icon == "any" else f"1 {icon} card, or any {n} cards."), options, private=True)


@answer("pay")
def pay_answer(turn: Turn[MeqState], d: Decision, choice: tuple[str, ...], args: list[str]) -> None:
    """Scenario 6.37: one card with the path's icon, or as many cards as its number (any card: one)."""
    state = turn.state
    hero = state.current
    dest = args[0]
    if choice[0] != "any":
        move_hero(turn, hero, dest, [choice[0]])
        return
    _, n = move_cost(state, hero, dest)
    ask(turn, hero.seat, f"pay_any:{dest}", f"Choose the {n} cards to discard.",
        [(c.uid, c.name) for c in hero.hand.cards], DecisionKind.CHOOSE_MANY, low=n, high=n, private=True)


@answer("pay_any")
def pay_any(turn: Turn[MeqState], d: Decision, choice: tuple[str, ...], args: list[str]) -> None:
    move_hero(turn, turn.state.current, args[0], list(choice))


def move_hero(turn: Turn[MeqState], hero: Hero, dest: str, paid: list[str]) -> None:
    state = turn.state
    names = []
    for uid in paid:
        card = hero.hand.take(uid)
        hero.rest.cards.append(card)
        names.append(card.name)
    origin = hero.at
    hero.at = dest
    state.moved_first = True
    state.moves_made += 1
    turn.say(f"{hero.name} moves from {state.map.name(origin)} to {state.map.name(dest)}, discarding "
             f"{', '.join(names)} to the rest pool.")
    if rules.out_of_cards(state, hero):  # 6.58
        state.queue.insert(0, f"defeat:{hero.key}")
        return
    if not state.map.location(dest).haven:
        state.queue.append("shadow:hero-enters")
    state.queue.append("confront")


@task("confront")
def confront(turn: Turn[MeqState], args: list[str]) -> None:
    """Spec 3.2 step 3b: after a move into enemies or a perilous place, Sauron must pick combat or peril."""
    state = turn.state
    hero = state.current
    if state.turn_over:
        return
    pieces = pieces_at(state, hero.at)
    peril = rules.perilous(state, hero.at, hero)
    if not pieces and not peril:
        state.queue.insert(0, "explore")
    elif pieces and state.map.location(hero.at).haven and not peril:
        ask(turn, hero.seat, "haven_fight:travel", f"{hero.name} enters a Haven with enemies: accept combat?",
            [("fight", "accept combat"), ("pass", "refuse")], DecisionKind.ACT_OR_PASS)
    elif not pieces:
        state.queue.insert(0, "peril")
        state.queue.insert(1, "explore")
    else:
        ask_attacker(turn, "travel", peril=peril)


@task("peril")
def peril_task(turn: Turn[MeqState], args: list[str]) -> None:
    """Spec 3.2 step 3b (6.40): Sauron draws 3, picks one matching here; all 3 are then discarded face up."""
    state = turn.state
    hero = state.current
    drawn = stock.draw_from(turn, "peril", state.peril_discard, state.peril_drawn, corruption.peril_draw(state, hero))
    for c in drawn:
        c.face_up = True
    fits = [c for c in drawn if matches(state, index().perils[c.ref].where, hero.at)]
    turn.say(f"Peril: Sauron draws {len(drawn)} Peril card(s).")
    if not fits:
        discard_perils(turn)
        turn.say("No Peril card matches this location: all are discarded, nothing happens.")
        return
    ask(turn, state.sauron, "peril", "Choose the Peril card the hero must face.",
        [(c.uid, c.name) for c in fits], private=True)


def discard_perils(turn: Turn[MeqState]) -> None:
    state = turn.state
    names = [c.name for c in state.peril_drawn.cards]
    state.peril_discard.cards.extend(state.peril_drawn.cards)
    state.peril_drawn.cards.clear()
    if names:
        turn.say(f"Peril cards discarded face up: {', '.join(names)}.")


@answer("peril")
def peril_answer(turn: Turn[MeqState], d: Decision, choice: tuple[str, ...], args: list[str]) -> None:
    state = turn.state
    card = state.peril_drawn.find(choice[0])
    assert card is not None
    discard_perils(turn)
    turn.say(f"Peril: {state.current.name} faces {card.name}.")
    scripts.run_card(turn, card.ref, state.current)
