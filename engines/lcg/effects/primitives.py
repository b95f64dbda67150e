"""Effect primitives shared by the scripts (spec 11.5 item 3): choosing a card of one's own, exhausting,
discarding, drawing (which the table may forbid), returning an enemy to the staging area, putting a card
into play. Choices open pending decisions through the registry's continuations."""

from __future__ import annotations

from engines.core import Card, Decision, DecisionKind, Option
from engines.lcg import hooks
from engines.lcg.flow import push
from engines.lcg.scripts import T, ask, core, follow, fx_args
from engines.lcg.state import EXHAUSTED, LcgState, Player, Task
from engines.lcg.table import (
    FROM_PLAY,
    called,
    characters,
    deal_damage,
    enter_staging,
    exhaust,
    heroes,
    label,
    leave_play,
    to_discard,
)


def peeked(turn: T, seat: str, seen: str) -> None:
    """`seat` looked at a hidden card (the encounter deck's top, a face-down shadow card): told to it alone, and
    an undo barrier, like a draw. Found playing: looking with Denethor, then undoing the step alone, kept what was
    seen and readied him, a free look every turn."""
    turn.say(seen, audience=[seat])
    turn.reveal()


def find(state: LcgState, uid: str) -> Card | None:
    try:
        return state.locate(uid)[1]
    except KeyError:
        return None


def first_player(state: LcgState) -> Player:
    return state.player(state.first_seat)


def highest_threat(state: LcgState) -> list[Player]:
    """The players with the highest threat (several on a tie: FAQ 1.03, the first player picks)."""
    active = state.active_players()
    if not active:
        return []
    top = max(p.threat for p in active)
    return [p for p in active if p.threat == top]


def defending(state: LcgState, enemy: Card) -> tuple[Player | None, Card | None]:
    """The defending player of `enemy`'s attack, and the defending character (None if undefended). The defending
    player is the one attacked (FAQ 1.52), even if the enemy has since engaged another or gone back to the staging
    area (FAQ 1.32)."""
    pending = next((t for t in state.tasks if t.kind == "attack-damage" and t.ref == enemy.uid), None)
    player = (state.player(pending.seat) if pending is not None and pending.seat
              else next((p for p in state.players if enemy in p.engaged.cards), None))
    if pending is None or not pending.note:
        return player, None
    return player, find(state, pending.note.split(",")[0])


# --- "each player must choose a card he controls and ..." --------------------------------------------------
ACTIONS = ("exhaust", "discard-character", "damage1", "damage5", "uncommit", "discard-attachment",
           "return-ally", "discard-hand", "exhaust-hero")


def each_chooses(turn: T, players: list[Player], action: str, source: str, count: int = 1) -> None:
    """Each of `players` chooses `count` of their own cards that `action` applies to, and it is applied.
    With no more candidates than needed the choice is made for them (there is nothing to decide)."""
    for player in players:
        chooses(turn, player, action, source, count)


def candidates(state: LcgState, player: Player, action: str) -> list[Card]:
    from engines.lcg.state import COMMITTED

    own = characters(player, state)
    if action in ("exhaust",):
        return [c for c in own if EXHAUSTED not in c.flags]
    if action == "exhaust-hero":
        return [c for c in heroes(player, state) if EXHAUSTED not in c.flags]
    if action in ("discard-character", "damage1"):
        return own
    if action == "damage5":
        return heroes(player, state)
    if action == "uncommit":
        return [c for c in own if COMMITTED in c.flags]
    if action == "discard-attachment":
        return [a for c in player.play.cards for a in c.attached if a.face_up]
    if action == "return-ally":
        return [c for c in own if state.card_def(c).type == "ally" and EXHAUSTED in c.flags]
    if action == "discard-hand":
        return list(player.hand.cards)
    if action.startswith("attachment-of-"):
        host = find(state, action.removeprefix("attachment-of-"))
        return [a for a in host.attached if a.face_up] if host is not None else []
    raise ValueError(action)


