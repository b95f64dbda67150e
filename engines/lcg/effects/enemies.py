"""The Core Set's enemies: When Revealed effects, Forced effects at engagement, attack, defeat and the end
of combat, and passive rules (Chieftain Ufthak's attack, Hill Troll's excess damage, Goblin Sniper's
engagement, the Nazgûl's protection). Shadow effects are in shadows.py."""

from __future__ import annotations

from engines.core import Card, Decision, Option
from engines.lcg import hooks
from engines.lcg.effects.primitives import (
    chooses,
    each_chooses,
    engaged_player,
    find,
    to_staging,
)
from engines.lcg.scripts import T, ask, core, effect, follow, fx_args, modify, scripted
from engines.lcg.state import COMMITTED, PROGRESS, RESOURCE, LcgState, Player
from engines.lcg.table import (
    OUT_OF_PLAY,
    add_tokens,
    characters,
    current_stage,
    deal_damage,
    enter_staging,
    label,
    passive,
    raise_threat,
    tokens,
)


# --- When Revealed ---------------------------------------------------------------------------------------------
@effect("King Spider", "when_revealed")
def _king_spider(turn: T, card: Card, _other: Card | None) -> None:
    """Every player exhausts one of their ready characters, of their choice."""
    each_chooses(turn, turn.state.active_players(), "exhaust", card.name)


@effect("Ungoliant's Spawn", "when_revealed")
def _spawn(turn: T, card: Card, _other: Card | None) -> None:
    """Characters committed to the quest now get -1 willpower for the rest of the phase."""
    state = turn.state
    committed = [c for p in state.active_players() for c in characters(p, state) if COMMITTED in c.flags]
    for c in committed:
        modify(state, c, "willpower", -1, "phase")
    if committed:
        turn.say(f"{card.name}: each committed character gets -1 willpower for the rest of the phase.")


@effect("Dol Guldur Orcs", "when_revealed")
def _orcs(turn: T, card: Card, _other: Card | None) -> None:
    """The first player picks a committed character, which takes 2 damage."""
    state = turn.state
    committed = [c for p in state.active_players() for c in characters(p, state) if COMMITTED in c.flags]
    if not committed:
        return
    if len(committed) == 1:
        deal_damage(turn, committed[0], 2, card.name)
        return
    ask(turn, state.first_seat, f"{card.name}: choose a committed character to take 2 damage",
        [Option(id=c.uid, label=label(state, c)) for c in committed], "damage", "2", card.name)


