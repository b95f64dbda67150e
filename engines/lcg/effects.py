"""Card effects: a registry of small functions keyed by card title and effect kind (DESIGN: 'Card
definitions are data'). A card without a scripted effect is announced with its words (when the user's own
import has them) and resolved by hand with the adjustment commands; `coverage` lists what is not scripted."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from engines.core import Card, Turn
from engines.lcg.cards import CardDef
from engines.lcg.state import COMMITTED, EXHAUSTED, PROGRESS, LcgState, Modifier, Player, Task

T = Turn[LcgState]
Effect = Callable[[T, Card, Card | None], None]  # (turn, the card, the enemy it is a shadow for)

EFFECTS: dict[str, dict[str, Effect]] = {}
KINDS = ("when_revealed", "shadow", "travel", "event", "time")


def effect(title: str, kind: str) -> Callable[[Effect], Effect]:
    assert kind in KINDS, kind

    def register(fn: Effect) -> Effect:
        EFFECTS.setdefault(title, {})[kind] = fn
        return fn

    return register


def _by_hand(turn: T, card: Card, what: str, words: str) -> None:
    text = f" {words}" if words else ""
    turn.say(f"{card.name}: {what} is not automated; resolve it by hand (see 'help adjust').{text}")


def when_revealed(turn: T, card: Card) -> None:
    d = turn.state.card_def(card)
    fn = EFFECTS.get(d.name, {}).get("when_revealed")
    if fn is not None:
        fn(turn, card, None)
    elif d.type == "treachery" or d.has_text or "When Revealed" in d.text:
        _by_hand(turn, card, "its text", d.text)


def shadow(turn: T, enemy: Card, card: Card) -> None:
    d = turn.state.card_def(card)
    fn = EFFECTS.get(d.name, {}).get("shadow")
    if fn is not None:
        fn(turn, card, enemy)
    elif d.has_shadow:
        _by_hand(turn, card, "its shadow effect", d.shadow_text)
    else:
        turn.say(f"{card.name} has no shadow effect.")


def travelled(turn: T, card: Card) -> None:
    d = turn.state.card_def(card)
    fn = EFFECTS.get(d.name, {}).get("travel")
    if fn is not None:
        fn(turn, card, None)
    elif d.has_text or "Travel" in d.text:
        _by_hand(turn, card, "its text (travel cost, responses)", d.text)


def time_out(turn: T, card: Card) -> None:
    d = turn.state.card_def(card)
    fn = EFFECTS.get(d.name, {}).get("time")
    if fn is not None:
        fn(turn, card, None)
    else:
        _by_hand(turn, card, "what its last time counter triggers", d.text)


def resolve_event(turn: T, player: Player, card: Card) -> None:
    d = turn.state.card_def(card)
    fn = EFFECTS.get(d.name, {}).get("event")
    if fn is not None:
        fn(turn, card, None)
    else:
        _by_hand(turn, card, "its effect", d.text)


def placed_elsewhere(state: LcgState, card: Card) -> bool:
    """True when a revealed card's own effect already put it somewhere (it must not also go to staging)."""
    return any(card in z.cards for z in state.zones())


def coverage(cards: Iterable[CardDef]) -> list[str]:
    """Every card with an effect kind the engine may need whose effect is not scripted (by title)."""
    missing = []
    for d in cards:
        scripted = EFFECTS.get(d.name, {})
        if d.type == "treachery" and "when_revealed" not in scripted:
            missing.append(f"{d.name}: when revealed")
        if d.has_shadow and "shadow" not in scripted:
            missing.append(f"{d.name}: shadow")
        if d.type == "event" and "event" not in scripted:
            missing.append(f"{d.name}: event")
        if d.has_text and d.type in ("enemy", "location", "objective") and not scripted:
            missing.append(f"{d.name}: text")
    return sorted(set(missing))


# --- helpers for scripts ----------------------------------------------------------------------------------
def _defending(turn: T, enemy: Card) -> tuple[Player | None, bool]:
    """The defending player of `enemy`'s attack, and whether the attack is undefended."""
    state = turn.state
    pending = next((t for t in state.tasks if t.kind == "attack-damage" and t.ref == enemy.uid), None)
    player = next((p for p in state.players if enemy in p.engaged.cards), None)
    return player, pending is None or not pending.note