PROMPTS = {
    "exhaust": "choose a ready character you control to exhaust",
    "exhaust-hero": "choose a ready hero you control to exhaust",
    "discard-character": "choose a character you control to discard",
    "damage1": "choose a character you control to take 1 damage",
    "damage5": "choose a hero you control to take 5 damage",
    "uncommit": "choose a committed character to remove from the quest",
    "discard-attachment": "choose an attachment you control to discard",
    "return-ally": "choose an exhausted ally you control to return to its owner's hand",
    "discard-hand": "choose a card from your hand to discard",
}


def chooses(turn: T, player: Player, action: str, source: str, count: int = 1) -> None:
    state = turn.state
    if player.eliminated:
        return
    cards = candidates(state, player, action)
    if not cards:
        return
    if len(cards) <= count:
        for card in cards:
            apply(turn, player, action, card, source)
        return
    private = action == "discard-hand"
    prompt = PROMPTS.get(action, "choose an attachment to discard")
    ask(turn, player.seat, f"{source}: {prompt}" + (f" ({count})" if count > 1 else ""),
        [Option(id=c.uid, label=c.name if private else label(state, c)) for c in cards], "choose", action,
        source.replace(":", ""), kind=DecisionKind.CHOOSE_MANY, low=count, high=count, private=private)


