"""The campaign log out of the bot: JSON (the whole log; reading it back gives the same log) and Markdown (the
log sheet a group would keep on paper, spec 7.2)."""

from __future__ import annotations

import json

from engines.core.codec import from_data, to_data
from engines.core.errors import CommandError
from engines.lcg.campaign.catalogue import fold
from engines.lcg.campaign.log import FORMAT, CampaignLog


def to_json(log: CampaignLog) -> str:
    return json.dumps(to_data(log), ensure_ascii=False, indent=1, sort_keys=True) + "\n"


MAX_DEPTH = 32  # a campaign log nests a few levels; a deeper file is not one, and must not exhaust the stack


def from_json(text: str) -> CampaignLog:
    if _depth(text) > MAX_DEPTH:
        raise CommandError(f"That file nests more than {MAX_DEPTH} levels deep: it is not a campaign log.")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise CommandError(f"That is not JSON ({error.msg} at line {error.lineno}).") from None
    except ValueError as error:  # a number too long for Python to read (more than 4,300 digits)
        raise CommandError(f"That is not a campaign log: {error}.".replace("\n", " ")[:300]) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise CommandError("That file is not a Westmarch campaign log.")
    try:
        log: CampaignLog = from_data(CampaignLog, data)
    except (ValueError, TypeError, KeyError) as error:
        raise CommandError(f"The campaign log is damaged ({error}).") from None
    return log


def _depth(text: str) -> int:
    """The deepest nesting of brackets outside strings, counted in one pass before any parsing (the parser
    itself recurses and would raise RecursionError on a hostile file)."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_DEPTH:
                    return deepest  # enough to refuse; no need to read the rest
        elif ch in "]}":
            depth -= 1
    return deepest


def to_markdown(log: CampaignLog) -> str:
    out = [f"# {log.name}", "",
           f"Difficulty {log.difficulty}. Status: {log.status}. "
           f"Scenario {min(log.index + 1, len(log.steps))} of {len(log.steps)}"
           + (f" ({log.step.name})." if log.step else "."), "",
           "## Fellowship", "", "| seat | player | heroes | deck |", "|---|---|---|---|"]
    for m in log.members:
        heroes = ", ".join(m.heroes)
        if [fold(h) for h in m.deck_heroes] != [fold(h) for h in m.heroes]:
            heroes += f" (next scenario: {', '.join(m.deck_heroes)})"
        out.append(f"| {m.seat} | {m.name} | {heroes} | {m.deck} |")
    penalty = f"{log.penalty}" + "".join(f", {s} +{n}" for s, n in sorted(log.seat_penalty.items()))
    out += ["", f"**Fallen heroes:** {', '.join(log.fallen) or 'none'}", "",
            f"**Threat penalty:** {penalty} (added to each player's starting threat)", "",
            "## Campaign pool", ""]
    if log.pool:
        out += ["| card | kind | where |", "|---|---|---|"]
        for card in log.pool:
            where = (f"attached to {card.hero}" if card.hero else f"{card.holder}'s deck" if card.holder
                     else "encounter deck")
            out.append(f"| {card.title} | {card.kind}{' (Permanent)' if card.permanent else ''} | {where} |")
    else:
        out.append("empty")
    out += ["", "## Notes", ""] + ([f"- {n}" for n in log.notes] or ["none"])
    out += ["", "## Scenarios", "", "| # | scenario | attempt | result | score |", "|---|---|---|---|---|"]
    for i, attempt in enumerate(log.history, start=1):
        name = next((s.name for s in log.steps if s.scenario == attempt.scenario), attempt.scenario)
        result = attempt.status + (" (recorded)" if attempt.recorded else " (not recorded)"
                                   if attempt.recorded is False and attempt.status == "won" else "")
        score = str(attempt.score.total) if attempt.score else ""
        out.append(f"| {i} | {name} | {attempt.number} | {result} | {score} |")
    out += ["", f"**Campaign total:** {log.total_score} (lower is better)", "", "## Log", ""]
    out += [f"- {e.at[:16].replace('T', ' ')} {e.text}" for e in log.entries]
    return "\n".join(out) + "\n"
