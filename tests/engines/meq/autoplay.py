"""A simple, deterministic Middle-earth Quest policy that plays whole games and writes console transcripts.

Sauron spreads influence toward the heroes from his Strongholds (banking up to two in the Shadow Pool), draws
when his hands run dry, plays every Plot he can afford with its marker far from the heroes, and commands
monsters and minions toward the nearest hero; in combat each side commits its strongest card its strength
still pays for. A hero heads for what the map offers (favor, characters, Plot markers it can pay to discard),
for a Haven when badly hurt, keeps two cards in hand when it travels, rests when its rest pool is full or it
is worn, and explores what it finds. It is no champion; it makes real games end, through the Finale.

    python -m tests.engines.meq.autoplay --players 3 --seed 1 --out FILE
    python -m tests.engines.meq.autoplay --rewrite tests/bot/console/transcripts/meq_*.txt
    python -m tests.engines.meq.autoplay --count tests/bot/console/transcripts/meq_3p.txt
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field
from pathlib import Path

from engines.core import Answer, Config, Decision, DecisionKind
from engines.meq import GAME, rules, stock
from engines.meq.cards import index
from engines.meq.sauron import move_targets
from engines.meq.state import Hero, MeqState
from engines.meq.tokens import token_targets
from engines.meq.travel import move_cost
from tests.engines.transcripts import count_table, parse_header, shown_path

KEEP_IN_HAND = 2  # a hero never travels below this many cards in hand: combat needs them
MOVES_PER_TURN = 2  # and moves at most this often in one turn


# --- the map as the policy reads it ------------------------------------------------------------------------


def hero_distance(state: MeqState, loc: str) -> int:
    """Paths from `loc` to the nearest hero (a large number if none can be reached)."""
    dist = state.map.distances(loc)
    return min((dist.get(h.at, 99) for h in state.heroes), default=99)


def nearest_to_heroes(state: MeqState, locs: list[str]) -> str:
    tables = [state.map.distances(h.at) for h in state.heroes]
    return min(locs, key=lambda loc: (min(t.get(loc, 99) for t in tables), state.influence.get(loc, 0), loc))


def farthest_from_heroes(state: MeqState, locs: list[str]) -> str:
    tables = [state.map.distances(h.at) for h in state.heroes]
    return max(locs, key=lambda loc: (min(t.get(loc, 99) for t in tables), loc))


def piece_at(state: MeqState, piece: str) -> str:
    return state.token_at[piece] if piece in state.token_at else state.minion(piece).at


# --- Sauron --------------------------------------------------------------------------------------------------


def sauron_action(state: MeqState, ids: list[str]) -> str:
    """A Shadow card when one fits; else draw when a hand is empty, command when a piece can reach a hero,
    and place influence otherwise."""
    shadows = [i for i in ids if i.startswith("shadow:")]
    if shadows:
        return shadows[0]
    pieces = [piece_at(state, c.uid) for c in state.tokens.cards] + [m.at for m in state.minions if m.status == "in"]
    wanted = []
    if not state.plot_hand.cards:
        wanted.append("draw")
    if any(0 < hero_distance(state, loc) <= 2 for loc in pieces):
        wanted.append("command")
    wanted += ["influence", "command", "draw"]
    return next((w for w in wanted if w in ids), "pass")


def sauron_command(state: MeqState, ids: list[str]) -> str:
    """Move a piece that gets closer to a hero; else bring out a token near one; else stop."""
    best: tuple[int, str] | None = None
    for i in ids:
        if not i.startswith("move:"):
            continue
        piece = i.split(":", 1)[1]
        here = piece_at(state, piece)
        now = hero_distance(state, here)
        if now == 0:
            continue
        gain = now - min(hero_distance(state, t) for t in move_targets(state, piece))
        if gain > 0 and (best is None or (-gain, i) < (-best[0], best[1])):
            best = (gain, i)
    if best is not None:
        return best[1]
    places = [i for i in ids if i.startswith("place:")]
    if places:
        return min(places, key=lambda i: (min(hero_distance(state, t) for t in token_targets(state, i[6:])), i))
    heals = [i for i in ids if i.startswith("heal:")]
    return heals[0] if heals else "pass"


def sauron_attack(state: MeqState, ids: list[str]) -> str:
    """A minion first, then a token, and Peril only when nothing stands there."""
    minions = [i for i in ids if i in index().foes]
    tokens = [i for i in ids if i in state.token_at]
    return (minions or tokens or ids)[0]


# --- heroes --------------------------------------------------------------------------------------------------


def card_value(state: MeqState, ref: str) -> int:
    card = index().combat[ref]
    return card.attack * 2 + card.defense


def weakest(state: MeqState, hero: Hero, uids: list[str], n: int) -> list[str]:
    refs = {c.uid: c.ref for c in hero.hand.cards}
    return sorted(uids, key=lambda u: (card_value(state, refs[u]), u))[:n]


def worn(state: MeqState, hero: Hero) -> bool:
    return stock.count(state, stock.damage(hero)) >= 6 or stock.count(state, stock.life(hero)) < 6


def goal(state: MeqState, hero: Hero) -> str | None:
    """Where the hero heads: a Haven when worn; else the best prize for its distance (favor on the map,
    characters to consult, Plot markers it can pay to discard), never a perilous place."""
    dist = state.map.distances(hero.at)
    if worn(state, hero):
        havens = rules.nearest_havens(state, hero.at)
        return havens[0] if havens else None
    prizes: dict[str, int] = {}
    for loc, n in state.favor_at.items():
        prizes[loc] = prizes.get(loc, 0) + 3 * n
    for char, loc in state.characters.items():
        prizes[loc] = prizes.get(loc, 0) + 3 + index().characters[char].value
    for card in state.plots.cards:
        loc = state.plot_at.get(card.uid, "")
        if loc and hero.favor >= index().plots[card.ref].favor:
            prizes[loc] = prizes.get(loc, 0) + 8
    scored = [(value - 2 * dist.get(loc, 99), loc) for loc, value in prizes.items()
              if loc in dist and (loc == hero.at or not rules.perilous(state, loc, hero))]
    scored = [s for s in scored if s[0] > -6]
    return max(scored)[1] if scored else None


def travel_choice(state: MeqState, hero: Hero, ids: list[str], moves: int) -> str:
    target = goal(state, hero)
    if target == hero.at and "explore" in ids:
        return "explore"
    if target is not None and target != hero.at and moves < MOVES_PER_TURN:
        to_goal = state.map.distances(target)
        steps = [i for i in ids if i.startswith("move:")]
        fits = []
        for i in steps:
            dest = i.split(":", 1)[1]
            icon, n = move_cost(state, hero, dest)
            matching = icon == "any" or any(index().combat[c.ref].icon == icon for c in hero.hand.cards)
            left = len(hero.hand.cards) - (1 if matching else n)
            if left >= KEEP_IN_HAND and to_goal.get(dest, 99) < to_goal.get(hero.at, 99):
                risky = dest != target and (rules.perilous(state, dest, hero) or bool(state.minions_at(dest)))
                fits.append((risky, to_goal[dest], dest, i))
        if fits:
            return min(fits)[3]
    if "explore" in ids and moves == 0:
        return "explore"
    return "pass"


def explore_choice(state: MeqState, ids: list[str]) -> str:
    for prefix in ("complete:", "plot:", "favor", "consult:"):
        found = [i for i in ids if i.startswith(prefix) and not i.endswith(":ability")]
        if found:
            return found[0]
    return "pass"


def pay_choice(state: MeqState, hero: Hero, ids: list[str]) -> str:
    cards = [i for i in ids if i != "any"]
    return weakest(state, hero, cards, 1)[0] if cards else "any"


def commit_choice(state: MeqState, d: Decision, side: str) -> str:
    """The strongest card the remaining strength pays for, else exhaustion."""
    c = state.combat
    assert c is not None
    stack = c.hero_stack if side == "hero" else c.foe_stack
    limit = c.hero_strength if side == "hero" else c.strength
    left = limit - sum(index().combat[x.ref].cost for x in stack.cards)
    hand = state.hero(c.hero).hand if side == "hero" else c.foe_hand
    refs = {x.uid: x.ref for x in hand.cards}
    fits = [(card_value(state, refs[o.id]), o.id) for o in d.options
            if o.id in refs and index().combat[refs[o.id]].cost <= left]
    return max(fits)[1] if fits else "exhaust"


# --- every decision ------------------------------------------------------------------------------------------


@dataclass
class Memory:
    """What the policy remembers across decisions: the moves each hero made in its current turn."""

    moves: dict[tuple[int, int, str], int] = field(default_factory=dict)


def choose(state: MeqState, d: Decision, memory: Memory) -> tuple[str, ...]:
    ids = [o.id for o in d.options]
    head, *args = d.context.split(":")
    hero = state.hero_of(d.seat)
    if head == "action":
        return (sauron_action(state, ids),)
    if head == "place":
        return (nearest_to_heroes(state, [i for i in ids if i != "stop"]),)
    if head in ("token_at", "move_to", "arrive_at"):
        return (nearest_to_heroes(state, ids),)
    if head == "plot_at":
        return (farthest_from_heroes(state, ids),)
    if head == "command":
        return (sauron_command(state, ids),)
    if head == "plot":
        plays = [i for i in ids if i.startswith("play:")]
        return (plays[0] if plays else "pass",)
    if head == "keep_plot":  # the cheapest Plot: it is played soonest
        plots = {c.uid: index().plots[c.ref] for c in state.plot_drawn.cards}
        return (min(ids, key=lambda u: (plots[u].influence, -plots[u].advance, u)),)
    if head == "shadow":
        return (next((i for i in ids if i != "pass"), "pass"),)
    if head == "attack":
        return (sauron_attack(state, ids),)
    if head == "commit":
        return (commit_choice(state, d, args[0]),)
    if hero is not None:
        answer = hero_choice(state, d, hero, head, ids, memory)
        if answer is not None:
            return answer
    if d.kind is DecisionKind.NUMBER:
        return (str(d.high),)
    if d.kind is DecisionKind.CHOOSE_MANY:
        return tuple(ids[: d.low])
    if d.kind is DecisionKind.ORDER:
        return tuple(ids)
    return ("pass",) if "pass" in ids and d.kind is DecisionKind.ACT_OR_PASS else (ids[0],)


def hero_choice(state: MeqState, d: Decision, hero: Hero, head: str, ids: list[str],
                memory: Memory) -> tuple[str, ...] | None:
    """A hero's answers; None leaves the decision to the generic defaults."""
    if head == "travel":
        key = (state.round, state.hero_turns, hero.key)
        pick = travel_choice(state, hero, ids, memory.moves.get(key, 0))
        if pick.startswith("move:"):
            memory.moves[key] = memory.moves.get(key, 0) + 1
        return (pick,)
    if head == "rest":
        on_haven = state.map.location(hero.at).haven
        tired = len(hero.rest.cards) >= 4 or worn(state, hero)
        hurt = on_haven and stock.count(state, stock.damage(hero)) > 0
        return ("rest" if hurt or (tired and hero.rest.cards) else "pass",)
    if head == "explore":
        return (explore_choice(state, ids),)
    if head in ("pay",):
        return (pay_choice(state, hero, ids),)
    if head in ("pay_any", "dmg_hand"):
        return tuple(weakest(state, hero, ids, d.low))
    if head == "agility":  # draw up to five cards in hand; the rest of agility adds strength
        return (str(min(d.high, max(0, 5 - len(hero.hand.cards)))),)
    if head == "draw":  # no hand limit, but a life pool drawn dry leaves nothing to rest back
        return (str(min(d.high, max(0, 8 - len(hero.hand.cards)))),)
    if head == "dmg_life":  # damage from the life pool: the hand stays for the fight
        return (str(d.high),)
    if head == "haven_fight":
        return ("pass",)
    if head == "pay_corruption":
        return (next((i for i in ids if i != "pass"), "pass"),)
    if head == "loss":
        return ("favor",) if "favor" in ids else (ids[0],)
    if head == "champion":
        def cards(key: str) -> int:
            h = state.hero(key)
            return len(h.hand.cards) + rules.attribute(state, h, "strength")
        return (max(ids, key=lambda k: (cards(k), k)),)
    return None