@follow("choose")
def _chosen(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    action, source = fx_args(decision)[:2]
    player = turn.state.player(decision.seat)
    for uid in choice:
        card = find(turn.state, uid)
        if card is not None:
            apply(turn, player, action, card, source)


def apply(turn: T, player: Player, action: str, card: Card, source: str) -> None:
    from engines.lcg.state import COMMITTED

    state = turn.state
    if action in ("exhaust", "exhaust-hero"):
        exhaust(card)
        turn.say(f"{source}: {player.seat} exhausts {card.name}.")
    elif action == "discard-character":
        discard_from_play(turn, card)
        turn.say(f"{source}: {player.seat} discards {card.name}.")
    elif action == "damage1":
        deal_damage(turn, card, 1, source)
    elif action == "damage5":
        deal_damage(turn, card, 5, source)
    elif action == "uncommit":
        if COMMITTED in card.flags:
            card.flags.remove(COMMITTED)
        turn.say(f"{source}: {card.name} is removed from the quest (it stays exhausted).")
    elif action == "discard-attachment" or action.startswith("attachment-of-"):
        discard_from_play(turn, card)
        turn.say(f"{source}: {card.name} is discarded.")
    elif action == "return-ally":
        zone = player.play
        if card in zone.cards:
            zone.cards.remove(card)
            leave_play(state, card)
            owner = state.owner(card) or player
            owner.hand.cards.append(card)
            turn.say(f"{source}: {card.name} returns to {owner.seat}'s hand.")
            hooks.left_play(turn, card, player, False)
    elif action == "discard-hand" and card in player.hand.cards:
        player.hand.cards.remove(card)
        player.discard.cards.append(card)
        turn.say(f"{source}: {player.seat} discards {card.name} from hand.")


def discard_from_play(turn: T, card: Card) -> None:
    """A card in play (a character, an attachment) goes to its discard pile; a character's attachments too.
    An objective leaving its bearer goes back to the staging area (its own rule)."""
    state = turn.state
    try:
        zone, found, host = state.locate(card.uid)
    except KeyError:
        return
    if host is not None:
        host.attached.remove(found)
    else:
        zone.cards.remove(found)
    objectives = [a for a in found.attached if state.card_def(a).type == "objective"]
    found.attached = [a for a in found.attached if a not in objectives]
    leave_play(state, found)
    if state.card_def(found).type == "objective":
        enter_staging(turn, found, FROM_PLAY)
        turn.say(f"{found.name} returns to the staging area.")
    else:
        to_discard(state, found)
    for objective in objectives:
        leave_play(state, objective)
        enter_staging(turn, objective, FROM_PLAY)
        turn.say(f"{objective.name} returns to the staging area.")
    owner = next((p for p in state.players if p.play is zone), None)
    if owner is not None and host is None:
        hooks.left_play(turn, found, owner, False)
    if state.card_def(found).type == "hero":
        from engines.lcg.table import eliminate

        if owner is not None and not heroes(owner, state) and not owner.eliminated:
            eliminate(turn, owner, "no heroes left")


# --- revealing encounter cards -----------------------------------------------------------------------------------
def reveal_another(state: LcgState) -> None:
    """One more encounter card is revealed (a card surges, or one is revealed in its place): in the quest phase
    into the staging step, otherwise as setup reveals one."""
    push(state, Task(kind="reveal", note="staging" if state.phase == "quest" else "setup"))


# --- drawing (some cards forbid it) ---------------------------------------------------------------------------
def may_draw(turn: T, player: Player) -> bool:
    """Enchanted Stream forbids drawing while it is active; Iron Shackles is discarded instead of the next
    draw from the deck it is attached to."""
    state = turn.state
    if any(core(state, c, "Enchanted Stream") for c in state.active.cards):
        turn.say(f"{player.seat} cannot draw cards while the active location is Enchanted Stream.")
        return False
    shackles = next((c for c in state.set_aside.cards if core(state, c, "Iron Shackles")
                     and f"shackles:{c.uid}:{player.seat}" in state.marks), None)
    if shackles is not None:
        state.marks.remove(f"shackles:{shackles.uid}:{player.seat}")
        state.set_aside.cards.remove(shackles)
        state.encounter_discard.cards.append(shackles)
        turn.say(f"Iron Shackles is discarded instead of {player.seat}'s draw.")
        return False
    return True


@hooks.draw.register
def draw(turn: T, player: Player, count: int) -> list[Card]:
    """A player draws, unless a card forbids it (may_draw) or the player is out of the game."""
    from engines.lcg.table import draw as draw_cards

    if player.eliminated or not may_draw(turn, player):
        return []
    return draw_cards(turn, player, count)


# --- enemies -----------------------------------------------------------------------------------------------
def to_staging(turn: T, enemy: Card) -> None:
    """An engaged enemy returns to the staging area. An attack it is making still resolves (FAQ 1.32), so it
    keeps its "attacking" or "attacked" mark until the end of combat: engaged again in this combat phase, it does
    not attack again (FAQ 1.32 Q&A; spec scenario 58). It has not left play, so its shadow cards stay on it until
    the end of the combat phase (C 14.6.1.4)."""
    state = turn.state
    for p in state.players:
        if enemy in p.engaged.cards:
            p.engaged.cards.remove(enemy)
            enter_staging(turn, enemy, FROM_PLAY)
            turn.say(f"{called(state, enemy)} returns to the staging area.")
            return


def engaged_player(state: LcgState, enemy: Card) -> Player | None:
    return next((p for p in state.players if enemy in p.engaged.cards), None)


# --- progress on a location (it may be explored) -------------------------------------------------------------
def progress_on_location(turn: T, location: Card, amount: int, source: str) -> None:
    """Progress placed by a card effect straight onto a location; a full one is explored (FAQ 1.18)."""
    from engines.lcg.scripts import fire
    from engines.lcg.state import PROGRESS
    from engines.lcg.table import add_tokens, explore, progress, stat

    state = turn.state
    try:
        zone, found, host = state.locate(location.uid)
    except KeyError:
        return
    if amount <= 0:
        return
    add_tokens(found, PROGRESS, amount)
    turn.say(f"{source}: {amount} progress on {found.name}.")
    if progress(found) >= stat(state, found, "quest_points") and host is None:
        explore(turn, found, zone)
        fire(turn, "explored", found)
