"""The campaign log (spec 7.2) and what happens to it between scenarios (spec 7.1, 7.3, 7.5-7.7; C 12.5, 14.8).

Plain data, JSON round-trippable with the kernel's codec. The functions check everything first and raise a
RuleError with words before changing anything, so a refused command leaves the log as it was. Time is an
argument (`at`, an ISO string): the rules never read a clock.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from engines.core.errors import RuleError
from engines.lcg.campaign.catalogue import CampaignDef, CampaignStep, PoolEntry, fold
from engines.lcg.campaign.heroes import DeckFacts, HeroChanges, check_deck, hero_changes
from engines.lcg.campaign.plan import Attachment, CampaignSetup

PENALTY_RULES = ("each", "player")  # C 12.5.2 "each player receives" (default) / C 13.2 "the player receives"
FORMAT = "westmarch-lcg-campaign"


@dataclass(kw_only=True)
class Member:
    seat: str  # "p1": the seat this member takes in every scenario's game
    user_id: int
    name: str
    deck: str  # deck key
    deck_heroes: list[str] = field(default_factory=list)  # the chosen deck's hero titles
    heroes: list[str] = field(default_factory=list)  # heroes recorded in the log (C 12.5.2)


@dataclass(kw_only=True)
class PoolCard:
    """A boon or burden in the campaign pool (C 12.5.3)."""

    card: str
    title: str
    kind: str  # boon | burden
    back: str = "player"  # player | encounter
    permanent: bool = False
    hero: str = ""  # a Permanent card's hero (C 12.5.3.2)
    holder: str = ""  # the seat whose deck a player-back card goes into


@dataclass(kw_only=True)
class Change:
    """A change staged during an attempt, applied only when its win is recorded (spec 7.2 pending_changes,
    7.5: a boon removed as a cost stays in the pool if the scenario is lost or not recorded)."""

    kind: str  # earn | remove | note
    card: str = ""
    title: str = ""
    hero: str = ""
    holder: str = ""
    text: str = ""

    def describe(self) -> str:
        if self.kind == "note":
            return f"note: {self.text}"
        where = f" on {self.hero}" if self.hero else f" for {self.holder}" if self.holder else ""
        return f"{'earn' if self.kind == 'earn' else 'remove from the pool'} {self.title}{where}"


@dataclass(kw_only=True)
class Score:
    """One scenario's score and its parts (spec 4.10, 7.6: keep the parts, not only the total)."""

    threat: dict[str, int] = field(default_factory=dict)  # final threat per seat (the elimination level if out)
    dead: dict[str, int] = field(default_factory=dict)  # threat cost of dead heroes per seat
    damage: dict[str, int] = field(default_factory=dict)  # damage on heroes per seat
    victory: int = 0  # victory points in the victory display
    rounds: int = 0  # for scoring variants that count rounds
    total: int = 0


@dataclass(kw_only=True)
class Result:
    """What a finished game tells the log (read from its state by `table.result`)."""

    won: bool
    reason: str = ""
    score: Score | None = None
    fallen: dict[str, list[str]] = field(default_factory=dict)  # seat -> hero titles in its discard pile


@dataclass(kw_only=True)
class Attempt:
    scenario: str
    number: int  # 1 for the first try at this scenario
    game_id: int
    status: str = "playing"  # playing | won | lost | abandoned
    recorded: bool | None = None  # a win: None until the players record or decline it (spec 7.1)
    reason: str = ""
    score: Score | None = None
    heroes: dict[str, list[str]] = field(default_factory=dict)
    fallen: dict[str, list[str]] = field(default_factory=dict)
    changes: list[Change] = field(default_factory=list)
    penalty_added: int = 0
    hero_changes: list[str] = field(default_factory=list)
    started: str = ""
    ended: str = ""


@dataclass(kw_only=True)
class Entry:
    at: str
    text: str


