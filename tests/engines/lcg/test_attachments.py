"""Attachments' play restrictions ("Attach to a hero.", RR p.6 and p.12): only a legal host is offered, and an
attachment with no legal host cannot be played at all. The restriction is a fact of the card (`attach_to`)."""

from __future__ import annotations

from typing import Any

import pytest

from engines.core import Card, RuleError
from engines.lcg import GAME
from engines.lcg.cards import HostRule, describe_hosts, host_rules
from engines.lcg.library import builtin
from engines.lcg.playing import hosts, why_unplayable
from engines.lcg.state import PRISONER, LcgState, Task
from tests.engines.lcg.table import answer, card, hero, run, started


def gear(state: LcgState, attach_to: str, name: str = "Test Gear", seat: str = "p1") -> Card:
    """A free Leadership attachment with the given restriction, in `seat`'s hand."""
    made: Card = card(state, name=name, type="attachment", sphere="leadership", cost=0, attach_to=attach_to, owner=seat)
    state.player(seat).hand.cards.append(made)
    return made


def host_options(state: LcgState, attachment: Card) -> list[str]:
    """Play `attachment` in the planning phase and return the names offered as its host (p1 asks to be asked
    even when a single host makes the answer forced: `order forced ask`)."""
    state.orders.setdefault("p1", {})["forced"] = "ask"
    state, _ = run(state, Task(kind="plan-turn", seat="p1"))
    state, _ = answer(state, attachment.uid)
    decision = state.decisions[0]
    assert decision.context == f"host:{attachment.uid}"
    return [state.locate(o.id)[1].name for o in decision.options]


def ally(state: LcgState, name: str = "Test Ally", seat: str = "p1", **fields: Any) -> Card:
    made: Card = card(state, name=name, type="ally", sphere="leadership", hit_points=2, owner=seat, **fields)
    state.player(seat).play.cards.append(made)
    return made


def test_a_hero_attachment_is_offered_only_heroes():
    state = started(1)
    ally(state)
    assert host_options(state, gear(state, "hero")) == ["Aragorn", "Glóin", "Théodred"]


def test_without_a_restriction_any_character_in_play_is_offered_and_nothing_else():
    state = started(1)
    ally(state)
    assert host_options(state, gear(state, "")) == ["Aragorn", "Glóin", "Théodred", "Test Ally"]


def test_a_character_attachment_may_go_on_another_players_character_but_not_a_prisoner():
    state = started(2)
    hero(state, "p2", "Legolas").flags.append(PRISONER)
    offered = host_options(state, gear(state, "character"))
    assert offered == ["Aragorn", "Glóin", "Théodred", "Gimli", "Thalin"]


def test_a_location_attachment_is_offered_only_locations():
    state = started(1)  # Passage Through Mirkwood: Old Forest Road and Forest Spider in the staging area
    assert host_options(state, gear(state, "location")) == ["Old Forest Road"]
    state.active.cards.append(card(state, name="Test Glade", type="location", quest_points=2))
    assert host_options(state, gear(state, "active location")) == ["Test Glade"]
    assert host_options(state, gear(state, "staging location")) == ["Old Forest Road"]


def test_an_engaged_enemy_attachment_needs_an_engaged_enemy():
    state = started(1)
    snare = gear(state, "engaged enemy", name="Test Snare")
    player = state.player("p1")
    assert why_unplayable(state, player, snare, planning=True) == (
        "Test Snare must be attached to an enemy engaged with a player; there is none to attach it to."
    )
    spider = next(c for c in state.staging.cards if c.name == "Forest Spider")
    assert [c.name for c in hosts(state, player, gear(state, "enemy"))] == ["Forest Spider"]  # any enemy will do
    state.staging.cards.remove(spider)
    player.engaged.cards.append(spider)
    assert host_options(state, snare) == ["Forest Spider"]