@follow("damage")
def _damage(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    amount, source = fx_args(decision)[:2]
    for uid in choice:
        target = find(turn.state, uid)
        if target is not None:
            deal_damage(turn, target, int(amount), source)


@effect("Black Forest Bats", "when_revealed")
def _bats(turn: T, card: Card, _other: Card | None) -> None:
    """Every player takes one of their committed characters out of the quest (it stays exhausted)."""
    each_chooses(turn, turn.state.active_players(), "uncommit", card.name)


# --- Forced effects ----------------------------------------------------------------------------------------------
@effect("Hummerhorns", "engaged")
def _hummerhorns(turn: T, card: Card, _other: Card | None) -> None:
    """After it engages a player, one hero of that player's choice takes 5 damage."""
    player = engaged_player(turn.state, card)
    if player is not None:
        chooses(turn, player, "damage5", card.name)


@effect("Forest Spider", "engaged")
def _forest_spider(turn: T, card: Card, _other: Card | None) -> None:
    """Once engaged with someone, it has +1 attack for the rest of the round."""
    modify(turn.state, card, "attack", 1, "round")
    turn.say(f"{card.name} gets +1 attack for the rest of the round.")


@effect("Marsh Adder", "attacks")
def _adder(turn: T, card: Card, _other: Card | None) -> None:
    """Each of its attacks costs the attacked player 1 threat."""
    player = engaged_player(turn.state, card)
    if player is not None:
        raise_threat(turn, player, 1)
        turn.say(f"{card.name} attacks: {player.seat} raises their threat by 1.")


@effect("Dol Guldur Beastmaster", "attacks")
def _beastmaster(turn: T, card: Card, _other: Card | None) -> None:
    """When it attacks it is dealt a second shadow card."""
    from engines.lcg.combat import deal_shadow

    if not turn.state.basic and deal_shadow(turn, card):
        turn.say(f"{card.name} is dealt another shadow card.")


@effect("Chieftan Ufthak", "attacked")
def _ufthak(turn: T, card: Card, _other: Card | None) -> None:
    """After each of its attacks it gains a resource token (each one is +2 attack)."""
    add_tokens(card, RESOURCE, 1)
    turn.say(f"{card.name} gains a resource token ({tokens(card, RESOURCE)}).")


@effect("Misty Mountain Goblins", "attacked")
def _goblins(turn: T, card: Card, _other: Card | None) -> None:
    """After each of its attacks, a progress token leaves the current quest."""
    stage = current_stage(turn.state)
    if stage is not None and tokens(stage, PROGRESS):
        add_tokens(stage, PROGRESS, -1)
        turn.say(f"{card.name}: 1 progress is removed from the quest.")


@effect("Wargs", "attacked")
def _wargs(turn: T, card: Card, _other: Card | None) -> None:
    """Dealt only shadow cards without a shadow effect, it goes back to the staging area after attacking."""
    from engines.lcg.effects.shadows import shadow_had_no_effect

    if shadow_had_no_effect(turn.state, card):
        to_staging(turn, card)


@effect("Eastern Crows", "defeated")
def _crows(turn: T, card: Card, _other: Card | None) -> None:
    """Once defeated, it is shuffled back into the encounter deck."""
    state = turn.state
    for zone in (state.encounter_discard, state.victory):
        if card in zone.cards:
            zone.cards.remove(card)
            card.face_up = False
            state.encounter_deck.cards.append(card)
            state.rng.shuffle(state.encounter_deck.cards)
            turn.say(f"{card.name} is shuffled back into the encounter deck.")


@effect("Goblin Sniper", "combat_end")
def _sniper(turn: T, card: Card, _other: Card | None) -> None:
    """While it stays in the staging area, when combat ends every player wounds one of their own characters."""
    if card in turn.state.staging.cards:
        each_chooses(turn, turn.state.active_players(), "damage1", card.name)


@effect("Dungeon Jailor", "quest_failed")
def _jailor(turn: T, card: Card, _other: Card | None) -> None:
    """Staged when the quest fails, it hides an unclaimed staged objective back in the encounter deck
    (which one: the first player's pick)."""
    state = turn.state
    if card not in state.staging.cards:
        return
    objectives = [c for c in state.staging.cards if state.card_def(c).type == "objective"]
    if not objectives:
        return
    if len(objectives) == 1:
        _shuffle_back(turn, objectives[0])
        return
    ask(turn, state.first_seat, f"{card.name}: choose an unclaimed objective to shuffle into the encounter deck",
        [Option(id=c.uid, label=c.name) for c in objectives], "jailor")


@follow("jailor")
def _jailor_chosen(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    card = turn.state.staging.find(choice[0])
    if card is not None:
        _shuffle_back(turn, card)


def _shuffle_back(turn: T, card: Card) -> None:
    state = turn.state
    state.staging.cards.remove(card)
    from engines.lcg.table import leave_play, to_discard

    for guard in list(card.attached):
        card.attached.remove(guard)
        leave_play(state, guard)
        to_discard(state, guard)
    leave_play(state, card)
    card.face_up = False
    state.encounter_deck.cards.append(card)
    state.rng.shuffle(state.encounter_deck.cards)
    turn.say(f"Dungeon Jailor: {card.name} is shuffled back into the encounter deck.")


@effect("Nazgûl of Dol Guldur", "shadow_resolved")
def _nazgul(turn: T, card: Card, shadow: Card | None) -> None:
    """After a shadow effect dealt to it resolves, the engaged player discards a character of their
    choice."""
    player = engaged_player(turn.state, card)
    if player is not None and shadow is not None and turn.state.card_def(shadow).has_shadow:
        chooses(turn, player, "discard-character", card.name)


# --- passive rules, read by the phases ---------------------------------------------------------------------------
@passive("attack")
def _ufthak_attack(state: LcgState, card: Card, _stat: str) -> int:
    """Chieftain Ufthak: +2 attack per resource token on him."""
    return 2 * tokens(card, RESOURCE) if core(state, card, "Chieftan Ufthak") else 0


@hooks.may_engage_optionally.register
def may_engage_optionally(state: LcgState, enemy: Card, staging: list[Card]) -> bool:
    """Goblin Sniper cannot be engaged by choice while other enemies are in the staging area."""
    return not (core(state, enemy, "Goblin Sniper") and any(e is not enemy for e in staging))


@hooks.excess_damage.register
def excess_damage(turn: T, enemy: Card, player: Player, excess: int) -> None:
    """Hill Troll: damage beyond the damaged character's remaining hit points raises its player's threat."""
    if excess > 0 and core(turn.state, enemy, "Hill Troll"):
        raise_threat(turn, player, excess)
        turn.say(f"Hill Troll's excess damage: {player.seat} raises their threat by {excess}.")


@hooks.prisoner_rescued.register
def prisoner_rescued(turn: T) -> None:
    """The Nazgûl of Dol Guldur, waiting beside the quest, moves into the staging area."""
    state = turn.state
    for nazgul in [c for c in state.set_aside.cards if core(state, c, "Nazgûl of Dol Guldur")]:
        state.set_aside.cards.remove(nazgul)
        enter_staging(turn, nazgul, OUT_OF_PLAY)
        turn.say("The Nazgûl of Dol Guldur moves into the staging area.")


scripted("Chieftan Ufthak", "attack bonus per resource; a resource after each attack")
scripted("Hill Troll", "excess combat damage raises threat")
scripted("Goblin Sniper", "no optional engagement beside other enemies; damage at the end of combat")
scripted("Nazgûl of Dol Guldur", "no attachments; enters staging on the rescue; discard after its shadow")
