"""The turn as a state machine (spec 4): `advance` runs steps until someone must decide. Each step either asks
and returns, or names the next step. Small queued tasks (one wound, threat wounds) run before any step, so a
wound placed mid-skirmish can stop for the Ring decision and carry on where it was."""

from __future__ import annotations

from collections.abc import Callable

from engines.core import DecisionKind, Option, Outcome, card_list
from engines.tcg import actions, combat, rules, windows
from engines.tcg import procedures as proc
from engines.tcg.state import WINDOWS, Mod, TcgState
from engines.tcg.state import order as standing

T = proc.T
STEPS: dict[str, Callable[[T], None]] = {}
TASKS: dict[str, Callable[[T, list[str]], None]] = {}


def step(name: str) -> Callable[[Callable[[T], None]], Callable[[T], None]]:
    def register(fn: Callable[[T], None]) -> Callable[[T], None]:
        STEPS[name] = fn
        return fn

    return register


def task(name: str) -> Callable[[Callable[[T, list[str]], None]], Callable[[T, list[str]], None]]:
    def register(fn: Callable[[T, list[str]], None]) -> Callable[[T, list[str]], None]:
        TASKS[name] = fn
        return fn

    return register


def advance(turn: T) -> None:
    state = turn.state
    guard = 0
    while state.outcome is None and not state.decisions:
        guard += 1
        if guard > 10_000:  # pragma: no cover - a rules bug, never a player's doing
            raise RuntimeError(f"the turn does not move on from step {state.step}")
        if state.queue:
            verb, *args = state.queue.pop(0).split(":")
            TASKS[verb](turn, args)
            continue
        STEPS[state.step](turn)


def end_mods(state: TcgState, until: str) -> None:
    state.mods = [m for m in state.mods if m.until != until]


# --- tasks -------------------------------------------------------------------------------------------------------
@task("wound")
def _wound(turn: T, args: list[str]) -> None:
    """One wound. A response that prevents it is offered first, when public facts allow one (windows.py); then,
    before any wound to an unwearing Ring-bearer during a skirmish phase (combat or card text), the Ring may go on
    (spec 5.3; the card governs, spec 9.12)."""
    state = turn.state
    uid, why = args[0], args[1]
    fp = state.fp_player
    if len(args) < 3 and windows.offer_response(turn, uid, why):
        state.queue.insert(0, f"wound:{uid}:{why}:offered")  # carried on, or dropped if the answer prevents it
        return
    if (uid == fp.ring_bearer and state.phase == "skirmish" and not fp.wearing
            and fp.ring and state.find(uid) is not None):
        order = standing(state, fp.seat, "ring")
        if order == "ask":
            state.queue.insert(0, f"placed:{uid}:{why}")
            turn.ask(fp.seat, DecisionKind.CHOOSE_ONE, f"A wound is about to be placed on {proc.name(state, uid)}: "
                     "put on The One Ring (burdens instead of skirmish wounds until regroup)?",
                     [Option(id="wear", label="Put on the Ring"), Option(id="no", label="Take the wound")],
                     context="ring")
            return
        if order == "always":
            fp.wearing = True
            turn.say(f"{fp.seat}'s Ring-bearer slips the Ring on (standing order).")
    proc.wound_now(turn, uid, why)


@task("placed")
def _placed(turn: T, args: list[str]) -> None:
    proc.wound_now(turn, args[0], args[1])


@task("threats")
def _threat_wounds(turn: T, args: list[str]) -> None:
    state = turn.state
    proc.ask_wounds(turn, state.fp_player.seat, rules.companions(state), int(args[0]), "threat",
                    f"Place {proc.plural(int(args[0]), 'threat wound')} on your companions.")


@task("deaths")
def _deaths(turn: T, args: list[str]) -> None:
    proc.check_deaths(turn)


# --- start of turn and fellowship phase (spec 4.0, 4.1) --------------------------------------------------------------
@step("turn")
def _start(turn: T) -> None:
    state = turn.state
    fp = state.fp_player
    state.turn_no += 1
    state.twilight, state.moves, state.flags, state.mods = 0, 0, [], []
    state.phase = "fellowship"
    turn.checkpoint = True
    turn.say(f"Turn {state.turn_no}: {fp.seat} is the Free Peoples player at site {fp.position}.")
    state.step = "fellowship"
    actions.fire(turn, "start of turn")
    site = state.current_site()
    if site is not None and "sanctuary" in rules.cdef(state, site).keywords:
        hurt = [c for c in rules.companions(state) if rules.wounds(c)]
        total = min(5, sum(rules.wounds(c) for c in hurt))
        if total:
            options = [Option(id=c.uid, label=c.name, cap=rules.wounds(c)) for c in hurt]
            options.append(Option(id="none", label="left unhealed", cap=total))
            turn.ask(fp.seat, DecisionKind.ASSIGN,
                     f"Sanctuary: heal up to {proc.plural(total, 'wound')} from your companions.", options,
                     amount=total, context="sanctuary")