@dataclass(kw_only=True)
class CampaignLog:
    key: str
    name: str
    steps: list[CampaignStep]
    catalogue: list[PoolEntry] = field(default_factory=list)
    banned: list[str] = field(default_factory=list)  # product bans for the whole campaign
    difficulty: str = "standard"
    penalty_rule: str = "each"
    index: int = 0  # the next scenario to play
    status: str = "active"  # active | finished | abandoned
    members: list[Member] = field(default_factory=list)
    fallen: list[str] = field(default_factory=list)  # hero titles
    penalty: int = 0  # each player's permanent starting threat penalty
    seat_penalty: dict[str, int] = field(default_factory=dict)  # under the "player" penalty rule
    pool: list[PoolCard] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    history: list[Attempt] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)  # seats taken and left, decks changed, heroes recorded
    format: str = FORMAT
    version: int = 1

    # --- reading ------------------------------------------------------------------------------------------
    @property
    def current(self) -> Attempt | None:
        """The attempt in play, or the won one waiting to be recorded or declined."""
        last = self.history[-1] if self.history else None
        if last and (last.status == "playing" or (last.status == "won" and last.recorded is None)):
            return last
        return None

    @property
    def step(self) -> CampaignStep | None:
        return self.steps[self.index] if self.index < len(self.steps) else None

    @property
    def total_score(self) -> int:
        """Spec 7.6 [ENGINE]: the sum of the recorded scenarios' scores."""
        return sum(a.score.total for a in self.history if a.recorded and a.score)

    def member(self, seat: str) -> Member:
        for m in self.members:
            if m.seat == seat:
                return m
        raise RuleError(f"There is no seat {seat} in this campaign; seats: {', '.join(m.seat for m in self.members)}.")

    def member_of(self, user_id: int) -> Member | None:
        return next((m for m in self.members if m.user_id == user_id), None)

    def banned_titles(self) -> set[str]:
        """Titles no deck may hold now: fallen heroes, the campaign's bans, and the next scenario's own (spec 9.8;
        C 12.5.2.1-12.5.2.3)."""
        step = self.step.banned if self.step else ()
        return {fold(t) for t in (*self.fallen, *self.banned, *step)}

    def earned_for(self, seat: str) -> Counter[str]:
        return Counter(fold(c.title) for c in self.pool if c.kind == "boon" and c.back == "player"
                       and c.holder == seat and not c.permanent)

    def entry(self, title: str) -> PoolEntry:
        wanted = fold(title)
        found = next((e for e in self.catalogue if e.card == title or fold(e.title) == wanted), None)
        if found is None:
            known = ", ".join(sorted({e.title for e in self.catalogue})) or "none"
            raise RuleError(f"{title} is not a boon or burden of {self.name}. Its cards: {known}.")
        return found


# --- starting -------------------------------------------------------------------------------------------------
def new_campaign(defn: CampaignDef, members: list[Member], decks: dict[str, DeckFacts], at: str, *,
                 difficulty: str = "standard", penalty_rule: str = "each") -> tuple[CampaignLog, list[str]]:
    """Begin a campaign with its fellowship: each member's deck is checked (spec 9) and its heroes are recorded
    (C 12.5.2: at the beginning of the first scenario). Returns the log and any warnings."""
    if not 1 <= len(members) <= 4:
        raise RuleError(f"A campaign needs 1 to 4 players; {len(members)} were named.")
    if not defn.steps:
        raise RuleError(f"{defn.name} has no scenarios.")
    if penalty_rule not in PENALTY_RULES:  # C 12.5.2 (each) or C 13.2 (player)
        raise RuleError("The threat penalty rule is 'each' (every player takes +1 for a hero change) or 'player' "
                        f"(only the player who changed takes it), not '{penalty_rule}'.")
    log = CampaignLog(key=defn.key, name=defn.name, steps=list(defn.steps), catalogue=list(defn.pool),
                      banned=list(defn.banned), difficulty=difficulty, penalty_rule=penalty_rule)
    warnings: list[str] = []
    for member in members:
        facts = decks[member.seat]
        taken = {fold(h): m.seat for m in log.members for h in m.deck_heroes}
        warnings += check_deck(facts, banned=log.banned_titles(), taken=taken, earned=Counter())
        member.deck, member.deck_heroes, member.heroes = facts.key, list(facts.heroes), list(facts.heroes)
        log.members.append(member)
        log.entries.append(Entry(at=at, text=f"{member.name} takes seat {member.seat} with {facts.name}: heroes "
                                             f"{', '.join(facts.heroes)} recorded."))
    return log, warnings


