"""Responses (RR p.23): optional effects offered to the players right after their moment, once per
occurrence (FAQ 1.08), after the Forced effects of the same moment (FAQ 1.09). Cancels are responses too,
offered at once when a cancellable encounter effect starts (FAQ 1.37).

A response is either a card in play (a hero, an ally, an attachment: its cost, such as exhausting it, is part
of its effect) or an event in hand, which is played through the normal payment (playing.begin_play) and then
reads which occurrence it answers from `state.marks` ("subject:<seat>:<uid>").

Every player who could respond is asked at once, privately (an event in hand is a secret); a player's
'autopass all' standing order declines for them. When one player responds, the others' offers for that
occurrence close (one cancel is enough; other responses of that moment are offered again if still legal)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engines.core import Card, Decision, DecisionKind, Option
from engines.lcg import hooks
from engines.lcg.flow import answer, push, task
from engines.lcg.scripts import T, core
from engines.lcg.state import EXHAUSTED, LcgState, Player, Task

Eligible = Callable[[LcgState, Player, Card, Card], bool]  # (state, player, responding card, subject)
Resolve = Callable[[T, Player, Card, Card], None]  # (turn, player, responding card, subject)


@dataclass(frozen=True)
class Response:
    title: str
    moment: str  # cancel-reveal, cancel-shadow, defender, travelled, ally-left, destroyed, ...
    where: str  # "hand" (an event) or "play" (a card in play, or attached to one)
    eligible: Eligible
    resolve: Resolve | None = None  # for cards in play; events resolve through their "event" effect
    label: str = ""


RESPONSES: dict[str, Response] = {}


def response(title: str, moment: str, where: str, eligible: Eligible, label: str = "") -> Callable[[Resolve], Resolve]:
    def register(fn: Resolve) -> Resolve:
        RESPONSES[title] = Response(title, moment, where, eligible, None if where == "hand" else fn, label)
        return fn

    return register


def event_response(title: str, moment: str, eligible: Eligible, label: str = "") -> None:
    RESPONSES[title] = Response(title, moment, "hand", eligible, None, label)


def _options(state: LcgState, player: Player, moment: str, subject: Card) -> list[Option]:
    from engines.lcg.playing import why_unplayable

    out = []
    for r in [r for r in RESPONSES.values() if r.moment == moment]:
        if r.where == "hand":
            for c in player.hand.cards:
                if core(state, c, r.title) and r.eligible(state, player, c, subject) \
                        and why_unplayable(state, player, c, planning=False, responding=True) is None:
                    out.append(Option(id=c.uid, label=f"Play {c.name}" + (f" ({r.label})" if r.label else "")))
        else:
            for host in player.play.cards:
                for c in [host, *host.attached]:
                    if core(state, c, r.title) and r.eligible(state, player, c, subject):
                        out.append(Option(id=c.uid, label=f"{c.name}" + (f": {r.label}" if r.label else "")))
    return out


@hooks.offer_responses.register
def offer(turn: T, moment: str, subject: Card, prompt: str) -> bool:
    """Ask every player who may respond to `moment` (about `subject`). True if anyone was asked."""
    state = turn.state
    asked = False
    for player in state.active_players():
        if state.autopass_of(player.seat) == "all":
            continue
        options = _options(state, player, moment, subject)
        if options:
            turn.ask(player.seat, DecisionKind.ACT_OR_PASS, prompt, [*options, Option(id="pass", label="Pass")],
                     private=True, context=f"resp:{moment}:{subject.uid}")
            asked = True
    return asked


@answer("resp")
def _responded(turn: T, decision: Decision, choice: tuple[str, ...]) -> None:
    if choice[0] == "pass":
        return
    from engines.lcg.effects.primitives import find
    from engines.lcg.playing import begin_play

    state = turn.state
    _kind, moment, subject_uid = decision.context.split(":")
    player = state.player(decision.seat)
    subject = find(state, subject_uid)
    card = find(state, choice[0])
    if subject is None or card is None:
        return
    rule = next(r for r in RESPONSES.values() if core(state, card, r.title))
    if rule.where == "hand" and player.hand.find(card.uid) is None:
        turn.say(f"{player.seat} no longer holds that card: no response.")  # played to an earlier offer
        return
    if rule.where == "hand":
        from engines.lcg.playing import why_unplayable

        reason = why_unplayable(state, player, card, planning=False, responding=True)
        if reason:  # the table changed since the offer (resources spent meanwhile): the offer lapses
            turn.say(f"{player.seat} cannot respond after all: {reason}")
            return
    elif not rule.eligible(state, player, card, subject):
        turn.say(f"{player.seat} cannot respond with {card.name} after all.")
        return
    if moment.startswith("cancel"):  # one cancel is enough: the other offers close
        state.decisions[:] = [d for d in state.decisions if d.context != decision.context]
    # The player's other open offers close too: what they hold and can pay for has just changed.
    state.decisions[:] = [d for d in state.decisions if not (d.seat == player.seat and d.context.startswith("resp:"))]
    if rule.where == "hand":
        state.marks.append(f"subject:{player.seat}:{subject_uid}")
        begin_play(turn, player.seat, card.uid, planning=False, then=Task(kind="noop"))
    else:
        assert rule.resolve is not None
        rule.resolve(turn, player, card, subject)


@task("noop")
def _noop(turn: T, t: Task) -> None:
    """What follows an event played as a response: nothing (the procedure resumes where it was)."""


def subject(state: LcgState, seat: str) -> Card | None:
    """The occurrence an event played as a response answers (and forget it)."""
    from engines.lcg.effects.primitives import find

    mark = next((m for m in state.marks if m.startswith(f"subject:{seat}:")), None)
    if mark is None:
        return None
    state.marks.remove(mark)
    return find(state, mark.split(":")[2])


# --- cancelling a revealed encounter card's effect (FAQ 1.53, 1.54) ---------------------------------------------
def has_when_revealed(state: LcgState, card: Card) -> bool:
    from engines.lcg.effects.nightmare import UNCANCELLABLE
    from engines.lcg.scripts import lookup

    d = state.card_def(card)
    if d.name in UNCANCELLABLE and d.pack == "Core Set - Nightmare":
        return False
    return d.type == "treachery" or lookup(d, "when_revealed") is not None


@hooks.offer_cancel_reveal.register
def offer_cancel(turn: T, card: Card) -> bool:
    if not has_when_revealed(turn.state, card):
        return False
    return offer(turn, "cancel-reveal", card, f"{card.name} is revealed: cancel its When Revealed effect?")


def cancel(state: LcgState, card: Card, how: str) -> None:
    """Mark `card`'s effect cancelled: 'effect' (the When Revealed or shadow effect), 'card' (the whole card),
    'replace' (Eleanor: cancelled, discarded and replaced by the next card)."""
    state.marks.append(f"cancelled:{how}:{card.uid}")


@hooks.cancelled.register
def cancelled(state: LcgState, card: Card) -> str:
    for how in ("effect", "card", "replace"):
        mark = f"cancelled:{how}:{card.uid}"
        if mark in state.marks:
            state.marks.remove(mark)
            return how
    return ""


def ready_to_exhaust(card: Card) -> bool:
    return EXHAUSTED not in card.flags


def run_later(state: LcgState, *tasks: Task) -> None:
    push(state, *tasks)