@step("fellowship")
def _fellowship(turn: T) -> None:
    state = turn.state
    seat = state.fp_player.seat
    options = [Option(id=a.key, label=a.label) for a in actions.legal(state, seat)]
    turn.ask(seat, DecisionKind.ACT_OR_PASS, "Fellowship phase: act, or pass to move on.",
             [Option(id="pass", label="Move to the next site"), *options], private=True, context="act")


@step("move")
def _move(turn: T) -> None:
    """Spec 4.2: place the next site if needed, move, triggers, add the Shadow number and 1 per companion."""
    state = turn.state
    fp = state.fp_player
    leaving = state.current_site()
    nxt = fp.position + 1
    if state.phase == "regroup" and leaving is not None:
        actions.fire(turn, "moves from in regroup", leaving)
    if leaving is not None:
        actions.fire(turn, "moves from", leaving)
    if state.site_at(nxt) is None:
        placer = _placer(state, leaving)
        p = state.player(placer)
        site = next((c for c in p.adventure.cards if rules.cdef(state, c).site == nxt), None)
        if site is not None:
            p.adventure.cards.remove(site)
            state.path.cards.append(site)
            turn.say(f"{placer} places site {nxt}: {site.name}.")
    fp.position = nxt
    state.moves += 1
    state.phase = "move"
    site = state.current_site()
    shadow_number = actions.cost_of(state, site) if site is not None else 0  # text may change it (spec 4.2)
    companions = len(rules.companions(state))
    state.twilight += shadow_number + companions
    why = actions.cost_why(state, site, shadow_number, what="Shadow number") if site is not None else ""
    why = f" ({why})" if why else ""
    turn.say(f"{fp.seat} moves to site {nxt}" + (f" ({site.name})" if site is not None else "") +
             f": {shadow_number} twilight for the site{why} and {companions} for the "
             f"compan{'ion' if companions == 1 else 'ions'}, pool {state.twilight}.")
    actions.fire(turn, "moves")
    state.step = "shadow_start"


def _placer(state: TcgState, leaving: object) -> str:
    """Who places the next site: the arrow on the site being left (spec 4.2); 2 players: the opponent."""
    fp = state.fp_player.seat
    others = [p.seat for p in state.live() if p.seat != fp]
    if len(others) == 1:
        return others[0]
    direction = rules.cdef(state, leaving).direction if leaving is not None else "left"  # type: ignore[arg-type]
    return state.left_of(fp) if direction == "left" else state.right_of(fp)


# --- Shadow phases (spec 4.3) -----------------------------------------------------------------------------------
@step("shadow_start")
def _shadow_start(turn: T) -> None:
    state = turn.state
    state.phase = "shadow"
    state.shadow_seats = state.going_right(state.fp_player.seat)
    state.shadow_index = 0
    state.step = "shadow"


@step("shadow")
def _shadow(turn: T) -> None:
    state = turn.state
    while state.shadow_index < len(state.shadow_seats):
        seat = state.shadow_seats[state.shadow_index]
        if state.player(seat).out or standing(state, seat, "shadow") == "pass":
            state.shadow_index += 1
            continue
        options = [Option(id=a.key, label=a.label) for a in actions.legal(state, seat)]
        turn.ask(seat, DecisionKind.ACT_OR_PASS, f"Your Shadow phase ({state.twilight} twilight in the pool): act, "
                 "or pass to end it.", [Option(id="pass", label="End my Shadow phase"), *options], private=True,
                 context="act")
        return
    if rules.minions(state):
        state.step = "maneuver_start"
    else:
        turn.say("No minions in play: straight to the regroup phase.")  # spec 4.3
        state.step = "site9"


# --- the action procedure (spec 4.4) ---------------------------------------------------------------------------
def start_procedure(state: TcgState, phase: str, nxt: str) -> None:
    state.phase = phase
    fp = state.fp_player.seat
    state.actors = [fp, *state.going_right(fp)]
    state.actor, state.passes, state.proc_next = 0, 0, nxt
    state.step = "procedure"


@step("procedure")
def _procedure(turn: T) -> None:
    state = turn.state
    while state.passes < len(state.actors):
        seat = state.actors[state.actor % len(state.actors)]
        if state.player(seat).out or not windows.asked(state, seat):
            state.passes += 1
            state.actor += 1
            continue
        options = [Option(id=a.key, label=a.label) for a in actions.legal(state, seat)]
        turn.ask(seat, DecisionKind.ACT_OR_PASS, f"{state.phase.capitalize()} actions: act or pass "
                 f"(the window closes when everyone passes in a row).", [Option(id="pass", label="Pass"), *options],
                 private=True, context="act")
        return
    if state.phase not in ("archery", "skirmish"):  # those phases go on: archery fire, the skirmish's resolution
        end_mods(state, "phase")
    state.step = state.proc_next


@step("maneuver_start")
def _maneuver(turn: T) -> None:
    state = turn.state
    state.phase = "maneuver"
    start_procedure(state, "maneuver", "archery_start")
    actions.fire(turn, "start of maneuver")


