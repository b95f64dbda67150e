"""A hero's turn (spec 3.2): its start, Rest (step 1), Ambush (step 2) and Encounter (step 4), and its end with
the two-player interlude. Travel (step 3) is engines.meq.travel, its Explore (3c) engines.meq.explore, and a
hero's defeat (spec 4.4) engines.meq.defeat: the steps hand over to one another by name through the queue, so
those modules import this one (what confronts a hero, whether a card's location matches his), never the other
way round."""

from __future__ import annotations

from engines.core import Decision, DecisionKind, Turn
from engines.meq import corruption, quests, rules, scripts, stock
from engines.meq.cards import ANY, index
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


def matches(state: MeqState, where: tuple[str, ...], loc: str) -> bool:
    region = state.map.location(loc).region
    return any(w in (ANY, loc, f"region:{region}") for w in where)


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
    where = state.map.name(hero.at)
    # One enemy and nothing else to pick (spec 3.2 steps 2 and 3 b: Sauron must choose one): the kernel answers
    # it. The table sees the pieces there, so the reason says no more than it sees, never the token's id or face.
    ask(turn, state.sauron, f"attack:{context}", f"Choose what confronts {hero.name} on {where}.",
        options, DecisionKind.ACT_OR_PASS if context == "ambush" and state.opt("ambush") == "may"
        else DecisionKind.CHOOSE_ONE, private=True,
        forced=f"The only enemy on {where} confronts {hero.name}" if len(options) == 1 else "")


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
