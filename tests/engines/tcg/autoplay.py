"""A simple, deterministic Decipher TCG policy that plays whole games and writes console transcripts.

The Free Peoples player plays cheap companions and possessions in the fellowship phase, heals by discard,
always moves on, and assigns each minion to a companion that can beat it; a Shadow player plays every minion
it can afford, takes its ambush twilight, and throws the leftover minions at the weakest companion; in the
action windows each plays the events it holds, else passes. Wounds go where they hurt least, never first on
the Ring-bearer. It is no champion; it makes real games end, through every phase of the turn.

    python -m tests.engines.tcg.autoplay --players 2 --seed 1 --out FILE
    python -m tests.engines.tcg.autoplay --rewrite tests/bot/console/transcripts/tcg_*.txt
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field
from pathlib import Path

from engines.core import Answer, Card, Config, Decision, DecisionKind
from engines.core.orders import Order
from engines.tcg import GAME, rules
from engines.tcg.state import WINDOWS, TcgState
from tests.engines.transcripts import parse_header, shown_path

MAX_PLAYS = 4  # cards one seat plays in one fellowship or Shadow phase: leave some for later turns


def _card(state: TcgState, uid: str) -> Card | None:
    return state.find(uid)


def room(state: TcgState, uid: str) -> int:
    """Wounds a character can still take before dying (vitality less wounds), the Ring-bearer counted last."""
    card = _card(state, uid)
    if card is None:
        return 0
    d = rules.cdef(state, card)
    left = d.vitality - rules.wounds(card)
    return left - (100 if uid == state.fp_player.ring_bearer else 0)


def strength_of(state: TcgState, uid: str) -> int:
    card = _card(state, uid)
    return rules.cdef(state, card).strength if card is not None else 0


@dataclass
class Memory:
    """What the policy remembers across decisions: how many cards a seat played in the current phase."""

    plays: dict[tuple[int, str, str], int] = field(default_factory=dict)


def act_choice(state: TcgState, d: Decision, memory: Memory) -> str:
    ids = [o.id for o in d.options]
    phase = state.phase
    key = (state.turn_no, phase, d.seat)
    played = memory.plays.get(key, 0)
    if phase in ("fellowship", "shadow"):
        heals = [i for i in ids if i.startswith("heal:")]
        plays = [i for i in ids if i.startswith("play:")]
        if phase == "fellowship" and heals:
            return heals[0]
        if plays and played < MAX_PLAYS:
            memory.plays[key] = played + 1
            return plays[0]
        return "pass"
    events = [i for i in ids if i.startswith("ev:")]
    if events and played < 2:
        memory.plays[key] = played + 1
        return events[0]
    return "pass"


def _pairs(ids: list[str]) -> list[tuple[str, str]]:
    return [(i.split(">")[0], i.split(">")[1]) for i in ids if ">" in i]


def choose(state: TcgState, d: Decision, memory: Memory) -> tuple[str, ...]:
    ids = [o.id for o in d.options]
    verb = d.context.split(":")[0]
    if verb == "act":
        return (act_choice(state, d, memory),)
    if verb == "assign":  # the FP: the strongest minion onto the sturdiest companion still free, sparing Frodo
        taken = set(state.assign.values())
        fit = [(strength_of(state, m), strength_of(state, c) + room(state, c), m, c) for m, c in _pairs(ids)
               if c != state.fp_player.ring_bearer and c not in taken]
        return (f"{max(fit)[2]}>{max(fit)[3]}",) if fit else ("done",)
    if verb == "leftover":  # the Shadow: every leftover minion onto the weakest companion, the Ring-bearer last
        pairs = _pairs(ids)
        if not pairs:
            return ("done",)
        m, c = min(pairs, key=lambda p: (p[1] == state.fp_player.ring_bearer,
                                         strength_of(state, p[1]) + room(state, p[1]), p))
        return (f"{m}>{c}",)
    if verb == "ring":  # wounds become burdens while it is on
        return ("wear",)
    if verb == "move_or_end":
        return ("move",)
    if verb == "ambush":
        return ("yes",)
    if d.kind is DecisionKind.ASSIGN:
        return assign(state, d, verb)
    if d.kind is DecisionKind.CHOOSE_MANY:
        return tuple(ids[: d.low])
    if d.kind is DecisionKind.ORDER:
        return tuple(ids)
    if d.kind is DecisionKind.NUMBER:
        return (str(d.low),)
    return (ids[0],)


def assign(state: TcgState, d: Decision, verb: str) -> tuple[str, ...]:
    """Wounds one at a time onto whoever has most room; a heal onto whoever has most wounds."""
    amounts = {o.id: 0 for o in d.options}
    caps = {o.id: d.amount if o.cap is None else o.cap for o in d.options}
    for _ in range(d.amount):
        open_ = [i for i in amounts if amounts[i] < caps[i]]
        if verb == "sanctuary":
            real = [i for i in open_ if i != "none"]
            pick = real[0] if real else open_[0]
        else:
            pick = max(open_, key=lambda i: (room(state, i) - amounts[i], i))
        amounts[pick] += 1
    return tuple(f"{k}={v}" for k, v in amounts.items())


@dataclass
class Played:
    players: int
    seed: int
    orders: str = "default"
    lines: list[str] = field(default_factory=list)
    reason: str = ""
    winners: str = ""
    turns: int = 0
    commands: int = 0
    stuck: str = ""
    # (turn, seat, role) -> decisions that seat answered in that turn (forced ones answered by themselves not counted)
    asked: dict[tuple[int, str, str], int] = field(default_factory=dict)


# Standing orders set by every seat before the first decision (spec 1.3): the engine's defaults; every window
# and forced decision asked; and a quiet set for by-post play (only the Shadow phase and skirmishes asked).
ORDER_SETS: dict[str, tuple[tuple[str, str], ...]] = {
    "default": (),
    "all-ask": (*((k, "ask") for k in (*WINDOWS, "ring")), ("forced", "ask")),
    "quiet": (("maneuver", "pass"), ("archery", "pass"), ("regroup", "pass"), ("ring", "always")),
}


def play_game(players: int, seed: int, orders: str = "default", max_commands: int = 4000) -> Played:
    record = Played(players=players, seed=seed, orders=orders)
    state = GAME.setup(Config(seats=GAME.seat_names(players), options=dict(GAME.options)), seed)
    memory = Memory()
    lines = record.lines
    lines.append(f"new tcg {players}")
    acting, shown = "", -1
    for seat in state.seats:
        for key, value in ORDER_SETS[orders]:
            state = GAME.apply(state, seat, Order(key=key, value=value)).state
    while state.outcome is None and record.commands < max_commands:
        decision = state.decisions[0]
        if state.turn_no != shown:
            if shown == -1:
                for s in state.seats:
                    lines += ([] if s == acting else [f"as {s}"]) + ["hand"]
                    acting = s
                    lines += [f"order {k} {v}" for k, v in ORDER_SETS[orders]]
            shown = state.turn_no
            lines += [f"# turn {state.turn_no}", "status"]
        if decision.seat != acting:
            lines.append(f"as {decision.seat}")
            acting = decision.seat
        command = Answer(decision=decision.id, choice=choose(state, decision, memory))
        role = "fp" if decision.seat == state.fp_player.seat else "shadow"
        turn = state.turn_no
        try:
            state = GAME.apply(state, decision.seat, command).state
        except Exception as exc:  # the engine refused the policy: record it and stop
            record.stuck = f"turn {state.turn_no}: {command.text()} by {decision.seat}: {exc}"
            break
        asked = (turn, decision.seat, role)
        record.asked[asked] = record.asked.get(asked, 0) + 1
        lines.append(command.text())
        record.commands += 1
    record.turns = state.turn_no
    if state.outcome is not None:
        record.reason = state.outcome.reason
        record.winners = ",".join(state.outcome.winners)
        lines += ["status", "log 6"]
    elif not record.stuck:
        record.stuck = f"no result after {max_commands} commands"
    return record


def header(game: Played, path: str) -> list[str]:
    return [
        "# The Lord of the Rings TCG (Decipher), Siege of Gondor starters: a whole game played by the autoplay",
        "# policy (tests/engines/tcg/autoplay.py), replayed through the console by",
        "# tests/bot/console/test_tcg_transcripts.py.",
        f"# players: {game.players}",
        f"# seed: {game.seed}",
        f"# turns: {game.turns}",
        f"# winners: {game.winners}",
        f"# result: {game.reason or game.stuck}",
        f"# generated by: python -m tests.engines.tcg.autoplay --players {game.players} --seed {game.seed} "
        f"--out {path}",
        f"# replay: python -m bot play --script {path} --seed {game.seed} --no-images",
    ]


def transcript(game: Played, path: str) -> str:
    return "\n".join([*header(game, path), "", *game.lines]) + "\n"


def replay_header(text: str) -> Played:
    info = parse_header(text)
    return play_game(int(info["players"]), int(info["seed"]))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.engines.tcg.autoplay")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--rewrite", nargs="+", type=Path, metavar="FILE")
    args = parser.parse_args(argv)
    if args.rewrite:
        for path in args.rewrite:
            game = replay_header(path.read_text(encoding="utf-8"))
            path.write_text(transcript(game, shown_path(path)), encoding="utf-8")
            print(f"{path}: {game.reason or game.stuck}")
        return 0
    game = play_game(args.players, args.seed)
    if args.out is not None:
        args.out.write_text(transcript(game, shown_path(args.out)), encoding="utf-8")
    print(f"turn {game.turns}, {game.commands} commands: {game.reason or game.stuck}")
    return 0 if game.reason else 1


if __name__ == "__main__":
    sys.exit(main())
