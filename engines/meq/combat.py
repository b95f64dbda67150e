"""Combat (spec 4): one hero against a monster or a minion, in simultaneous rounds. Each side commits a card
privately (a decision open for both seats at once); a commit is final; nobody sees the other's card before
both are in; then strength, Next Round abilities, this round's abilities (hero first) and damage."""

from __future__ import annotations

from engines.core import Decision, DecisionKind, Outcome, Turn, Zone
from engines.meq import abilities, corruption, rules, scripts, stock
from engines.meq.cards import CombatDef, index
from engines.meq.flow import COMBAT, FIGHTS, answer, ask, fire, task
from engines.meq.state import SAURON, Combat, Hero, MeqState

EXHAUST = "exhaust"


def start(turn: Turn[MeqState], hero: Hero, foe_id: str, context: str, token: str = "",
          health: int | None = None, fortitude: int | None = None, agility_zero: bool = False) -> None:
    """Set up a combat; Sauron's start-of-combat Shadow window comes before the hero's agility choice, so a card
    played there can change what the hero may draw (spec 4.2 a, 7.3). `context` "card": a card started it."""
    state = turn.state
    foe = index().foes[foe_id]
    fort = foe.fortitude if fortitude is None else fortitude
    c = Combat(hero=hero.key, foe=foe_id, token=token, context=context,
               health=foe.health if health is None else health, fortitude=fort, strength=foe.strength,
               agility_zero=agility_zero)
    c.foe_hand.owner = state.sauron
    state.combat = c
    got = stock.draw_from(turn, f"combat:{foe.deck}", None, c.foe_hand, fort)
    for card in got:
        card.face_up = True
    turn.say(f"Combat: {hero.name} against {foe.name} (health {c.health - prior_damage(state)}, fortitude {fort}, "
             f"strength {foe.strength}). Sauron draws {len(got)} combat card(s).")
    if foe.minion:
        scripts.minion_engages(turn, hero, foe_id)
    scripts.foe_ability_by_hand(turn, foe_id)
    corruption.combat_starts(turn, hero)
    timings = "combat" + (",minion-combat" if foe.minion else "")
    if context != "finale" and shadow_window_opens(state, tuple(timings.split(","))):  # public facts alone
        state.queue[0:0] = [f"shadow:{timings}", "agility"]
    else:
        agility_task(turn, [])


FIGHTS.append(start)


@task("agility")
def agility_task(turn: Turn[MeqState], args: list[str]) -> None:
    state = turn.state
    c = state.combat
    if c is None:  # pragma: no cover - a combat always waits for this
        return
    hero = state.hero(c.hero)
    agility = hero_agility(state, c, hero)
    room = corruption.hand_room(hero)
    most = agility if room is None else min(agility, room)
    ask(turn, hero.seat, "agility", f"{hero.name}: agility {agility}. How many cards do you draw (each point not "
        "spent on a draw adds 1 strength for this combat)?", [], DecisionKind.NUMBER, low=0, high=most)


def shadow_window_opens(state: MeqState, timings: tuple[str, ...]) -> bool:
    from engines.meq import sauron  # sauron's turn module imports this one

    return sauron.shadow_window_opens(state, timings)


def hero_agility(state: MeqState, c: Combat, hero: Hero) -> int:
    return 0 if c.agility_zero else max(0, rules.attribute(state, hero, "agility") + c.agility_mod)


def prior_damage(state: MeqState) -> int:
    c = state.combat
    assert c is not None
    return abilities.prior_damage(state, c)


@answer("agility")
def agility_answer(turn: Turn[MeqState], d: Decision, choice: tuple[str, ...], args: list[str]) -> None:
    """Scenario 6.50: k cards drawn, strength + (agility - k) for this combat."""
    state = turn.state
    c = state.combat
    assert c is not None
    hero = state.hero(c.hero)
    k = int(choice[0])
    drawn = rules.draw_cards(turn, hero, k)
    c.hero_strength = max(0, rules.attribute(state, hero, "strength") + c.strength_mod
                          + hero_agility(state, c, hero) - k)
    turn.say(f"{hero.name} draws {drawn} card(s); strength {c.hero_strength} for this combat.")
    c.stage = "commit"


def step(turn: Turn[MeqState]) -> None:
    state = turn.state
    c = state.combat
    assert c is not None
    if c.stage == "commit":
        open_round(turn, c)
    elif c.stage == "wait":
        reveal(turn, c)
    elif c.stage == "check":
        check(turn, c)
    else:
        finish(turn, c)


