"""Derived values the rules read at any moment (spec 5, 6): which cards are active, strength, vitality, damage,
keywords, initiative, archery totals, roaming, spotting and bearer filters. Nothing here changes the state."""

from __future__ import annotations

from collections.abc import Iterator

from engines.core import Card
from engines.tcg import scripts
from engines.tcg.cards import ALLY, COMPANION, FP, MINION, SHADOW, CardDef
from engines.tcg.state import WOUNDS, Player, TcgState


def cdef(state: TcgState, card: Card) -> CardDef:
    return state.defs[card.ref]


def owner(state: TcgState, card: Card) -> str:
    return state.owners[card.uid]


def wounds(card: Card) -> int:
    return card.tokens.get(WOUNDS, 0)


# --- what is active (spec 6.7) ------------------------------------------------------------------------------
def companions(state: TcgState, player: Player | None = None) -> list[Card]:
    p = player or state.fp_player
    return [c for c in p.fellowship.cards if cdef(state, c).type == COMPANION]


def allies(state: TcgState, player: Player | None = None) -> list[Card]:
    p = player or state.fp_player
    return [c for c in p.fellowship.cards if cdef(state, c).type == ALLY]


def minions(state: TcgState, seat: str | None = None) -> list[Card]:
    return [c for c in state.minions.cards if seat is None or state.owners[c.uid] == seat]


def characters(state: TcgState) -> list[Card]:
    return [*state.fp_player.fellowship.cards, *state.minions.cards]


def support_active(state: TcgState) -> list[Card]:
    """Support-area cards active this turn: the FP's Free Peoples cards and the opponents' Shadow cards."""
    out: list[Card] = []
    for p in state.live():
        side = FP if p is state.fp_player else SHADOW
        out.extend(c for c in p.support.cards if cdef(state, c).side == side)
    return out


def active_cards(state: TcgState) -> list[Card]:
    """Every active card in play, borne cards included, then the site the fellowship is at (its text is live only
    there, spec 6.7). A list made at once: the rules read it many times per step."""
    fp = state.fp_player
    out: list[Card] = []
    for zone in (fp.fellowship, state.minions):
        for c in zone.cards:
            out.append(c)
            if c.attached:
                out.extend(c.attached)
    defs = state.defs
    for p in state.players:
        if p.out:
            continue
        side = FP if p is fp else SHADOW
        out.extend(c for c in p.support.cards if defs[c.ref].side == side)
    if state.phase != "setup":
        site = state.current_site()
        if site is not None:
            out.append(site)
    return out


def twins(state: TcgState) -> set[str]:
    """The uids of the active cards in play that share their name with another active card: the copies the log,
    the prompts and the board name with their id ("Gondorian Captain (c75)"), so a reader can tell them apart.
    Only cards in play, whose ids the table's view shows already (a hand's ids follow the deck list)."""
    seen: dict[str, list[str]] = {}
    for c in active_cards(state):
        seen.setdefault(c.name, []).append(c.uid)
    return {uid for uids in seen.values() if len(uids) > 1 for uid in uids}


def bearer_of(state: TcgState, uid: str) -> Card | None:
    return state.locate(uid)[2]


def _hooked(state: TcgState, name: str) -> Iterator[tuple[Card, scripts.Script]]:
    refs = scripts.hooked(name)
    for c in active_cards(state):
        if c.ref in refs:
            yield c, scripts.SCRIPTS[c.ref]
    yield from _lasting(state, name)


def _lasting(state: TcgState, name: str) -> Iterator[tuple[Card, scripts.Script]]:
    """Effects lasting until the end of the turn, started by a card's text ("lasting:<uid>" in the flags)."""
    for flag in state.flags:
        if flag.startswith("lasting:"):
            src = state.find(flag[8:])
            s = scripts.of(src.ref) if src is not None else None
            if src is not None and s is not None and s.lasting is not None and getattr(s.lasting, name) is not None:
                yield src, s.lasting


def _mods(state: TcgState, uid: str, stat: str) -> int:
    return sum(m.amount for m in state.mods if m.uid == uid and m.stat == stat)


# --- characters' numbers (spec 5.1, 6.11) ---------------------------------------------------------------------
def vitality(state: TcgState, card: Card) -> int:
    base = cdef(state, card).vitality + sum(cdef(state, a).vitality for a in card.attached)
    return base + sum(s.vitality(state, src, card) for src, s in _hooked(state, "vitality"))  # type: ignore[misc]