@step("archery_start")
def _archery(turn: T) -> None:
    start_procedure(turn.state, "archery", "archery_fire")


@step("archery_fire")
def _fire(turn: T) -> None:
    combat.archery_fire(turn)


@step("assignment")
def _assignment(turn: T) -> None:
    combat.assignment(turn)


@step("leftover")
def _leftover(turn: T) -> None:
    combat.leftover(turn)


@step("skirmish_pick")
def _pick(turn: T) -> None:
    combat.pick(turn)


@step("skirmish_start")
def _skirmish_start(turn: T) -> None:
    state = turn.state
    state.skirmish_wounds = {}
    start_procedure(state, "skirmish", "resolve")
    actions.fire(turn, "start of skirmish")


@step("resolve")
def _resolve(turn: T) -> None:
    combat.resolve(turn)


@step("skirmish_end")
def _skirmish_end(turn: T) -> None:
    state = turn.state
    actions.fire(turn, "skirmish won")
    end_mods(state, "skirmish")
    end_mods(state, "phase")
    state.fought.append(state.skirmish)
    state.skirmish, state.last_winner = "", ""
    state.phase = "assignment"
    state.step = "skirmish_pick"


# --- the end of a move: site 9, regroup, reconcile, move again (spec 4.9) ----------------------------------------
@step("site9")
def _site9(turn: T) -> None:
    state = turn.state
    fp = state.fp_player
    if fp.position >= 9 and rules.ring_bearer(state) is not None:
        proc.finish(turn, Outcome(winners=[fp.seat],
                                  reason=f"{fp.seat}'s fellowship reached site 9 with its Ring-bearer."))
        return
    state.step = "regroup_start"


@step("regroup_start")
def _regroup(turn: T) -> None:
    state = turn.state
    state.phase = "regroup"
    state.assign, state.fought, state.fierce = {}, [], False
    end_mods(state, "regroup")  # effects lasting "until the regroup phase"
    fp = state.fp_player
    if fp.wearing:
        fp.wearing = False
        turn.say(f"{fp.seat}'s Ring-bearer takes off The One Ring.")
    start_procedure(state, "regroup", "reconcile_start")
    actions.fire(turn, "start of regroup")


@step("reconcile_start")
def _reconcile_start(turn: T) -> None:
    state = turn.state
    state.shadow_seats = state.going_right(state.fp_player.seat)
    state.shadow_index = 0
    state.step = "reconcile"


@step("reconcile")
def _reconcile(turn: T) -> None:
    state = turn.state
    if state.shadow_index < len(state.shadow_seats):
        seat = state.shadow_seats[state.shadow_index]
        state.shadow_index += 1
        combat.reconcile(turn, seat)
        return
    state.step = "move_or_end"


@step("move_or_end")
def _move_or_end(turn: T) -> None:
    state = turn.state
    fp = state.fp_player
    if "must move" in state.flags and state.moves < rules.move_limit(state):
        turn.say(f"{fp.seat} must move again (site text).")
        state.flags.remove("must move")
        state.step = "move"
        return
    if state.moves >= rules.move_limit(state) or fp.position >= 9:
        state.step = "end_turn_reconcile"
        return
    turn.ask(fp.seat, DecisionKind.CHOOSE_ONE, f"Move again ({state.moves} of {rules.move_limit(state)} moves made) or "
             "end your turn?", [Option(id="move", label="Move again"), Option(id="end", label="End the turn")],
             context="move_or_end")


@step("end_turn_reconcile")
def _end_reconcile(turn: T) -> None:
    state = turn.state
    state.step = "end_turn"
    combat.reconcile(turn, state.fp_player.seat)


@step("end_turn")
def _end_turn(turn: T) -> None:
    """Spec 4.9(b): minions and what they bear are discarded; the turn passes left."""
    state = turn.state
    gone: dict[str, list[str]] = {}  # each Shadow player's minions and what they bear, named before they go
    for m in state.minions.cards:
        gone.setdefault(state.owners[m.uid], []).extend(proc.called(state, c) for c in [m, *m.attached])
    for seat, names in gone.items():
        turn.say(f"End of the turn: {seat} discards their minions and what those bear: {card_list(names)}.")
    for m in list(state.minions.cards):
        proc.to_discard(state, m)
    state.minions.cards.clear()
    state.assign, state.fought, state.fierce, state.skirmish = {}, [], False, ""
    fp = state.fp_player
    if fp.wearing:
        fp.wearing = False
    nxt = state.left_of(fp.seat)
    state.fp = next(i for i, p in enumerate(state.players) if p.seat == nxt)
    state.mods = [m for m in state.mods if m.until not in ("turn", "phase", "skirmish")]
    state.step = "turn"


def window_names() -> tuple[str, ...]:
    return WINDOWS


__all__ = ["STEPS", "TASKS", "Mod", "advance", "start_procedure"]


@step("after_archery")
def _after_archery(turn: T) -> None:
    """Archery fire is the end of the archery phase (seed 002 p. 26): what archery actions gave lasts until now."""
    end_mods(turn.state, "phase")
    combat.after_archery(turn)
