"""A hero's turn (spec 3.2): Rest, Ambush, Travel (move, combat or peril, explore) and Encounter; the end of a
turn, the two-player interlude, and a hero's defeat (spec 4.4)."""

from __future__ import annotations

from engines.core import Decision, DecisionKind, Turn
from engines.meq import corruption, events, quests, rules, sauron_cards, scripts, stock
from engines.meq.cards import ANY, MARKERS, index
from engines.meq.flow import answer, ask, fire, goto, step, task
from engines.meq.state import Hero, MeqState


def foe_name(state: MeqState, piece: str) -> str:
    if piece in state.token_at:
        card = state.tokens.find(piece)
        assert card is not None
        return f"a {state.map.group_name(card.back)} monster token"
    return index().foes[piece].name


def pieces_at(state: MeqState, loc: str) -> list[str]:
    return [c.uid for c in state.tokens_at(loc)] + [m.key for m in state.minions_at(loc)]


@step("hero_start")
def hero_start(turn: Turn[MeqState]) -> None:
    state = turn.state
    hero = state.current
    state.shadow_played = False
    state.moved_first = False
    state.moves_made = 0
    state.dark_path_used = False
    state.turn_over = False
    state.explored_in_place = False
    state.skip_ambush = state.one_move = False
    state.perilous_now = ""
    turn.say(f"{hero.name}'s turn ({hero.seat}) on {state.map.name(hero.at)}.")
    timings = "hero-start" if state.map.location(hero.at).haven else "hero-start,hero-start-wild"
    state.queue.append(f"shadow:{timings}")
    goto(state, "rest")


# --- 1 Rest --------------------------------------------------------------------------------------------------


def may_rest(state: MeqState, hero: Hero) -> bool:
    """Scenario 6.31: no token (even blank), no minion, not a Stronghold; nor where a card forbids it."""
    return (not pieces_at(state, hero.at) and not state.map.location(hero.at).stronghold
            and not fire("no_rest", state, hero.at))


@step("rest")
def rest_step(turn: Turn[MeqState]) -> None:
    state = turn.state
    hero = state.current
    goto(state, "ambush")
    if state.turn_over or not may_rest(state, hero):
        return
    ask(turn, hero.seat, "rest", f"{hero.name}: rest here (rest pool into the life pool; the leftmost Sauron "
        "marker moves 1)?", [("rest", "rest"), ("pass", "do not rest")], DecisionKind.ACT_OR_PASS)


@answer("rest")
def rest_answer(turn: Turn[MeqState], d: Decision, choice: tuple[str, ...], args: list[str]) -> None:
    """Scenarios 6.32, 6.34: the rest pool returns, a Sauron marker advances, one Corruption may be paid off,
    and on a Haven the damage heals too."""
    state = turn.state
    if choice[0] != "rest":
        return
    hero = state.current
    n = len(hero.rest.cards)
    stock.put(state, stock.life(hero), hero.rest.cards)
    hero.rest.cards.clear()
    stock.shuffle(state, stock.life(hero))
    turn.say(f"{hero.name} rests: {n} card(s) go back into the life pool.")
    if state.map.location(hero.at).haven:
        rules.heal(turn, hero, "resting on a Haven")
    state.queue.insert(0, "corruption_pay")
    state.queue.insert(0, f"sauron_step:{hero.key}:a hero rested")


@task("sauron_step")
def sauron_step(turn: Turn[MeqState], args: list[str]) -> None:
    """The leftmost Sauron marker moves 1; the hero breaks a tie (spec 3.2 step 1, 4.4)."""
    state = turn.state
    tied = rules.leftmost_sauron(state)
    hero = state.hero(args[0])
    n = corruption.marker_steps(hero)
    if len(tied) == 1:
        rules.move_marker(turn, tied[0], n, args[1])
    else:
        chooser = hero.seat
        if state.opt("high_stakes") and rules.stage(state) == 3 and rules.dominant(state) == "heroes" and \
                args[1] == "a hero was defeated":
            chooser = state.sauron
        ask(turn, chooser, f"which_marker:{args[1]}:{n}", f"The Sauron markers are tied: which one moves {n}?",
            [(m, f"the {m} marker") for m in tied])


