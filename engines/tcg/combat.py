"""Archery, assignment, skirmishes and reconciling (spec 4.6-4.9)."""

from __future__ import annotations

from engines.core import Card, DecisionKind, Option, card_list
from engines.tcg import actions, rules, scripts
from engines.tcg import procedures as proc
from engines.tcg.cards import FP, SHADOW
from engines.tcg.state import TcgState

T = proc.T


def archery_fire(turn: T) -> None:
    """Both totals count first; the FP places the minion total on his companions, then a Shadow player places the
    fellowship total on his minions (spec 4.6; with several Shadow players the FP picks one, spec 9.2)."""
    state = turn.state
    fp_total, shadow_total = rules.archery_total(state, FP), rules.archery_total(state, SHADOW)
    turn.say(f"Archery fire: the minions shoot {shadow_total}, the fellowship {fp_total}.")
    state.step = "after_archery"
    targets = [c for c in rules.companions(state) if not _no_archery(state, c)]
    if fp_total:
        owners = sorted({state.owners[m.uid] for m in rules.minions(state)})
        if len(owners) == 1:
            ask_minion_wounds(turn, owners[0], fp_total)
        elif owners:
            turn.ask(state.fp_player.seat, DecisionKind.CHOOSE_ONE, "Which Shadow player places the fellowship's "
                     f"{proc.plural(fp_total, 'archery wound')} on his minions?",
                     [Option(id=s, label=s) for s in owners], context=f"archer_pick:{fp_total}")
    proc.ask_wounds(turn, state.fp_player.seat, targets, shadow_total, "archery",
                    f"Place {proc.plural(shadow_total, 'archery wound')} on your companions, one at a time.")


def ask_minion_wounds(turn: T, seat: str, amount: int) -> None:
    proc.ask_wounds(turn, seat, rules.minions(turn.state, seat), amount, "archery",
                    f"Place {proc.plural(amount, 'archery wound')} on your minions.")


def _no_archery(state: TcgState, card: Card) -> bool:
    for src in rules.active_cards(state):
        s = scripts.of(src.ref)
        if s is not None and s.no_archery_wound is not None and s.no_archery_wound(state, src, card):
            return True
    return False


def after_archery(turn: T) -> None:
    state = turn.state
    if not rules.minions(state) and state.opt("skip_after_archery"):
        turn.say("No minions remain after archery: on to regroup.")  # spec 9.6
        state.step = "site9"
        return
    state.phase = "assignment"
    state.assign, state.fought, state.fierce = {}, [], False
    state.step = "assignment"


def _free(state: TcgState) -> list[Card]:
    pool = rules.minions(state)
    if state.fierce:
        pool = [m for m in pool if rules.has_keyword(state, m, "fierce")]
    return [m for m in pool if m.uid not in state.assign]


def assignment(turn: T) -> None:
    """The FP assigns: at most one companion per minion; one minion each, more with defender +N (spec 4.7)."""
    state = turn.state
    options: list[Option] = []
    for comp in rules.companions(state):
        held = sum(1 for c in state.assign.values() if c == comp.uid)
        if held > rules.defender(state, comp):
            continue
        options.extend(Option(id=f"{m.uid}>{comp.uid}", label=f"{comp.name} defends against {m.name}")
                       for m in _free(state) if _assignable(state, m))
    if not options:
        _to_leftover(state)
        return
    turn.ask(state.fp_player.seat, DecisionKind.CHOOSE_ONE,
             "Assign your companions to minions, then say done." + numbers(state),
             [Option(id="done", label="Done assigning"), *options], context="assign")


NUMBERS = " Companions: "  # where an assignment prompt's numbers begin (the status line shows what comes before)


