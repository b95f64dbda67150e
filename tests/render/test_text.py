"""The plain-text decision line (console, Discord text): it says how to write an answer that a bare option id
would not satisfy, so a new player does not learn the format from a refusal."""

from __future__ import annotations

from engines.core import CardView, Decision, DecisionKind, Option, RuleError, View, ZoneView, validate
from render.text import card_text, decision_text, look_text, zone_text


def test_a_decisions_kind_is_said_in_words() -> None:
    # "(choose_one)" is the engine's spelling of the kind; a player reads "(choose one)", "(act or pass)"
    for kind, words in ((DecisionKind.CHOOSE_ONE, "choose one"), (DecisionKind.ACT_OR_PASS, "act or pass")):
        d = Decision(id=3, seat="p1", kind=kind, prompt="Act or pass.", options=[Option(id="pass", label="Pass")])
        assert decision_text(d).startswith(f"Decision 3 ({words}): Act or pass. [pass=Pass]")
        assert "_" not in decision_text(d)

def test_an_assignment_says_it_is_written_as_id_equals_amount() -> None:
    d = Decision(id=9, seat="p2", kind=DecisionKind.ASSIGN, prompt="Place 1 archery wound on your minions.",
                 options=[Option(id="c125", label="Desert Runner"), Option(id="c130", label="Desert Sneak")],
                 amount=1)
    line = decision_text(d)
    assert "answer as option=amount, 1 in all, e.g. c125=1" in line
    assert validate(d, ("c125=1",)) == ("c125=1",)  # the example is a legal answer
    try:
        validate(d, ("c125",))
    except RuleError:
        pass
    else:
        raise AssertionError("a bare id is refused, which is why the line says how to write it")


def test_a_number_says_its_range_unless_the_prompt_does() -> None:
    bare = Decision(id=3, seat="p1", kind=DecisionKind.NUMBER, prompt="How many go to the Shadow Pool?", low=0,
                    high=2)
    assert decision_text(bare).endswith("(a number from 0 to 2)")
    said = Decision(id=4, seat="p2", kind=DecisionKind.NUMBER, prompt="How many do you draw (0 to 6)?", low=0,
                    high=6)
    assert "a number from" not in decision_text(said)


def test_an_optional_choice_of_many_says_none_chooses_nothing() -> None:
    d = Decision(id=8, seat="p1", kind=DecisionKind.CHOOSE_MANY, prompt="Reconcile: you may discard 1 card.",
                 options=[Option(id="c21", label="Enraged Horseman")], low=0, high=1)
    assert "'none' to choose nothing" in decision_text(d)
    assert validate(d, ()) == ()


def test_a_pick_of_several_and_an_order_say_how_many_and_in_what_form() -> None:
    """Found playing: 'answer 2 c72' for "choose 2" and 'c135' for an order were refused, the line not saying
    the form; the examples it gives now are legal answers."""
    pick = Decision(id=2, seat="p2", kind=DecisionKind.CHOOSE_MANY, prompt="Opening hand: cycle 2.", low=2, high=2,
                    options=[Option(id=f"c{n}", label=f"Card {n}") for n in (72, 67, 76)])
    assert decision_text(pick).endswith("(answer with exactly 2, e.g. c72 c67)")
    assert validate(pick, ("c72", "c67")) == ("c72", "c67")
    order = Decision(id=22, seat="p1", kind=DecisionKind.ORDER, prompt="Put the combats in order.",
                     options=[Option(id="c122", label="Helm's Deep"), Option(id="c135", label="Buckleberry Ferry")])
    assert decision_text(order).endswith("(answer with all 2 in order, e.g. c122 c135)")
    assert validate(order, ("c122", "c135")) == ("c122", "c135")


def test_twin_options_show_their_id_once() -> None:
    """Two copies of one enemy engaged (RR p.18: the engaged player chooses which attacks next): the kernel puts each
    copy's id before its label (engines/core/turn.py), for a button; the text, which writes every option as
    id=label, shows it once: "c107=Forest Spider (2 attack)", not "c107=c107: Forest Spider (2 attack)"."""
    from engines.lcg.state import Task
    from tests.engines.lcg.table import core_card, run, started

    state = started(1)
    first, second = core_card(state, "Forest Spider"), core_card(state, "Forest Spider")
    state.player("p1").engaged.cards = [first, second]
    state, _ = run(state, Task(kind="enemy-attacks", seat="p1"))
    line = decision_text(state.decisions[0])
    assert f"[{first.uid}=Forest Spider (2 attack), {second.uid}=Forest Spider (2 attack)]" in line, line