COMBAT.append(step)


def open_round(turn: Turn[MeqState], c: Combat) -> None:
    state = turn.state
    hero = state.hero(c.hero)
    c.round += 1
    c.hero_card = c.foe_card = ""
    if not c.hero_out and not hero.hand.cards:
        c.hero_out = True
        turn.say(f"{hero.name} has no cards: exhausted.")
    if not c.foe_out and not c.foe_hand.cards:
        c.foe_out = True
        turn.say("Sauron has no combat cards: exhausted.")
    if c.hero_out and c.foe_out:
        c.stage = "over"
        return
    c.stage = "wait"
    c.first = abilities.first_to_commit(c)
    if c.first and not (c.hero_out if c.first == "hero" else c.foe_out):
        turn.say(f"{hero.name if c.first == 'hero' else 'Sauron'} must commit first, face up.")
        ask_commit(turn, c, c.first)
        return
    c.first = ""
    for side in ("hero", "foe"):
        ask_commit(turn, c, side)


def ask_commit(turn: Turn[MeqState], c: Combat, side: str) -> None:
    state = turn.state
    hero = state.hero(c.hero)
    if side == "hero" and not c.hero_out and c.hero_random and hero.hand.cards:
        c.hero_random = False
        turn.say(f"{hero.name} must play a card at random this round.")
        place_commit(turn, "hero", hero.hand.cards[state.rng.below(len(hero.hand.cards))].uid, hero.seat)
    elif side == "hero" and not c.hero_out:
        ask(turn, hero.seat, "commit:hero", f"Round {c.round}: commit a card face down (or declare exhaustion); "
            f"{strength_left(c.hero_stack, c.hero_strength)}.",
            [(x.uid, card_label(x.ref, x.name)) for x in hero.hand.cards] + [(EXHAUST, "declare exhaustion")],
            private=True)
    if side == "foe" and not c.foe_out:
        ask(turn, state.sauron, "commit:foe", f"Round {c.round}: commit a combat card face down (or declare "
            f"exhaustion); {strength_left(c.foe_stack, c.strength)}.",
            [(x.uid, card_label(x.ref, x.name)) for x in c.foe_hand.cards] + [(EXHAUST, "declare exhaustion")],
            private=True)


def strength_left(stack: Zone, limit: int, foe: str = "") -> str:
    """What a commit can still afford: a card whose cost takes the total over the limit exhausts its side (spec
    4.2 c), so the prompt says where the side stands."""
    return f"strength spent {abilities.spent(stack, foe)} of {limit}"


def card_label(ref: str, name: str) -> str:
    """A combat card's printed numbers beside its name, so a commit is chosen knowing its cost."""
    d = index().combat.get(ref)
    if d is None:
        return name
    ability = abilities.ability_words(d.ability)
    return f"{name} ({d.type}, attack {d.attack}, defense {d.defense}, cost {d.cost}" + \
        (f"; {ability})" if ability else ")")


@answer("commit")
def commit(turn: Turn[MeqState], d: Decision, choice: tuple[str, ...], args: list[str]) -> None:
    """A commit is final (the decision closes). The hero's exhaustion is declared at once, so Sauron decides
    after it (6.59); Sauron's stays secret until the reveal."""
    place_commit(turn, args[0], choice[0], d.seat)


def place_commit(turn: Turn[MeqState], side: str, pick: str, seat: str) -> None:
    """A side's card (or exhaustion) is committed: chosen by its seat, or at random by a foe's ability."""
    state = turn.state
    c = state.combat
    assert c is not None
    if pick != EXHAUST:
        zone = state.hero(c.hero).hand if side == "hero" else c.foe_hand
        card = zone.take(pick)
        card.face_up = False
        card.known_to = [seat]
        c.committed.cards.append(card)
    if side == c.first:  # an opponent's ability: this side commits first, its card face up on its stack
        c.first = ""
        if pick != EXHAUST:
            c.committed.take(pick)
            card.face_up, card.known_to = True, []
            (c.hero_stack if side == "hero" else c.foe_stack).cards.append(card)
        turn.reveal()
        who = state.hero(c.hero).name if side == "hero" else "Sauron"
        turn.say(f"{who} " + ("declares exhaustion." if pick == EXHAUST else f"commits {card.name}, face up."))
        if side == "hero":
            c.hero_card = pick if pick != EXHAUST else "-"
        else:
            c.foe_card = pick if pick != EXHAUST else "-"
        ask_commit(turn, c, "foe" if side == "hero" else "hero")
        return
    if side == "hero":
        c.hero_card = pick if pick != EXHAUST else "-"
        turn.say(f"{state.hero(c.hero).name} " + ("declares exhaustion." if pick == EXHAUST else "commits a card."))
    else:
        c.foe_card = pick if pick != EXHAUST else "-"
        turn.say("Sauron commits.")