# --- a whole game ----------------------------------------------------------------------------------------------


@dataclass
class Played:
    players: int
    seed: int
    lines: list[str] = field(default_factory=list)
    reason: str = ""
    winners: str = ""
    rounds: int = 0
    commands: int = 0
    stuck: str = ""


def play_game(players: int, seed: int, max_commands: int = 6000) -> Played:
    record = Played(players=players, seed=seed)
    state = GAME.setup(Config(seats=GAME.seat_names(players), options=dict(GAME.options)), seed)
    memory = Memory()
    lines = record.lines
    lines.append(f"new meq {players}")
    acting, shown = "", -1
    while state.outcome is None and record.commands < max_commands:
        decision = state.decisions[0]
        if state.round != shown:
            if shown == -1:
                for s in state.seats:
                    lines += ([] if s == acting else [f"as {s}"]) + ["hand"]
                    acting = s
            shown = state.round
            lines += [f"# round {state.round}", "status"]
        if decision.seat != acting:
            lines.append(f"as {decision.seat}")
            acting = decision.seat
        command = Answer(decision=decision.id, choice=choose(state, decision, memory))
        try:
            state = GAME.apply(state, decision.seat, command).state
        except Exception as exc:  # the engine refused the policy: record it and stop
            record.stuck = f"round {state.round}: {command.text()} by {decision.seat}: {exc}"
            break
        lines.append(command.text())
        record.commands += 1
    record.rounds = state.round
    if state.outcome is not None:
        record.reason = state.outcome.reason
        record.winners = ",".join(state.outcome.winners)
        lines += ["status", "log 8"]
    elif not record.stuck:
        record.stuck = f"no result after {max_commands} commands"
    return record