# --- between scenarios ----------------------------------------------------------------------------------------
def _between(log: CampaignLog, doing: str) -> None:
    if log.status != "active":
        raise RuleError(f"The campaign is {log.status}: there is nothing left to {doing}.")
    current = log.current
    if current is not None and current.status == "playing":
        raise RuleError(f"{step_name(log, current.scenario)} is being played (game {current.game_id}); {doing} "
                        "between scenarios.")
    if current is not None:
        raise RuleError(f"The win at {step_name(log, current.scenario)} waits to be recorded or declined; do that "
                        f"before you {doing}.")


def change_deck(log: CampaignLog, seat: str, facts: DeckFacts, at: str) -> list[str]:
    """Spec 7.1.5: decks may change freely between scenarios, within section 9 and the campaign's bans. A
    change of heroes is allowed here and counted (with its penalty) when the next scenario is set up."""
    _between(log, "change decks")
    member = log.member(seat)
    taken = {fold(h): m.seat for m in log.members if m.seat != seat for h in m.deck_heroes}
    warnings = check_deck(facts, banned=log.banned_titles(), taken=taken, earned=log.earned_for(seat))
    others = {fold(h) for m in log.members if m.seat != seat for h in m.deck_heroes}
    dropped = [h for h in member.heroes if fold(h) not in log.banned_titles()
               and fold(h) not in {fold(x) for x in facts.heroes} and fold(h) not in others]
    if len(dropped) > 1:  # C 12.5.2
        raise RuleError(f"{seat} may replace only 1 living hero per setup; this deck leaves out "
                        f"{', '.join(dropped)}.")
    member.deck, member.deck_heroes = facts.key, list(facts.heroes)
    log.entries.append(Entry(at=at, text=f"{member.name} ({seat}) changes deck to {facts.name} "
                                         f"({', '.join(facts.heroes)})."))
    return warnings


def change_seat(log: CampaignLog, seat: str, user_id: int, name: str, at: str) -> str:
    """A player leaves and another takes the seat, with its recorded heroes and deck (spec 7.2 players)."""
    _between(log, "change players")
    member = log.member(seat)
    if member.user_id == user_id:
        raise RuleError(f"{name} already holds seat {seat}.")
    if any(m.user_id == user_id for m in log.members):
        raise RuleError(f"{name} already holds another seat in this campaign.")
    text = f"{member.name} leaves the campaign; {name} takes seat {seat} with its heroes and deck."
    member.user_id, member.name = user_id, name
    log.entries.append(Entry(at=at, text=text))
    return text


def begin_attempt(log: CampaignLog, game_id: int, at: str) -> HeroChanges:
    """The next setup (C 13.2): count hero changes against the log (penalty, new heroes recorded) and open
    an attempt at the current scenario. Checks first; changes the log only once nothing can be refused."""
    _between(log, "start the next scenario")
    step = log.step
    if step is None:
        raise RuleError(f"{log.name} is complete.")
    changes = _hero_changes(log, step)
    exchanged, extra = _fellowship_aragorn(log, at) if step.fellowship_aragorn else ([], 0)
    if changes.penalty:
        if log.penalty_rule == "each":
            log.penalty += changes.penalty
        else:
            for seat, n in changes.by_seat.items():
                log.seat_penalty[seat] = log.seat_penalty.get(seat, 0) + n
    for member in log.members:
        member.heroes = list(member.deck_heroes)
    for line in changes.lines():
        log.entries.append(Entry(at=at, text=line))
    changes.notes = exchanged  # already in the log's entries
    number = 1 + sum(1 for a in log.history if a.scenario == step.scenario)
    log.history.append(Attempt(scenario=step.scenario, number=number, game_id=game_id, started=at,
                               heroes={m.seat: list(m.heroes) for m in log.members},
                               penalty_added=changes.penalty + extra, hero_changes=changes.lines()))
    return changes


