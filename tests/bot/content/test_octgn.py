"""OCTGN .o8d deck files: a self-written player deck, broken files refused by line, and (when the community
data is present) the Core Set's own quest deck files read against the built-in pack."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.content.errors import ContentError
from bot.content.lcg.dragncards import parse_card_db
from bot.content.lcg.octgn import deck_from_o8d, parse_o8d, read_o8d, scenario_from_o8d
from engines.lcg.cards import Slot
from engines.lcg.library import builtin
from tests.bot.content.helpers import ALLY, ATTACHMENT, EVENT, HERO, SHARED_LCG, needs_shared, snippet_rows, tsv

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "player_deck.o8d"
CARDS = parse_card_db(tsv(snippet_rows())).cards
QUEST_O8D = SHARED_LCG / "octgn" / "Q01.1-Passage-Through-Mirkwood.o8d"
EASY_O8D = SHARED_LCG / "octgn" / "E01.1-Passage-Through-Mirkwood.o8d"


def test_sections_and_cards_are_read_with_their_lines() -> None:
    sections = read_o8d(FIXTURE)
    assert [s.name for s in sections if s.cards] == ["Hero", "Ally", "Attachment", "Event", "Sideboard"]
    hero = sections[2].cards[0]
    assert (hero.id, hero.count, hero.name, hero.line) == (HERO, 1, "Captain Testwell", 6)


def test_a_player_deck_has_the_hero_section_as_heroes_and_the_rest_as_cards() -> None:
    result = deck_from_o8d(read_o8d(FIXTURE), CARDS, key="my-deck", name="My deck", source=FIXTURE.name)
    (deck,) = result.pack.decks
    assert deck.heroes == (HERO,)
    assert deck.cards == (Slot(card=ALLY, count=3), Slot(card=ATTACHMENT, count=2), Slot(card=EVENT, count=3))
    assert [n.reason for n in result.notes] == ["section 'Sideboard' is not part of the deck"]
    assert result.read == 6


def test_an_unknown_card_is_an_error_naming_its_line() -> None:
    text = FIXTURE.read_text(encoding="utf-8").replace("000000000004", "000000000404")
    with pytest.raises(ContentError, match=r"1 card\(s\) not in the card library: line 12: 'Trusty Shield'"):
        deck_from_o8d(parse_o8d(text), CARDS, key="k", name="n")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('</section>\n  <section name="Attachment"', '<section name="Attachment"'), r"line \d+: not valid XML"),
        (('qty="2" id="00000000-0000-4000-8000-000000000004"', 'qty="two" id="x"'), r"line 12: .*qty 'two'"),
        (('qty="3" id="00000000-0000-4000-8000-000000000002"', 'qty="3"'), r"line 9: card 'Hired Hand' has no id"),
        (("<deck game", '<!DOCTYPE deck [<!ENTITY x "y">]>\n<deck game'), r"line 2: a deck file may not declare"),
        (("<deck game", "<decks game"), r"not valid XML"),
    ],
)
def test_a_broken_file_is_refused_with_its_line(change: tuple[str, str], message: str) -> None:
    text = FIXTURE.read_text(encoding="utf-8").replace(*change, 1)
    with pytest.raises(ContentError, match=message):
        parse_o8d(text, source="deck.o8d")


def test_the_root_must_be_a_deck() -> None:
    with pytest.raises(ContentError, match="the root element is <set>, not <deck>"):
        parse_o8d('<?xml version="1.0"?><set name="x"/>')


def test_a_card_outside_a_section_is_refused() -> None:
    with pytest.raises(ContentError, match="line 1: a <card> outside any <section>"):
        parse_o8d('<deck><card qty="1" id="a">A</card></deck>')


@needs_shared
def test_the_core_quest_deck_file_is_not_a_player_deck() -> None:
    with pytest.raises(ContentError, match="this is a quest deck"):
        deck_from_o8d(read_o8d(QUEST_O8D), builtin().cards, key="k", name="n")


@needs_shared
def test_the_core_quest_deck_files_agree_with_the_built_in_scenario() -> None:
    library = builtin()
    mirkwood = library.scenario("passage-through-mirkwood")
    (standard,) = scenario_from_o8d(read_o8d(QUEST_O8D), library.cards, name="Passage Through Mirkwood").pack.scenarios
    assert standard.key == mirkwood.key and standard.quest == mirkwood.quest
    assert sorted(standard.encounter, key=lambda s: s.card) == sorted(mirkwood.encounter, key=lambda s: s.card)
    assert sorted(standard.staging, key=lambda s: s.card) == sorted(mirkwood.staging, key=lambda s: s.card)
    (easy,) = scenario_from_o8d(read_o8d(EASY_O8D), library.cards, name="Passage Through Mirkwood").pack.scenarios
    assert sorted(easy.encounter, key=lambda s: s.card) == sorted(mirkwood.easy_encounter, key=lambda s: s.card)
    assert sum(s.count for s in easy.encounter) == 25