def numbers(state: TcgState) -> str:
    """What assigning needs, after the prompt's question: each companion's and each minion's strength, vitality and
    wounds (the current numbers), and the minions assigned already. One line: a prompt is also a menu's placeholder
    and an autocomplete entry."""
    comps = card_list(proc.stats(state, c) for c in rules.companions(state))
    minions = card_list(proc.stats(state, m) + (f" against {proc.name(state, state.assign[m.uid])}"
                                                if m.uid in state.assign else "") for m in rules.minions(state))
    return f"{NUMBERS}{comps}. Minions: {minions}."


def _assign_cost(state: TcgState, minion: Card) -> bool:
    s = scripts.of(minion.ref)
    return s is not None and s.fp_assign_cost is not None and s.fp_assign_cost(state, minion)


def _assignable(state: TcgState, minion: Card) -> bool:
    """A minion whose text asks an exertion to be assigned may be assigned only if a companion can exert."""
    return not _assign_cost(state, minion) or any(rules.can_exert(state, c) for c in rules.companions(state))


def _to_leftover(state: TcgState) -> None:
    state.shadow_seats = state.going_right(state.fp_player.seat)
    state.shadow_index = 0
    state.step = "leftover"


def assign(turn: T, minion: str, comp: str, by_fp: bool) -> None:
    state = turn.state
    state.assign[minion] = comp
    m = state.find(minion)
    turn.say(f"{proc.name(state, comp)} is assigned to {proc.name(state, minion)}.")
    if by_fp and m is not None and _assign_cost(state, m):
        able = [c for c in rules.companions(state) if rules.can_exert(state, c)]
        proc.ask_card(turn, state.fp_player.seat, f"Exert a companion to assign {proc.called(state, m)}.",
                      [Option(id=c.uid, label=f"Exert {c.name}") for c in able], "exert_chosen",
                      forced=f"Only {proc.called(state, able[0])} can exert to assign {proc.called(state, m)}"
                      if len(able) == 1 else "")
    if by_fp and m is not None:
        n = rules.ambush(state, m)
        owner = state.owners[minion]
        if n:
            turn.ask(owner, DecisionKind.CHOOSE_ONE, f"Ambush: add {n} twilight for {m.name}?",
                     [Option(id="yes", label=f"Add {n}"), Option(id="no", label="Do not")], context=f"ambush:{n}")
        actions.fire(turn, "assigned by fp", m)


def leftover(turn: T) -> None:
    """Shadow players, going right, may assign their own unassigned minions to any companion (spec 4.7, 9.3)."""
    state = turn.state
    while state.shadow_index < len(state.shadow_seats):
        seat = state.shadow_seats[state.shadow_index]
        mine = [m for m in _free(state) if state.owners[m.uid] == seat]
        if not mine or not rules.companions(state):
            state.shadow_index += 1
            continue
        options = [Option(id=f"{m.uid}>{c.uid}", label=f"{m.name} attacks {c.name}")
                   for m in mine for c in rules.companions(state)]
        done = [] if state.opt("leftover") == "must" else [Option(id="done", label="Done")]
        turn.ask(seat, DecisionKind.CHOOSE_ONE,
                 "Assign your unassigned minions (those left out do not skirmish)." + numbers(state),
                 [*done, *options], context="leftover")
        return
    state.fought = []
    state.step = "skirmish_pick"


def pick(turn: T) -> None:
    """The FP chooses the next skirmish (spec 4.8); then fierce minions skirmish again (spec 4.8.5)."""
    state = turn.state
    state.phase = "assignment"
    waiting = [c for c in rules.companions(state) if c.uid in state.assign.values() and c.uid not in state.fought]
    if not waiting:
        fierce = [m for m in rules.minions(state) if rules.has_keyword(state, m, "fierce")]
        if not state.fierce and fierce and rules.companions(state):
            state.fierce, state.assign, state.fought = True, {}, []
            turn.say("Fierce minions must be defended against again.")  # spec 4.8.5
            state.step = "assignment"
            return
        state.step = "site9"
        return
    if len(waiting) == 1:
        begin(turn, waiting[0].uid)
        return
    # each option names the minions too: two copies of a companion read alike otherwise
    turn.ask(state.fp_player.seat, DecisionKind.CHOOSE_ONE, "Choose the next skirmish.",
             [Option(id=c.uid, label=f"{c.name} against " + card_list(
                 proc.name(state, m) for m, target in state.assign.items() if target == c.uid)) for c in waiting],
             context="skirmish")


