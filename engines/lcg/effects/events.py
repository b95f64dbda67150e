"""The Core Set's events. Action events are played in action windows (and phase-restricted ones only in their
phase); Response events only at their moment, when the rules offer them (responses.py). An event with no
legal target is not offered: `refusal` says why it cannot be played now. Lasting effects of player cards are
computed once, when the event resolves (FAQ 1.55)."""

from __future__ import annotations

from collections.abc import Callable

from engines.core import Card, Decision, DecisionKind, Option
from engines.lcg.effects.primitives import discard_from_play, draw, find, to_staging
from engines.lcg.effects.registry import T, ask, core, effect, follow, fx_args, modify
from engines.lcg.effects.responses import cancel, event_response, offer, subject
from engines.lcg.flow import push
from engines.lcg.state import DAMAGE, EXHAUSTED, PROGRESS, RESOURCE, LcgState, Player, Task
from engines.lcg.table import (
    add_tokens,
    characters,
    deal_damage,
    heroes,
    label,
    raise_threat,
    resources,
    stat,
    tokens,
)

Check = Callable[[LcgState, Player], str]
CHECKS: dict[str, Check] = {}  # title -> why the event cannot be played now ("" if it can)
PHASES = {"Feint": "combat", "Radagast's Cunning": "quest", "Secret Paths": "quest"}
RESPONSE_EVENTS = ("A Test of Will", "Hasty Stroke", "Swift Strike", "Valiant Sacrifice", "Strength of Will")


def check(title: str) -> Callable[[Check], Check]:
    def register(fn: Check) -> Check:
        CHECKS[title] = fn
        return fn

    return register


def refusal(state: LcgState, player: Player, card: Card, responding: bool = False) -> str:
    """Why the Core Set event `card` cannot be played now, or ""."""
    d = state.card_def(card)
    if d.pack not in ("Core Set", ""):
        return ""
    if d.name in RESPONSE_EVENTS and not responding \
            and not any(m.startswith(f"subject:{player.seat}:") for m in state.marks):
        return f"{d.name} is a response: it is offered when its moment comes."
    phase = PHASES.get(d.name)
    if phase and state.phase != phase:
        return f"{d.name} can be played only in the {phase} phase."
    fn = CHECKS.get(d.name)
    return fn(state, player) if fn is not None else ""


def _all_characters(state: LcgState) -> list[Card]:
    return [c for p in state.active_players() for c in characters(p, state)]


def _engaged(state: LcgState) -> list[Card]:
    return [e for p in state.active_players() for e in p.engaged.cards]


def _pick(turn: T, player: Player, prompt: str, cards: list[Card], then: str, *args: str) -> None:
    """The player picks one of `cards` (at once if there is only one)."""
    if len(cards) == 1:
        FOLLOW_NOW[then](turn, player, cards[0], list(args))
        return
    ask(turn, player.seat, prompt, [Option(id=c.uid, label=label(turn.state, c)) for c in cards], "ev-" + then,
        *args)


def _pick_player(turn: T, player: Player, prompt: str, then: str, *args: str) -> None:
    active = turn.state.active_players()
    if len(active) == 1:
        PLAYER_NOW[then](turn, player, active[0], list(args))
        return
    ask(turn, player.seat, prompt, [Option(id=p.seat, label=p.seat) for p in active], "evp-" + then, *args)


def _owner_of_event(turn: T, card: Card) -> Player:
    owner = turn.state.owner(card)
    assert owner is not None
    return owner


Picked = Callable[[T, Player, Card, list[str]], None]
PlayerPicked = Callable[[T, Player, Player, list[str]], None]
FOLLOW_NOW: dict[str, Picked] = {}
PLAYER_NOW: dict[str, PlayerPicked] = {}


