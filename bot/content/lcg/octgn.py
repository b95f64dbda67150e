"""OCTGN `.o8d` deck files: XML sections of `<card qty=".." id="GUID">Name</card>`.

A player deck has a "Hero" section and the rest of its cards in other non-shared sections; a quest deck has
shared sections (Quest, Encounter, Staging Setup, ...). Card ids are OCTGN GUIDs, the same ids the library
uses, so nothing needs mapping; an id the library lacks is an error naming its line.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from xml.parsers import expat

from bot.content.errors import ContentError
from bot.content.lcg.fields import MAX_COPIES, slugify
from bot.content.lcg.recipes import quest_order
from bot.content.lcg.report import ImportResult, Problem
from engines.lcg.cards import CardDef, Deck, Pack, Scenario, Slot

# Sections of a quest .o8d -> Scenario groups (the rest go to `extra` under their slug).
SCENARIO_SECTIONS = {
    "quest": "quest",
    "encounter": "encounter",
    "staging setup": "staging",
    "active setup": "active_location",
    "setup": "set_aside",
    "second quest deck": "quest2",
}
NOT_IN_DECK = ("sideboard",)  # a player deck's sections that are not part of the deck played


@dataclass(frozen=True)
class O8dCard:
    id: str
    count: int
    name: str
    line: int


@dataclass
class O8dSection:
    name: str
    shared: bool
    line: int
    cards: list[O8dCard] = field(default_factory=list)


def parse_o8d(data: bytes | str, *, source: str = "deck.o8d") -> list[O8dSection]:
    """The sections in file order. Malformed XML, a DTD or entity, a card outside a section, or a card without
    an id or a positive qty raises ContentError naming the line."""
    reader = _Reader(source)
    parser = expat.ParserCreate()
    parser.StartElementHandler = reader.start
    parser.EndElementHandler = reader.end
    parser.CharacterDataHandler = reader.chars
    parser.StartDoctypeDeclHandler = reader.refuse_doctype  # no DTDs: no entity expansion attacks
    parser.EntityDeclHandler = reader.refuse_doctype
    reader.parser = parser
    payload = data.removeprefix("\ufeff").encode("utf-8") if isinstance(data, str) else data
    try:
        parser.Parse(payload, True)
    except expat.ExpatError as error:
        raise ContentError(
            f"not valid XML ({expat.errors.messages[error.code]})", where=_at(source, error.lineno)
        ) from None
    except LookupError as error:  # the XML declaration names an encoding Python does not know
        raise ContentError(f"not valid XML ({error})", where=_at(source, 1)) from None
    if reader.root != "deck":
        raise ContentError(f"the root element is <{reader.root or 'nothing'}>, not <deck>", where=source)
    return reader.sections


def read_o8d(path: Path) -> list[O8dSection]:
    try:
        data = path.read_bytes()
    except OSError as error:
        raise ContentError(f"cannot read it ({error.strerror})", where=str(path)) from None
    return parse_o8d(data, source=path.name)


class _Reader:
    def __init__(self, source: str) -> None:
        self.source = source
        self.parser: expat.XMLParserType | None = None
        self.root = ""
        self.sections: list[O8dSection] = []
        self.section: O8dSection | None = None
        self.card: dict[str, str] | None = None
        self.card_line = 0
        self.text: list[str] = []

    @property
    def line(self) -> int:
        return self.parser.CurrentLineNumber if self.parser else 0

    def refuse_doctype(self, *_: object) -> None:
        raise ContentError("a deck file may not declare a DTD or entities", where=_at(self.source, self.line))

    def start(self, tag: str, attrs: dict[str, str]) -> None:
        if not self.root:
            self.root = tag
        elif tag == "section":
            name = attrs.get("name", "").strip()
            if not name:
                raise ContentError("a <section> without a name", where=_at(self.source, self.line))
            self.section = O8dSection(name, attrs.get("shared", "").lower() == "true", self.line)
            self.sections.append(self.section)
        elif tag == "card":
            if self.section is None:
                raise ContentError("a <card> outside any <section>", where=_at(self.source, self.line))
            self.card, self.card_line, self.text = attrs, self.line, []

    def chars(self, data: str) -> None:
        if self.card is not None:
            self.text.append(data)

    def end(self, tag: str) -> None:
        if tag == "section":
            self.section = None
        elif tag == "card" and self.card is not None and self.section is not None:
            name = "".join(self.text).strip()
            where = _at(self.source, self.card_line)
            card_id = self.card.get("id", "").strip()
            if not card_id:
                raise ContentError(f"card '{name}' has no id", where=where)
            qty = self.card.get("qty", "1").strip()
            # ASCII digits only ('³' is a digit to str.isdigit), and few of them: a count is bounded before any
            # work, as RingsDB's are (bot/content/lcg/ringsdb.py, MAX_COPIES).
            if not (qty.isascii() and qty.isdigit()) or int(qty[:4]) < 1:
                raise ContentError(f"card '{name}' has qty '{qty[:12]}', not a positive whole number", where=where)
            if int(qty[:4]) > MAX_COPIES or len(qty) > 4:
                raise ContentError(f"card '{name}' has qty {qty[:12]}; a deck holds at most {MAX_COPIES} of a card "
                                   "(3 in a legal deck)", where=where)
            self.section.cards.append(O8dCard(card_id, int(qty), name, self.card_line))
            self.card = None


def _at(source: str, line: int) -> str:
    return f"{source} line {line}"


def _check_known(sections: list[O8dSection], known: Mapping[str, CardDef], source: str) -> None:
    unknown = [c for s in sections for c in s.cards if c.id not in known]
    if unknown:
        listed = "; ".join(f"line {c.line}: '{c.name}' ({c.id})" for c in unknown[:5])
        more = f" and {len(unknown) - 5} more" if len(unknown) > 5 else ""
        raise ContentError(f"{len(unknown)} card(s) not in the card library: {listed}{more}", where=source)


def _slots(cards: list[O8dCard]) -> tuple[Slot, ...]:
    merged: dict[str, int] = {}
    for card in cards:
        merged[card.id] = merged.get(card.id, 0) + card.count
    return tuple(Slot(card=i, count=n) for i, n in merged.items())


def deck_from_o8d(
    sections: list[O8dSection], known: Mapping[str, CardDef], *, key: str, name: str, source: str = "deck.o8d"
) -> ImportResult:
    """A player deck: the Hero section's cards are the heroes, the other player sections the deck."""
    _check_known(sections, known, source)
    heroes = [c for s in sections if s.name.lower() == "hero" for c in s.cards]
    if not heroes and any(s.cards for s in sections if s.shared):
        raise ContentError("this is a quest deck (only shared sections hold cards), not a player deck", where=source)
    rest = [c for s in sections if not s.shared and s.name.lower() not in ("hero", *NOT_IN_DECK) for c in s.cards]
    result = ImportResult(pack=Pack(key=key, name=name, source=source), read=sum(len(s.cards) for s in sections))
    for section in sections:
        if section.cards and (section.shared or section.name.lower() in NOT_IN_DECK):
            result.notes.append(Problem(_at(source, section.line), f"section '{section.name}' is not part of the deck"))
    result.pack.decks.append(
        Deck(
            key=key,
            name=name,
            heroes=tuple(c.id for c in heroes for _ in range(c.count)),
            cards=_slots(rest),
            source=source,
        )
    )
    return result


def scenario_from_o8d(
    sections: list[O8dSection], known: Mapping[str, CardDef], *, name: str, source: str = "quest.o8d"
) -> ImportResult:
    """A quest deck (one difficulty) as a Scenario: Quest, Encounter, Staging Setup, Active Setup, Setup."""
    _check_known(sections, known, source)
    groups: dict[str, list[O8dCard]] = {}
    for section in sections:
        if section.cards:
            group = SCENARIO_SECTIONS.get(section.name.lower(), slugify(section.name).replace("-", "_"))
            groups.setdefault(group, []).extend(section.cards)
    quest = quest_order(list(_slots(groups.pop("quest", []))), known)
    scenario = Scenario(
        key=slugify(name),
        name=name,
        quest=quest,
        encounter=_slots(groups.pop("encounter", [])),
        staging=_slots(groups.pop("staging", [])),
        active_location=_slots(groups.pop("active_location", [])),
        set_aside=_slots(groups.pop("set_aside", [])),
        extra=tuple((g, _slots(cards)) for g, cards in groups.items()),
    )
    read = sum(len(s.cards) for s in sections)
    return ImportResult(pack=Pack(key=scenario.key, name=name, scenarios=[scenario], source=source), read=read)
