"""The players' attacks of the combat phase (spec 4.6 step 5; RR p.20): each player in turn declares an attack on
an enemy engaged with them (or, with Ranged, with another player), chooses attackers, and may be joined by
other players' Ranged characters; the attack's strength against the enemy's defense is dealt as damage.

Apart from the enemies' attacks (engines/lcg/combat.py), which come before it and whose defenders, shadow cards and
Sentinel it never touches: what it shares with them, the engaged and staged enemies, it reads from there."""

from __future__ import annotations

from engines.core import Card, Decision, DecisionKind, Option, RuleError
from engines.lcg import hooks
from engines.lcg.combat import staging_enemies
from engines.lcg.flow import T, answer, arg, push, task
from engines.lcg.scripts import core
from engines.lcg.state import LcgState, Modifier, Player, Task
from engines.lcg.table import (
    called,
    characters,
    check_destroyed,
    deal_damage,
    exhaust,
    ready,
    stat,
)


def attackable(state: LcgState, player: Player) -> list[Card]:
    own = [e for e in player.engaged.cards if e.uid not in player.attacked]
    ranged = any(state.card_def(c).has("Ranged") for c in fighters(state, player))
    others = [e for p in state.active_players() if p is not player for e in p.engaged.cards
              if e.uid not in player.attacked] if ranged else []
    dunhere = [e for e in staging_enemies(state) if e.uid not in player.attacked] \
        if any(core(state, c, "Dunhere") for c in fighters(state, player)) else []
    return own + others + dunhere if fighters(state, player) else []


def fighters(state: LcgState, player: Player) -> list[Card]:
    """Ready characters that may attack (Gandalf's Map forbids its bearer)."""
    return [c for c in characters(player, state) if ready(c) and not hooks.cannot_fight(state, c)]


@task("player-attacks")
def player_attacks(turn: T, t: Task) -> None:
    state = turn.state
    player = state.player(t.seat)
    targets = attackable(state, player)
    if player.eliminated or not targets:
        return
    turn.ask(player.seat, DecisionKind.ACT_OR_PASS, "Player attacks: declare an attack on an enemy, or pass",  # RR p.20
             [*(Option(id=e.uid, label=f"Attack {e.name} ({stat(state, e, 'defense')} DEF, "
                                       f"{stat(state, e, 'hit_points') - e.tokens.get('damage', 0)} HP left)")
                for e in targets), Option(id="pass", label="No more attacks")], context="attack")


