"""The fellowship's rules (spec 7.3, 9; C 12.5.2, 13.2): which decks a campaign accepts, and what a change of
heroes between scenarios costs in starting threat."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from engines.core.errors import RuleError
from engines.lcg.campaign.catalogue import fold

MAX_HEROES = 3  # spec 9.1
MAX_COPIES = 3  # spec 9.3
MINIMUM = 50  # spec 9.2: a tournament deck; casual play accepts fewer, with a warning
NOT_COUNTED = ("boon", "burden", "treasure")  # spec 9.6: extras outside the minimum


@dataclass(frozen=True, kw_only=True)
class DeckFacts:
    """A deck as the campaign rules see it: titles and kinds, no card text."""

    key: str
    name: str
    heroes: tuple[str, ...]  # hero titles
    cards: tuple[tuple[str, int, str], ...]  # (title, copies, kind) where kind is the type or "boon"/"burden"

    @property
    def counted(self) -> int:
        return sum(n for _, n, kind in self.cards if kind not in NOT_COUNTED)


def check_deck(facts: DeckFacts, *, banned: set[str], taken: dict[str, str], earned: Counter[str]) -> list[str]:
    """Refuse a deck the campaign cannot accept; return warnings for a legal but casual one.

    `banned`: folded titles no one may use (fallen heroes, spec 9.8 and the C 12.5 Q&A; product bans, C 12.5.2.1-3).
    `taken`: folded hero title -> the seat already using it (spec 9.1: no hero shared between players).
    `earned`: folded boon title -> copies in the pool for this player (C 12.5.3.1: only earned boons)."""
    if not 1 <= len(facts.heroes) <= MAX_HEROES:  # spec 9.1
        raise RuleError(f"A deck needs 1 to {MAX_HEROES} heroes; {facts.name} has {len(facts.heroes)}.")
    twice = [t for t, n in Counter(fold(h) for h in facts.heroes).items() if n > 1]
    if twice:  # spec 9.1
        raise RuleError(f"{facts.name} has the hero title {twice[0]} twice: the unique rule allows one.")
    copies: Counter[str] = Counter()
    for title, count, _ in facts.cards:
        copies[title] += count
    over = sorted(t for t, n in copies.items() if n > MAX_COPIES)
    if over:  # spec 9.3
        raise RuleError(f"{facts.name} has more than {MAX_COPIES} copies of {', '.join(over)}.")
    fallen = sorted({t for t in (*facts.heroes, *(c[0] for c in facts.cards)) if fold(t) in banned})
    if fallen:  # spec 7.3, 9.8; C 12.5 (fallen heroes), C 12.5.2.1-12.5.2.3 (scenario bans)
        raise RuleError(f"{facts.name} holds {', '.join(fallen)}, which may not be used in this campaign: a fallen "
                        "hero's title is banned in every version, hero or ally, and some scenarios ban others.")
    for hero in facts.heroes:
        other = taken.get(fold(hero))
        if other:  # spec 9.1
            raise RuleError(f"{hero} is already one of {other}'s heroes; two players may not use the same hero.")
    for title, count, kind in facts.cards:
        if kind == "boon" and count > earned.get(fold(title), 0):  # C 12.5.3.1
            have = earned.get(fold(title), 0)
            raise RuleError(f"{facts.name} holds {count} {title} but the campaign pool gives this player {have}: a "
                            "boon may be put in a deck only once earned.")
        if kind == "burden":  # spec 9.6
            raise RuleError(f"{title} is a burden: the campaign adds burdens, players never choose them.")
    if facts.counted < MINIMUM:  # spec 9.2
        return [f"{facts.name} has {facts.counted} cards besides heroes and boons, below the {MINIMUM}-card minimum; "
                "it can still be played."]
    return []


@dataclass(kw_only=True)
class HeroChanges:
    """What the next setup does to the recorded heroes (C 12.5.2 and its Q&As; spec 7.3)."""

    penalty: int = 0  # +1 for each hero that replaces a fallen or a dropped hero
    by_seat: dict[str, int] = field(default_factory=dict)  # the same, charged to the seat that changed
    replaced: list[str] = field(default_factory=list)  # "Glóin -> Legolas" lines for the log
    added: list[str] = field(default_factory=list)  # new heroes that replace no one (free)
    notes: list[str] = field(default_factory=list)  # product rules applied at this setup (C 12.5.2.2)

    def lines(self) -> list[str]:
        out = [*self.notes, *(f"hero change: {r} (+1 threat penalty)" for r in self.replaced)]
        out += [f"hero added: {a} (no penalty)" for a in self.added]
        return out


def hero_changes(recorded: dict[str, list[str]], chosen: dict[str, list[str]], fallen: set[str]) -> HeroChanges:
    """Compare the heroes each seat recorded with those its deck brings now.

    * A fallen hero may be replaced; each replacement costs +1 (C 12.5.2, first exception).
    * A player may drop at most 1 living hero per setup for one of another title; +1 (second exception).
    * No penalty: another version of the same title, trading heroes within the group, or adding a hero to a
      player who has fewer than 3 (C 12.5 Q&As). A living hero may not simply be left out (C 12.5 Q&A).
    Raises RuleError, naming the hero, for a change the rules forbid."""
    alive = {seat: [h for h in heroes if fold(h) not in fallen] for seat, heroes in recorded.items()}
    dead = {seat: [h for h in heroes if fold(h) in fallen] for seat, heroes in recorded.items()}
    group_alive = {fold(h): h for heroes in alive.values() for h in heroes}
    group_new = {fold(h): h for heroes in chosen.values() for h in heroes}
    for heroes in chosen.values():
        used = sorted(h for h in heroes if fold(h) in fallen)
        if used:  # spec 7.3
            raise RuleError(f"{used[0]} has fallen and may not be used for the rest of the campaign.")
    changes = HeroChanges()
    order = list(chosen)
    per_seat: dict[str, tuple[list[str], list[str]]] = {}
    for seat in order:
        dropped = [h for h in alive.get(seat, []) if fold(h) not in group_new]
        if len(dropped) > 1:  # C 12.5.2
            raise RuleError(f"{seat} may replace only 1 living hero per setup; {', '.join(dropped)} would all leave "
                            "the fellowship.")
        fresh = [h for h in chosen[seat] if fold(h) not in group_alive]
        gone = [*dead.get(seat, []), *dropped]
        per_seat[seat] = (fresh, gone)
    group_dropped = [h for f, h in group_alive.items() if f not in group_new]
    group_fresh = [h for f, h in group_new.items() if f not in group_alive]
    if len(group_dropped) > len(group_fresh):  # C 12.5 Q&A
        left = ", ".join(group_dropped)
        raise RuleError(f"Each recorded hero must be used in every scenario: {left} would be left out without a "
                        "replacement.")
    penalty = min(len(group_fresh), sum(len(d) for d in dead.values()) + len(group_dropped))
    changes.penalty = penalty
    remaining = penalty
    for seat in order:  # charge each replacement to the seat that made it, for the C 13.2 reading
        fresh, gone = per_seat[seat]
        pairs = list(zip(gone, fresh, strict=False))[:remaining]
        remaining -= len(pairs)
        if pairs:
            changes.by_seat[seat] = len(pairs)
        changes.replaced += [f"{seat} {old} -> {new}" for old, new in pairs]
        changes.added += [f"{seat} {new}" for new in fresh[len(pairs):]]
    if remaining:  # a cross-trade: the group replaced a hero, but no single seat both lost and gained one
        seat = next(s for s in order if per_seat[s][0])
        changes.by_seat[seat] = changes.by_seat.get(seat, 0) + remaining
        changes.replaced += [f"{seat} (traded in the group) -> {h}" for h in per_seat[seat][0][:remaining]]
        changes.added = [a for a in changes.added if not any(a.endswith(h) for h in per_seat[seat][0][:remaining])]
    return changes
