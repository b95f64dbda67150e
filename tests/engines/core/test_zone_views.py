"""ZoneViews: one state's zones redacted once for every audience when they all see them alike, per audience
otherwise (engines/core/zones.py)."""

from __future__ import annotations

from engines.core import Card, Visibility, Zone, ZoneViews, zone_view


def test_a_zone_seen_alike_is_redacted_once_and_shared() -> None:
    table = Zone(name="table", visibility=Visibility.PUBLIC,
                 cards=[Card(uid="c1", name="Ally"), Card(uid="c2", name="Shadow", face_up=False)])
    redact = ZoneViews()
    for_p1, for_p2, for_all = redact(table, "p1"), redact(table, "p2"), redact(table, None)
    assert for_p1 is for_p2 is for_all
    assert for_p1 == zone_view(table, "p1")
    assert [c.name for c in for_p1.cards] == ["Ally", None]


def test_a_card_known_to_one_seat_keeps_the_zone_per_audience() -> None:
    peeked = Card(uid="c2", name="Shadow", face_up=False, known_to=["p1"])
    table = Zone(name="table", visibility=Visibility.PUBLIC, cards=[Card(uid="c1", name="Ally", attached=[peeked])])
    redact = ZoneViews()
    for_p1, for_p2 = redact(table, "p1"), redact(table, "p2")
    assert for_p1 is not for_p2
    assert for_p1.cards[0].attached[0].name == "Shadow"
    assert for_p2.cards[0].attached[0].name is None


def test_a_hand_is_redacted_per_audience_and_a_deck_count_is_shared() -> None:
    hand = Zone(name="hand", visibility=Visibility.OWNER, owner="p1", cards=[Card(uid="h1", name="Gandalf")])
    deck = Zone(name="deck", visibility=Visibility.HIDDEN, cards=[Card(uid="d1", name="Orc", face_up=False)])
    redact = ZoneViews()
    assert redact(hand, "p1").cards[0].name == "Gandalf"
    assert redact(hand, "p2").cards[0].name is None
    assert redact(deck, "p1", counts_only=True) is redact(deck, "p2", counts_only=True)
    assert redact(deck, "p1", counts_only=True).count == 1


def test_alike_answers_for_a_zone_once_redacted() -> None:
    table = Zone(name="table", visibility=Visibility.PUBLIC, cards=[Card(uid="c1", name="Ally")])
    hand = Zone(name="hand", visibility=Visibility.OWNER, owner="p1", cards=[Card(uid="h1", name="Gandalf")])
    redact = ZoneViews()
    assert not redact.alike(table)  # not redacted yet: nothing handed out to share
    redact(table, "p1")
    redact(hand, "p1")
    assert redact.alike(table)
    assert not redact.alike(table, back="player")  # redacted with another back: another view
    assert not redact.alike(hand)


def test_refs_are_the_faces_shown_attachments_included_and_a_shared_view_is_walked_once() -> None:
    sword = Card(uid="a1", name="Sword", ref="ref-sword")
    hidden = Card(uid="a2", name="Shadow", ref="ref-shadow", face_up=False)
    table = Zone(name="table", visibility=Visibility.PUBLIC,
                 cards=[Card(uid="c1", name="Ally", ref="ref-ally", attached=[sword, hidden])])
    hand = Zone(name="hand", visibility=Visibility.OWNER, owner="p1", cards=[Card(uid="h1", name="G", ref="ref-g")])
    redact = ZoneViews()
    shown = redact(table, "p1")
    assert redact.refs([shown, redact(hand, "p1")]) == {"ref-ally", "ref-sword", "ref-g"}
    assert redact.refs([redact(hand, "p2")]) == set()  # the hand's back shows no card
    shown.cards[0].attached.clear()  # views are never changed once built: the shared view's refs are kept
    assert redact.refs([redact(table, "p2")]) == {"ref-ally", "ref-sword"}