def test_a_trait_qualified_attachment_is_offered_only_matching_characters():
    state = started(1)  # Aragorn (Dunedain Noble Ranger), Glóin (Dwarf Noble), Théodred (Noble Rohan Warrior)
    ally(state, name="Dwarf Ally", traits=("Dwarf",))
    assert host_options(state, gear(state, "Dwarf character")) == ["Glóin", "Dwarf Ally"]
    assert host_options(state, gear(state, "Dwarf hero")) == ["Glóin"]
    assert host_options(state, gear(state, "Rohan/Dúnedain hero")) == ["Aragorn", "Théodred"]  # accents aside


def test_sphere_keyword_owner_and_title_qualifiers():
    state = started(2)  # p1: Leadership heroes; p2: Tactics heroes, Legolas (Ranged), Gimli (Dwarf), Thalin (Dwarf)
    tactics = [h.name for h in state.player("p2").play.cards]
    assert sorted(tactics) == ["Gimli", "Legolas", "Thalin"]
    assert host_options(state, gear(state, "tactics hero")) == tactics
    assert host_options(state, gear(state, "hero with Ranged")) == ["Legolas"]
    assert host_options(state, gear(state, "own hero")) == ["Aragorn", "Glóin", "Théodred"]
    assert host_options(state, gear(state, "Rohan hero | named Legolas")) == ["Théodred", "Legolas"]


def test_an_attachment_with_no_legal_host_is_not_offered_and_play_is_refused():
    state = started(1)
    pipe = gear(state, "Hobbit hero", name="Test Pipe")
    state, _ = run(state, Task(kind="plan-turn", seat="p1"))
    assert pipe.uid not in [o.id for o in state.decisions[0].options]
    with pytest.raises(RuleError, match=r"^Test Pipe must be attached to a Hobbit hero; there is none to attach it"):
        GAME.apply(state, "p1", GAME.parse(f"play {pipe.uid}"))


def test_a_named_host_must_be_in_play():
    state = started(1)
    staff = gear(state, "named Gandalf", name="Test Staff")
    assert why_unplayable(state, state.player("p1"), staff, planning=True) == (
        "Test Staff must be attached to Gandalf; there is none to attach it to."
    )
    ally(state, name="Gandalf")
    assert host_options(state, staff) == ["Gandalf"]


def test_the_restriction_format_reads_back():
    assert host_rules("") == (HostRule(),)
    assert host_rules("tactics/Rohan hero | named Éowyn") == (
        HostRule(kind="hero", any_of=("tactics", "Rohan")),
        HostRule(title="Éowyn"),
    )
    assert host_rules("own Silvan character with Ranged") == (
        HostRule(kind="character", any_of=("Silvan",), keyword="Ranged", own=True),
    )
    assert describe_hosts("engaged enemy") == "an enemy engaged with a player"
    assert describe_hosts("leadership/Noble character") == "a Leadership or Noble character"
    assert describe_hosts("active location") == "the active location"
    with pytest.raises(ValueError, match="names no kind"):
        host_rules("threat dial")


def test_the_core_set_attachments_carry_their_restrictions():
    cards = {c.name: c for c in builtin().cards.values() if c.pack == "Core Set" and c.type == "attachment"}
    assert {name: c.attach_to for name, c in cards.items()} == {
        "Steward of Gondor": "hero", "Celebrían's Stone": "hero", "Blade of Gondolin": "hero",
        "Citadel Plate": "hero", "Dwarven Axe": "hero", "Horn of Gondor": "hero", "The Favor of the Lady": "hero",
        "Power in the Earth": "location", "Unexpected Courage": "hero", "Forest Snare": "engaged enemy",
        "Protector of Lórien": "hero", "Dark Knowledge": "hero", "Self Preservation": "character",
    }  # fmt: skip
    for c in cards.values():
        host_rules(c.attach_to)  # every one is well formed


def test_the_engine_knows_every_kind_the_format_names():
    from engines.lcg.cards import ATTACH_KINDS
    from engines.lcg.playing import HOST_TYPES

    assert set(HOST_TYPES) == set(ATTACH_KINDS)
