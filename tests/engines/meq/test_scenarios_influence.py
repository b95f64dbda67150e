"""Acceptance scenarios of influence and of the Command action (meq spec 6): Havens, links in extension, and
one command per piece, through the Place Influence and Command decisions Sauron answers."""

from __future__ import annotations

import pytest

from engines.core import Answer, RuleError
from engines.meq import GAME, rules
from tests.engines.meq.table import a_table, answer, open_decision, options, place_token, turn_on


def placing(influence: dict[str, int]):
    """Sauron's first turn at its Place Influence action (X = 6), all of it for the board."""
    state = a_table()
    state.influence = dict(influence)
    state = answer(state, "action", "influence")
    return answer(state, "to_pool", "0")


def test_influence_never_goes_on_a_haven() -> None:
    # meq spec 6.22; seed 004 Influence on Locations (l.1200): Minas Tirith is a Haven next to Osgiliath, which
    # is in extension of Dol Guldur
    state = placing({"dol-guldur": 3, "dagorlad": 1, "sea-of-udun": 1, "minas-morgul": 1, "osgiliath": 1})
    assert "osgiliath" in rules.links(state) and "minas-tirith" in state.map.neighbours("osgiliath")
    assert "pelagir" not in options(state, "place")  # beyond the Haven: nothing links it
    assert "minas-tirith" not in options(state, "place")
    d = open_decision(state, "place")
    with pytest.raises(RuleError, match=r"is a Haven: influence never goes there\. .* is not an option"):
        GAME.apply(state, d.seat, Answer(decision=d.id, choice=("minas-tirith",)))
    with pytest.raises(RuleError, match="Haven"):
        rules.place_influence(turn_on(state), "minas-tirith")
    assert "minas-tirith" not in state.influence


def test_influence_must_be_linked_to_a_stronghold() -> None:
    # meq spec 6.23; seed 004 Influence on Locations (l.1200): not adjacent to a location in extension, not a
    # Stronghold: refused. Adjacent to one: accepted, one token at a time.
    state = placing({"dol-guldur": 3})
    offered = options(state, "place")
    assert "rhun" not in offered and "the-shire" not in offered  # two steps away / far away
    assert "dagorlad" in offered  # next to Dol Guldur
    d = open_decision(state, "place")
    with pytest.raises(RuleError, match="is not in extension of a Shadow Stronghold, nor next to a location that is"):
        GAME.apply(state, d.seat, Answer(decision=d.id, choice=("rhun",)))
    state = answer(state, "place", "dagorlad")
    assert "rhun" in options(state, "place")  # Dagorlad is now in extension: Rhun next to it may take one


def test_a_linked_location_holds_at_most_its_strongholds_strength() -> None:
    # meq spec 5.4 (the cap of a location in extension), as scenario 6.23 places tokens one at a time
    state = placing({"dol-guldur": 2, "dagorlad": 2})
    assert "dagorlad" not in options(state, "place")  # at Dol Guldur's strength (2)
    d = open_decision(state, "place")  # and named, it is refused with the reason, not as an unknown place
    with pytest.raises(RuleError, match="holds 2 influence, all it may hold now"):
        GAME.apply(state, d.seat, Answer(decision=d.id, choice=("dagorlad",)))
    state = answer(state, "place", "dol-guldur")
    assert "dagorlad" in options(state, "place")  # Dol Guldur now has 3


def commanding(state):
    state = answer(state, "action", "command")
    return state


def test_one_command_per_piece_and_no_move_for_a_token_just_placed() -> None:
    # meq spec 6.29; seed 004 The Action Step (l.1123), Command Monsters and Minions
    state = a_table()
    state.influence = {"dol-guldur": 3, "dagorlad": 1, "emyn-muil": 1, "rhun": 1}
    old = place_token(state, "brown-lands-mordor", "mon-orc", "dagorlad")
    state = commanding(state)
    assert f"move:{old.uid}" in options(state, "command")
    state = answer(state, "command", f"move:{old.uid}")
    state = answer(state, "move_to", "emyn-muil")
    assert state.token_at[old.uid] == "emyn-muil"
    offered = options(state, "command")
    assert f"move:{old.uid}" not in offered  # already commanded in this action
    d = open_decision(state, "command")
    with pytest.raises(RuleError):
        GAME.apply(state, d.seat, Answer(decision=d.id, choice=(f"move:{old.uid}",)))
    state = answer(state, "command", "place:brown-lands-mordor")
    new = next(c for c in state.tokens.cards if c.uid != old.uid)
    state = answer(state, "token_at", "rhun")
    offered = options(state, "command")
    assert f"move:{new.uid}" not in offered  # placed in this action: it cannot move in it
    assert not any(o.startswith("place:") for o in offered)  # at most one token placed per action
    d = open_decision(state, "command")
    with pytest.raises(RuleError):
        GAME.apply(state, d.seat, Answer(decision=d.id, choice=(f"move:{new.uid}",)))


def test_a_token_is_placed_only_on_its_colour_with_influence_and_no_hero() -> None:
    # meq spec 3.1 step 5 (place monster token), as scenario 6.29 commands it; seed 004 l.1123
    state = a_table()
    state.influence = {"dol-guldur": 3, "dagorlad": 1, "emyn-muil": 1}
    state.heroes[0].at = "emyn-muil"
    state = commanding(state)
    state = answer(state, "command", "place:brown-lands-mordor")
    where = options(state, "token_at")
    assert "dagorlad" in where and "dol-guldur" in where
    assert "emyn-muil" not in where  # a hero is there
    assert "rhun" not in where  # no influence


def test_a_full_shadow_pool_is_not_asked_about() -> None:
    # meq spec 5.4: the Pool never goes over 4 x stage; with it full, "how many go to the Pool" has one answer,
    # so the kernel answers it and the log says why: Sauron goes straight to placing all X on the board
    state = a_table()
    state.pool = rules.pool_cap(state)
    state = answer(state, "action", "influence")
    assert not [d for d in state.decisions if d.context.startswith("to_pool")]
    assert open_decision(state, "place") and state.pool == rules.pool_cap(state)


def test_piles_and_decks_are_named_by_their_regions() -> None:
    # a player reads "Rhudaur and Grey Mountains", not the pack's key "rhudaur-grey-mountains", in the Command
    # options, in the public line of a placed token and on the text board
    from engines.meq import view
    state = a_table()
    assert state.map.group_name("rhudaur-grey-mountains") == "Rhudaur and Grey Mountains"
    assert state.map.group_name("haven") == "Haven"
    state.influence = {"mount-gundabad": 2, "ettenmoors": 1}
    state = answer(state, "action", "command")
    labels = [o.label for o in open_decision(state, "command").options if o.id.startswith("place:")]
    assert labels and all(" and " in label and "-" not in label.split(" the ")[1] for label in labels)
    place_token(state, "rhudaur-grey-mountains", "blank", "ettenmoors")
    lines = view.text_lines(state, view.build(state, None))
    assert any("tokens (Rhudaur and Grey Mountains)" in line for line in lines)


def test_the_board_names_the_game_once() -> None:
    # The map transcribed from the community data is titled after the game: the board read "Middle-earth Quest:
    # Middle-earth Quest (community tr..." where Discord cuts a title
    from engines.meq import view

    state = a_table()
    title = view.build(state, None).title
    assert title.count("Middle-earth Quest") == 1, title
    assert view.titled("Base board") == "Middle-earth Quest: Base board"