def _hero_changes(log: CampaignLog, step: CampaignStep) -> HeroChanges:
    """The recorded heroes against those the decks bring now (C 12.5.2), as the setup of `step` counts them."""
    exchange = step.fellowship_aragorn  # C 12.5.2.2: any recorded Aragorn is given up, freely replaced
    recorded = {m.seat: [h for h in m.heroes if not (exchange and fold(h) == ARAGORN)] for m in log.members}
    fallen = {fold(t) for t in log.fallen} - ({ARAGORN} if exchange else set())
    chosen = {m.seat: list(m.deck_heroes) for m in log.members}
    return hero_changes(recorded, chosen, fallen)


@dataclass(kw_only=True)
class Pending:
    """What the next setup will do to the log, before it is done (C 12.5.2, 13.2): the hero changes the decks now
    make and the starting threat penalty each seat will have from then on; or why `next` would refuse them."""

    lines: list[str] = field(default_factory=list)  # "hero change: p1 Denethor -> Legolas (+1 threat penalty)"
    heroes: dict[str, list[str]] = field(default_factory=dict)  # seat -> its heroes from then on, where they change
    added: int = 0  # the permanent penalty it adds (each player's, or the seats' in all under the "player" rule)
    penalty: dict[str, int] = field(default_factory=dict)  # seat -> starting threat penalty from the next scenario
    refused: str = ""  # the rules' refusal of the heroes the decks bring now ("" if the setup may go ahead)


def pending_setup(log: CampaignLog) -> Pending | None:
    """The next setup's hero changes and penalty, worked out on the log without changing it, so the log shows
    them between scenarios (a hero swapped with 'campaign hero' is recorded, and costs, only at `next`). None
    where no setup is pending (a scenario in play or waiting to be recorded, the campaign over) or it changes
    nothing."""
    step = log.step
    if log.status != "active" or log.current is not None or step is None:
        return None
    heroes = {m.seat: list(m.deck_heroes) for m in log.members
              if sorted(fold(h) for h in m.heroes) != sorted(fold(h) for h in m.deck_heroes)}
    try:
        changes = _hero_changes(log, step)
    except RuleError as refused:
        return Pending(heroes=heroes, refused=str(refused))
    aragorn = step.fellowship_aragorn and any(fold(t) == ARAGORN for t in log.fallen)  # C 12.5.2.2: +1 each
    lines = [*changes.lines(), *(["Aragorn leaves the Fallen Heroes (+1 threat penalty each)"]
                                 if aragorn else [])]
    if not lines:
        return None
    penalty = {}
    for m in log.members:
        own = changes.penalty if log.penalty_rule == "each" else changes.by_seat.get(m.seat, 0)
        penalty[m.seat] = log.penalty + log.seat_penalty.get(m.seat, 0) + own + int(aragorn)
    return Pending(lines=lines, heroes=heroes, added=changes.penalty + int(aragorn), penalty=penalty)


def penalty_words(by_seat: dict[str, int]) -> str:
    """A starting threat penalty: "+1 each" where every seat has the same, else seat by seat ("p1 +1, p2 +0",
    C 13.2's reading)."""
    if len(set(by_seat.values())) <= 1:
        return f"+{next(iter(by_seat.values()), 0)} each"
    return ", ".join(f"{seat} +{n}" for seat, n in by_seat.items())


def penalty_now(log: CampaignLog) -> dict[str, int]:
    """Each seat's permanent starting threat penalty as recorded (spec 7.4)."""
    return {m.seat: log.penalty + log.seat_penalty.get(m.seat, 0) for m in log.members}


ARAGORN = "aragorn"
ANY_SEAT = "*"  # a Permanent card for the hero of that title, whichever seat controls him


