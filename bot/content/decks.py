"""Imported decks that outlive the process: a RingsDB deck (fetched and mapped) or an OCTGN `.o8d` deck file
(read) is checked, stored in the `deck` table and added to the LCG library, both the same way; at start-up every
stored deck goes back into the library.

Games copy the definitions they use into their own state, but a game's journal replays `deck <key>` from the
library (undo, audits), so a deck a game chose must be in the library whenever that game is loaded.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import Counter
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path

from sqlalchemy import select
from sqlmodel import col

from bot import safe_text
from bot.content.errors import ContentError
from bot.content.lcg.core import facts_only
from bot.content.lcg.fields import slugify
from bot.content.lcg.octgn import deck_from_o8d, parse_o8d
from bot.content.lcg.report import ImportResult, Problem
from bot.content.lcg.ringsdb import CardRecords, Fetch, import_ringsdb, urllib_fetch
from bot.content.packs import read_pack
from bot.settings import settings
from bot.store.database import Database
from bot.store.models import DeckRow, utcnow
from engines.core.codec import from_data, to_data
from engines.core.errors import WestmarchError
from engines.lcg.cards import CardDef, Deck, Pack, Slot
from engines.lcg.library import Library, builtin

log = logging.getLogger(__name__)

TOURNAMENT_MINIMUM = 50  # spec 9.2, C §3.3: at least 50 cards besides the heroes (starter decks have 30)
MAX_COPIES = 3  # spec 9.3
NOT_COUNTED = ("treasure", "boon")  # spec 9.6: extras that do not count toward the minimum
MAX_O8D_BYTES = 256 * 1024  # an OCTGN deck file is a few KiB; anything this big is not one
MAX_PROBLEMS = 12  # unmapped cards listed in an import report; the rest are counted


@dataclass(kw_only=True)
class DeckImport:
    """What an import did: the deck as stored, and what the player should hear about it."""

    deck: Deck
    hero_names: list[str]
    problems: list[Problem] = field(default_factory=list)  # cards left out
    notes: list[Problem] = field(default_factory=list)  # kept with a loss (the sideboard)
    warnings: list[str] = field(default_factory=list)  # legal but unusual (below the tournament minimum)
    replaced: bool = False  # the same deck was stored before under this key (nothing changed)


def default_library() -> Library:
    from engines.lcg import GAME

    return GAME.library


def check_legal(deck: Deck, library: Library) -> list[str]:
    """Refuse a deck no game could accept (spec 9: 1 to 3 heroes, at most 3 copies of a title), as the
    engine would when it is chosen; return warnings for a deck fit for casual play but not for a tournament."""
    where = deck.source or deck.key  # the deck's page; the reasons name the field at fault (heroes, a card)
    if not 1 <= len(deck.heroes) <= 3:
        raise ContentError(
            f"A deck needs 1 to 3 heroes; {deck.name} has {len(deck.heroes)} that could be mapped.",
            where=f"{where} heroes",
            say_where=False,
        )
    titles = Counter(library.card(s.card).name for s in deck.cards for _ in range(s.count))
    over = sorted(t for t, n in titles.items() if n > MAX_COPIES)
    if over:
        raise ContentError(
            f"{deck.name} has more than {MAX_COPIES} copies of {', '.join(over)}.",
            where=f"{where} slots",
            say_where=False,
        )
    counted = sum(s.count for s in deck.cards if library.card(s.card).type not in NOT_COUNTED)
    if counted < TOURNAMENT_MINIMUM:
        return [
            f"{counted} cards is below the {TOURNAMENT_MINIMUM}-card tournament minimum; the deck can still be played."
        ]
    return []


async def import_ringsdb_deck(
    database: Database,
    source: str,
    *,
    owner_user_id: int | None,
    fetch: Fetch = urllib_fetch,
    records: CardRecords | None = None,
    library: Library | None = None,
) -> DeckImport:
    """Fetch (off the event loop), map, check, store, then add to the library. Raises ContentError, with
    nothing stored, when the deck cannot be had or could never be played."""
    library = library or default_library()
    try:
        result = await import_ringsdb(source, known=library.cards, fetch=fetch, records=records)
    except OSError as error:  # a connection dropped mid-answer: not an URLError, still the network
        raise ContentError(f"RingsDB could not be reached ({error}). Try again later.") from None
    return await store_import(database, result, owner_user_id=owner_user_id, library=library)


def check_o8d_file(filename: str, size: int) -> str:
    """Refuse, before it is read, a file that is not named as an OCTGN deck or is too big to be one. Returns
    the name to call it by (safe to post)."""
    # Printable and short; not escaped as a name is: it is told only to the player who gave it, whose own
    # file name would read oddly with its underscores escaped (the client lets no message ping a crowd).
    shown = safe_text.clip("".join(ch for ch in filename if ch.isprintable()).strip(), 80) or "?"
    if not filename.lower().endswith(".o8d"):
        raise ContentError(f"{shown} is not an OCTGN deck file: those end in .o8d.")
    if size > MAX_O8D_BYTES:
        raise ContentError(
            f"{shown} is {-(-size // 1024):,} KiB; an OCTGN deck file may be at most {MAX_O8D_BYTES // 1024} KiB."
        )
    return shown


async def read_o8d_file(path: Path) -> bytes:
    """A local .o8d file's bytes (the console's import), refused by name or size before it is read, and read
    no further than the limit (a pipe or a device says nothing of its size)."""

    def read() -> bytes:
        check_o8d_file(path.name, path.stat().st_size if path.is_file() else 0)
        with path.open("rb") as file:
            return file.read(MAX_O8D_BYTES + 1)

    try:
        return await asyncio.to_thread(read)
    except OSError as error:
        raise ContentError(f"{path} cannot be read ({error.strerror}).") from None


async def import_o8d_deck(
    database: Database,
    data: bytes,
    *,
    filename: str,
    owner_user_id: int | None,
    library: Library | None = None,
) -> DeckImport:
    """An OCTGN .o8d player deck file, its bytes as uploaded (the parser decodes them as the file's XML
    declaration says): read, checked and stored as a RingsDB deck is, named after the file. Every card must be
    in the library already (OCTGN ids are the library's; a file names no card's facts), or nothing is stored.
    Raises ContentError, with nothing stored, saying where in the file what is wrong."""
    library = library or default_library()
    shown = check_o8d_file(filename, len(data))
    stem = filename[: -len(".o8d")].replace("_", " ")  # Discord writes an upload's spaces as underscores
    name = safe_text.name(stem, 80) if stem.strip() else "OCTGN deck"
    key = "octgn-" + (slugify(stem)[:48].strip("-") or "deck")
    try:
        sections = parse_o8d(data, source=shown)
    except ContentError as error:  # the place, then what is wrong there: "deck.o8d line 3: not valid XML (...)"
        raise ContentError(_said(str(error)), where=error.where, say_where=False) from None
    try:
        result = deck_from_o8d(sections, library.cards, key=key, name=name, source=shown)
    except ContentError as error:
        unknown = any(c.id not in library.cards for s in sections for c in s.cards)
        hint = (" Import the deck from RingsDB instead (RingsDB supplies its cards' numbers), or ask the server's"
                " admin to add those cards' set." if unknown else "")
        raise ContentError(_said(str(error)) + hint, where=error.where, say_where=False) from None
    if not result.pack.decks[0].heroes:
        raise ContentError(f"{shown} has no heroes (its Hero section is empty or missing); a deck needs 1 to 3.",
                           where=f"{shown} heroes", say_where=False)
    return await store_import(database, result, owner_user_id=owner_user_id, library=library)


def _said(reason: str) -> str:
    """A reader's reason as one sentence, short however long the names it quotes from the file (told only to
    the player who gave the file; the client lets no message ping a crowd)."""
    return safe_text.ended(safe_text.clip(" ".join(reason.split()), 900))


async def store_import(
    database: Database, result: ImportResult, *, owner_user_id: int | None, library: Library
) -> DeckImport:
    """Check an imported deck (spec 9), store it with the definitions of its cards the shipped packs lack,
    then add it to the library. Raises ContentError, with nothing stored, for a deck no game could accept."""
    (deck,) = result.pack.decks
    trial = Library(cards={**library.cards, **{c.id: c for c in result.pack.cards}})
    warnings = check_legal(deck, trial)
    defs = [trial.card(i) for i in deck_card_ids(deck) if i not in shipped_card_ids()]
    deck, replaced = await save_deck(database, deck, defs, owner_user_id)
    library.add(Pack(key=deck.key, name=deck.name, cards=list(result.pack.cards), decks=[deck], source=deck.source))
    return DeckImport(
        deck=deck,
        hero_names=[trial.card(h).name for h in deck.heroes],
        problems=list(result.problems),
        notes=list(result.notes),
        warnings=warnings,
        replaced=replaced,
    )


def import_report(done: DeckImport, *, choose: str, markdown: bool = True) -> str:
    """What a player is told after an import (Discord, or the console with `markdown=False`); `choose` is
    how they choose the deck where they are."""
    deck = done.deck
    name, key = (f"**{deck.name}**", f"`{deck.key}`") if markdown else (deck.name, f"'{deck.key}'")
    lines = [
        f"Already stored: {name} as {key}." if done.replaced else f"Imported {name} as {key}.",
        f"Heroes: {', '.join(done.hero_names)}. Cards: {deck.size}.",
        *(f"Warning: {w}" for w in done.warnings),
    ]
    if done.problems:
        lines.append("Not mapped (left out):")
        # The importer's reasons often repeat where they happened ("RingsDB card 9: RingsDB card 9: HTTP 500").
        lines += [f"- {p.reason if p.reason.startswith(p.where) else p}" for p in done.problems[:MAX_PROBLEMS]]
        if len(done.problems) > MAX_PROBLEMS:
            lines.append(f"- …and {len(done.problems) - MAX_PROBLEMS} more.")
    if done.notes:
        lines.append("Also: " + "; ".join(p.reason for p in done.notes) + ".")
    lines.append(f"Choose it in a game's setup with {choose}.")
    return "\n".join(lines)


def deck_card_ids(deck: Deck) -> list[str]:
    return list(dict.fromkeys([*deck.heroes, *(s.card for s in deck.cards)]))


@cache
def _shipped() -> Library:
    return builtin()


def shipped_card_ids() -> frozenset[str]:
    """Cards every start-up has without the database: a stored deck keeps its own copy of any other."""
    return frozenset(_shipped().cards)


def shipped_deck_keys() -> frozenset[str]:
    """The starter decks that ship with the engine."""
    return frozenset(_shipped().decks)


async def save_deck(
    database: Database, deck: Deck, defs: list[CardDef], owner_user_id: int | None
) -> tuple[Deck, bool]:
    """Store a deck. A stored deck never changes: games replay `deck <key>` from it (undo, audits), so a
    re-import whose cards differ is stored under the next free key ("ringsdb-12345.2"). Returns the deck as
    stored and whether an identical one was already there."""
    heroes = json.dumps(list(deck.heroes))
    cards = json.dumps(to_data(list(deck.cards)), sort_keys=True)
    card_defs = json.dumps(to_data([facts_only(d) for d in defs]), ensure_ascii=False, sort_keys=True)
    async with database.session() as s:
        version = 1
        while True:
            key = deck.key if version == 1 else f"{deck.key}.{version}"
            row = (await s.execute(select(DeckRow).where(col(DeckRow.key) == key))).scalar_one_or_none()
            if row is None:
                break
            if row.heroes_json == heroes and row.cards_json == cards:
                return replace(deck, key=key), True
            version += 1
        s.add(
            DeckRow(
                key=key,
                name=deck.name[:200],
                owner_user_id=owner_user_id,
                source=deck.source,
                heroes_json=heroes,
                cards_json=cards,
                card_defs_json=card_defs,
                updated_at=utcnow(),
            )
        )
    return replace(deck, key=key), False


def pack_of(row: DeckRow) -> Pack:
    """One stored deck as the pack the library loads."""
    deck = Deck(
        key=row.key,
        name=row.name,
        heroes=tuple(str(h) for h in json.loads(row.heroes_json)),
        cards=tuple(from_data(list[Slot], json.loads(row.cards_json))),
        source=row.source,
    )
    defs: list[CardDef] = from_data(list[CardDef], json.loads(row.card_defs_json))
    return Pack(key=row.key, name=row.name, cards=defs, decks=[deck], source=row.source)


def load_user_packs(folder: Path, library: Library) -> list[str]:
    """The user's own packs (PACK_DIR/*.json: their import of a community card file, with its scenarios).
    Loaded before stored decks, which may name their cards. A bad file is logged and skipped."""
    loaded = []
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        try:
            pack = read_pack(path.read_text(encoding="utf-8"), source=path.name)
        except (OSError, ValueError, WestmarchError) as error:  # ContentError names the line or the field
            log.warning("pack %s is unreadable and was not loaded: %s", path, error)
            continue
        library.add(pack)
        loaded.append(pack.key)
    return loaded


async def load_stored_decks(database: Database, library: Library | None = None) -> int:
    """Put the user's packs and every stored deck into the library (at start-up). A row that cannot be read,
    or names a card the library lacks, is logged and left out rather than stopping the bot. Returns how many
    decks were loaded."""
    library = library or default_library()
    await asyncio.to_thread(load_user_packs, Path(settings().pack_dir), library)
    async with database.session() as s:
        rows = list((await s.execute(select(DeckRow).order_by(col(DeckRow.id)))).scalars())
    packs: list[Pack] = []
    for row in rows:
        try:
            packs.append(pack_of(row))
        except (ValueError, TypeError, KeyError) as error:
            log.warning("stored deck %s is unreadable and was not loaded: %s", row.key, error)
    for pack in packs:  # cards first: one deck may rely on a card another deck's import brought
        library.add(Pack(key=pack.key, name=pack.name, cards=pack.cards))
    loaded = 0
    for pack in packs:
        (deck,) = pack.decks
        missing = [i for i in deck_card_ids(deck) if i not in library.cards]
        if missing:
            log.warning("stored deck %s names unknown cards %s and was not loaded", deck.key, ", ".join(missing))
            continue
        library.add(Pack(key=pack.key, name=pack.name, decks=[deck]))
        loaded += 1
    return loaded