def strength(state: TcgState, card: Card) -> int:
    d = cdef(state, card)
    total = d.strength + sum(cdef(state, a).strength for a in card.attached)
    if has_keyword(state, card, "enduring"):
        total += 2 * wounds(card)  # spec 6.11
    total += sum(s.strength(state, src, card) for src, s in _hooked(state, "strength"))  # type: ignore[misc]
    return total + _mods(state, card.uid, "strength")


def strength_parts(state: TcgState, card: Card) -> list[tuple[str, int]]:
    """What `strength` adds up, each part named as the table may read it: the printed strength first (named ""),
    then each possession borne, "enduring" for its wounds, each card in play whose text changes it, and each
    lasting change by whose doing it is (`Mod.by`); "itself" where that is the card's own text. Parts of one name
    are one part, and parts of 0 are left out. The parts add up to `strength` (a test checks it over random games,
    tests/engines/tcg/test_scenarios_skirmish.py)."""
    d = cdef(state, card)
    made: dict[str, int] = {}

    def add(name: str, amount: int) -> None:
        made[name] = made.get(name, 0) + amount

    for a in card.attached:
        add(a.name, cdef(state, a).strength)
    if has_keyword(state, card, "enduring"):
        add("enduring", 2 * wounds(card))
    for src, s in _hooked(state, "strength"):
        add("itself" if src is card else src.name, s.strength(state, src, card))  # type: ignore[misc]
    for m in state.mods:
        if m.uid == card.uid and m.stat == "strength":
            add(_doer(state, card, m.by), m.amount)
    return [("", d.strength), *((name, n) for name, n in made.items() if n)]


def _doer(state: TcgState, card: Card, by: str) -> str:
    """Whose doing a lasting change is, by `Mod.by`: a card's name ("itself" for the card's own), a seat's hand."""
    if by in state.seats:
        return f"{by}'s adjustment"
    src = state.find(by) if by else None
    return "an effect" if src is None else "itself" if src is card else src.name


def damage(state: TcgState, card: Card) -> int:
    total = cdef(state, card).keyword_value("damage")
    total += sum(cdef(state, a).keyword_value("damage") for a in card.attached)
    total += sum(s.damage(state, src, card) for src, s in _hooked(state, "damage"))  # type: ignore[misc]
    return total + _mods(state, card.uid, "damage")


def has_keyword(state: TcgState, card: Card, word: str) -> bool:
    d = cdef(state, card)
    if word in d.keywords or any(word in cdef(state, a).keywords for a in card.attached):
        return True
    if _mods(state, card.uid, f"keyword:{word}") > 0:  # given by an event or ability for a while
        return True
    return any(s.grants(state, src, card, word) for src, s in _hooked(state, "grants"))  # type: ignore[misc]


def ambush(state: TcgState, card: Card) -> int:
    total = cdef(state, card).keyword_value("ambush")
    return total + sum(s.ambush(state, src, card) for src, s in _hooked(state, "ambush"))  # type: ignore[misc]


def defender(state: TcgState, card: Card) -> int:
    total = cdef(state, card).keyword_value("defender")
    return total + sum(s.defender(state, src, card) for src, s in _hooked(state, "defender"))  # type: ignore[misc]


def site_number(state: TcgState, minion: Card) -> int:
    total = cdef(state, minion).site
    total += sum(s.site_number(state, src, minion) for src, s in _hooked(state, "site_number"))  # type: ignore[misc]
    return total + _mods(state, minion.uid, "site")


def roaming(state: TcgState, minion: Card) -> bool:
    """A minion whose site number is above the fellowship's site is roaming (spec 4.3), unless text says not."""
    if any(s.no_roaming(state, src) for src, s in _hooked(state, "no_roaming")):  # type: ignore[misc]
        return False
    return site_number(state, minion) > state.fp_player.position


def exhausted(state: TcgState, card: Card) -> bool:
    """One vitality left: it may not exert (spec 5.1)."""
    return vitality(state, card) - wounds(card) <= 1


def can_exert(state: TcgState, card: Card, times: int = 1) -> bool:
    return vitality(state, card) - wounds(card) > times


