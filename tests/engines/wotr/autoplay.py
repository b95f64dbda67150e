"""A simple, deterministic War of the Ring policy that plays whole games and writes console transcripts.

Each deck commits its strongest cards where they count (characters with path icons to the path, armies to a
battleground they may enter, items onto wielders at a location), pays with its weakest card, cycles down when
it cannot pass, and otherwise passes. The defenders eliminate the smallest unit that finishes the cancelling,
else their biggest. It is no champion; it makes real games end, through every step of the round.

    python -m tests.engines.wotr.autoplay --players 4 --scenario trilogy --seed 1 --out FILE
    python -m tests.engines.wotr.autoplay --rewrite tests/bot/console/transcripts/wotr_*.txt
    python -m tests.engines.wotr.autoplay --count tests/bot/console/transcripts/wotr_trilogy_4p.txt
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field
from pathlib import Path

from engines.core import Answer, Card, Config, Decision, DecisionKind
from engines.wotr import GAME
from engines.wotr.state import WotrState
from tests.engines.transcripts import count_table, parse_header, shown_path


def strength(state: WotrState, card: Card) -> int:
    d = state.card_def(card)
    return d.bg_atk + d.bg_def + d.lead_atk + d.lead_def + 2 * d.path_icons


def _card(state: WotrState, uid: str) -> Card:
    return state.locate(uid)[1]


def weakest(state: WotrState, uids: list[str], n: int = 1) -> list[str]:
    return sorted(uids, key=lambda u: (strength(state, _card(state, u)), u))[:n]


def act_choice(state: WotrState, decision: Decision) -> str:
    ids = [o.id for o in decision.options]
    plays: list[tuple[int, str]] = []
    for i in ids:
        if not i.startswith("play-"):
            continue
        _, uid, dest = i.split("-")
        card = _card(state, uid)
        d = state.card_def(card)
        if dest == "reserve" or dest == "now":
            continue
        host = _card(state, dest)
        hdef = state.card_def(host)
        if hdef.kind == "path":
            value = d.path_icons * 3
        elif hdef.kind == "battleground":
            value = (d.bg_atk + d.bg_def) * 2 + d.lead_atk
        else:  # an item onto a wielder: worth it when the wielder stands at a location
            value = (d.path_icons + d.bg_atk + d.bg_def) * 2 if any(host in loc.attached
                                                                   for loc in state.active.cards) else 0
        if value > 0:
            plays.append((value, i))
    hand = len(state.deck(decision.context.split(":")[1]).hand.cards)
    if plays and hand >= 2:
        return sorted(plays, key=lambda p: (-p[0], p[1]))[0][1]
    if "pass" in ids:
        return "pass"
    cycles = [i for i in ids if i.startswith("cycle-")]
    return "cycle-" + weakest(state, [c.split("-")[1] for c in cycles])[0] if cycles else ids[0]


def eliminate_choice(state: WotrState, decision: Decision) -> str:
    combat = state.combat
    assert combat is not None
    values = {o.id: combat.values[o.id] for o in decision.options}
    enough = sorted((v, u) for u, v in values.items() if v >= combat.need)
    if enough:
        return enough[0][1]
    return sorted(((-v, u) for u, v in values.items()))[0][1]


def choose(state: WotrState, decision: Decision) -> tuple[str, ...]:
    ids = [o.id for o in decision.options]
    verb = decision.context.split(":")[0]
    if verb == "act":
        return (act_choice(state, decision),)
    if verb == "eliminate":
        return (eliminate_choice(state, decision),)
    if decision.kind is DecisionKind.ORDER:
        return tuple(ids)
    if decision.kind is DecisionKind.CHOOSE_MANY:
        if all(i in state.owners for i in ids):
            return tuple(weakest(state, ids, decision.low))
        return tuple(ids[: decision.low])
    if verb in ("cost", "cycle1", "eliminate1"):
        return tuple(weakest(state, ids))
    if "top" in ids:
        return ("top",)
    return (ids[0],)


# What a player answers together with the action that asks it (a chained answer, `answer N <play> then
# <card>`): the card cycled or forsaken to pay for a play and the two cards of a winnow. The player knows both
# before typing: they come from the hand the action step listed, and nothing is drawn or revealed in between.
CHAINED = ("cost", "forsake-cost", "winnow")


def chained(state: WotrState, decision: Decision, command: Answer) -> tuple[WotrState, Answer]:
    """Apply the policy's answer; if it opens one of the questions a player answers with it (its cost), apply
    both as one chained command instead. The state after it, and the command typed."""
    after = GAME.apply(state, decision.seat, command).state
    follow = [d for d in after.decisions if d.seat == decision.seat and d.id >= state.next_decision]
    if decision.context.startswith("act:") and len(follow) == 1 and follow[0].context.split(":")[0] in CHAINED:
        command = Answer(decision=command.decision, choice=command.choice, then=(choose(after, follow[0]),))
        after = GAME.apply(state, decision.seat, command).state
    return after, command


@dataclass
class Played:
    players: int
    scenario: str
    seed: int
    lines: list[str] = field(default_factory=list)
    reason: str = ""
    winners: str = ""
    rounds: int = 0
    commands: int = 0
    stuck: str = ""


def play_game(players: int, scenario: str, seed: int, max_commands: int = 4000) -> Played:
    record = Played(players=players, scenario=scenario, seed=seed)
    options = {**GAME.options, "scenario": scenario}
    state = GAME.setup(Config(seats=GAME.seat_names(players), options=options), seed)
    lines = record.lines
    lines.append(f"new wotr {players} scenario={scenario}")
    acting, shown = "", -1
    while state.outcome is None and record.commands < max_commands:
        decision = state.decisions[0]
        if state.round != shown:
            if shown == -1:
                for s in state.seats:
                    lines += ([] if s == acting else [f"as {s}"]) + ["hand"]
                    acting = s
            shown = state.round
            if state.round:
                lines += [f"# round {state.round}", "status"]
        if decision.seat != acting:
            lines.append(f"as {decision.seat}")
            acting = decision.seat
        command = Answer(decision=decision.id, choice=choose(state, decision))
        try:
            state, command = chained(state, decision, command)
        except Exception as exc:  # the engine refused the policy: record it and stop
            record.stuck = f"round {state.round}: {command.text()} by {decision.seat}: {exc}"
            break
        lines.append(command.text())
        record.commands += 1
    record.rounds = state.round
    if state.outcome is not None:
        record.reason = state.outcome.reason
        record.winners = ",".join(state.outcome.winners)
        lines += ["status", "log 6"]
    elif not record.stuck:
        record.stuck = f"no result after {max_commands} commands"
    return record


def header(game: Played, path: str) -> list[str]:
    return [
        "# War of the Ring: The Card Game: a whole game played by the autoplay policy",
        "# (tests/engines/wotr/autoplay.py), replayed through the console by",
        "# tests/bot/console/test_wotr_transcripts.py.",
        f"# players: {game.players}",
        f"# scenario: {game.scenario}",
        f"# seed: {game.seed}",
        f"# rounds: {game.rounds}",
        f"# winners: {game.winners}",
        f"# result: {game.reason or game.stuck}",
        f"# generated by: python -m tests.engines.wotr.autoplay --players {game.players} --scenario "
        f"{game.scenario} --seed {game.seed} --out {path}",
        f"# replay: python -m bot play --script {path} --seed {game.seed} --no-images",
    ]


def transcript(game: Played, path: str) -> str:
    return "\n".join([*header(game, path), "", *game.lines]) + "\n"


def replay_header(text: str) -> Played:
    info = parse_header(text)
    return play_game(int(info["players"]), info["scenario"], int(info["seed"]))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.engines.wotr.autoplay")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--scenario", default="trilogy")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--rewrite", nargs="+", type=Path, metavar="FILE")
    parser.add_argument("--count", type=Path, metavar="FILE", help="commands per seat per round of a transcript")
    args = parser.parse_args(argv)
    if args.count:
        print("\n".join(count_table(args.count.read_text(encoding="utf-8"))))
        return 0
    if args.rewrite:
        for path in args.rewrite:
            game = replay_header(path.read_text(encoding="utf-8"))
            path.write_text(transcript(game, shown_path(path)), encoding="utf-8")
            print(f"{path}: {game.reason or game.stuck}")
        return 0
    game = play_game(args.players, args.scenario, args.seed)
    if args.out is not None:
        args.out.write_text(transcript(game, shown_path(args.out)), encoding="utf-8")
    print(f"round {game.rounds}, {game.commands} commands: {game.reason or game.stuck}")
    return 0 if game.reason else 1


if __name__ == "__main__":
    sys.exit(main())