def picked(name: str) -> Callable[[Picked], Picked]:
    def register(fn: Picked) -> Picked:
        FOLLOW_NOW[name] = fn

        def answered(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
            target = find(turn.state, choice[0])
            if target is not None:
                fn(turn, turn.state.player(decision.seat), target, fx_args(decision))

        follow("ev-" + name)(answered)
        return fn

    return register


def player_picked(name: str) -> Callable[[PlayerPicked], PlayerPicked]:
    def register(fn: PlayerPicked) -> PlayerPicked:
        PLAYER_NOW[name] = fn

        def answered(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
            fn(turn, turn.state.player(decision.seat), turn.state.player(choice[0]), fx_args(decision))

        follow("evp-" + name)(answered)
        return fn

    return register


def _ready_card(turn: T, card: Card) -> None:
    if EXHAUSTED in card.flags:
        card.flags.remove(EXHAUSTED)
        turn.say(f"{card.name} readies.")


# --- Leadership -------------------------------------------------------------------------------------------------
def _tired_allies(state: LcgState) -> list[Card]:
    return [c for c in _all_characters(state) if state.card_def(c).type == "ally" and EXHAUSTED in c.flags]


@check("Ever Vigilant")
def _ev_check(state: LcgState, player: Player) -> str:
    return "" if _tired_allies(state) else "There is no exhausted ally to ready."


@effect("Ever Vigilant", "event")
def _ever_vigilant(turn: T, card: Card, _o: Card | None) -> None:
    """An exhausted ally of the player's choice readies."""
    _pick(turn, _owner_of_event(turn, card), "Ever Vigilant: ready which ally?", _tired_allies(turn.state), "ready")


@picked("ready")
def _ready_picked(turn: T, player: Player, target: Card, _args: list[str]) -> None:
    _ready_card(turn, target)


@check("Common Cause")
def _cc_check(state: LcgState, player: Player) -> str:
    ready_own = [h for h in heroes(player, state) if EXHAUSTED not in h.flags]
    tired = [h for p in state.active_players() for h in heroes(p, state) if EXHAUSTED in h.flags]
    return "" if ready_own and tired else "You need a ready hero to exhaust and an exhausted hero to ready."


@effect("Common Cause", "event")
def _common_cause(turn: T, card: Card, _o: Card | None) -> None:
    """The player exhausts one of their heroes so that another hero readies."""
    player = _owner_of_event(turn, card)
    own = [h for h in heroes(player, turn.state) if EXHAUSTED not in h.flags]
    _pick(turn, player, "Common Cause: exhaust which of your heroes?", own, "cc-exhaust")


@picked("cc-exhaust")
def _cc_exhaust(turn: T, player: Player, hero: Card, _args: list[str]) -> None:
    hero.flags.append(EXHAUSTED)
    turn.say(f"{player.seat} exhausts {hero.name}.")
    tired = [h for p in turn.state.active_players() for h in heroes(p, turn.state)
             if EXHAUSTED in h.flags and h is not hero]
    if tired:
        _pick(turn, player, "Common Cause: ready which hero?", tired, "ready")


@effect("For Gondor!", "event")
def _for_gondor(turn: T, card: Card, _o: Card | None) -> None:
    """Every character gets +1 attack for the phase; Gondor characters +1 defense as well."""
    state = turn.state
    for c in _all_characters(state):
        modify(state, c, "attack", 1, "phase")
        if "Gondor" in state.card_def(c).traits or any(core(state, a, "Steward of Gondor") for a in c.attached):
            modify(state, c, "defense", 1, "phase")
    turn.say("For Gondor!: every character gets +1 attack (Gondor characters +1 defense) this phase.")


def _allies_in_hand(state: LcgState, player: Player) -> list[Card]:
    return [c for c in player.hand.cards if state.card_def(c).type == "ally"]


@check("Sneak Attack")
def _sa_check(state: LcgState, player: Player) -> str:
    return "" if _allies_in_hand(state, player) else "You have no ally in hand."


@effect("Sneak Attack", "event")
def _sneak_attack(turn: T, card: Card, _o: Card | None) -> None:
    """An ally from the player's hand is put into play (not played: no cost, FAQ 1.16); at the end of the
    phase it goes back to hand if it is still in play."""
    player = _owner_of_event(turn, card)
    allies = _allies_in_hand(turn.state, player)
    if len(allies) == 1:
        _sneak(turn, player, allies[0].uid)
        return
    ask(turn, player.seat, "Sneak Attack: which ally?", [Option(id=c.uid, label=c.name) for c in allies],
        "sneak", private=True)


@follow("sneak")
def _sneak_chosen(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    _sneak(turn, turn.state.player(decision.seat), choice[0])


def _sneak(turn: T, player: Player, uid: str) -> None:
    from engines.lcg.effects.allies import put_into_play

    ally = player.hand.find(uid)
    if ally is None:
        return
    player.hand.cards.remove(ally)
    turn.state.marks.append(f"sneak:{ally.uid}:{turn.state.phase}")
    put_into_play(turn, player, ally)


def phase_ends(turn: T, phase: str) -> None:
    """Sneak Attack's ally goes back to its owner's hand when the phase ends (FAQ 1.02: if Beorn already
    left play, nothing happens)."""
    state = turn.state
    for mark in [m for m in state.marks if m.startswith("sneak:") and m.endswith(f":{phase}")]:
        state.marks.remove(mark)
        uid = mark.split(":")[1]
        for p in state.players:
            ally = p.play.find(uid)
            if ally is not None:
                from engines.lcg.table import leave_play

                p.play.cards.remove(ally)
                leave_play(state, ally)
                (state.owner(ally) or p).hand.cards.append(ally)
                turn.say(f"Sneak Attack: {ally.name} returns to its owner's hand.")
                from engines.lcg.effects.allies import left_play

                left_play(turn, ally, p, destroyed=False)


def _ally_left_eligible(state: LcgState, player: Player, card: Card, ally: Card) -> bool:
    return True


event_response("Valiant Sacrifice", "ally-left", _ally_left_eligible, "its controller draws 2")


@effect("Valiant Sacrifice", "event")
def _valiant(turn: T, card: Card, _o: Card | None) -> None:
    """After an ally leaves play, the player who controlled it draws 2 cards."""
    player = _owner_of_event(turn, card)
    ally = subject(turn.state, player.seat)
    if ally is None:
        return
    controller = next((m.split(":")[2] for m in turn.state.marks if m.startswith(f"left:{ally.uid}:")), None)
    draw(turn, turn.state.player(controller) if controller else player, 2)


def ally_left(turn: T, ally: Card, controller: Player) -> None:
    """An ally just left play: Valiant Sacrifice may respond."""
    state = turn.state
    state.marks = [m for m in state.marks if not m.startswith("left:")]
    state.marks.append(f"left:{ally.uid}:{controller.seat}")
    offer(turn, "ally-left", ally, f"{ally.name} left play: respond?")


@effect("Grim Resolve", "event")
def _grim(turn: T, card: Card, _o: Card | None) -> None:
    """Every character in play readies."""
    for c in _all_characters(turn.state):
        if EXHAUSTED in c.flags:
            c.flags.remove(EXHAUSTED)
    turn.say("Grim Resolve: every character readies.")


# --- Tactics ------------------------------------------------------------------------------------------------------
@effect("Blade Mastery", "event")
def _blade_mastery(turn: T, card: Card, _o: Card | None) -> None:
    """A chosen character gets +1 attack, +1 defense for the phase."""
    _pick(turn, _owner_of_event(turn, card), "Blade Mastery: which character?", _all_characters(turn.state),
          "mastery")


@picked("mastery")
def _mastery(turn: T, player: Player, target: Card, _args: list[str]) -> None:
    modify(turn.state, target, "attack", 1, "phase")
    modify(turn.state, target, "defense", 1, "phase")
    turn.say(f"{target.name} gets +1 attack, +1 defense for the rest of the phase.")


def _ranged_ready(state: LcgState, player: Player) -> list[Card]:
    return [c for c in characters(player, state) if state.card_def(c).has("Ranged") and EXHAUSTED not in c.flags]


@check("Rain of Arrows")
def _rain_check(state: LcgState, player: Player) -> str:
    return "" if _ranged_ready(state, player) else "You control no ready character with Ranged to exhaust."


@effect("Rain of Arrows", "event")
def _rain(turn: T, card: Card, _o: Card | None) -> None:
    """The player exhausts a Ranged character; every enemy engaged with a chosen player takes 1 damage."""
    player = _owner_of_event(turn, card)
    _pick(turn, player, "Rain of Arrows: exhaust which Ranged character?", _ranged_ready(turn.state, player),
          "rain")


@picked("rain")
def _rain_exhaust(turn: T, player: Player, archer: Card, _args: list[str]) -> None:
    archer.flags.append(EXHAUSTED)
    _pick_player(turn, player, "Rain of Arrows: whose engaged enemies?", "rain")


@player_picked("rain")
def _rain_player(turn: T, player: Player, target: Player, _args: list[str]) -> None:
    for enemy in list(target.engaged.cards):
        deal_damage(turn, enemy, 1, "Rain of Arrows")


@check("Feint")
def _feint_check(state: LcgState, player: Player) -> str:
    return "" if _engaged(state) else "No enemy is engaged with a player."


@effect("Feint", "event")
def _feint(turn: T, card: Card, _o: Card | None) -> None:
    """A chosen engaged enemy cannot attack its player this phase."""
    _pick(turn, _owner_of_event(turn, card), "Feint: which enemy?", _engaged(turn.state), "feint")


@picked("feint")
def _feint_picked(turn: T, player: Player, enemy: Card, _args: list[str]) -> None:
    turn.state.marks.append(f"phase:no-attack:{enemy.uid}")
    turn.say(f"{enemy.name} cannot attack this phase.")


def _strikers(state: LcgState, player: Player) -> list[Card]:
    from engines.lcg.combat import fighters

    return fighters(state, player)


@check("Quick Strike")
def _qs_check(state: LcgState, player: Player) -> str:
    return "" if _strikers(state, player) and _engaged(state) else "You have no ready character and target."


@effect("Quick Strike", "event")
def _quick_strike(turn: T, card: Card, _o: Card | None) -> None:
    """A ready character of the player exhausts and attacks an enemy it may attack, at once."""
    player = _owner_of_event(turn, card)
    _pick(turn, player, "Quick Strike: which character attacks?", _strikers(turn.state, player), "strike")


@picked("strike")
def _striker(turn: T, player: Player, attacker: Card, _args: list[str]) -> None:
    state = turn.state
    own = list(player.engaged.cards)
    others = [e for e in _engaged(state) if e not in own] if state.card_def(attacker).has("Ranged") else []
    targets = own + others
    if not targets:
        return
    attacker.flags.append(EXHAUSTED)
    _pick(turn, player, f"Quick Strike: {attacker.name} attacks which enemy?", targets, "strike-at", attacker.uid)


@picked("strike-at")
def _strike_at(turn: T, player: Player, enemy: Card, args: list[str]) -> None:
    push(turn.state, Task(kind="attack-resolve", seat=player.seat, ref=enemy.uid, note=args[0]))


@check("Thicket of Spears")
def _thicket_check(state: LcgState, player: Player) -> str:
    from engines.lcg.playing import payers

    paying = [h for h in heroes(player, state) if resources(h) >= 1 and state.card_def(h).sphere == "tactics"]
    del payers
    return "" if len(paying) >= 3 else "Its cost must come from 3 different heroes' pools."


@effect("Thicket of Spears", "event")
def _thicket(turn: T, card: Card, _o: Card | None) -> None:
    """This phase, no enemy engaged with a chosen player may attack them."""
    _pick_player(turn, _owner_of_event(turn, card), "Thicket of Spears: which player?", "thicket")


@player_picked("thicket")
def _thicket_player(turn: T, player: Player, target: Player, _args: list[str]) -> None:
    turn.state.marks.append(f"phase:no-attacks-on:{target.seat}")
    turn.say(f"The enemies engaged with {target.seat} may not attack them during this phase.")


def _defender_eligible(state: LcgState, player: Player, card: Card, enemy: Card) -> bool:
    return True


event_response("Swift Strike", "defender", _defender_eligible, "2 damage to the attacker")


@effect("Swift Strike", "event")
def _swift(turn: T, card: Card, _o: Card | None) -> None:
    """Once a defender is declared, the attacker takes 2 damage."""
    enemy = subject(turn.state, _owner_of_event(turn, card).seat)
    if enemy is not None:
        deal_damage(turn, enemy, 2, "Swift Strike")


@effect("Stand Together", "event")
def _stand_together(turn: T, card: Card, _o: Card | None) -> None:
    """A chosen player may defend each attack against them this phase with any number of characters."""
    _pick_player(turn, _owner_of_event(turn, card), "Stand Together: which player?", "together")


@player_picked("together")
def _together(turn: T, player: Player, target: Player, _args: list[str]) -> None:
    turn.state.marks.append(f"phase:many-defenders:{target.seat}")
    turn.say(f"{target.seat} may declare several defenders against each attack this phase.")


# --- Spirit -----------------------------------------------------------------------------------------------------
@effect("The Galadhrim's Greeting", "event")
def _greeting(turn: T, card: Card, _o: Card | None) -> None:
    """Either one player's threat drops by 6, or every player's by 2 (the player chooses)."""
    player = _owner_of_event(turn, card)
    options = [Option(id=f"six-{p.seat}", label=f"{p.seat}: -6 threat") for p in turn.state.active_players()]
    ask(turn, player.seat, "The Galadhrim's Greeting: reduce threat how?",
        [*options, Option(id="each", label="Each player: -2 threat")], "greeting")


@follow("greeting")
def _greeting_chosen(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    state = turn.state
    if choice[0] == "each":
        for p in state.active_players():
            raise_threat(turn, p, -2)
        turn.say("Each player reduces their threat by 2.")
    else:
        target = state.player(choice[0].removeprefix("six-"))
        raise_threat(turn, target, -6)
        turn.say(f"{target.seat} reduces their threat by 6.")


def _spirit_ready(state: LcgState, player: Player) -> list[Card]:
    return [c for c in characters(player, state) if state.card_def(c).sphere == "spirit" and EXHAUSTED not in c.flags]


def _sow_eligible(state: LcgState, player: Player, card: Card, location: Card) -> bool:
    return bool(_spirit_ready(state, player)) and location in state.active.cards


event_response("Strength of Will", "travelled", _sow_eligible, "2 progress on the location")


@effect("Strength of Will", "event")
def _strength(turn: T, card: Card, _o: Card | None) -> None:
    """After travelling, the player exhausts a Spirit character to put 2 progress on the new location."""
    player = _owner_of_event(turn, card)
    location = subject(turn.state, player.seat)
    spirits = _spirit_ready(turn.state, player)
    if location is not None and spirits:
        _pick(turn, player, "Strength of Will: exhaust which Spirit character?", spirits, "sow", location.uid)


@picked("sow")
def _sow(turn: T, player: Player, spirit: Card, args: list[str]) -> None:
    from engines.lcg.effects.primitives import progress_on_location

    spirit.flags.append(EXHAUSTED)
    location = find(turn.state, args[0])
    if location is not None:
        progress_on_location(turn, location, 2, "Strength of Will")


def after_travel(turn: T, location: Card) -> None:
    """Responses to travelling (Strength of Will), after the location's own Forced effects (FAQ 1.09)."""
    offer(turn, "travelled", location, f"The players travelled to {location.name}: respond?")


def _any(state: LcgState, player: Player, card: Card, other: Card) -> bool:
    return True


event_response("Hasty Stroke", "cancel-shadow", _any, "cancel the shadow effect")
event_response("A Test of Will", "cancel-reveal", _any, "cancel the When Revealed effect")


@effect("Hasty Stroke", "event")
def _hasty(turn: T, card: Card, _o: Card | None) -> None:
    """Cancels the shadow effect just turned face up."""
    shadow = subject(turn.state, _owner_of_event(turn, card).seat)
    if shadow is not None:
        cancel(turn.state, shadow, "effect")


@effect("A Test of Will", "event")
def _test_of_will(turn: T, card: Card, _o: Card | None) -> None:
    """Cancels the When Revealed effect of the encounter card just revealed (the rest of it resolves)."""
    revealed = subject(turn.state, _owner_of_event(turn, card).seat)
    if revealed is not None:
        cancel(turn.state, revealed, "effect")


@effect("Will of the West", "event")
def _will_of_the_west(turn: T, card: Card, _o: Card | None) -> None:
    """A chosen player's discard pile is shuffled back into their deck."""
    _pick_player(turn, _owner_of_event(turn, card), "Will of the West: whose discard pile?", "west")


@player_picked("west")
def _west(turn: T, player: Player, target: Player, _args: list[str]) -> None:
    target.deck.cards.extend(target.discard.cards)
    target.discard.cards = []
    turn.state.rng.shuffle(target.deck.cards)
    turn.say(f"{target.seat}'s discard pile is shuffled into their deck.")


def _discarded_allies(state: LcgState, budget: int) -> list[Card]:
    return [c for p in state.players for c in p.discard.cards
            if state.card_def(c).type == "ally" and (state.card_def(c).cost or 0) <= budget]


def _spirit_budget(state: LcgState, player: Player) -> int:
    return sum(resources(h) for h in heroes(player, state) if state.card_def(h).sphere == "spirit")


@check("Stand and Fight")
def _saf_check(state: LcgState, player: Player) -> str:
    return "" if _discarded_allies(state, _spirit_budget(state, player)) else \
        "No ally in a discard pile has a printed cost your Spirit heroes can pay as X."


@effect("Stand and Fight", "event")
def _stand_and_fight(turn: T, card: Card, _o: Card | None) -> None:
    """X is the printed cost of an ally in any discard pile: paid in Spirit resources, it puts that ally
    into play under the player's control."""
    player = _owner_of_event(turn, card)
    allies = _discarded_allies(turn.state, _spirit_budget(turn.state, player))
    _pick(turn, player, "Stand and Fight: which ally (X = its cost)?", allies, "saf")


@picked("saf")
def _saf(turn: T, player: Player, ally: Card, _args: list[str]) -> None:
    from engines.lcg.effects.allies import put_into_play

    state = turn.state
    price = state.card_def(ally).cost or 0
    for hero in heroes(player, state):
        if state.card_def(hero).sphere == "spirit":
            take = min(price, resources(hero))
            add_tokens(hero, RESOURCE, -take)
            price -= take
    for p in state.players:
        if ally in p.discard.cards:
            p.discard.cards.remove(ally)
    put_into_play(turn, player, ally)


@check("A Light in the Dark")
def _light_check(state: LcgState, player: Player) -> str:
    return "" if _engaged(state) else "No enemy is engaged with a player."


@effect("A Light in the Dark", "event")
def _light(turn: T, card: Card, _o: Card | None) -> None:
    """A chosen engaged enemy goes back to the staging area."""
    _pick(turn, _owner_of_event(turn, card), "A Light in the Dark: which enemy?", _engaged(turn.state), "light")


@picked("light")
def _light_picked(turn: T, player: Player, enemy: Card, _args: list[str]) -> None:
    to_staging(turn, enemy)


def _spirit_discards(state: LcgState, player: Player) -> list[Card]:
    return [c for c in player.discard.cards if state.card_def(c).sphere == "spirit"]


@check("Dwarven Tomb")
def _tomb_check(state: LcgState, player: Player) -> str:
    return "" if _spirit_discards(state, player) else "Your discard pile holds no Spirit card."


@effect("Dwarven Tomb", "event")
def _tomb(turn: T, card: Card, _o: Card | None) -> None:
    """A Spirit card from the player's own discard pile returns to their hand."""
    player = _owner_of_event(turn, card)
    _pick(turn, player, "Dwarven Tomb: which card?", [c for c in _spirit_discards(turn.state, player)
                                                       if c is not card] or [card], "tomb")


@picked("tomb")
def _tomb_picked(turn: T, player: Player, target: Card, _args: list[str]) -> None:
    if target in player.discard.cards:
        player.discard.cards.remove(target)
        player.hand.cards.append(target)
        turn.say(f"{player.seat} returns {target.name} from their discard pile to hand.")


def _dead_heroes(state: LcgState) -> list[Card]:
    return [c for p in state.active_players() for c in p.discard.cards if state.card_def(c).type == "hero"]


@check("Fortune or Fate")
def _fate_check(state: LcgState, player: Player) -> str:
    return "" if _dead_heroes(state) else "No hero is in a discard pile."


@effect("Fortune or Fate", "event")
def _fortune(turn: T, card: Card, _o: Card | None) -> None:
    """A hero from any discard pile comes back into play under its owner's control."""
    _pick(turn, _owner_of_event(turn, card), "Fortune or Fate: which hero?", _dead_heroes(turn.state), "fate")


@picked("fate")
def _fate(turn: T, player: Player, hero: Card, _args: list[str]) -> None:
    state = turn.state
    for p in state.players:
        if hero in p.discard.cards:
            p.discard.cards.remove(hero)
            (state.owner(hero) or p).play.cards.append(hero)
            turn.say(f"{hero.name} returns to play.")


# --- Lore ---------------------------------------------------------------------------------------------------------
def _wounded(state: LcgState) -> list[Card]:
    return [c for c in _all_characters(state) if tokens(c, DAMAGE)]


@check("Lore of Imladris")
def _imladris_check(state: LcgState, player: Player) -> str:
    return "" if _wounded(state) else "No character has damage to heal."


@effect("Lore of Imladris", "event")
def _imladris(turn: T, card: Card, _o: Card | None) -> None:
    """A chosen character is healed of all its damage."""
    _pick(turn, _owner_of_event(turn, card), "Lore of Imladris: heal which character?", _wounded(turn.state),
          "heal-all")


@picked("heal-all")
def _heal_all(turn: T, player: Player, target: Card, _args: list[str]) -> None:
    target.tokens.pop(DAMAGE, None)
    turn.say(f"All damage on {target.name} is healed.")


@effect("Lórien's Wealth", "event")
def _wealth(turn: T, card: Card, _o: Card | None) -> None:
    """A chosen player draws 3 cards."""
    _pick_player(turn, _owner_of_event(turn, card), "Lórien's Wealth: which player draws 3?", "draw", "3")


@player_picked("draw")
def _draw(turn: T, player: Player, target: Player, args: list[str]) -> None:
    draw(turn, target, int(args[0]))


def _staged(state: LcgState, kind: str) -> list[Card]:
    return [c for c in state.staging.cards if state.card_def(c).type == kind]


@check("Radagast's Cunning")
def _cunning_check(state: LcgState, player: Player) -> str:
    return "" if _staged(state, "enemy") else "No enemy is in the staging area."


@check("Secret Paths")
def _paths_check(state: LcgState, player: Player) -> str:
    return "" if _staged(state, "location") else "No location is in the staging area."


@effect("Radagast's Cunning", "event")
def _cunning(turn: T, card: Card, _o: Card | None) -> None:
    """A chosen enemy in the staging area adds no threat for the rest of the phase."""
    _pick(turn, _owner_of_event(turn, card), "Radagast's Cunning: which enemy?", _staged(turn.state, "enemy"),
          "no-threat")


@effect("Secret Paths", "event")
def _paths(turn: T, card: Card, _o: Card | None) -> None:
    """A chosen location in the staging area adds no threat for the rest of the phase."""
    _pick(turn, _owner_of_event(turn, card), "Secret Paths: which location?", _staged(turn.state, "location"),
          "no-threat")


@picked("no-threat")
def _no_threat(turn: T, player: Player, target: Card, _args: list[str]) -> None:
    modify(turn.state, target, "blank-threat", 0, "phase")
    turn.say(f"{target.name} adds no threat for the rest of the phase.")


def _lore_budget(state: LcgState, player: Player) -> int:
    return sum(resources(h) for h in heroes(player, state) if state.card_def(h).sphere == "lore")


@check("Gandalf's Search")
def _search_check(state: LcgState, player: Player) -> str:
    return "" if _lore_budget(state, player) >= 1 else "X must be at least 1: your Lore heroes have no resources."


@effect("Gandalf's Search", "event")
def _gandalfs_search(turn: T, card: Card, _o: Card | None) -> None:
    """X paid in Lore resources: the player looks at the top X cards of a deck, gives one to that deck's
    owner's hand, and the rest stay on top."""
    player = _owner_of_event(turn, card)
    ask(turn, player.seat, "Gandalf's Search: choose X (paid from your Lore heroes)", [], "search-x",
        kind=DecisionKind.NUMBER, low=1, high=_lore_budget(turn.state, player))


@follow("search-x")
def _search_x(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    state = turn.state
    player = state.player(decision.seat)
    x = int(choice[0])
    left = x
    for hero in heroes(player, state):
        if state.card_def(hero).sphere == "lore":
            take = min(left, resources(hero))
            add_tokens(hero, RESOURCE, -take)
            left -= take
    turn.say(f"{player.seat} pays {x} for Gandalf's Search.")
    _pick_player(turn, player, "Gandalf's Search: whose deck?", "search", str(x))


@player_picked("search")
def _search_deck(turn: T, player: Player, target: Player, args: list[str]) -> None:
    top = target.deck.cards[-int(args[0]):]
    if not top:
        return
    for c in top:  # the searching player looks at them (and only they)
        c.known_to = sorted({*c.known_to, player.seat})
    ask(turn, player.seat, f"Gandalf's Search: which card goes to {target.seat}'s hand?",
        [Option(id=c.uid, label=c.name) for c in reversed(top)], "search-take", target.seat, private=True)


@follow("search-take")
def _search_take(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    target = turn.state.player(fx_args(decision)[0])
    for c in target.deck.cards:
        c.known_to = [s for s in c.known_to if s != decision.seat]
    card = target.deck.find(choice[0])
    if card is not None:
        target.deck.cards.remove(card)
        target.hand.cards.append(card)
        turn.say(f"{target.seat} takes a card from the top of their deck into hand.")
        turn.reveal()


@effect("Beorn's Hospitality", "event")
def _hospitality(turn: T, card: Card, _o: Card | None) -> None:
    """Every hero of a chosen player is healed of all damage."""
    _pick_player(turn, _owner_of_event(turn, card), "Beorn's Hospitality: which player?", "hospitality")


@player_picked("hospitality")
def _hospitality_player(turn: T, player: Player, target: Player, _args: list[str]) -> None:
    for hero in heroes(target, turn.state):
        hero.tokens.pop(DAMAGE, None)
    turn.say(f"Every hero of {target.seat} is healed.")


_unused = (PROGRESS, stat, discard_from_play)