def test_tokens_read_as_counted() -> None:
    """Found playing: "Glóin (1 damage, 2 resource)"."""
    gloin = CardView(uid="c2", name="Glóin", tokens={"damage": 1, "resource": 2})
    assert card_text(gloin) == "Glóin (1 damage, 2 resources)"


def test_a_plural_token_key_reads_singular_for_one() -> None:
    """Found playing the TCG, whose wound tokens are kept as "wounds": "Pippin, Guard of Minas Tirith (1 wounds)"."""
    pippin = CardView(uid="c74", name="Pippin, Guard of Minas Tirith", tokens={"wounds": 1})
    assert card_text(pippin) == "Pippin, Guard of Minas Tirith (1 wound)"
    assert card_text(CardView(uid="c75", name="Gondorian Captain", tokens={"wounds": 2})) == \
        "Gondorian Captain (2 wounds)"


def _table() -> View:
    def face(uid: str, name: str) -> CardView:
        return CardView(uid=uid, name=name)

    troll = CardView(uid="c91", name="Hill Troll", attached=[CardView(uid=None, name=None, back="shadow")])
    return View(game="lcg", seat=None, title="Passage Through Mirkwood", status="", table=[
        ZoneView(name="encounter deck", owner=None, count=30, cards=[]),  # a deck: its count alone
        ZoneView(name="encounter discard", owner=None, count=1, cards=[face("c90", "Forest Spider")]),
        ZoneView(name="engaged", owner="p1", count=1, cards=[troll]),
        ZoneView(name="discard", owner="p1", count=2, cards=[face("c3", "Sneak Attack"), face("c7", "Gandalf")]),
        ZoneView(name="discard", owner="p2", count=0, cards=[]),
    ])


def test_look_shows_one_zone_of_the_table_with_all_its_cards() -> None:
    """`look p1 discard`: the pile's cards in order; a discard pile is public (LCG spec 1.2, Z3)."""
    assert look_text(_table(), "p1 discard") == "p1 discard (2): Sneak Attack; Gandalf"
    assert look_text(_table(), "DISCARD").splitlines() == [
        "encounter discard (1): Forest Spider", "p1 discard (2): Sneak Attack; Gandalf", "p2 discard: 0 cards"]


def test_look_shows_what_the_view_holds_and_names_the_zones_when_none_matches() -> None:
    """A face-down card stays a back and a deck a count; a zone the view lacks (a hand) is not there to show."""
    table = _table()
    assert look_text(table, "p1 engaged") == "p1 engaged (1): Hill Troll + [shadow face down]"
    assert look_text(table, "encounter deck") == "encounter deck: 30 cards"
    zones = "Zones: encounter deck, encounter discard, p1 engaged, p1 discard, p2 discard."
    assert look_text(table, "p1 hand") == f"No zone is called 'p1 hand'. {zones}"
    assert look_text(table, "") == zones


def test_cards_whose_names_hold_a_comma_read_as_the_cards_they_are() -> None:
    """A hand and an attached pair, each card named with a comma, read as that many cards: "; " between the cards
    of a zone and " + " before each attachment, never ", "."""
    wraith = CardView(uid="c5", name="Úlairë Otsëa, Black-Mantled Wraith")
    hand = ZoneView(name="hand", owner="p1", count=2, cards=[wraith, CardView(uid="c6", name="Swift Steed")])
    assert zone_text(hand, with_owner=False) == "hand (2): Úlairë Otsëa, Black-Mantled Wraith; Swift Steed"
    aragorn = CardView(uid="c1", name="Aragorn, Ranger of the North", attached=[
        CardView(uid="c2", name="Ranger's Sword, Blade of Aragorn"), CardView(uid="c3", name="Athelas")])
    assert card_text(aragorn) == "Aragorn, Ranger of the North + Ranger's Sword, Blade of Aragorn + Athelas"