@answer("which_marker")
def which_marker(turn: Turn[MeqState], d: Decision, choice: tuple[str, ...], args: list[str]) -> None:
    rules.move_marker(turn, choice[0], int(args[1]) if len(args) > 1 else 1, args[0])


@task("corruption_pay")
def corruption_pay(turn: Turn[MeqState], args: list[str]) -> None:
    state = turn.state
    hero = state.current
    payable = [c for c in hero.corruption.cards if index().corruption[c.ref].value <= hero.favor]
    if payable:
        ask(turn, hero.seat, "pay_corruption", f"{hero.name} may discard one Corruption card by paying its favor "
            f"(you have {hero.favor}).", [(c.uid, f"{c.name} ({index().corruption[c.ref].value} favor)")
                                          for c in payable] + [("pass", "keep them")], DecisionKind.ACT_OR_PASS)


@answer("pay_corruption")
def pay_corruption(turn: Turn[MeqState], d: Decision, choice: tuple[str, ...], args: list[str]) -> None:
    state = turn.state
    if choice[0] == "pass":
        return
    hero = state.current
    card = hero.corruption.take(choice[0])
    cost = index().corruption[card.ref].value
    hero.favor -= cost
    state.corruption_discard.cards.append(card)
    turn.say(f"{hero.name} pays {cost} favor to discard the Corruption card {card.name} (favor now {hero.favor}).")


# --- 2 Ambush ------------------------------------------------------------------------------------------------


@step("ambush")
def ambush_step(turn: Turn[MeqState]) -> None:
    """Spec 3.2 step 2 (6.35): Sauron must pick one enemy here; on a Haven only if the hero agrees."""
    state = turn.state
    hero = state.current
    goto(state, "travel")
    pieces = pieces_at(state, hero.at)
    if state.skip_ambush:
        turn.say(f"{hero.name} skips the Ambush step (a Shadow card).")
        return
    if state.turn_over or not pieces:
        return
    if state.map.location(hero.at).haven:
        ask(turn, hero.seat, "haven_fight:ambush", f"{hero.name} is on a Haven with enemies: accept combat?",
            [("fight", "accept combat"), ("pass", "refuse")], DecisionKind.ACT_OR_PASS)
        return
    ask_attacker(turn, "ambush")


def ask_attacker(turn: Turn[MeqState], context: str, peril: bool = False) -> None:
    state = turn.state
    hero = state.current
    # Sauron knows his tokens' faces (spec 1.4): his options name them, so the decision goes to him alone
    options = [(p, foe_name(state, p) + face_of(state, p)) for p in pieces_at(state, hero.at)]
    if peril:
        options.append(("peril", "Peril: draw 3 Peril cards"))
    if context == "ambush" and state.opt("ambush") == "may":
        options.append(("pass", "no ambush"))
    ask(turn, state.sauron, f"attack:{context}", f"Choose what confronts {hero.name} on {state.map.name(hero.at)}.",
        options, DecisionKind.ACT_OR_PASS if context == "ambush" and state.opt("ambush") == "may"
        else DecisionKind.CHOOSE_ONE, private=True)


def face_of(state: MeqState, piece: str) -> str:
    """A face-down token's face as its owner reads it (" (Crebain)"); nothing for a minion."""
    card = state.tokens.find(piece) if piece in state.token_at else None
    return f" ({card.name})" if card is not None else ""


@answer("haven_fight")
def haven_fight(turn: Turn[MeqState], d: Decision, choice: tuple[str, ...], args: list[str]) -> None:
    state = turn.state
    if choice[0] == "fight":
        ask_attacker(turn, args[0])
    elif args[0] == "travel":
        turn.say(f"{state.current.name} refuses combat on the Haven.")
        state.queue.insert(0, "explore")