def _fellowship_aragorn(log: CampaignLog, at: str) -> tuple[list[str], int]:
    """C 12.5.2.2: a player who recorded Aragorn loses that version and may pick a replacement without the
    penalty (the new hero is recorded as usual); if Aragorn had fallen, he leaves the list and each player takes
    +1. Permanent cards keep the title they are recorded on, so they go with him to the Fellowship Aragorn.
    Returns what was done and the penalty added."""
    said, extra = [], 0
    for member in log.members:
        if any(fold(h) == ARAGORN for h in member.heroes):
            said.append(f"{member.seat} gives up Aragorn for the Fellowship Aragorn; a replacement costs nothing.")
    if any(fold(t) == ARAGORN for t in log.fallen):
        log.fallen = [t for t in log.fallen if fold(t) != ARAGORN]
        extra = 1
        if log.penalty_rule == "each":
            log.penalty += 1
        else:
            for member in log.members:
                log.seat_penalty[member.seat] = log.seat_penalty.get(member.seat, 0) + 1
        said.append("Aragorn leaves the Fallen Heroes; each player takes a permanent +1 threat penalty.")
    for line in said:
        log.entries.append(Entry(at=at, text=line))
    return said, extra


def setup_for(log: CampaignLog) -> CampaignSetup:
    """What the current scenario's game needs from the log (spec 7.4, 7.5, 7.7)."""
    step = log.step
    if step is None:
        raise RuleError(f"{log.name} is complete.")
    boons: dict[str, list[str]] = {}
    permanent: dict[str, list[Attachment]] = {}
    burdens: dict[str, list[str]] = {}
    encounter: list[str] = []
    hero_seat = {fold(h): m.seat for m in log.members for h in m.heroes}
    for card in log.pool:
        if card.permanent and card.hero:
            seat = hero_seat.get(fold(card.hero))
            if seat is None and step.fellowship_aragorn and fold(card.hero) == ARAGORN:
                seat = ANY_SEAT  # C 12.5.2.2: it goes to the Fellowship Aragorn, whoever controls him
            if seat is not None:  # the hero is still in the fellowship (a fallen one took its cards away)
                permanent.setdefault(seat, []).append(Attachment(card=card.card, hero=card.hero))
        elif card.back == "encounter":
            encounter.append(card.card)  # C 12.5.3.1: encounter backs and every burden go in the encounter deck
        elif card.kind == "burden" and card.holder:
            burdens.setdefault(card.holder, []).append(card.card)  # C 12.5.3.3
        elif card.kind == "boon" and card.holder:
            boons.setdefault(card.holder, []).append(card.card)
    return CampaignSetup(
        campaign=log.name, scenario_number=log.index + 1,
        decks={m.seat: m.deck for m in log.members},
        penalty={m.seat: log.penalty + log.seat_penalty.get(m.seat, 0) for m in log.members},
        banned=tuple(sorted({*log.fallen, *log.banned, *step.banned})),
        boons={s: tuple(v) for s, v in boons.items()},
        permanent={s: tuple(v) for s, v in permanent.items()},
        encounter=tuple(encounter), player_burdens={s: tuple(v) for s, v in burdens.items()},
        campaign_card=step.campaign_card, in_play=step.in_play,
        set_aside=_set_aside(log, step.set_aside), prisoner=_prisoner(log),
    )


def _set_aside(log: CampaignLog, cards: tuple[str, ...]) -> tuple[str, ...]:
    """The set-aside copies a campaign card asks for, less those already earned into the pool (they are in
    play through the pool instead)."""
    left = Counter(cards)
    left.subtract(Counter(c.card for c in log.pool))
    return tuple(card for card in dict.fromkeys(cards) for _ in range(max(left[card], 0)))


def _prisoner(log: CampaignLog) -> str:
    """The hero the players noted as the prisoner (a resolution asks them to record it in the notes): the
    latest note with the word 'prisoner' naming exactly one hero of the fellowship; "" if none does."""
    heroes = [h for m in log.members for h in m.heroes]
    for note in reversed(log.notes):
        if "prisoner" not in note.lower():
            continue
        named = [h for h in heroes if fold(h) in fold(note)]
        if len(named) == 1:
            return named[0]
    return ""


