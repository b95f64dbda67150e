"""The Core Set's shadow effects: each runs when its card is turned face up on an attacking enemy (RR p.18),
with that enemy as the other card. "Undefended" means no character defends the attack (so far)."""

from __future__ import annotations

from engines.core import Card
from engines.lcg import hooks
from engines.lcg.effects.primitives import chooses, defending, discard_from_play, find
from engines.lcg.scripts import T, effect, modify
from engines.lcg.state import PROGRESS, Task
from engines.lcg.table import add_tokens, characters, current_stage, deal_damage, raise_threat, tokens


def _bonus(turn: T, enemy: Card | None, amount: int) -> None:
    assert enemy is not None
    modify(turn.state, enemy, "attack", amount, "attack")
    turn.say(f"{enemy.name} gets +{amount} attack for this attack.")


@effect("Wargs", "shadow")
def _wargs(turn: T, card: Card, enemy: Card | None) -> None:
    """+1 attack to the attacker, +2 if nobody defends."""
    assert enemy is not None
    _p, defender = defending(turn.state, enemy)
    _bonus(turn, enemy, 1 if defender else 2)


@effect("Dol Guldur Orcs", "shadow")
def _orcs(turn: T, card: Card, enemy: Card | None) -> None:
    """+1 attack to the attacker, +3 if nobody defends."""
    assert enemy is not None
    _p, defender = defending(turn.state, enemy)
    _bonus(turn, enemy, 1 if defender else 3)


@effect("East Bight Patrol", "shadow")
def _patrol(turn: T, card: Card, enemy: Card | None) -> None:
    """+1 attack; an undefended attack also costs the defending player 3 threat."""
    assert enemy is not None
    player, defender = defending(turn.state, enemy)
    _bonus(turn, enemy, 1)
    if defender is None and player is not None:
        raise_threat(turn, player, 3)
        turn.say(f"Undefended: {player.seat} raises their threat by 3.")


@effect("Eastern Crows", "shadow")
def _crows(turn: T, card: Card, enemy: Card | None) -> None:
    """+1 attack, or +2 against a defending player at threat 35 or more."""
    assert enemy is not None
    player, _d = defending(turn.state, enemy)
    _bonus(turn, enemy, 2 if player is not None and player.threat >= 35 else 1)


@effect("Ungoliant's Spawn", "shadow")
def _spawn(turn: T, card: Card, enemy: Card | None) -> None:
    """The defending player's threat rises by 4, by 8 if the attack is undefended."""
    assert enemy is not None
    player, defender = defending(turn.state, enemy)
    if player is not None:
        amount = 4 if defender else 8
        raise_threat(turn, player, amount)
        turn.say(f"{player.seat} raises their threat by {amount}.")


@effect("King Spider", "shadow")
def _king_spider(turn: T, card: Card, enemy: Card | None) -> None:
    """The defending player exhausts a character of their choice, two if undefended."""
    assert enemy is not None
    player, defender = defending(turn.state, enemy)
    if player is not None:
        chooses(turn, player, "exhaust", card.name, 1 if defender else 2)


@effect("Hummerhorns", "shadow")
def _hummerhorns(turn: T, card: Card, enemy: Card | None) -> None:
    """Each character of the defending player takes 1 damage, 2 if undefended."""
    assert enemy is not None
    player, defender = defending(turn.state, enemy)
    if player is not None:
        for c in characters(player, turn.state):
            deal_damage(turn, c, 1 if defender else 2, card.name)


@effect("Despair", "shadow")
def _despair(turn: T, card: Card, enemy: Card | None) -> None:
    """The defender's defense counts for nothing in this attack: a blank, not a fixed minus, because an
    encounter card's lasting effect is recalculated at every moment (FAQ 1.55), so later bonuses count for
    nothing too."""
    assert enemy is not None
    _p, defender = defending(turn.state, enemy)
    if defender is not None:
        modify(turn.state, defender, "blank-defense", 0, "attack")
        turn.say(f"{defender.name}'s defense does not count in this attack.")


def _attachments(turn: T, card: Card, enemy: Card | None) -> None:
    """Defended: the defending player discards one attachment of their choice (Driven by Shadow: from the
    defender). Undefended: every attachment the defending player controls is discarded."""
    assert enemy is not None
    state = turn.state
    player, defender = defending(state, enemy)
    if player is None:
        return
    if defender is None:
        for host in list(player.play.cards):
            for a in [a for a in host.attached if a.face_up]:
                discard_from_play(turn, a)
                turn.say(f"{card.name}: {a.name} is discarded.")
        return
    chooses(turn, player, "discard-attachment", card.name)


effect("Cavern Guardian", "shadow")(_attachments)


@effect("Driven by Shadow", "shadow")
def _driven(turn: T, card: Card, enemy: Card | None) -> None:
    """Defended: one attachment of the defending character, chosen by its player, is discarded.
    Undefended: every attachment the defending player controls is."""
    assert enemy is not None
    player, defender = defending(turn.state, enemy)
    if player is None or defender is None:
        _attachments(turn, card, enemy)
        return
    chooses(turn, player, f"attachment-of-{defender.uid}", card.name)