@answer("attack")
def attack_answer(turn: Turn[MeqState], d: Decision, choice: tuple[str, ...], args: list[str]) -> None:
    """A blank token is discarded with no combat (6.41, option 7.5.5); otherwise the combat starts."""
    from engines.meq import combat

    state = turn.state
    pick, context = choice[0], args[0]
    hero = state.current
    if pick == "pass":
        return
    if pick == "peril":
        state.queue.insert(0, "peril")
        state.queue.insert(1, "explore")
        return
    if pick in state.token_at:
        card = state.tokens.take(pick)
        del state.token_at[pick]
        card.face_up = True
        card.known_to = []
        turn.reveal()
        if card.ref.endswith("|blank"):
            state.token_discard.cards.append(card)
            turn.say(f"Sauron flips the token on {state.map.name(hero.at)}: blank. It is discarded; no combat.")
            if context == "travel":
                state.queue.insert(0, "explore")
            return
        state.token_discard.cards.append(card)  # spec 4.2 b: a fought token always leaves (6.71)
        turn.say(f"Sauron flips the token on {state.map.name(hero.at)}: {card.name}!")
        if not fire("token_foe", turn, hero, card.ref.split("|")[1], context, card.uid):
            combat.start(turn, hero, card.ref.split("|")[1], context, token=card.uid)
    else:
        combat.start(turn, hero, pick, context)


# --- 3 Travel ------------------------------------------------------------------------------------------------


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


def matches(state: MeqState, where: tuple[str, ...], loc: str) -> bool:
    region = state.map.location(loc).region
    return any(w in (ANY, loc, f"region:{region}") for w in where)


# --- Explore -------------------------------------------------------------------------------------------------


@task("explore")
def explore_task(turn: Turn[MeqState], args: list[str]) -> None:
    """Spec 3.2 step 3c: favor, characters, the Dark Path, Plots, the Event, trading; then back to Travel."""
    state = turn.state
    hero = state.current
    if state.turn_over:
        return
    here = hero.at
    options: list[tuple[str, str]] = []
    if state.favor_at.get(here):
        options.append(("favor", f"take the {state.favor_at[here]} favor here"))
    for char, loc in sorted(state.characters.items()):
        if loc == here and corruption.may_trade(hero):
            name = index().characters[char].name
            options.append((f"consult:{char}:favor", f"consult {name} for {index().characters[char].value} favor"))
            options.append((f"consult:{char}:ability", f"consult {name} for its ability (resolved by hand)"))
    if not state.dark_path_used and len(hero.corruption.cards) <= 3:
        options.append(("darkpath", "walk the Dark Path (+1 favor, +1 Corruption card)"))
    for card in state.plots.cards:
        cost = index().plots[card.ref].favor
        if state.plot_at.get(card.uid) == here and hero.favor >= cost:
            options.append((f"plot:{card.uid}", f"discard the Plot {card.name} for {cost} favor"))
    if events.event_usable(state, hero):
        options.append(("event", f"use the Event {state.current_event.cards[0].name} here"))
    for other in state.heroes_at(here):
        if not (corruption.may_trade(hero) and corruption.may_trade(other)):
            continue
        if other is not hero and hero.favor and corruption.favor_room(state, other, 1):
            options.append((f"give:{other.key}", f"give 1 favor to {other.name}"))
        for item in hero.items:
            if other is not hero and item not in other.items:
                options.append((f"item:{other.key}:{item}", f"give the {index().items[item].name} to {other.name}"))
        for quest in hero.quests:  # 6.49: Encounter Quests only, never a Starting or Advanced Quest
            if other is not hero and quest in index().encounters:
                options.append((f"quest:{other.key}:{quest}", f"give the {index().encounters[quest].name} to "
                                f"{other.name}"))
    options += quests.explore_options(state, hero)
    options.append(("pass", "stop exploring"))
    ask(turn, hero.seat, "explore", f"{hero.name} explores {state.map.name(here)}.", options,
        DecisionKind.ACT_OR_PASS)


