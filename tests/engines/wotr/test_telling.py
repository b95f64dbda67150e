"""What the table is told (spec 1.5, and issue 16's log wording): hidden cards stay hidden when a rule touches
them, and the log names what it means and nothing more."""

from __future__ import annotations

from engines.wotr import procedures as proc
from tests.engines.wotr.table import answer, opened, put, to_act, to_hand, turn


def public_lines(t: object) -> list[str]:
    return [e.text for e in t.events if e.audience is None]  # type: ignore[attr-defined]


def test_removing_a_card_never_reveals_one_already_eliminated_face_down() -> None:
    """# L627-633 (remove), spec 1.5: a card winnowed away is face down in the eliminated pile; when its
    namesake is removed (Aragorn removes Strider), the table is not told it was there, and it stays hidden."""
    state = opened()
    strider, other = to_hand(state, "aragorn", "Strider", "Legolas")
    to_act(state, "aragorn")
    state = answer(state, "act:aragorn", "winnow")
    state = answer(state, "winnow", strider.uid, other.uid)
    t = turn(state)
    proc.remove(t, "Strider")
    assert not [line for line in public_lines(t) if "Strider" in line]
    hidden = next(c for c in state.deck("aragorn").eliminated.cards if c.name == "Strider")
    assert not hidden.face_up and hidden.known_to == [state.deck("aragorn").seat]
    # A Strider in play is removed for all to see.
    state = opened()
    put(state, "aragorn", "Strider", "reserve")
    t = turn(state)
    proc.remove(t, "Strider")
    assert "Strider is removed from Aragorn's reserve." in public_lines(t)