@effect("Forest Spider", "shadow")
def _forest_spider(turn: T, card: Card, enemy: Card | None) -> None:
    """The defending player discards an attachment they control."""
    assert enemy is not None
    player, _d = defending(turn.state, enemy)
    if player is not None:
        chooses(turn, player, "discard-attachment", card.name)


@effect("Under the Shadow", "shadow")
def _under(turn: T, card: Card, enemy: Card | None) -> None:
    """The defending player's threat rises by one per enemy engaged with them."""
    assert enemy is not None
    player, _d = defending(turn.state, enemy)
    if player is not None:
        count = len(player.engaged.cards)
        raise_threat(turn, player, count)
        turn.say(f"{player.seat} raises their threat by {count}.")


@effect("Iron Shackles", "shadow")
def _shackles(turn: T, card: Card, enemy: Card | None) -> None:
    """Its When Revealed effect resolves: it goes on the first player's deck."""
    from engines.lcg.effects import fire

    assert enemy is not None
    enemy.attached.remove(card)
    card.flags, card.back = [], ""
    turn.state.encounter_discard.cards.append(card)
    fire(turn, "when_revealed", card)


@effect("Massing at Night", "shadow")
def _massing(turn: T, card: Card, enemy: Card | None) -> None:
    """The attacker is dealt one more shadow card per player (they are turned and resolved in turn)."""
    from engines.lcg.combat import SHADOW

    assert enemy is not None
    state = turn.state
    for _ in range(len(state.active_players())):
        if not state.encounter_deck.cards:
            break
        extra = state.encounter_deck.cards.pop()
        extra.face_up, extra.flags, extra.back = False, [SHADOW], SHADOW
        enemy.attached.append(extra)
        turn.reveal()
    turn.say(f"{enemy.name} is dealt more shadow cards.")


@effect("Pursued by Shadow", "shadow")
def _pursued(turn: T, card: Card, enemy: Card | None) -> None:
    """The defending player returns an exhausted ally to its owner's hand; with none, their threat rises
    by 3."""
    from engines.lcg.effects.primitives import candidates

    assert enemy is not None
    player, _d = defending(turn.state, enemy)
    if player is None:
        return
    if candidates(turn.state, player, "return-ally"):
        chooses(turn, player, "return-ally", card.name)
    else:
        raise_threat(turn, player, 3)
        turn.say(f"{player.seat} has no exhausted ally: their threat rises by 3.")


@effect("Misty Mountain Goblins", "shadow")
def _goblins(turn: T, card: Card, enemy: Card | None) -> None:
    """1 progress leaves the current quest, 3 if undefended."""
    assert enemy is not None
    _p, defender = defending(turn.state, enemy)
    stage = current_stage(turn.state)
    if stage is not None:
        removed = min(1 if defender else 3, tokens(stage, PROGRESS))
        add_tokens(stage, PROGRESS, -removed)
        turn.say(f"{removed} progress is removed from the quest.")


@effect("Wolf Rider", "shadow")
def _wolf_rider(turn: T, card: Card, enemy: Card | None) -> None:
    """The shadow card itself attacks the defending player (who may defend with one character), with a
    shadow card of its own; after combat it goes back onto the encounter deck's top."""
    from engines.lcg.flow import push

    assert enemy is not None
    state = turn.state
    player, _d = defending(state, enemy)
    if player is None:
        return
    enemy.attached.remove(card)
    card.flags, card.back, card.face_up = [], "", True
    player.engaged.cards.append(card)
    state.marks.append(f"wolf-rider:{card.uid}")
    turn.say(f"Wolf Rider attacks {player.seat}.")
    push(state, Task(kind="deal-one-shadow", ref=card.uid), Task(kind="defend", seat=player.seat, ref=card.uid))


def shadow_had_no_effect(state: object, enemy: Card) -> bool:
    """Wargs: every shadow card dealt to it was one without a shadow effect."""
    from engines.lcg.state import LcgState

    assert isinstance(state, LcgState)
    shadows = [find(state, a.uid) for a in enemy.attached if "shadow" in a.flags]
    return bool(shadows) and all(s is not None and not state.card_def(s).has_shadow for s in shadows)


@hooks.combat_ends.register
def wolf_riders_return(turn: T) -> None:
    """After combat, a Wolf Rider that attacked as a shadow card goes back onto the encounter deck's top."""
    from engines.lcg.table import leave_play

    state = turn.state
    for mark in [m for m in state.marks if m.startswith("wolf-rider:")]:
        state.marks.remove(mark)
        uid = mark.split(":")[1]
        for zone in [*(p.engaged for p in state.players), state.staging]:
            rider = zone.find(uid)
            if rider is not None:
                zone.cards.remove(rider)
                for shadow in [a for a in rider.attached if "shadow" in a.flags]:
                    rider.attached.remove(shadow)
                    shadow.flags, shadow.back = [], ""
                    state.encounter_discard.cards.append(shadow)
                leave_play(state, rider)
                state.encounter_deck.cards.append(rider)
                turn.say("Wolf Rider returns onto the encounter deck's top.")
