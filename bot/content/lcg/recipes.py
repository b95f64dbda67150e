"""DragnCards' `preBuiltDecks.json`: scenario recipes (Qxx.y Standard, Exx.y Easy, Nxx.y Nightmare) and the
pre-built player decks (core*, starter*).

A recipe is a list of {databaseId, quantity, loadGroupId}; each load group is a pile the table starts with.
The three recipes of one scenario share their suffix (Q01.1, E01.1, N01.1) and become one Scenario.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from bot.content.errors import ContentError
from bot.content.lcg import fields
from bot.content.lcg.report import Problem, Progress, no_progress
from engines.lcg.cards import CardDef, Deck, Scenario, Slot

# DragnCards load groups -> Westmarch group names. Others become snake_case without "shared".
GROUPS = {
    "sharedQuestDeck": "quest",
    "sharedEncounterDeck": "encounter",
    "sharedStagingArea": "staging",
    "sharedActiveLocation": "active_location",
    "sharedSetAside": "set_aside",
    "sharedQuestDeck2": "quest2",
    "sharedEncounterDeck2": "encounter2",
    "sharedEncounterDeck3": "encounter3",
    "sharedMap": "map",
    "player1Play1": "first_player_play",
    "playerNPlay1": "heroes",  # a pre-built player deck's heroes
    "playerNDeck": "deck",
    "playerNSideboard": "sideboard",
    "sharedBoons": "boons",
}
TYPED = ("quest", "encounter", "staging", "active_location", "set_aside")  # groups with a Scenario field
NIGHTMARE_TYPED = ("encounter", "staging", "set_aside")  # ... and with a nightmare_ field
# Rules cards (a Nightmare setup card, a campaign card) sit beside the quest deck: DragnCards puts them in its
# staging area for display, but they are not encounter cards and add no threat, so they get their own group.
RULES_TYPES = ("nightmare", "rules", "campaign")
MODES = {"Q": "standard", "E": "easy", "N": "nightmare"}
SCENARIO_KEY = re.compile(r"([QEN])(\d.*)")
DECK_KEY = re.compile(r"(core|starter)[A-Z]\w*")
DECK_PREFIX = {"core": "Core Set", "starter": "Starter deck"}
MODE_LABEL = re.compile(r"\s*\((?:Easy|Nightmare)\)\s*$")

Groups = dict[str, list[Slot]]


@dataclass
class RecipeSet:
    scenarios: list[Scenario] = field(default_factory=list)
    decks: list[Deck] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    notes: list[Problem] = field(default_factory=list)
    entries: int = 0


@dataclass
class _Recipe:
    key: str
    label: str
    groups: Groups


def parse_recipes(
    text: str,
    cards: Mapping[str, CardDef],
    *,
    source: str = "preBuiltDecks.json",
    keys: Collection[str] | None = None,
    on_progress: Progress = no_progress,
) -> RecipeSet:
    """Scenarios and decks from the recipes (only `keys`, if given). Unknown card ids are reported, not fatal;
    a file that is not the recipe format raises ContentError naming the recipe and entry."""
    raw = _load(text, source)
    out = RecipeSet()
    modes: dict[str, dict[str, _Recipe]] = {}  # suffix -> mode -> recipe, in file order
    wanted = [k for k in raw if keys is None or k in keys]
    for done, key in enumerate(wanted, start=1):
        recipe = _read_recipe(key, raw[key], cards, source, out)
        scenario_key = SCENARIO_KEY.fullmatch(key)
        if scenario_key:
            modes.setdefault(scenario_key.group(2), {})[MODES[scenario_key.group(1)]] = recipe
        elif DECK_KEY.fullmatch(key):
            out.decks.append(_deck(recipe, out, source))
        else:
            out.notes.append(Problem(f"{source} recipe {key}", "not a scenario or a player deck (skipped)"))
        on_progress(done, len(wanted))
    taken: set[str] = set()
    for suffix, recipes in modes.items():
        out.scenarios.append(_scenario(suffix, recipes, cards, taken, out, source))
    return out


def read_recipes(
    path: Path,
    cards: Mapping[str, CardDef],
    *,
    keys: Collection[str] | None = None,
    on_progress: Progress = no_progress,
) -> RecipeSet:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise ContentError(f"cannot read it ({error})", where=str(path)) from None
    return parse_recipes(text, cards, source=path.name, keys=keys, on_progress=on_progress)


def _load(text: str, source: str) -> dict[str, object]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ContentError(f"not valid JSON ({error.msg})", where=f"{source} line {error.lineno}") from None
    recipes = data.get("preBuiltDecks") if isinstance(data, dict) else None
    if not isinstance(recipes, dict):
        raise ContentError("no 'preBuiltDecks' object; is this DragnCards' preBuiltDecks.json?", where=source)
    return recipes


def _read_recipe(key: str, raw: object, cards: Mapping[str, CardDef], source: str, out: RecipeSet) -> _Recipe:
    where = f"{source} recipe {key or '(with no name)'}"  # an empty key still names the place
    if not isinstance(raw, dict) or not isinstance(raw.get("cards"), list):
        raise ContentError("a recipe must be an object with a 'cards' list", where=where)
    label = raw.get("label")
    groups: Groups = {}
    for index, entry in enumerate(raw["cards"], start=1):
        out.entries += 1
        at = f"{where} entry {index}"
        if not isinstance(entry, dict):
            raise ContentError("an entry must be an object", where=at)
        card_id, count, group = entry.get("databaseId"), entry.get("quantity"), entry.get("loadGroupId")
        if not isinstance(card_id, str) or not isinstance(group, str):
            raise ContentError("an entry needs a 'databaseId' and a 'loadGroupId' (strings)", where=at)
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise ContentError(f"quantity {count!r} is not a positive whole number", where=at)
        card = cards.get(card_id)
        if card is None:
            out.problems.append(Problem(at, f"unknown card id {card_id} ({group}); left out"))
            continue
        name = GROUPS.get(group) or _snake(group)
        if name == "staging" and card.type in RULES_TYPES:
            name = "rules"
        _add(groups.setdefault(name, []), card_id, count)
    return _Recipe(key, label if isinstance(label, str) else key, groups)


def _snake(group: str) -> str:
    return fields.camel_to_slug(group.removeprefix("shared")).replace("-", "_")


def _add(slots: list[Slot], card_id: str, count: int) -> None:
    """Merge repeated entries of one card in a group, keeping first-appearance order."""
    for i, slot in enumerate(slots):
        if slot.card == card_id:
            slots[i] = Slot(card=card_id, count=slot.count + count)
            return
    slots.append(Slot(card=card_id, count=count))


def _deck(recipe: _Recipe, out: RecipeSet, source: str) -> Deck:
    prefix = "core" if recipe.key.startswith("core") else "starter"
    rest = recipe.key.removeprefix(prefix)
    heroes = recipe.groups.get("heroes", [])
    for group in recipe.groups:
        if group not in ("heroes", "deck"):
            out.notes.append(Problem(f"{source} recipe {recipe.key}", f"group '{group}' not kept (a deck has none)"))
    return Deck(
        key=fields.camel_to_slug(recipe.key),
        name=recipe.label if not recipe.label.startswith("id:") else f"{DECK_PREFIX[prefix]}: {rest}",
        heroes=tuple(s.card for s in heroes for _ in range(s.count)),
        cards=tuple(recipe.groups.get("deck", [])),
        source=f"DragnCards pre-built deck {recipe.key}",
    )


def _scenario(
    suffix: str,
    recipes: dict[str, _Recipe],
    cards: Mapping[str, CardDef],
    taken: set[str],
    out: RecipeSet,
    source: str,
) -> Scenario:
    first = recipes.get("standard") or recipes.get("easy") or recipes["nightmare"]
    if "standard" not in recipes:
        out.notes.append(Problem(f"{source} recipe {first.key}", "no Standard recipe: this one stands in for it"))
    name = MODE_LABEL.sub("", first.label)
    key = fields.slugify(name)
    if key in taken:  # two scenarios share a title (a saga box and its campaign edition): the suffix tells apart
        key = f"{key}-{fields.slugify(suffix)}"
    taken.add(key)
    base = first.groups
    easy = recipes.get("easy")
    nightmare = recipes.get("nightmare")
    extra: list[tuple[str, tuple[Slot, ...]]] = [(g, tuple(s)) for g, s in base.items() if g not in TYPED]
    if easy is not None and easy is not first:
        extra += _differences("easy", easy.groups, base, skip=("encounter",), cards=cards)
    if nightmare is not None and nightmare is not first:
        extra += _differences("nightmare", nightmare.groups, base, skip=NIGHTMARE_TYPED, cards=cards)
    return Scenario(
        key=key,
        name=name,
        quest=quest_order(base.get("quest", []), cards),
        encounter=tuple(base.get("encounter", [])),
        easy_encounter=tuple(easy.groups.get("encounter", [])) if easy else (),
        nightmare_encounter=tuple(nightmare.groups.get("encounter", [])) if nightmare else (),
        staging=tuple(base.get("staging", [])),
        active_location=tuple(base.get("active_location", [])),
        set_aside=tuple(base.get("set_aside", [])),
        nightmare_staging=tuple(nightmare.groups.get("staging", [])) if nightmare else (),
        nightmare_set_aside=tuple(nightmare.groups.get("set_aside", [])) if nightmare else (),
        extra=tuple(extra),
    )


def _differences(
    mode: str, groups: Groups, base: Groups, *, skip: Iterable[str], cards: Mapping[str, CardDef]
) -> list[tuple[str, tuple[Slot, ...]]]:
    """The groups of a mode that differ from Standard (order aside), as "mode.group" entries."""
    out: list[tuple[str, tuple[Slot, ...]]] = []
    for group in [*base, *(g for g in groups if g not in base)]:
        if group in skip or _multiset(groups.get(group, [])) == _multiset(base.get(group, [])):
            continue
        slots = groups.get(group, [])
        if group == "quest":
            slots = [Slot(card=c) for c in quest_order(slots, cards)]
        out.append((f"{mode}.{group}", tuple(slots)))
    return out


def _multiset(slots: list[Slot]) -> Counter[str]:
    counts: Counter[str] = Counter()
    for slot in slots:
        counts[slot.card] += slot.count
    return counts


def quest_order(slots: list[Slot], cards: Mapping[str, CardDef]) -> tuple[str, ...]:
    """Quest card ids, stage 1 first; alternatives of one stage keep the recipe's order. A quest deck that
    mixes in other cards keeps the recipe's order throughout (they have no stage to sort by)."""
    ids = [s.card for s in slots for _ in range(s.count)]
    if all(cards[i].type == "quest" for i in ids):
        ids.sort(key=lambda i: cards[i].stage)
    return tuple(ids)