def _def(state: MeqState, uid: str) -> CombatDef | None:
    c = state.combat
    assert c is not None
    card = c.committed.find(uid)
    return index().combat[card.ref] if card is not None else None


def reveal(turn: Turn[MeqState], c: Combat) -> None:
    state = turn.state
    hero = state.hero(c.hero)
    turn.reveal()
    played: dict[str, CombatDef | None] = {"hero": None, "foe": None}
    for side, uid, stack in (("hero", c.hero_card, c.hero_stack), ("foe", c.foe_card, c.foe_stack)):
        out = c.hero_out if side == "hero" else c.foe_out
        if out:
            continue
        if uid == "-" or not uid:
            if side == "hero":
                c.hero_out = True
            else:
                c.foe_out = True
            continue
        shown = stack.find(uid)  # committed first and face up (an opponent's ability): already on the stack
        card = shown if shown is not None else c.committed.take(uid)
        card.face_up = True
        card.known_to = []
        if shown is None:
            stack.cards.append(card)
        played[side] = index().combat[card.ref]
    for side, who in (("hero", hero.name), ("foe", "Sauron")):
        card_def = played[side]
        # One line a card, in the form the log checker knows as a public reveal.
        turn.say(f"Revealed: {card_def.name}, played by {who}." if card_def
                 else f"Round {c.round}: {who} is exhausted.")
    # c) strength: over the limit -> exhausted and this card cancelled
    cancelled = {"hero": False, "foe": False}
    abilities.mark_free(c, played)
    for side, stack, limit in (("hero", c.hero_stack, c.hero_strength), ("foe", c.foe_stack, c.strength)):
        if played[side] is None:
            continue
        spent = abilities.spent(stack, c.foe if side == "foe" else "")
        if spent > limit:
            cancelled[side] = True
            if side == "hero":
                c.hero_out = True
            else:
                c.foe_out = True
            turn.say(f"{hero.name if side == 'hero' else 'Sauron'} has spent {spent} strength of {limit}: exhausted, "
                     "and the card just played is cancelled.")
    notes: list[str] = []
    result = abilities.combat_round(turn, c, played, cancelled, notes)
    c.last_types = {s: (p.type if (p := played[s]) is not None and not cancelled[s] else "") for s in ("hero", "foe")}
    to_hero, to_foe = result
    if to_foe:
        c.foe_damage += to_foe
    turn.say(f"Damage: {hero.name} takes {to_hero}, {index().foes[c.foe].name} takes {to_foe} "
             f"(total {prior_damage(state) + c.foe_damage} of {c.health})" + "".join(f"; {n}" for n in notes) + ".")
    c.stage = "check"
    if to_hero:
        state.queue.insert(0, f"hero_damage:{hero.key}:{to_hero}")


def check(turn: Turn[MeqState], c: Combat) -> None:
    state = turn.state
    hero = state.hero(c.hero)
    c.hero_defeated = rules.out_of_cards(state, hero)
    c.foe_defeated = prior_damage(state) + c.foe_damage >= c.health
    if c.hero_defeated or c.foe_defeated or (c.hero_out and c.foe_out) or c.escape_to:
        c.stage = "over"
    else:
        c.stage = "commit"


