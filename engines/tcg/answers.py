"""What each answer does, by its decision's context ("act", "assign", "ring", "card:<key>:<args>"...)."""

from __future__ import annotations

from collections.abc import Callable

from engines.core import Decision, RuleError, card_list
from engines.tcg import actions, combat, rules, windows
from engines.tcg import procedures as proc

T = proc.T
ANSWERS: dict[str, Callable[[T, Decision, list[str], tuple[str, ...]], None]] = {}


def answer(context: str) -> Callable[[Callable[[T, Decision, list[str], tuple[str, ...]], None]],
                                     Callable[[T, Decision, list[str], tuple[str, ...]], None]]:
    def register(fn: Callable[[T, Decision, list[str], tuple[str, ...]], None]) -> Callable[
            [T, Decision, list[str], tuple[str, ...]], None]:
        ANSWERS[context] = fn
        return fn

    return register


def resolve(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    verb, *args = decision.context.split(":")
    ANSWERS[verb](turn, decision, args, choice)


@answer("act")
def _act(turn: T, d: Decision, args: list[str], choice: tuple[str, ...]) -> None:
    state = turn.state
    in_procedure = state.step == "procedure"
    if choice[0] == "pass":
        if state.step == "fellowship":
            turn.say(f"{d.seat} ends the fellowship phase.")
            state.step = "move"
        elif state.step == "shadow":
            turn.say(f"{d.seat} ends their Shadow phase.")
            state.shadow_index += 1
        else:
            turn.say(f"{d.seat} passes.")
            state.passes += 1
            state.actor += 1
        return
    found = next((a for a in actions.legal(state, d.seat) if a.key == choice[0]), None)
    if found is None:
        raise RuleError("That action is no longer possible.")
    parts = found.key.split(":")
    src = state.find(parts[1]) if parts[0] == "use" and len(parts) > 1 else None
    if src is not None:
        # A special ability (spec 6.3): the card in play (or the site) whose text it is, so what follows reads with
        # its reason. The option's label is not said: it may name a card in the seat's hand.
        turn.say(f"{d.seat} uses {proc.called(state, src)}.")
    before = {id(m) for m in state.mods}
    found.run(turn)
    if len(parts) > 1 and parts[0] in ("use", "ev", "play"):
        proc.credit_mods(state, before, parts[1])  # what it changes for a while is that card's doing
    if in_procedure:
        state.passes = 0
        state.actor += 1


@answer("sanctuary")
def _sanctuary(turn: T, d: Decision, args: list[str], choice: tuple[str, ...]) -> None:
    for part in choice:
        uid, _, n = part.partition("=")
        if uid != "none" and int(n):
            proc.heal(turn, uid, int(n))


@answer("ring")
def _ring(turn: T, d: Decision, args: list[str], choice: tuple[str, ...]) -> None:
    if choice[0] == "wear":
        turn.state.fp_player.wearing = True
        turn.say(f"{d.seat}'s Ring-bearer slips the Ring on.")


@answer("respond")
def _respond(turn: T, d: Decision, args: list[str], choice: tuple[str, ...]) -> None:
    """A response to a wound about to be placed (windows.py): the queued wound is dropped if it is prevented."""
    if choice[0] != "no":
        queue = turn.state.queue
        queue.remove(next(t for t in queue if t.startswith(f"wound:{args[0]}:") and t.endswith(":offered")))
        windows.play_response(turn, args[0], choice[0])


@answer("wounds")
def _wounds(turn: T, d: Decision, args: list[str], choice: tuple[str, ...]) -> None:
    tasks: list[str] = []
    for part in choice:
        uid, _, n = part.partition("=")
        tasks.extend([f"wound:{uid}:{args[0]}"] * int(n))
    turn.state.queue[:0] = tasks


@answer("archer_pick")
def _archer_pick(turn: T, d: Decision, args: list[str], choice: tuple[str, ...]) -> None:
    combat.ask_minion_wounds(turn, choice[0], int(args[0]))


def _pair(turn: T, choice: str) -> tuple[str, str]:
    minion, _, comp = choice.partition(">")
    return minion, comp


@answer("assign")
def _assign(turn: T, d: Decision, args: list[str], choice: tuple[str, ...]) -> None:
    if choice[0] == "done":
        turn.say(f"{d.seat} is done assigning.")
        combat._to_leftover(turn.state)
        return
    combat.assign(turn, *_pair(turn, choice[0]), by_fp=True)


@answer("leftover")
def _leftover(turn: T, d: Decision, args: list[str], choice: tuple[str, ...]) -> None:
    if choice[0] == "done":
        turn.state.shadow_index += 1
        return
    combat.assign(turn, *_pair(turn, choice[0]), by_fp=False)


@answer("skirmish")
def _skirmish(turn: T, d: Decision, args: list[str], choice: tuple[str, ...]) -> None:
    combat.begin(turn, choice[0])


@answer("ambush")
def _ambush(turn: T, d: Decision, args: list[str], choice: tuple[str, ...]) -> None:
    if choice[0] == "yes":
        turn.state.twilight += int(args[0])
        turn.say(f"{d.seat} adds {args[0]} twilight (ambush).")


@answer("reconcile")
def _reconcile(turn: T, d: Decision, args: list[str], choice: tuple[str, ...]) -> None:
    player = turn.state.player(d.seat)
    for uid in choice:
        card = player.hand.take(uid)
        player.discard.cards.append(card)
        turn.say(f"{d.seat} discards {card.name} from hand.")
    combat.finish_reconcile(turn, d.seat)


@answer("discard_down")
def _discard_down(turn: T, d: Decision, args: list[str], choice: tuple[str, ...]) -> None:
    player = turn.state.player(d.seat)
    for uid in choice:
        card = player.hand.take(uid)
        player.discard.cards.append(card)
    turn.say(f"{d.seat} discards {proc.plural(len(choice), 'card')} down to 8: "
             + card_list(c.name for c in player.discard.cards[-len(choice):]) + ".")


@answer("move_or_end")
def _move_or_end(turn: T, d: Decision, args: list[str], choice: tuple[str, ...]) -> None:
    state = turn.state
    if choice[0] == "move":
        if state.moves >= rules.move_limit(state):
            raise RuleError("The move limit is reached.")
        state.step = "move"
    else:
        state.step = "end_turn_reconcile"


@answer("card")
def _card(turn: T, d: Decision, args: list[str], choice: tuple[str, ...]) -> None:
    proc.HANDLERS[args[0]](turn, args[1:], choice)