@answer("explore")
def explore_answer(turn: Turn[MeqState], d: Decision, choice: tuple[str, ...], args: list[str]) -> None:

    state = turn.state
    hero = state.current
    verb, *rest = choice[0].split(":")
    if verb == "pass":
        return
    if verb == "favor":
        n = state.favor_at.pop(hero.at)
        rules.gain_favor(turn, hero, n, f"retrieved on {state.map.name(hero.at)}")
    elif verb == "consult":
        char, how = rest
        del state.characters[char]
        name = index().characters[char].name
        if how == "favor":
            rules.gain_favor(turn, hero, index().characters[char].value, f"consulting {name}")
        else:
            turn.say(f"{hero.name} consults {name} for its ability: resolve it by hand (adjust); {name} returns "
                     "to the supply.")
        fire("consult", turn, hero, char)  # an active Plot may corrupt whoever consults this character
    elif verb == "darkpath":
        state.dark_path_used = True
        rules.gain_favor(turn, hero, 1, "the Dark Path")
        rules.gain_corruption(turn, hero)
    elif verb == "plot":
        cost = index().plots[state.plots.find(rest[0]).ref].favor  # type: ignore[union-attr]
        hero.favor -= cost
        sauron_cards.discard_active_plot(turn, rest[0], f"{hero.name} pays {cost} favor")
    elif verb == "event":
        card = state.current_event.cards[0]
        turn.say(f"{hero.name} uses the Event {card.name}.")
        scripts.run_card(turn, card.ref, hero, location_ability=True)
        state.current_event.cards.remove(card)
        state.event_discard.cards.append(card)
        state.event_at = ""
    elif verb == "give":
        other = state.hero(rest[0])
        hero.favor -= 1
        other.favor += 1
        turn.say(f"{hero.name} gives 1 favor to {other.name}.")
    elif verb == "item":
        other = state.hero(rest[0])
        hero.items.remove(rest[1])
        other.items.append(rest[1])
        turn.say(f"{hero.name} gives the {index().items[rest[1]].name} to {other.name}.")
    elif verb == "complete":  # the reward comes first, then exploring goes on
        quests.complete(turn, hero, rest[0], then="explore")
        return
    elif verb == "quest":
        other = state.hero(rest[0])
        hero.quests.remove(rest[1])
        other.quests.append(rest[1])
        turn.say(f"{hero.name} gives the {index().encounters[rest[1]].name} to {other.name}.")
    state.queue.insert(0, "explore")


# --- 4 Encounter ---------------------------------------------------------------------------------------------


@step("encounter")
def encounter_step(turn: Turn[MeqState]) -> None:
    """Spec 3.2 step 4 (6.43, 6.44, 6.70): skipped after an early end or on a perilous location; else 3 cards
    and the lowest-numbered one that matches here, kept by the hero if it is a Quest."""
    state = turn.state
    hero = state.current
    goto(state, "hero_end")
    if state.turn_over:
        return
    if rules.perilous(state, hero.at, hero):
        turn.say(f"{state.map.name(hero.at)} is perilous for {hero.name}: no Encounter.")
        return
    if fire("encounter", turn, hero):  # a card replaces or forbids this Encounter step
        return
    deck_key = "haven" if state.map.location(hero.at).haven else state.map.group_of(hero.at)
    drawn = stock.draw_from(turn, f"encounter:{deck_key}", state.encounter_discards[deck_key], state.drawn,
                            corruption.encounter_draw(hero))
    for c in drawn:
        c.face_up = True
    ranked = sorted(drawn, key=lambda c: index().encounters[c.ref].priority)
    fit = next((c for c in ranked if matches(state, index().encounters[c.ref].where, hero.at)), None)
    listed = "; ".join(f"{c.name} ({index().encounters[c.ref].priority})" for c in ranked)
    turn.say(f"Encounter ({state.map.group_name(deck_key)} deck): {listed}"
             + (f". {fit.name} applies." if fit else ". None applies here."))
    quest = fit is not None and index().encounters[fit.ref].quest
    for c in ranked:
        state.drawn.cards.remove(c)
        if not (quest and c is fit):
            state.encounter_discards[deck_key].cards.append(c)
    if fit is not None and quest:  # 6.44: a Quest goes face up into the hero's play area, not the discard
        quests.take(turn, hero, fit.ref)
    elif fit is not None:
        scripts.run_card(turn, fit.ref, hero)


