"""The encounter and combat phases (spec 4.5, 4.6): optional engagement, engagement checks, archery, shadow
cards, enemy attacks with defenders and Sentinel, and the end of combat. The players' attacks between the last two
(step 5, with Ranged) are engines/lcg/player_attacks.py's, queued here by their task's name."""

from __future__ import annotations

from engines.core import Card, Decision, DecisionKind, Option, RuleError
from engines.lcg import hooks, scenarios, scripts
from engines.lcg.flow import T, answer, arg, push, task
from engines.lcg.playing import in_play, window
from engines.lcg.state import ATTACKED, ATTACKING, PRISONER, LcgState, Player, Task
from engines.lcg.table import (
    called,
    characters,
    clear_flag,
    deal_damage,
    enemy_in_play,
    exhaust,
    heroes,
    label,
    ready,
    staged,
    stat,
    take_from_staging,
    to_discard,
)

SHADOW = "shadow"
DAMAGE_DEALT = "damage dealt"  # an "attacked" task's note once its attack has reached its damage step


def enemies(zone_cards: list[Card], state: LcgState) -> list[Card]:
    return [c for c in zone_cards if state.card_def(c).type in ("enemy", "ship_enemy")]


def staging_enemies(state: LcgState) -> list[Card]:
    return staged(state, ("enemy", "ship_enemy"))


def engage(turn: T, player: Player, enemy: Card, optional: bool = False) -> None:
    state = turn.state
    take_from_staging(state, enemy)
    player.engaged.cards.append(enemy)
    turn.say(f"{called(state, enemy)} engages {player.seat}" + (" (optional engagement)." if optional else "."))
    scripts.fire(turn, "engaged", enemy)  # FAQ 1.49: "X engages you" and "you engage X" are one event
    # The player-side moment of the same event: "after you engage an enemy" responses of the players' cards.
    hooks.offer_responses(turn, "engaged", enemy, f"{called(state, enemy)} engaged {player.seat}: respond?")


# --- encounter phase (spec 4.5) ---------------------------------------------------------------------
@task("encounter")
def encounter(turn: T, _t: Task) -> None:
    state = turn.state
    push(state, *[Task(kind="optional-engage", seat=p.seat) for p in state.active_players()],
         *window(state, "before engagement checks"), Task(kind="engagement-checks"))


@task("optional-engage")
def optional_engage(turn: T, t: Task) -> None:
    state = turn.state
    player = state.player(t.seat)
    staged_now = staging_enemies(state)
    candidates = [e for e in staged_now if hooks.may_engage_optionally(state, e, staged_now)]
    if player.eliminated or not candidates:
        return
    turn.ask(player.seat, DecisionKind.CHOOSE_ONE,  # RR p.16
             "Encounter phase: you may engage one enemy in the staging area",
             [*(Option(id=c.uid, label=f"{c.name} (engagement {stat(state, c, 'engagement_cost')})")
                for c in candidates), Option(id="pass", label="Do not engage")], context="engage")


