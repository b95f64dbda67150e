"""What an organizer and the teams do to a tournament: create it, register teams (deck legality, C 15.3.2),
pair, start and re-pair rounds, record and correct results, drop teams. Each function returns a new
tournament and never changes its argument; bad input raises a RuleError that says what to fix.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.core import Rng, RuleError, clone
from engines.tournament import scoring
from engines.tournament.model import (
    EXTENDED,
    FORMATS,
    LIMITED,
    MAX_HEROES,
    MAX_MINUTES,
    MIN_DECK,
    MIN_MINUTES,
    Match,
    Player,
    Result,
    Round,
    Team,
    Tournament,
)
from engines.tournament.pairing import Pair, choose_bye, random_pairs, swiss_pairs

NOT_RECOMMENDED = ("escape-from-dol-guldur",)  # C 15.3.1: too hard for a race (of the scenarios we ship)


def create(
    name: str, *, organizer: int, seed: int, fmt: str = LIMITED, minutes: int = 45,
    scenarios: Sequence[str] = (), rounds: int = 3,
) -> Tournament:
    if not name.strip():
        raise RuleError("A tournament needs a name.")
    if fmt not in FORMATS:
        raise RuleError(f"The format is limited or extended, not '{fmt}'.")  # C 15.3.2
    if not MIN_MINUTES <= minutes <= MAX_MINUTES:  # C 15.3.3
        raise RuleError(f"Each team has {MIN_MINUTES} to {MAX_MINUTES} minutes on the clock, not {minutes}.")
    if not scenarios:
        raise RuleError("Advertise a pool of at least one scenario.")  # C 15.3.1
    if rounds < 1:
        raise RuleError("A tournament has at least one round.")
    return Tournament(name=name.strip(), format=fmt, minutes=minutes, scenarios=list(scenarios),
                      rounds_planned=rounds, organizer=organizer, rng=Rng.seeded(seed))


def check_heroes(heroes: Sequence[str], who: str) -> None:
    """C 15.3.2: at most 3 heroes; spec 9: at least 1, and no hero twice."""
    if not 1 <= len(heroes) <= MAX_HEROES:
        raise RuleError(f"{who} has {len(heroes)} heroes; a deck has 1 to {MAX_HEROES}.")
    if len(set(heroes)) != len(heroes):
        raise RuleError(f"{who} names the same hero twice.")


def check_deck(player: Player, fmt: str) -> None:
    """C 15.3.2: a legal deck has at least 50 cards; in the limited format its heroes are fixed now."""
    if player.cards < MIN_DECK:
        raise RuleError(f"{player.name}'s deck '{player.deck}' has {player.cards} cards; a tournament deck "
                        f"has at least {MIN_DECK}.")
    if fmt == LIMITED or player.heroes:
        check_heroes(player.heroes, player.name)


def register(t: Tournament, name: str, players: Sequence[Player]) -> Tournament:
    """A team joins before the first round is paired; its number is the next free one."""
    if t.rounds:
        raise RuleError("Registration closed when the first round was paired.")
    if not name.strip():
        raise RuleError("A team needs a name.")
    if any(team.name.lower() == name.strip().lower() for team in t.teams):
        raise RuleError(f"A team called '{name.strip()}' is already registered.")
    if not players:
        raise RuleError("A team has at least one player.")
    taken = {p.user_id for team in t.teams if not team.dropped for p in team.players if p.user_id}
    for p in players:
        if p.user_id and p.user_id in taken:
            raise RuleError(f"{p.name} already plays in another team of this tournament.")
        check_deck(p, t.format)
    _unique_heroes([h for p in players for h in p.heroes], name)
    out = clone(t)
    number = max((team.number for team in t.teams), default=0) + 1
    out.teams.append(Team(number=number, name=name.strip(), players=[clone(p) for p in players]))
    return out


def pick_heroes(t: Tournament, team: int, player: str, heroes: Sequence[str]) -> Tournament:
    """Extended format: a player picks the heroes for the current match (C 15.3.2). In the limited format
    the registered heroes are the only ones (spec 10.6 #100)."""
    rnd = _current(t)
    if rnd.started:
        raise RuleError("Heroes are picked at the start of a match, before the round begins.")
    squad = t.team(team)
    member = next((p for p in squad.players if p.name == player), None)
    if member is None:
        raise RuleError(f"{player} is not a player of team {team}.")
    check_heroes(heroes, player)
    if t.format == LIMITED:
        if sorted(heroes) != sorted(member.heroes):
            raise RuleError(f"This is a limited tournament: {player} plays {', '.join(member.heroes)} in every "
                            "match.")  # C 15.3.2
        return t
    out = clone(t)
    match = _match_of(_current(out), team)
    mates = [h for p in squad.players if p.name != player for h in match.heroes.get(p.name, [])]
    _unique_heroes([*mates, *heroes], squad.name)
    match.heroes[player] = list(heroes)
    return out


def heroes_for(t: Tournament, match: Match, team: int) -> dict[str, list[str]]:
    """Each player's heroes in this match: the picks (extended), else the registered ones."""
    return {p.name: match.heroes.get(p.name, p.heroes) for p in t.team(team).players}


def points(t: Tournament) -> dict[int, int]:
    out = {team.number: 0 for team in t.teams}
    for rnd in t.rounds:
        for m in rnd.matches:
            if m.result is not None:
                for k, v in m.result.points.items():
                    out[int(k)] += v
    return out


def opponents(t: Tournament) -> set[frozenset[int]]:
    return {frozenset(m.teams()) for rnd in t.rounds for m in rnd.matches if not m.bye}


def byes(t: Tournament) -> dict[int, int]:
    out = {team.number: 0 for team in t.teams}
    for rnd in t.rounds:
        for m in rnd.matches:
            if m.bye:
                out[m.a] += 1
    return out


def pair_round(t: Tournament) -> Tournament:
    """The next round's pairings and its scenario (C 15.3.5: announced together)."""
    if t.rounds and not t.rounds[-1].complete:
        raise RuleError(f"Round {t.rounds[-1].number} still has matches without a result.")
    if len(t.rounds) >= t.rounds_planned:
        raise RuleError(f"All {t.rounds_planned} rounds have been played.")
    teams = [team.number for team in t.active_teams()]
    if len(teams) < 2:
        raise RuleError("A round needs at least two teams.")
    out = clone(t)
    number = len(t.rounds) + 1
    if number == 1:
        pairs, bye = random_pairs(teams, out.rng)
    else:
        score = points(t)
        bye = choose_bye(teams, score, byes(t)) if len(teams) % 2 else 0
        pairs = swiss_pairs([n for n in teams if n != bye], score, opponents(t))
    scenario = t.scenarios[(number - 1) % len(t.scenarios)]
    out.rounds.append(Round(number=number, scenario=scenario, matches=_tables(pairs, bye, out.rng)))
    return out


def _tables(pairs: list[Pair], bye: int, rng: Rng) -> list[Match]:
    matches = []
    for i, (x, y) in enumerate(pairs, start=1):
        first, second = (x, y) if rng.below(2) == 0 else (y, x)  # C 15.3.3: who goes first, at random
        matches.append(Match(table=i, a=first, b=second))
    if bye:
        m = Match(table=len(pairs) + 1, a=bye)
        m.result = scoring.bye(m)
        matches.append(m)
    return matches


def repair_round(t: Tournament) -> Tournament:
    """The organizer pairs the current round again (a drop, a corrected result) before it starts."""
    rnd = _current(t)
    if rnd.started:
        raise RuleError(f"Round {rnd.number} has started; its pairings stand.")
    out = clone(t)
    out.rounds.pop()
    out = pair_round(out)
    out.log.append(f"Round {rnd.number} was paired again.")
    return out


def start_round(t: Tournament) -> Tournament:
    rnd = _current(t)
    if rnd.started:
        raise RuleError(f"Round {rnd.number} has already started.")
    if t.format == EXTENDED:
        for m in rnd.matches:
            for team in m.teams() if not m.bye else ():
                missing = [p.name for p in t.team(team).players if not heroes_for(t, m, team)[p.name]]
                if missing:
                    # C 15.3.2: in the extended format the heroes are picked for each match
                    raise RuleError(f"{', '.join(missing)} of team {team} must pick heroes for this match first.")
    out = clone(t)
    _current(out).started = True
    return out


def record(t: Tournament, table: int, result: Result, *, round_number: int = 0, correct: bool = False) -> Tournament:
    """Write a match's result. Without `correct`, a decided match is refused (it may be corrected instead)."""
    out = clone(t)
    rnd = _round(out, round_number)
    match = next((m for m in rnd.matches if m.table == table), None)
    if match is None:
        raise RuleError(f"Round {rnd.number} has no table {table}.")
    if match.bye:
        raise RuleError("A bye's result is fixed: a Match Win.")  # C 15.3.5
    if not rnd.started:
        raise RuleError(f"Round {rnd.number} has not started.")
    if match.result is not None and not correct:
        raise RuleError(f"Table {table} already has a result; correct it instead.")
    if set(result.points) != {str(match.a), str(match.b)}:
        raise RuleError("The result must give points to exactly the two teams of the match.")
    match.result = result
    if correct:
        out.log.append(f"Round {rnd.number}, table {table}: result corrected ({result.kind}).")
    return out


def organizer_result(t: Tournament, table: int, outcome: str, *, round_number: int = 0,
                     correct: bool = False) -> Tournament:
    """The organizer's words for a result: `win <team>`, `draw`, or `modified` (R5/R6, 1 point each)."""
    rnd = _round(t, round_number)
    match = next((m for m in rnd.matches if m.table == table), None)
    if match is None or match.bye:
        raise RuleError(f"There is no match at table {table} in that round.")
    words = outcome.lower().split()
    if words[:1] == ["win"] and len(words) == 2 and words[1].isdigit() and int(words[1]) in match.teams():
        side = match.side_of(int(words[1]))
        result = scoring.win(match, side, "organizer", "recorded by the organizer")
    elif words == ["draw"]:
        result = Result(kind="draw", points={str(match.a): 2, str(match.b): 2}, rule="organizer",
                        reason="recorded by the organizer")
    elif words in (["modified"], ["modified", "loss"]):
        result = scoring.modified_loss(match, "organizer", "recorded by the organizer")
    else:
        raise RuleError(f"Write the result as 'win <team number>' (team {match.a} or {match.b}), 'draw' or "
                        "'modified'.")
    return record(t, table, result, round_number=rnd.number, correct=correct)


def drop(t: Tournament, team: int) -> Tournament:
    """A team leaves: it is paired no more. An undecided match of a started round goes to its opponent."""
    try:
        squad = t.team(team)
    except KeyError:
        raise RuleError(f"There is no team {team}.") from None
    if squad.dropped:
        raise RuleError(f"Team {team} has already dropped.")
    out = clone(t)
    out.team(team).dropped = True
    rnd = out.current
    if rnd is not None and rnd.started:
        for m in rnd.matches:
            if team in m.teams() and m.result is None and not m.bye:
                rival = "b" if m.side_of(team) == "a" else "a"
                m.result = scoring.win(m, rival, "R7", f"team {team} dropped out of the tournament")
    out.log.append(f"Team {team} ({squad.name}) dropped.")
    return out


def _current(t: Tournament) -> Round:
    if not t.rounds:
        raise RuleError("No round has been paired yet.")
    return t.rounds[-1]


def _round(t: Tournament, number: int) -> Round:
    """Round `number`, or the current one for 0."""
    n = number or len(t.rounds)
    if not 1 <= n <= len(t.rounds):
        raise RuleError(f"There is no round {number}." if number else "No round has been paired yet.")
    return t.rounds[n - 1]


def _match_of(rnd: Round, team: int) -> Match:
    for m in rnd.matches:
        if team in m.teams():
            return m
    raise RuleError(f"Team {team} has no match in round {rnd.number}.")


def _unique_heroes(heroes: list[str], team: str) -> None:
    seen = set()
    for h in heroes:
        if h.lower() in seen:
            raise RuleError(f"Two players of {team} chose {h}; a hero may be used by one player only.")  # C 16
        seen.add(h.lower())