@step("hero_end")
def hero_end(turn: Turn[MeqState]) -> None:
    """The next hero, or the two-player interlude, or a new round (spec 2, 3.0)."""
    state = turn.state
    state.hero_turns += 1
    state.shadow_played = False
    if len(state.heroes) == 1 and state.hero_turns == 1:
        goto(state, "rally2")
    elif state.active + 1 < len(state.heroes) and len(state.heroes) > 1:
        state.active += 1
        goto(state, "hero_start")
    else:
        goto(state, "round")


# --- defeat --------------------------------------------------------------------------------------------------


@task("defeat")
def defeat(turn: Turn[MeqState], args: list[str]) -> None:
    """Spec 4.4 (6.58): a marker moves, 1 favor or 1 Item is lost, the nearest Haven, pools shuffle back, and the
    turn ends."""
    state = turn.state
    hero = state.hero(args[0])
    turn.say(f"{hero.name} is defeated.")
    if state.active >= 0 and state.current is hero:
        state.turn_over = True
    state.queue[0:0] = [f"sauron_step:{hero.key}:a hero was defeated", f"defeat_loss:{hero.key}",
                        f"defeat_haven:{hero.key}", "shadow:hero-defeated"]


@task("defeat_loss")
def defeat_loss(turn: Turn[MeqState], args: list[str]) -> None:
    state = turn.state
    hero = state.hero(args[0])
    options = ([("favor", "lose 1 favor")] if hero.favor else []) + [
        (f"item:{i}", f"lose the {index().items[i].name}") for i in hero.items]
    if len(options) == 1 and options[0][0] == "favor":
        rules.lose_favor(turn, hero, 1, "defeat")
    elif options:
        ask(turn, hero.seat, f"loss:{hero.key}", f"{hero.name} is defeated: lose 1 favor or 1 Item.", options)


@answer("loss")
def loss_answer(turn: Turn[MeqState], d: Decision, choice: tuple[str, ...], args: list[str]) -> None:
    state = turn.state
    hero = state.hero(args[0])
    if choice[0] == "favor":
        rules.lose_favor(turn, hero, 1, "defeat")
    else:
        item = choice[0].split(":", 1)[1]
        hero.items.remove(item)
        state.item_supply[item] = state.item_supply.get(item, 0) + 1
        turn.say(f"{hero.name} loses the {index().items[item].name}.")


@task("defeat_haven")
def defeat_haven(turn: Turn[MeqState], args: list[str]) -> None:
    state = turn.state
    hero = state.hero(args[0])
    havens = rules.nearest_havens(state, hero.at)
    if len(havens) > 1:
        ask(turn, state.sauron, f"haven:{hero.key}", f"{hero.name} goes to the nearest Haven: which one?",
            [(h, state.map.name(h)) for h in havens])
    else:
        send_to_haven(turn, hero, havens[0] if havens else hero.at)


@answer("haven")
def haven_answer(turn: Turn[MeqState], d: Decision, choice: tuple[str, ...], args: list[str]) -> None:
    send_to_haven(turn, turn.state.hero(args[0]), choice[0])


def send_to_haven(turn: Turn[MeqState], hero: Hero, loc: str) -> None:
    state = turn.state
    hero.at = loc
    stock.put(state, stock.life(hero), hero.rest.cards)
    stock.merge(state, stock.life(hero), stock.damage(hero))
    hero.rest.cards.clear()
    stock.shuffle(state, stock.life(hero))
    turn.say(f"{hero.name} goes to {state.map.name(loc)}; the rest and damage pools go back into the life pool.")


__all__ = ["MARKERS"]