def finish(turn: Turn[MeqState], c: Combat) -> None:
    """Spec 4.2 step 4: stacks away, the token leaves, minion damage stays; influence for an undefeated foe;
    in Travel, failing to defeat the foe ends the turn."""
    state = turn.state
    hero = state.hero(c.hero)
    foe = index().foes[c.foe]
    for card in c.hero_stack.cards:
        hero.rest.cards.append(card)
    stock.put(state, f"combat:{foe.deck}", c.foe_stack.cards + c.foe_hand.cards + c.committed.cards)
    stock.shuffle(state, f"combat:{foe.deck}")
    state.combat = None
    defeated = c.foe_defeated
    turn.say(f"The combat ends: {foe.name} " + ("is defeated" if defeated else "is not defeated")
             + (f"; {hero.name} is defeated." if c.hero_defeated else "."))
    if c.context == "finale":
        winner = "heroes" if defeated else "sauron"
        seats = state.hero_seats() if defeated else [state.sauron]
        turn.finish(Outcome(winners=seats, reason=("The Ringwraiths are defeated in the Finale: the heroes win."
                                                    if defeated else "The champion fails in the Finale: Sauron wins.")))
        del winner
        return
    if foe.minion:
        m = state.minion(c.foe)
        if defeated:
            m.damage = 0
            m.status = "out" if c.foe == "minion-ringwraiths" else "gone"
            m.at = ""
            if state.opt("high_stakes") and rules.stage(state) == 3 and rules.dominant(state) == "sauron":
                rules.move_marker(turn, "hero", 1, "High Stakes: a minion is defeated")
        else:
            m.damage += c.foe_damage
    state.queue[0:0] = (c.on_win if defeated and not c.hero_defeated else []) + c.on_end
    fire("combat_over", turn, hero, c.foe, defeated)  # a quest met by fighting this foe
    if c.hero_defeated:
        state.queue.insert(0, f"defeat:{hero.key}")
    if c.escape_to and not c.hero_defeated:
        hero.at = c.escape_to
        turn.say(f"{hero.name} moves to {state.map.name(c.escape_to)}; the turn goes on.")
    if not defeated:
        if foe.wisdom:
            state.queue.append(f"place:{foe.wisdom}")
        if ((c.context == "travel" or (c.context == "card" and not c.keep_turn)) and hero.key != "thalin"
                and not c.escape_to):
            state.turn_over = True
    elif c.context == "travel" and not c.hero_defeated:
        state.queue.append("explore")


@task("hero_damage")
def hero_damage(turn: Turn[MeqState], args: list[str]) -> None:
    """Spec 4.4 (6.52): each point from the top of the life pool or a chosen hand card, face down."""
    state = turn.state
    hero = state.hero(args[0])
    n = int(args[1])
    life, hand = stock.count(state, stock.life(hero)), len(hero.hand.cards)
    n = min(n, life + hand)
    fight = state.combat
    from_hand = min(fight.hand_damage, n, hand) if fight is not None else 0  # a foe's ability (engines.meq.foes)
    if fight is not None:
        fight.hand_damage = 0
    if n <= 0:
        after_damage(turn, hero)
        return
    if not hand or not life:
        rules.take_damage(state, hero, n if life else 0, [c.uid for c in hero.hand.cards[:n]] if not life else [])
        turn.say(f"{hero.name} takes {n} damage.")
        after_damage(turn, hero)
        return
    ask(turn, hero.seat, f"dmg_life:{hero.key}:{n}", f"{hero.name} takes {n} damage: how many from the top of the "
        "life pool (the rest from your hand)?", [], DecisionKind.NUMBER, low=max(0, n - hand),
        high=min(n - from_hand, life))


@answer("dmg_life")
def dmg_life(turn: Turn[MeqState], d: Decision, choice: tuple[str, ...], args: list[str]) -> None:
    state = turn.state
    hero = state.hero(args[0])
    n, k = int(args[1]), int(choice[0])
    rules.take_damage(state, hero, k, [])
    if n - k > 0:
        ask(turn, hero.seat, f"dmg_hand:{hero.key}", f"Choose {n - k} card(s) from your hand for the damage pool.",
            [(c.uid, c.name) for c in hero.hand.cards], DecisionKind.CHOOSE_MANY, low=n - k, high=n - k, private=True)
    else:
        turn.say(f"{hero.name} takes {n} damage.")
        after_damage(turn, hero)


@answer("dmg_hand")
def dmg_hand(turn: Turn[MeqState], d: Decision, choice: tuple[str, ...], args: list[str]) -> None:
    hero = turn.state.hero(args[0])
    rules.take_damage(turn.state, hero, 0, list(choice))
    turn.say(f"{hero.name} takes damage, {len(choice)} of it from hand.")
    after_damage(turn, hero)


def after_damage(turn: Turn[MeqState], hero: Hero) -> None:
    """Out of combat, a hero with no cards left is defeated at once; in combat the round's check does it."""
    state = turn.state
    if state.combat is None and rules.out_of_cards(state, hero):
        state.queue.insert(0, f"defeat:{hero.key}")


__all__ = ["SAURON"]
