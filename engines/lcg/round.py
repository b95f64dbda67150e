"""The round (spec 4): the seven phases in order, the resource and refresh phases, and the end of phases
and rounds, when lasting effects expire."""

from __future__ import annotations

from engines.core import Turn
from engines.lcg import hooks, scripts
from engines.lcg.flow import push, task
from engines.lcg.playing import window
from engines.lcg.state import EXHAUSTED, PRISONER, RESOURCE, TIME, LcgState, Task
from engines.lcg.table import add_tokens, clear_round_flags, heroes, raise_threat

T = Turn[LcgState]


def begin_phase(turn: T, phase: str) -> None:
    state = turn.state
    if state.phase == "setup":  # FAQ 1.19: setup's "until the end of the phase" ends with round 1's resource phase
        suffix = ":setup"
        state.marks = [m.removesuffix(suffix) + ":resource" if m.endswith(suffix) else m for m in state.marks]
        state.phase = phase
        turn.checkpoint = True
        return
    state.modifiers = [m for m in state.modifiers if m.until != "phase"]  # "until the end of the phase"
    state.marks = [m for m in state.marks if not m.startswith("phase:")]  # limits and effects of the phase
    hooks.phase_ends(turn, state.phase)
    state.phase = phase
    turn.checkpoint = True  # a phase boundary: a good moment for a snapshot


@task("round")
def new_round(turn: T, _t: Task) -> None:
    state = turn.state
    state.round += 1
    turn.say(f"Round {state.round} begins; {state.first_seat} is the first player.")
    push(state, *[Task(kind="phase", note=p) for p in ("resource", "planning", "quest", "travel",
                                                          "encounter", "combat", "refresh")],
         Task(kind="round-end"), Task(kind="round"))


@task("round-end")
def round_end(turn: T, _t: Task) -> None:
    """Forced effects 'at the end of the round' (Dungeon Torch, Shadow Key, Gandalf), in table order; then
    once-per-round limits reset (FAQ 1.51)."""
    from engines.lcg.playing import in_play

    state = turn.state
    scripts.fire_all(turn, "round_end", [c for c in in_play(state)])
    state.marks = [m for m in state.marks if not m.startswith("round:")]


@task("phase")
def phase(turn: T, t: Task) -> None:
    state = turn.state
    begin_phase(turn, t.note)
    push(state, *window(state, f"start of {t.note}"), Task(kind=t.note), *window(state, f"end of {t.note}"))


@task("resource")
def resource_phase(turn: T, _t: Task) -> None:
    """RR p.12: each hero gains 1 resource (exhausted ones too); each player draws 1 card."""
    state = turn.state
    # Said first: the draws below are logged under it, not before it as if they belonged to the round's start.
    turn.say("Resource phase: each hero gains 1 resource and each player draws a card.")
    for player in state.active_players():
        for hero in heroes(player, state):
            if PRISONER not in hero.flags:
                add_tokens(hero, RESOURCE, 1 + hooks.extra_resources(state, hero))
        hooks.draw(turn, player, 1)  # may be refused by a card in play (Enchanted Stream, Iron Shackles)


@task("planning")
def planning_phase(turn: T, _t: Task) -> None:
    state = turn.state
    push(state, *[Task(kind="plan-turn", seat=p.seat) for p in state.active_players()])


@task("refresh")
def refresh_phase(turn: T, _t: Task) -> None:
    """RR p.22: ready every card; each player raises threat by 1; the first-player token passes left."""
    state = turn.state
    for player in state.players:
        for card in player.play.cards:
            if hooks.stays_exhausted(state, card) or hooks.cannot_ready(state, player):
                continue  # Caught in a Web: it readies only if its player pays (asked below)
            for c in [card, *card.attached]:
                if EXHAUSTED in c.flags:
                    c.flags.remove(EXHAUSTED)
    hooks.after_readying(turn)
    for player in state.active_players():
        raise_threat(turn, player, 1)
    hooks.refresh_threat(turn)
    nxt = state.next_player(state.first_seat)  # alone, there is no next player to take the token (FAQ 1.46)
    if nxt is not None:
        state.first = state.players.index(nxt)
        turn.say(f"Refresh: everything readies, threat rises by 1, and {nxt.seat} becomes the first player.")
    else:
        turn.say("Refresh: everything readies and threat rises by 1.")
    clear_round_flags(state)
    state.modifiers = [m for m in state.modifiers if m.until not in ("round", "phase")]
    state.allies_played = 0
    time_passes(turn)


def time_passes(turn: T) -> None:
    """C 4.10.14: as each refresh phase ends, one time counter leaves each card with Time X; the last
    one leaving triggers the card's effect."""
    from engines.lcg.playing import in_play

    for card in in_play(turn.state):
        if card.tokens.get(TIME):
            card.tokens[TIME] -= 1
            if card.tokens[TIME] == 0:
                del card.tokens[TIME]
                turn.say(f"The last time counter leaves {card.name}.")
                scripts.time_out(turn, card)
