"""What the table is told (spec 1.5, and issue 16's log wording): hidden cards stay hidden when a rule touches
them, and the log names what it means and nothing more."""

from __future__ import annotations

import re

from engines.core import Answer, Card
from engines.wotr import GAME, actions, round
from engines.wotr import procedures as proc
from engines.wotr.state import WotrState
from tests.engines.player_words import citations
from tests.engines.wotr.table import answer, clear_active, fetch, location, opened, put, to_act, to_hand, turn


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



def _played(state: WotrState, deck: str, name: str, dest: str = "reserve") -> list[str]:
    """Play a card from hand (its cost paid with the first card offered): the public lines of both steps."""
    payment = {"aragorn": "Legolas", "frodo": "Sam Gamgee"}.get(deck, "Mordor Orcs")
    card, _ = to_hand(state, deck, name, payment)
    to_act(state, deck)
    act = next(d for d in state.decisions if d.context == f"act:{deck}")
    played = GAME.apply(state, act.seat, Answer(decision=act.id, choice=(f"play-{card.uid}-{dest}",)))
    d = next(d for d in played.state.decisions if d.context.startswith("cost"))
    step = GAME.apply(played.state, d.seat, Answer(decision=d.id, choice=(d.options[0].id,)))
    return [e.text for e in [*played.events, *step.events] if e.audience is None]


def test_unscripted_text_on_a_played_character_item_or_army_is_announced() -> None:
    """Spec 8.3 ("when played" text on characters) and 4.2.4 step 5: a card whose text the engine does not
    script is announced when played, as events and locations already are, so the players resolve it with
    'adjust'. Moving it later fires no "when played" text (L363-364), so nothing is announced then."""
    lines = _played(opened(), "aragorn", "Arwen")
    assert any(line.startswith("Arwen's text is not scripted") and "adjust" in line for line in lines), lines
    state = opened()
    hunter = put(state, "witch-king", "The Hunter", "reserve")  # a Nazgûl to carry the item
    lines = _played(state, "witch-king", "Black Rider's Mount", hunter.uid)
    assert any(line.startswith("Black Rider's Mount's text is not scripted") for line in lines), lines
    # A scripted card with nothing to do when played (Frodo) says nothing of the kind.
    assert not [line for line in _played(opened(), "frodo", "Frodo Baggins") if "not scripted" in line]
    state = opened()
    clear_active(state)
    rivendell = location(state, "Rivendell")
    arwen = put(state, "aragorn", "Arwen", "reserve")
    t = turn(state)
    actions.move(t, state.deck("aragorn"), arwen.uid, rivendell.uid)
    assert arwen in rivendell.attached and not [line for line in public_lines(t) if "not scripted" in line]


def test_a_name_ending_in_s_takes_the_apostrophe_alone() -> None:
    """Issue 16 (found playing): "Coastal Raiders's text is not scripted"."""
    lines = _played(opened(), "saruman", "Coastal Raiders")
    assert any(line.startswith("Coastal Raiders' text is not scripted") for line in lines), lines
    assert not [line for line in lines if "s's " in line]


def test_log_lines_have_no_space_before_punctuation_and_name_items_lost_with_their_wielder() -> None:
    """Issue 16's log wording: an event's play line ends "plays The Red Arrow." (no stray space); a unit saved
    by an item's text names that item, not "its text"; items that go with their wielder are named."""
    lines = _played(opened(), "aragorn", "The Red Arrow", "now")
    assert "Aragorn's deck plays The Red Arrow." in lines, lines

    state = opened()
    clear_active(state)
    path = location(state, "Weathertop")
    wk = put(state, "witch-king", "The Witch-king", path)
    wk.attached.append(fetch(state, "witch-king", "Morgul Blade"))
    legolas = put(state, "aragorn", "Legolas", path)
    legolas.attached.append(fetch(state, "aragorn", "Elven Cloak"))
    state.decisions.clear()
    state.acting, state.phase = "", "combat"
    t = turn(state)
    round.order_combats(t)
    round.advance(t)
    said = public_lines(t)
    assert "Legolas is cycled instead of eliminated, by Elven Cloak's text." in said, said
    assert any("The Witch-king (with Morgul Blade)" in line for line in said), said
    bad = [line for line in said if re.search(r" [.,;:!?)]", line)]
    assert not bad, bad

    state = opened()
    smeagol = put(state, "frodo", "Sméagol", "reserve")
    smeagol.attached.append(fetch(state, "frodo", "Sting"))
    t = turn(state)
    proc.forsake(t, state.deck("frodo"), smeagol.uid)
    assert "Frodo's deck forsakes Sméagol (with Sting) from its reserve." in public_lines(t)


def test_a_list_of_cards_reads_apart_where_a_name_holds_a_comma() -> None:
    """Spec 3.5 (a parsing trap: ring titles hold commas). Found playing: "drew Nenya, Ring of Adamant, There is
    Another Way, Pippin Took, Gimli" read as five cards for four."""
    drawn = [Card(uid="c1", name="Nenya, Ring of Adamant"), Card(uid="c2", name="Gimli")]
    assert proc.names(drawn) == "Nenya, Ring of Adamant; Gimli"


def test_no_line_a_player_reads_cites_the_spec() -> None:
    # Players have no spec: its sections stay in comments and tests, not in the log, prompts or refusals
    assert citations("engines/wotr") == []