# --- side-wide values ----------------------------------------------------------------------------------------
def shadow_has_initiative(state: TcgState) -> bool:
    """The FP has initiative while he holds 4 or more cards (spec 6.12), unless text gives it to the Shadow."""
    if "shadow initiative" in state.flags:
        return True
    if any(s.shadow_initiative(state, src) for src, s in _hooked(state, "shadow_initiative")):  # type: ignore[misc]
        return True
    return len(state.fp_player.hand.cards) < 4


def has_initiative(state: TcgState, seat: str) -> bool:
    fp = seat == state.fp_player.seat
    return fp != shadow_has_initiative(state)


def archery_total(state: TcgState, side: str) -> int:
    """Archers on a side, plus text (spec 4.6). Only companions count for the fellowship."""
    if side == FP:
        total = sum(1 for c in companions(state) if has_keyword(state, c, "archer"))
        hook = "archery_fp"
    else:
        total = sum(1 for c in minions(state) if has_keyword(state, c, "archer"))
        hook = "archery_shadow"
    total += sum(int(getattr(s, hook)(state, src)) for src, s in _hooked(state, hook))
    total += sum(m.amount for m in state.mods if m.stat == f"archery:{side}")
    return max(0, total)


def move_limit(state: TcgState) -> int:
    limit = state.move_limit + sum(m.amount for m in state.mods if m.stat == "move_limit")
    if "cannot move" in state.flags:  # text forbids moving again this turn
        return min(limit, state.moves)
    return limit


def overwhelm_multiple(state: TcgState, card: Card) -> int:
    """How many times its strength a character must be beaten by to be overwhelmed: 2, or more by text
    (spec 4.8.3)."""
    hooked = [s.overwhelm(state, src, card) for src, s in _hooked(state, "overwhelm")]  # type: ignore[misc]
    return max([2, _mods(state, card.uid, "overwhelm"), *hooked])


def spot_threats(state: TcgState) -> int:
    return state.fp_player.threats


def ring_bearer(state: TcgState) -> Card | None:
    p = state.fp_player
    return next((c for c in p.fellowship.cards if c.uid == p.ring_bearer), None)


# --- filters: GEMP's bearer words ("culture(rohan),man", "knight", "title(Merry)") ------------------------------
def matches(state: TcgState, card: Card, words: str) -> bool:
    """Whether a character meets every comma-separated term. An unknown term never matches, so a card whose
    restriction this reader does not know cannot be played rather than be played wrongly."""
    d = cdef(state, card)
    for term in (t.strip().lower() for t in words.split(",") if t.strip()):
        if term.startswith("culture("):
            ok = d.culture == term[8:-1]
        elif term.startswith(("title(", "name(")):
            ok = d.title.lower() == term[term.index("(") + 1:-1]
        elif term in ("companion", "minion", "ally"):
            ok = d.type == term
        elif term == "character":
            ok = d.type in (COMPANION, ALLY, MINION)
        elif term == "ring bearer":
            ok = card.uid == state.fp_player.ring_bearer
        elif term in ("man", "hobbit", "elf", "dwarf", "orc", "uruk-hai", "nazgul", "wizard", "troll", "wraith",
                      "spider", "ent"):
            ok = d.race == term
        elif term in ("knight", "southron", "ranger", "valiant", "villager", "easterling", "corsair", "tracker"):
            ok = has_keyword(state, card, term)
        else:
            return False
        if not ok:
            return False
    return True


def is_culture(state: TcgState, card: Card, culture: str, race: str = "") -> bool:
    d = cdef(state, card)
    return d.culture == culture and (not race or d.race == race)


def mounted(state: TcgState, card: Card) -> bool:
    return any(cdef(state, a).item_class == "mount" for a in card.attached)


def skirmishing(state: TcgState, card: Card) -> list[Card]:
    """The characters `card` is skirmishing now (the current skirmish only)."""
    if not state.skirmish or state.phase != "skirmish":
        return []
    comp = state.skirmish
    fighting = [m for m in minions(state) if state.assign.get(m.uid) == comp]
    if card.uid == comp:
        return fighting
    if card in fighting:
        c = state.find(comp)
        return [c] if c is not None else []
    return []


def in_skirmish(state: TcgState, card: Card) -> bool:
    return bool(skirmishing(state, card))


def at_plains(state: TcgState) -> bool:
    site = state.current_site()
    return site is not None and "plains" in cdef(state, site).keywords
