"""The words a tournament posts: pairings, results, standings, clock announcements."""

from __future__ import annotations

from engines.clock import MINUTE
from engines.clock.face import clock_text
from engines.lcg import GAME
from engines.tournament import Match, Result, Tournament
from engines.tournament.standings import Standing, champion, standings


def scenario_name(key: str) -> str:
    """A scenario as players call it ("Passage Through Mirkwood"): the key ("passage-through-mirkwood") is what
    the organizer types, not what a table reads. A key the library no longer holds is shown as it is."""
    found = GAME.library.scenarios.get(key)
    return found.name if found is not None else key


def scenario_names(keys: list[str]) -> str:
    return ", ".join(scenario_name(k) for k in keys)


def team_label(t: Tournament, number: int) -> str:
    return f"team {number} ({t.team(number).name})"


def pairings_text(t: Tournament) -> str:
    rnd = t.rounds[-1]
    lines = [f"**{t.name}: round {rnd.number} of {t.rounds_planned}.** Scenario: {scenario_name(rnd.scenario)}. "
             f"Time control: {t.minutes} minutes per team."]  # C 15.3.3
    for m in rnd.matches:
        if m.bye:
            lines.append(f"Table {m.table}: {team_label(t, m.a)} has the bye (a Match Win, 5 points).")
        else:
            lines.append(f"Table {m.table}: {team_label(t, m.a)} plays first against {team_label(t, m.b)}.")
    return "\n".join(lines)


def result_text(t: Tournament, m: Match, r: Result) -> str:
    if r.kind == "win":
        loser = m.b if r.winner == m.a else m.a
        head = f"{team_label(t, r.winner)} wins against {team_label(t, loser)} (5 points to 0)"
    elif r.kind == "draw":
        head = f"{team_label(t, m.a)} and {team_label(t, m.b)} draw (2 points each)"
    elif r.kind == "modified loss":
        head = f"{team_label(t, m.a)} and {team_label(t, m.b)}: a Modified Loss (1 point each)"
    else:
        head = f"{team_label(t, m.a)} has the bye (5 points)"
    return f"Round {len(t.rounds)}, table {m.table}: {head}: {r.reason} [{r.rule}]."


def standings_text(t: Tournament, table: list[Standing] | None = None) -> str:
    table = table if table is not None else standings(t)
    done = sum(1 for r in t.rounds if r.complete)
    lines = [f"**{t.name}: standings after {done} round{'s' if done != 1 else ''}**",
             "rank. team: points (W-D-ML-L, byes) head-to-head, scenario score"]
    for s in table:
        mark = " (dropped)" if s.dropped else ""
        lines.append(f"{s.rank}. {s.name} [{s.team}]{mark}: {s.points} ({s.wins}-{s.draws}-{s.modified_losses}-"
                     f"{s.losses}, {s.byes}) {s.head_to_head}, {s.scenario_score}")
    top = champion(t)
    if top is not None:
        lines.append(f"**Champion: {top.name} (team {top.team}) with {top.points} points.**")
    return "\n".join(lines)


def warning_text(name: str, threshold_ms: int) -> str:
    minutes = threshold_ms // MINUTE
    return f"{name} has {minutes} minute{'s' if minutes != 1 else ''} left on the clock."


def times_text(names: tuple[str, str], left: tuple[int, int], active: str, running: bool, paused: bool) -> str:
    state = "paused" if paused else "runs" if running else "stopped"
    who = names[0] if active == "a" else names[1]
    return f"{names[0]} {clock_text(left[0])} | {names[1]} {clock_text(left[1])} | the clock of {who} {state}"
