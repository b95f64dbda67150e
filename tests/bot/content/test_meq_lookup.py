"""`/meq card` (and the console's `meq card`) says a card's facts in a player's words: places, heroes and
characters by name, a colour's deck by its regions, lists as lists, flags as words; the card's own id only once,
in backticks, as what one may type (meq spec 1.2: the regional Encounter decks; 3.1 and 3.2: Shadow card timing)."""

from __future__ import annotations

import re

from bot.content.meq.lookup import card_facts
from bot.content.meq.words import tables
from engines.meq import board as mb
from engines.meq.cards import index


def test_an_events_places_and_character_are_named() -> None:
    [event] = card_facts("Messengers of the Stormcrow")
    assert event.endswith(": stage 1; priority 1; favor on Bree; character Theoden; character at Helm's Deep")
    [thieves] = card_facts("The Thieves of Tharbad")
    assert thieves.endswith("favor on Tharbad, The Bight")


def test_an_encounter_names_its_deck_and_where_it_happens() -> None:
    [court] = card_facts("The Court of Théoden")
    assert court.endswith(": deck Haven; priority 1; where Edoras")
    [agents] = card_facts("Saruman's Agents")
    assert agents.endswith(": deck Eriador and Enedwaith; priority 5; where any location")
    [thirst] = card_facts("Thirst and Despair")
    assert thirst.endswith(": deck Brown Lands and Mordor; priority 3; where Mordor")  # a region


def test_flags_heroes_and_timings_read_as_words() -> None:
    [mouth] = card_facts("The Mouth of Sauron")
    assert mouth.endswith("deck zealot; minion; may start at Dol Guldur; stage 1")
    [thalin] = card_facts("thalin")
    assert thalin.endswith("starts at Erebor; ability Iron Will")
    assert card_facts("cmb-thalin-evade")[0].endswith(": deck Thálin; type ranged; defense 2; cost 1; icon plains; "
                                                      "ability: cancels the opponent's Melee card; copies 2")
    [plot] = card_facts("s-sauron-hunts-for-the-ring-1")
    assert plot.endswith(": starting; marker yellow; advance 1; favor 3; affects Gladden Fields")
    assert card_facts("shadow-betrayed-1")[0].endswith(": pool 1; played at the start of combat")
    assert card_facts("quest-beravor-guarding-the-dimrill-stair")[0].endswith(
        ": owner Beravor; kind starting; explore The Redhorn Gate; gives favor, training, Gandalf to Bree")


def test_no_card_shows_an_id_a_tuple_or_a_flag_value() -> None:
    idx, board = index(), mb.builtin("base")
    ids = {loc.id for loc in board.locations} | {r.group for r in board.regions} | set(idx.heroes) | \
        set(idx.characters) | set(idx.items) | {"haven", "True", "False"}
    for table in tables(idx).values():
        for key in table:
            for line in card_facts(key):
                said = line.split("`): ", 1)[1]  # the facts, after the card's own id
                words = set(re.split(r"[;,]? ", said))
                assert not words & ids and "(" not in said and "_" not in said, line


def test_a_quest_says_what_completes_it_and_what_it_gives() -> None:
    """Spec 5.6: a quest's card answers what the hero must do (explore a named location) and its reward."""
    [ered] = card_facts("The Ered Luin")
    assert ered.endswith(": owner Thálin; kind starting; explore Blue Mountains; gives favor, Dain, the rest pool back")
