"""What `/meq card` and the console's `meq card` answer: a card's facts from the pack, and its words only when
the user imported them from their own copy (bot.content.meq.words). Pure of Discord, so both adapters share it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from bot.content.errors import ContentError
from bot.content.meq.words import fold, load_words, tables
from engines.core import CardView, View, plain_label
from engines.meq import board as mb
from engines.meq import quests
from engines.meq.abilities import ability_words
from engines.meq.cards import ANY, CombatDef, Index, index

# A fact's field as a player says it, where its own name would not do.
LABELS = {"start": "starts at", "starts": "may start at", "character_at": "character at", "ongoing_at": "ongoing at"}
# The engine's own tags (which script resolves a card, which predicate a Mission tests): no printed fact.
TAGS = ("scripted_condition", "test", "n")
# When a Shadow card is played (bot/content/meq/importer.py TIMINGS reads them from the data's words).
TIMINGS = {"action": "in the action step", "combat": "at the start of combat",
           "minion-combat": "at the start of a combat with a minion", "hero-start": "at the start of a hero's turn",
           "hero-start-wild": "at the start of a hero's turn outside a Haven",
           "hero-enters": "when a hero enters a location that is not a Haven",
           "hero-defeated": "when a hero is defeated"}


def card_facts(name: str, words: dict[str, str] | None = None, idx: Index | None = None) -> list[str]:
    """Every definition called `name` (or containing it; accents aside, so 'Thalin' finds Thálin): its facts,
    then its words when `words` has them."""
    wanted = fold(name)
    exact, near = [], []
    idx = idx or index()
    for kind, table in tables(idx).items():
        for key, card in table.items():
            title = str(getattr(card, "name", key))
            facts = {f: v for f, v in vars(card).items()
                     if f not in ("name", "id", *TAGS) and v not in ("", 0, (), None, False)}
            said = [_fact(card, f, v, idx) for f, v in facts.items()]
            if key in quests.QUESTS:  # what completes the quest and what it gives, in our words (engines/meq)
                said.append(quests.needs(key, mb.builtin("base").name))
            line = f"**{title}** ({kind}, `{key}`): " + "; ".join(said)
            if words and key in words:
                line += "\n" + "\n".join(f"> {part}" for part in words[key].splitlines() if part.strip())
            if fold(title) == wanted or key == name.strip():
                exact.append(line)
            elif wanted and wanted in fold(title):
                near.append(line)
    return exact or near


def _fact(card: object, field: str, value: object, idx: Index) -> str:
    """One fact in a player's words: places, heroes and characters by name, a colour group by its regions, a
    list as a list, a flag as its name ("starting True" is "starting"), never the pack's ids."""
    if value is True:
        return field
    if field == "ability" and isinstance(card, CombatDef):
        return f"ability: {ability_words(str(value))}"  # its script's tag in our words, not its printed name
    if field == "timing" and isinstance(value, str):
        return f"played {TIMINGS.get(value, value.replace('-', ' '))}"
    label = "favor on" if field == "favor" and isinstance(value, tuple) else LABELS.get(field, field)
    if isinstance(value, tuple):
        return f"{label} " + ", ".join(_named(str(v), field, idx) for v in value)
    return f"{label} {_named(value, field, idx) if isinstance(value, str) else value}"


def _named(value: str, field: str, idx: Index) -> str:
    board = mb.builtin("base")  # the pack's locations and regions are the base map's
    if field == "where" and value == ANY:
        return "any location"
    if value.startswith("region:"):
        rid = value.removeprefix("region:")
        return next((r.name for r in board.regions if r.id == rid), rid)
    if board.has(value):
        return board.name(value)
    for table in (idx.heroes, idx.characters, idx.items):
        if value in table:
            return str(table[value].name)
    if value == mb.HAVEN_GROUP:
        return "Haven"
    if any(r.group == value for r in board.regions):
        return board.group_name(value)
    return "Sauron" if value == "sauron" else value


def lookup(name: str, path: Path | None = None) -> list[str]:
    """`card_facts` with the user's stored words; a words file that cannot be read costs the words, not the
    facts, and the answer says so."""
    try:
        words = load_words(path)
    except ContentError as error:
        found = card_facts(name)
        return [*found, f"(Your card words were not shown: {error})"] if found else found
    return card_facts(name, words)


def seen_card(view: View, word: str) -> str:
    """The card an id shown in a prompt names ('c23'), as `view` (the asker's own) shows it: a face of its zones
    or an option of its decisions, by its definition's key where the view has it; "" if the view shows none (a
    face-down card tells nothing)."""
    wanted = word.strip().casefold()
    if not wanted:
        return ""

    def faces(cards: list[CardView]) -> Iterator[CardView]:
        for card in cards:
            yield card
            yield from faces(card.attached)

    for zone in (*view.table, *view.private):
        for card in faces(zone.cards):
            if card.uid is not None and card.uid.casefold() == wanted and card.name:
                return card.ref or card.name
    for decision in view.decisions:
        for option in decision.options:
            if option.id.casefold() == wanted:
                return plain_label(option).partition(" (")[0]
    return ""


def lookup_seen(name: str, view: View | None, path: Path | None = None) -> list[str]:
    """`lookup`, and where nothing is called `name`, the card `view` shows under that id (`seen_card`)."""
    found = lookup(name, path)
    if found or view is None:
        return found
    seen = seen_card(view, name)
    return lookup(seen, path) if seen else []


def location_facts(board: mb.Board, name: str, markdown: bool = True) -> str:
    """What `/meq location` and the console's `meq location` answer: a location of `board`, its decks and paths."""
    def folded(text: str) -> str:  # dashes too: 'dol-guldur' finds Dol Guldur
        return fold(text.replace("-", " "))

    wanted = folded(name)
    loc = next((x for x in board.locations if x.id == name.strip() or folded(x.name) == wanted), None) or \
        next((x for x in board.locations if wanted and wanted in folded(x.name)), None)
    if loc is None:
        raise ContentError(f"No location is called '{name.strip()}' on the map {board.title}.")
    kind = ["Haven"] if loc.haven else []
    kind += [f"Shadow Stronghold (holds up to {loc.stronghold})"] if loc.stronghold else []
    kind += ["permanently perilous"] if loc.perilous else []
    paths = [f"{board.name(p.other(loc.id))} ({p.icon}, cost {p.cost}, {p.kind}"
             + ("" if p.verified else ", unverified") + ")" for p in board.paths_from(loc.id)]
    # the colour group by the regions that share it, as the log names its deck and token pile, not its key
    # ("eriador-enedwaith" is how a map file spells it); a hero at a Haven draws from the Haven deck (meq spec
    # 3.2, step 4)
    group = board.group_name(board.group_of(loc.id))
    decks = f"the Haven Encounter deck, {group} monster tokens" if loc.haven else \
        f"the {group} Encounter deck and monster tokens"
    title = f"**{loc.name}** (`{loc.id}`)" if markdown else f"{loc.name} ({loc.id})"
    return (f"{title}, {board.region(loc.region).name}: {decks}"
            f"{'; ' + ', '.join(kind) if kind else ''}. Paths: {'; '.join(paths) or 'none'}.")
