"""The characters (spec 5.5) as Event, Quest and Encounter cards place and move them: from the supply onto a
location, from one location to another, and back to the supply. Consulting one is part of a hero's Explore
(engines.meq.explore); these are what cards do with the figures."""

from __future__ import annotations

from engines.core import Turn
from engines.meq.cards import index
from engines.meq.effects import FX
from engines.meq.state import MeqState


def put_character(turn: Turn[MeqState], char: str, loc: str) -> None:
    """A character from the supply onto a location; one already on the board stays where it is (6.14)."""
    state = turn.state
    name = index().characters[char].name
    if char in state.characters:
        turn.say(f"{name} is already on {state.map.name(state.characters[char])} and stays there.")
    else:
        state.characters[char] = loc
        turn.say(f"{name} is placed on {state.map.name(loc)}.")


def move_character(turn: Turn[MeqState], char: str, loc: str) -> None:
    """Place a character from the supply, or move it if it is on the board already."""
    state = turn.state
    name = index().characters[char].name
    before = state.characters.get(char)
    state.characters[char] = loc
    turn.say(f"{name} {'moves' if before else 'is placed'} to {state.map.name(loc)}.")


def character_home(turn: Turn[MeqState], char: str) -> None:
    """A character leaves the board for the Favor and Character area."""
    state = turn.state
    loc = state.characters.pop(char)
    turn.say(f"{index().characters[char].name} leaves {state.map.name(loc)} for the supply.")


def _fx_character(turn: Turn[MeqState], args: list[str]) -> None:
    put_character(turn, args[0], args[1])


FX["character"] = _fx_character
