"""A deterministic "competent player" for the LCG engine, and whole games played by it as console transcripts.

`choose(state, decision)` reads the table (public facts and the seat's own hand, never a deck's order or a
face-down shadow card) and returns the command text that answers one open decision. `play_game` plays a
whole game from a seed with it and records what a person would type at the console (`as <seat>` lines, the
game commands, a few `status`/`hand` lines), so the transcript replays exactly with
`python -m bot play --script FILE --seed S`.

    python -m tests.engines.lcg.autoplay --players 2 --scenario passage-through-mirkwood --seed 7 --out x.txt
    python -m tests.engines.lcg.autoplay --players 1 --search 0-200      # the outcome of every seed
    python -m tests.engines.lcg.autoplay --rewrite tests/bot/console/transcripts/lcg_*.txt   # after a rules change

The policy plays allies and attachments in planning, never plays events or card actions in action windows,
and answers the choices card effects ask for with their first option (a response offered to it is taken).
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field
from pathlib import Path

from engines.core import Card, Config, Decision, DecisionKind, Step
from engines.lcg import GAME
from engines.lcg.combat import SHADOW
from engines.lcg.playing import hosts
from engines.lcg.quest import quest_stat, staging_threat
from engines.lcg.state import DAMAGE, EXHAUSTED, PRISONER, LcgState, Player
from engines.lcg.table import characters, heroes, stat
from tests.engines.transcripts import parse_header, shown_path

# Deck preference by seat (p1 first): four starter decks, so every seat gets distinct heroes.
DECKS = ("core-leadership", "core-tactics", "core-spirit", "core-lore")


# --- reading the table ------------------------------------------------------------------------------------
def hp_left(state: LcgState, card: Card) -> int:
    return stat(state, card, "hit_points") - card.tokens.get(DAMAGE, 0)


def is_ready(card: Card) -> bool:
    return EXHAUSTED not in card.flags


def ready_characters(state: LcgState, player: Player) -> list[Card]:
    return [c for c in characters(player, state) if is_ready(c)]


def is_hero(state: LcgState, card: Card) -> bool:
    return state.card_def(card).type == "hero"


def enemy_def(state: LcgState, enemy: Card) -> int:
    return stat(state, enemy, "defense")


def find(state: LcgState, uid: str) -> Card:
    return state.locate(uid)[1]


def owner_of(state: LcgState, card: Card) -> Player:
    for p in state.players:
        if card in p.play.cards or card in p.engaged.cards:
            return p
    raise KeyError(card.uid)


def has_shadow(enemy: Card) -> bool:
    return any(SHADOW in a.flags for a in enemy.attached)


def damage_taken(state: LcgState, enemy: Card, defender: Card) -> int:
    return max(0, stat(state, enemy, "attack") - stat(state, defender, "defense"))


def survives(state: LcgState, enemy: Card, defender: Card, margin: int) -> bool:
    return hp_left(state, defender) > damage_taken(state, enemy, defender) + margin


def threatening(state: LcgState, player: Player) -> list[Card]:
    """Enemies that will attack `player` this round: engaged ones, and staging ones its threat will draw in."""
    staging = [c for c in state.staging.cards if state.card_def(c).type == "enemy"
               and stat(state, c, "engagement_cost") <= player.threat]
    return sorted([*player.engaged.cards, *staging], key=lambda e: -stat(state, e, "attack"))


# --- planning the quest -----------------------------------------------------------------------------------
def best_defender(state: LcgState, enemy: Card, pool: list[Card]) -> Card | None:
    """The character that blocks `enemy` best and lives: least damage, then the weakest attacker, then allies."""
    alive = [c for c in pool if survives(state, enemy, c, margin=1)]
    if not alive:
        return None
    return min(alive, key=lambda c: (damage_taken(state, enemy, c), stat(state, c, "attack"),
                                     is_hero(state, c), -hp_left(state, c), c.uid))


def commit_choice(state: LcgState, player: Player, options: list[str]) -> list[str]:
    """Keep back a defender for each enemy that will attack, and attackers for the enemies they can destroy;
    quest with everyone else (an enemy left alive attacks every round: worse than a failed quest)."""
    pool = [find(state, uid) for uid in options]
    name = quest_stat(state)
    coming = threatening(state, player)
    defenders: list[Card] = []
    for enemy in coming:
        chosen = best_defender(state, enemy, [c for c in pool if c not in defenders])
        if chosen is not None:
            defenders.append(chosen)
    spare = [c for c in pool if c not in defenders]
    if not coming and len(spare) >= 3:  # nothing known is coming: one guard against what staging brings
        guard = max(spare, key=lambda c: (stat(state, c, "defense") - stat(state, c, name), hp_left(state, c),
                                          c.uid))
        if stat(state, guard, "defense") >= 2 and stat(state, guard, name) <= 1:
            defenders.append(guard)
    # Enough willpower first for this player's share of the staging area and about one card revealed: a failed
    # quest's threat is what ends most games, and an enemy can wait a round.
    target = -(-staging_threat(state) // len(state.players)) + 2
    questers: list[Card] = []
    for c in sorted([c for c in pool if c not in defenders and stat(state, c, name) > 0],
                    key=lambda c: (-stat(state, c, name), stat(state, c, "attack"), c.uid)):
        if sum(stat(state, q, name) for q in questers) >= target:
            break
        questers.append(c)
    attackers: list[Card] = []
    for enemy in sorted(coming, key=lambda e: (enemy_def(state, e) + hp_left(state, e), e.uid)):
        need = enemy_def(state, enemy) + hp_left(state, enemy)
        hitters = sorted([c for c in pool if c not in defenders and c not in attackers and c not in questers
                          and stat(state, c, "attack") > 0],
                         key=lambda c: (stat(state, c, name) - stat(state, c, "attack"), -stat(state, c, "attack"),
                                        c.uid))
        if sum(stat(state, c, "attack") for c in hitters) < need:
            continue
        total = 0
        for c in hitters:
            if total >= need:
                break
            attackers.append(c)
            total += stat(state, c, "attack")
    commit = [c for c in pool if c not in defenders and c not in attackers and stat(state, c, name) > 0]
    return [c.uid for c in pool if c in commit]


# --- planning: what to play ---------------------------------------------------------------------------------
def plan_choice(state: LcgState, player: Player, options: list[str]) -> str:
    cards = [find(state, uid) for uid in options if uid != "pass"]
    allies = [c for c in cards if state.card_def(c).type == "ally"]
    if allies:
        return max(allies, key=lambda c: (state.card_def(c).cost or 0, state.card_def(c).willpower, c.uid)).uid
    in_hand = [c for c in player.hand.cards if state.card_def(c).type == "ally"]
    for card in sorted([c for c in cards if state.card_def(c).type == "attachment"], key=lambda c: c.uid):
        d = state.card_def(card)
        sphere = d.sphere or "neutral"
        if any((state.card_def(a).sphere or "neutral") in (sphere, "neutral") for a in in_hand):
            continue  # save the resources for an ally of that sphere
        if attachment_host(state, player, card) is not None:
            return card.uid
    return "pass"


def attachment_host(state: LcgState, player: Player, card: Card) -> Card | None:
    """Among the legal hosts (the engine's, by the card's `attach_to`): an enemy engaged with this player (else
    any), the first location, or the least-loaded of this player's own heroes, of the card's sphere if any."""
    d = state.card_def(card)
    legal = hosts(state, player, card)
    enemies = [c for c in legal if state.card_def(c).type in ("enemy", "ship_enemy")]
    if enemies:
        return next((c for c in player.engaged.cards if c in enemies), enemies[0])
    locations = [c for c in legal if state.card_def(c).type == "location"]
    if locations:
        return locations[0]
    own = [h for h in heroes(player, state) if h in legal]
    if d.has("Restricted"):
        own = [h for h in own if sum(1 for a in h.attached if state.card_def(a).has("Restricted")) < 2]
    if not own:
        return None
    same = [h for h in own if state.card_def(h).sphere == d.sphere] or own
    return min(same, key=lambda h: (len(h.attached), h.uid))


def pay_choice(state: LcgState, decision: Decision) -> list[str]:
    """Take the price from the richest heroes first, keeping resources spread out."""
    pool = {o.id: o.cap or 0 for o in decision.options}
    taken = dict.fromkeys(pool, 0)
    for _ in range(decision.amount):
        uid = max(pool, key=lambda u: (pool[u] - taken[u], u))
        taken[uid] += 1
    return [f"{u}={n}" for u, n in taken.items() if n]


# --- travel and engagement ------------------------------------------------------------------------------------
def travel_choice(state: LcgState, options: list[str]) -> str:
    places = [find(state, uid) for uid in options if uid != "stay"]

    def worth(c: Card) -> tuple[int, int, str]:
        return (2 * stat(state, c, "threat") - stat(state, c, "quest_points"), stat(state, c, "threat"), c.uid)

    best = max(places, key=worth, default=None)
    if "stay" not in options and best is not None:  # The East Bight: the players must travel there
        return best.uid
    if best is None or 2 * stat(state, best, "threat") < stat(state, best, "quest_points"):
        return "stay"
    return best.uid


def can_handle(state: LcgState, player: Player, enemy: Card) -> bool:
    """A ready defender who lives through its attack, and enough other attack to destroy it this round."""
    pool = ready_characters(state, player)
    for other in player.engaged.cards:  # enemies already engaged take their own defenders
        guard = best_defender(state, other, pool)
        if guard is None:
            return False
        pool.remove(guard)
    guard = best_defender(state, enemy, pool)
    if guard is None:
        return False
    pool.remove(guard)
    return sum(stat(state, c, "attack") for c in pool) - enemy_def(state, enemy) >= hp_left(state, enemy)


def engage_choice(state: LcgState, player: Player, options: list[str]) -> str:
    enemies = [find(state, uid) for uid in options if uid != "pass"]
    good = [e for e in enemies if can_handle(state, player, e)]
    if not good:
        return "pass"
    return max(good, key=lambda e: (stat(state, e, "threat"), -stat(state, e, "attack"), e.uid)).uid


# --- combat --------------------------------------------------------------------------------------------------
def defend_choice(state: LcgState, enemy: Card, options: list[str]) -> str:
    pool = [find(state, uid) for uid in options if uid != "undefended"]
    margin = 1 if has_shadow(enemy) else 0
    alive = [c for c in pool if survives(state, enemy, c, margin)]
    if alive:
        return min(alive, key=lambda c: (damage_taken(state, enemy, c), stat(state, c, "attack"),
                                         is_hero(state, c), -hp_left(state, c), c.uid)).uid
    player = owner_of(state, enemy)
    power = stat(state, enemy, "attack") + margin
    sturdy = [h for h in heroes(player, state) if PRISONER not in h.flags]
    hero_lives = any(hp_left(state, h) > power for h in sturdy)
    chumps = [c for c in pool if not is_hero(state, c)]
    if chumps and (power >= 3 or not hero_lives):
        return min(chumps, key=lambda c: (state.card_def(c).cost or 0, c.uid)).uid
    return "undefended"


def sentinel_choice(state: LcgState, enemy: Card, options: list[str]) -> str:
    pool = [find(state, uid) for uid in options if uid != "no"]
    alive = [c for c in pool if survives(state, enemy, c, 1 if has_shadow(enemy) else 0)
             and damage_taken(state, enemy, c) <= 1]
    if not alive:
        return "no"
    return min(alive, key=lambda c: (damage_taken(state, enemy, c), c.uid)).uid


def undefended_choice(state: LcgState, options: list[str]) -> str:
    return max((find(state, uid) for uid in options), key=lambda h: (hp_left(state, h), h.uid)).uid


def attackers_for(state: LcgState, player: Player, enemy: Card) -> list[Card]:
    own = enemy in player.engaged.cards
    return [c for c in ready_characters(state, player) if own or state.card_def(c).has("Ranged")]


def strike(state: LcgState, player: Player, enemy: Card) -> tuple[bool, list[Card]]:
    """Whether `player` can destroy `enemy` now, and the attackers to send: the fewest, strongest first, that
    kill it, or (when it cannot die this round) all who get through its defense, to wear it down."""
    pool = sorted(attackers_for(state, player, enemy), key=lambda c: (-stat(state, c, "attack"), c.uid))
    need = enemy_def(state, enemy) + hp_left(state, enemy)
    if sum(stat(state, c, "attack") for c in pool) >= need:
        chosen: list[Card] = []
        for c in pool:
            if sum(stat(state, x, "attack") for x in chosen) >= need:
                break
            chosen.append(c)
        return True, chosen
    return False, [c for c in pool if stat(state, c, "attack") > 0]


def attack_choice(state: LcgState, player: Player, options: list[str]) -> str:
    """Destroy what can be destroyed, the most dangerous first; then wear an enemy down (one's own first, or
    another player's with Ranged): after the enemies' attacks nothing needs the ready characters until they
    ready again."""
    targets = [find(state, uid) for uid in options if uid != "pass"]
    kills = [e for e in targets if strike(state, player, e)[0]]
    if kills:
        return max(kills, key=lambda e: (stat(state, e, "attack") + stat(state, e, "threat"), e.uid)).uid

    def dent(e: Card) -> int:
        return sum(stat(state, c, "attack") for c in strike(state, player, e)[1]) - enemy_def(state, e)

    hurt = [e for e in targets if dent(e) > 0]
    if hurt:
        return min(hurt, key=lambda e: (e not in player.engaged.cards, hp_left(state, e) - dent(e), e.uid)).uid
    return "pass"


def archery_choice(state: LcgState, decision: Decision) -> list[str]:
    """One point at a time to whoever has the most hit points left (allies before heroes on a tie)."""
    cards = [find(state, o.id) for o in decision.options]
    taken = {c.uid: 0 for c in cards}
    for _ in range(decision.amount):
        c = max(cards, key=lambda c: (hp_left(state, c) - taken[c.uid], not is_hero(state, c), c.uid))
        taken[c.uid] += 1
    return [f"{u}={n}" for u, n in taken.items() if n]


def spider_choice(state: LcgState, options: list[str]) -> str:
    """Don't Leave the Path!: the game is won only by defeating Ungoliant's Spawn, so bring it out if it is not
    in play yet; otherwise add the weakest Spider."""
    cards = [find(state, uid) for uid in options]
    spawn_in_play = any(c.name == "Ungoliant's Spawn" for z in [state.staging, *[p.engaged for p in state.players]]
                        for c in z.cards)
    if not spawn_in_play:
        spawn = next((c for c in cards if c.name == "Ungoliant's Spawn"), None)
        if spawn is not None:
            return spawn.uid
    return min(cards, key=lambda c: (stat(state, c, "attack") + stat(state, c, "threat"), c.uid)).uid


# --- the policy ------------------------------------------------------------------------------------------------
def choose(state: LcgState, decision: Decision, decks: tuple[str, ...] = DECKS) -> str:
    """The command text answering `decision` (which must be open in `state`). `decks` is the deck wanted by
    each seat in order (a seat whose deck is taken, or whose heroes clash, takes the next one free)."""
    context = decision.context
    kind = context.split(":", 1)[0]
    ids = [o.id for o in decision.options]
    player = state.player(decision.seat)

    def answer(*choice: str) -> str:
        return " ".join(["answer", str(decision.id), *(choice or ("none",))])

    if kind == "deck":
        order = list(decks[state.seats.index(decision.seat):]) + list(decks) + list(DECKS)
        return f"deck {next(k for k in order if k in ids)}"
    if kind == "vote":
        return answer(state.seats[0])
    if kind == "mulligan":
        allies = [c for c in player.hand.cards if state.card_def(c).type == "ally"]
        cheap = [c for c in allies if (state.card_def(c).cost or 0) <= 3]
        return answer("keep" if len(allies) >= 2 or cheap else "mulligan")
    if kind == "plan":
        choice = plan_choice(state, player, ids)
        return answer("pass") if choice == "pass" else f"play {choice}"
    if kind == "pay":
        return answer(*pay_choice(state, decision))
    if kind == "host":
        card = next(c for c in state.resolving.cards if c.uid == context.split(":")[1])
        host = attachment_host(state, player, card)
        return answer(host.uid if host is not None and host.uid in ids else ids[0])
    if kind == "join":  # keep Ranged characters ready to defend their own player rather than join
        return answer()
    if kind == "restricted":
        return answer(ids[0])
    if kind == "window":
        return answer("pass")
    if kind == "commit":
        return answer(*commit_choice(state, player, ids))
    if kind == "travel":
        return answer(travel_choice(state, ids))
    if kind == "engage":
        return answer(engage_choice(state, player, ids))
    if kind == "ec-tie":
        return answer(min(ids, key=lambda u: (stat(state, find(state, u), "attack"), u)))
    if kind == "archery":
        return answer(*archery_choice(state, decision))
    if kind == "next-attacker":
        return answer(max(ids, key=lambda u: (stat(state, find(state, u), "attack"), u)))
    if kind == "defend":
        return answer(defend_choice(state, find(state, context.split(":")[1]), ids))
    if kind == "sentinel":
        return answer(sentinel_choice(state, find(state, context.split(":")[1]), ids))
    if kind == "undefended":
        return answer(undefended_choice(state, ids))
    if kind == "attack":
        return answer(attack_choice(state, player, ids))
    if kind == "attackers":
        enemy = find(state, context.split(":")[1])
        return answer(*[c.uid for c in strike(state, player, enemy)[1]] or ids[:1])
    if kind == "spider":
        return answer(spider_choice(state, ids))
    # Anything new: the first option (or nothing, where nothing is allowed).
    if decision.kind is DecisionKind.CHOOSE_MANY:
        return answer(*ids[:decision.low])
    return answer(ids[0])


# What a player says together with the answer that asks it, as a chained command (`play c23 then h1=2 h2=1`):
# a play's payment and its attachment's host, the next card of the same planning turn (or the pass that ends
# it), an attack's attackers. Only while nothing hidden is revealed in between (a drawn card, a shadow card):
# the player knows every answer before typing.
CHAINS = {"plan": ("pay", "host", "plan"), "pay": ("host", "plan"), "host": ("plan",), "window": ("pay", "host"),
          "attack": ("attackers",)}


def chained(state: LcgState, seat: str, command: str, decks: tuple[str, ...] = DECKS) -> tuple[Step[LcgState], str]:
    """Apply the policy's command; while the seat's next question is one of CHAINS and follows at once with
    nothing revealed, add its answer to the command. The step the whole command makes, and its text."""
    asked = min(state.decisions, key=lambda d: d.id)
    step = GAME.apply(state, seat, GAME.parse(command))
    opened, steps = state.next_decision, [command]
    while not step.barrier and step.state.outcome is None:
        new = [d for d in step.state.decisions if d.seat == seat and d.id >= opened]
        if len(new) != 1 or new[0].context.split(":")[0] not in CHAINS.get(asked.context.split(":")[0], ()):
            break
        asked, opened = new[0], step.state.next_decision
        words = choose(step.state, asked, decks).split()
        said = words[1:] if words[0] == "play" else words[2:]  # the bare answer: a card, a payment, ...
        longer = " then ".join([*steps, " ".join(said)])
        try:
            whole = GAME.apply(state, seat, GAME.parse(longer))
        except Exception:  # the rules take it only one question at a time: stop chaining here
            break
        steps.append(" ".join(said))
        step = whole
    return step, " then ".join(steps)


def next_move(state: LcgState, decks: tuple[str, ...] = DECKS) -> tuple[str, str] | None:
    """(seat, command) for the oldest open decision, or None when nothing is open."""
    if not state.decisions:
        return None
    decision = min(state.decisions, key=lambda d: d.id)
    return decision.seat, choose(state, decision, decks)


# --- whole games and transcripts -----------------------------------------------------------------------------
@dataclass
class Played:
    players: int
    scenario: str
    difficulty: str
    seed: int
    decks: tuple[str, ...] = DECKS  # wanted, in seat order; `chosen` is what each seat took
    chosen: tuple[str, ...] = ()
    lines: list[str] = field(default_factory=list)  # the console transcript body (no header)
    won: bool | None = None  # None: unfinished
    reason: str = ""
    rounds: int = 0
    commands: int = 0
    eliminated: list[str] = field(default_factory=list)  # "p2 in round 6 (no heroes left)"
    stuck: str = ""  # why the game could not go on, if it could not

    @property
    def outcome(self) -> str:
        return {True: "victory", False: "defeat", None: "unfinished"}[self.won]


def new_game(players: int, scenario: str, difficulty: str, seed: int) -> LcgState:
    """The state the console's `new lcg N scenario=... difficulty=...` starts from with `--seed seed`."""
    options = {**GAME.options, "scenario": scenario, "difficulty": difficulty}
    return GAME.setup(Config(seats=GAME.seat_names(players), options=options), seed)


def play_game(players: int, scenario: str = "passage-through-mirkwood", difficulty: str = "standard",
              seed: int = 1, decks: tuple[str, ...] = DECKS, max_commands: int = 5000) -> Played:
    """Play one game with the policy; record the console transcript that replays it."""
    record = Played(players=players, scenario=scenario, difficulty=difficulty, seed=seed, decks=decks)
    state = new_game(players, scenario, difficulty, seed)
    lines = record.lines
    lines.append(f"new lcg {players} scenario={scenario} difficulty={difficulty}")
    acting = ""
    shown_round = 0
    while state.outcome is None and record.commands < max_commands:
        move = next_move(state, decks)
        if move is None:
            record.stuck = f"round {state.round}, {state.phase} phase: the game waits on nobody"
            break
        seat, command = move
        if state.round != shown_round:  # a new round: a look at the table (and, before the first, every hand)
            if shown_round == 0:
                for s in state.seats:
                    lines += ([] if s == acting else [f"as {s}"]) + ["hand"]
                    acting = s
            shown_round = state.round
            lines += [f"# round {state.round}", "status"]
        if seat != acting:
            lines.append(f"as {seat}")
            acting = seat
        try:
            step, command = chained(state, seat, command, decks)
        except Exception as exc:  # the engine refused the policy, or broke: record it and stop
            record.stuck = (f"round {state.round}, {state.phase} phase: {command!r} by {seat}: "
                            f"{type(exc).__name__}: {exc}")
            break
        state = step.state
        record.eliminated += [f"{e.text.split(' is eliminated ')[0]} in round {state.round} "
                              f"{e.text.split(' is eliminated ')[1].rstrip('.')}"
                              for e in step.events if " is eliminated (" in e.text]
        lines.append(command)
        record.commands += 1
    record.rounds = state.round
    record.chosen = tuple(p.deck_key for p in state.players)
    if state.outcome is not None:
        record.won = bool(state.outcome.winners)
        record.reason = state.outcome.reason
        lines += ["status", "log 8"]
    elif not record.stuck:
        record.stuck = f"no result after {max_commands} commands (round {state.round})"
    return record


def command_line(game: Played, out: str) -> str:
    return (f"python -m tests.engines.lcg.autoplay --players {game.players} --scenario {game.scenario} "
            f"--difficulty {game.difficulty} --seed {game.seed} --decks {','.join(game.chosen)} --out {out}")


def header(game: Played, path: str = "<this file>") -> list[str]:
    lines = [
        "# The Lord of the Rings: The Card Game: a whole game played by the autoplay policy",
        "# (tests/engines/lcg/autoplay.py), replayed through the console by",
        "# tests/bot/console/test_lcg_transcripts.py.",
        f"# players: {game.players}",
        f"# scenario: {game.scenario}",
        f"# difficulty: {game.difficulty}",
        f"# seed: {game.seed}",
        f"# decks: {','.join(game.chosen)}",
        f"# expected: {game.outcome} in round {game.rounds}",
        f"# result: {game.reason or game.stuck}",
    ]
    if game.eliminated:
        lines.append(f"# eliminated: {'; '.join(game.eliminated)}")
    return [*lines,
            f"# generated by: {command_line(game, path)}",
            f"# replay: python -m bot play --script {path} --seed {game.seed} --no-images"]


def transcript(game: Played, path: str = "<this file>") -> str:
    return "\n".join([*header(game, path), "", *game.lines]) + "\n"


def replay_header(text: str) -> Played:
    """Play again the game a transcript's header describes."""
    info = parse_header(text)
    return play_game(int(info["players"]), info["scenario"], info["difficulty"], int(info["seed"]),
                     tuple(info["decks"].split(",")))


def _seeds(text: str) -> range:
    low, _, high = text.partition("-")
    return range(int(low), int(high or low) + 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.engines.lcg.autoplay",
                                     description="Play LCG games with the autoplay policy and write transcripts.")
    parser.add_argument("--players", type=int, default=1)
    parser.add_argument("--scenario", default="passage-through-mirkwood")
    parser.add_argument("--difficulty", default="standard")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--decks", default=",".join(DECKS), help="the deck each seat wants, in seat order")
    parser.add_argument("--out", type=Path, help="write the transcript of the game here")
    parser.add_argument("--search", metavar="LOW-HIGH", help="play every seed in LOW-HIGH and print each outcome")
    parser.add_argument("--rewrite", nargs="+", type=Path, metavar="FILE",
                        help="play again the game in each transcript's header and rewrite the file")
    args = parser.parse_args(argv)
    decks = tuple(args.decks.split(","))
    if args.rewrite:
        status = 0
        for path in args.rewrite:
            text = path.read_text(encoding="utf-8")
            expected = parse_header(text).get("expected", "").split(" ")[0]
            game = replay_header(text)
            path.write_text(transcript(game, shown_path(path)), encoding="utf-8")
            note = "" if game.outcome == expected else f"  <- was {expected}: find another seed with --search"
            status |= int(bool(note))
            print(f"{path}: {game.outcome} in round {game.rounds}{note}")
        return status
    if args.search:
        for seed in _seeds(args.search):
            game = play_game(args.players, args.scenario, args.difficulty, seed, decks)
            gone = f" [eliminated: {'; '.join(game.eliminated)}]" if game.eliminated else ""
            print(f"seed {seed}: {game.outcome} in round {game.rounds} ({game.commands} commands) "
                  f"{game.reason or game.stuck}{gone}", flush=True)
        return 0
    game = play_game(args.players, args.scenario, args.difficulty, args.seed, decks)
    if args.out is not None:
        args.out.write_text(transcript(game, shown_path(args.out)), encoding="utf-8")
    print(f"{game.outcome} in round {game.rounds} ({game.commands} commands): {game.reason or game.stuck}")
    return 0 if game.won is not None else 1


if __name__ == "__main__":
    sys.exit(main())