@answer("attack")
def attack_answer(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    if choice[0] == "pass":
        return
    state = turn.state
    player = state.player(decision.seat)
    player.attacked.append(choice[0])
    own = player.engaged.find(choice[0]) is not None
    attackers = [c for c in fighters(state, player) if own or state.card_def(c).has("Ranged")]
    if any(e.uid == choice[0] for e in staging_enemies(state)):  # Dunhere attacks the staging area alone
        attackers = [c for c in fighters(state, player) if core(state, c, "Dunhere")]
    if not attackers:
        raise RuleError("You have no ready character who can attack that enemy (only Ranged characters can "
                        "attack enemies engaged with other players).")
    target = state.locate(choice[0])[1]
    turn.ask(player.seat, DecisionKind.CHOOSE_MANY,
             f"Attack on {called(state, target)}: choose the attackers",
             [Option(id=c.uid, label=f"{c.name} ({stat(state, c, 'attack')} ATK)") for c in attackers],
             low=1, high=len(attackers), context=f"attackers:{choice[0]}",
             forced=(f"Only {called(state, attackers[0])} can attack {called(state, target)}"
                     if len(attackers) == 1 else ""))
    push(state, Task(kind="player-attacks", seat=player.seat))


@answer("attackers")
def attackers_answer(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    state = turn.state
    enemy_uid = arg(decision)
    chosen = [state.locate(uid)[1] for uid in choice]
    for card in chosen:
        exhaust(card)
    if any(e.uid == enemy_uid for e in staging_enemies(state)):
        for card in chosen:  # Dunhere attacking a staged enemy alone: +1 attack
            state.modifiers.append(Modifier(uid=card.uid, stat="attack", amount=1, until="attack"))
        push(state, Task(kind="attack-resolve", seat=decision.seat, ref=enemy_uid, note=",".join(choice)))
        return
    # RR p.24 (Ranged): other players' ready Ranged characters may join the attack before it resolves.
    joiners = [p for p in state.active_players() if p.seat != decision.seat and _ready_ranged(state, p)]
    push(state, *[Task(kind="ranged-join", seat=p.seat, ref=enemy_uid, note=decision.seat) for p in joiners],
         Task(kind="attack-resolve", seat=decision.seat, ref=enemy_uid, note=",".join(choice)))
    _attackers_declared(turn, enemy_uid)


def _ready_ranged(state: LcgState, player: Player) -> list[Card]:
    return [c for c in fighters(state, player) if state.card_def(c).has("Ranged")]


@task("ranged-join")
def ranged_join(turn: T, t: Task) -> None:
    state = turn.state
    shooters = _ready_ranged(state, state.player(t.seat))
    try:
        _zone, enemy, _ = state.locate(t.ref)
    except KeyError:
        return
    if shooters:
        turn.ask(t.seat, DecisionKind.CHOOSE_MANY,
                 f"Ranged: join {t.note}'s attack on {called(state, enemy)}?",  # RR p.24
                 [Option(id=c.uid, label=f"{c.name} ({stat(state, c, 'attack')} ATK)") for c in shooters],
                 low=0, high=len(shooters), context=f"join:{t.ref}")


@answer("join")
def join_answer(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    state = turn.state
    pending = next(t for t in state.tasks if t.kind == "attack-resolve" and t.ref == arg(decision))
    for uid in choice:
        exhaust(state.locate(uid)[1])
        pending.note += f",{uid}"
    if choice:
        turn.say(f"{decision.seat} joins the attack with "
                 f"{', '.join(called(state, state.locate(uid)[1]) for uid in choice)} (Ranged).")
        _attackers_declared(turn, arg(decision))


def _attackers_declared(turn: T, enemy_uid: str) -> None:
    """Responses after characters are declared as attackers (Valor), once the attack is pending."""
    try:
        _zone, enemy, _ = turn.state.locate(enemy_uid)
    except KeyError:
        return
    hooks.offer_responses(turn, "attacker", enemy, f"Attackers declared against {called(turn.state, enemy)}: respond?")


@task("attack-resolve")
def attack_resolve(turn: T, t: Task) -> None:
    """RR p.20: total attack of the attackers still in play, minus the enemy's defense."""
    state = turn.state
    try:
        _zone, enemy, _ = state.locate(t.ref)
    except KeyError:
        return  # the enemy left before the attack resolved
    attackers = []
    for uid in [u for u in t.note.split(",") if u]:
        try:
            zone, card, _ = state.locate(uid)
        except KeyError:
            continue
        if any(zone is p.play for p in state.players):
            attackers.append(card)
    shut_out = through_ranged(state, enemy, attackers) if state.card_def(enemy).has("Immune to ranged damage") else []
    power = sum(stat(state, c, "attack") + hooks.attack_bonus(state, c, enemy) for c in attackers if c not in shut_out)
    damage = max(0, power - stat(state, enemy, "defense"))
    turn.say(f"{t.seat} attacks {called(state, enemy)} with {', '.join(called(state, c) for c in attackers)} "
             f"({power} attack).")
    if shut_out:
        turn.say(f"{called(state, enemy)} is immune to ranged damage: {', '.join(called(state, c) for c in shut_out)} "
                 f"deal{'s' if len(shut_out) == 1 else ''} none.")
    if damage:
        deal_damage(turn, enemy, damage)
    else:
        turn.say(f"{called(state, enemy)}'s defense stops the attack.")
    check_destroyed(turn, enemy)
    if enemy not in state.staging.cards and not any(enemy in p.engaged.cards for p in state.players):
        hooks.destroyed_by_attack(turn, attackers)  # the attack destroyed it (Legolas, Blade of Gondolin)


def through_ranged(state: LcgState, enemy: Card, attackers: list[Card]) -> list[Card]:
    """The attackers taking part through the Ranged keyword: those whose controller is not engaged with the
    enemy (C 14.6.3.1). Attacking an enemy in the staging area (Dunhere) is not through Ranged."""
    engaged_with = next((p for p in state.players if enemy in p.engaged.cards), None)
    if engaged_with is None:
        return []
    return [c for c in attackers if c not in engaged_with.play.cards]
