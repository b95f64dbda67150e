"""Campaigns from the community data (spec 7; C 12.5): DragnCards' campaign pools (`campaign/*.txt`, and the
`CC*` recipes of `preBuiltDecks.json`) joined with `cardDb.tsv`, as packs of facts.

    python -m bot.content.lcg build-core-campaign        # the committed Core Set campaign (facts only)
    python -m bot.content.lcg import-campaigns DIR [OUT]  # a user's own import of every campaign pool

A pool file is a JSON list of `{uuid, quantity, loadGroupId}`. The community files are hand-made and vary: the
id is also spelled `uuiid` or nested as `cardRow.cardid`, the group `groupId`. Scenarios come from the pool's
campaign cards, in file order; a pool without them (the LotR saga's) takes the campaign cards of its packs.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from bot.content.errors import ContentError
from bot.content.lcg.core import DEFAULT_DATA, facts_only
from bot.content.lcg.dragncards import read_card_db, read_rows, sorted_cards
from bot.content.lcg.fields import is_keyword, slugify
from bot.content.lcg.report import ImportResult, Problem
from engines.lcg.campaign.catalogue import CampaignDef, CampaignStep, PoolEntry
from engines.lcg.cards import CardDef, Pack

REPO = Path(__file__).resolve().parents[3]
CORE_CAMPAIGN_OUT = REPO / "engines" / "lcg" / "packs" / "core-campaign.json"
CORE_POOL = "CCC.1_Revised_Core_Set.txt"
# The scenario keys players type (and the committed Core pack uses) for campaign cards named otherwise.
SCENARIO_ALIASES = {
    "journey-along-the-anduin": "journey-down-the-anduin",  # RR p.26 and the Core pack
    "escape-from-dol-goldur": "escape-from-dol-guldur",  # a misspelling in the community file
}
# Campaign-type cards that are game modes, not scenarios of a campaign.
NOT_SCENARIOS = re.compile(r"(game|easy|standard|hard|epic multiplayer) mode", re.IGNORECASE)
# The LotR saga's order when a pool names no campaign cards (C 12.5), and its product rules (C 12.5.2.1-3).
SAGA_PACKS = ("The Black Riders", "The Road Darkens", "The Treason of Saruman", "The Land of Shadow",
              "The Flame of the West", "The Mountain of Fire")
# What each Core campaign card's setup puts into play under the first player's control (a fact read from the
# cards, kept here in our own words): Mendor, in all three scenarios.
CORE_IN_PLAY = {"passage-through-mirkwood": ("Mendor",), "journey-down-the-anduin": ("Mendor",),
                "escape-from-dol-guldur": ("Mendor",)}
# What a Core campaign card's setup sets aside, every copy of the pool (our words): Journey's Valor and Scarred,
# which its own effects attach to heroes during the game.
CORE_SET_ASIDE = {"journey-down-the-anduin": ("Valor", "Scarred")}
# Where the first player controls the Fellowship Aragorn, so any other version is out (spec 9.7; C 12.5.2.2).
FELLOWSHIP_ARAGORN = ("The Treason of Saruman", "The Flame of the West")
SAGA_BANS = {
    "The Treason of Saruman": ("Frodo Baggins", "Saruman", "Gríma", "Aragorn"),
    "The Flame of the West": ("Frodo Baggins", "Aragorn"),
    "The Land of Shadow": ("Aragorn",),
}


@dataclass(frozen=True)
class PoolLine:
    card: str
    quantity: int
    where: str


def parse_pool(text: str, source: str) -> tuple[list[PoolLine], list[Problem]]:
    """One pool file's entries; an entry without a card id is reported, not fatal."""
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as error:
        raise ContentError(f"not JSON ({error.msg} at line {error.lineno})", where=source) from None
    if not isinstance(raw, list):
        raise ContentError("a campaign pool is a JSON list of cards", where=source)
    lines, problems = [], []
    for number, entry in enumerate(raw, start=1):
        where = f"{source} entry {number}"
        card = ""
        if isinstance(entry, dict):
            nested = entry.get("cardRow")
            card = str(entry.get("uuid") or entry.get("uuiid") or entry.get("databaseId")
                       or (nested.get("cardid") if isinstance(nested, dict) else "") or "")
        quantity = entry.get("quantity", 1) if isinstance(entry, dict) else 0
        if not card or not isinstance(quantity, int) or quantity < 1:
            problems.append(Problem(where, "no card id or no quantity"))
            continue
        lines.append(PoolLine(card=card, quantity=quantity, where=where))
    return lines, problems


