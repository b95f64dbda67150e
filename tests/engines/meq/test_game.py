"""Answers that name their option (engines/meq/game.py `named_choice`): a place or card as its button reads."""

from __future__ import annotations

import pytest

from engines.core import Answer, RuleError
from engines.meq import GAME
from engines.meq.state import MeqState
from tests.engines.meq.table import a_table, open_decision


def _answer(state: MeqState, context: str, text: str) -> MeqState:
    d = open_decision(state, context)
    return GAME.apply(state, d.seat, GAME.parse(f"answer {d.id} {text}")).state


def test_a_place_may_be_named_as_its_button_reads() -> None:
    """Spec 5.4 (Sauron places influence on a location he chooses): the location may be typed by its name, in
    any case, without accents or quotes, whole or by an unambiguous part, not only by its id."""
    for typed in ("Mount Doom", '"Mount Doom"', "mount-doom", "MOUNT doom", "doom"):
        state = a_table(plot_setup=True)
        before = state.influence.get("mount-doom", 0)
        state = _answer(state, "place", typed)
        assert state.influence.get("mount-doom", 0) == before + 1, typed
    state = a_table(plot_setup=True)
    state = _answer(state, "place", "Barad-Dûr")  # the accent the board leaves out
    assert state.influence["barad-dur"] == 3


def test_a_name_that_fits_two_options_is_refused() -> None:
    state = a_table(plot_setup=True)
    d = open_decision(state, "place")
    with pytest.raises(RuleError, match="is not an option"):
        GAME.apply(state, d.seat, Answer(decision=d.id, choice=("mount",)))  # Mount Doom, Mount Gundabad


def test_a_name_of_several_words_that_fits_nothing_is_refused_with_the_options() -> None:
    state = a_table(plot_setup=True)
    d = open_decision(state, "place")
    with pytest.raises(RuleError, match=r"'The Nindalf' is not an option of decision .* The options are: mount-doom"):
        GAME.apply(state, d.seat, Answer(decision=d.id, choice=("The", "Nindalf")))


def test_heroes_may_be_chosen_by_name_as_well_as_by_id() -> None:
    """The `heroes` option (an [ENGINE] choice: the rulebook has each hero player choose a hero, setup step 2)
    took the heroes' ids alone: 'heroes=Thalin,Eleanor' was refused, though the refusal listed names a player reads
    on the hero sheets. A name is read as its hero's id, accents and case aside; a name no hero has is refused with
    the heroes' names, and nothing is set up."""
    from engines.core import Config

    def heroes(option: str) -> list[tuple[str, str]]:
        state = GAME.setup(Config(seats=GAME.seat_names(3), options={"heroes": option}), 4)
        return [(h.seat, h.key) for h in state.heroes]

    assert heroes("Thalin, eleanor") == heroes("thalin,eleanor") == [("p2", "thalin"), ("p3", "eleanor")]
    assert heroes("THÁLIN,Beravor") == [("p2", "thalin"), ("p3", "beravor")]
    with pytest.raises(RuleError, match=r"^Name 2 different heroes: Thálin, Argalad, Eleanor, Eometh, Beravor\.$"):
        heroes("Thalin,Gandalf")
    with pytest.raises(RuleError, match="different heroes"):
        heroes("thalin,Thálin")
