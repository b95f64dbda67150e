"""The Core Set's events. Action events are played in action windows (and phase-restricted ones only in their
phase); Response events only at their moment, when the rules offer them (responses.py). An event with no
legal target is not offered: `refusal` says why it cannot be played now. Lasting effects of player cards are
computed once, when the event resolves (FAQ 1.55)."""

from __future__ import annotations

from collections.abc import Callable

from engines.core import Card, Decision, DecisionKind, Option
from engines.lcg import hooks
from engines.lcg.effects.primitives import draw, find
from engines.lcg.effects.responses import event_response, offer, subject
from engines.lcg.flow import push
from engines.lcg.scripts import T, ask, core, effect, follow, fx_args, modify, ours
from engines.lcg.state import EXHAUSTED, LcgState, Player, Task
from engines.lcg.table import (
    characters,
    deal_damage,
    heroes,
    immune_to_players,
    label,
    player_targets,
    resources,
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
    if not ours(d):
        return ""
    if d.name in RESPONSE_EVENTS and not responding \
            and not any(m.startswith(f"subject:{player.seat}:") for m in state.marks):
        return f"{d.name} is a response: it is offered when its moment comes."
    phase = PHASES.get(d.name)
    if phase and state.phase != phase:
        return f"{d.name} can be played only in the {phase} phase."
    fn = CHECKS.get(d.name)
    return fn(state, player) if fn is not None else ""


hooks.event_refusal.register(refusal)  # not as a decorator: callers keep its default `responding`


def all_characters(state: LcgState) -> list[Card]:
    return [c for p in state.active_players() for c in characters(p, state)]


def engaged_enemies(state: LcgState) -> list[Card]:
    return [e for p in state.active_players() for e in p.engaged.cards]


def pick(turn: T, player: Player, prompt: str, cards: list[Card], then: str, *args: str,
         describe: Callable[[Card], str] | None = None) -> None:
    """The player picks one of `cards` (at once if there is only one); `describe` labels each option when the
    name alone does not say what the choice is about (an ally's cost, where X is that cost)."""
    options = [Option(id=c.uid, label=describe(c) if describe else label(turn.state, c)) for c in cards]
    if len(cards) == 1:  # settled alone: a chained answer naming it reads as that answer (found playing)
        turn.answered_alone(player.seat, DecisionKind.CHOOSE_ONE, options, (cards[0].uid,))
        FOLLOW_NOW[then](turn, player, cards[0], list(args))
        return
    ask(turn, player.seat, prompt, options, "ev-" + then, *args)


def pick_player(turn: T, player: Player, prompt: str, then: str, *args: str) -> None:
    active = turn.state.active_players()
    if len(active) == 1:
        turn.answered_alone(player.seat, DecisionKind.CHOOSE_ONE, [Option(id=active[0].seat, label=active[0].seat)],
                            (active[0].seat,))
        PLAYER_NOW[then](turn, player, active[0], list(args))
        return
    ask(turn, player.seat, prompt, [Option(id=p.seat, label=p.seat) for p in active], "evp-" + then, *args)


def owner_of_event(turn: T, card: Card) -> Player:
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
    return [c for c in all_characters(state) if state.card_def(c).type == "ally" and EXHAUSTED in c.flags]


@check("Ever Vigilant")
def _ev_check(state: LcgState, player: Player) -> str:
    return "" if _tired_allies(state) else "There is no exhausted ally to ready."


@effect("Ever Vigilant", "event")
def _ever_vigilant(turn: T, card: Card, _o: Card | None) -> None:
    """An exhausted ally of the player's choice readies."""
    pick(turn, owner_of_event(turn, card), "Ever Vigilant: ready which ally?", _tired_allies(turn.state), "ready")


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
    player = owner_of_event(turn, card)
    own = [h for h in heroes(player, turn.state) if EXHAUSTED not in h.flags]
    pick(turn, player, "Common Cause: exhaust which of your heroes?", own, "cc-exhaust")


@picked("cc-exhaust")
def _cc_exhaust(turn: T, player: Player, hero: Card, _args: list[str]) -> None:
    hero.flags.append(EXHAUSTED)
    turn.say(f"{player.seat} exhausts {hero.name}.")
    tired = [h for p in turn.state.active_players() for h in heroes(p, turn.state)
             if EXHAUSTED in h.flags and h is not hero]
    if tired:
        pick(turn, player, "Common Cause: ready which hero?", tired, "ready")


@effect("For Gondor!", "event")
def _for_gondor(turn: T, card: Card, _o: Card | None) -> None:
    """Every character gets +1 attack for the phase; Gondor characters +1 defense as well."""
    state = turn.state
    for c in all_characters(state):
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
    player = owner_of_event(turn, card)
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
                hooks.left_play(turn, ally, p, False)


def _ally_left_eligible(state: LcgState, player: Player, card: Card, ally: Card) -> bool:
    return True


event_response("Valiant Sacrifice", "ally-left", _ally_left_eligible, "its controller draws 2")


@effect("Valiant Sacrifice", "event")
def _valiant(turn: T, card: Card, _o: Card | None) -> None:
    """After an ally leaves play, the player who controlled it draws 2 cards."""
    player = owner_of_event(turn, card)
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
    for c in all_characters(turn.state):
        if EXHAUSTED in c.flags:
            c.flags.remove(EXHAUSTED)
    turn.say("Grim Resolve: every character readies.")


# --- Tactics ------------------------------------------------------------------------------------------------------
@effect("Blade Mastery", "event")
def _blade_mastery(turn: T, card: Card, _o: Card | None) -> None:
    """A chosen character gets +1 attack, +1 defense for the phase."""
    pick(turn, owner_of_event(turn, card), "Blade Mastery: which character?", all_characters(turn.state),
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
    player = owner_of_event(turn, card)
    pick(turn, player, "Rain of Arrows: exhaust which Ranged character?", _ranged_ready(turn.state, player),
          "rain")


@picked("rain")
def _rain_exhaust(turn: T, player: Player, archer: Card, _args: list[str]) -> None:
    archer.flags.append(EXHAUSTED)
    pick_player(turn, player, "Rain of Arrows: whose engaged enemies?", "rain")


@player_picked("rain")
def _rain_player(turn: T, player: Player, target: Player, _args: list[str]) -> None:
    for enemy in player_targets(turn.state, list(target.engaged.cards)):
        deal_damage(turn, enemy, 1, "Rain of Arrows")


def chosen_enemies(state: LcgState) -> list[Card]:
    """The engaged enemies an event may choose: not those immune to player card effects (FAQ 1.47). Quick
    Strike chooses a character, and its attack is the game's own, so it may attack any engaged enemy."""
    return player_targets(state, engaged_enemies(state))


@check("Feint")
def _feint_check(state: LcgState, player: Player) -> str:
    return "" if chosen_enemies(state) else "No enemy engaged with a player can be chosen."


@effect("Feint", "event")
def _feint(turn: T, card: Card, _o: Card | None) -> None:
    """A chosen engaged enemy cannot attack its player this phase."""
    pick(turn, owner_of_event(turn, card), "Feint: which enemy?", chosen_enemies(turn.state), "feint")


@picked("feint")
def _feint_picked(turn: T, player: Player, enemy: Card, _args: list[str]) -> None:
    state = turn.state
    state.marks.append(f"phase:no-attack:{enemy.uid}")
    # which one, where two of a name may be engaged (found playing: two Forest Spiders, "Forest Spider cannot ...")
    engaged = next((p.seat for p in state.players if enemy in p.engaged.cards), "")
    turn.say(f"{enemy.name} ({enemy.uid}{f', engaged with {engaged}' if engaged else ''}) cannot attack this phase.")


def _strikers(state: LcgState, player: Player) -> list[Card]:
    from engines.lcg.player_attacks import fighters

    return fighters(state, player)


@check("Quick Strike")
def _qs_check(state: LcgState, player: Player) -> str:
    return "" if _strikers(state, player) and engaged_enemies(state) else "You have no ready character and target."


@effect("Quick Strike", "event")
def _quick_strike(turn: T, card: Card, _o: Card | None) -> None:
    """A ready character of the player exhausts and attacks an enemy it may attack, at once."""
    player = owner_of_event(turn, card)
    pick(turn, player, "Quick Strike: which character attacks?", _strikers(turn.state, player), "strike")


@picked("strike")
def _striker(turn: T, player: Player, attacker: Card, _args: list[str]) -> None:
    state = turn.state
    own = list(player.engaged.cards)
    others = [e for e in engaged_enemies(state) if e not in own] if state.card_def(attacker).has("Ranged") else []
    targets = own + others
    if not targets:
        return
    attacker.flags.append(EXHAUSTED)
    pick(turn, player, f"Quick Strike: {attacker.name} attacks which enemy?", targets, "strike-at", attacker.uid)


@picked("strike-at")
def _strike_at(turn: T, player: Player, enemy: Card, args: list[str]) -> None:
    push(turn.state, Task(kind="attack-resolve", seat=player.seat, ref=enemy.uid, note=args[0]))


@check("Thicket of Spears")
def _thicket_check(state: LcgState, player: Player) -> str:
    from engines.lcg.state import PRISONER

    paying = [h for h in heroes(player, state) if resources(h) >= 1 and state.card_def(h).sphere == "tactics"
              and PRISONER not in h.flags]
    return "" if len(paying) >= 3 else "Its cost must come from 3 different heroes' pools."


@effect("Thicket of Spears", "event")
def _thicket(turn: T, card: Card, _o: Card | None) -> None:
    """This phase, no enemy engaged with a chosen player may attack them."""
    pick_player(turn, owner_of_event(turn, card), "Thicket of Spears: which player?", "thicket")


@player_picked("thicket")
def _thicket_player(turn: T, player: Player, target: Player, _args: list[str]) -> None:
    turn.state.marks.append(f"phase:no-attacks-on:{target.seat}")
    turn.say(f"The enemies engaged with {target.seat} may not attack them during this phase.")


def _defender_eligible(state: LcgState, player: Player, card: Card, enemy: Card) -> bool:
    return not immune_to_players(state, enemy)


event_response("Swift Strike", "defender", _defender_eligible, "2 damage to the attacker")


@effect("Swift Strike", "event")
def _swift(turn: T, card: Card, _o: Card | None) -> None:
    """Once a defender is declared, the attacker takes 2 damage."""
    enemy = subject(turn.state, owner_of_event(turn, card).seat)
    if enemy is not None:
        deal_damage(turn, enemy, 2, "Swift Strike")


@effect("Stand Together", "event")
def _stand_together(turn: T, card: Card, _o: Card | None) -> None:
    """A chosen player may defend each attack against them this phase with any number of characters."""
    pick_player(turn, owner_of_event(turn, card), "Stand Together: which player?", "together")


@player_picked("together")
def _together(turn: T, player: Player, target: Player, _args: list[str]) -> None:
    turn.state.marks.append(f"phase:many-defenders:{target.seat}")
    turn.say(f"{target.seat} may declare several defenders against each attack this phase.")