def build_campaign(key: str, name: str, lines: list[PoolLine], cards: Mapping[str, CardDef],
                   backs: Mapping[str, str], scenario_keys: Mapping[str, str] | None = None
                   ) -> tuple[CampaignDef | None, list[CardDef], list[Problem]]:
    """A campaign definition from a pool's entries. `backs` gives each card's back (player/encounter) from the
    card file; `scenario_keys` maps folded scenario names to library keys (defaults to slugs)."""
    problems: list[Problem] = []
    steps: list[CampaignStep] = []
    pool: list[PoolEntry] = []
    used: dict[str, CardDef] = {}
    for line in lines:
        card = cards.get(line.card)
        if card is None:
            problems.append(Problem(line.where, f"card {line.card} is not in the card file", line.card))
            continue
        card = _keyword_traits(card)
        if card.type == "campaign":
            used[card.id] = card
            steps.append(_step(card, scenario_keys))
        elif card.sphere in ("boon", "burden"):
            used[card.id] = card
            known = next((i for i, e in enumerate(pool) if e.card == card.id), None)
            entry = PoolEntry(card=card.id, title=card.name, kind=card.sphere, back=_back(backs.get(card.id, "")),
                              permanent=card.has("Permanent"), copies=line.quantity)
            if known is None:
                pool.append(entry)
            else:  # a card listed once per copy (Poisoned Counsels)
                pool[known] = replace(pool[known], copies=pool[known].copies + line.quantity)
        elif card.type == "treasure":
            problems.append(Problem(line.where, f"{card.name} is a Hobbit saga treasure, kept apart from campaign "
                                                "pools", card.id))  # spec 6.5
        else:
            problems.append(Problem(line.where, f"{card.name} ({card.type.replace('_', ' ')}) is neither a boon, a "
                                                "burden nor a campaign card; set it up by hand", card.id))
    if not steps:
        steps = _saga_steps(pool, cards, scenario_keys)
        used |= {s.campaign_card: cards[s.campaign_card] for s in steps if s.campaign_card}
    if not steps:
        problems.append(Problem(key, "no scenario could be found for this campaign; it was left out"))
        return None, [], problems
    defn = CampaignDef(key=key, name=name, steps=tuple(steps), pool=tuple(pool),
                       source="DragnCards campaign pool (facts only)")
    return defn, list(used.values()), problems


def _back(raw: str) -> str:
    return "encounter" if raw == "encounter" else "player"


def _keyword_traits(card: CardDef) -> CardDef:
    """Some community rows type a keyword in the trait column (the Core burdens' Surge): it is a keyword."""
    moved = tuple(t for t in card.traits if is_keyword(t))
    if not moved:
        return card
    return replace(card, traits=tuple(t for t in card.traits if t not in moved), keywords=(*card.keywords, *moved))


def _step(card: CardDef, scenario_keys: Mapping[str, str] | None) -> CampaignStep:
    from engines.lcg.campaign.catalogue import fold

    slug = slugify(card.name)
    key = (scenario_keys or {}).get(fold(card.name)) or SCENARIO_ALIASES.get(slug, slug)
    return CampaignStep(scenario=key, name=card.name, campaign_card=card.id,
                        banned=SAGA_BANS.get(card.pack, ()), fellowship_aragorn=card.pack in FELLOWSHIP_ARAGORN)


