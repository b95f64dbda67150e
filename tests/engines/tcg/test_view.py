"""What the text board and the assignment prompt show (engines/tcg/view.py, combat.py). Found playing through the
console: the zones read "p1 p1: fellowship", a wound "(1 wounds)", Sanctuary asked to "heal up to 1 wounds", and
neither `status` nor the assignment prompt gave the strength and vitality a player needs to assign defenders, nor
the site each fellowship is at."""

from __future__ import annotations

from engines.tcg import GAME, flow
from engines.tcg.state import WOUNDS, TcgState
from engines.tcg.view import TcgView
from render.text import view_text
from tests.engines.tcg.table import a_game, answer, put, turn_of

SPEARMAN, SNEAK = "7_201", "7_135"  # Morgul Spearman (strength 6, vitality 2), Desert Sneak (strength 5, vitality 2)


def table(s: TcgState) -> TcgView:
    view = GAME.view(s, None)
    assert isinstance(view, TcgView)
    return view


def assigning() -> TcgState:
    """p1 assigns (spec 4.7): Merry wounded once, two minions in play."""
    s = a_game()
    s.players[0].fellowship.cards[1].tokens[WOUNDS] = 1
    put(s, SPEARMAN, "minions", "p2")
    put(s, SNEAK, "minions", "p2")
    s.decisions.clear()
    s.phase, s.step = "assignment", "assignment"
    flow.advance(turn_of(s))
    return s


def test_the_zones_are_named_once_after_their_owner_and_the_fellowship_with_its_site() -> None:
    s = a_game()
    s.players[1].position = 3
    text = view_text(table(s))
    assert "p1 fellowship at site 1 (3): Frodo, Hope of Free Peoples" in text
    assert "p2 fellowship at site 3 (3): " in text
    assert "p1 discard pile: 0 cards" in text and "p2 dead pile: 0 cards" in text
    assert "p1 p1:" not in text


def test_one_wound_reads_singular() -> None:
    s = a_game()
    merry = s.players[0].fellowship.cards[1]
    merry.tokens[WOUNDS] = 1
    assert f"{merry.name} (1 wound)" in view_text(table(s))


def test_the_board_gives_the_active_fellowship_and_the_minions_numbers_and_who_defends() -> None:
    # spec 4.7, 4.8: a skirmish compares strength; vitality and wounds say who survives. Frodo's 4 is his 3 and the
    # Ring's +1: the board shows the numbers the skirmish will compare, not the printed ones
    s = assigning()
    merry = s.players[0].fellowship.cards[1]
    spearman = s.minions.cards[0]
    s = answer(s, f"{spearman.uid}>{merry.uid}")
    lines = table(s).lines
    assert ("p1's fellowship at site 1 (the active one): hand 8, deck 50, burdens 0, threats 0; Frodo, Hope of Free "
            "Peoples (strength 4, vitality 4); Merry, Noble Warrior (strength 5, vitality 4, 1 wound); Enraged "
            "Horseman (strength 5, vitality 3)") in lines
    assert "p2's fellowship at site 1: hand 8, deck 50, burdens 0, threats 0; Frodo, Hope of Free Peoples; Pippin, " \
        "Guard of Minas Tirith; Gondorian Captain" in lines
    assert ("Minions: Morgul Spearman (strength 6, vitality 2) against Merry, Noble Warrior; Desert Sneak (strength 5, "
            "vitality 2)") in lines


def test_the_assignment_prompt_gives_the_numbers_and_the_status_its_question() -> None:
    # spec 4.7: the Free Peoples player assigns, then each Shadow player his leftover minions
    s = assigning()
    d = s.decisions[0]
    assert d.prompt == ("Assign your companions to minions, then say done. "
                        "Companions: Frodo, Hope of Free Peoples (strength 4, vitality 4); Merry, Noble Warrior "
                        "(strength 5, vitality 4, 1 wound); Enraged Horseman (strength 5, vitality 3). "
                        "Minions: Morgul Spearman (strength 6, vitality 2); Desert Sneak (strength 5, vitality 2).")
    assert table(s).status == ("Turn 1, p1's assignment phase: waiting on p1 (Assign your companions to minions, "
                               "then say done.)")
    s = answer(s, "done")
    leftover = s.decisions[0]
    assert leftover.seat == "p2" and leftover.prompt.startswith(
        "Assign your unassigned minions (those left out do not skirmish). Companions: Frodo")


def test_sanctuary_counts_one_wound_singular() -> None:
    # spec 7.38 (Sanctuary heals up to 5 wounds)
    s = a_game()
    s.decisions.clear()
    hall = s.players[1].adventure.cards[2]  # Hall of the Kings, site 3, a sanctuary
    s.players[1].adventure.cards.remove(hall)
    s.path.cards.append(hall)
    s.players[0].position = 3
    s.players[0].fellowship.cards[1].tokens[WOUNDS] = 1
    s.step = "turn"
    flow.advance(turn_of(s))
    assert s.decisions[0].prompt == "Sanctuary: heal up to 1 wound from your companions."