# --- during and after an attempt --------------------------------------------------------------------------------
def stage(log: CampaignLog, change: Change) -> str:
    """Stage an earning, a pool removal or a note for the current attempt (spec 7.2 pending_changes)."""
    current = log.current
    if current is None:  # C 12.5.3
        raise RuleError("No scenario is being played or waiting to be recorded: changes to the pool are staged "
                        "during a scenario and applied when its win is recorded.")
    if change.kind == "earn":
        entry = log.entry(change.title or change.card)
        have = sum(1 for c in log.pool if c.card == entry.card)
        staged = sum(1 for c in current.changes if c.kind == "earn" and c.card == entry.card)
        if have + staged >= entry.copies:
            raise RuleError(f"{log.name} has {entry.copies} {entry.title}; all of them are earned already.")
        change.card, change.title = entry.card, entry.title
        heroes = {fold(h): (m.seat, h) for m in log.members for h in m.heroes}
        if entry.permanent:
            if fold(change.hero) not in heroes:  # C 12.5.3.2
                raise RuleError(f"{entry.title} is Permanent: name the hero it is attached to (one of "
                                f"{', '.join(h for m in log.members for h in m.heroes)}).")
            change.holder, change.hero = heroes[fold(change.hero)]
        elif entry.back == "player":
            if change.hero and fold(change.hero) in heroes:
                change.holder = heroes[fold(change.hero)][0]
            if change.holder not in {m.seat for m in log.members}:
                raise RuleError(f"{entry.title} goes into a player's deck: name the seat that earns it "
                                f"({', '.join(m.seat for m in log.members)}).")
            change.hero = ""
        else:
            change.holder, change.hero = "", ""
    elif change.kind == "remove":
        card = _pool_card(log, change.title)
        removing = sum(1 for c in current.changes if c.kind == "remove" and c.card == card.card)
        if removing >= sum(1 for c in log.pool if c.card == card.card):
            raise RuleError(f"Every {card.title} in the pool is already staged for removal.")
        change.card, change.title = card.card, card.title
    elif change.kind == "note":
        if not change.text.strip():
            raise RuleError("A note needs some words.")
    else:
        raise RuleError(f"Unknown change '{change.kind}'.")
    current.changes.append(change)
    return change.describe()


def _pool_card(log: CampaignLog, title: str) -> PoolCard:
    wanted = fold(title)
    found = next((c for c in log.pool if c.card == title or fold(c.title) == wanted), None)
    if found is None:
        pool = ", ".join(c.title for c in log.pool) or "empty"
        raise RuleError(f"{title} is not in the campaign pool ({pool}).")
    return found


def end_attempt(log: CampaignLog, game_id: int, result: Result, at: str) -> Attempt:
    """The game is over (C 14.8). A loss records nothing and its staged changes are dropped (spec 7.1.3, 7.5);
    a win waits for the players to record it or not (spec 7.1.4)."""
    current = log.current
    if current is None or current.game_id != game_id or current.status != "playing":
        raise RuleError(f"Game {game_id} is not this campaign's scenario in play.")
    current.ended, current.reason, current.score = at, result.reason, result.score
    current.fallen = {seat: list(titles) for seat, titles in result.fallen.items() if titles}
    if result.won:
        current.status = "won"
    else:
        current.status, current.recorded = "lost", False
        current.changes = []
    return current


def abandon_attempt(log: CampaignLog, game_id: int, at: str) -> None:
    current = log.current
    if current is None or current.game_id != game_id:
        raise RuleError(f"Game {game_id} is not this campaign's scenario in play.")
    current.status, current.recorded, current.ended, current.changes = "abandoned", False, at, []