@answer("engage")
def engage_answer(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    if choice[0] == "pass":
        return
    state = turn.state
    engage(turn, state.player(decision.seat), _staged(state, choice[0], optional=True), optional=True)


def _staged(state: LcgState, uid: str, optional: bool = False) -> Card:
    staged_now = staging_enemies(state)
    found = next((e for e in staged_now if e.uid == uid
                  and (not optional or hooks.may_engage_optionally(state, e, staged_now))), None)
    if found is None:
        raise RuleError(f"{uid} is no longer in the staging area.")
    return found


@task("engagement-checks")
def engagement_checks(turn: T, _t: Task) -> None:
    """RR p.16-17: around the table from the first player, each player engages the highest-cost enemy whose
    engagement cost is at most their threat; repeat until nobody engages anything."""
    state = turn.state
    if not scenarios.engagement_checks(state):
        turn.say("No engagement checks this round (quest text).")
        return
    state.step = ""
    push(state, *[Task(kind="engagement-check", seat=p.seat) for p in state.active_players()],
         Task(kind="engagement-again"))


@task("engagement-check")
def engagement_check(turn: T, t: Task) -> None:
    state = turn.state
    player = state.player(t.seat)
    if player.eliminated:
        return
    candidates = [c for c in staging_enemies(state) if stat(state, c, "engagement_cost") <= player.threat]
    if not candidates:
        return
    top = max(stat(state, c, "engagement_cost") for c in candidates)
    tied = [c for c in candidates if stat(state, c, "engagement_cost") == top]
    state.step = "engaged"
    if len(tied) == 1:
        engage(turn, player, tied[0])
        return
    turn.ask(state.first_seat, DecisionKind.CHOOSE_ONE,  # RR p.17; FAQ 1.03: the first player breaks the tie
             f"Engagement check: several enemies could engage {player.seat}: choose which",
             [Option(id=c.uid, label=c.name) for c in tied], context=f"ec-tie:{player.seat}")


@answer("ec-tie")
def ec_tie(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    state = turn.state
    engage(turn, state.player(arg(decision)), _staged(state, choice[0]))


@task("engagement-again")
def engagement_again(turn: T, _t: Task) -> None:
    state = turn.state
    if state.step == "engaged" and staging_enemies(state):
        push(state, Task(kind="engagement-checks"))
    state.step = ""


# --- combat phase (spec 4.6) -------------------------------------------------------------------------
@task("combat")
def combat(turn: T, _t: Task) -> None:
    state = turn.state
    push(state, Task(kind="archery"), Task(kind="deal-shadows"),
         *[Task(kind="enemy-attacks", seat=p.seat) for p in state.active_players()],
         *[Task(kind="player-attacks", seat=p.seat) for p in state.active_players()],
         Task(kind="combat-end"))


@task("archery")
def archery(turn: T, _t: Task) -> None:
    """C 4.10.1: the total Archery X of all cards in play is dealt among characters as the players choose;
    the first player decides. Defense does not apply."""
    state = turn.state
    hooks.combat_begins(turn)  # Anduin Troll Spawn (Nightmare): as combat begins
    total = sum(state.card_def(c).keyword_value("Archery") or 0 for c in in_play(state))
    targets = [c for p in state.active_players() for c in characters(p, state)]
    if not total or not targets:
        return
    turn.ask(state.first_seat, DecisionKind.ASSIGN, f"Archery: deal {total} damage among characters",  # RR p.24
             [Option(id=c.uid, label=label(state, c)) for c in targets], amount=total, context="archery")


@answer("archery")
def archery_answer(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    for part in choice:
        uid, amount = part.split("=")
        if int(amount):
            _zone, card, _ = turn.state.locate(uid)
            deal_damage(turn, card, int(amount), "archery")


@task("deal-shadows")
def deal_shadows(turn: T, _t: Task) -> None:
    """RR p.18: from the first player, one face-down card to each engaged enemy, highest engagement cost
    first; an empty deck deals no more (no reset outside the quest phase). Basic mode deals none."""
    state = turn.state
    if state.basic:
        return
    dealt = 0
    for player in state.active_players():
        for enemy in sorted(player.engaged.cards, key=lambda e: -stat(state, e, "engagement_cost")):
            if not deal_shadow(turn, enemy):
                turn.say("The encounter deck is empty: no more shadow cards.")
                return
            dealt += 1
    if dealt:
        turn.say(f"{dealt} shadow card{'s are' if dealt > 1 else ' is'} dealt.")


@task("enemy-attacks")
def enemy_attacks(turn: T, t: Task) -> None:
    state = turn.state
    player = state.player(t.seat)
    waiting = [e for e in player.engaged.cards if not attack_taken(state, e)]
    if player.eliminated or not waiting:
        return
    if len(waiting) == 1:
        push(state, Task(kind="defend", seat=player.seat, ref=waiting[0].uid), t)
        return
    turn.ask(player.seat, DecisionKind.CHOOSE_ONE, "Enemy attacks: which enemy attacks you next?",  # RR p.18
             [Option(id=e.uid, label=f"{e.name} ({stat(state, e, 'attack')} attack)") for e in waiting],
             context="next-attacker")


def attack_taken(state: LcgState, enemy: Card) -> bool:
    """Has `enemy` had its turn to attack this combat: attacking now, attacked, or chosen and unable to?"""
    return ATTACKED in enemy.flags or ATTACKING in enemy.flags or f"phase:made-no-attack:{enemy.uid}" in state.marks


@answer("next-attacker")
def next_attacker(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    push(turn.state, Task(kind="defend", seat=decision.seat, ref=choice[0]),
         Task(kind="enemy-attacks", seat=decision.seat))


@task("defend")
def defend(turn: T, t: Task) -> None:
    state = turn.state
    player = state.player(t.seat)
    enemy = player.engaged.find(t.ref)
    if enemy is None:
        return
    state.modifiers = [m for m in state.modifiers if m.until != "attack"]  # the last attack's shadows end
    why_not = hooks.cannot_attack(state, enemy, player)
    if why_not:
        # Its turn is spent, but it made no attack: the card is not marked as having attacked.
        state.marks.append(f"phase:made-no-attack:{enemy.uid}")
        turn.say(f"{called(state, enemy)} does not attack {player.seat} ({why_not}).")
        return
    enemy.flags.append(ATTACKING)
    defenders = [c for c in characters(player, state) if ready(c) and not hooks.cannot_fight(state, c)]
    turn.say(f"{called(state, enemy)} attacks {player.seat}.")
    scripts.fire(turn, "attacks", enemy)
    turn.ask(player.seat, DecisionKind.CHOOSE_ONE, f"{called(state, enemy)} attacks ({stat(state, enemy, 'attack')}): "
             "declare a defender, or leave the attack undefended",
             [*(Option(id=c.uid, label=f"{c.name} ({stat(state, c, 'defense')} DEF, "
                                       f"{stat(state, c, 'hit_points') - c.tokens.get('damage', 0)} HP left)")
                for c in defenders), Option(id="undefended", label="Undefended")], context=f"defend:{enemy.uid}",
             forced="" if defenders else f"{called(state, enemy)} attacks {player.seat}: no ready character can defend")


@answer("defend")
def defend_answer(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    state = turn.state
    enemy_uid = arg(decision)
    if choice[0] != "undefended":
        _zone, defender, _ = state.locate(choice[0])
        exhaust(defender)
        turn.say(f"{called(state, defender)} defends.")
        push(state, *attack_steps(state, decision.seat, enemy_uid, defender.uid))
        _declared(turn, decision.seat, enemy_uid, defender)
        return
    # RR p.24: after "no defenders", another player may defend with a ready Sentinel character.
    sentinels = [p for p in state.active_players() if p.seat != decision.seat
                 and any(state.card_def(c).has("Sentinel") and ready(c) and not hooks.cannot_fight(state, c)
                         for c in characters(p, state))]
    push(state, *[Task(kind="sentinel", seat=p.seat, ref=enemy_uid, note=decision.seat) for p in sentinels],
         *attack_steps(state, decision.seat, enemy_uid, ""))


def attack_steps(state: LcgState, seat: str, enemy_uid: str, defender: str) -> list[Task]:
    return [Task(kind="shadow", ref=enemy_uid), *window(state, "before damage", enemy_uid),
            Task(kind="attack-damage", seat=seat, ref=enemy_uid, note=defender),
            Task(kind="attacked", seat=seat, ref=enemy_uid)]


@task("attacked")
def attacked(turn: T, t: Task) -> None:
    """The attack has resolved: the enemy now has attacked (spec 4.6 step 4), wherever it is now (FAQ 1.32), and
    the Forced effects after its attack follow (Chieftain Ufthak, Misty Mountain Goblins, Wargs; C 4.4), unless the
    player it attacked was eliminated before its damage, which ended the attack. Its damage eliminating that player
    (their last hero destroyed) does not undo it: the attack was made (`note` DAMAGE_DEALT, set by its damage)."""
    state = turn.state
    enemy = enemy_in_play(state, t.ref)
    if enemy is not None:
        clear_flag([enemy], ATTACKING)
        if ATTACKED not in enemy.flags:
            enemy.flags.append(ATTACKED)
        if t.note == DAMAGE_DEALT or not state.player(t.seat).eliminated:
            scripts.fire(turn, "attacked", enemy)


def deal_shadow(turn: T, enemy: Card) -> bool:
    """Deal one face-down shadow card to `enemy` from the encounter deck (none if it is empty)."""
    state = turn.state
    if not state.encounter_deck.cards and not hooks.refill_encounter_deck(turn):
        return False
    shadow = state.encounter_deck.cards.pop()
    shadow.face_up = False
    shadow.flags = [SHADOW]
    shadow.back = SHADOW  # the table knows it is a shadow card, not which one
    enemy.attached.append(shadow)
    turn.reveal()  # the deck's top card moved: undo past this needs consent
    return True


@task("deal-one-shadow")
def deal_one_shadow(turn: T, t: Task) -> None:
    try:
        _zone, enemy, _ = turn.state.locate(t.ref)
    except KeyError:
        return
    if not turn.state.basic and deal_shadow(turn, enemy):
        turn.say(f"{called(turn.state, enemy)} is dealt a shadow card.")


@task("sentinel")
def sentinel(turn: T, t: Task) -> None:
    state = turn.state
    if any(d.context.startswith("sentinel") for d in state.decisions) or state.step.startswith("sentinel:"):
        return
    player = state.player(t.seat)
    ready_sentinels = [c for c in characters(player, state) if state.card_def(c).has("Sentinel") and ready(c)
                       and not hooks.cannot_fight(state, c)]
    if not ready_sentinels or _defender_already(state, t.ref):
        return
    turn.ask(player.seat, DecisionKind.CHOOSE_ONE,  # RR p.24
             f"Sentinel: {t.note} left {called(state, state.locate(t.ref)[1])}'s attack undefended: defend with a "
             "Sentinel character?",
             [*(Option(id=c.uid, label=c.name) for c in ready_sentinels), Option(id="no", label="No")],
             context=f"sentinel:{t.ref}")


def _defender_already(state: LcgState, enemy_uid: str) -> bool:
    return any(t.kind == "attack-damage" and t.ref == enemy_uid and t.note for t in state.tasks)


@answer("sentinel")
def sentinel_answer(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    if choice[0] == "no":
        return
    state = turn.state
    _zone, defender, _ = state.locate(choice[0])
    exhaust(defender)
    turn.say(f"{called(state, defender)} ({decision.seat}) defends as a Sentinel.")
    for pending in state.tasks:
        if pending.kind == "attack-damage" and pending.ref == arg(decision):
            pending.note = defender.uid
    _declared(turn, decision.seat, arg(decision), defender)


def _declared(turn: T, seat: str, enemy_uid: str, defender: Card) -> None:
    """After a defender is declared: Responses (Gondorian Spearman, Swift Strike), and with Stand Together
    the defending player may declare more defenders (FAQ 1.04: their defense adds up; damage goes to one)."""
    state = turn.state
    try:
        _zone, enemy, _ = state.locate(enemy_uid)
    except KeyError:
        return
    attacked_seat = next((p.seat for p in state.players if enemy in p.engaged.cards), seat)
    if f"phase:many-defenders:{attacked_seat}" in state.marks and seat == attacked_seat:
        more = [c for c in characters(state.player(seat), state) if ready(c)
                and not hooks.cannot_fight(state, c)]
        if more:
            turn.ask(seat, DecisionKind.CHOOSE_MANY,
                     f"Stand Together: declare more defenders against {called(state, enemy)}?",
                     [Option(id=c.uid, label=label(state, c)) for c in more], low=0, high=len(more),
                     context=f"more-defenders:{enemy_uid}")
    hooks.defender_declared(turn, defender, enemy)
    hooks.offer_responses(turn, "defender", enemy,
                          f"{called(state, defender)} defends against {called(state, enemy)}: respond?")


@answer("more-defenders")
def more_defenders(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    state = turn.state
    for uid in choice:
        exhaust(state.locate(uid)[1])
    pending = next((t for t in state.tasks if t.kind == "attack-damage" and t.ref == arg(decision)), None)
    if pending is not None and choice:
        pending.note = ",".join([pending.note, *choice])
        turn.say(f"{decision.seat} also defends with {', '.join(called(state, state.locate(u)[1]) for u in choice)}.")


@task("shadow")
def shadow(turn: T, t: Task) -> None:
    state = turn.state
    try:
        _zone, enemy, _ = state.locate(t.ref)
    except KeyError:
        return
    # One card at a time: a shadow effect may deal more (Massing at Night), and a cancel may be offered.
    card = next((a for a in enemy.attached if SHADOW in a.flags and not a.face_up), None)
    if card is None:
        return
    card.face_up = True
    turn.reveal()
    turn.say(f"Shadow card on {called(state, enemy)}: {card.name}.")
    push(state, Task(kind="shadow-resolve", ref=card.uid, note=enemy.uid), t)
    if state.card_def(card).has_shadow:
        hooks.offer_responses(turn, "cancel-shadow", card, f"{card.name}'s shadow effect: cancel it?")


@task("shadow-resolve")
def shadow_resolve(turn: T, t: Task) -> None:
    state = turn.state
    try:
        _zone, enemy, _ = state.locate(t.note)
        _z, card, _host = state.locate(t.ref)
    except KeyError:
        return
    if hooks.cancelled(state, card):
        turn.say(f"{card.name}'s shadow effect is cancelled.")
        return
    scripts.shadow(turn, enemy, card)
    scripts.fire(turn, "shadow_resolved", enemy, card)


@task("attack-damage")
def attack_damage(turn: T, t: Task) -> None:
    """RR p.18: attack minus defense to the defender; undefended, all of it to one hero of the defending
    player. The attack ends if the attacker has left play (C 14.6.3 Q&A); an attacker sent back to the staging
    area or engaged with another player still hits the player it attacked, with its attack as it is now (FAQ 1.32)."""
    state = turn.state
    player = state.player(t.seat)
    enemy = enemy_in_play(state, t.ref)
    if enemy is None or player.eliminated:
        return
    # The attack reaches its damage: it is made, whatever the damage does (C 4.4). Its own "attacked" step is the
    # nearest one on the stack (whose top is its end).
    after = next((a for a in reversed(state.tasks) if a.kind == "attacked" and a.ref == enemy.uid), None)
    if after is not None:
        after.note = DAMAGE_DEALT
    power = stat(state, enemy, "attack")
    defenders = []
    for uid in [u for u in t.note.split(",") if u]:
        try:
            zone, found, _ = state.locate(uid)
        except KeyError:
            continue
        if zone in [p.play for p in state.players]:
            defenders.append(found)
    defender = defenders[0] if defenders else None
    if defender is not None:
        damage = max(0, power - sum(stat(state, d, "defense") for d in defenders))
        left = stat(state, defender, "hit_points") - defender.tokens.get("damage", 0)
        if not damage:  # said, as a blocked player attack is (found playing: a blocked attack left no line)
            turn.say(f"{' and '.join(called(state, d) for d in defenders)} stop{'s' * (len(defenders) == 1)} "
                     f"{called(state, enemy)}'s attack: no damage.")
        deal_damage(turn, defender, damage, called(state, enemy))
        hooks.excess_damage(turn, enemy, player, damage - left)
        hooks.enemy_hit(turn, enemy, defender)
        return
    targets = [h for h in heroes(player, state) if PRISONER not in h.flags]
    if not targets or power == 0:
        return
    if len(targets) == 1:
        undefended_damage(turn, player, targets[0], enemy)
        return
    turn.ask(player.seat, DecisionKind.CHOOSE_ONE,  # RR p.19
             f"Undefended attack: which hero takes {power} damage from {called(state, enemy)}?",
             # HP left, as the defender prompt shows it: which hero survives the blow is the whole choice.
             [Option(id=h.uid, label=f"{h.name} ({stat(state, h, 'hit_points') - h.tokens.get('damage', 0)} HP left)")
              for h in targets], context=f"undefended:{enemy.uid}")


@answer("undefended")
def undefended(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    state = turn.state
    _zone, hero, _ = state.locate(choice[0])
    _ez, enemy, _ = state.locate(arg(decision))
    undefended_damage(turn, state.player(decision.seat), hero, enemy)


def undefended_damage(turn: T, player: Player, hero: Card, enemy: Card) -> None:
    state = turn.state
    power = stat(state, enemy, "attack")
    left = stat(state, hero, "hit_points") - hero.tokens.get("damage", 0)
    deal_damage(turn, hero, power, f"{called(state, enemy)}, undefended")
    hooks.excess_damage(turn, enemy, player, power - left)
    hooks.enemy_hit(turn, enemy, hero)


@task("combat-end")
def combat_end(turn: T, _t: Task) -> None:
    """RR p.20: every shadow card dealt this round is discarded, resolved or not, those on an enemy sent back to
    the staging area too (C 14.6.1.4). Forced effects 'at the end of the combat phase' resolve first (Goblin
    Sniper); a Wolf Rider that attacked from the shadows goes back onto the encounter deck's top."""
    state = turn.state
    scripts.fire_all(turn, "combat_end", list(state.staging.cards))
    hooks.combat_ends(turn)
    # with an enemy that attacked, or was dealt a shadow card, and was sent back to the staging area
    for enemy in [*(e for p in state.players for e in p.engaged.cards), *state.staging.cards]:
        for card in [a for a in enemy.attached if SHADOW in a.flags]:
            enemy.attached.remove(card)
            card.flags, card.back = [], ""
            to_discard(state, card)
        clear_flag([enemy], ATTACKED, ATTACKING)
    state.modifiers = [m for m in state.modifiers if m.until != "attack"]
