"""The built-in Core Set pack, generated from the community data: facts only, never card text.

`python -m bot.content.lcg build-core` runs `build_core` and writes `engines/lcg/packs/core.json`.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import replace
from pathlib import Path

from bot.content.lcg.dragncards import read_card_db, sorted_cards
from bot.content.lcg.recipes import read_recipes
from bot.content.lcg.report import ImportResult, Progress, no_progress
from engines.lcg.cards import CardDef, Pack, Scenario
from engines.lcg.library import pack_to_json

CORE_PACK = "Core Set"
SCENARIO_RECIPES = tuple(f"{mode}01.{n}" for n in (1, 2, 3) for mode in "QEN")
STARTER_DECKS = ("coreLeadership", "coreLore", "coreSpirit", "coreTactics")
# Difficulty printed on each Core Set quest's title card (spec: RR p.26).
DIFFICULTY = {"passage-through-mirkwood": 1, "journey-down-the-anduin": 4, "escape-from-dol-guldur": 7}
# DragnCards labels the second quest "Journey Along the Anduin"; the rulebook (RR p.26) and the issue call it
# "Journey Down the Anduin", which is what players will type.
RENAMES = {"journey-along-the-anduin": ("journey-down-the-anduin", "Journey Down the Anduin")}

REPO = Path(__file__).resolve().parents[3]
DEFAULT_DATA = REPO.parent / "shared" / "data" / "lcg"
DEFAULT_OUT = REPO / "engines" / "lcg" / "packs" / "core.json"


def build_core(data: Path = DEFAULT_DATA, *, on_progress: Progress = no_progress) -> ImportResult:
    """The Core Set's player cards, its three scenarios (Standard, Easy, Nightmare) with every card they use,
    and the four starter decks. Reads `data/dragncards/`; never copies text (`with_text` stays off)."""
    folder = data / "dragncards"
    table = read_card_db(folder / "cardDb.tsv", on_progress=on_progress)
    recipes = read_recipes(folder / "preBuiltDecks.json", table.cards, keys={*SCENARIO_RECIPES, *STARTER_DECKS})
    scenarios = [_renamed(s) for s in recipes.scenarios]
    scenarios = [replace(s, difficulty_rating=DIFFICULTY.get(s.key, 0)) for s in scenarios]
    used = {c.id for c in table.cards.values() if c.pack == CORE_PACK and c.is_player_card}
    used |= {card_id for s in scenarios for card_id in scenario_cards(s)}
    used |= {card_id for d in recipes.decks for card_id in (*d.heroes, *(slot.card for slot in d.cards))}
    cards = [facts_only(table.cards[i]) for i in used]
    pack = Pack(
        key="core",
        name=CORE_PACK,
        cards=sorted_cards(cards),
        scenarios=scenarios,
        decks=recipes.decks,
        source="DragnCards lotrlcg plugin: cardDb.tsv and preBuiltDecks.json (facts only: no card text)",
    )
    return ImportResult(
        pack=pack,
        problems=[p for p in (*table.problems, *recipes.problems) if p.card in used or not p.card],
        notes=[n for n in (*table.notes, *recipes.notes) if n.card in used or not n.card],
        read=table.rows + recipes.entries,
    )


def _renamed(scenario: Scenario) -> Scenario:
    key, name = RENAMES.get(scenario.key, (scenario.key, scenario.name))
    return replace(scenario, key=key, name=name)


def scenario_cards(scenario: Scenario) -> set[str]:
    groups = (
        scenario.encounter, scenario.easy_encounter, scenario.nightmare_encounter, scenario.staging,
        scenario.active_location, scenario.set_aside, scenario.nightmare_staging, scenario.nightmare_set_aside,
        *(slots for _, slots in scenario.extra),
    )  # fmt: skip
    return {*scenario.quest, *(slot.card for group in groups for slot in group)}


def facts_only(card: CardDef) -> CardDef:
    """Belt and braces: a committed pack never carries words, whatever the reader was asked."""
    return replace(card, text="", shadow_text="")


def write_pack(pack: Pack, out: Path) -> int:
    """Write atomically (a temporary file renamed over the old one): a failed build leaves the old pack."""
    text = pack_to_json(pack)
    out.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{out.name}.", dir=out.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.chmod(tmp, 0o644)  # mkstemp makes it private; a pack is an ordinary project file
        os.replace(tmp, out)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return len(text.encode("utf-8"))