def _saga_steps(pool: list[PoolEntry], cards: Mapping[str, CardDef],
                scenario_keys: Mapping[str, str] | None) -> list[CampaignStep]:
    """The LotR saga's pool lists no campaign cards: take those of the saga's packs, in the saga's order."""
    packs = {cards[e.card].pack for e in pool if e.card in cards}
    if not packs & set(SAGA_PACKS):
        return []
    found = sorted((c for c in cards.values() if c.type == "campaign" and c.pack in SAGA_PACKS
                    and not NOT_SCENARIOS.search(c.name)),
                   key=lambda c: (SAGA_PACKS.index(c.pack), c.number))
    return [_step(c, scenario_keys) for c in found]


def read_backs(path: Path) -> dict[str, str]:
    """Each card's back, which the card definitions do not keep (a burden may have a player back, C 12.5.3.3)."""
    rows = read_rows(path.read_text(encoding="utf-8"), source=path.name)
    return {row["databaseId"]: row["cardBack"] for row in rows}


def import_campaigns(folder: Path, *, with_text: bool = False, key: str = "dragncards-campaigns") -> ImportResult:
    """Every pool file in `folder/campaign/` (a DragnCards folder), joined with `folder/cardDb.tsv`."""
    table = read_card_db(folder / "cardDb.tsv", with_text=with_text)
    backs = read_backs(folder / "cardDb.tsv")
    files = sorted((folder / "campaign").glob("*.txt"))
    if not files:
        raise ContentError("no campaign pool files (campaign/*.txt)", where=str(folder))
    pack = Pack(key=key, name="DragnCards campaigns", source="DragnCards campaign pools")
    result = ImportResult(pack=pack)
    cards: dict[str, CardDef] = {}
    for path in files:
        lines, problems = parse_pool(path.read_text(encoding="utf-8"), path.name)
        result.read += len(lines) + len(problems)
        result.problems.extend(problems)
        code, _, label = path.stem.partition("_")
        defn, used, more = build_campaign(slugify(code), label.replace("_", " "), lines, table.cards, backs)
        result.problems.extend(more)
        if defn is not None:
            pack.campaigns.append(defn)
            cards |= {c.id: c for c in used}
    pack.cards = sorted_cards(cards.values() if with_text else (facts_only(c) for c in cards.values()))
    return result


def build_core_campaign(data: Path = DEFAULT_DATA) -> ImportResult:
    """The committed Core Set campaign: the three Core scenarios with their campaign cards, boons and burdens
    (facts only), keyed to the Core pack's scenario keys."""
    folder = data / "dragncards"
    table = read_card_db(folder / "cardDb.tsv")
    backs = read_backs(folder / "cardDb.tsv")
    lines, problems = parse_pool((folder / "campaign" / CORE_POOL).read_text(encoding="utf-8"), CORE_POOL)
    defn, used, more = build_campaign("core", "The Core Set campaign", lines, table.cards, backs)
    if defn is None:
        raise ContentError("the Core Set pool names no scenarios", where=CORE_POOL)
    from engines.lcg.library import builtin

    scenarios = builtin().scenarios  # name each step as the Core pack names its scenario
    by_title = {c.name: c.id for c in used}
    copies = {e.title: e.copies for e in defn.pool}
    defn = replace(defn, steps=tuple(
        replace(s, name=scenarios[s.scenario].name if s.scenario in scenarios else s.name,
                in_play=tuple(by_title[t] for t in CORE_IN_PLAY.get(s.scenario, ())),
                set_aside=tuple(by_title[t] for t in CORE_SET_ASIDE.get(s.scenario, ()) for _ in range(copies[t])))
        for s in defn.steps))
    pack = Pack(key="core-campaign", name="Core Set campaign", cards=sorted_cards(facts_only(c) for c in used),
                campaigns=[defn], source="DragnCards campaign pool CCC.1 and cardDb.tsv (facts only: no card text)")
    return ImportResult(pack=pack, problems=[*problems, *more], read=len(lines))