def record(log: CampaignLog, at: str) -> list[str]:
    """Record the win (spec 7.3, 7.5; C 12.5.2-12.5.3): heroes in a discard pile fall, their Permanent cards
    leave the pool, the staged earnings, removals and notes are applied, the score counts and the campaign
    moves on. Returns what changed, for the table."""
    current = log.current
    if current is None or current.status != "won":
        raise RuleError("There is no won scenario waiting to be recorded.")
    said = [f"{step_name(log, current.scenario)} is recorded (attempt {current.number})"
            + (f", score {current.score.total}." if current.score else ".")]
    for seat, titles in current.fallen.items():
        for title in titles:
            if fold(title) not in {fold(t) for t in log.fallen}:
                log.fallen.append(title)
                said.append(f"{title} ({seat}) has fallen: no version of {title}, hero or ally, may be used for the "
                            "rest of the campaign.")
            lost = [c for c in log.pool if c.permanent and fold(c.hero) == fold(title)]
            for card in lost:
                log.pool.remove(card)
                said.append(f"{card.title}, attached to {title}, leaves the campaign pool.")
    for change in current.changes:
        if change.kind == "earn":
            entry = log.entry(change.card)
            hero_fallen = change.hero and fold(change.hero) in {fold(t) for t in log.fallen}
            if hero_fallen:
                said.append(f"{entry.title} would go on {change.hero}, who has fallen: it is not added.")
                continue
            log.pool.append(PoolCard(card=entry.card, title=entry.title, kind=entry.kind, back=entry.back,
                                     permanent=entry.permanent, hero=change.hero, holder=change.holder))
            said.append(f"{entry.title} ({entry.kind}) joins the campaign pool" + (
                f", attached to {change.hero}." if change.hero else f" for {change.holder}." if change.holder
                else ", into the encounter deck."))
            if entry.permanent:  # C 12.5.3.2
                log.notes.append(f"{entry.title} is attached to {change.hero}.")
        elif change.kind == "remove":
            spent = next((c for c in log.pool if c.card == change.card), None)
            if spent is not None:
                log.pool.remove(spent)
                said.append(f"{spent.title} leaves the campaign pool.")
        else:
            log.notes.append(change.text)
            said.append(f"Note: {change.text}")
    current.recorded = True
    log.index += 1
    if log.index >= len(log.steps):
        log.status = "finished"
        said.append(f"{log.name} is complete. Campaign total {log.total_score} (lower is better).")
    else:
        said.append(f"Campaign total so far {log.total_score}. Next: {log.steps[log.index].name}.")
    for line in said:
        log.entries.append(Entry(at=at, text=line))
    return said


def decline(log: CampaignLog, at: str) -> str:
    """The players won but choose not to record (spec 7.1.4): nothing changes and the scenario is played again."""
    current = log.current
    if current is None or current.status != "won":
        raise RuleError("There is no won scenario waiting to be recorded or declined.")
    current.recorded, current.changes = False, []
    text = f"The win at {step_name(log, current.scenario)} is not recorded; the scenario will be played again."
    log.entries.append(Entry(at=at, text=text))
    return text


def step_name(log: CampaignLog, scenario: str) -> str:
    """A scenario of the campaign by its name ("Passage Through Mirkwood"), as the table calls it; its library
    key only for one the campaign's steps do not hold."""
    return next((s.name for s in log.steps if s.scenario == scenario), scenario)


def add_note(log: CampaignLog, text: str, at: str) -> None:
    """A note outside any attempt (spec 7.2 notes: free text the players want kept)."""
    if not text.strip():
        raise RuleError("A note needs some words.")
    log.notes.append(text.strip())
    log.entries.append(Entry(at=at, text=f"Note: {text.strip()}"))


def abandon_campaign(log: CampaignLog, at: str) -> str:
    """The group stops for good (spec 7.2 status): the log stays readable and exportable, nothing more is played."""
    if log.status != "active":
        raise RuleError(f"The campaign is already {log.status}.")
    current = log.current
    if current is not None and current.status == "playing":
        raise RuleError(f"Scenario {current.scenario} is being played (game {current.game_id}); abandon that game "
                        "first.")
    log.status = "abandoned"
    text = f"{log.name} is abandoned after {sum(1 for a in log.history if a.recorded)} recorded scenario(s)."
    log.entries.append(Entry(at=at, text=text))
    return text