def header(game: Played, path: str) -> list[str]:
    return [
        "# Middle-earth Quest: a whole game played by the autoplay policy (tests/engines/meq/autoplay.py),",
        "# replayed through the console by tests/bot/console/test_meq_transcripts.py.",
        f"# players: {game.players}",
        f"# seed: {game.seed}",
        f"# rounds: {game.rounds}",
        f"# winners: {game.winners}",
        f"# result: {game.reason or game.stuck}",
        f"# generated by: python -m tests.engines.meq.autoplay --players {game.players} --seed {game.seed} "
        f"--out {path}",
        f"# replay: python -m bot play --script {path} --seed {game.seed} --no-images",
    ]


def transcript(game: Played, path: str) -> str:
    return "\n".join([*header(game, path), "", *game.lines]) + "\n"


def replay_header(text: str) -> Played:
    info = parse_header(text)
    return play_game(int(info["players"]), int(info["seed"]))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.engines.meq.autoplay")
    parser.add_argument("--players", type=int, default=3)
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
    game = play_game(args.players, args.seed)
    if args.out is not None:
        args.out.write_text(transcript(game, shown_path(args.out)), encoding="utf-8")
    print(f"round {game.rounds}, {game.commands} commands: {game.reason or game.stuck}")
    return 0 if game.reason else 1


if __name__ == "__main__":
    sys.exit(main())