def begin(turn: T, comp: str) -> None:
    state = turn.state
    state.skirmish = comp
    fighting = [m for m, c in state.assign.items() if c == comp]
    turn.say(f"Skirmish: {proc.name(state, comp)} against " + card_list(proc.name(state, m) for m in fighting) + ".")
    state.step = "skirmish_start"


def resolve(turn: T) -> None:
    """Strength against strength; ties to the Shadow; double overwhelms; damage bonuses sum (spec 4.8.3, 9.5)."""
    state = turn.state
    state.step = "skirmish_end"
    comp = state.find(state.skirmish)
    fighting = [m for m in rules.minions(state) if state.assign.get(m.uid) == state.skirmish]
    if comp is None or not fighting:
        turn.say("The skirmish is cancelled: one side is gone.")  # spec 9.4
        return
    fp_str = max(0, rules.strength(state, comp))
    sh_str = max(0, sum(rules.strength(state, m) for m in fighting))
    fp_wins = fp_str > sh_str
    win, lose = (fp_str, sh_str) if fp_wins else (sh_str, fp_str)
    multiple = 2 if fp_wins else rules.overwhelm_multiple(state, comp)
    overwhelm = (lose == 0 and win > 0) or (lose > 0 and win >= multiple * lose)
    if state.opt("zero_strength") == "double_only" and lose == 0:
        overwhelm = False  # the variant: a side at 0 strength is wounded, never overwhelmed
    state.last_winner = FP if fp_wins else SHADOW
    # the totals, each with how it is made up: "Aragorn 8 (6 +2 Anduril) against 13 (Desert Scout 8; Desert Sneak 5)"
    turn.say(f"{proc.skirmish_strengths(state, comp, fighting)}: the "
             + ("Free Peoples win" if fp_wins else "Shadow wins") + (", overwhelming." if overwhelm else "."))
    if fp_wins:
        if overwhelm:
            for m in fighting:
                proc.kill(turn, m.uid, " (overwhelmed)")
            return
        extra = rules.damage(state, comp)
        for m in fighting:
            state.queue.extend([f"wound:{m.uid}:skirmish"] * (1 + extra))
    else:
        if overwhelm:
            proc.kill(turn, comp.uid, " (overwhelmed)")
            return
        extra = sum(rules.damage(state, m) for m in fighting)
        state.queue.extend([f"wound:{comp.uid}:skirmish"] * (1 + extra))


def reconcile(turn: T, seat: str) -> None:
    """May discard 1, then draw up to 8 or discard down to 8 (spec 4.9.3)."""
    state = turn.state
    hand = state.player(seat).hand.cards
    if not hand:
        finish_reconcile(turn, seat)
        return
    turn.ask(seat, DecisionKind.CHOOSE_MANY, f"Reconcile: you may discard 1 card from hand ({len(hand)} held), then "
             "draw up to 8 or discard down to 8.", [Option(id=c.uid, label=c.name) for c in hand], low=0, high=1,
             private=True, context="reconcile")


def finish_reconcile(turn: T, seat: str) -> None:
    state = turn.state
    player = state.player(seat)
    n = len(player.hand.cards)
    if n < 8:
        proc.draw(turn, player, 8 - n)
    elif n > 8:
        turn.ask(seat, DecisionKind.CHOOSE_MANY, f"Discard {n - 8} cards down to 8.",
                 [Option(id=c.uid, label=c.name) for c in player.hand.cards], low=n - 8, high=n - 8, private=True,
                 context="discard_down")