def _attack_bonus(turn: T, enemy: Card, amount: int) -> None:
    turn.state.modifiers.append(Modifier(uid=enemy.uid, stat="attack", amount=amount, until="attack"))
    turn.say(f"{enemy.name} gets +{amount} attack for this attack.")


# --- scripted Core Set effects (more come with the card-scripting issue) ----------------------------------
@effect("Wargs", "shadow")
def _wargs(turn: T, card: Card, enemy: Card | None) -> None:
    assert enemy is not None
    _player, undefended = _defending(turn, enemy)
    _attack_bonus(turn, enemy, 2 if undefended else 1)


@effect("Dol Guldur Orcs", "shadow")
def _orcs(turn: T, card: Card, enemy: Card | None) -> None:
    assert enemy is not None
    _player, undefended = _defending(turn, enemy)
    _attack_bonus(turn, enemy, 3 if undefended else 1)


@effect("East Bight Patrol", "shadow")
def _patrol(turn: T, card: Card, enemy: Card | None) -> None:
    from engines.lcg.table import raise_threat

    assert enemy is not None
    player, undefended = _defending(turn, enemy)
    _attack_bonus(turn, enemy, 1)
    if undefended and player is not None:
        raise_threat(turn, player, 3)
        turn.say(f"Undefended: {player.seat} raises their threat by 3.")


@effect("Eastern Crows", "shadow")
def _crows(turn: T, card: Card, enemy: Card | None) -> None:
    assert enemy is not None
    player, _undefended = _defending(turn, enemy)
    _attack_bonus(turn, enemy, 2 if player is not None and player.threat >= 35 else 1)


@effect("Ungoliant's Spawn", "shadow")
def _spawn_shadow(turn: T, card: Card, enemy: Card | None) -> None:
    from engines.lcg.table import raise_threat

    assert enemy is not None
    player, undefended = _defending(turn, enemy)
    if player is not None:
        amount = 8 if undefended else 4
        raise_threat(turn, player, amount)
        turn.say(f"{player.seat} raises their threat by {amount}.")


@effect("The Necromancer's Reach", "when_revealed")
def _reach(turn: T, card: Card, _enemy: Card | None) -> None:
    from engines.lcg.table import characters, deal_damage

    for p in turn.state.active_players():
        for c in characters(p, turn.state):
            if EXHAUSTED in c.flags:
                deal_damage(turn, c, 1, card.name)


@effect("Evil Storm", "when_revealed")
def _storm(turn: T, card: Card, _enemy: Card | None) -> None:
    from engines.lcg.table import characters, deal_damage

    for p in turn.state.active_players():
        if p.threat >= 35:
            for c in characters(p, turn.state):
                deal_damage(turn, c, 1, card.name)


@effect("Pursued by Shadow", "when_revealed")
def _pursued(turn: T, card: Card, _enemy: Card | None) -> None:
    from engines.lcg.table import characters, raise_threat

    for p in turn.state.active_players():
        idle = sum(1 for c in characters(p, turn.state) if COMMITTED not in c.flags)
        if idle:
            raise_threat(turn, p, idle)
            turn.say(f"{p.seat} raises their threat by {idle}.")


@effect("Eyes of the Forest", "when_revealed")
def _eyes(turn: T, card: Card, _enemy: Card | None) -> None:
    state = turn.state
    for p in state.active_players():
        events = [c for c in p.hand.cards if state.card_def(c).type == "event"]
        for c in events:
            p.hand.cards.remove(c)
            p.discard.cards.append(c)
        if events:
            turn.say(f"{p.seat} discards {', '.join(c.name for c in events)}.")


@effect("Despair", "when_revealed")
def _despair(turn: T, card: Card, _enemy: Card | None) -> None:
    from engines.lcg.table import add_tokens, current_stage, tokens

    stage = current_stage(turn.state)
    if stage is not None:
        removed = min(4, tokens(stage, PROGRESS))
        add_tokens(stage, PROGRESS, -removed)
        turn.say(f"{removed} progress is removed from the quest.")


@effect("Massing at Night", "when_revealed")
def _massing(turn: T, card: Card, _enemy: Card | None) -> None:
    from engines.lcg.flow import push

    count = len(turn.state.active_players())
    turn.say(f"{count} more encounter card{'s are' if count > 1 else ' is'} revealed.")
    push(turn.state, *[Task(kind="reveal", note="staging") for _ in range(count)])
